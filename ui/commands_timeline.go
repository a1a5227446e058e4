package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// seekCommands seek on the timeline: a press or a drag on its track.
func seekCommands() []command {
	return []command{
		{verb: "seek", args: "SECONDS", mouse: "click or drag on the timeline", mouseHelp: "drag timeline", help: "seek",
			doc: "go to SECONDS into the clip and pause", keyDoc: "seek",
			regions: []mouseRegion{region(atTrack, true, true, func(a *App, x, y int) bool { return a.tl.contains(x, y) }, nil)},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.st.Seek(c.a.tl.timeAt(c.a.st, p.x))
					return nil
				}
				return c.nums(func(v []float64) { c.a.st.Seek(v[0]) })
			}},
	}
}

// rangeCommands are the timeline's zoom and range: a drag on the ruler
// marks the range, a right or middle drag pans the span shown, the wheel
// zooms it.
func rangeCommands() []command {
	return []command{
		{verb: "set-in", args: "[SECONDS]", keys: keys(key(ebiten.KeyI)), mouse: "drag on the ruler (above the track)",
			mouseHelp: "drag ruler", help: "range",
			doc: "put the range's in point at SECONDS (else the current frame): playback, stepping and " +
				"looping keep to the range", keyDoc: "the range's in / out point at the current frame, or its " +
				"ends from a drag on the ruler; playback, stepping and looping keep to it",
			regions: []mouseRegion{region(atRuler, true, true, func(a *App, x, y int) bool { return a.tl.onRuler(x, y) }, rulerDrag)},
			run:     func(c *call) error { return c.timeArg(c.a.st.SetIn) }},
		{verb: "set-out", args: "[SECONDS]", keys: keys(key(ebiten.KeyO)), pairs: true,
			doc: "put the range's out point at SECONDS (else the current frame)",
			run: func(c *call) error { return c.timeArg(c.a.st.SetOut) }},
		{verb: "range", args: "FROM TO", doc: "set the range from FROM to TO seconds (each on its nearest frame)",
			run: func(c *call) error {
				return c.nums(func(v []float64) {
					if !c.a.st.SetRange(v[0], v[1]) {
						c.a.st.Notify("the range's ends fall on one frame: no range", time.Now())
					}
				})
			}},
		{verb: "clear-range", keys: keys(key(ebiten.KeyBackspace)), help: "clear range",
			doc: "clear the range: playback has the whole clip again",
			run: do(func(a *App) { a.st.ClearRange() })},
		{verb: "timeline-zoom", args: "FACTOR [SECONDS]", mouse: "wheel over the timeline", mouseHelp: "wheel timeline",
			help: "zoom", keyDoc: "zoom the timeline around the pointer",
			doc: "show FACTOR times less of the clip on the timeline (0.5: twice as much), around SECONDS " +
				"(else the current time)",
			regions: []mouseRegion{wheelRegion(wheelOnTimeline, func(a *App, x, y int) bool { return a.tl.contains(x, y) }, nil)},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					f := wheelFactor(p.wheel)
					c.a.st.ZoomTimeline(c.a.tl.timeAt(c.a.st, p.x), f*f)
					return nil
				}
				if f, err := strconv.ParseFloat(c.args[0], 64); err == nil && !(f > 0) {
					return fmt.Errorf("timeline-zoom: the factor %s is not above 0", c.args[0])
				}
				return c.nums(func(v []float64) {
					at := c.a.st.Playback().Time()
					if len(v) > 1 {
						at = v[1]
					}
					c.a.st.ZoomTimeline(at, 1/v[0])
				})
			}},
		{verb: "timeline-pan", args: "SECONDS", mouse: "right or middle drag on the timeline", mouseHelp: "right drag timeline",
			help: "pan", keyDoc: "pan the zoomed timeline",
			doc:     "move the zoomed timeline's span SECONDS later (negative: earlier)",
			regions: []mouseRegion{region(atTimeline, false, true, func(a *App, x, y int) bool { return a.tl.contains(x, y) }, nil)},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.st.PanTimeline(-float64(p.dx) * c.a.tl.secondsPerPixel(c.a.st))
					return nil
				}
				return c.nums(func(v []float64) { c.a.st.PanTimeline(v[0]) })
			}},
		{verb: "timeline-all", keys: keys(shift(ebiten.KeyBackspace)), help: "whole timeline",
			doc: "show the whole clip on the timeline",
			run: do(func(a *App) { a.st.ShowWholeTimeline() })},
	}
}

// rulerDrag is a left drag on the ruler: it marks the range from the time
// it started at to the pointer's; a click without motion seeks there.
func rulerDrag(c *call) error {
	p, a := c.ptr, c.a
	if p.press {
		p.from = a.tl.timeAt(a.st, p.x)
	}
	switch {
	case p.release && p.movedX < 3:
		a.st.Seek(p.from)
	case p.movedX >= 3:
		a.st.SetRange(p.from, a.tl.timeAt(a.st, p.x))
	}
	return nil
}
