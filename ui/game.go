package ui

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// game is the ebiten.Game that Run runs: the App, and around it the hooks
// that tests and scripts ask of a run, apart from what the window shows:
// the trace of the input handled and the frames drawn (Options.Trace), a
// slow GL's frames (Options.SlowDraw), and the pictures saved for
// --screenshot and a script's snap, a screenshot run ending with its
// picture.
type game struct {
	a      *App
	tracer tracer
	// done: the screenshot run is over; fatal is why it failed.
	done  bool
	fatal error
	// write saves the screen as PNG (nil: saveScreenshot, which needs a
	// display to read the screen back).
	write func(screen *ebiten.Image, path string) error
}

// Update runs the App's update and traces the input it handled.
func (g *game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	err := g.a.Update()
	g.tracer.input(g.a, &g.a.inp)
	return err
}

// Draw draws the App's frame, then holds it for Options.SlowDraw, traces
// it and saves the picture a snap or the screenshot waits for.
func (g *game) Draw(screen *ebiten.Image) {
	a := g.a
	if !a.draw(screen) {
		return
	}
	if a.opt.SlowDraw > 0 {
		time.Sleep(a.opt.SlowDraw)
	}
	g.tracer.frame(a)
	g.save(screen)
}

// Layout is the App's.
func (g *game) Layout(w, h int) (int, int) { return g.a.Layout(w, h) }

// save saves the picture a snap waits for, or once --after ticks have
// passed the screenshot's, which ends the run.
func (g *game) save(screen *ebiten.Image) {
	a := g.a
	if a.shots.snap != "" && (a.opt.Screenshot == "" || a.shots.ticks >= a.opt.After) {
		g.saveSnap(screen)
		return
	}
	if a.opt.Screenshot == "" || a.shots.done || a.shots.ticks < a.opt.After {
		return
	}
	a.shots.done = true
	if err := g.writePNG(screen, a.opt.Screenshot); err != nil {
		g.fatal = err
	} else {
		a.opt.Log("saved " + a.opt.Screenshot)
		// What the picture shows, for scripts and tests to check.
		a.opt.Log("shown: " + a.st.Status() + a.cmp.status(a.st))
	}
	g.done = true
}

// saveSnap saves the picture a snap waits for and lets the script go on.
func (g *game) saveSnap(screen *ebiten.Image) {
	a := g.a
	path := a.shots.snap
	a.shots.snap, a.script.hold, a.shots.ticks = "", false, 0
	if err := g.writePNG(screen, path); err != nil {
		a.st.ShowError(err.Error())
		a.opt.Log(err.Error())
		return
	}
	a.opt.Log("saved " + path)
	a.opt.Log("shown: " + a.st.Status() + a.cmp.status(a.st))
}

func (g *game) writePNG(screen *ebiten.Image, path string) error {
	if g.write != nil {
		return g.write(screen, path)
	}
	return saveScreenshot(screen, path)
}
