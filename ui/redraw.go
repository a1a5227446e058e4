package ui

import (
	"time"

	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
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
	// last is what the previous drawn frame showed.
	last    paintKey
	settle  int
	cursorX int
	cursorY int
	// firstLogged is set once the first frame's time has been logged.
	firstLogged bool
	// quiet counts frames without a change; asleep is set while the loop
	// waits for input (see sleep).
	quiet  int
	asleep bool
}

// sleepAfter is how many unchanged frames pass before the loop sleeps, and
// wakeEvery how often a sleeping loop still looks for changes that come
// without input (a file chosen in a dialog on another goroutine).
const (
	sleepAfter = 60
	wakeEvery  = 250 * time.Millisecond
)

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
	// focused redraws when the window gains or loses focus: without a
	// compositor, a window uncovered by another may need its picture again.
	focused bool
	// View toggles and panels that scripts change without input, and a
	// notice that expires on its own.
	onion, inPlace, axes, hideHelpers bool
	warningsDismissed, showWarnings   bool
	browser                           browserKey
	list                              listKey
	notice                            bool
	hidden                            int
	// recording is the GIF recording's frames done plus one (0: none).
	recording int
	// export is the export's stage and progress; timeline its span and
	// range; curves whether the curves panel shows and how; dope the
	// dope sheet's.
	export   int
	timeline [5]float64
	curves   [2]bool
	dope     dopeKey
	// imageLevel is the mip level an image opened alone shows.
	imageLevel int
	// rootPath is whether the root's path shows; drop the dropped file
	// the window asks about ("" for none).
	rootPath bool
	drop     string
}

// browserKey is what the in-app browser shows.
type browserKey struct {
	open        bool
	dir, filter string
	cursor, top int
}

func (a *App) paintKey() paintKey {
	st := a.st
	p, vis, view, m, br := st.Playback(), st.Visibility(), st.View(), st.Messages(), st.Browser()
	return paintKey{
		path: st.Path(), err: m.Err(), asset: st.Asset(), clip: p.Clip(), selected: vis.Selected(),
		time: p.Time(), playing: p.Playing(), loop: p.Loop(), speed: p.Speed(),
		bind: vis.BindPose(), labels: vis.Labels(), grid: vis.Grid(),
		follow: view.Follow(), through: view.Through(), help: m.Help(),
		camera: view.Camera(), fired: p.FiredCount(), width: a.inp.w, height: a.inp.h,
		pendingShot: a.shots.key + a.shots.snap, needFrame: a.scene.needFrame,
		shotPending: a.opt.Screenshot != "" && !a.shots.done,
		focused:     ebiten.IsFocused(),
		onion:       vis.Onion(), inPlace: vis.InPlace(), axes: vis.Axes(), hideHelpers: vis.HideHelpers(),
		warningsDismissed: m.WarningsDismissed(), showWarnings: m.ShowingWarnings(),
		browser: browserKey{br.Open(), br.Dir(), br.Filter(), br.Cursor(), br.Top()},
		list:    a.list.shows(a.browser.probe.version),
		notice:  m.NoticeAt(time.Now()) != "", hidden: vis.HiddenCount(),
		recording:  a.rec.key(),
		export:     a.exp.key(a.st),
		timeline:   a.tl.key(a.st),
		curves:     [2]bool{st.Curves().Shown(), st.Curves().Euler()},
		dope:       a.dope.key(a.st),
		imageLevel: st.Image().Level(),
		rootPath:   st.RootPathShown(),
		drop:       a.drop.question(),
	}
}

// inputActive reports whether the user is doing anything in the tick of
// in: a key or button held or just released, the cursor moving or the
// wheel turning.
func (p *paintState) inputActive(in *tickInput) bool {
	moved := in.x != p.cursorX || in.y != p.cursorY
	p.cursorX, p.cursorY = in.x, in.y
	return moved || in.active()
}

// shouldDraw reports whether this frame must be drawn: something changed,
// playback runs, the user is giving input, or a change is settling.
func (a *App) shouldDraw() bool {
	p := &a.paint
	k := a.paintKey()
	changed := a.frames == 0 || k != p.last || k.playing || k.shotPending || k.pendingShot != "" || k.needFrame ||
		a.script.pending()
	if p.inputActive(&a.inp) || changed {
		p.settle = settleFrames
	}
	p.last = k
	p.sleep(p.settle == 0)
	if p.settle == 0 {
		return false
	}
	p.settle--
	return true
}

// sleep puts the game loop to sleep once nothing has changed for a while,
// and wakes it at the first change. Even with no frame drawn, ebiten's loop
// runs Update sixty times a second, which costs ebitenui's widget walk and
// the threads' wake-ups (about 5% of a core here); asleep, the loop waits
// for input events (ebiten's FPSModeVsyncOffMinimum: deprecated in favour of
// skipping draws, which alone does not stop the ticks) and for the
// wakeEvery ticker's ScheduleFrame.
func (p *paintState) sleep(unchanged bool) {
	if !unchanged {
		p.quiet = 0
		if p.asleep {
			p.asleep = false
			ebiten.SetVsyncEnabled(true)
		}
		return
	}
	p.quiet++
	if !p.asleep && p.quiet >= sleepAfter {
		p.asleep = true
		//lint:ignore SA1019 the only mode that stops the loop between input events
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	}
}

// wakeTicker calls ebiten.ScheduleFrame every wakeEvery until stop is
// closed, so a sleeping loop still notices changes made without input.
func wakeTicker(stop <-chan struct{}) {
	t := time.NewTicker(wakeEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			//lint:ignore SA1019 wakes the FPSModeVsyncOffMinimum loop
			ebiten.ScheduleFrame()
		}
	}
}

// logFirstFrame reports the time from the program's start to the first
// frame shown (a complete one: App.complete), when the caller asked for it
// (Options.Started), and saves that frame where Options.FirstFrame says.
func (a *App) logFirstFrame(screen *ebiten.Image) {
	if a.paint.firstLogged {
		return
	}
	a.paint.firstLogged = true
	if !a.opt.Started.IsZero() {
		a.opt.Log("first frame after " + time.Since(a.opt.Started).Round(time.Millisecond).String())
	}
	if a.opt.FirstFrame != "" {
		if err := saveScreenshot(screen, a.opt.FirstFrame); err != nil {
			a.opt.Log(err.Error())
		} else {
			a.opt.Log("saved the first frame in " + a.opt.FirstFrame)
		}
	}
}
