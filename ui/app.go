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

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/version"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
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
	// Width and Height are the initial window size.
	Width, Height int
	// Log receives messages for stderr (load errors, screenshot paths).
	Log func(string)
	// Started, when set, is when the program started: the time to the
	// first frame is then logged.
	Started time.Time
	// Actions is a script run once the window is up, before the
	// screenshot's --after frames count (state.ParseActions).
	Actions []state.Action
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
	// OpenFiles takes files handed over without paths on disk (the web
	// page's file chooser and drops, all the files of one go): it keeps
	// them for Open and OpenEntry and returns the path Open opens them by,
	// or an error that says which file to add.
	OpenFiles func(files fs.FS) (string, error)
	// Trace logs each change of the mouse and keyboard the window has
	// handled ("input: ..."), each drawn frame ("drew frame N") and
	// "ready" once the first frame is framed and the actions are done,
	// for tests that drive the window from outside.
	Trace bool
}

// App is the viewer's ebiten.Game.
type App struct {
	opt   Options
	st    *state.State
	ui    *ebitenui.UI
	w     *widgets
	kit   kit
	input inputState

	pose    *player.Pose
	world   *player.WorldPose
	dl      render.DrawList
	view    render.Options
	crossed []int
	root    mgl32.Mat4

	// Per-frame scratch, kept to avoid allocating each frame.
	keys       []ebiten.Key
	chars      []rune
	keyTimes   []float64
	ghostTimes []float64
	ghosts     []*player.WorldPose
	ghostPose  *player.Pose
	fill       filler
	shownSpeed float64
	textOp     text.DrawOptions
	ruler      rulerCache
	status     statusKey

	// lastTick is the wall time of the previous update, for real-time
	// playback; fpsFrames and fpsSince measure the drawn frame rate.
	lastTick  time.Time
	fpsFrames int
	fpsSince  time.Time

	// script is what is left of Options.Actions; scriptWait counts frames
	// a "wait" still holds it.
	script     []state.Action
	scriptWait int
	drawn      bool
	// sys is what differs between a desktop window and a browser page
	// (system_desktop.go, system_js.go).
	sys system

	bannerRect   image.Rectangle
	pendingShot  string
	followAuto   bool
	frameFigures render.Framing
	needFrame    bool
	frames       int
	shotDone     bool
	done         bool
	fatal        error
	width        int
	height       int
	paint        paintState
	rec          recorder
	tracer       tracer

	// shotTicks counts a screenshot run's ticks after its script (step);
	// drewSinceStep says a frame was drawn since its last tick.
	shotTicks     int
	drewSinceStep bool
}

// Run opens the window and blocks until it closes.
func Run(opt Options) error {
	if opt.Width == 0 {
		opt.Width, opt.Height = 1280, 800
	}
	if opt.Log == nil {
		opt.Log = func(string) {}
	}
	app, err := NewApp(opt)
	if err != nil {
		return err
	}
	ebiten.SetWindowSize(opt.Width, opt.Height)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle(app.title())
	ebiten.SetTPS(60)
	// Frames with nothing new are not drawn (see shouldDraw).
	ebiten.SetScreenClearedEveryFrame(false)
	stop := make(chan struct{})
	go wakeTicker(stop)
	err = ebiten.RunGame(app)
	close(stop)
	app.stopRecording()
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return app.fatal
}

// NewApp builds the viewer state and widgets. A file that fails to load
// opens the demo-free empty state with the error shown, so the window still
// comes up.
func NewApp(opt Options) (*App, error) {
	a := &App{opt: opt}
	var err error
	if a.kit, err = newKit(); err != nil {
		return nil, err
	}
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
		a.st.Err = err.Error()
	}
	a.st.Exts = opt.Extensions
	if opt.RecentFile != "" {
		if err := a.st.LoadRecent(opt.RecentFile); err != nil {
			opt.Log("recent files: " + err.Error())
		}
		if err == nil {
			a.rememberRecent(opt.Path)
		}
	}
	a.script = opt.Actions
	a.fill = newFiller()
	if opt.Clip != "" {
		a.selectClipByName(opt.Clip)
	}
	a.view = render.DefaultOptions()
	a.w = a.buildWidgets()
	a.ui = &ebitenui.UI{Container: a.w.root}
	a.assetChanged()
	return a, nil
}

