package ui

import (
	"time"

	"github.com/animview/animview/render"
	"github.com/animview/animview/render/ebitenview"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// settleFrames is how many frames are still drawn after the last change:
// ebitenui shows a button's release or a list's new selection a tick after
// the input that caused it.
const settleFrames = 6

// paintState decides whether a frame needs drawing. The window runs with
// ebiten.SetScreenClearedEveryFrame(false): a Draw that draws nothing leaves
// the last picture on screen and ebiten skips presenting it, so a paused
// viewer with nothing changing costs almost nothing.
type paintState struct {
	drawer ebitenview.Drawer
	// last is what the previous drawn frame showed.
	last    paintKey
	settle  int
	cursorX int
	cursorY int
	// firstLogged is set once the first frame's time has been logged.
	firstLogged bool
}

// paintKey is the part of the viewer's state a frame depends on that can
// change without input (playback, loading, scripted actions).
type paintKey struct {
	path, err              string
	asset                  any
	clip, selected         int
	time                   float64
	playing, loop          bool
	speed                  float64
	bind, labels, grid     bool
	follow, through, help  bool
	camera                 render.Camera
	fired                  int
	width, height          int
	pendingShot            string
	needFrame, shotPending bool
}

func (a *App) paintKey() paintKey {
	st := a.st
	return paintKey{
		path: st.Path, err: st.Err, asset: st.Asset, clip: st.Clip, selected: st.Selected,
		time: st.Time, playing: st.Playing, loop: st.Loop, speed: st.Speed,
		bind: st.BindPose, labels: st.Labels, grid: st.Grid,
		follow: st.Follow, through: st.ThroughCamera, help: st.Help,
		camera: st.Camera, fired: len(st.Fired), width: a.width, height: a.height,
		pendingShot: a.pendingShot, needFrame: a.needFrame,
		shotPending: a.opt.Screenshot != "" && !a.shotDone,
	}
}

// inputActive reports whether the user is doing anything this tick: a key
// or button held or just released, the cursor moving or the wheel turning.
func (p *paintState) inputActive() bool {
	x, y := ebiten.CursorPosition()
	moved := x != p.cursorX || y != p.cursorY
	p.cursorX, p.cursorY = x, y
	if moved {
		return true
	}
	if wx, wy := ebiten.Wheel(); wx != 0 || wy != 0 {
		return true
	}
	var keys [8]ebiten.Key
	if len(inpututil.AppendPressedKeys(keys[:0])) > 0 || len(inpututil.AppendJustReleasedKeys(keys[:0])) > 0 {
		return true
	}
	for b := ebiten.MouseButton0; b <= ebiten.MouseButtonMax; b++ {
		if ebiten.IsMouseButtonPressed(b) || inpututil.IsMouseButtonJustReleased(b) {
			return true
		}
	}
	return len(ebiten.AppendInputChars(nil)) > 0
}

// shouldDraw reports whether this frame must be drawn: something changed,
// playback runs, the user is giving input, or a change is settling.
func (a *App) shouldDraw() bool {
	p := &a.paint
	k := a.paintKey()
	changed := a.frames == 0 || k != p.last || k.playing || k.shotPending || k.pendingShot != "" || k.needFrame
	if p.inputActive() || changed {
		p.settle = settleFrames
	}
	p.last = k
	if p.settle == 0 {
		return false
	}
	p.settle--
	return true
}

// logFirstFrame reports the time from the program's start to the first
// drawn frame, when the caller asked for it (Options.Started).
func (a *App) logFirstFrame() {
	if a.paint.firstLogged || a.opt.Started.IsZero() {
		return
	}
	a.paint.firstLogged = true
	a.opt.Log("first frame after " + time.Since(a.opt.Started).Round(time.Millisecond).String())
}
