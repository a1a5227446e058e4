package main

import (
	"image"
	"regexp"
	"strconv"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowHelpAllShows opens the help (F1) at the minimum window size
// and at the default: its last entry lies inside the window and its text
// is drawn there (issue 33 item 7: at 800×600 the help stopped at
// "Shift+O: onion skin", the rest below the view).
func TestWindowHelpAllShows(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	t.Setenv("ANIMVIEW_TRACE", "1") // the window logs where the help's entries are
	for _, size := range []image.Point{{800, 600}, {1280, 800}} {
		img, out := screenshot(t, bin, "--no-recent", "--size", strconv.Itoa(size.X)+"x"+strconv.Itoa(size.Y), "--after", "4", "--actions", "help")
		m := regexp.MustCompile(`help: (\d+) entries in .*, the last at (\d+),(\d+)-(\d+),(\d+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("%v: the window logged no help layout:\n%s", size, out)
		}
		var n [5]int
		for i := range n {
			n[i], _ = strconv.Atoi(m[i+1])
		}
		last := image.Rect(n[1], n[2], n[3], n[4])
		if !last.In(img.Bounds()) {
			t.Errorf("%v: the help's last entry is at %v, outside the window", size, last)
		}
		if c := countIn(img, last, colPanelText, 40); c < 30 {
			t.Errorf("%v: the help's last entry at %v has %d text pixels; want its text", size, last, c)
		}
	}
}