// emptyAsset is shown when the first file fails to load.
func emptyAsset() *formats.Asset {
	return &formats.Asset{Format: "none", Skeleton: &formats.Skeleton{Name: "(nothing open)"}}
}

func (a *App) title() string {
	name := a.st.Path
	if name == "" || name == "demo:" {
		name = "built-in demo"
	}
	return "animview " + version.Get().Short() + " — " + filepath.Base(name)
}

// assetChanged rebuilds what depends on the open asset.
func (a *App) assetChanged() {
	sk := a.st.Asset.Skeleton
	a.pose = player.NewPose(sk)
	a.world = player.NewWorldPose(sk)
	a.ghostPose = player.NewPose(sk)
	a.ghosts = a.ghosts[:0]
	a.st.Helper = render.HelperBones(sk, a.st.Asset.Clips)
	a.root = render.SceneRoot(a.st.Asset.Coords)
	cam := render.DefaultCamera()
	cam.Yaw += a.st.Asset.Coords.FrontYaw
	a.st.Camera = cam
	a.refreshLists()
	// Framing needs the laid-out viewport's aspect: do it at the next draw.
	a.needFrame = true
	a.followAuto = true
	ebiten.SetWindowTitle(a.title())
}

func (a *App) selectClipByName(sel string) {
	if i := a.st.AnimByName(sel); i >= 0 {
		_ = a.st.SelectAnim(i) // a character set's animation; a failed build shows its error
		return
	}
	for i, c := range a.st.Asset.Clips {
		if c.Name == sel || fmt.Sprint(i) == sel {
			a.st.SelectClip(i)
			return
		}
	}
	a.st.Err = fmt.Sprintf("no clip %q", sel)
}

// open replaces the asset with the file at path; on failure the old asset
// stays and the error shows.
func (a *App) open(path string) {
	asset, err := a.openPath(path)
	if err != nil {
		a.st.Err = err.Error()
		a.opt.Log(err.Error())
		return
	}
	a.st.SetAsset(path, asset)
	a.assetChanged()
	a.rememberRecent(path)
}

func (a *App) openEntry(entry string) {
	asset, err := a.openPathEntry(a.st.Path, entry)
	if err != nil {
		a.st.Err = err.Error()
		a.opt.Log(err.Error())
		return
	}
	a.st.SetAsset(a.st.Path, asset)
	a.assetChanged()
}

// openPath opens a file after the first: with the user's choices but
// its first entry.
func (a *App) openPath(path string) (*formats.Asset, error) {
	if a.opt.Open != nil {
		return a.opt.Open(path)
	}
	o := a.opt.Load
	o.Entry = ""
	return open.Path(path, o)
}

// openPathEntry opens an entry of the container at path.
func (a *App) openPathEntry(path, entry string) (*formats.Asset, error) {
	if a.opt.OpenEntry != nil {
		return a.opt.OpenEntry(path, entry)
	}
	return open.Entry(path, entry, a.opt.Load)
}

// frameAll fits the camera to the figures over the whole clip through
// render.ClipFraming, the same framing `animview render` uses: static scene
// roots that only place figures far away are left out. When the figures
// travel far compared with their own size (a flight, a long walk), it turns
// on follow mode and frames them around the tracked point instead, so they
// are not specks in a wide shot.
func (a *App) frameAll() {
	var src player.Sampler
	if s := a.st.Sampler(); s != nil {
		src = s // nil when nothing plays
	}
	a.frameFigures = render.ClipFraming(a.st.Asset.Skeleton, src, a.root, 32)
	if a.st.Show != render.ShowBones {
		a.frameFigures.AddMeshes(a.st.Asset.Skeleton, a.st.Asset.Meshes, a.root)
	}
	if a.followAuto {
		a.followAuto = false
		a.st.Follow = a.frameFigures.Travels
	}
	vp := a.viewport()
	aspect := 1.0
	if vp.H > 0 {
		aspect = float64(vp.W / vp.H)
	}
	a.frameFigures.Aim(&a.st.Camera, aspect, a.st.Follow)
}

// followTarget is where the camera looks in follow mode: the figures'
// tracked point.
func (a *App) followTarget() mgl32.Vec3 {
	return a.frameFigures.Track(a.world, a.root)
}

