// Package ui is the viewer window: ebitenui panels around a 3D view drawn
// through render's ebiten backend. Widgets only display state.State and
// emit its actions; keyboard and mouse map onto the same actions.
package ui

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/internal/version"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui"
	"github.com/hajimehoshi/ebiten/v2"
)

// Opener opens a path (or "demo:") into an asset.
type Opener func(path string) (*formats.Asset, error)

// Options configure a viewer run.
type Options struct {
	// Path is the file to open ("demo:" for the demo).
	Path string
	// Load are the user's choices for opening files (--skeleton, --model,
	// --game, --entry). Every file the window opens goes through
	// open.Path with them, except Entry, which chooses the entry of Path
	// only: a file opened later starts at its first entry.
	Load open.Options
	// Open, when not nil, replaces open.Path for the first file and the
	// files opened later (tests open fixtures with it).
	Open Opener
	// OpenEntry, when not nil, replaces open.Entry for one entry of a
	// container file.
	OpenEntry func(path, entry string) (*formats.Asset, error)
	// Clip selects the first clip to show by name or index ("" for the first).
	Clip string
	// Screenshot, when set, saves what the window shows after After ticks
	// as PNG and ends the program.
	Screenshot string
	After      int
	// Width and Height are the initial window size (0: one that fits
	// the screen, WindowSize); a size below the minimum (800×600) opens
	// at the minimum.
	Width, Height int
	// Log receives messages for stderr (load errors, screenshot paths).
	Log func(string)
	// Started, when set, is when the program started: the time to the
	// first frame is then logged.
	Started time.Time
	// Actions is a script run once the window is up, before the
	// screenshot's --after frames count (ParseActions).
	Actions []Action
	// Extensions are the file extensions the loaders read, for the file
	// browser and next/previous file; nil means open.Extensions().
	Extensions []string
	// RecentFile keeps the recent files ("" remembers none).
	RecentFile string
	// ShotDir is where P and F12 save screenshots ("" the working folder).
	ShotDir string
	// NoSystemChooser makes Ctrl+O use the in-app browser even where a
	// system file chooser is installed.
	NoSystemChooser bool
	// FirstFrame, when set, is where the first frame shown is saved as
	// PNG (ANIMVIEW_FIRST_FRAME: tests that the first picture is
	// complete).
	FirstFrame string
	// SlowDraw makes each drawn frame take at least this long, as software
	// GL on a busy machine does (ANIMVIEW_SLOW_DRAW: tests of input and
	// playback at 2 to 5 frames a second).
	SlowDraw time.Duration
	// OpenFiles takes files handed over without paths on disk (the web
	// page's file chooser and drops, all the files of one go): it keeps
	// them for Open and OpenEntry and returns the path Open opens them by,
	// or an error that says which file to add.
	OpenFiles func(files fs.FS) (string, error)
	// OpenAside opens the file a set handed over without paths would open
	// (OpenFiles), without making the set the open one: the file to
	// compare with, or a motion dropped on a figure, in the web page. It
	// returns the asset and the file's name.
	OpenAside func(files fs.FS) (*formats.Asset, string, error)
	// Suits lists the suits the skill Open opened from path can wear, and
	// Wear dresses an asset in several of them at once (a body and a
	// head) in a skin tone; nil: the .cmx and .bcf files in path's folder
	// (open.Suits, open.Wear). The web page lists those among the files
	// handed over with the skill.
	Suits func(path string) []string
	Wear  func(a *formats.Asset, tone sims.Tone, suits ...string) (*formats.Asset, error)
	// Retone draws an asset's Sims skins in the textures of a tone (a suit
	// file or a skin opened alone); nil: those beside the open file
	// (open.Retone).
	Retone func(a *formats.Asset, tone sims.Tone) *formats.Asset
	// Map pairs the bones of a motion dropped on the figure with the
	// figure's (--map), after their names (compare.Match).
	Map compare.Map
	// Trace logs each change of the mouse and keyboard the window has
	// handled ("input: ..."), each drawn frame ("drew frame N") and
	// "ready" once the first frame is framed and the actions are done,
	// for tests that drive the window from outside.
	Trace bool
	// Compare is a file to open over Path as a ghost (the compare view,
	// `--compare`), its bones paired with CompareMap's help; "" for none.
	Compare    string
	CompareMap compare.Map
}

