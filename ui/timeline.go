package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"

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

// trackSpan is the track's x range in screen pixels and its rows.
func (a *App) trackSpan() (x0, x1 float32, top, bottom float32) {
	r := a.w.timeline.GetWidget().Rect
	return float32(r.Min.X + trackPad), float32(r.Max.X - trackPad), float32(r.Min.Y + rulerH), float32(r.Min.Y + rulerH + trackH)
}

// timelineX is where time t falls on the track.
func (a *App) timelineX(t float64) float32 {
	x0, x1, _, _ := a.trackSpan()
	d := a.st.Duration()
	if d <= 0 {
		return x0
	}
	return x0 + (x1-x0)*float32(t/d)
}

// timelineFraction is the clip fraction under screen x.
func (a *App) timelineFraction(x int) float64 {
	x0, x1, _, _ := a.trackSpan()
	if x1 <= x0 {
		return 0
	}
	return math.Max(0, math.Min(1, float64(float32(x)-x0)/float64(x1-x0)))
}

// onTimeline reports whether (x, y) is on the timeline's area.
func (a *App) onTimeline(x, y int) bool {
	return image.Pt(x, y).In(a.w.timeline.GetWidget().Rect)
}

// rulerStep picks frames between labelled ticks so labels stay apart.
func rulerStep(frames int, width float32, labelW float32) int {
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000} {
		if width*float32(s)/float32(max(frames, 1)) >= labelW {
			return s
		}
	}
	return max(frames, 1)
}

// drawTimeline draws the ruler, ticks, markers and playhead.
func (a *App) drawTimeline(screen *ebiten.Image) {
	x0, x1, top, bottom := a.trackSpan()
	a.fill.rect(screen, x0, top, x1-x0, bottom-top, colTrack)
	c := a.st.CurrentClip()
	if c == nil || c.Duration <= 0 {
		return
	}
	face := a.kit.small
	r := a.w.timeline.GetWidget().Rect
	a.ruler.update(a, x1-x0)
	for _, m := range a.ruler.marks {
		x := a.timelineX(m.t)
		if m.label != "" {
			a.fill.rect(screen, x, top-3, 1, bottom-(top-3), colTick)
			a.tlLabel(screen, m.label, x, float32(r.Min.Y)-2, face, colDim)
			a.tlLabel(screen, m.time, x, bottom, face, colDim)
		} else {
			a.fill.rect(screen, x, bottom-4, 1, bottom-(bottom-4), colTick)
		}
	}
	// Keys of the selected bone.
	if a.st.Selected >= 0 {
		a.keyTimes = a.st.KeyTimes(a.st.Selected, a.keyTimes[:0])
		for _, t := range a.keyTimes {
			x := a.timelineX(t)
			a.fill.rect(screen, x, top+trackH/2, 1, bottom-1-(top+trackH/2), colKey)
		}
	}
	// Events: a triangle at the top of the track.
	mx, my := ebiten.CursorPosition()
	hover := -1
	for i, e := range c.Events {
		x := a.timelineX(e.Time)
		col := eventColour(e.Kind)
		if a.st.HiddenEvents[i] {
			col = color.NRGBA{0x55, 0x5a, 0x66, 0xff}
		}
		a.fill.tri(screen, col, x-5, top, x+5, top, x, top+8)
		if math.Abs(float64(float32(mx)-x)) <= 5 && float32(my) >= top-2 && float32(my) <= bottom {
			hover = i
		}
	}
	// Playhead.
	hx := a.timelineX(a.st.Time)
	a.fill.rect(screen, hx-1, top-2, 3, bottom-top+4, colHead)
	if hover >= 0 {
		e := c.Events[hover]
		label := e.Name + "  (" + string(e.Kind) + ")  " + strconv.FormatFloat(e.Time, 'f', 3, 64) + " s"
		w, _ := text.Measure(label, face, 0)
		x := min(max(a.timelineX(e.Time)-float32(w)/2, float32(r.Min.X)), float32(r.Max.X)-float32(w)-6)
		y := top - 20
		a.fill.rect(screen, x-3, y-1, float32(w)+6, 17, color.NRGBA{0x10, 0x12, 0x18, 0xf0})
		a.drawText(screen, label, float64(x), float64(y), eventColour(e.Kind), face)
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
	marks       []rulerMark
}

func (c *rulerCache) update(a *App, width float32) {
	_, count := a.st.Frame()
	if c.clip == a.st.Clip && c.count == count && c.width == width && c.path == a.st.Path && c.marks != nil {
		return
	}
	c.clip, c.count, c.width, c.path = a.st.Clip, count, width, a.st.Path
	c.marks = c.marks[:0]
	last := count - 1
	fr := a.st.FrameRate()
	step := rulerStep(last, width, 58)
	for f := 0; f <= last; f++ {
		t := float64(f) / fr
		switch {
		case f%step == 0:
			c.marks = append(c.marks, rulerMark{t: t, label: strconv.Itoa(f), time: strconv.FormatFloat(t, 'f', 2, 64) + "s"})
		case step <= 5 || f%(step/5) == 0:
			c.marks = append(c.marks, rulerMark{t: t})
		}
	}
}

// tlLabel centres a small label on x, kept inside the timeline.
func (a *App) tlLabel(screen *ebiten.Image, s string, x, y float32, face text.Face, c color.Color) {
	r := a.w.timeline.GetWidget().Rect
	w, _ := text.Measure(s, face, 0)
	lx := min(max(x-float32(w)/2, float32(r.Min.X)), float32(r.Max.X)-float32(w))
	a.drawText(screen, s, float64(lx), float64(y), c, face)
}
