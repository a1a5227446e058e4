package ui

import (
	"fmt"
	"image"
	"image/color"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render/dopesheet"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// dopePanelH is the dope sheet's height at most (it takes at most two
// fifths of the view's column, as the curves panel, whose place it takes).
const dopePanelH = 240

// dopeScrollRows is how many rows a notch of the wheel scrolls.
const dopeScrollRows = 3

// Colours of the dope sheet: a row's band, the selected row's, and a key
// of a bone the clip does not drive.
var (
	colDopeRow = color.NRGBA{0x2a, 0x2f, 0x3a, 0xff}
	colDopeSel = colSelect
)

// dopeSheet draws the dope sheet (render/dopesheet lays it out): the
// clip's events on the first row, then a row per bone the bone tree
// shows, with a diamond at each of its keys over the span the timeline
// shows, the range (what lies outside it dimmed) and the current time. A
// click on a row's name or band selects the bone, on a key seeks to it
// (and selects its bone), on an event seeks to it; the wheel scrolls the
// rows, Ctrl+wheel zooms the timeline and Shift+wheel or a right or
// middle drag pans it. The sheet scrolls to the selected bone's row when
// the selection changes. It holds the tools and the layout; the state
// comes with each call that reads it.
type dopeSheet struct {
	tools
	// lay is where the sheet goes.
	lay   *places
	sheet dopesheet.Sheet
	in    dopesheet.Input
	// hidden and helpers hold the state's bone marks for in.
	hidden, helpers []bool
	// followed is the selection the sheet last scrolled to, of the
	// skeleton skel (another skeleton starts at the first row).
	followed int
	skel     *formats.Skeleton
	// names are the bones' labels as drawn, made on first use for the
	// skeleton namesOf at the names column's width namesW.
	names   []string
	namesOf *formats.Skeleton
	namesW  int
	// label is the events row's label for the rows labelled.
	label    string
	labelled [3]int
}

// dopeKey is the dope sheet's part of the paint key.
type dopeKey struct {
	shown  bool
	scroll int
}

// key is the dope sheet's part of the paint key: whether it shows and
// its scroll (the selection, the time and the span are the key's own).
func (d *dopeSheet) key(st *state.State) dopeKey {
	return dopeKey{st.DopeSheet().Shown(), st.DopeSheet().Scroll()}
}

// rect is the panel's area, empty while it is hidden.
func (d *dopeSheet) rect() image.Rectangle {
	w := d.lay.dope.GetWidget()
	if w.GetVisibility() == widget.Visibility_Hide {
		return image.Rectangle{}
	}
	return w.Rect
}

// area is the sheet's area inside the panel.
func (d *dopeSheet) area() dopesheet.Rect {
	r := d.rect()
	return dopesheet.Rect{X: float32(r.Min.X + 6), Y: float32(r.Min.Y + 4), W: float32(r.Dx() - 12), H: float32(r.Dy() - 8)}
}

// contains reports whether (x, y) is on the panel.
func (d *dopeSheet) contains(x, y int) bool { return image.Pt(x, y).In(d.rect()) }

// show shows or hides the panel as the state says.
func (d *dopeSheet) show(st *state.State) {
	w := d.lay.dope.GetWidget()
	want := widget.Visibility_Hide
	if st.DopeSheet().Shown() {
		want = widget.Visibility_Show
	}
	if w.GetVisibility() != want {
		w.SetVisibility(want)
		d.lay.root.RequestRelayout()
	}
}

// update lays the sheet out for the state: the rows the tree shows, the
// timeline's span, the current time, the selection (followed when it
// changed) and the scroll, which it keeps inside the rows.
func (d *dopeSheet) update(st *state.State) {
	if sk := st.Asset().Skeleton; sk != d.skel {
		d.skel = sk
		st.SetDopeSheetScroll(0)
	}
	in := &d.in
	d.hidden = st.Visibility().HiddenBones(d.hidden[:0])
	*in = dopesheet.Input{Skeleton: st.Asset().Skeleton, Hidden: d.hidden,
		Selected: st.Visibility().Selected(), Scroll: st.DopeSheet().Scroll(),
		Rect: d.area()}
	if st.Visibility().HideHelpers() {
		d.helpers = st.Visibility().Helper(d.helpers[:0])
		in.Helpers = d.helpers
	}
	c := st.CurrentClip()
	if c != nil {
		in.Events = c.Events
	}
	if st.Playback().Clip() >= 0 {
		in.Clip = c // a tree's blend has no keys of its own
	}
	in.Lo, in.Hi = st.Timeline().Span()
	if in.Selected != d.followed {
		in.Follow, d.followed = true, in.Selected
	}
	d.sheet.Layout(in, st.Playback().Time())
	st.SetDopeSheetScroll(d.sheet.Scroll)
}

// hitAt is what a left click at (x, y) on the panel finds: a bone's
// name, one of its keys or an event.
func (d *dopeSheet) hitAt(st *state.State, x, y int) dopesheet.Hit {
	d.update(st)
	return d.sheet.Hit(float32(x), float32(y))
}

// traceClick logs what the click at (x, y) found (Options.Trace).
func (d *dopeSheet) traceClick(st *state.State, x, y int, h dopesheet.Hit) {
	if d.opt.Trace {
		d.opt.Log(fmt.Sprintf("dope sheet: click at %d,%d: %s", x, y, d.describe(st, h)))
	}
}

// describe names what a click found, for the trace.
func (d *dopeSheet) describe(st *state.State, h dopesheet.Hit) string {
	bone := func() string { return st.Asset().Skeleton.Bones[h.Bone].Name }
	switch h.Kind {
	case dopesheet.HitKey:
		return fmt.Sprintf("key of %s at %.4f s", bone(), h.Time)
	case dopesheet.HitBone:
		return "bone " + bone()
	case dopesheet.HitEvent:
		return fmt.Sprintf("event %d at %.4f s", h.Event, h.Time)
	}
	return "nothing"
}

// wheel turns the wheel by wy notches over (x, y) on the panel: the rows
// scroll, or with Ctrl the timeline zooms around the time under the
// pointer, or with Shift it pans a tenth of its span a notch.
func (d *dopeSheet) wheel(st *state.State, x int, wy float64, mods modifier) {
	switch {
	case mods&modCtrl != 0:
		f := 0.81
		if wy < 0 {
			f = 1 / f
		}
		st.ZoomTimeline(d.sheet.TimeAt(float32(x)), f)
	case mods&modShift != 0:
		lo, hi := st.Timeline().Span()
		st.PanTimeline(-wy * (hi - lo) / 10)
	default:
		st.SetDopeSheetScroll(st.DopeSheet().Scroll() - int(wy*dopeScrollRows))
	}
}

// pan moves the timeline's span as a drag of dx pixels across the
// sheet's marks would (a drag to the right shows earlier times).
func (d *dopeSheet) pan(st *state.State, dx int) {
	s := &d.sheet
	if s.X1 <= s.X0 {
		return
	}
	lo, hi := st.Timeline().Span()
	st.PanTimeline(-float64(dx) * (hi - lo) / float64(s.X1-s.X0))
}

// name is bone i's label as drawn: its name (or #ID) cut to the names
// column, indented by its depth (up to eight levels).
func (d *dopeSheet) name(sk *formats.Skeleton, i, depth, w int) string {
	if d.namesOf != sk || d.namesW != w || len(d.names) != len(sk.Bones) {
		d.namesOf, d.namesW = sk, w
		d.names = make([]string, len(sk.Bones))
	}
	if d.names[i] == "" {
		n := sk.Bones[i].Name
		if n == "" {
			n = fmt.Sprintf("#%d", sk.Bones[i].ID)
		}
		d.names[i] = d.kit.fitRight(n, w-min(depth, 8)*6)
	}
	return d.names[i]
}

// eventsLabel is the events row's label, with which bone rows show of
// how many ("Events  6–16/22"), remade only when that changes.
func (d *dopeSheet) eventsLabel() string {
	s := &d.sheet
	k := [3]int{s.Scroll, len(s.Rows), s.Listed}
	if d.label == "" || k != d.labelled {
		d.labelled = k
		d.label = fmt.Sprintf("Events  %d–%d/%d", s.Scroll+1, s.Scroll+len(s.Rows)-1, s.Listed)
		if s.Listed == 0 {
			d.label = "Events   (no bone shows)"
		}
		d.label = d.kit.fitRight(d.label, int(s.Names.W))
	}
	return d.label
}

// draw draws the sheet.
func (d *dopeSheet) draw(st *state.State, screen *ebiten.Image) {
	r := d.rect()
	if r.Empty() {
		return
	}
	d.update(st)
	s := &d.sheet
	k := d.kit
	face := k.small
	sk := st.Asset().Skeleton
	for i, row := range s.Rows {
		y := row.Top
		mid := y + dopesheet.RowH/2
		band := colDopeRow
		if row.Selected {
			band = colDopeSel
		}
		if row.Bone < 0 {
			k.drawText(screen, d.eventsLabel(), float64(s.Names.X), float64(y), colDim, face)
		} else {
			d.fill.rect(screen, s.Names.X, y, s.X1+6-s.Names.X, dopesheet.RowH-1, band)
			col := colDim
			if row.Animated {
				col = colText
			}
			indent := float32(min(row.Depth, 8) * 6)
			k.drawText(screen, d.name(sk, row.Bone, row.Depth, int(s.Names.W)), float64(s.Names.X+indent), float64(y), col, face)
		}
		for _, m := range s.Marks(i) {
			if row.Bone < 0 {
				col := eventColour(d.in.Events[m.Event].Kind)
				if st.Visibility().EventMuted(m.Event) {
					col = color.NRGBA{0x55, 0x5a, 0x66, 0xff}
				}
				d.fill.tri(screen, col, m.X-5, y+3, m.X+5, y+3, m.X, y+12)
				continue
			}
			d.fill.poly(screen, colKey, m.X, mid-4, m.X+4, mid, m.X, mid+4, m.X-4, mid)
		}
	}
	// The range, as on the timeline: what lies outside it dimmed.
	if in, out, ok := st.Timeline().Range(); ok && len(s.Rows) > 0 {
		top, h := s.Rows[0].Top, float32(len(s.Rows))*dopesheet.RowH
		xi, xo := max(s.X0, min(s.Column(in), s.X1)), max(s.X0, min(s.Column(out), s.X1))
		d.fill.rect(screen, s.X0-5, top, xi-s.X0+5, h, colOutside)
		d.fill.rect(screen, xo, top, s.X1+5-xo, h, colOutside)
	}
	if s.NowShown && len(s.Rows) > 0 {
		d.fill.rect(screen, s.Now, s.Rows[0].Top, 1, float32(len(s.Rows))*dopesheet.RowH, colHead)
	}
	// A scroll bar at the right edge when the rows do not all fit.
	if s.Listed > s.Visible && s.Visible > 0 {
		top := float32(r.Min.Y+4) + dopesheet.RowH
		h := float32(s.Visible) * dopesheet.RowH
		x := float32(r.Max.X - 4)
		d.fill.rect(screen, x, top, 2, h, colTick)
		d.fill.rect(screen, x, top+h*float32(s.Scroll)/float32(s.Listed), 2, max(3, h*float32(s.Visible)/float32(s.Listed)), colDim)
	}
}
