package main

import (
	"image"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowTimeAxisAligned: the curves panel and the dope sheet put a
// time on the same column as the timeline under them (issue 33, item 9:
// the curves' time axis was not aligned with the timeline's, the panel
// being the view's width and the track the window's). The current time's
// white line in the panel and the playhead on the track are found as the
// columns that are white the most rows of each.
func TestWindowTimeAxisAligned(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	for _, panel := range []string{"curves", "dope-sheet"} {
		t.Run(panel, func(t *testing.T) {
			img, out := screenshot(t, bin, "--after", "8", "--actions", panel+"; select-bone l_thigh; pause; seek 0.4")
			// At 800×600 the panels sit in the view's column (x 200-600)
			// above the bottom bar (from y 478); the track is the bar's
			// row under the ruler.
			panelX := whitestColumn(img, image.Rect(200, 300, 600, 470))
			trackX := whitestColumn(img, image.Rect(0, 498, 800, 512))
			if panelX < 0 || trackX < 0 || panelX-trackX > 1 || trackX-panelX > 1 {
				t.Errorf("%s: the current time is at column %d in the panel and %d on the timeline\n%s", panel, panelX, trackX, out)
			}
		})
	}
}

// whitestColumn is the middle of the run of columns of r that have the
// most white pixels (at least half of r's rows), or -1.
func whitestColumn(img *image.RGBA, r image.Rectangle) int {
	best, from, to := 0, -1, -1
	for x := r.Min.X; x < r.Max.X; x++ {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if c := img.RGBAAt(x, y); c.R > 245 && c.G > 245 && c.B > 245 {
				n++
			}
		}
		switch {
		case n > best:
			best, from, to = n, x, x
		case n == best && x == to+1:
			to = x
		}
	}
	if best < r.Dy()/2 {
		return -1
	}
	return (from + to) / 2
}
