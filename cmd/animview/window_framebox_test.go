package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWindowFrameBox types a frame number into the transport row's box with
// the X server's own mouse and keyboard (xdotool): a click takes the
// keyboard, digits replace the shown frame, Enter seeks there, and the
// digits do not also reach the view (1 and 3 would turn the camera).
func TestWindowFrameBox(t *testing.T) {
	w := startDriven(t)
	out, wid, xdo, dir := w.out, w.wid, w.xdo, w.dir
	hold := func() { time.Sleep(700 * time.Millisecond) }
	// The box sits after the five transport buttons, at 800x600.
	xdo("mousemove", "--window", wid, "198", fmt.Sprint(winH-57), "mousedown", "1")
	hold()
	xdo("mouseup", "1")
	hold()
	xdo("type", "--window", wid, "--delay", "150", "13")
	hold()
	xdo("key", "--window", wid, "Return")
	hold()
	xdo("mousemove", "--window", wid, "400", "300")
	hold()
	xdo("key", "--window", wid, "p")
	for i := 0; i < 100; i++ {
		time.Sleep(200 * time.Millisecond)
		if m, _ := filepath.Glob(filepath.Join(dir, "animview-*.png")); len(m) == 1 && strings.Contains(out.String(), "shown:") {
			if f := shown(t, out.String()); f != 13 {
				t.Errorf("frame %d after typing 13 and Enter\n%s", f, out.String())
			}
			return
		}
	}
	t.Fatalf("P saved no screenshot\n%s", out.String())
}
