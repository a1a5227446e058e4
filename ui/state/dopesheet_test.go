package state

import "testing"

// TestDopeSheetSharesWithCurves: the dope sheet and the curves panel take
// the same space under the view, one at a time: showing either hides the
// other, hiding either leaves the other as it is; the scroll stays at or
// above the first row.
func TestDopeSheetSharesWithCurves(t *testing.T) {
	s := demo()
	d := s.DopeSheet()
	c := s.Curves()
	steps := []struct {
		name        string
		do          func()
		dope, curve bool
	}{
		{"opened", func() {}, false, false},
		{"dope sheet on", d.Toggle, true, false},
		{"curves on", func() { c.Toggle(); s.ShowCurves() }, false, true},
		{"dope sheet on again", d.Toggle, true, false},
		{"dope sheet off", d.Toggle, false, false},
		{"curves on, dope sheet off", func() { c.Toggle(); s.ShowCurves() }, false, true},
		{"curves off", func() { c.Toggle(); s.ShowCurves() }, false, false},
	}
	for _, st := range steps {
		st.do()
		if d.Shown() != st.dope || c.Shown() != st.curve {
			t.Errorf("%s: dope sheet %v curves %v, want %v %v", st.name, d.Shown(), c.Shown(), st.dope, st.curve)
		}
	}
	d.SetScroll(12)
	if d.Scroll() != 12 {
		t.Errorf("scroll %d, want 12", d.Scroll())
	}
	d.SetScroll(-4)
	if d.Scroll() != 0 {
		t.Errorf("scroll %d after -4, want 0", d.Scroll())
	}
}
