package main

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowCJKNames opens a file named in Japanese (issue 33, item 9:
// CJK in file names drew as boxes). With the system's CJK face behind the
// viewer's own (ui/fallbackfont.go), the title row draws the two
// ideographs; with the fallback off (ANIMVIEW_FALLBACK_FONT=none) it draws
// Go Regular's boxes. The two pictures' title rows must differ, and
// nothing else.
func TestWindowCJKNames(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	copyFile(t, "../../formats/sims/testdata/tso/a2o-kart-ride.985c76ca00000007.anim", filepath.Join(dir, "歩本.anim"))
	t.Setenv("ANIMVIEW_TRACE", "1")
	// The title row: the left panel's first line, in which the file's
	// name ends (a long path is cut at its start, never its end).
	title := image.Rect(4, 4, 196, 26)

	t.Setenv("ANIMVIEW_FALLBACK_FONT", "none")
	boxes, _ := runScreenshot(t, bin, dir, "--after", "5", "--size", "800x600", "歩本.anim")
	t.Setenv("ANIMVIEW_FALLBACK_FONT", "")
	glyphs, out := runScreenshot(t, bin, dir, "--after", "5", "--size", "800x600", "歩本.anim")
	if !strings.Contains(out, "animview: font: CJK text from ") {
		if displaytest.Required() {
			t.Fatalf("no CJK face found (scripts/test.sh installs fonts-droid-fallback):\n%s", grepLines(out, "font:"))
		}
		t.Skipf("no CJK face on this system:\n%s", grepLines(out, "font:"))
	}
	if n := diffPixels(boxes, glyphs, title, 8); n < 30 {
		t.Errorf("the title row differs in %d pixels with and without the CJK face: the name still draws as boxes", n)
	}
	// Nothing else moves: the fallback face is sized to Go Regular's
	// line height, so every panel keeps its place.
	if n := diffPixels(boxes, glyphs, image.Rect(0, title.Max.Y, 800, 600), 8); n > 0 {
		t.Errorf("%d pixels outside the title row differ with the CJK face", n)
	}
}

// grepLines returns the lines of out that contain s.
func grepLines(out, s string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, s) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
