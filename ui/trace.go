package ui

import (
	"fmt"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// tracer logs what the window has done, for tests that drive it from
// outside with the X server's own mouse and keyboard (Options.Trace): each
// change of the input an update has handled, each frame drawn, and when
// the window is ready (the first frame drawn, the figures framed and the
// action script done). A test waits on these lines instead of guessing how
// long a loaded machine takes.
type tracer struct {
	x, y    int
	buttons [3]bool
	keys    []ebiten.Key
	now     []ebiten.Key
	frames  int
	ready   bool
	// start is when the first frame was drawn.
	start time.Time
}

// traceButtons names the buttons traced, as mouseButtons orders them.
var traceButtons = [...]string{"left", "right", "middle"}

// input logs the input this update handled that differs from the
// last update's: the cursor's position, mouse buttons, keys and typed
// text. It runs at the end of Update, after the widgets and the view's
// own handling have seen the input.
func (tr *tracer) input(a *App, in *tickInput) {
	if !a.opt.Trace {
		return
	}
	x, y := in.x, in.y
	if x != tr.x || y != tr.y {
		tr.x, tr.y = x, y
		a.opt.Log(fmt.Sprintf("input: cursor %d,%d", x, y))
	}
	for i := range mouseButtons {
		if down := in.down[i]; down != tr.buttons[i] {
			tr.buttons[i] = down
			a.opt.Log(fmt.Sprintf("input: %s button %s at %d,%d", traceButtons[i], upDown(down), x, y))
		}
	}
	if wx, wy := in.wheelX, in.wheelY; wx != 0 || wy != 0 {
		a.opt.Log(fmt.Sprintf("input: wheel %g,%g at %d,%d", wx, wy, x, y))
	}
	tr.now = append(tr.now[:0], in.held...)
	for _, k := range tr.now {
		if !slices.Contains(tr.keys, k) {
			a.opt.Log("input: key " + k.String() + " down")
		}
	}
	for _, k := range tr.keys {
		if !slices.Contains(tr.now, k) {
			a.opt.Log("input: key " + k.String() + " up")
		}
	}
	tr.keys, tr.now = tr.now, tr.keys
	if len(in.typed) > 0 {
		a.opt.Log(fmt.Sprintf("input: typed %q", string(in.typed)))
	}
}

func upDown(down bool) string {
	if down {
		return "down"
	}
	return "up"
}

// frame logs a drawn frame, and once the window is ready.
func (tr *tracer) frame(a *App) {
	if !a.opt.Trace {
		return
	}
	tr.frames++
	a.opt.Log(fmt.Sprintf("drew frame %d", tr.frames))
	// How much playback has advanced against the wall clock, for tests
	// that hold 1× to real time on a slow machine.
	if tr.start.IsZero() {
		tr.start = time.Now()
	}
	a.opt.Log(fmt.Sprintf("played %.3f s in %.3f s", a.st.Playback().Clock(), time.Since(tr.start).Seconds()))
	if !tr.ready && !a.scene.needFrame && !a.script.pending() && !a.script.hold {
		tr.ready = true
		a.opt.Log("ready")
	}
}
