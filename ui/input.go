package ui

import (
	"time"
	"unicode"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// input maps the mouse onto the state and the keys onto the command
// table, and tracks a mouse drag that started in the 3D view or on the
// timeline.
type input struct {
	a        *App
	dragging bool
	scrub    bool // the drag seeks on the timeline
	// onLine is a drag on the timeline that is not a scrub: from the
	// ruler it marks the range (left button), else it pans (right or
	// middle).
	onLine bool
	// onCurves is a scrub on the curves panel; onDope a right or middle
	// drag on the dope sheet, which pans the timeline.
	onCurves, onDope bool
	// rangeFrom is the time a range drag started at.
	rangeFrom float64
	button    ebiten.MouseButton
	lastX     int
	lastY     int
	moved     int
	rep       keyRepeat
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

func (in *input) inView(x, y int) bool { return in.a.w.inView(x, y) }

// mouseButtons are the buttons a drag can start with.
var mouseButtons = [...]ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle}

// startDrag begins a drag with button b at (x, y); scrub drags on the
// timeline.
func (in *input) startDrag(b ebiten.MouseButton, x, y int, scrub bool) {
	in.dragging, in.scrub, in.onLine, in.onCurves, in.onDope, in.button = true, scrub, false, false, false, b
	in.lastX, in.lastY, in.moved = x, y, 0
}

// handle maps mouse and keys onto the state and the commands.
func (in *input) handle(ti *tickInput) {
	a := in.a
	st := a.st
	x, y := ti.x, ti.y

	if st.Browser().Open() {
		a.browser.input(ti, &a.in.rep)
		return
	}
	if a.list.open {
		a.list.input(ti, &a.in.rep)
		return
	}
	if a.w.frameBoxInput(ti) || a.cuts.input(ti) || a.drop.input(ti) {
		return
	}
	modal := a.exp.input(ti) // the export's question has the click
	for i, b := range mouseButtons {
		if !ti.pressed[i] || in.dragging || modal {
			continue
		}
		if r := regionAt(a, b, x, y); r != nil && r.press != nil {
			r.press(in, b, x, y)
		}
	}
	if in.dragging {
		in.drag(x, y, ti.released[buttonIndex(in.button)], ti.mods)
	}
	if ti.wheelY != 0 {
		for i := range wheelRegions {
			if r := &wheelRegions[i]; r.hit(a, x, y) {
				r.turn(a, ti)
				break
			}
		}
	}

	if a.ui.HasFocus() {
		return
	}
	mods := ti.mods
	now := time.Now()
	// Every press since the last update counts, one released in the same
	// update too (ebiten keeps its press time): a slow frame does not
	// drop a short press.
	for _, k := range ti.keys {
		for range timesTyped(ti.typesChar(k), mods, ti.stillDown(k), ti.typed) {
			a.press(k, mods)
		}
		if _, b := a.cmds.forKey(k, mods); b != nil && b.repeat {
			in.rep.start(k, now)
		}
	}
	// The keys of commands that repeat (the arrows) repeat while held,
	// after a pause.
	for range in.rep.due(ti, now) {
		a.press(in.rep.key, mods)
	}
}

// drag continues a mouse drag to (x, y); release ends it. A left click
// without motion in the view picks the joint under the cursor.
func (in *input) drag(x, y int, release bool, mods modifier) {
	a := in.a
	if in.scrub && in.onCurves {
		a.st.Seek(a.curves.timeAt(x))
		if release {
			in.dragging = false
		}
		return
	}
	if in.scrub {
		a.st.Seek(a.tl.timeAt(x))
		if release {
			in.dragging = false
		}
		return
	}
	if in.onLine {
		in.dragLine(x, release)
		return
	}
	if in.onDope {
		a.dope.pan(x - in.lastX)
		in.lastX, in.dragging = x, !release
		return
	}
	dx, dy := x-in.lastX, y-in.lastY
	in.lastX, in.lastY = x, y
	in.moved += abs(dx) + abs(dy)
	pan := in.button != ebiten.MouseButtonLeft || mods&modShift != 0
	if pan {
		a.scene.pan(float64(dx), float64(dy))
	} else {
		a.st.Orbit(-float64(dx)*0.4, float64(dy)*0.4)
	}
	if release {
		if in.moved < 4 && in.button == ebiten.MouseButtonLeft {
			if i := a.scene.dl.Pick(float32(x), float32(y), 10); i >= 0 {
				a.w.selectBone(i)
			}
		}
		in.dragging = false
	}
}

// dragLine continues a drag on the timeline to x: on the ruler it marks
// the range from where it started (a click without motion seeks there),
// else it pans the span shown.
func (in *input) dragLine(x int, release bool) {
	a := in.a
	dx := x - in.lastX
	in.lastX = x
	in.moved += abs(dx)
	switch {
	case in.button != ebiten.MouseButtonLeft:
		a.st.PanTimeline(-float64(dx) * a.tl.secondsPerPixel())
	case release && in.moved < 3:
		a.st.Seek(in.rangeFrom)
	case in.moved >= 3:
		a.st.SetRange(in.rangeFrom, a.tl.timeAt(x))
	}
	if release {
		in.dragging = false
	}
}

// click is a left click at (x, y) as the mouse would give it, for action
// scripts: the questions take it first, then the region under it
// (mouseRegions) has a press and a release without motion there.
func (in *input) click(x, y int) {
	a := in.a
	if a.drop.clickAt(x, y) {
		return
	}
	if st := a.st.Export().Stage(); (st == state.ExportChoosing || st == state.ExportAsking) && a.exp.clickAt(x, y) {
		return
	}
	r := regionAt(a, ebiten.MouseButtonLeft, x, y)
	if r == nil || r.press == nil {
		return
	}
	r.press(in, ebiten.MouseButtonLeft, x, y)
	if in.dragging {
		in.drag(x, y, true, 0)
	}
}

// mouseRegion is a part of the window where a press of the mouse does
// what a command's mouse text says (commands.go): the command table names
// the verb, the region says where and how.
type mouseRegion struct {
	// verb is the command whose mouse text (command.mouse) tells what
	// the region does.
	verb string
	// left: the left button only; else any button.
	left bool
	// hit reports whether (x, y) is in the region.
	hit func(a *App, x, y int) bool
	// press starts what a press of button b at (x, y) does (nil: hit did
	// it, as a click on the compare panel's list does).
	press func(in *input, b ebiten.MouseButton, x, y int)
}

// mouseRegions are the regions, by concern, in the order a press looks
// them up: the first whose hit takes the point and button has it.
var mouseRegions = [...]mouseRegion{
	// The timeline: a drag on the ruler marks the range, one on the track
	// seeks, a right or middle drag pans the span shown.
	{verb: "set-in", left: true, hit: func(a *App, x, y int) bool { return a.tl.onRuler(x, y) },
		press: func(in *input, b ebiten.MouseButton, x, y int) {
			in.startDrag(b, x, y, false)
			in.onLine, in.rangeFrom = true, in.a.tl.timeAt(x)
		}},
	{verb: "seek", left: true, hit: func(a *App, x, y int) bool { return a.tl.contains(x, y) },
		press: func(in *input, b ebiten.MouseButton, _, _ int) { in.startDrag(b, 0, 0, true) }},
	{verb: "timeline-pan", hit: func(a *App, x, y int) bool { return a.tl.contains(x, y) },
		press: func(in *input, b ebiten.MouseButton, x, y int) {
			in.startDrag(b, x, y, false)
			in.onLine = true
		}},
	// The curves panel: a drag seeks.
	{verb: "curves", left: true, hit: func(a *App, x, y int) bool { return a.curves.contains(x, y) },
		press: func(in *input, b ebiten.MouseButton, _, _ int) {
			in.startDrag(b, 0, 0, true)
			in.onCurves = true
		}},
	// The compare panel: a click on a bone that differs selects it.
	{verb: "compare", left: true, hit: func(a *App, x, y int) bool { return a.cmp.clickAt(x, y) }},
	// The dope sheet: a click selects a bone or seeks to a key or an
	// event; a right or middle drag pans the timeline.
	{verb: "dope-sheet", left: true, hit: func(a *App, x, y int) bool { return a.dope.contains(x, y) },
		press: func(in *input, _ ebiten.MouseButton, x, y int) { in.a.dope.click(x, y, in.a.w) }},
	{verb: "dope-sheet", hit: func(a *App, x, y int) bool { return a.dope.contains(x, y) },
		press: func(in *input, b ebiten.MouseButton, x, y int) {
			in.startDrag(b, x, y, false)
			in.onDope = true
		}},
	// The warnings' banner: a click dismisses it.
	{verb: "dismiss", left: true, hit: func(a *App, x, y int) bool { return a.ov.onBanner(x, y) },
		press: func(in *input, _ ebiten.MouseButton, _, _ int) { in.a.runVerb("dismiss") }},
	// The view: a drag orbits (left) or pans, a click picks a joint.
	{verb: "orbit", hit: func(a *App, x, y int) bool { return a.in.inView(x, y) },
		press: func(in *input, b ebiten.MouseButton, x, y int) { in.startDrag(b, x, y, false) }},
}

// wheelRegion is a part of the window where the wheel does what a
// command's mouse text says, as mouseRegion is for a press.
type wheelRegion struct {
	// verb is the command whose text tells what the wheel does there.
	verb string
	hit  func(a *App, x, y int) bool
	// turn does what the tick's turn of the wheel (in.wheelY notches,
	// up > 0) does.
	turn func(a *App, in *tickInput)
}

// wheelFactor is the zoom a turn of wy notches asks for: up, closer.
func wheelFactor(wy float64) float64 {
	if wy < 0 {
		return 1 / 0.9
	}
	return 0.9
}

// wheelRegions are the wheel's regions, in the order a turn looks them
// up.
var wheelRegions = [...]wheelRegion{
	// The view: the wheel zooms.
	{verb: "zoom", hit: func(a *App, x, y int) bool { return a.in.inView(x, y) },
		turn: func(a *App, in *tickInput) { a.st.Zoom(wheelFactor(in.wheelY)) }},
	// The timeline: the wheel zooms its span around the time under the
	// pointer.
	{verb: "timeline-zoom", hit: func(a *App, x, y int) bool { return a.tl.contains(x, y) },
		turn: func(a *App, in *tickInput) {
			f := wheelFactor(in.wheelY)
			a.st.ZoomTimeline(a.tl.timeAt(in.x), f*f)
		}},
	// The dope sheet: the rows scroll, Ctrl zooms the timeline, Shift
	// pans it.
	{verb: "dope-sheet", hit: func(a *App, x, y int) bool { return a.dope.contains(x, y) },
		turn: func(a *App, in *tickInput) { a.dope.wheel(in.x, in.wheelY, in.mods) }},
}

// regionAt is the region a press of button b at (x, y) falls in (nil:
// none).
func regionAt(a *App, b ebiten.MouseButton, x, y int) *mouseRegion {
	for i := range mouseRegions {
		r := &mouseRegions[i]
		if (!r.left || b == ebiten.MouseButtonLeft) && r.hit(a, x, y) {
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