// Update advances playback and handles input. A panic here becomes an error
// in the window rather than a crash.
func (a *App) Update() (err error) {
	defer func() {
		if r := recover(); r != nil {
			a.st.Err = fmt.Sprintf("internal error: %v", r)
			a.opt.Log(a.st.Err)
			err = nil
		}
	}()
	if a.done {
		return ebiten.Termination
	}
	if files := ebiten.DroppedFiles(); files != nil {
		a.openDropped(files)
	}
	a.pollChooser()
	a.pollRecording()
	a.ui.Update()
	// A screenshot run moves in step with its pictures: an update after a
	// drawn frame runs the script and playback one tick on, and one that
	// ebiten runs again before the next frame (on a slow machine) neither.
	// The pose a frame samples feeds the panels the next update fills, so
	// the picture then depends on ticks alone.
	stepping := a.opt.Screenshot == "" || a.drewSinceStep
	a.drewSinceStep = false
	// The script waits for the figures' first framing, so that what it
	// plays does not change the camera of its pictures.
	if stepping && a.drawn && !a.needFrame && (len(a.script) > 0 || a.scriptWait > 0) {
		a.runScript()
	}
	a.handleInput()
	a.traceInput()
	a.crossed = a.crossed[:0]
	if stepping {
		if dt, ok := a.step(); ok {
			a.crossed = a.st.Advance(dt, a.crossed)
		}
	}
	a.syncWidgets()
	return nil
}

// tick returns the wall time since the previous update, so that 1× plays
// in real time however fast frames come (a catch-up after a stall is
// capped at a quarter second). Screenshot runs step by ticks (step).
func (a *App) tick() float64 {
	now := time.Now()
	last := a.lastTick
	a.lastTick = now
	if last.IsZero() {
		return 1 / float64(ebiten.TPS())
	}
	return min(now.Sub(last).Seconds(), 0.25)
}

// step is how far playback moves this tick (ok false: not at all). A
// screenshot run steps 1/TPS per tick, and only once the first picture
// has framed the figures, while no recording holds the script and until
// --after ticks have passed since the script ended: how many ticks ebiten
// runs before the first picture, and how long a recording takes, depend
// on the machine. Update calls it only on ticks that follow a frame.
func (a *App) step() (float64, bool) {
	if a.opt.Screenshot == "" {
		return a.tick(), true
	}
	if !a.drawn || a.needFrame || a.rec.hold || a.shotTicks >= a.opt.After {
		return 0, false
	}
	if len(a.script) == 0 && a.scriptWait == 0 {
		a.shotTicks++
	}
	return 1 / float64(ebiten.TPS()), true
}

// countFrame measures the drawn frames per second for the status line;
// a screenshot run shows none, its speed being no part of its picture.
func (a *App) countFrame() {
	if a.opt.Screenshot != "" {
		return
	}
	now := time.Now()
	if a.fpsSince.IsZero() {
		a.fpsSince = now
	}
	a.fpsFrames++
	if el := now.Sub(a.fpsSince).Seconds(); el >= 0.5 {
		a.st.FPS = float64(a.fpsFrames) / el
		a.fpsFrames, a.fpsSince = 0, now
	}
}

// openDropped opens the first dropped file by its real path, so that its
// siblings (a CINF beside an ANIM) are found. Files without one (a
// browser's) go to OpenFiles together.
func (a *App) openDropped(files fs.FS) {
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		f, err := files.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		if ap, ok := f.(interface{ AbsPath() string }); ok {
			a.open(ap.AbsPath())
		} else {
			a.openFiles(files)
		}
		return fs.SkipAll
	})
}

// openFiles opens files handed over without paths on disk through
// Options.OpenFiles, which picks the one to open.
func (a *App) openFiles(files fs.FS) {
	if a.opt.OpenFiles == nil {
		a.st.Err = "these files have no path on disk to open them by"
		return
	}
	p, err := a.opt.OpenFiles(files)
	if err != nil {
		a.st.Err = err.Error()
		a.opt.Log(err.Error())
		return
	}
	a.open(p)
}