// App is the viewer's ebiten.Game. Its parts each have one concern: the
// command table (commands.go), the widgets and their lists (panels.go),
// the tree panel (characters.go), the 3D view (scene.go), the timeline
// (timeline.go), the overlays (overlay.go), the in-app browser
// (browser.go), GIF recording (record.go), the action script (script.go),
// mouse and keys (input.go), and opening files (files.go). The parts do
// not point back at the App, nor hold the state: each holds the tools,
// the layout (places) and the hooks and other parts it uses, given it by
// wire, and is given the state with each call; the App runs the
// operations that span parts.
type App struct {
	// env is the state, the options, the fonts and the filler the parts
	// share; cmds the command table; ui and w the widgets.
	env
	cmds commandSet
	ui   *ebitenui.UI
	w    *widgets

	// in turns this tick's input (inp: readInput, and the window's size:
	// Layout) into commands; script runs Options.Actions.
	in     input
	inp    tickInput
	script script

	// views are the parts drawn in and beside the 3D view; boxes the
	// questions, lists and jobs over it.
	views
	boxes

	// runBook is the run's bookkeeping: clock, frames, title, pictures.
	runBook
	// sys is what differs between a desktop window and a browser page
	// (system_desktop.go, system_js.go).
	sys system
}

// views are the window's parts drawn in and beside the 3D view: the
// scene, the timeline, the curves panel and the dope sheet, the overlays,
// the compare view, and what the draw loop keeps between frames.
type views struct {
	scene  scene
	tl     timeline
	curves curvesPanel
	dope   dopeSheet
	ov     overlay
	cmp    comparer
	paint  paintState
}

// boxes are the window's parts that ask and work over the view: the file
// browser and the list, the export and the GIF recording, the suit
// picker, the cut-name prompt and the dropped-motion question.
type boxes struct {
	browser browser
	list    listView
	exp     exporter
	rec     recorder
	suits   suitPicker
	cuts    cutter
	drop    dropper
}

// runBook is a run's bookkeeping: the clock of playback and of the frame
// rate, whether and how many frames were drawn, the title shown, the
// pictures a screenshot run and a script's snaps stand at, and the
// events a tick's playback crossed.
type runBook struct {
	// clock times real-time playback and the drawn frame rate.
	clock clock

	drawn bool
	// shownTitle is the window's title (title), made when the open file
	// changes rather than each frame the page is told of.
	shownTitle string
	frames     int
	// shots is where a screenshot run and a script's snaps stand.
	shots shots
	// crossed is the events this tick's playback crossed (scratch, kept
	// to avoid allocating each tick).
	crossed []int
}

// shots is where a screenshot run (Options.Screenshot) and a script's
// snaps stand; the game saves their pictures (game.go).
type shots struct {
	// snap is the picture a script's snap waits to save (snap); key the
	// one P or F12 asks for, saved by the next frame drawn (overlay.go).
	snap, key string
	// ticks counts a screenshot run's ticks after its script (step);
	// drewSinceStep says a frame was drawn since its last tick.
	ticks         int
	drewSinceStep bool
	// done: the screenshot is saved.
	done bool
}

// env is what each part of the window works with: the state, and the
// tools. It holds no part: a part that needs another is given it by the
// App, which wires them.
type env struct {
	st *state.State
	tools
}

// tools are what a part draws and logs with: the run's options, the fonts
// and the shape filler. A part that is given the state with each call
// (the timeline, the dope sheet, the curves panel) holds only these.
type tools struct {
	opt  *Options
	kit  *kit
	fill *filler
}

// hooks are the window's operations that span parts, which the App
// gives the parts that start them (wired in NewApp). Those that another
// part carries out (frameAll, saveAs) take the caller's state; the rest
// are the App's own operations, on the state it holds.
type hooks struct {
	// changed rebuilds what depends on the open asset (App.assetChanged);
	// remember adds a path to the recent files (App.rememberRecent).
	changed  func()
	remember func(path string)
	// frameAll frames the figures in the view (scene.frameAll).
	frameAll func(st *state.State)
	// runVerb runs a command by its verb, as a key would (App.runVerb).
	runVerb func(verb string, args ...string)
	// saveAs asks with the in-app browser where a file called name goes,
	// starting in dir (browser.showSave).
	saveAs func(st *state.State, dir, name string)
	// open opens the file at path in place of the open one (App.open);
	// showFolder lists a folder's files as a table (App.showFolderFiles).
	open       func(path string) bool
	showFolder func(dir string)
	// stepClip moves between clips (App.stepClip).
	stepClip func(d int)
	// openEntry opens an entry of the open container (App.openEntry).
	openEntry func(entry string) bool
}

