package ui

import (
	"time"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// input maps the mouse onto the commands' regions and the keys onto the
// command table, and tracks a mouse drag that started in a region.
type input struct {
	// drag is the region whose drag goes on (nil: none), p its pointer;
	// tap is a click's pointer, wheel the wheel's.
	drag          *mouseRegion
	p, tap, wheel pointer
	rep           keyRepeat
	// calls hold the mouse's calls (a region's call, and one it runs in
	// turn), so that a drag's tick allocates none; depth are in use.
	calls [3]call
	depth int
}

// call makes a call of command c with the pointer p, from calls while
// one is free.
func (in *input) call(a *App, c *command, p *pointer) *call {
	if in.depth == len(in.calls) {
		return &call{a: a, cmd: c, ptr: p}
	}
	cl := &in.calls[in.depth]
	in.depth++
	*cl = call{a: a, cmd: c, ptr: p}
	return cl
}

// done gives back cl, the last call made.
func (in *input) done(cl *call) {
	if in.depth > 0 && cl == &in.calls[in.depth-1] {
		in.depth--
		*cl = call{}
	}
}

// keyRepeat repeats the last pressed key of a repeating command while it
// is held, by the wall clock: the first repeat repeatDelay after the
// press, then one every repeatEvery. Counting by time rather than by
// ticks keeps the rate when the machine draws 2 to 5 frames a second
// (ebiten then runs fewer ticks than 60 a second), and several repeats
// fall due in one slow update.
type keyRepeat struct {
	key   ebiten.Key
	held  bool
	since time.Time
	done  int
}

const (
	repeatDelay = 350 * time.Millisecond
	repeatEvery = 50 * time.Millisecond
	// maxRepeats bounds the repeats one update gives after a stall.
	maxRepeats = 10
)

// start begins repeating k, pressed at now.
func (r *keyRepeat) start(k ebiten.Key, now time.Time) {
	r.key, r.held, r.since, r.done = k, true, now, 0
}

// due returns how many repeats of the held key fall due by now (none once
// it is released).
func (r *keyRepeat) due(in *tickInput, now time.Time) int {
	if !r.held {
		return 0
	}
	if !in.isHeld(r.key) {
		r.held = false
		return 0
	}
	held := now.Sub(r.since)
	if held < repeatDelay {
		return 0
	}
	n := int((held-repeatDelay)/repeatEvery) + 1
	d := n - r.done
	r.done = n
	return min(d, maxRepeats)
}

// mouseButtons are the buttons a drag can start with.
var mouseButtons = [...]ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}

// handleInput maps the tick's mouse and keys onto the state and the
// commands: a modal that has the keyboard (modal.go) takes what is typed
// and the keys first, then the regions take the mouse (a modal's first),
// and the keys go to the window; a.in keeps what goes on from tick to
// tick (a drag, a key's repeat).
func (a *App) handleInput(ti *tickInput) {
	in := &a.in
	x, y := ti.x, ti.y
	m := a.modal()
	if m.keyed() && (!a.typeIn(m, ti) || !a.pressKeys(ti, m)) {
		return // a key closed the modal, or was its own: the tick ends there
	}
	for i, b := range mouseButtons {
		if ti.pressed[i] && in.drag == nil {
			a.pressAt(b, x, y, ti.mods)
		}
	}
	// A modal that has the keyboard holds a drag that is not its own (one
	// that began before it showed).
	if mm := a.modal(); in.drag != nil && (!mm.keyed() || in.drag.in.has(mm)) {
		a.moveDrag(x, y, ti.released[buttonIndex(in.p.button)], ti.mods)
	}
	if ti.wheelY != 0 {
		if r := a.cmds.wheelAt(a, x, y); r != nil {
			in.wheel = pointer{x: x, y: y, mods: ti.mods, wheel: ti.wheelY}
			a.runMouse(r, &in.wheel)
		}
	}
	if m.keyed() || a.ui.HasFocus() {
		return
	}
	a.pressKeys(ti, m)
}

