package ui

import "testing"

// TestTickDoesNotAllocate: a paused window's tick (widgets synced from the
// state, the pose sampled and posed) allocates nothing, so an idle viewer
// makes no garbage.
func TestTickDoesNotAllocate(t *testing.T) {
	a := newTestApp(t)
	a.st.SelectBone(4)
	a.st.Seek(0.5)
	a.w.sync(a.st)
	if n := testing.AllocsPerRun(50, func() {
		a.st.Advance(1.0/60, a.crossed[:0])
		a.w.sync(a.st)
		a.scene.onionSkin(a.st)
	}); n != 0 {
		t.Errorf("%v allocations per paused tick", n)
	}
	a.runVerb("onion")
	a.runVerb("play")
	a.scene.onionSkin(a.st)
	if n := testing.AllocsPerRun(50, func() { a.scene.onionSkin(a.st) }); n != 0 {
		t.Errorf("%v allocations per onion-skin pose", n)
	}
}
