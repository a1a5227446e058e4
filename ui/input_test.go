package ui

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/render/dopesheet"
	"github.com/hajimehoshi/ebiten/v2"
)

// These tests drive the window's parts with plain input values
// (tickInput), as the X server's mouse and keyboard would through
// readInput, and need no display: the frames are drawn into an image.

const testW, testH = 1280, 800

// driver runs a window's ticks as Run's game does, without ebitenui's
// update: its queue of deferred events is global, and holds those of
// every test's window.
type driver struct {
	t      *testing.T
	g      *game
	screen *ebiten.Image
}

// laidOut is the demo (or opt.Path) in a testW×testH window once its first
// frame is drawn: the panels laid out, the figures framed. The script
// (opt.Actions) may have begun.
func laidOut(t *testing.T, opt Options) (*App, *driver) {
	t.Helper()
	if opt.Path == "" {
		opt.Path, opt.Open = demo.Name, opener
	}
	a := newApp(t, opt)
	a.Layout(testW, testH)
	d := &driver{t: t, g: &game{a: a}, screen: ebiten.NewImage(testW, testH)}
	// Reading the screen back needs a display: the pictures saved are
	// empty files.
	d.g.write = func(_ *ebiten.Image, path string) error { return os.WriteFile(path, nil, 0o644) }
	for range 3 {
		d.tick(tickInput{})
	}
	if !a.drawn || a.scene.needFrame || a.w.view.GetWidget().Rect.Dx() == 0 {
		t.Fatalf("no complete frame: drawn %v, framed %v, view %v", a.drawn, !a.scene.needFrame, a.w.view.GetWidget().Rect)
	}
	return a, d
}

// tick runs one update with input in and draws the frame after it.
func (d *driver) tick(in tickInput) {
	d.t.Helper()
	a := d.g.a
	in.w, in.h = testW, testH
	a.inp = in
	a.poll()
	a.control()
	d.g.tracer.input(a, &a.inp)
	if a.draw(d.screen) {
		d.g.tracer.frame(a)
		d.g.save(d.screen)
	}
	if msg := a.st.Messages().Err(); strings.HasPrefix(msg, "internal error") {
		d.t.Fatal(msg)
	}
}

// press, hold and release are the left button's input at (x, y) on the
// tick it goes down, while it is held and when it comes up.
func press(x, y int) tickInput {
	return tickInput{x: x, y: y, down: [3]bool{true}, pressed: [3]bool{true}, anyButton: true}
}
func hold(x, y int) tickInput { return tickInput{x: x, y: y, down: [3]bool{true}, anyButton: true} }
func release(x, y int) tickInput {
	return tickInput{x: x, y: y, released: [3]bool{true}, anyButton: true}
}

// withButton moves a left button's input onto button i (1 right, 2 middle).
func withButton(in tickInput, i int) tickInput {
	in.down[i], in.down[0] = in.down[0], false
	in.pressed[i], in.pressed[0] = in.pressed[0], false
	in.released[i], in.released[0] = in.released[0], false
	return in
}

// typing is the input of keys pressed (and released) within one tick, and
// the text they typed.
func typing(typed string, ks ...ebiten.Key) tickInput {
	in := tickInput{keys: ks, still: make([]bool, len(ks)), typed: []rune(typed)}
	for _, k := range ks {
		in.names = append(in.names, usChar(k))
	}
	return in
}

// usChar is the character k types on a US keyboard (ebiten.KeyName), for
// the keys these tests press.
func usChar(k ebiten.Key) rune {
	switch s := k.String(); {
	case k == ebiten.KeyEqual:
		return '='
	case k == ebiten.KeyMinus:
		return '-'
	case len(s) == 1:
		return rune(strings.ToLower(s)[0])
	case strings.HasPrefix(s, "Digit"):
		return rune(s[5])
	}
	return 0
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-3 }

