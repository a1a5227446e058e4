package ui

import (
	"github.com/animview/animview/ui/state"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/render/curves"
	"github.com/animview/animview/render/dopesheet"

	"github.com/animview/animview/player"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The timeline is drawn by hand in its container: a ruler of frame
// numbers, the track with key ticks, event markers and the playhead, and
// time labels under it. Any click or drag on it seeks.
const (
	timelineH = 46
	rulerH    = 13 // frame numbers above the track
	trackH    = 18
	trackPad  = 6 // the track's ends stay clear of the panel's edge
)

var (
	colTrack = color.NRGBA{0x2a, 0x2f, 0x3a, 0xff}
	colKey   = color.NRGBA{0xe8, 0xc5, 0x4a, 0xff}
	colHead  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	colTick  = color.NRGBA{0x5a, 0x61, 0x70, 0xff}
)

// timeline draws the timeline and maps the mouse on it to times. It
// holds the tools and the layout; the state comes with each call that
// reads it.
type timeline struct {
	tools
	// lay is where the timeline goes; curves and dope the panels whose
	// columns its track follows while they show (trackSpan).
	lay      *places
	curves   *curvesPanel
	dope     *dopeSheet
	ruler    rulerCache
	keyTimes []float64
	// hover lists the events under the pointer.
	hover []int
}

// key is the timeline's part of the paint key: its span and range.
func (t *timeline) key(st *state.State) [5]float64 {
	lo, hi := st.Timeline().Span()
	in, out, ok := st.Timeline().Range()
	if !ok {
		in, out = -1, -1
	}
	return [5]float64{lo, hi, in, out}
}

// rect is the timeline's area on screen.
func (t *timeline) rect() image.Rectangle { return t.lay.timeline.GetWidget().Rect }

// trackSpan is the track's x range in screen pixels and its rows.
//
// While the curves panel or the dope sheet shows, the track lies under
// their plot's columns instead of across the whole window, so that a time
// falls on the same column in the timeline and in the panel above it
// (issue 33, item 9): the panel sits in the view's column, and a panel as
// wide as the window would squeeze the side panels out at 800×600.
func (t *timeline) trackSpan() (x0, x1 float32, top, bottom float32) {
	r := t.rect()
	x0, x1 = float32(r.Min.X+trackPad), float32(r.Max.X-trackPad)
	if ax0, ax1, ok := t.timeAxis(); ok {
		x0, x1 = ax0, ax1
	}
	return x0, x1, float32(r.Min.Y + rulerH), float32(r.Min.Y + rulerH + trackH)
}

// timeAxis is the columns of the span's start and end in the curves panel
// or the dope sheet, whichever shows.
func (t *timeline) timeAxis() (x0, x1 float32, ok bool) {
	if !t.curves.rect().Empty() {
		x0, x1 = curves.Columns(t.curves.area())
		return x0, x1, x1 > x0
	}
	if !t.dope.rect().Empty() {
		x0, x1 = dopesheet.Columns(t.dope.area())
		return x0, x1, x1 > x0
	}
	return 0, 0, false
}

// x is where time tm falls on the track, for the span the timeline shows
// (Timeline.Span).
func (t *timeline) x(st *state.State, tm float64) float32 {
	x0, x1, _, _ := t.trackSpan()
	return x0 + (x1-x0)*float32(st.Timeline().FractionOf(tm))
}

// shows reports whether time tm is within the span shown.
func (t *timeline) shows(st *state.State, tm float64) bool {
	lo, hi := st.Timeline().Span()
	return tm >= lo-1e-9 && tm <= hi+1e-9
}

// fraction is the fraction of the span shown under screen x.
func (t *timeline) fraction(x int) float64 {
	x0, x1, _, _ := t.trackSpan()
	if x1 <= x0 {
		return 0
	}
	return math.Max(0, math.Min(1, float64(float32(x)-x0)/float64(x1-x0)))
}

// timeAt is the clip time under screen x.
func (t *timeline) timeAt(st *state.State, x int) float64 { return st.Timeline().TimeAt(t.fraction(x)) }

// onRuler reports whether (x, y) is on the ruler, above the track: a
// drag there marks the range.
func (t *timeline) onRuler(x, y int) bool {
	_, _, top, _ := t.trackSpan()
	return t.contains(x, y) && float32(y) < top
}

// secondsPerPixel is how much clip time a pixel of the track spans.
func (t *timeline) secondsPerPixel(st *state.State) float64 {
	x0, x1, _, _ := t.trackSpan()
	lo, hi := st.Timeline().Span()
	if x1 <= x0 {
		return 0
	}
	return (hi - lo) / float64(x1-x0)
}

// contains reports whether (x, y) is on the timeline's area.
func (t *timeline) contains(x, y int) bool { return image.Pt(x, y).In(t.rect()) }

// rulerStep picks frames between labelled ticks so labels stay apart.
func rulerStep(frames int, width float32, labelW float32) int {
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000} {
		if width*float32(s)/float32(max(frames, 1)) >= labelW {
			return s
		}
	}
	return max(frames, 1)
}

