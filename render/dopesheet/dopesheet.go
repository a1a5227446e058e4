// Package dopesheet is the geometry of the viewer's dope sheet: a row of
// the clip's events, then one row per bone the bone tree shows, in the
// skeleton's order (the tree's), each with a mark at each of the bone's
// own key times inside the span the timeline shows; and hit testing a
// click back to a bone, a key or an event. It is pure Go: the ui draws
// what Layout returns and acts on what Hit finds.
//
// Only the rows on screen are laid out, so a skeleton of tens of
// thousands of bones costs what its visible rows cost, and Layout reuses
// the Sheet's storage: once it has grown, laying out again allocates
// nothing.
package dopesheet

import (
	"math"
	"slices"
	"sort"

	"github.com/animview/animview/formats"
)

// Rect is a screen rectangle.
type Rect struct{ X, Y, W, H float32 }

const (
	// RowH is a row's height in pixels.
	RowH = 16
	// MarkHit is how far from a mark, in pixels, a click still takes it.
	MarkHit = 4
	// NameW is the width of the names column at most; it takes at most
	// a third of the sheet.
	NameW = 160
)

// Columns are the marks' columns for the span's start and end when a
// sheet is laid out in r (after the names column): the viewer lays its
// timeline's track out under them.
func Columns(r Rect) (x0, x1 float32) {
	return r.X + min(NameW, r.W/3) + 6, r.X + r.W - 6
}

// Input is what a sheet shows.
type Input struct {
	Skeleton *formats.Skeleton
	// Clip is the clip whose keys the rows mark (nil: rows without
	// marks; a tree's blend has no keys of its own).
	Clip *formats.Clip
	// Events are the events of what plays, for the events row.
	Events []formats.Event
	// Hidden marks the bones the user hid in the bone tree, and Helpers
	// the helper bones when the tree leaves them out (either nil: none):
	// their rows are left out.
	Hidden, Helpers []bool
	// Selected is the selected bone (-1: none).
	Selected int
	// Lo and Hi are the span the timeline shows, in seconds.
	Lo, Hi float64
	// Rect is the sheet's area on screen.
	Rect Rect
	// Scroll is the first bone row asked for, an index among the rows
	// listed; Follow scrolls, if need be, so that the selected bone's row
	// shows.
	Scroll int
	Follow bool
}

// Mark is a key or an event on a row: its column and time. Event is the
// event's index in Input.Events, -1 for a key.
type Mark struct {
	X     float32
	T     float64
	Event int
}

// Row is a row on screen.
type Row struct {
	// Bone is the row's bone, -1 for the events row.
	Bone int
	// Top is the row's first screen line.
	Top float32
	// Depth is the bone's depth in the skeleton (0 a root).
	Depth int
	// Selected marks the selected bone's row; Animated a bone the clip
	// has keys for.
	Selected, Animated bool
	// from and to index the row's marks in Sheet.marks.
	from, to int
}

// Sheet is a laid-out dope sheet. The zero Sheet is ready for Layout.
type Sheet struct {
	// Rows are the rows on screen: the events row, then the bone rows
	// from Scroll on.
	Rows []Row
	// Listed is how many bone rows there are in all, Scroll the first
	// one on screen (kept inside the list) and Visible how many fit.
	Listed, Scroll, Visible int
	// Names is the names column; X0 and X1 are the marks' columns for
	// the span's start and end.
	Names  Rect
	X0, X1 float32
	// Now is the current time's column, when NowShown.
	Now      float32
	NowShown bool

	lo, hi float64
	area   Rect
	marks  []Mark
	// listed holds the bones of the rows in order, unless all is set:
	// every bone has its row, bone k on row k.
	listed []int32
	all    bool
	// depth holds each bone's depth, for the skeleton depthOf.
	depth   []int32
	depthOf *formats.Skeleton
}

// Marks returns row i's marks, in time order, at most one a column.
func (s *Sheet) Marks(i int) []Mark {
	r := &s.Rows[i]
	return s.marks[r.from:r.to]
}

