package state

// DopeSheet is the dope sheet panel: whether it shows, and how far its
// bone rows are scrolled. It takes the curves panel's place under the
// view: the two show one at a time, showing one hides the other
// (ToggleDopeSheet, ToggleCurves).
type DopeSheet struct {
	shown  bool
	scroll int
}

// DopeSheet is the dope sheet panel (a copy: changes go through State).
func (s *State) DopeSheet() DopeSheet { return s.dope }

// Shown reports whether the dope sheet shows.
func (d DopeSheet) Shown() bool { return d.shown }

// Scroll is the first bone row asked for (the window keeps it inside the
// rows it lists).
func (d DopeSheet) Scroll() int { return d.scroll }

// ToggleDopeSheet shows the dope sheet, hiding the curves panel, or
// hides it.
func (s *State) ToggleDopeSheet() {
	s.dope.shown = !s.dope.shown
	if s.dope.shown {
		s.curves.shown = false
	}
}

// SetDopeSheetScroll scrolls the dope sheet's bone rows to row n (below
// 0: the first).
func (s *State) SetDopeSheetScroll(n int) { s.dope.scroll = max(0, n) }

// ToggleCurves shows the curves panel, hiding the dope sheet, or hides
// it: they share the space under the view.
func (s *State) ToggleCurves() {
	s.curves.shown = !s.curves.shown
	if s.curves.shown {
		s.dope.shown = false
	}
}