// TestTimelineMouseInput: a click on the track seeks to the time under
// it; a drag along the ruler marks the range; the wheel over the track
// zooms its span around the pointer and a right drag pans it.
func TestTimelineMouseInput(t *testing.T) {
	a, d := laidOut(t, Options{})
	x0, x1, top, bottom := a.tl.trackSpan()
	y := int(top+bottom) / 2
	mid := int(x0+x1) / 2
	d.tick(press(mid, y))
	d.tick(release(mid, y))
	if got, want := a.st.Playback().Time(), a.tl.timeAt(a.st, mid); !near(got, want) || want <= 0 {
		t.Errorf("a click mid-track seeks to %v, want %v", got, want)
	}

	ry := a.tl.rect().Min.Y + 2
	from, to := int(x0)+40, int(x1)-40
	d.tick(press(from, ry))
	d.tick(hold((from+to)/2, ry))
	d.tick(release(to, ry))
	// The range's ends snap to frames (1/30 s in the demo).
	in, out, ok := a.st.Timeline().Range()
	if !ok || math.Abs(in-a.tl.timeAt(a.st, from)) > 1./60 || math.Abs(out-a.tl.timeAt(a.st, to)) > 1./60 {
		t.Errorf("a drag on the ruler marks %v–%v (%v), want %v–%v", in, out, ok, a.tl.timeAt(a.st, from), a.tl.timeAt(a.st, to))
	}

	lo, hi := a.st.Timeline().Span()
	d.tick(tickInput{x: mid, y: y, wheelY: 1})
	zlo, zhi := a.st.Timeline().Span()
	if !(zhi-zlo < hi-lo) {
		t.Fatalf("the wheel up over the track left the span %v–%v (was %v–%v)", zlo, zhi, lo, hi)
	}
	d.tick(withButton(press(mid, y), 1))
	d.tick(withButton(hold(mid+100, y), 1))
	d.tick(withButton(release(mid+100, y), 1))
	plo, _ := a.st.Timeline().Span()
	if !(plo < zlo) {
		t.Errorf("a right drag to the right left the span's start at %v (was %v)", plo, zlo)
	}
}

// TestViewMouseInput: a left drag in the view orbits, a Shift drag pans,
// the wheel zooms, and a click without motion on a joint selects it.
func TestViewMouseInput(t *testing.T) {
	a, d := laidOut(t, Options{})
	v := a.w.view.GetWidget().Rect
	cx, cy := (v.Min.X+v.Max.X)/2, (v.Min.Y+v.Max.Y)/2
	before := a.st.View().Camera()
	d.tick(press(cx, cy))
	d.tick(hold(cx+50, cy+20))
	d.tick(release(cx+50, cy+20))
	after := a.st.View().Camera()
	if after.Yaw == before.Yaw || after.Pitch == before.Pitch {
		t.Errorf("a drag did not orbit: yaw %v→%v, pitch %v→%v", before.Yaw, after.Yaw, before.Pitch, after.Pitch)
	}

	shifted := func(in tickInput) tickInput { in.mods = modShift; return in }
	before = after
	d.tick(shifted(press(cx, cy)))
	d.tick(shifted(hold(cx+30, cy)))
	d.tick(shifted(release(cx+30, cy)))
	after = a.st.View().Camera()
	if after.Target == before.Target || after.Yaw != before.Yaw {
		t.Errorf("a Shift drag: target %v→%v, yaw %v→%v; want a pan", before.Target, after.Target, before.Yaw, after.Yaw)
	}

	before = after
	d.tick(tickInput{x: cx, y: cy, wheelY: 1})
	if d := a.st.View().Camera().Distance; !(d < before.Distance) {
		t.Errorf("the wheel up in the view: distance %v, was %v", d, before.Distance)
	}

	// A click on a joint drawn in the last frame selects it. Paused, so
	// that the figure stays where the last frame drew it: playing, it
	// moves with the wall clock between ticks, the more so on a slow
	// machine (the race detector), and the click would find another joint.
	a.st.Pause()
	d.tick(tickInput{})
	jx, jy, bone := -1, -1, -1
	for x := v.Min.X; x < v.Max.X && bone < 0; x += 3 {
		for y := v.Min.Y; y < v.Max.Y && bone < 0; y += 3 {
			if i := a.scene.dl.Pick(float32(x), float32(y), 2); i > 0 {
				jx, jy, bone = x, y, i
			}
		}
	}
	if bone < 0 {
		t.Fatal("no joint in the view")
	}
	want := a.scene.dl.Pick(float32(jx), float32(jy), 10)
	d.tick(press(jx, jy))
	d.tick(release(jx, jy))
	if got := a.st.Visibility().Selected(); got != want {
		t.Errorf("a click on joint %d at %d,%d selected %d, want %d (the nearest within 10 pixels)", bone, jx, jy, got, want)
	}
}

