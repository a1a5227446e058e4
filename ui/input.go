package ui

import (
	"image"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// inputState tracks a mouse drag that started in the 3D view or on the
// timeline.
type inputState struct {
	dragging bool
	scrub    bool // the drag seeks on the timeline
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

// mouseButtons are the buttons a drag can start with.
var mouseButtons = [...]ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}

// handleInput maps mouse and keys onto state actions.
func (a *App) handleInput() {
	st := a.st
	in := &a.input
	x, y := ebiten.CursorPosition()

	if st.Browser != nil {
		a.browserInput(x, y)
		return
	}
	if a.frameBoxInput(x, y) {
		return
	}
	for _, b := range mouseButtons {
		if !inpututil.IsMouseButtonJustPressed(b) || in.dragging {
			continue
		}
		switch {
		case b == ebiten.MouseButtonLeft && a.onTimeline(x, y):
			*in = inputState{dragging: true, scrub: true, button: b}
		case b == ebiten.MouseButtonLeft && a.onBanner(x, y):
			st.DismissWarnings()
		case a.inView(x, y):
			*in = inputState{dragging: true, button: b, lastX: x, lastY: y, pressX: x, pressY: y}
		}
	}
	if in.dragging {
		a.drag(x, y, inpututil.IsMouseButtonJustReleased(in.button))
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
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	a.keys = inpututil.AppendJustPressedKeys(a.keys[:0])
	for _, k := range a.keys {
		a.press(k, shift, ctrl)
	}
	// Held arrows repeat after a pause.
	for _, k := range [...]ebiten.Key{ebiten.KeyLeft, ebiten.KeyRight} {
		if d := inpututil.KeyPressDuration(k); d > 20 && d%3 == 0 {
			a.press(k, shift, ctrl)
		}
	}
}

// drag continues a mouse drag to (x, y); release ends it. A left click
// without motion in the view picks the joint under the cursor.
func (a *App) drag(x, y int, release bool) {
	in := &a.input
	if in.scrub {
		a.st.SeekFraction(a.timelineFraction(x))
		if release {
			in.dragging = false
		}
		return
	}
	dx, dy := x-in.lastX, y-in.lastY
	in.lastX, in.lastY = x, y
	in.moved += abs(dx) + abs(dy)
	pan := in.button != ebiten.MouseButtonLeft || ebiten.IsKeyPressed(ebiten.KeyShift)
	if pan {
		a.pan(float64(dx), float64(dy))
	} else {
		a.st.Camera.Orbit(-float64(dx)*0.4, float64(dy)*0.4)
	}
	if release {
		if in.moved < 4 && in.button == ebiten.MouseButtonLeft {
			if i := a.dl.Pick(float32(x), float32(y), 10); i >= 0 {
				a.st.SelectBone(i)
				a.scrollToBone(i)
			}
		}
		in.dragging = false
	}
}

// click is a left click at (x, y) as the mouse would give it, for action
// scripts: the timeline seeks, the banner closes, the view picks a joint.
func (a *App) click(x, y int) {
	switch {
	case a.onTimeline(x, y):
		a.input = inputState{dragging: true, scrub: true, button: ebiten.MouseButtonLeft}
		a.drag(x, y, true)
	case a.onBanner(x, y):
		a.st.DismissWarnings()
	case a.inView(x, y):
		a.input = inputState{dragging: true, button: ebiten.MouseButtonLeft, lastX: x, lastY: y}
		a.drag(x, y, true)
	}
}

// press carries out key k, as typed with Shift and Ctrl as given.
func (a *App) press(k ebiten.Key, shift, ctrl bool) {
	st := a.st
	if k == ebiten.KeyEscape && a.cancelRecording() {
		return // the first Esc stops a recording; the next closes panels
	}
	switch k {
	case ebiten.KeySpace:
		st.TogglePlay()
	case ebiten.KeyRight, ebiten.KeyLeft:
		d := 1
		if k == ebiten.KeyLeft {
			d = -1
		}
		switch {
		case ctrl:
			st.JumpEvent(d)
		case shift:
			st.JumpKey(d)
		default:
			st.Step(d)
		}
	case ebiten.KeyHome:
		st.Home()
	case ebiten.KeyEnd:
		st.End()
	case ebiten.KeyUp, ebiten.KeyEqual, ebiten.KeyNumpadAdd:
		st.ChangeSpeed(1)
	case ebiten.KeyDown, ebiten.KeyMinus, ebiten.KeyNumpadSubtract:
		st.ChangeSpeed(-1)
	case ebiten.KeyR:
		st.Reverse()
	case ebiten.KeyL:
		st.Loop = !st.Loop
	case ebiten.KeyN:
		st.Labels = !st.Labels
	case ebiten.KeyM:
		st.CycleShow()
	case ebiten.KeyG:
		st.Grid = !st.Grid
	case ebiten.KeyB:
		st.BindPose = !st.BindPose
	case ebiten.KeyF:
		a.frameAll()
	case ebiten.KeyT:
		st.Follow = !st.Follow
		a.frameAll()
	case ebiten.KeyH:
		if shift {
			st.ToggleHelpers()
		} else {
			a.toggleSelectedBone()
		}
	case ebiten.KeyC:
		if c := st.CurrentClip(); c != nil && c.Camera != nil {
			st.ThroughCamera = !st.ThroughCamera
		}
	case ebiten.KeyF1, ebiten.KeySlash:
		st.Help = !st.Help
	case ebiten.KeyEscape:
		st.Help, st.Err, st.ShowWarnings = false, "", false
		st.DismissWarnings()
	case ebiten.KeyPageDown, ebiten.KeyBracketRight, ebiten.KeyPageUp, ebiten.KeyBracketLeft:
		d := 1
		if k == ebiten.KeyPageUp || k == ebiten.KeyBracketLeft {
			d = -1
		}
		if ctrl && (k == ebiten.KeyPageDown || k == ebiten.KeyPageUp) {
			a.openSibling(d)
		} else {
			a.stepClip(d)
		}
	case ebiten.KeyP, ebiten.KeyF12:
		if shift && k == ebiten.KeyP {
			a.recordGIF()
		} else {
			a.requestScreenshot()
		}
	case ebiten.KeyDigit1, ebiten.KeyNumpad1:
		st.SetView(state.ViewFront)
	case ebiten.KeyDigit3, ebiten.KeyNumpad3:
		st.SetView(state.ViewSide)
	case ebiten.KeyDigit7, ebiten.KeyNumpad7:
		st.SetView(state.ViewTop)
	case ebiten.KeyDigit5, ebiten.KeyNumpad5:
		st.ToggleOrtho()
	case ebiten.KeyO:
		if ctrl {
			a.openDialog()
		} else {
			st.ToggleOnion()
		}
	case ebiten.KeyI:
		st.ToggleInPlace()
	case ebiten.KeyX:
		st.ToggleAxes()
	case ebiten.KeyZ:
		a.zoomToSelected()
	case ebiten.KeyW:
		st.ToggleWarnings()
	}
}

// pan moves the orbit target in the view plane.
func (a *App) pan(dx, dy float64) {
	a.st.Camera.Pan(dx, dy, float64(a.viewport().H))
}

// stepClip moves between clips, or between a container's animations.
func (a *App) stepClip(d int) {
	if e := a.st.StepAnimation(d); e != "" {
		a.openEntry(e)
		return
	}
	a.clipChanged()
}

func (a *App) scrollToBone(i int) {
	if i >= 0 && i < len(a.w.boneEntries) {
		if e := a.w.boneEntries[i]; a.w.bones.SelectedEntry() != e {
			a.w.setBone = e
			a.w.bones.SetSelectedEntry(e)
		}
	}
}

// zoomToSelected frames the selected bone closely (Z).
func (a *App) zoomToSelected() {
	i := a.st.Selected
	if i < 0 || i >= a.world.Len() {
		return
	}
	// A radius from the bone's length to its parent, so a finger and a
	// spine get a sensible close-up.
	p := a.world.Position(i)
	r := float32(0)
	if pi := a.st.Asset.Skeleton.Bones[i].Parent; pi >= 0 {
		r = p.Sub(a.world.Position(pi)).Len()
	}
	if r <= 0 {
		r = 0.5
	}
	vp := a.viewport()
	aspect := 1.0
	if vp.H > 0 {
		aspect = float64(vp.W / vp.H)
	}
	a.st.Follow = false
	a.st.ZoomTo(a.root, p, r*1.5, aspect)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
