package main

import (
	"image"
	"math"
	"testing"
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
	needDisplay(t)
	bin := buildBinary(t)
	tube := "../../formats/ms3d/testdata/tube_v4.ms3d"
	withMesh, out := shot(t, bin, "pause; seek 1", tube)
	// The cycle is mesh, mesh with bones, bones: from the default (mesh
	// with bones) one press gives bones, two the mesh alone, three the
	// default again.
	bones, _ := shot(t, bin, "pause; seek 1; mesh", tube)
	meshOnly, _ := shot(t, bin, "pause; seek 1; mesh; mesh", tube)
	again, _ := shot(t, bin, "pause; seek 1; mesh; mesh; mesh", tube)
	a, b, c := clayPixels(withMesh), clayPixels(meshOnly), clayPixels(bones)
	t.Logf("clay pixels: mesh+bones %d, mesh %d, bones %d", a, b, c)
	if a < 2000 || b < a || c > 50 || clayPixels(again) < 2000 {
		t.Errorf("clay pixels: mesh+bones %d, mesh only %d (want at least as many), bones only %d (want none), mesh again %d\n%s",
			a, b, c, clayPixels(again), out)
	}
}