// TestKeysFromInput: each press of a key in a tick counts, by the
// characters typed (issue 33, item 9); a key still down counts once.
func TestKeysFromInput(t *testing.T) {
	for _, c := range []struct {
		typed string
		still bool
		want  float64
	}{
		{"=", false, 1.5},
		{"==", false, 2},
		{"==", true, 1.5}, // the system's own repeat typed the second
	} {
		a, d := laidOut(t, Options{})
		in := typing(c.typed, ebiten.KeyEqual)
		in.still[0], in.held = c.still, []ebiten.Key{ebiten.KeyEqual}
		d.tick(in)
		if got := a.st.Playback().Speed(); got != c.want {
			t.Errorf("= typing %q (still down %v): speed %v, want %v", c.typed, c.still, got, c.want)
		}
	}
}

// TestKeyRepeat: a repeating command's key repeats after repeatDelay,
// one every repeatEvery, at most maxRepeats in one update, and no more
// once released.
func TestKeyRepeat(t *testing.T) {
	t0 := time.Unix(1000, 0)
	held := &tickInput{held: []ebiten.Key{ebiten.KeyRight}}
	var r keyRepeat
	r.start(ebiten.KeyRight, t0)
	for _, c := range []struct {
		at   time.Duration
		want int
	}{
		{100 * time.Millisecond, 0},
		{repeatDelay, 1},
		{repeatDelay + 2*repeatEvery, 2},
		{repeatDelay + 2*repeatEvery, 0},
		{repeatDelay + 100*repeatEvery, maxRepeats},
	} {
		if got := r.due(held, t0.Add(c.at)); got != c.want {
			t.Errorf("at %v: %d repeats, want %d", c.at, got, c.want)
		}
	}
	if got := r.due(&tickInput{}, t0.Add(time.Hour)); got != 0 || r.held {
		t.Errorf("released: %d repeats, held %v", got, r.held)
	}
}

// TestFrameBoxInput: a click on the frame box gives it the keys; digits
// typed and Enter seek to that frame; Esc gives the keys back.
func TestFrameBoxInput(t *testing.T) {
	a, d := laidOut(t, Options{})
	r := a.w.frameBox.rect()
	if r.Empty() {
		t.Fatal("no frame box")
	}
	d.tick(press(r.Min.X+2, r.Min.Y+2))
	d.tick(release(r.Min.X+2, r.Min.Y+2))
	if !a.w.frameBox.focused {
		t.Fatal("a click on the frame box did not focus it")
	}
	d.tick(typing("1x2", ebiten.Key1, ebiten.KeyX, ebiten.Key2))
	d.tick(typing("", ebiten.KeyEnter))
	if got, _ := a.st.Frame(); got != 12 {
		t.Errorf("typing 12 and Enter: frame %d", got)
	}
	d.tick(press(r.Min.X+2, r.Min.Y+2))
	d.tick(typing("3", ebiten.KeyBackspace))
	d.tick(typing("", ebiten.KeyEscape))
	if a.w.frameBox.focused {
		t.Error("Esc left the frame box focused")
	}
	if got, _ := a.st.Frame(); got != 12 {
		t.Errorf("Esc changed the frame to %d", got)
	}
}

// TestBrowserInput: while the browser is open, typed text filters, the
// wheel scrolls, Esc closes it and the keys do not reach the commands.
func TestBrowserInput(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.ms3d", "b.ms3d", "c.ms3d"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, d := laidOut(t, Options{NoSystemChooser: true, Extensions: []string{"ms3d"}})
	a.browser.show(a.st, dir)
	d.tick(typing("b"))
	if got := a.st.Browser().Filter(); got != "b" {
		t.Errorf("typing b: filter %q", got)
	}
	d.tick(tickInput{wheelY: -1})
	speed := a.st.Playback().Speed()
	d.tick(typing("=", ebiten.KeyEqual))
	if a.st.Playback().Speed() != speed {
		t.Error("a key typed into the browser reached the commands")
	}
	d.tick(typing("", ebiten.KeyEscape))
	if a.st.Browser().Open() {
		t.Error("Esc left the browser open")
	}
}

