package state

import (
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// minSpanFrames is the fewest frames the timeline zooms in to: closer, a
// frame's tick would be wider than a useful reading of the ruler.
const minSpanFrames = 4

// Timeline is the timeline's zoom (the part of the clip it shows) and the
// range a user marked with in and out points, which playback, stepping
// and looping keep to (State.bounds). Both belong to one clip: opening
// another clears them.
type Timeline struct {
	// clip is the clip the zoom and the range were set on.
	clip *formats.Clip
	// lo and hi are the span shown; hi <= lo shows the whole clip.
	lo, hi float64
	// in and out are the range's ends when ranged.
	in, out float64
	ranged  bool
}

// sync clears the zoom and range when another clip c opened since they
// were set. State calls it before each use of the timeline.
func (t *Timeline) sync(c *formats.Clip) {
	if c != t.clip {
		t.clip, t.lo, t.hi, t.ranged = c, 0, 0, false
	}
}

// current is the clip's duration (0 without a clip).
func (t Timeline) current() float64 {
	if c := t.clip; c != nil && c.Duration > 0 {
		return c.Duration
	}
	return 0
}

// Span is the part of the clip the timeline shows, in seconds: the whole
// clip unless zoomed.
func (t Timeline) Span() (lo, hi float64) {
	d := t.current()
	if t.hi <= t.lo || d <= 0 {
		return 0, d
	}
	return t.lo, t.hi
}

// Zoomed reports whether the timeline shows less than the whole clip.
func (t Timeline) Zoomed() bool {
	lo, hi := t.Span()
	return hi-lo < t.current()-1e-9
}

// minSpan is the narrowest span the timeline shows.
func (t Timeline) minSpan(d float64) float64 {
	return math.Min(d, minSpanFrames/player.StepRate(t.clip))
}

// setSpan shows width seconds starting at lo, kept inside the clip.
func (t *Timeline) setSpan(lo, width, d float64) {
	width = math.Max(t.minSpan(d), math.Min(width, d))
	lo = math.Max(0, math.Min(lo, d-width))
	t.lo, t.hi = lo, lo+width
	if width >= d-1e-9 {
		t.lo, t.hi = 0, 0
	}
}

// zoomAt scales the span shown by factor (below 1 zooms in), keeping time
// at (the time under the pointer) where it is on the timeline. A factor
// that is not a finite number above 0 does nothing.
func (t *Timeline) zoomAt(at, factor float64) {
	d := t.current()
	if d <= 0 || !(factor > 0) || math.IsInf(factor, 0) || math.IsNaN(at) {
		return
	}
	lo, hi := t.Span()
	w := hi - lo
	f := math.Max(0, math.Min((at-lo)/w, 1))
	nw := math.Max(t.minSpan(d), math.Min(w*factor, d))
	t.setSpan(at-f*nw, nw, d)
}

// pan moves the span shown by dt seconds (kept inside the clip).
func (t *Timeline) pan(dt float64) {
	d := t.current()
	if d <= 0 || math.IsNaN(dt) || math.IsInf(dt, 0) || !t.Zoomed() {
		return
	}
	lo, hi := t.Span()
	t.setSpan(lo+dt, hi-lo, d)
}

// showAll shows the whole clip.
func (t *Timeline) showAll() {
	t.lo, t.hi = 0, 0
}

// TimeAt is the time at fraction f (0 to 1) of the span shown.
func (t Timeline) TimeAt(f float64) float64 {
	lo, hi := t.Span()
	if math.IsNaN(f) {
		return lo
	}
	return lo + (hi-lo)*math.Max(0, math.Min(f, 1))
}

// FractionOf is where time tm falls in the span shown (outside 0 to 1
// when it is not shown).
func (t Timeline) FractionOf(tm float64) float64 {
	lo, hi := t.Span()
	if hi <= lo {
		return 0
	}
	return (tm - lo) / (hi - lo)
}

// keep moves the span shown, a whole span at a time, so that it shows
// time tm: a zoomed timeline follows playback.
func (t *Timeline) keep(tm float64) {
	d := t.current()
	if d <= 0 || !t.Zoomed() {
		return
	}
	lo, hi := t.Span()
	if tm >= lo && tm <= hi {
		return
	}
	w := hi - lo
	t.setSpan(lo+math.Floor((tm-lo)/w)*w, w, d)
}

// snap puts tm on the nearest frame of the clip, inside it.
func (t Timeline) snap(tm, d float64) float64 {
	fr := player.StepRate(t.clip)
	return math.Max(0, math.Min(math.Round(tm*fr)/fr, d))
}

// shown puts tm on the frame shown at tm (player.FrameAt, the frame the
// status line names), inside the clip: I and O mark that frame, not the
// next one when playback stands past a frame's middle.
func (t Timeline) shown(tm, d float64) float64 {
	fr := player.StepRate(t.clip)
	return math.Max(0, math.Min(float64(player.FrameAt(tm, fr))/fr, d))
}

// Range returns the in and out points, ok false when no range is set.
func (t Timeline) Range() (in, out float64, ok bool) {
	return t.in, t.out, t.ranged
}

// setIn puts the in point at the frame shown at tm; the out point stays, or is the
// clip's end when none was set or it falls before the in point.
func (t *Timeline) setIn(tm float64) {
	d := t.current()
	if d <= 0 || math.IsNaN(tm) {
		return
	}
	in := t.shown(tm, d)
	out := t.out
	if !t.ranged || out <= in {
		out = d
	}
	t.set(in, out)
}

// setOut puts the out point at the frame shown at tm; the in point stays, or is the
// clip's start when none was set or it falls after the out point.
func (t *Timeline) setOut(tm float64) {
	d := t.current()
	if d <= 0 || math.IsNaN(tm) {
		return
	}
	out := t.shown(tm, d)
	in := t.in
	if !t.ranged || in >= out {
		in = 0
	}
	t.set(in, out)
}

// setRange sets the range from a to b (either order), each on its
// nearest frame. It reports false, setting nothing, when they fall on the
// same frame.
func (t *Timeline) setRange(a, b float64) bool {
	d := t.current()
	if d <= 0 || math.IsNaN(a) || math.IsNaN(b) {
		return false
	}
	a, b = t.snap(math.Min(a, b), d), t.snap(math.Max(a, b), d)
	if b <= a {
		return false
	}
	t.set(a, b)
	return true
}

// set sets a range; one that is the whole clip, or empty, is none.
func (t *Timeline) set(in, out float64) {
	d := t.current()
	t.in, t.out, t.ranged = in, out, out > in && (in > 0 || out < d)
}

// clearRange removes the range: playback has the whole clip again.
func (t *Timeline) clearRange() {
	t.ranged = false
}

// status is the timeline's part of the status line: the range and, when
// zoomed, the span shown.
func (t Timeline) status() string {
	out := ""
	if in, out2, ok := t.Range(); ok {
		out = fmt.Sprintf("   range %.3f–%.3f s", in, out2)
	}
	if t.Zoomed() {
		lo, hi := t.Span()
		out += fmt.Sprintf("   timeline %.3f–%.3f s", lo, hi)
	}
	return out
}

// Timeline is the timeline's zoom and range, for the open clip (a copy:
// changes go through State).
func (s *State) Timeline() Timeline {
	s.line.sync(s.CurrentClip())
	return s.line
}

// ZoomTimeline zooms the timeline by factor about time at (factor < 1
// zooms in), keeping at where it is on the ruler.
func (s *State) ZoomTimeline(at, factor float64) {
	s.line.sync(s.CurrentClip())
	s.line.zoomAt(at, factor)
}

// PanTimeline moves a zoomed timeline's span by dt seconds, inside the
// clip.
func (s *State) PanTimeline(dt float64) {
	s.line.sync(s.CurrentClip())
	s.line.pan(dt)
}

// ShowWholeTimeline zooms the timeline out to the whole clip.
func (s *State) ShowWholeTimeline() {
	s.line.sync(s.CurrentClip())
	s.line.showAll()
}

// KeepInTimeline pages a zoomed timeline so that time tm shows.
func (s *State) KeepInTimeline(tm float64) {
	s.line.sync(s.CurrentClip())
	s.line.keep(tm)
}

// SetIn sets the range's in point at time tm (Timeline).
func (s *State) SetIn(tm float64) {
	s.line.sync(s.CurrentClip())
	s.line.setIn(tm)
}

// SetOut sets the range's out point at time tm (Timeline).
func (s *State) SetOut(tm float64) {
	s.line.sync(s.CurrentClip())
	s.line.setOut(tm)
}

// SetRange sets the range to a..b, snapped to frames; it reports false
// when that leaves no range.
func (s *State) SetRange(a, b float64) bool {
	s.line.sync(s.CurrentClip())
	return s.line.setRange(a, b)
}

// ClearRange drops the range: playback has the whole clip again.
func (s *State) ClearRange() {
	s.line.sync(s.CurrentClip())
	s.line.clearRange()
}
