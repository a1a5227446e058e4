package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
)

// writeTexturedFolder writes the textured demo character set's files
// (prime.DemoTexturedSetFiles) into a new folder.
func writeTexturedFolder(t *testing.T, game prime.Game) string {
	t.Helper()
	files, err := primetest.TexturedSetFiles(game)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTXTRCLI: `info` of a TXTR gives its format, size and mip levels, and
// `render FILE.TXTR -o out.png` writes its first level at its own size
// with its alpha (docs/formats/metroid-prime.md#a-model-or-texture-alone).
func TestTXTRCLI(t *testing.T) {
	dir := writeTexturedFolder(t, prime.MP1)
	tx := filepath.Join(dir, "7E0A0002.TXTR")
	out, errs, code := runCLI(t, "info", tx)
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, errs)
	}
	for _, want := range []string{"format:   prime-txtr", "format: GX RGB5A3", "size: 8×8", "mip levels: 4: 8×8, 4×4, 2×2, 1×1"} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	png1 := filepath.Join(dir, "legs.png")
	if _, errs, code := runCLI(t, "render", tx, "-o", png1); code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
	f, err := os.Open(png1)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 8, 8) {
		t.Fatalf("size %v", img.Bounds())
	}
	// Columns 0-2 of each 4 are green, column 3 transparent (DemoTextures).
	if _, _, _, a := img.At(3, 0).RGBA(); a != 0 {
		t.Errorf("texel (3,0) alpha %d, want 0", a)
	}
	if r, g, b, a := img.At(0, 0).RGBA(); r>>8 != 0x21 || g>>8 != 0xC6 || b>>8 != 0x42 || a != 0xFFFF {
		t.Errorf("texel (0,0) = %x %x %x %x", r>>8, g>>8, b>>8, a>>8)
	}
	if _, errs, code := runCLI(t, "render", tx, "-o", filepath.Join(dir, "x.gif")); code == 0 || !strings.Contains(errs, "still image") {
		t.Errorf("render to a GIF: exit %d: %s", code, errs)
	}
}

// TestCMDLCLI: `info` of a CMDL alone gives its mesh and textures, and it
// renders.
func TestCMDLCLI(t *testing.T) {
	dir := writeTexturedFolder(t, prime.MP2)
	m := filepath.Join(dir, "0C0D0E0F.CMDL")
	out, errs, code := runCLI(t, "info", m)
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, errs)
	}
	for _, want := range []string{"format:   prime-cmdl", "mesh: 128 vertices, 192 triangles, 2 surfaces", "textures: 2 of the 2 the first set names found", "needs CSKR 0D0E0F10"} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	if _, errs, code := runCLI(t, "render", m, "-o", filepath.Join(dir, "m.png"), "--size", "160x120"); code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
}