// pressKeys carries out the keys of the tick, the modal m having the
// input as it began. Every press since the last update counts, one
// released in the same update too (ebiten keeps its press time): a slow
// frame does not drop a short press. The keys of commands that repeat
// (the arrows), and the moving keys of a list, repeat while held, after
// a pause. With m a modal that has the keyboard, it reports false once a
// key closed it, the tick's later keys dropped.
func (a *App) pressKeys(ti *tickInput, m modal) bool {
	in := &a.in
	mods := ti.mods
	now := time.Now()
	for _, k := range ti.keys {
		repeats := false
		for range timesTyped(ti.typesChar(k), mods, ti.stillDown(k), ti.typed) {
			repeats = a.press(k, mods)
			if m.keyed() && a.modal() != m {
				return false
			}
		}
		if repeats {
			in.rep.start(k, now)
		}
	}
	for range in.rep.due(ti, now) {
		a.press(in.rep.key, mods)
	}
	return true
}

// pressAt is a press of button b at (x, y) with the modifiers mods: the
// region under it has it (input.press).
func (a *App) pressAt(b ebiten.MouseButton, x, y int, mods modifier) {
	if r := a.cmds.regionAt(a, b, x, y); r != nil {
		if r, p := a.in.press(r, b, x, y, mods); r != nil {
			a.runMouse(r, p)
		}
	}
}

// press is a press of button b at (x, y) in region r: a click runs its
// command once, the region and pointer press returns; a drag runs it on
// each tick from this one (move) until the button is released, and
// press returns no region.
func (in *input) press(r *mouseRegion, b ebiten.MouseButton, x, y int, mods modifier) (*mouseRegion, *pointer) {
	p := pointer{x: x, y: y, button: b, mods: mods, press: true}
	if !r.drag {
		in.tap = p
		in.tap.release = true
		return r, &in.tap
	}
	in.p, in.drag = p, r
	return nil, nil
}

// moveDrag continues the drag to (x, y) and runs its region's command
// with the motion since the last tick; release ends it.
func (a *App) moveDrag(x, y int, release bool, mods modifier) {
	r, p := a.in.move(x, y, release, mods)
	a.runMouse(r, p)
	p.press = false
}

// move continues the drag to (x, y): it returns the region whose command
// runs with the pointer's motion since the last tick; release ends it.
func (in *input) move(x, y int, release bool, mods modifier) (*mouseRegion, *pointer) {
	p := &in.p
	if !p.press {
		p.dx, p.dy = x-p.x, y-p.y
	}
	p.x, p.y, p.mods, p.release = x, y, mods, release
	p.moved += abs(p.dx) + abs(p.dy)
	p.movedX += abs(p.dx)
	r := in.drag
	if release {
		in.drag = nil
	}
	return r, p
}

// click is a left click at (x, y) as the mouse would give it, for action
// scripts: the region under it (a modal's first) has a press and a
// release without motion there.
func (a *App) click(x, y int) {
	a.pressAt(ebiten.MouseButtonLeft, x, y, 0)
	if a.in.drag != nil {
		a.moveDrag(x, y, true, 0)
	}
}

// pointer is the mouse of a call a region makes (call.ptr): where the
// cursor is, the button and the modifiers held, the motion since the
// drag's last tick and over the whole drag, and which tick of the drag
// it is. A click is one call with press and release both set.
type pointer struct {
	x, y, dx, dy int
	// moved is how far the drag went, |dx|+|dy| summed over its ticks;
	// movedX the same across only.
	moved, movedX  int
	button         ebiten.MouseButton
	mods           modifier
	press, release bool
	// wheel is how far the wheel turned this tick (up > 0), for a wheel
	// region.
	wheel float64
	// from is what the press noted for the drag's later ticks (the time a
	// range drag starts at).
	from float64
}