// TestTracerLogsInput: with Trace, each change of the input is logged
// once, and each frame drawn.
func TestTracerLogsInput(t *testing.T) {
	var log []string
	_, d := laidOut(t, Options{Trace: true, Log: func(s string) { log = append(log, s) }})
	log = log[:0]
	in := press(10, 20)
	in.keys, in.held, in.still, in.typed = []ebiten.Key{ebiten.KeyA}, []ebiten.Key{ebiten.KeyA}, []bool{true}, []rune("a")
	in.wheelY = 1
	d.tick(in)
	d.tick(release(10, 20))
	got := strings.Join(log, "\n")
	for _, want := range []string{
		"input: cursor 10,20", "input: left button down at 10,20", "input: wheel 0,1 at 10,20",
		"input: key A down", `input: typed "a"`, "input: left button up at 10,20", "input: key A up", "drew frame",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the trace has no %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "input: cursor"); n != 1 {
		t.Errorf("the cursor logged %d times, want once", n)
	}
}

// TestScreenshotRun: a screenshot run's game runs the script, waits
// --after ticks, saves the picture a snap asks for and then the
// screenshot, says what it shows and ends the run.
func TestScreenshotRun(t *testing.T) {
	dir := t.TempDir()
	shot, snap := filepath.Join(dir, "shot.png"), filepath.Join(dir, "snap.png")
	actions, err := ParseActions("frame 5; snap " + snap + "; frame 9")
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	a, d := laidOut(t, Options{Screenshot: shot, After: 2, Actions: actions, Log: func(s string) { log = append(log, s) }})
	for i := 0; !d.g.done; i++ {
		if i == 100 {
			t.Fatalf("no screenshot after 100 ticks:\n%s", strings.Join(log, "\n"))
		}
		d.tick(tickInput{})
	}
	for _, p := range []string{snap, shot} {
		if _, err := os.Stat(p); err != nil {
			t.Error(err)
		}
	}
	if got, _ := a.st.Frame(); got != 9 {
		t.Errorf("the run ends at frame %d, want 9", got)
	}
	got := strings.Join(log, "\n")
	if !strings.Contains(got, "saved "+snap+"\nshown: frame 5 ") || !strings.Contains(got, "saved "+shot+"\nshown: frame 9 ") {
		t.Errorf("the log:\n%s", got)
	}
	if err := d.g.Update(); err != ebiten.Termination {
		t.Errorf("an update after the screenshot: %v, want ebiten.Termination", err)
	}
}

// TestMouseRegionsNameCommands: each mouse region sits in a command of
// the table whose text tells what the region does, with a hit test, a
// handler (its own or the command's) and an order of its own; the
// timeline's and the view's are those with a mouse text of their own.
func TestMouseRegionsNameCommands(t *testing.T) {
	cs := newCommandSet()
	type placed struct {
		order int
		wheel bool
		in    modalSet
	}
	var orders []placed
	var verbs []string
	for _, rs := range [][]*mouseRegion{cs.presses, cs.wheels} {
		for i, r := range rs {
			c := r.cmd
			if c == nil || cs.byVerb[c.verb] != c {
				t.Errorf("region %d: no command", i)
				continue
			}
			if c.mouse == "" && c.doc == "" {
				t.Errorf("region %d: command %q says nothing of it", i, c.verb)
			}
			if r.hit == nil || (r.act == nil && c.run == nil) {
				t.Errorf("region %d (%s) has no hit test or no handler", i, c.verb)
			}
			// Two regions of one order are live at once unless their
			// modals differ.
			k := placed{r.order, r.wheel, r.in}
			for j, o := range orders {
				if o.order == k.order && o.wheel == k.wheel && (o.in == 0 || k.in == 0 || o.in&k.in != 0) {
					t.Errorf("region %d (%s): order %d, also %q's", i, c.verb, r.order, verbs[j])
				}
			}
			if r.order == 0 {
				t.Errorf("region %d (%s): no order", i, c.verb)
			}
			orders, verbs = append(orders, k), append(verbs, c.verb)
		}
	}
	if len(cs.presses) != 24 || len(cs.wheels) != 5 {
		t.Errorf("%d press and %d wheel regions, want 24 and 5", len(cs.presses), len(cs.wheels))
	}
	for _, v := range []string{"set-in", "seek", "timeline-pan", "orbit", "zoom", "timeline-zoom"} {
		if cs.byVerb[v].mouse == "" || len(cs.byVerb[v].regions) == 0 {
			t.Errorf("%s has no region or no mouse text", v)
		}
	}
}

