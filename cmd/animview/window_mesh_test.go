package main

import (
	"image"
	"math"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// clayPixels counts the pixels of the tube fixture's clay material (its
// diffuse colour at any light, 0.8 : 0.55 : 0.4), which the bones' amber
// and the panels do not match.
func clayPixels(img *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		r, g, b := float64(img.Pix[i]), float64(img.Pix[i+1]), float64(img.Pix[i+2])
		if r > 60 && math.Abs(g/r-0.69) < 0.05 && math.Abs(b/r-0.5) < 0.06 {
			n++
		}
	}
	return n
}

// TestWindowMesh opens the MilkShape tube in the real window: its skinned
// mesh shows with the bones; the "mesh" action (the M key) cycles to
// bones only, the mesh only and back.
func TestWindowMesh(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	tube := "../../formats/ms3d/testdata/tube_v4.ms3d"
	// The cycle is mesh, mesh with bones, bones: from the default (mesh
	// with bones) one press gives bones, two the mesh alone, three the
	// default again. One start of the program takes the four pictures.
	pics, out := shots(t, bin, []string{"pause; seek 1", "mesh", "mesh", "mesh"}, tube)
	withMesh, bones, meshOnly, again := pics[0], pics[1], pics[2], pics[3]
	a, b, c := clayPixels(withMesh), clayPixels(meshOnly), clayPixels(bones)
	t.Logf("clay pixels: mesh+bones %d, mesh %d, bones %d", a, b, c)
	if a < 2000 || b < a || c > 50 || clayPixels(again) < 2000 {
		t.Errorf("clay pixels: mesh+bones %d, mesh only %d (want at least as many), bones only %d (want none), mesh again %d\n%s",
			a, b, c, clayPixels(again), out)
	}
}

// diffPixels counts the pixels of r where a and b differ by more than tol
// in any channel.
func diffPixels(a, b *image.RGBA, r image.Rectangle, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !closeTo(a.RGBAAt(x, y), b.RGBAAt(x, y), tol) {
				n++
			}
		}
	}
	return n
}

// TestWindowPrimeMesh opens each game's Prime character set (an ANCS
// character whose CMDL is skinned by its CSKR) in the real window: the
// mesh covers part of the view that bones alone leave as it was, and the
// clip moves it.
func TestWindowPrimeMesh(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	for _, g := range []string{"mp1", "mp2"} {
		t.Run(g, func(t *testing.T) {
			pak := "../../formats/prime/pak/testdata/SkinnedSet-" + g + ".pak"
			// Mesh with bones (the default) against bones alone: the
			// sticks are drawn over the mesh, so only mesh pixels differ.
			// One start of the program: the default, then one press of M,
			// then two more (the default again) and a later time.
			pics, out := shots(t, bin, []string{"pause; seek 0.2", "mesh", "mesh; mesh; seek 0.6"}, pak)
			mesh, bones, later := pics[0], pics[1], pics[2]
			covered, moved := diffPixels(mesh, bones, view, 24), diffPixels(mesh, later, view, 24)
			t.Logf("mesh with bones vs bones alone: %d pixels differ; at 0.2 s vs 0.6 s: %d", covered, moved)
			if covered < 1500 || moved < 100 {
				t.Errorf("the mesh covers %d pixels the bones leave (want 1500 or more) and moves %d between 0.2 s and 0.6 s (want 100 or more)\n%s", covered, moved, out)
			}
		})
	}
}
