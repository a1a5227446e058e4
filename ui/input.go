package ui

import (
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// inputState tracks a mouse drag that started in the 3D view.
type inputState struct {
	dragging bool
	button   ebiten.MouseButton
	lastX    int
	lastY    int
	moved    int
	pressX   int
	pressY   int
}

func (a *App) inView(x, y int) bool {
	return image.Pt(x, y).In(a.w.view.GetWidget().Rect)
}

// handleInput maps mouse and keys onto state actions.
func (a *App) handleInput() {
	st := a.st
	in := &a.input
	x, y := ebiten.CursorPosition()

	for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
		if inpututil.IsMouseButtonJustPressed(b) && a.inView(x, y) && !in.dragging {
			*in = inputState{dragging: true, button: b, lastX: x, lastY: y, pressX: x, pressY: y}
		}
	}
	if in.dragging {
		dx, dy := x-in.lastX, y-in.lastY
		in.lastX, in.lastY = x, y
		in.moved += abs(dx) + abs(dy)
		pan := in.button != ebiten.MouseButtonLeft || ebiten.IsKeyPressed(ebiten.KeyShift)
		if pan {
			a.pan(float64(dx), float64(dy))
		} else {
			st.Camera.Orbit(-float64(dx)*0.4, float64(dy)*0.4)
		}
		if inpututil.IsMouseButtonJustReleased(in.button) {
			if in.moved < 4 && in.button == ebiten.MouseButtonLeft {
				// A click without a drag picks the joint under the cursor.
				if i := a.dl.Pick(float32(x), float32(y), 10); i >= 0 {
					st.SelectBone(i)
					a.scrollToBone(i)
				}
			}
			in.dragging = false
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 && a.inView(x, y) {
		f := 0.9
		if wy < 0 {
			f = 1 / 0.9
		}
		st.Camera.Zoom(f)
	}

	if a.ui.HasFocus() {
		return
	}
	just := inpututil.IsKeyJustPressed
	repeat := func(k ebiten.Key) bool {
		d := inpututil.KeyPressDuration(k)
		return d == 1 || (d > 20 && d%3 == 0)
	}
	switch {
	case just(ebiten.KeySpace):
		st.TogglePlay()
	case repeat(ebiten.KeyRight):
		st.Step(1)
	case repeat(ebiten.KeyLeft):
		st.Step(-1)
	case just(ebiten.KeyHome):
		st.Home()
	case just(ebiten.KeyEnd):
		st.End()
	case just(ebiten.KeyUp), just(ebiten.KeyEqual), just(ebiten.KeyNumpadAdd):
		st.ChangeSpeed(1)
	case just(ebiten.KeyDown), just(ebiten.KeyMinus), just(ebiten.KeyNumpadSubtract):
		st.ChangeSpeed(-1)
	case just(ebiten.KeyR):
		st.Reverse()
	case just(ebiten.KeyL):
		st.Loop = !st.Loop
	case just(ebiten.KeyN):
		st.Labels = !st.Labels
	case just(ebiten.KeyG):
		st.Grid = !st.Grid
	case just(ebiten.KeyB):
		st.BindPose = !st.BindPose
	case just(ebiten.KeyF):
		a.frameAll()
	case just(ebiten.KeyT):
		st.Follow = !st.Follow
		a.frameAll()
	case just(ebiten.KeyH):
		a.toggleSelectedBone()
	case just(ebiten.KeyC):
		if c := st.CurrentClip(); c != nil && c.Camera != nil {
			st.ThroughCamera = !st.ThroughCamera
		}
	case just(ebiten.KeyF1), just(ebiten.KeySlash):
		st.Help = !st.Help
	case just(ebiten.KeyEscape):
		st.Help, st.Err = false, ""
	case just(ebiten.KeyPageDown), just(ebiten.KeyBracketRight):
		a.stepClip(1)
	case just(ebiten.KeyPageUp), just(ebiten.KeyBracketLeft):
		a.stepClip(-1)
	case just(ebiten.KeyP), just(ebiten.KeyF12):
		a.requestScreenshot()
	case just(ebiten.KeyDigit1):
		st.Camera.Yaw, st.Camera.Pitch = st.Asset.Coords.FrontYaw, 0 // front
	case just(ebiten.KeyDigit3):
		st.Camera.Yaw, st.Camera.Pitch = st.Asset.Coords.FrontYaw+90, 0 // side
	case just(ebiten.KeyDigit7):
		st.Camera.Yaw, st.Camera.Pitch = st.Asset.Coords.FrontYaw, 89 // top
	}
}

// pan moves the orbit target in the view plane.
func (a *App) pan(dx, dy float64) {
	a.st.Camera.Pan(dx, dy, float64(a.viewport().H))
}

func (a *App) stepClip(d int) {
	n := len(a.st.Asset.Clips)
	if n == 0 {
		return
	}
	i := ((a.st.Clip+d)%n + n) % n
	a.st.SelectClip(i)
	a.refreshEvents()
	for _, e := range a.w.clips.Entries() {
		if ce, ok := e.(*clipEntry); ok && ce.index == i {
			a.w.clips.SetSelectedEntry(e)
		}
	}
}

func (a *App) scrollToBone(i int) {
	if i >= 0 && i < len(a.w.boneEntries) {
		a.w.bones.SetSelectedEntry(a.w.boneEntries[i])
	}
}

// requestScreenshot saves the next frame into the working folder.
func (a *App) requestScreenshot() {
	a.pendingShot = fmt.Sprintf("animview-%s.png", time.Now().Format("20060102-150405"))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
