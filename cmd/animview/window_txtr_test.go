package main

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/internal/displaytest"
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
	displaytest.Need(t)
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

// hueCount counts the pixels of r whose colour, whatever the light, has
// the ratios of one of the textured demo's texels: green/red and
// blue/red within tol of gr and br, and red above 40.
func hueCount(img *image.RGBA, r image.Rectangle, gr, br, tol float64) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			red := float64(c.R)
			if red > 40 && abs(float64(c.G)/red-gr) < tol && abs(float64(c.B)/red-br) < tol {
				n++
			}
		}
	}
	return n
}

// greenCount counts the pixels of r that are clearly green: green above
// 60 and more than twice red and 1.5 times blue (the legs' 20 C0 40 lit).
func greenCount(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if c.G > 60 && float64(c.G) > 2*float64(c.R) && float64(c.G) > 1.5*float64(c.B) {
				n++
			}
		}
	}
	return n
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestWindowPrimeTextured opens each game's textured demo character (a
// CMDL whose two materials find their TXTRs by id in the PAK) in the real
// window, mesh only: the body shows its checker's orange and brown texels
// and the legs their green, none of which the untextured colours (grey,
// olive: green about 1.3 times red) have; with textures off (the textures action) they are gone.
func TestWindowPrimeTextured(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	for _, g := range []string{"mp1", "mp2"} {
		t.Run(g, func(t *testing.T) {
			pak := "../../formats/prime/pak/testdata/TexturedSet-" + g + ".pak"
			tex, out := shot(t, bin, "pause; seek 0.2; mesh; mesh", pak)
			flat, _ := shot(t, bin, "pause; seek 0.2; mesh; mesh; textures off", pak)
			// Orange F0 80 10 and brown 50 28 08 (green/red about 0.5,
			// blue/red 0.07 to 0.1); green 20 C0 40 (green/red about 6).
			orange, orangeFlat := hueCount(tex, view, 0.52, 0.08, 0.06), hueCount(flat, view, 0.52, 0.08, 0.06)
			green, greenFlat := greenCount(tex, view), greenCount(flat, view)
			t.Logf("orange/brown pixels %d (flat %d), green %d (flat %d)", orange, orangeFlat, green, greenFlat)
			if orange < 1000 || green < 200 || orangeFlat > 20 || greenFlat > 20 {
				t.Errorf("textured: %d orange/brown and %d green pixels (want 1000 and 200 or more); flat: %d and %d (want none)\n%s",
					orange, green, orangeFlat, greenFlat, out)
			}
		})
	}
}
