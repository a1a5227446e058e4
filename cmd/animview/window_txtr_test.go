package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/prime"
)

// countColor counts the pixels of r within tol of c.
func countColor(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if closeTo(img.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

// TestWindowTXTR opens a TXTR by itself in the real window: the textured
// demo's legs texture (RGB5A3, 8×8, green with every fourth column
// transparent; its 4×4 mip level is all green). Level 0 shows green over
// three quarters of the image and the checkerboard through the rest;
// next-level (the . key) shows the next level, green throughout.
func TestWindowTXTR(t *testing.T) {
	needDisplay(t)
	bin := buildBinary(t)
	tx := filepath.Join(writeTexturedFolder(t, prime.MP1), "7E0A0002.TXTR")
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	// RGB5A3's 5-bit green texel, and the checkerboard's two greys.
	green := color.RGBA{0x21, 0xC6, 0x42, 0xFF}
	light, dark := color.RGBA{0x9A, 0x9A, 0x9A, 0xFF}, color.RGBA{0x66, 0x66, 0x66, 0xFF}
	level0, out := shot(t, bin, "wait 2", tx)
	level1, out1 := shot(t, bin, "next-level; wait 2", tx)
	g0 := countColor(level0, view, green, 6)
	c0 := countColor(level0, view, light, 4) + countColor(level0, view, dark, 4)
	g1 := countColor(level1, view, green, 6)
	c1 := countColor(level1, view, light, 4) + countColor(level1, view, dark, 4)
	t.Logf("level 0: %d green, %d checkerboard; level 1: %d green, %d checkerboard", g0, c0, g1, c1)
	// The 8×8 image fills the 400×478 view's width at 50× (400×400).
	if g0 < 100000 || c0 < 30000 || c0 > g0/2 {
		t.Errorf("level 0: %d green pixels (want 3/4 of 400×400), %d checkerboard (want about 1/4)\n%s", g0, c0, out)
	}
	if g1 < 150000 || c1 > 500 {
		t.Errorf("level 1: %d green pixels (want all of 400×400), %d checkerboard (want none)\n%s", g1, c1, out1)
	}
}
