package ui

import (
	"github.com/animview/animview/render/dopesheet"
	"github.com/hajimehoshi/ebiten/v2"
)

// panelCommands are the curves panel's and the dope sheet's: a press or
// drag on the curves seeks; a click on the dope sheet selects a bone or
// seeks to a key or an event, a right or middle drag pans the timeline,
// the wheel scrolls the rows (Ctrl zooms the timeline, Shift pans it).
func panelCommands() []command {
	return []command{
		{verb: "curves", keys: keys(key(ebiten.KeyK)), button: "Curves", at: slot{warningButtons, 20},
			on: func(a *App) bool { return a.st.Curves().Shown() }, help: "curves",
			doc: "the curves panel: the selected bone's local translation, rotation and scale over the span the " +
				"timeline shows, with the clip's keys and the current time; a click or drag on it seeks",
			regions: []mouseRegion{region(atCurves, true, true, func(a *App, x, y int) bool { return a.curves.contains(x, y) },
				func(c *call) error { c.a.runVerb("seek", seconds(c.a.curves.timeAt(c.a.st, c.ptr.x))); return nil })},
			run: do(func(a *App) { a.st.ToggleCurves() })},
		{verb: "curves-euler", keys: keys(shift(ebiten.KeyK)), help: "Euler curves",
			doc: "plot rotation as Euler angles (degrees about X, Y, Z, as the inspector) or as quaternion components",
			run: do(func(a *App) { a.st.ToggleEuler() })},
		{verb: "dope-sheet", keys: keys(key(ebiten.KeyD)), help: "dope sheet",
			doc: "the dope sheet, in the curves panel's place: the clip's events on a row, then a row per bone the bone " +
				"tree shows with a mark at each of its keys, over the span the timeline shows; a click on a row selects " +
				"the bone, on a key or an event seeks to it; the wheel scrolls the rows, Ctrl+wheel zooms the timeline, " +
				"Shift+wheel or a right drag pans it",
			regions: []mouseRegion{
				region(atDopeClick, true, false, onDope, dopeClick),
				region(atDopeDrag, false, true, onDope, func(c *call) error { c.a.dope.pan(c.a.st, c.ptr.dx); return nil }),
				wheelRegion(wheelOnDope, onDope, func(c *call) error {
					c.a.dope.wheel(c.a.st, c.ptr.x, c.ptr.wheel, c.ptr.mods)
					return nil
				}),
			},
			run: do(func(a *App) { a.st.ToggleDopeSheet() })},
	}
}

// dopeClick is a left click on the dope sheet: on a bone's name it runs
// select-bone, on one of its keys select-bone and seek to the key, on an
// event seek to it.
func dopeClick(c *call) error {
	a, p := c.a, c.ptr
	h := a.dope.hitAt(a.st, p.x, p.y)
	if h.Kind == dopesheet.HitKey || h.Kind == dopesheet.HitBone {
		a.runVerb("select-bone", a.boneArg(h.Bone))
	}
	if h.Kind == dopesheet.HitKey || h.Kind == dopesheet.HitEvent {
		a.runVerb("seek", seconds(h.Time))
	}
	a.dope.traceClick(a.st, p.x, p.y, h)
	return nil
}

// onDope reports whether (x, y) is on the dope sheet.
func onDope(a *App, x, y int) bool { return a.dope.contains(x, y) }
