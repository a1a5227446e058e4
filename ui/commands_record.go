package ui

import "github.com/hajimehoshi/ebiten/v2"

// recordCommands save what the view shows: a screenshot, a script's
// picture, a GIF.
func recordCommands() []command {
	return []command{
		{verb: "screenshot", keys: keys(key(ebiten.KeyP), key(ebiten.KeyF12)), help: "screenshot",
			doc: "save a screenshot in the working folder (a message names the file; names never collide)",
			run: do(func(a *App) { a.requestScreenshot() })},
		{verb: "snap", args: "FILE…",
			doc: "in a script, save the view as it is once --after ticks have passed, as --screenshot saves its " +
				"picture, to FILE (PNG), and go on: one run of the program makes several pictures",
			run: withArgs(func(c *call) { c.a.snap(c.args[0]) })},
		{verb: "record-gif", keys: keys(shift(ebiten.KeyP)), help: "record GIF",
			doc: "record what plays (one pass of the clip or animation tree) as an animated GIF in the working " +
				"folder, in the background with a progress bar; from the view's direction, at most 640 px wide " +
				"and 30 fps; Esc cancels. A script waits until the GIF is written",
			run: func(c *call) error {
				c.a.rec.start(c.a.st, c.a.viewport(), c.a.scene.opts)
				if c.scripted {
					c.a.script.hold = c.a.st.Recording().Active()
				}
				return nil
			}},
	}
}