// Colours of the timeline's range: the span outside it is dimmed, its
// ends are drawn as brackets.
var (
	colOutside = color.NRGBA{0x0c, 0x0e, 0x12, 0xb0}
	colRange   = color.NRGBA{0xf0, 0x70, 0x9a, 0xff}
)

// draw draws the ruler, ticks, markers and playhead, the range and, when
// zoomed, where the span shown lies in the clip. A one-frame clip (of
// duration 0) has its one frame at the track's start.
func (t *timeline) draw(st *state.State, screen *ebiten.Image, in *tickInput) {
	x0, x1, top, bottom := t.trackSpan()
	t.fill.rect(screen, x0, top, x1-x0, bottom-top, colTrack)
	c := st.CurrentClip()
	if c == nil || !(c.Duration >= 0) {
		return
	}
	k := t.kit
	face := k.small
	r := t.rect()
	t.ruler.update(st, x1-x0)
	for _, m := range t.ruler.marks {
		x := t.x(st, m.t)
		if m.label != "" {
			t.fill.rect(screen, x, top-3, 1, bottom-(top-3), colTick)
			t.label(screen, m.label, x, float32(r.Min.Y)-2, face, colDim)
			t.label(screen, m.time, x, bottom, face, colDim)
		} else {
			t.fill.rect(screen, x, bottom-4, 1, bottom-(bottom-4), colTick)
		}
	}
	// Keys of the selected bone.
	if sel := st.Visibility().Selected(); sel >= 0 {
		t.keyTimes = st.KeyTimes(sel, t.keyTimes[:0])
		for _, tm := range t.keyTimes {
			if t.shows(st, tm) {
				x := t.x(st, tm)
				t.fill.rect(screen, x, top+trackH/2, 1, bottom-1-(top+trackH/2), colKey)
			}
		}
	}
	t.drawRange(st, screen)
	// Events: a triangle at the top of the track.
	mx, my := in.x, in.y
	t.hover = t.hover[:0]
	for i, e := range c.Events {
		if !t.shows(st, e.Time) {
			continue
		}
		x := t.x(st, e.Time)
		col := eventColour(e.Kind)
		if st.Visibility().EventMuted(i) {
			col = color.NRGBA{0x55, 0x5a, 0x66, 0xff}
		}
		t.fill.tri(screen, col, x-5, top, x+5, top, x, top+8)
		if math.Abs(float64(float32(mx)-x)) <= 5 && float32(my) >= top-2 && float32(my) <= bottom {
			t.hover = append(t.hover, i)
		}
	}
	// Playhead.
	if tm := st.Playback().Time(); t.shows(st, tm) {
		hx := t.x(st, tm)
		t.fill.rect(screen, hx-1, top-2, 3, bottom-top+4, colHead)
	}
	// Every event under the pointer, one line each (events that share a
	// time share a marker), the first nearest the track.
	for n, i := range t.hover {
		e := c.Events[i]
		label := e.Name + "  (" + string(e.Kind) + ")  " + strconv.FormatFloat(e.Time, 'f', 3, 64) + " s"
		w, _ := text.Measure(label, face, 0)
		x := min(max(t.x(st, e.Time)-float32(w)/2, float32(r.Min.X)), float32(r.Max.X)-float32(w)-6)
		y := top - 20 - float32(n)*17
		t.fill.rect(screen, x-3, y-1, float32(w)+6, 17, color.NRGBA{0x10, 0x12, 0x18, 0xf0})
		k.drawText(screen, label, float64(x), float64(y), eventColour(e.Kind), face)
	}
}

