package main

import (
	"image"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// pathPixels counts the root path's colour in img and returns the box
// around them.
func pathPixels(img *image.RGBA) (int, image.Rectangle) {
	want := render.DefaultTheme().RootPath
	n, box := 0, image.Rectangle{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if closeTo(img.RGBAAt(x, y), want, 24) {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, box
}

// TestWindowRootPath: the walker (our writer's MilkShape figure whose root
// goes 2 units along X in its second) paused half way: Shift+R draws its
// path on the ground in the path's colour, a stroke wider than it is
// tall, as a track along X seen from the default three-quarter view is,
// and the status line says the root has come 1 of the path's 2; in place
// (Shift+I) the path is still drawn and the figures are the same; without
// Shift+R nothing is in the path's colour.
func TestWindowRootPath(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	walk := walker(t, "walk.ms3d", nil)
	for _, c := range []struct {
		name, actions string
		path          bool
	}{
		{"without", "seek 0.5", false},
		{"Shift+R", "seek 0.5; key shift+r", true},
		{"in place", "key shift+i; seek 0.5; key shift+r", true},
		{"the verb", "seek 0.5; root-path", true},
	} {
		img, out := screenshot(t, bin, "--actions", c.actions, walk)
		n, box := pathPixels(img)
		t.Logf("%s: %d path pixels in %v", c.name, n, box)
		shown := strings.Contains(out, "root path 1 of 2")
		switch {
		case !c.path && (n != 0 || strings.Contains(out, "root path")):
			t.Errorf("%s: %d pixels of the path's colour; output: %s", c.name, n, out)
		case c.path && (n < 100 || box.Dx() <= box.Dy() || !shown):
			t.Errorf("%s: %d pixels of the path's colour in %v, want a track wider than tall and the status's root path 1 of 2; output: %s",
				c.name, n, box, out)
		}
	}
}