// TestRegionsTakePresses: a press falls in the first region that takes
// its point and button.
func TestRegionsTakePresses(t *testing.T) {
	a, d := laidOut(t, Options{})
	a.runVerb("dope-sheet")
	d.tick(tickInput{})
	x0, x1, top, bottom := a.tl.trackSpan()
	mx, ty := int(x0+x1)/2, int(top+bottom)/2
	ruler := a.tl.rect().Min.Y + 2
	dr := a.dope.rect()
	v := a.w.view.GetWidget().Rect
	for _, c := range []struct {
		b    ebiten.MouseButton
		x, y int
		want string
	}{
		{ebiten.MouseButtonLeft, mx, ruler, "set-in"},
		{ebiten.MouseButtonLeft, mx, ty, "seek"},
		{ebiten.MouseButtonRight, mx, ruler, "timeline-pan"},
		{ebiten.MouseButtonLeft, dr.Min.X + 20, dr.Min.Y + 20, "dope-sheet"},
		{ebiten.MouseButtonMiddle, dr.Min.X + 20, dr.Min.Y + 20, "dope-sheet"},
		{ebiten.MouseButtonRight, (v.Min.X + v.Max.X) / 2, v.Min.Y + 20, "orbit"},
		{ebiten.MouseButtonLeft, 2, 2, ""},
	} {
		got := ""
		if r := a.cmds.regionAt(a, c.b, c.x, c.y); r != nil {
			got = r.cmd.verb
		}
		if got != c.want {
			t.Errorf("button %d at %d,%d: region %q, want %q", c.b, c.x, c.y, got, c.want)
		}
	}
	// The wheel down over the dope sheet scrolls its rows.
	d.tick(tickInput{x: dr.Min.X + 20, y: dr.Min.Y + 20, wheelY: -1})
	d.tick(tickInput{})
	if got := a.st.DopeSheet().Scroll(); got != 3 {
		t.Errorf("a notch down over the dope sheet: scroll %d, want 3", got)
	}
}

// TestClock: playback's tick is the wall time between updates, at most
// maxCatchUp, the first one tick long; the frame rate is measured over
// half a second or more.
func TestClock(t *testing.T) {
	var c clock
	t0 := time.Unix(1000, 0)
	for _, s := range []struct {
		at   time.Duration
		want float64
	}{
		{0, 1. / 60},
		{250 * time.Millisecond, 0.25},
		{time.Hour, maxCatchUp.Seconds()},
	} {
		if got := c.tick(t0.Add(s.at), 60); math.Abs(got-s.want) > 1e-9 {
			t.Errorf("tick at %v: %v s, want %v", s.at, got, s.want)
		}
	}
	var f clock
	for i := range 10 {
		fps, ok := f.frame(t0.Add(time.Duration(i) * 100 * time.Millisecond))
		if want := i == 5; ok != want || (ok && fps != 12) {
			t.Errorf("frame %d: %v fps, %v", i, fps, ok)
		}
	}
}

// TestReadingInputDoesNotAllocate: reading a tick's input and handling
// it (nothing pressed) allocates nothing once the input's slices have
// grown.
func TestReadingInputDoesNotAllocate(t *testing.T) {
	a, _ := laidOut(t, Options{})
	readInput(&a.inp)
	if n := testing.AllocsPerRun(50, func() {
		readInput(&a.inp)
		a.handleInput(&a.inp)
	}); n != 0 {
		t.Errorf("%v allocations per tick's input", n)
	}
}

