package ui

import "testing"

// TestRedrawOnlyWhenChanged: a paused viewer with nothing changing stops
// drawing after the settle frames and puts the loop to sleep; a change, or
// playback, draws again and wakes it.
func TestRedrawOnlyWhenChanged(t *testing.T) {
	a := newTestApp(t)
	a.st.Pause()
	a.scene.needFrame = false
	a.frames = 1 // the first frame has been drawn
	drawn := 0
	for i := 0; i < settleFrames+sleepAfter+5; i++ {
		if a.shouldDraw() {
			drawn++
		}
	}
	if drawn > settleFrames+1 {
		t.Errorf("drew %d of %d unchanged frames", drawn, settleFrames+sleepAfter+5)
	}
	if a.shouldDraw() {
		t.Error("still drawing with nothing changed")
	}
	if !a.paint.asleep {
		t.Error("the loop did not go to sleep")
	}
	a.st.Seek(0.5)
	if !a.shouldDraw() {
		t.Error("a seek did not redraw")
	}
	if a.paint.asleep {
		t.Error("a change did not wake the loop")
	}
	for i := 0; i < settleFrames+1; i++ {
		a.shouldDraw()
	}
	a.st.Orbit(10, 0)
	if !a.shouldDraw() {
		t.Error("an orbit did not redraw")
	}
	a.st.Play()
	for i := 0; i < 3*settleFrames; i++ {
		if !a.shouldDraw() {
			t.Fatalf("frame %d of playback not drawn", i)
		}
	}
	a.st.Pause()
	a.paint.sleep(false) // leave the loop awake for the other tests
}