// drawRange dims the track outside the range and draws its ends, and
// under the time labels a bar of where the span shown lies when zoomed.
func (t *timeline) drawRange(st *state.State, screen *ebiten.Image) {
	x0, x1, top, bottom := t.trackSpan()
	clamp := func(x float32) float32 { return max(x0, min(x, x1)) }
	if in, out, ok := st.Timeline().Range(); ok {
		xi, xo := clamp(t.x(st, in)), clamp(t.x(st, out))
		t.fill.rect(screen, x0, top, xi-x0, bottom-top, colOutside)
		t.fill.rect(screen, xo, top, x1-xo, bottom-top, colOutside)
		t.fill.rect(screen, xi, top-4, xo-xi, 3, colRange)
		for _, e := range [...]struct {
			x   float32
			dir float32
		}{{xi, 1}, {xo, -1}} {
			if e.x <= x0 && e.dir < 0 || e.x >= x1 && e.dir > 0 {
				continue
			}
			t.fill.rect(screen, e.x-1, top-4, 2, bottom-top+4, colRange)
			t.fill.rect(screen, min(e.x, e.x+5*e.dir), bottom-2, 5, 2, colRange)
		}
	}
	if tl := st.Timeline(); tl.Zoomed() {
		lo, hi := tl.Span()
		d := st.Duration()
		r := t.rect()
		y := float32(r.Max.Y) - 3
		t.fill.rect(screen, x0, y, x1-x0, 2, colTrack)
		t.fill.rect(screen, x0+(x1-x0)*float32(lo/d), y, max(2, (x1-x0)*float32((hi-lo)/d)), 2, colDim)
	}
}

// rulerMark is a tick of the ruler: labelled ones carry their frame
// number and time.
type rulerMark struct {
	t           float64
	label, time string
}

// rulerCache keeps the ruler's ticks and labels until the clip, its frame
// count or the track's width change, so drawing makes no strings.
type rulerCache struct {
	clip, count int
	width       float32
	path        string
	lo, hi      float64
	marks       []rulerMark
}

func (c *rulerCache) update(st *state.State, width float32) {
	p := st.Playback()
	_, count := st.Frame()
	lo, hi := st.Timeline().Span()
	if c.clip == p.Clip() && c.count == count && c.width == width && c.path == st.Path() && c.lo == lo && c.hi == hi && c.marks != nil {
		return
	}
	c.clip, c.count, c.width, c.path, c.lo, c.hi = p.Clip(), count, width, st.Path(), lo, hi
	c.marks = c.marks[:0]
	fr := st.FrameRate()
	// The frames of the span shown, labelled so that labels stay apart.
	first, last := max(0, int(math.Ceil(lo*fr-1e-3))), min(count-1, player.FrameAt(hi, fr))
	step := rulerStep(player.FrameAt(hi-lo, fr), width, 58)
	for f := first; f <= last; f++ {
		tm := float64(f) / fr
		switch {
		case f%step == 0:
			c.marks = append(c.marks, rulerMark{t: tm, label: strconv.Itoa(f), time: strconv.FormatFloat(tm, 'f', 2, 64) + "s"})
		case step <= 5 || f%(step/5) == 0:
			c.marks = append(c.marks, rulerMark{t: tm})
		}
	}
}

// label centres a small label on x, kept inside the timeline.
func (t *timeline) label(screen *ebiten.Image, s string, x, y float32, face text.Face, c color.Color) {
	r := t.rect()
	w, _ := text.Measure(s, face, 0)
	lx := min(max(x-float32(w)/2, float32(r.Min.X)), float32(r.Max.X)-float32(w))
	t.kit.drawText(screen, s, float64(lx), float64(y), c, face)
}

// leaveFrameBox gives the keyboard back from the frame box (Esc, a
// click elsewhere), which shows the current frame again.
func (w *widgets) leaveFrameBox() {
	w.frameBox.focused = false
	w.frameShown = -1
}

// draw draws the frame box over its placeholder: a bordered field, the
// text, and a caret while it has the keyboard.
func (b *frameBox) draw(screen *ebiten.Image, a tools) {
	r := b.rect()
	if r.Dx() <= 2 || r.Dy() <= 2 {
		return
	}
	edge := colPanelEdge
	if b.focused {
		edge = colAccent
	}
	x, y, w, h := float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy())
	a.fill.rect(screen, x, y, w, h, edge)
	a.fill.rect(screen, x+1, y+1, w-2, h-2, colButtonLo)
	face := a.kit.small
	m := face.Metrics()
	ty := float64(y) + (float64(h)-(m.HAscent+m.HDescent))/2
	a.kit.drawText(screen, strings.TrimSpace(b.text), float64(x)+5, ty, colText, face)
	if b.focused {
		tw, _ := text.Measure(b.text, face, 0)
		a.fill.rect(screen, x+5+float32(tw)+1, y+5, 1, h-10, colText)
	}
}