// Layout lays the sheet out for in, at time now.
func (s *Sheet) Layout(in *Input, now float64) {
	s.Rows, s.marks, s.listed = s.Rows[:0], s.marks[:0], s.listed[:0]
	s.area, s.lo, s.hi = in.Rect, in.Lo, in.Hi
	r := in.Rect
	nw := min(NameW, r.W/3)
	s.Names = Rect{X: r.X, Y: r.Y, W: nw, H: r.H}
	s.X0, s.X1 = Columns(r)
	s.NowShown = in.Hi > in.Lo && now >= in.Lo-1e-9 && now <= in.Hi+1e-9
	s.Now = s.Column(now)
	s.Listed, s.Visible = 0, 0
	if in.Skeleton == nil {
		s.Scroll = 0
		return
	}
	s.depths(in.Skeleton)
	n := len(in.Skeleton.Bones)
	sel := -1
	// Nothing left out (the usual case) needs no list of the rows.
	s.all = !slices.Contains(in.Hidden, true) && !slices.Contains(in.Helpers, true)
	if s.all {
		s.Listed = n
		if in.Selected >= 0 && in.Selected < n {
			sel = in.Selected
		}
	} else {
		for i := range n {
			if at(in.Hidden, i) || at(in.Helpers, i) {
				continue
			}
			if i == in.Selected {
				sel = len(s.listed)
			}
			s.listed = append(s.listed, int32(i))
		}
		s.Listed = len(s.listed)
	}
	// The events row takes the first row; the bone rows share the rest.
	s.Visible = max(0, int(r.H/RowH)-1)
	scroll := in.Scroll
	if in.Follow && sel >= 0 {
		if sel < scroll {
			scroll = sel
		} else if s.Visible > 0 && sel >= scroll+s.Visible {
			scroll = sel - s.Visible + 1
		}
	}
	s.Scroll = max(0, min(scroll, s.Listed-s.Visible))

	ev := Row{Bone: -1, Top: r.Y, from: len(s.marks)}
	for i, e := range in.Events {
		if s.shows(e.Time) {
			s.marks = append(s.marks, Mark{X: s.Column(e.Time), T: e.Time, Event: i})
		}
	}
	ev.to = len(s.marks)
	s.Rows = append(s.Rows, ev)
	for k := s.Scroll; k < min(s.Listed, s.Scroll+s.Visible); k++ {
		b := k
		if !s.all {
			b = int(s.listed[k])
		}
		row := Row{Bone: b, Top: r.Y + float32(len(s.Rows))*RowH, Depth: int(s.depth[b]), Selected: b == in.Selected,
			from: len(s.marks)}
		if c := in.Clip; c != nil && b < len(c.Tracks) {
			tr := &c.Tracks[b]
			row.Animated = tr.Animated()
			s.keys(tr)
		}
		row.to = len(s.marks)
		s.Rows = append(s.Rows, row)
	}
}

// at reports b[i], false past b's end.
func at(b []bool, i int) bool { return i < len(b) && b[i] }

// depths fills s.depth for sk once (parents come before children).
func (s *Sheet) depths(sk *formats.Skeleton) {
	if s.depthOf == sk && len(s.depth) == len(sk.Bones) {
		return
	}
	s.depthOf = sk
	s.depth = s.depth[:0]
	for i, b := range sk.Bones {
		d := int32(0)
		if p := b.Parent; p >= 0 && p < i {
			d = s.depth[p] + 1
		}
		s.depth = append(s.depth, d)
	}
}

// Column is the screen column of time t (outside X0 to X1 when t is
// outside the span).
func (s *Sheet) Column(t float64) float32 {
	if s.hi <= s.lo {
		return s.X0
	}
	return s.X0 + (s.X1-s.X0)*float32((t-s.lo)/(s.hi-s.lo))
}

// shows reports whether time t is inside the span shown.
func (s *Sheet) shows(t float64) bool { return t >= s.lo-1e-9 && t <= s.hi+1e-9 }

// TimeAt is the time under column x, kept inside the span.
func (s *Sheet) TimeAt(x float32) float64 {
	if s.X1 <= s.X0 {
		return s.lo
	}
	f := math.Max(0, math.Min(1, float64((x-s.X0)/(s.X1-s.X0))))
	return s.lo + (s.hi-s.lo)*f
}