// Draw renders the 3D view under the panels.
func (a *App) Draw(screen *ebiten.Image) {
	defer func() {
		if r := recover(); r != nil {
			a.st.Err = fmt.Sprintf("internal error while drawing: %v", r)
		}
	}()
	if !a.shouldDraw() {
		return
	}
	th := a.view.Theme
	screen.Fill(th.Background)
	vp := a.viewport()
	if a.needFrame && a.w.view.GetWidget().Rect.Dx() > 0 {
		a.needFrame = false
		a.frameAll()
	}
	a.drawScene(screen, vp)
	a.ui.Draw(screen)
	a.drawTimeline(screen)
	a.drawFrameBox(screen)
	a.drawOverlay(screen, vp)
	a.drawRecording(screen, vp)
	a.drawBrowser(screen)
	a.countFrame()
	a.pageDrawn()
	a.drawn = true
	a.drewSinceStep = true
	a.logFirstFrame()
	a.traceFrame()
	if len(a.script) == 0 && a.scriptWait == 0 && !a.rec.hold {
		a.frames++
	}
	if a.opt.Screenshot != "" && !a.shotDone && a.shotTicks >= a.opt.After {
		a.shotDone = true
		if err := saveScreenshot(screen, a.opt.Screenshot); err != nil {
			a.fatal = err
		} else {
			a.opt.Log("saved " + a.opt.Screenshot)
			// What the picture shows, for scripts and tests to check.
			a.opt.Log("shown: " + a.st.Status())
		}
		a.done = true
	}
}

func (a *App) drawScene(screen *ebiten.Image, vp render.Viewport) {
	st := a.st
	sk := st.Asset.Skeleton
	if s := st.Sampler(); s != nil && !st.BindPose {
		s.Sample(st.Time, a.pose)
		st.HoldInPlace(a.pose)
	} else {
		a.pose.SetBind(sk)
	}
	player.ToWorld(sk, a.pose, a.world)
	a.view.Labels = st.Labels
	a.view.Grid = st.Grid
	a.view.HideHelpers = st.HideHelpers
	a.view.SelectedAxes = st.Axes
	a.view.Show = st.Show
	sc := render.Scene{
		Skeleton: sk, World: a.world, Visible: a.pose.Visible, Hidden: st.HiddenBones,
		Selected: st.Selected, Root: a.root, CameraMarker: a.cameraMarker(),
		Links: a.frameFigures.Link,
		Dim:   st.Dim, Helper: st.Helper, Ghosts: a.onionSkin(),
		Meshes: st.Asset.Meshes,
	}
	cam := st.Camera
	if st.Follow && len(sk.Bones) > 0 {
		cam.Target = a.followTarget()
	}
	if st.ThroughCamera {
		if lf := a.throughCamera(); lf != nil {
			cam.Through = lf
		}
	}
	render.Build(&a.dl, &sc, cam, vp, a.view)
	a.paint.drawer.Draw(screen, &a.dl, a.kit.small)
}

// onionSkin fills the ghost poses a few frames around the current time,
// reusing their storage; nil when onion skin is off.
func (a *App) onionSkin() []*player.WorldPose {
	st := a.st
	s := st.Sampler()
	if s == nil || st.BindPose {
		return nil
	}
	a.ghostTimes = st.GhostTimes(a.ghostTimes[:0])
	if len(a.ghostTimes) == 0 {
		return nil
	}
	sk := st.Asset.Skeleton
	for len(a.ghosts) < len(a.ghostTimes) {
		a.ghosts = append(a.ghosts, player.NewWorldPose(sk))
	}
	for i, t := range a.ghostTimes {
		s.Sample(t, a.ghostPose)
		st.HoldInPlace(a.ghostPose)
		player.ToWorld(sk, a.ghostPose, a.ghosts[i])
	}
	return a.ghosts[:len(a.ghostTimes)]
}

// viewport is the screen area between the panels.
func (a *App) viewport() render.Viewport {
	r := a.w.view.GetWidget().Rect
	if r.Dx() <= 0 || r.Dy() <= 0 {
		return render.Viewport{W: float32(a.width), H: float32(a.height)}
	}
	return render.Viewport{X: float32(r.Min.X), Y: float32(r.Min.Y), W: float32(r.Dx()), H: float32(r.Dy())}
}

// Layout uses the window's own size so text stays crisp when resized.
func (a *App) Layout(w, h int) (int, int) {
	a.width, a.height = w, h
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

// State returns the viewer state, for callers that drive it with actions.
func (a *App) State() *state.State { return a.st }
