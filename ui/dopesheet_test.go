package ui

import (
	"image"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/render/dopesheet"
	"github.com/ebitenui/ebitenui/widget"
)

// dopeApp is the demo with the dope sheet shown at (0, 0)–(600, 200):
// its rows start at y 4, the events row first, 16 rows tall, and 11 bone
// rows fit.
func dopeApp(t *testing.T) *App {
	t.Helper()
	a := newTestApp(t)
	a.runVerb("dope-sheet")
	a.dope.show(a.st)
	w := a.w.dope.GetWidget()
	if w.GetVisibility() != widget.Visibility_Show {
		t.Fatal("dope-sheet did not show the panel")
	}
	w.Rect = image.Rect(0, 0, 600, 200)
	a.dope.update(a.st)
	return a
}

// rowY is the middle of the sheet's row i.
func rowY(a *App, i int) int { return int(a.dope.sheet.Rows[i].Top) + dopesheet.RowH/2 }

// TestDopeSheetClicks: a click on a bone's name selects it; on one of its
// keys selects it and seeks to the key's time; on an event seeks to it;
// a hidden bone's row leaves the sheet; the selection's row is scrolled
// to.
func TestDopeSheetClicks(t *testing.T) {
	a := dopeApp(t)
	s := &a.dope.sheet
	if s.Listed != 22 || s.Visible != 11 || len(s.Rows) != 12 || s.Rows[1].Bone != 0 {
		t.Fatalf("listed %d visible %d rows %d, first bone %d", s.Listed, s.Visible, len(s.Rows), s.Rows[1].Bone)
	}
	a.click(20, rowY(a, 2))
	if got := a.st.Visibility().Selected(); got != s.Rows[2].Bone {
		t.Errorf("a click on row 2's name selected bone %d, want %d", got, s.Rows[2].Bone)
	}
	// The hips (row 1) are keyed: a click on their third key.
	ms := s.Marks(1)
	if len(ms) < 3 {
		t.Fatalf("the hips have %d marks", len(ms))
	}
	k := ms[2]
	a.click(int(k.X+0.5), rowY(a, 1))
	if a.st.Visibility().Selected() != 0 || a.st.Playback().Time() != k.T {
		t.Errorf("a click on the hips' key at %v s: bone %d, time %v", k.T, a.st.Visibility().Selected(), a.st.Playback().Time())
	}
	ev := s.Marks(0)
	if len(ev) != 3 {
		t.Fatalf("events row: %d marks, want the walk's 3", len(ev))
	}
	a.click(int(ev[1].X+0.5), rowY(a, 0))
	if got := a.st.Playback().Time(); got != ev[1].T {
		t.Errorf("a click on event 1 at %v s: time %v", ev[1].T, got)
	}
	a.st.ToggleBone(0)
	a.dope.update(a.st)
	if s.Listed != 21 || s.Rows[1].Bone == 0 {
		t.Errorf("hips hidden: %d rows listed, the first bone %d", s.Listed, s.Rows[1].Bone)
	}
	a.w.selectBone(a.st, 21)
	a.dope.update(a.st)
	if last := s.Rows[len(s.Rows)-1]; last.Bone != 21 || !last.Selected || a.st.DopeSheet().Scroll() != 21-11 {
		t.Errorf("selected bone 21: last row %+v, scroll %d", last, a.st.DopeSheet().Scroll())
	}
	a.dope.wheel(a.st, 300, 1, 0) // up: three rows back
	a.dope.update(a.st)
	if got := a.st.DopeSheet().Scroll(); got != 21-11-3 {
		t.Errorf("a notch up: scroll %d, want %d", got, 21-11-3)
	}
	// Another file starts at its first row.
	a.open(demo.Name)
	if a.st.Asset().Skeleton == a.dope.skel {
		t.Fatal("the demo opened again on the same skeleton")
	}
	a.dope.update(a.st)
	if got := a.st.DopeSheet().Scroll(); got != 0 || s.Rows[1].Bone != 0 {
		t.Errorf("another skeleton: scroll %d, first row bone %d", got, s.Rows[1].Bone)
	}
}

// TestDopeSheetDoesNotAllocate: a frame's layout of the dope sheet makes
// no garbage.
func TestDopeSheetDoesNotAllocate(t *testing.T) {
	a := dopeApp(t)
	a.st.SelectBone(4)
	a.dope.update(a.st)
	if n := testing.AllocsPerRun(50, func() {
		a.st.Advance(1.0/60, a.crossed[:0])
		a.dope.update(a.st)
		_ = a.dope.key(a.st)
	}); n != 0 {
		t.Errorf("%v allocations per dope sheet layout", n)
	}
}

// TestDopeSheetAndCurvesShareTheirPlace: the dope-sheet and curves
// commands show one panel at a time under the view.
func TestDopeSheetAndCurvesShareTheirPlace(t *testing.T) {
	a := newTestApp(t)
	a.runVerb("dope-sheet")
	a.runVerb("curves")
	if a.st.DopeSheet().Shown() || !a.st.Curves().Shown() {
		t.Errorf("curves after the dope sheet: dope sheet %v, curves %v", a.st.DopeSheet().Shown(), a.st.Curves().Shown())
	}
	a.runVerb("dope-sheet")
	if !a.st.DopeSheet().Shown() || a.st.Curves().Shown() {
		t.Errorf("the dope sheet after curves: dope sheet %v, curves %v", a.st.DopeSheet().Shown(), a.st.Curves().Shown())
	}
}
