package main

import (
	"image"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// boneBox is the bounding box of the pixels close to the bone colour.
func boneBox(img *image.RGBA) (image.Rectangle, int) {
	th := render.DefaultTheme()
	var box image.Rectangle
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if closeTo(img.RGBAAt(x, y), th.Bone, 24) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return box, n
}

// TestWindowFramesFarFigures opens the LEGO fixture whose two figures stand
// 46 units from the scene's root node and checks, in the window's pixels,
// that the initial framing shows them large: not two specks at the end of
// long sticks from the root. It also checks the start-up log.
func TestWindowFramesFarFigures(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	t.Setenv("ANIMVIEW_STARTUP_LOG", "1")
	img, out := screenshot(t, bin, "../../formats/lego/testdata/scene_far.ani")
	box, n := boneBox(img)
	t.Logf("%d bone pixels in %v", n, box)
	// The 800×500 window's view is about 300 pixels tall after the panels.
	if box.Dy() < 120 || n < 300 {
		t.Errorf("figures cover %v (%d pixels): not framed", box, n)
	}
	if !strings.Contains(out, "first frame after") {
		t.Errorf("no start-up time logged: %s", out)
	}
}