// OwnTimes are a bone's own key times, channel by channel: translation,
// rotation, scale and visibility. A translation or scale channel that
// samples a smooth curve gives the curve's knots, the file's own keys
// (formats.Vec3Track.Knots), not the samples between them.
func OwnTimes(tr *formats.BoneTracks) [4][]float64 {
	own := func(v *formats.Vec3Track) []float64 {
		if v.Knots != nil {
			return v.Knots
		}
		return v.Times
	}
	return [4][]float64{own(&tr.Translation), tr.Rotation.Times, own(&tr.Scale), tr.Visibility.Times}
}

// keys appends the marks of tr's own key times inside the span: the
// channels merged in time order, at most one mark a column.
func (s *Sheet) keys(tr *formats.BoneTracks) {
	chans := OwnTimes(tr)
	var next [4]int
	for c, ts := range chans {
		next[c] = sort.SearchFloat64s(ts, s.lo-1e-9)
	}
	lastCol := float32(math.Inf(-1))
	for {
		best, bt := -1, math.Inf(1)
		for c, ts := range chans {
			if next[c] < len(ts) && ts[next[c]] < bt {
				best, bt = c, ts[next[c]]
			}
		}
		if best < 0 || !s.shows(bt) {
			return
		}
		next[best]++
		x := s.Column(bt)
		if col := float32(math.Floor(float64(x))); col > lastCol {
			lastCol = col
			s.marks = append(s.marks, Mark{X: x, T: bt, Event: -1})
		}
	}
}

// HitKind is what a click found.
type HitKind int

// What a click on the sheet finds.
const (
	HitNone  HitKind = iota // outside the rows, or on the events row off its marks
	HitBone                 // a bone's row away from its marks, or its name
	HitKey                  // a key of a bone's row
	HitEvent                // an event's mark
)

// Hit is what a click found: the bone of a bone's row, the time of a key
// or an event, and the event's index.
type Hit struct {
	Kind  HitKind
	Bone  int
	Time  float64
	Event int
}

// Hit finds what is at (x, y): on a row's marks, the nearest mark within
// MarkHit pixels; elsewhere on a bone's row, or on its name, the bone.
func (s *Sheet) Hit(x, y float32) Hit {
	a := s.area
	if x < a.X || x >= a.X+a.W || y < a.Y || y >= a.Y+a.H {
		return Hit{Kind: HitNone, Bone: -1, Event: -1}
	}
	i := int((y - a.Y) / RowH)
	if i < 0 || i >= len(s.Rows) {
		return Hit{Kind: HitNone, Bone: -1, Event: -1}
	}
	row := &s.Rows[i]
	if x >= s.X0-MarkHit {
		if m, ok := nearest(s.Marks(i), x, row.Bone >= 0); ok {
			if row.Bone < 0 {
				return Hit{Kind: HitEvent, Bone: -1, Time: m.T, Event: m.Event}
			}
			return Hit{Kind: HitKey, Bone: row.Bone, Time: m.T, Event: -1}
		}
	}
	if row.Bone < 0 {
		return Hit{Kind: HitNone, Bone: -1, Event: -1}
	}
	return Hit{Kind: HitBone, Bone: row.Bone, Event: -1}
}

// nearest is the mark of ms nearest column x, if one is within MarkHit.
// A key row's marks are in column order (sorted) and searched; the
// events row's follow the clip's events, in whatever order the file
// gives them, and are all looked at.
func nearest(ms []Mark, x float32, sorted bool) (Mark, bool) {
	lo, hi := 0, len(ms)
	if sorted {
		k := sort.Search(len(ms), func(j int) bool { return ms[j].X >= x })
		lo, hi = max(0, k-1), min(len(ms), k+1)
	}
	best, bd := -1, float32(MarkHit)
	for j := lo; j < hi; j++ {
		if d := abs(ms[j].X - x); d < bd || d == bd && best < 0 {
			best, bd = j, d
		}
	}
	if best < 0 {
		return Mark{}, false
	}
	return ms[best], true
}

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