// Run opens the window and blocks until it closes.
func Run(opt Options) error {
	if opt.Log == nil {
		opt.Log = func(string) {}
	}
	switch {
	case opt.Width == 0 || opt.Height == 0:
		var sw, sh int
		if m := ebiten.Monitor(); m != nil {
			sw, sh = m.Size()
		}
		opt.Width, opt.Height = WindowSize(sw, sh)
	case opt.Width < minWindowW || opt.Height < minWindowH:
		w, h := max(opt.Width, minWindowW), max(opt.Height, minWindowH)
		opt.Log(fmt.Sprintf("the window is at least %dx%d: opening at %dx%d, not %dx%d", minWindowW, minWindowH, w, h, opt.Width, opt.Height))
		opt.Width, opt.Height = w, h
	}
	app, err := NewApp(opt)
	if err != nil {
		return err
	}
	ebiten.SetWindowSize(opt.Width, opt.Height)
	ebiten.SetWindowSizeLimits(minWindowW, minWindowH, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle(app.shownTitle)
	ebiten.SetTPS(60)
	// Frames with nothing new are not drawn (see shouldDraw).
	ebiten.SetScreenClearedEveryFrame(false)
	stop := make(chan struct{})
	go wakeTicker(stop)
	g := &game{a: app}
	err = ebiten.RunGame(g)
	close(stop)
	app.rec.stop(app.st, &app.script)
	app.exp.stop(app.st, &app.script)
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return g.fatal
}

// NewApp builds the viewer state and widgets. A file that fails to load
// opens the demo-free empty state with the error shown, so the window still
// comes up.
func NewApp(opt Options) (*App, error) {
	a := &App{env: env{tools: tools{opt: &opt}}, cmds: newCommandSet()}
	k, err := newKit()
	if err != nil {
		return nil, err
	}
	a.kit = &k
	fill := newFiller()
	a.fill = &fill
	a.kit.startFallback(systemFallbackPaths())
	if opt.Extensions == nil {
		opt.Extensions = open.Extensions()
	}
	first := opt.Open
	if first == nil {
		first = func(p string) (*formats.Asset, error) { return open.Path(p, opt.Load) }
	}
	asset, err := first(opt.Path)
	if err != nil {
		opt.Log(err.Error())
		asset = emptyAsset()
	}
	a.st = state.New(opt.Path, asset)
	if err != nil {
		a.st.ShowError(err.Error())
	}
	a.st.SetExts(opt.Extensions)
	a.wire()
	a.loadRecent(err == nil)
	a.script.left = opt.Actions
	if opt.Clip != "" {
		a.selectClipByName(opt.Clip)
	}
	a.scene.opts = render.DefaultOptions()
	a.w = a.buildWidgets()
	for _, lay := range []**places{&a.tl.lay, &a.curves.lay, &a.dope.lay, &a.list.lay, &a.scene.lay, &a.drop.lay, &a.exp.lay, &a.browser.lay} {
		*lay = &a.w.places // the layout the widgets laid out
	}
	a.ui = &ebitenui.UI{Container: a.w.root}
	a.assetChanged()
	if opt.Compare != "" {
		if err := a.cmp.open(a.st, opt.Compare); err != nil {
			opt.Log(err.Error())
			a.st.ShowError(err.Error())
		}
	}
	return a, nil
}

// wire gives each part what it works with: the env, the hooks of the
// operations that span parts, and the other parts it uses. It is the one
// place that joins the parts; their layout follows the widgets (NewApp).
func (a *App) wire() {
	a.rec.tools = a.tools
	a.suits = suitPicker{a.tools, &a.list}
	a.cuts.tools, a.cuts.hooks = a.tools, a.hooks()
	a.curves.tools, a.curves.cmp, a.curves.look = a.tools, &a.cmp, &a.scene.opts
	a.tl.tools, a.tl.curves, a.tl.dope = a.tools, &a.curves, &a.dope
	a.dope.tools, a.dope.followed = a.tools, -1
	a.browser.tools, a.browser.hooks, a.browser.exp, a.browser.cmp = a.tools, a.hooks(), &a.exp, &a.cmp
	a.exp.tools, a.exp.hooks = a.tools, a.hooks()
	a.ov.tools, a.ov.cmds = a.tools, &a.cmds
	a.scene.tools, a.scene.cmp = a.tools, &a.cmp
	a.cmp.tools, a.cmp.hooks, a.cmp.mapping = a.tools, a.hooks(), a.opt.CompareMap
	a.cmp.scene, a.cmp.ov, a.cmp.browser = &a.scene, &a.ov, &a.browser
	a.drop.tools, a.drop.hooks = a.tools, a.hooks()
	a.list.tools, a.browser.probe.tools = a.tools, a.tools
}

// hooks are the App's operations that span parts, for the parts that
// start them.
func (a *App) hooks() hooks {
	return hooks{changed: a.assetChanged, remember: a.rememberRecent, frameAll: a.scene.frameAll, runVerb: a.runVerb,
		saveAs: a.browser.showSave, open: a.open, showFolder: a.showFolderFiles,
		stepClip:  a.stepClip,
		openEntry: a.openEntry}
}

// emptyAsset is shown when the first file fails to load.
func emptyAsset() *formats.Asset {
	return &formats.Asset{Format: "none", Skeleton: &formats.Skeleton{Name: "(nothing open)"}}
}

// title is the window's title: the build and the open file's name
// (assetChanged keeps it in shownTitle).
func (a *App) title() string {
	name := a.st.Path()
	if name == "" || name == "demo:" {
		name = "built-in demo"
	}
	return "animview " + version.Get().Short() + " — " + filepath.Base(name)
}

// assetChanged rebuilds what depends on the open asset.
func (a *App) assetChanged() {
	a.scene.reset(a.st)
	a.w.refreshLists(a.st)
	a.shownTitle = a.title()
	ebiten.SetWindowTitle(a.shownTitle)
}

// selectClipByName shows the clip or animation --clip names: a character
// set's animation, else a clip by name or index.
func (a *App) selectClipByName(sel string) {
	if i := a.st.Tree().AnimByName(sel); i >= 0 {
		_ = a.st.SelectAnim(i) // a character set's animation; a failed build shows its error
		return
	}
	if i := a.st.ClipByName(sel); i >= 0 {
		a.st.SelectClip(i)
		return
	}
	a.st.ShowError(fmt.Sprintf("no clip %q", sel))
}

// Update reads this tick's input, lets the widgets and then the window's
// parts handle it and advances playback. A panic here becomes an error in
// the window rather than a crash.
func (a *App) Update() (err error) {
	defer a.recoverUpdate(&err)
	readInput(&a.inp)
	a.poll()
	a.w.useState(a.st)
	a.ui.Update() // ebitenui reads ebiten's input itself
	a.w.applyPicks(a.st)
	a.control()
	return nil
}

// recoverUpdate shows a panic in Update as an error in the window.
func (a *App) recoverUpdate(err *error) {
	if r := recover(); r != nil {
		msg := fmt.Sprintf("internal error: %v", r)
		a.st.ShowError(msg)
		a.opt.Log(msg)
		*err = nil
	}
}

// poll takes what arrived since the last tick: dropped files, a font,
// the system chooser's answer, a recording's or an export's progress, the
// asset list's probes.
func (a *App) poll() {
	if files := a.inp.dropped; files != nil {
		a.openDropped(files)
	}
	if msg := a.kit.pollFallback(a.opt.Screenshot != ""); msg != "" && a.opt.Trace {
		a.opt.Log(msg)
	}
	a.pollChooser()
	a.rec.poll(a.st, &a.script)
	a.exp.poll(a.st, &a.script)
	a.browser.probe.poll(a.st)
	a.list.update(&a.script)
}

// control runs the window's parts on this tick's input (a.inp) after the
// widgets had it: the script, the mouse and keys, playback and the panels
// that follow the state. Tests give it input values of their own.
func (a *App) control() {
	// A screenshot run moves in step with its pictures: an update after a
	// drawn frame runs the script and playback one tick on, and one that
	// ebiten runs again before the next frame (on a slow machine) neither.
	// The pose a frame samples feeds the panels the next update fills, so
	// the picture then depends on ticks alone.
	stepping := a.opt.Screenshot == "" || a.shots.drewSinceStep
	a.shots.drewSinceStep = false
	// The script waits for the figures' first framing, so that what it
	// plays does not change the camera of its pictures.
	if stepping && a.drawn && !a.scene.needFrame && a.script.pending() {
		a.runScript()
	}
	a.handleInput(&a.inp)
	a.crossed = a.crossed[:0]
	if stepping {
		if dt, ok := a.step(); ok {
			a.crossed = a.st.Advance(dt, a.crossed)
		}
		if p := a.st.Playback(); p.Playing() {
			a.st.KeepInTimeline(p.Time()) // a zoomed timeline follows what plays
		}
	}
	a.cmp.update(a.st)
	a.curves.show(a.st)
	a.dope.show(a.st)
	a.w.sync(a.st)
}

// maxCatchUp is the longest wall-clock gap between two updates that
// playback makes up in full: a slow machine's frames (2 fps is 0.5 s
// apart; a loaded one running the race detector took 2.6 s for one) are
// played in real time, while a longer stall (a suspended machine) is not
// played through at once.
const maxCatchUp = 5 * time.Second

// clock is the wall clock of the window's updates and frames.
type clock struct {
	// lastTick is the wall time of the previous update, for real-time
	// playback; fpsFrames and fpsSince measure the drawn frame rate.
	lastTick  time.Time
	fpsFrames int
	fpsSince  time.Time
}

// tick returns the wall time since the previous update at now, so that
// 1× plays in real time however fast frames come (up to maxCatchUp
// between two updates); the first update is a tick of tps long.
// Screenshot runs step by ticks (step).
func (c *clock) tick(now time.Time, tps int) float64 {
	last := c.lastTick
	c.lastTick = now
	if last.IsZero() {
		return 1 / float64(tps)
	}
	return min(now.Sub(last), maxCatchUp).Seconds()
}

// frame counts a frame drawn at now, returning the frames per second
// when half a second or more has passed since it last did.
func (c *clock) frame(now time.Time) (fps float64, ok bool) {
	if c.fpsSince.IsZero() {
		c.fpsSince = now
	}
	c.fpsFrames++
	if el := now.Sub(c.fpsSince).Seconds(); el >= 0.5 {
		fps = float64(c.fpsFrames) / el
		c.fpsFrames, c.fpsSince = 0, now
		return fps, true
	}
	return 0, false
}

// step is how far playback moves this tick (ok false: not at all). A
// screenshot run steps 1/TPS per tick, and only once the first picture
// has framed the figures, while no recording holds the script and until
// --after ticks have passed since the script ended: how many ticks ebiten
// runs before the first picture, and how long a recording takes, depend
// on the machine. Update calls it only on ticks that follow a frame.
func (a *App) step() (float64, bool) {
	if a.opt.Screenshot == "" {
		if !a.drawn {
			// Nothing plays before the first picture: the window's start
			// (GL set-up, the first frame) is no part of the clip.
			a.clock.lastTick = time.Time{}
			return 0, false
		}
		return a.clock.tick(time.Now(), ebiten.TPS()), true
	}
	if !a.drawn || a.scene.needFrame || (a.script.hold && a.shots.snap == "") || a.shots.ticks >= a.opt.After {
		return 0, false
	}
	if !a.script.pending() || a.shots.snap != "" {
		a.shots.ticks++
	}
	return 1 / float64(ebiten.TPS()), true
}

// countFrame measures the drawn frames per second for the status line;
// a screenshot run shows none, its speed being no part of its picture.
func (a *App) countFrame() {
	if a.opt.Screenshot != "" {
		return
	}
	if fps, ok := a.clock.frame(time.Now()); ok {
		a.st.SetFPS(fps)
	}
}

// Draw draws a frame (draw). Run wraps the App in a game that adds the
// run's hooks around it (game.go).
func (a *App) Draw(screen *ebiten.Image) { a.draw(screen) }

// draw renders the 3D view under the panels and what shows over them. It
// reports whether it drew a frame: none while nothing changed
// (shouldDraw), nor before the first would show everything (ready).
func (a *App) draw(screen *ebiten.Image) (drawn bool) {
	defer a.recoverDraw()
	if !a.shouldDraw() || !a.ready(screen) {
		return false
	}
	vp := a.viewport()
	a.drawScene(screen, vp)
	a.w.useState(a.st)
	a.ui.Draw(screen)
	a.drawOver(screen, vp)
	a.frameDrawn(screen)
	return true
}

// recoverDraw shows a panic in draw as an error in the window.
func (a *App) recoverDraw() {
	if r := recover(); r != nil {
		a.st.ShowError(fmt.Sprintf("internal error while drawing: %v", r))
	}
}

// ready reports whether the frame can be drawn: the first one only once
// it would show everything (prepare).
func (a *App) ready(screen *ebiten.Image) bool {
	if !a.drawn && !a.complete() {
		a.prepare(screen)
		return a.complete()
	}
	return true
}

// drawScene clears the screen and draws the 3D view, framing the figures
// first when they wait for it.
func (a *App) drawScene(screen *ebiten.Image, vp render.Viewport) {
	screen.Fill(a.scene.opts.Theme.Background)
	if a.scene.needFrame && a.w.view.GetWidget().Rect.Dx() > 0 {
		a.scene.needFrame = false
		a.scene.frameAll(a.st)
	}
	a.scene.draw(a.st, screen, vp)
}

// drawOver draws what lies over the panels: the compare view, the
// timeline, the curves and the dope sheet, the frame box, the overlays
// and the questions, the browser and the asset list.
func (a *App) drawOver(screen *ebiten.Image, vp render.Viewport) {
	a.cmp.draw(a.st, screen, vp)
	a.tl.draw(a.st, screen, &a.inp)
	a.curves.draw(a.st, screen)
	a.dope.draw(a.st, screen)
	a.w.frameBox.draw(screen, a.tools)
	a.ov.draw(a.st, screen, vp)
	a.saveRequested(screen)
	a.rec.draw(a.st, screen, vp)
	a.exp.draw(a.st, screen)
	a.cuts.draw(screen, vp)
	a.drop.draw(a.st, screen)
	a.browser.draw(a.st, screen)
	a.list.draw(screen, a.browser.probe.version)
}

// frameDrawn counts a drawn frame: the frame rate, the page's news, the
// first frame's log, and the frames a script's end waits for.
func (a *App) frameDrawn(screen *ebiten.Image) {
	a.countFrame()
	a.pageDrawn()
	a.drawn = true
	a.shots.drewSinceStep = true
	a.logFirstFrame(screen)
	if !a.script.pending() && !a.script.hold {
		a.frames++
	}
}

// complete reports whether the first frame would show everything: the
// panels laid out (ebitenui lays them out while drawing), the file's name
// and summary fitted to them (the next update does that) and the figures
// framed in the view.
func (a *App) complete() bool {
	return a.w.view.GetWidget().Rect.Dx() > 0 && a.w.titleWidth > 0 && !a.scene.needFrame
}

// prepare does what the first complete frame needs before it is drawn:
// it lays the panels out by drawing them off the screen, fits the file's
// name and summary to them and frames the figures in the view they leave.
// If the frame is still not complete, Draw leaves the screen alone, and a
// Draw that does is not presented: the first picture shown, and the first
// that the start-up log counts, is complete.
func (a *App) prepare(screen *ebiten.Image) {
	// ebitenui lays each container out as it draws it, in the rectangle
	// the UI's Draw gives the root, the screen's. Here the root gets that
	// rectangle and draws into a single pixel: the layout is the same,
	// while the text, which is only rasterised where it meets the image
	// drawn into, waits for the frame itself (in the web page the full
	// drawing off the screen took as long as the frame).
	b := screen.Bounds()
	off := ebiten.NewImage(1, 1)
	a.ui.Container.SetLocation(image.Rect(0, 0, b.Dx(), b.Dy()))
	a.w.useState(a.st)
	a.ui.Container.Render(off)
	off.Deallocate()
	a.w.fitTitle(a.st)
	if a.scene.needFrame && a.w.view.GetWidget().Rect.Dx() > 0 {
		a.scene.needFrame = false
		a.scene.frameAll(a.st)
	}
}

// viewport is the screen area between the panels.
func (a *App) viewport() render.Viewport { return a.w.viewport() }

// Layout uses the window's own size so text stays crisp when resized.
func (a *App) Layout(w, h int) (int, int) {
	a.inp.w, a.inp.h = w, h
	a.w.winW, a.w.winH = w, h
	return w, h
}

func saveScreenshot(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	if err := writeOutput(path, func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}

// snap holds the script until the view is saved to path as --screenshot
// saves its picture: once --after ticks have passed in a screenshot run
// (the script's actions and the steps after them are the same as in a run
// of their own), at the next frame in any other. Tests take several
// pictures from one start of the program this way, where each took a
// start of its own.
func (a *App) snap(path string) {
	a.shots.snap = path
	a.script.hold = true
	a.shots.ticks = 0
}
