package main

import (
	"image"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// checkerPixels counts the pixels of r that show the textured MilkShape
// fixture's textures (formats/ms3d/testdata/textured, made by the ms3d
// package's textured()): the red and blue of the skin's checker and the
// green of the half-transparent glass, at any light. The materials' own
// colour is white, so a model drawn without its textures has none.
func checkerPixels(img *image.RGBA, r image.Rectangle) (red, blue, green int) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			R, G, B := int(c.R), int(c.G), int(c.B)
			switch {
			case R > 80 && 3*G < R && 3*B < R:
				red++
			case B > 80 && 3*R < B && 2*G < B:
				blue++
			case G > 60 && 2*R < G && 2*B < G:
				green++
			}
		}
	}
	return red, blue, green
}

// TestWindowMilkShapeTextures opens the textured MilkShape fixture in the
// real window: its skin's texture, named `.\Textures\Skin.BMP` and stored
// as textures/skin.bmp, and its glass PNG, named by an absolute path and
// found beside it, show on the mesh (the checker's red and blue, the
// glass's green); with textures off (the "textures" action, Shift+M) the
// same mesh is drawn in its white material and none of them shows.
func TestWindowMilkShapeTextures(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	model := "../../formats/ms3d/testdata/textured/textured.ms3d"
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	textured, out := shot(t, bin, "pause; seek 0; mesh; mesh", model)
	flat, _ := shot(t, bin, "pause; seek 0; mesh; mesh; textures off", model)
	r, b, g := checkerPixels(textured, view)
	fr, fb, fg := checkerPixels(flat, view)
	t.Logf("textured: red %d, blue %d, green %d; without textures: red %d, blue %d, green %d", r, b, g, fr, fb, fg)
	if r < 300 || b < 300 || g < 300 {
		t.Errorf("textured mesh: %d red, %d blue, %d green pixels (want 300 or more of each)\n%s", r, b, g, out)
	}
	if fr > 30 || fb > 30 || fg > 30 {
		t.Errorf("without textures: %d red, %d blue, %d green pixels (want none)", fr, fb, fg)
	}
}