// mouseRegion is a part of the window where a press of the mouse (or a
// turn of the wheel) runs a command: it sits in the command's row
// (command.regions), beside its keys, and the command's mouse text tells
// what it does. The set looks the regions up in their order.
type mouseRegion struct {
	// order is the region's place in the look-up: the first (lowest)
	// whose hit takes the point and button has the press.
	order int
	// wheel: the region takes the wheel, not presses.
	wheel bool
	// in are the modals while which the region is live (modal.go); none:
	// the window's, live unless a region before it takes the press.
	in modalSet
	// left: the left button only; else any button.
	left bool
	// drag: the press starts a drag, which runs the command on each tick
	// until the release; else a press runs it once.
	drag bool
	// hit reports whether (x, y) is in the region.
	hit func(a *App, x, y int) bool
	// act is what the region does with the call's pointer, where it is
	// not what the command's own handler does with it (nil: run).
	act func(c *call) error
	// cmd is the command the region is in (newCommandSet sets it).
	cmd *command
}

// region is a region of the command's row: a click, or with drag a drag.
func region(order int, left, drag bool, hit func(a *App, x, y int) bool, act func(c *call) error) mouseRegion {
	return mouseRegion{order: order, left: left, drag: drag, hit: hit, act: act}
}

// wheelRegion is a region of the command's row where the wheel runs it.
func wheelRegion(order int, hit func(a *App, x, y int) bool, act func(c *call) error) mouseRegion {
	return mouseRegion{order: order, wheel: true, hit: hit, act: act}
}

// The regions' order: the modals' (the browser's and the lists', whose
// capture closes them on a click outside the view; the frame box, which
// takes a click while the questions show; the questions'), then the
// timeline, the panels drawn over the view, the warnings' banner, and
// the view last.
const (
	atBrowserBar = 10 * (iota + 1)
	atModalRow
	atListTitle
	atListClose
	atListCapture
	atFrameBox
	atFrameElsewhere
	atChoice
	atAnswer
	atAnswerNo
	atCapture
	atRuler
	atTrack
	atTimeline
	atCurves
	atCompare
	atDopeClick
	atDopeDrag
	atBanner
	atView
)

// The wheel's regions' order.
const (
	wheelInModal = iota + 1
	wheelInView
	wheelOnTimeline
	wheelOnDope
)

// wheelFactor is the zoom a turn of wy notches asks for: up, closer.
func wheelFactor(wy float64) float64 {
	if wy < 0 {
		return 1 / 0.9
	}
	return 0.9
}

// liveIn reports whether the region takes input while the modal m has
// it: a window's region (in empty) always, a modal's while it shows.
func (r *mouseRegion) liveIn(m modal) bool { return r.in == 0 || r.in.has(m) }

// regionAt is the region a press of button b at (x, y) falls in (nil:
// none).
func (cs *commandSet) regionAt(a *App, b ebiten.MouseButton, x, y int) *mouseRegion {
	m := a.modal()
	for _, r := range cs.presses {
		if r.liveIn(m) && (!r.left || b == ebiten.MouseButtonLeft) && r.hit(a, x, y) {
			return r
		}
	}
	return nil
}

// wheelAt is the region the wheel turns in at (x, y) (nil: none).
func (cs *commandSet) wheelAt(a *App, x, y int) *mouseRegion {
	m := a.modal()
	for _, r := range cs.wheels {
		if r.liveIn(m) && r.hit(a, x, y) {
			return r
		}
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// timesTyped is how many times a key was pressed since the last update:
// Ebitengine keeps one press per key and update, so a key pressed twice
// within one slow frame counted once (issue 33, item 9). A key that types
// a character (char: a letter, a digit, ',' '.' '[' ']' '-' '=') is
// counted by the characters typed, which the system queues one per press;
// any other key (the arrows, Home, End; char 0) counts once, and repeats
// by the clock while held. So does a key still down when the update comes
// (a press duration above 0, still; one released within the frame has 0):
// the system's own key repeat types characters for it too, which are not
// presses.
func timesTyped(char rune, mods modifier, still bool, typed []rune) int {
	if mods&modCtrl != 0 || still || char == 0 {
		return 1
	}
	want := unicode.ToLower(char)
	n := 0
	for _, r := range typed {
		if unicode.ToLower(r) == want {
			n++
		}
	}
	return max(1, n)
}
