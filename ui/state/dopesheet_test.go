package state

import "testing"

// TestDopeSheetSharesWithCurves: the dope sheet and the curves panel take
// the same space under the view, one at a time: showing either hides the
// other, hiding either leaves the other as it is; the scroll stays at or
// above the first row.
func TestDopeSheetSharesWithCurves(t *testing.T) {
	s := demo()
	steps := []struct {
		name        string
		do          func()
		dope, curve bool
	}{
		{"opened", func() {}, false, false},
		{"dope sheet on", s.ToggleDopeSheet, true, false},
		{"curves on", s.ToggleCurves, false, true},
		{"dope sheet on again", s.ToggleDopeSheet, true, false},
		{"dope sheet off", s.ToggleDopeSheet, false, false},
		{"curves on, dope sheet off", s.ToggleCurves, false, true},
		{"curves off", s.ToggleCurves, false, false},
	}
	for _, st := range steps {
		st.do()
		if s.DopeSheet().Shown() != st.dope || s.Curves().Shown() != st.curve {
			t.Errorf("%s: dope sheet %v curves %v, want %v %v", st.name, s.DopeSheet().Shown(), s.Curves().Shown(), st.dope, st.curve)
		}
	}
	s.SetDopeSheetScroll(12)
	if s.DopeSheet().Scroll() != 12 {
		t.Errorf("scroll %d, want 12", s.DopeSheet().Scroll())
	}
	s.SetDopeSheetScroll(-4)
	if s.DopeSheet().Scroll() != 0 {
		t.Errorf("scroll %d after -4, want 0", s.DopeSheet().Scroll())
	}
}
