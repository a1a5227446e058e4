package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// playbackCommands play, step and time the clip.
func playbackCommands() []command {
	return []command{
		{verb: "play-pause", keys: keys(key(ebiten.KeySpace)), button: "Pause", buttonDoc: "Play / Pause", at: slot{transport, 30}, help: "play / pause",
			doc: "play / pause (without loop: at the end going forwards, or at frame 0 going backwards, it replays)",
			run: do(func(a *App) { a.st.TogglePlay() })},
		{verb: "prev-frame", keys: keys(held(key(ebiten.KeyLeft))), button: "<", at: slot{transport, 20}, help: "frame",
			doc: "step one frame back", keyDoc: "step one frame back / forward",
			run: do(func(a *App) { a.st.StepFrames(-1) })},
		{verb: "next-frame", keys: keys(held(key(ebiten.KeyRight))), button: ">", at: slot{transport, 40}, pairs: true,
			doc: "step one frame forward", run: do(func(a *App) { a.st.StepFrames(1) })},
		{verb: "prev-key", keys: keys(held(shift(ebiten.KeyLeft))), help: "key",
			doc:    "go to the selected bone's previous key (of any bone when none is selected)",
			keyDoc: "previous / next key of the selected bone (of any bone when none is selected)",
			run:    do(func(a *App) { a.st.JumpKey(-1) })},
		{verb: "next-key", keys: keys(held(shift(ebiten.KeyRight))), pairs: true,
			doc: "go to the selected bone's next key (of any bone when none is selected)",
			run: do(func(a *App) { a.st.JumpKey(1) })},
		{verb: "prev-event", keys: keys(held(ctrl(ebiten.KeyLeft))), help: "event",
			doc: "go to the previous event", keyDoc: "previous / next event",
			run: do(func(a *App) { a.st.JumpEvent(-1) })},
		{verb: "next-event", keys: keys(held(ctrl(ebiten.KeyRight))), pairs: true,
			doc: "go to the next event", run: do(func(a *App) { a.st.JumpEvent(1) })},
		{verb: "first-frame", keys: keys(key(ebiten.KeyHome)), button: "|<", at: slot{transport, 10}, help: "ends",
			doc: "go to the first frame and pause", keyDoc: "first / last frame",
			run: do(func(a *App) { a.st.Home() })},
		{verb: "last-frame", keys: keys(key(ebiten.KeyEnd)), button: ">|", at: slot{transport, 50}, pairs: true,
			doc: "go to the last frame and pause", run: do(func(a *App) { a.st.End() })},
		{verb: "frame", args: "N", doc: "go to frame N and pause",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.SeekFrame(int(v[0])) }) }},
		{verb: "frame-box", doc: "give the frame box the keyboard, emptied, as a click on it does: the frame typed and " +
			"Enter (confirm) go there; Esc (close) or a click elsewhere leaves it",
			regions: []mouseRegion{
				region(atFrameBox, true, false, func(a *App, x, y int) bool { return image.Pt(x, y).In(a.w.frameBox.rect()) }, nil),
				{order: atFrameElsewhere, in: of(frameModal), hit: anywhere, act: frameElsewhere},
			},
			run: do(func(a *App) { a.w.frameBox.focus() })},
		{verb: "slower", keys: keys(key(ebiten.KeyDown), key(ebiten.KeyMinus), key(ebiten.KeyNumpadSubtract)),
			button: "-", at: slot{transport, 60}, help: "speed",
			doc: "play slower (down to 0.1×)", keyDoc: "slower / faster (0.1× to 4×)",
			run: do(func(a *App) { a.st.ChangeSpeed(-1) })},
		{verb: "faster", keys: keys(key(ebiten.KeyUp), key(ebiten.KeyEqual), key(ebiten.KeyNumpadAdd)),
			button: "+", at: slot{transport, 70}, pairs: true,
			doc: "play faster (up to 4×)", run: do(func(a *App) { a.st.ChangeSpeed(1) })},
		{verb: "speed", args: "X", doc: "play at X times real time (negative: backwards)",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.SetSpeed(v[0]) }) }},
		{verb: "reverse", keys: keys(key(ebiten.KeyR)), help: "reverse", doc: "reverse",
			run: do(func(a *App) { a.st.Reverse() })},
		{verb: "loop", args: "[on|off]", keys: keys(key(ebiten.KeyL)), button: "Loop", at: slot{transport, 80},
			on: func(a *App) bool { return a.st.Playback().Loop() }, help: "loop",
			doc:    "loop on / off (on, true or 1 turns it on, another word off; without one it switches)",
			keyDoc: "loop on / off",
			run: func(c *call) error {
				if len(c.args) == 0 {
					c.a.st.ToggleLoop()
				} else {
					c.a.st.SetLoop(c.args[0] == "on" || c.args[0] == "true" || c.args[0] == "1")
				}
				return nil
			}},
	}
}

// playCommands play and pause, for scripts.
func playCommands() []command {
	return []command{
		{verb: "play", doc: "play (as Space when paused)", run: do(func(a *App) { a.st.Play() })},
		{verb: "pause", doc: "pause", run: do(func(a *App) { a.st.Pause() })},
	}
}

// frameElsewhere is a press away from the frame box while it has the
// keyboard: a left one gives the keyboard back and goes on to what is
// under it, another goes no further.
func frameElsewhere(c *call) error {
	if p := c.ptr; p.button == ebiten.MouseButtonLeft {
		c.a.w.leaveFrameBox()
		c.a.pressAt(p.button, p.x, p.y, p.mods)
	}
	return nil
}
