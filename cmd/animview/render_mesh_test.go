package main

import (
	"image"
	"path/filepath"
	"testing"
)

// TestRenderPrimeMesh renders each game's Prime character set with
// --show mesh, mesh+bones and bones: the CMDL skinned by its CSKR is
// drawn in the first two and absent from the third, and the sticks in the
// last two only, so mesh+bones differs from bones where the mesh is and
// from mesh where the sticks are.
func TestRenderPrimeMesh(t *testing.T) {
	dir := t.TempDir()
	for _, g := range []string{"mp1", "mp2"} {
		t.Run(g, func(t *testing.T) {
			pak := "../../formats/prime/pak/testdata/SkinnedSet-" + g + ".pak"
			img := map[string]*image.RGBA{}
			for _, show := range []string{"mesh", "mesh+bones", "bones"} {
				out := filepath.Join(dir, g+"-"+show+".png")
				if _, errs, code := runCLI(t, "render", pak, "-o", out, "--time", "0.2", "--size", "320x240", "--show", show); code != 0 {
					t.Fatalf("render --show %s: exit %d: %s", show, code, errs)
				}
				img[show] = readShot(t, out, "")
			}
			r := img["bones"].Rect
			mesh, sticks := diffPixels(img["mesh+bones"], img["bones"], r, 24), diffPixels(img["mesh+bones"], img["mesh"], r, 24)
			t.Logf("mesh pixels %d, stick pixels %d", mesh, sticks)
			if mesh < 500 || sticks < 100 {
				t.Errorf("mesh+bones differs from bones in %d pixels (want 500 or more: the mesh) and from mesh in %d (want 100 or more: the sticks)", mesh, sticks)
			}
		})
	}
}

// TestRenderNoTextures: render takes --no-textures and still draws the
// mesh (in its flat material colours), as many pixels of it as without
// the flag. The texturing itself is render's (render/raster's
// TestRenderTextured); this fixture's material names no texture.
func TestRenderNoTextures(t *testing.T) {
	dir := t.TempDir()
	tube := "../../formats/ms3d/testdata/tube_v4.ms3d"
	shots := map[string]*image.RGBA{}
	for _, flag := range []string{"--show=mesh", "--no-textures"} {
		out := filepath.Join(dir, flag[2:]+".png")
		if _, errs, code := runCLI(t, "render", tube, "-o", out, "--size", "320x240", "--show", "mesh", flag); code != 0 {
			t.Fatalf("render %s: exit %d: %s", flag, code, errs)
		}
		shots[flag] = readShot(t, out, "")
	}
	bones := filepath.Join(dir, "bones.png")
	if _, errs, code := runCLI(t, "render", tube, "-o", bones, "--size", "320x240", "--show", "bones"); code != 0 {
		t.Fatalf("render --show bones: exit %d: %s", code, errs)
	}
	r := shots["--no-textures"].Rect
	flat := diffPixels(shots["--no-textures"], readShot(t, bones, ""), r, 24)
	same := diffPixels(shots["--no-textures"], shots["--show=mesh"], r, 0)
	t.Logf("mesh pixels %d; pixels that differ with the flag %d", flat, same)
	if flat < 500 || same != 0 {
		t.Errorf("--no-textures: the mesh covers %d pixels (want 500 or more), and %d pixels differ from the render without the flag (want none: no texture)", flat, same)
	}
}
