package ui

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d/ms3dtest"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// walkerAsset is a MilkShape figure written by our writer: a root that
// walks 2 units along X in a second (from (0,1,0) to (2,1,0)), an arm
// that swings and a hand (walkerWith).
func walkerAsset(t testing.TB) *formats.Asset { return walkerWith(t, 2, "hand") }

// walkerWith is walkerAsset walking dist units, its hand called hand.
func walkerWith(t testing.TB, dist float32, hand string) *formats.Asset {
	t.Helper()
	return ms3dtest.Walker{Bone: 1, Distance: dist, ArmTurn: 0.5, Names: map[string]string{"hand": hand}}.Asset(t, "walk")
}

// TestRootPathInTheView: Shift+R draws the walker's path in the view, the
// marker at the root; in place (Shift+I) the figure stays at the start
// and the path slides under it, its point for now under the marker; a
// paused frame's path allocates nothing.
func TestRootPathInTheView(t *testing.T) {
	open := func(string) (*formats.Asset, error) { return walkerAsset(t), nil }
	a := newApp(t, Options{Path: "walk.ms3d", Open: open})
	screen := ebiten.NewImage(640, 480)
	defer screen.Deallocate()
	vp := render.Viewport{W: 640, H: 480}
	strokes := func() int {
		a.scene.draw(a.st, screen, vp)
		n := 0
		for _, l := range a.scene.dl.Lines {
			if l.Kind == render.KindRootPath {
				n++
			}
		}
		return n
	}
	a.st.Seek(0.5)
	if n := strokes(); n != 0 {
		t.Fatalf("%d root-path strokes before Shift+R", n)
	}
	a.press(ebiten.KeyR, modShift)
	if !a.st.RootPathShown() || strokes() == 0 {
		t.Fatal("Shift+R draws no root path")
	}
	rp := a.scene.drawnRootPath(a.st)
	if d := rp.At.Sub(mglVec(1, 1, 0)).Len(); d > 1e-4 || rp.Shift != mglVec(0, 0, 0) {
		t.Errorf("half way: the marker at %v, the path shifted by %v", rp.At, rp.Shift)
	}
	a.press(ebiten.KeyI, modShift)
	strokes()
	rp = a.scene.drawnRootPath(a.st)
	if d := rp.At.Sub(mglVec(0, 1, 0)).Len(); d > 1e-4 || rp.Shift.Sub(mglVec(1, 0, 0)).Len() > 1e-4 {
		t.Errorf("in place: the marker at %v (want the start), the path shifted by %v (want 1 back)", rp.At, rp.Shift)
	}
	if n := testing.AllocsPerRun(50, func() {
		a.st.Advance(1.0/60, a.crossed[:0])
		a.w.sync(a.st)
		a.scene.drawnRootPath(a.st)
	}); n != 0 {
		t.Errorf("%v allocations per paused tick with the root path", n)
	}
	a.runVerb("root-path")
	if a.st.RootPathShown() || strokes() != 0 {
		t.Error("root-path did not hide the path")
	}
}

func mglVec(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
