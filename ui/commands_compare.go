package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// compareCommands are the compare view's: a second file over the open one.
func compareCommands() []command {
	return []command{
		{verb: "compare-dialog", keys: keys(binding{key: ebiten.KeyO, mods: modCtrl | modShift}), button: "Compare…",
			at: slot{compareButtons, 10}, help: "compare with a file",
			doc: "choose a file in the built-in browser to compare with the open one (as compare FILE)",
			run: do(func(a *App) {
				if a.chooseCompare() {
					return // the web page's own chooser
				}
				a.browser.show(a.st, "")
				a.browser.compare = true
			})},
		{verb: "compare", args: "FILE…",
			doc: "open FILE over the open file as a ghost in its own colour, on the same clock, with the camera framing " +
				"both; bones pair as `animview diff` pairs them (--map). The status line gives the largest difference " +
				"now and its bone, a panel lists the bones that differ most over the clip (click one to select it) and " +
				"the curves panel plots the selected bone's difference",
			regions: []mouseRegion{region(atCompare, true, false, onCompare, compareClick)},
			run:     func(c *call) error { return c.a.cmp.open(c.a.st, c.args[0]) }},
		{verb: "compare-clip", args: "NAME|INDEX…", doc: "show the compared file's clip NAME, or numbered INDEX from 0",
			run: func(c *call) error { return c.a.cmp.selectClip(c.a.st, c.args[0]) }},
		{verb: "compare-prev-clip", keys: keys(shift(ebiten.KeyBracketLeft)), help: "compared file's clip",
			doc:    "show the compared file's previous clip (without one, the open file's, as prev-clip)",
			keyDoc: "previous / next clip of the compared file (the compare panel's < >)",
			run:    func(c *call) error { return c.a.cmp.stepClipOr(c.a.st, -1) }},
		{verb: "compare-next-clip", keys: keys(shift(ebiten.KeyBracketRight)), pairs: true,
			doc: "show the compared file's next clip (without one, the open file's, as next-clip)",
			run: func(c *call) error { return c.a.cmp.stepClipOr(c.a.st, 1) }},
		{verb: "compare-off", doc: "end the comparison (the compare panel's ×)",
			run: do(func(a *App) { a.cmp.close(a.st) })},
	}
}

// compareClick is a left click on the compare panel: on a row it runs
// select-bone with the row's bone, on the close box compare-off, on the
// arrows compare-prev-clip or compare-next-clip.
func compareClick(c *call) error {
	a := c.a
	switch verb, row := a.cmp.hitAt(c.ptr.x, c.ptr.y); {
	case row >= 0:
		a.runVerb(verb, a.boneArg(a.cmp.rowBone(row)))
		a.cmp.traceRow(row)
	case verb != "":
		a.runVerb(verb)
	}
	return nil
}

// onCompare reports whether (x, y) is on the compare panel, where a click
// on a bone that differs selects it (compareClick).
func onCompare(a *App, x, y int) bool {
	return a.cmp.active() && a.st.Texture() == nil && image.Pt(x, y).In(a.cmp.panel)
}
