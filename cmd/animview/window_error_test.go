package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowErrorPanel opens a file both loaders of its extension reject
// as the first file (issue 24 #6): the left panel keeps its layout (the
// file's path above the Clips heading, which is drawn where the demo's
// is), and the error panel gives each loader's error on a line of its
// own, indented under the summary, its wrapped rest indented further.
func TestWindowErrorPanel(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	junk := filepath.Join(t.TempDir(), "junk.anim")
	if err := os.WriteFile(junk, []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad, out := shot(t, bin, "pause", junk)
	demo, _ := shot(t, bin, "pause")
	if os.Getenv("ANIMVIEW_KEEP") != "" {
		savePNG(t, "/tmp/error-panel.png", bad)
	}
	// The Clips heading's band of the left panel, below the title and
	// the summary, is the same in both.
	heading := image.Rect(8, 48, sideW-8, 68)
	if n := diffPixels(bad, demo, heading, 8); n > 0 {
		t.Errorf("the Clips heading differs from the demo's in %d pixels: the title is drawn over it", n)
	}
	// The error's text lines (runs of rows with red pixels) in the view's
	// top, by where each starts: the header and the summary at the left,
	// one line per loader (.anim: prime ANIM and sims-anim) two spaces
	// in, the wrapped rest of a line four more.
	colError := color.RGBA{0xff, 0x6b, 0x6b, 0xff}
	type line struct{ y, x int }
	var lines []line
	in := false
	for y := 0; y < 200; y++ {
		minX := -1
		for x := sideW; x < winW-sideW; x++ {
			if closeTo(bad.RGBAAt(x, y), colError, 40) {
				minX = x
				break
			}
		}
		switch {
		case minX >= 0 && !in:
			in = true
			lines = append(lines, line{y, minX})
		case minX >= 0:
			lines[len(lines)-1].x = min(lines[len(lines)-1].x, minX)
		default:
			in = false
		}
	}
	if len(lines) < 4 {
		t.Fatalf("%d lines of error text: %v\n%s", len(lines), lines, out)
	}
	x0 := lines[0].x
	loaders := 0
	for _, l := range lines {
		if d := l.x - x0; d >= 4 && d < 11 {
			loaders++
		}
	}
	if loaders != 2 {
		t.Errorf("%d lines start as a loader's error (two spaces in), want 2 (prime ANIM, sims-anim); lines (y, first x): %v\n%s", loaders, lines, out)
	}
}