// TestDragDoesNotAllocate: a tick of a drag in the view (an orbit) or
// on the timeline (a seek), and a turn of the wheel, allocate nothing.
func TestDragDoesNotAllocate(t *testing.T) {
	a, d := laidOut(t, Options{})
	r := a.w.view.GetWidget().Rect
	cx, cy := (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
	x0, x1, top, bottom := a.tl.trackSpan()
	mid, ty := int(x0+x1)/2, int(top+bottom)/2
	for _, c := range []struct {
		name      string
		press, at tickInput
	}{
		{"an orbit", press(cx, cy), hold(cx+1, cy)},
		{"a seek", press(mid, ty), hold(mid+1, ty)},
		{"the wheel", tickInput{}, tickInput{x: cx, y: cy, wheelY: 0.01}},
	} {
		d.tick(c.press)
		a.inp = c.at
		a.handleInput(&a.inp)
		if n := testing.AllocsPerRun(50, func() { a.inp = c.at; a.handleInput(&a.inp) }); n != 0 {
			t.Errorf("%s: %v allocations per tick", c.name, n)
		}
		d.tick(release(c.at.x, c.at.y))
	}
}

// TestBannerClick: a click on the warnings' banner dismisses them, as
// the dismiss command does.
func TestBannerClick(t *testing.T) {
	a, d := laidOut(t, Options{})
	a.st.AddWarning("a test's warning")
	d.tick(tickInput{})
	r := a.ov.bannerRect
	if r.Empty() {
		t.Fatal("no banner drawn for a warning")
	}
	if got := a.cmds.regionAt(a, ebiten.MouseButtonLeft, r.Min.X+4, r.Min.Y+4); got == nil || got.cmd.verb != "dismiss" {
		t.Fatalf("the banner's region: %+v", got)
	}
	d.tick(press(r.Min.X+4, r.Min.Y+4))
	d.tick(release(r.Min.X+4, r.Min.Y+4))
	if !a.st.Messages().WarningsDismissed() {
		t.Error("a click on the banner left the warnings")
	}
}

// TestMouseRunsItsVerb: a drag or a click runs the command its region
// sits in, with the numbers the verb would take, and a click on a panel
// (the curves, the dope sheet, the compare view) the verbs of what it
// finds there: two windows, one driven by the mouse and one by the
// verbs, end the same.
func TestMouseRunsItsVerb(t *testing.T) {
	m, d := laidOut(t, Options{})
	v, _ := laidOut(t, Options{})
	both := func(verb string, args ...string) {
		t.Helper()
		for _, a := range []*App{m, v} {
			if err := a.run(a.cmds.byVerb[verb], args, true); err != nil {
				t.Fatalf("%s %v: %v", verb, args, err)
			}
		}
	}
	both("seek", "0")
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	r := m.w.view.GetWidget().Rect
	cx, cy := (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
	x0, x1, top, bottom := m.tl.trackSpan()
	mid, ty := int(x0+x1)/2, int(top+bottom)/2
	click := func(x, y int) []tickInput { return []tickInput{press(x, y), release(x, y)} }
	// The panels' places, once set up and laid out.
	var px, py int
	curvesAt := func() {
		cr := m.curves.rect()
		px, py = (cr.Min.X+cr.Max.X)/2, (cr.Min.Y+cr.Max.Y)/2
	}
	dopeRow := func(i int) int { return int(m.dope.sheet.Rows[i].Top) + dopesheet.RowH/2 }
	for _, c := range []struct {
		name  string
		setup [][]string
		at    func() // finds px, py after the setup
		ticks func() []tickInput
		verbs func() [][]string
	}{
		{"a left drag in the view", nil, nil,
			func() []tickInput { return []tickInput{press(cx, cy), hold(cx+50, cy+20), release(cx+50, cy+20)} },
			func() [][]string { return [][]string{{"orbit", "-20", "8"}} }},
		{"a right drag in the view", nil, nil,
			func() []tickInput {
				return []tickInput{withButton(press(cx, cy), 1), withButton(hold(cx+30, cy-10), 1), withButton(release(cx+30, cy-10), 1)}
			},
			func() [][]string { return [][]string{{"pan", "30", "-10"}} }},
		{"a click on the track", nil, nil, func() []tickInput { return click(mid, ty) },
			func() [][]string { return [][]string{{"seek", num(m.tl.timeAt(m.st, mid))}} }},
		{"a right drag on the zoomed timeline", [][]string{{"timeline-zoom", "4", "0.5"}}, nil,
			func() []tickInput {
				return []tickInput{withButton(press(mid, ty), 1), withButton(hold(mid+60, ty), 1), withButton(release(mid+60, ty), 1)}
			},
			func() [][]string { return [][]string{{"timeline-pan", num(-60 * m.tl.secondsPerPixel(m.st))}} }},
		{"a click on the curves", [][]string{{"timeline-all"}, {"select-bone", "l_thigh"}, {"curves"}}, curvesAt,
			func() []tickInput { return click(px, py) },
			func() [][]string { return [][]string{{"seek", num(m.curves.timeAt(m.st, px))}} }},
		{"a drag along the curves", nil, curvesAt,
			func() []tickInput { return []tickInput{press(px, py), hold(px-40, py), release(px-40, py)} },
			func() [][]string { return [][]string{{"seek", num(m.curves.timeAt(m.st, px-40))}} }},
		{"a click on a bone's name on the dope sheet", [][]string{{"dope-sheet"}},
			func() { px, py = int(m.dope.sheet.Names.X)+20, dopeRow(2) },
			func() []tickInput { return click(px, py) },
			func() [][]string { return [][]string{{"select-bone", m.boneArg(m.dope.sheet.Rows[2].Bone)}} }},
		{"a click on a key on the dope sheet", nil,
			func() { px, py = int(m.dope.sheet.Marks(1)[2].X+0.5), dopeRow(1) },
			func() []tickInput { return click(px, py) },
			func() [][]string {
				return [][]string{{"select-bone", m.boneArg(m.dope.sheet.Rows[1].Bone)}, {"seek", num(m.dope.sheet.Marks(1)[2].T)}}
			}},
		{"a click on an event on the dope sheet", nil,
			func() { px, py = int(m.dope.sheet.Marks(0)[1].X+0.5), dopeRow(0) },
			func() []tickInput { return click(px, py) },
			func() [][]string { return [][]string{{"seek", num(m.dope.sheet.Marks(0)[1].T)}} }},
		{"a click on a row of the compare view", [][]string{{"dope-sheet"}, {"compare", demo.Name}, {"compare-clip", "idle"}},
			func() { row := m.cmp.rows[2]; px, py = (row.Min.X+row.Max.X)/2, (row.Min.Y+row.Max.Y)/2 },
			func() []tickInput { return click(px, py) },
			func() [][]string { return [][]string{{"select-bone", m.boneArg(m.cmp.rowBone(2))}} }},
		{"a click on the compare view's next clip", nil,
			func() { n := m.cmp.next; px, py = (n.Min.X+n.Max.X)/2, (n.Min.Y+n.Max.Y)/2 },
			func() []tickInput { return click(px, py) },
			func() [][]string { return [][]string{{"compare-next-clip"}} }},
	} {
		for _, s := range c.setup {
			both(s[0], s[1:]...)
		}
		if c.setup != nil || c.at != nil {
			d.tick(tickInput{}) // laid out
			if c.at != nil {
				c.at()
			}
		}
		verbs := c.verbs()
		for _, in := range c.ticks() {
			d.tick(in)
		}
		for _, s := range verbs {
			if err := v.run(v.cmds.byVerb[s[0]], s[1:], false); err != nil {
				t.Fatalf("%s: %v: %v", c.name, s, err)
			}
		}
		if got, want := m.st.View().Camera(), v.st.View().Camera(); got != want {
			t.Errorf("%s: camera %+v, %v gives %+v", c.name, got, verbs, want)
		}
		glo, ghi := m.st.Timeline().Span()
		wlo, whi := v.st.Timeline().Span()
		if gt, wt := m.st.Playback().Time(), v.st.Playback().Time(); gt != wt || glo != wlo || ghi != whi {
			t.Errorf("%s: time %v span %v–%v, %v gives %v, %v–%v", c.name, gt, glo, ghi, verbs, wt, wlo, whi)
		}
		if got, want := m.st.Visibility().Selected(), v.st.Visibility().Selected(); got != want {
			t.Errorf("%s: bone %d selected, %v selects %d", c.name, got, verbs, want)
		}
		m.cmp.update(m.st)
		v.cmp.update(v.st)
		if got, want := m.cmp.status(m.st), v.cmp.status(v.st); got != want {
			t.Errorf("%s: comparing %q, %v gives %q", c.name, got, verbs, want)
		}
	}
}
