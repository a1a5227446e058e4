package state

// DopeSheet is the dope sheet panel: whether it shows, and how far its
// bone rows are scrolled. It takes the curves panel's place under the
// view: the two show one at a time, showing one hides the other
// (ShowCurves).
type DopeSheet struct {
	s      *State
	shown  bool
	scroll int
}

// DopeSheet is the dope sheet panel.
func (s *State) DopeSheet() *DopeSheet { return &s.dope }

// Shown reports whether the dope sheet shows.
func (d *DopeSheet) Shown() bool { return d.shown }

// Toggle shows the dope sheet, hiding the curves panel, or hides it.
func (d *DopeSheet) Toggle() {
	d.shown = !d.shown
	if d.shown && d.s != nil {
		d.s.curves.shown = false
	}
}

// Scroll is the first bone row asked for (the window keeps it inside the
// rows it lists).
func (d *DopeSheet) Scroll() int { return d.scroll }

// SetScroll scrolls the bone rows to row n (below 0: the first).
func (d *DopeSheet) SetScroll(n int) { d.scroll = max(0, n) }

// ShowCurves, after the curves panel was toggled, hides the dope sheet
// when the curves panel shows: they share the space under the view.
func (s *State) ShowCurves() {
	if s.curves.shown {
		s.dope.shown = false
	}
}
