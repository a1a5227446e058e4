package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/curves"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestCompareView: the demo compared with itself is "same"; with B on
// another clip, the status line gives ComparePoses' difference, which at
// the comparison's worst time is Diff's largest and its bone; B follows A
// to a clip of the same name; a click on a row of the panel selects its
// bone in A; compare-off ends it; a paused tick allocates nothing.
func TestCompareView(t *testing.T) {
	a := newTestApp(t)
	a.runVerb("pause")
	if err := a.run(a.cmds.byVerb["compare"], []string{demo.Name}, true); err != nil {
		t.Fatal(err)
	}
	a.cmp.update(a.st)
	if s := a.cmp.status(a.st); s != "   vs B: same" || a.cmp.result.MaxPosition != 0 {
		t.Errorf("the demo against itself: %q, %v", s, a.cmp.result.MaxPosition)
	}
	if a.cmp.figure(a.st) == nil || a.cmp.fig.Root != render.SceneRoot(a.st.Asset().Coords) {
		t.Errorf("no figure, or not in B's axes")
	}
	if err := a.cmp.selectClip(a.st, "idle"); err != nil {
		t.Fatal(err)
	}
	a.cmp.update(a.st)
	r := a.cmp.result
	if r.ClipA != "walk" || r.ClipB != "idle" || r.MaxPosition == 0 || len(a.cmp.top) != compareRows {
		t.Fatalf("walk against idle: %q %q %v, %d rows", r.ClipA, r.ClipB, r.MaxPosition, len(a.cmp.top))
	}
	// The list starts with the worst bone (or one as bad: the demo's
	// toes are mirror images).
	if first := a.cmp.result.Bones[a.cmp.top[0]]; first.MaxPosition != r.MaxPosition {
		t.Errorf("the list starts with %q at %v, the worst bone is %q at %v", first.Name, first.MaxPosition, r.WorstBone, r.MaxPosition)
	}
	a.st.Seek(r.WorstTime)
	a.cmp.update(a.st)
	a.w.sync(a.st)
	if d := a.cmp.now; d.MaxPosition != r.MaxPosition || a.st.Asset().Skeleton.Bones[d.Bone].Name != r.WorstBone {
		t.Errorf("at %v: %+v, diff's largest %v at %q", r.WorstTime, d, r.MaxPosition, r.WorstBone)
	}
	if !strings.Contains(a.w.status.Label, "vs B: ") || !strings.HasSuffix(a.w.status.Label, " at "+r.WorstBone) {
		t.Errorf("status line %q", a.w.status.Label)
	}
	if n := testing.AllocsPerRun(50, func() {
		a.st.Advance(1.0/60, a.crossed[:0])
		a.cmp.update(a.st)
		a.w.sync(a.st)
	}); n != 0 {
		t.Errorf("%v allocations per paused tick while comparing", n)
	}
	// A click on the third row selects its bone.
	a.cmp.layout(render.Viewport{X: 280, Y: 0, W: 700, H: 600})
	row := a.cmp.rows[2]
	want := a.cmp.aIndex[a.cmp.top[2]]
	if a.click((row.Min.X+row.Max.X)/2, (row.Min.Y+row.Max.Y)/2); a.st.Visibility().Selected() != want {
		t.Errorf("the click selected %d, want %d", a.st.Visibility().Selected(), want)
	}
	// The curves panel's difference strips for that bone: sampled at the
	// series' times, never over its largest difference over the clip,
	// and reaching it at that time.
	bd := a.cmp.result.Bones[a.cmp.top[2]]
	var ser curves.Series
	ser.Times = []float64{0, bd.Time, 1.1}
	a.cmp.curves(a.st, &ser, want)
	if !ser.Diff || len(ser.Values[curves.DP]) != 3 || math.Abs(ser.Values[curves.DP][1]-bd.MaxPosition) > 1e-6 || ser.Values[curves.DP][0] > bd.MaxPosition {
		t.Errorf("%s's difference curve %v, its largest %v at %v", bd.Name, ser.Values[curves.DP], bd.MaxPosition, bd.Time)
	}
	if r := a.cmds.regionAt(a, ebiten.MouseButtonLeft, 300, 500); r != nil && r.cmd.verb == "compare" {
		t.Errorf("a click off the panel was the panel's")
	}
	// A's clip changes to idle: B has an idle and follows.
	a.w.selectClip(a.st, a.st.ClipByName("idle"))
	a.cmp.update(a.st)
	if a.cmp.result.ClipB != "idle" || a.cmp.result.MaxPosition != 0 {
		t.Errorf("after A's clip changed: B %q, %v", a.cmp.result.ClipB, a.cmp.result.MaxPosition)
	}
	// In place holds A's walk on the spot: B, on the walk too, moves with
	// it, its hips drawn where A's are.
	a.w.selectClip(a.st, a.st.ClipByName("walk"))
	a.runVerb("in-place")
	a.st.Seek(0.9)
	a.cmp.update(a.st)
	s := &a.scene
	a.st.Sampler().Sample(0.9, s.pose)
	a.st.Visibility().HoldInPlace(s.pose)
	player.ToWorld(a.st.Asset().Skeleton, s.pose, s.world)
	f := a.cmp.figure(a.st)
	held := s.root.Mul4x1(s.world.Position(0).Vec4(1)).Vec3()
	b := f.Root.Mul4x1(f.World.Position(0).Vec4(1)).Vec3()
	if a.cmp.heldBy(a.st).Len() < 0.01 || b.Sub(held).Len() > 1e-4 { // the demo walk sways its hips 0.02 along X
		t.Errorf("in place: A held by %v, B's hips at %v, A's at %v", a.cmp.heldBy(a.st), b, held)
	}
	c := a.cmp.closeBox
	a.click(c.Min.X+2, c.Min.Y+2)
	if a.cmp.active() || a.cmp.figure(a.st) != nil || a.cmp.status(a.st) != "" {
		t.Errorf("still comparing after the close box")
	}
	if err := a.cmp.selectClip(a.st, "walk"); err == nil {
		t.Errorf("compare-clip with nothing compared")
	}
}

// TestCompareDialog: Compare… opens the built-in browser titled for a
// comparison; the file chosen there is compared, not opened; a browser
// closed without a choice leaves the next one opening files again.
func TestCompareDialog(t *testing.T) {
	a := newTestApp(t)
	a.runVerb("compare-dialog")
	if !a.st.Browser().Open() || !a.browser.compare {
		t.Fatalf("Compare… opened no browser for a comparison")
	}
	a.st.CloseBrowser()
	a.browser.follow(a.st, demo.Name, false, "")
	if !a.cmp.active() || a.cmp.path != demo.Name || a.st.Path() != demo.Name {
		t.Errorf("the file chosen was not compared: active %v, path %q", a.cmp.active(), a.cmp.path)
	}
	a.runVerb("compare-dialog")
	a.st.CloseBrowser()
	a.cmp.update(a.st)
	if a.browser.compare {
		t.Errorf("a browser closed without a choice still compares")
	}
}
