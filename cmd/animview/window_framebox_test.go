package main

import "testing"

// TestWindowFrameBox types a frame number into the transport row's box with
// the X server's own mouse and keyboard (xdotool): a click takes the
// keyboard, digits replace the shown frame, Enter seeks there, and the
// digits do not also reach the view (1 and 3 would turn the camera).
func TestWindowFrameBox(t *testing.T) {
	w := startDriven(t)
	// The box sits after the five transport buttons, at 800x600.
	w.click(198, winH-57)
	w.typeText("13")
	w.key("Return", "Enter")
	w.move(400, 300)
	w.screenshot()
	if f := shown(t, w.out.String()); f != 13 {
		t.Errorf("frame %d after typing 13 and Enter\n%s", f, w.out.String())
	}
}
