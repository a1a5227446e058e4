package ui

import (
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"time"

	"github.com/animview/animview/render"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/state"
	"github.com/animview/animview/ui/task"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// GIF recording limits: a window-wide GIF would be large and slow to
// write, and game clips seldom key faster than 30 frames a second.
const (
	recordMaxW   = 640
	recordMaxFPS = 30
)

// recorder is the window's GIF recording (Shift+P, the record-gif action):
// the export writes the file on a task of its own while the window goes
// on drawing; each tick the recorder reports the task's progress to the
// state's Recording, which the window shows. The job only writes the
// file beside its name: the window's goroutine puts it in place or throws
// it away when it picks the job up (poll, stop), so a cancel asked for
// before then always wins, even one the job saw too late (after its last
// frame, while it encoded), and the log line comes after the file's fate.
// It holds the tools and the job; the state comes with each call that
// reads or changes it.
type recorder struct {
	tools
	job *task.Job
	// finish, set by the job before it returns (the job's result channel
	// orders it before Poll and Wait see the result), commits (keep) or
	// discards the written GIF.
	finish func(keep bool) error
}

// start starts recording what plays as a GIF beside the screenshots,
// seen from the view's direction and as wide as the view up to recordMaxW,
// at the clip's frame rate up to recordMaxFPS. The image backend renders
// it on a goroutine from a sampler of its own; the window draws a bar.
func (r *recorder) start(st *state.State, vp render.Viewport, look render.Options) {
	if r.job != nil {
		st.Notify("already recording "+filepath.Base(st.Recording().Path())+" (Esc cancels)", time.Now())
		return
	}
	src, name, err := st.RecordSource()
	if err != nil {
		st.ShowError(err.Error())
		return
	}
	fo := r.options(st, vp, look)
	path := folder.FreeName(r.opt.ShotDir, time.Now(), ".gif")
	asset := st.Asset() // immutable once loaded: safe to share with the goroutine
	r.finish = nil
	r.job = task.Start(func(progress func(done, total int) bool) error {
		finish, err := recordGIFFile(path, asset, src, fo, progress)
		r.finish = finish
		return err
	})
	st.StartRecording(path, name)
	r.opt.Log(fmt.Sprintf("recording %s: %q at %d×%d, %.4g fps", path, name, fo.Width, fo.Height, fo.FPS))
}

// options frames the GIF as the view vp is drawn with look: its aspect,
// the camera's direction, the follow mode and the drawing toggles.
func (r *recorder) options(st *state.State, vp render.Viewport, look render.Options) raster.FrameOptions {
	w, h := int(vp.W), int(vp.H)
	if w < 16 || h < 16 {
		w, h = recordMaxW, recordMaxW*3/4
	}
	if w > recordMaxW {
		h, w = max(1, h*recordMaxW/w), recordMaxW
	}
	fps := float64(recordMaxFPS)
	if c := st.CurrentClip(); c != nil && c.FrameRate > 0 {
		fps = min(c.FrameRate, fps)
	}
	opt := look
	opt.Labels, opt.Grid, opt.HideHelpers, opt.Show = st.Visibility().Labels(), st.Visibility().Grid(), st.Visibility().HideHelpers(), st.Visibility().Show()
	opt.NoTextures = !st.Visibility().Textures()
	if opt.Theme == (render.Theme{}) {
		opt.Theme = render.DefaultTheme()
	}
	follow := raster.FollowOff
	if st.View().Follow() {
		follow = raster.FollowOn
	}
	cam := st.View().Camera()
	return raster.FrameOptions{Width: w, Height: h, Yaw: cam.Yaw, Pitch: cam.Pitch,
		Options: opt, FPS: fps, Follow: follow}
}

// poll reports the recording's progress to the state, and ends a
// recording whose writer has returned: the file is put in place unless
// the recording was cancelled meanwhile, and then a notice names it, or
// says it was cancelled; a failure shows as the error. A script held by
// the recording (s) goes on.
func (r *recorder) poll(st *state.State, s *script) {
	if r.job == nil {
		return
	}
	st.SetRecordingProgress(r.job.Progress())
	if done, err := r.job.Poll(); done {
		r.end(st, err, s)
	}
}

// end ends the recording whose job returned err (poll, stop) and lets
// the script s go on.
func (r *recorder) end(st *state.State, err error, s *script) {
	path := st.Recording().Path()
	err = settleJob(r.job, r.finish, err, raster.ErrCancelled)
	r.job, r.finish = nil, nil
	st.FinishRecording()
	s.hold = false
	now := time.Now()
	switch {
	case err == nil:
		st.Notify("GIF "+savedWord+": "+path, now)
		r.opt.Log(savedWord + " " + path)
	case errors.Is(err, raster.ErrCancelled):
		st.Notify("GIF recording cancelled", now)
		r.opt.Log("cancelled " + path)
	default:
		msg := "record GIF: " + err.Error()
		st.ShowError(msg)
		r.opt.Log(msg)
	}
}

// cancel asks a running recording to stop (Esc), reporting whether there
// was one.
func (r *recorder) cancel(st *state.State) bool {
	if r.job == nil || r.job.Cancelled() {
		return false
	}
	r.job.Cancel()
	st.CancelRecording()
	return true
}

// settleJob ends job j, which returned err: the file it wrote is put in
// place by finish, or removed if the job was cancelled, which the
// returned error then says (cancelled) once the file is gone.
func settleJob(j *task.Job, finish func(keep bool) error, err, cancelled error) error {
	if err != nil || finish == nil {
		return err
	}
	keep := !j.Cancelled()
	if err := finish(keep); err != nil {
		return err
	}
	if !keep {
		return cancelled
	}
	return nil
}

// stop cancels a recording still running when the window closes, waits
// for it and ends it as poll does: whatever it wrote is removed before
// the log says so.
func (r *recorder) stop(st *state.State, s *script) {
	if r.job == nil {
		return
	}
	r.job.Cancel()
	r.end(st, r.job.Wait(), s)
}

// key is the recording's part of the paint key: it changes with each
// frame written, so the bar moves while the loop only draws changes.
func (r *recorder) key() int {
	if r.job == nil {
		return 0
	}
	done, _ := r.job.Progress()
	return done + 1
}

// Colours of the recording bar.
var (
	colRecordPanel = color.NRGBA{0x10, 0x12, 0x18, 0xf0}
	colRecordTrack = color.NRGBA{0x2a, 0x2e, 0x38, 0xff}
)

// draw draws the recording's progress over the foot of the view: the
// file's name, the percentage and a bar.
func (r *recorder) draw(st *state.State, screen *ebiten.Image, vp render.Viewport) {
	if !st.Recording().Active() {
		return
	}
	w := min(vp.W-24, 440)
	if w < 40 {
		return
	}
	status := fmt.Sprintf("%d%% · Esc: cancel", int(100*st.Recording().Fraction()))
	if st.Recording().Cancelled() {
		status = "cancelling…"
	}
	r.drawProgress(screen, vp.X+(vp.W-w)/2, vp.Y+vp.H-118, w, "Recording "+filepath.Base(st.Recording().Path()), status, st.Recording().Fraction())
}

// drawProgress draws a background job's box w wide at (x, y): its name,
// its status at the right, and a bar filled to fraction f.
func (a tools) drawProgress(screen *ebiten.Image, x, y, w float32, name, status string, f float64) {
	a.fill.rect(screen, x, y, w, 50, colRecordPanel)
	k := a.kit
	face := k.small
	sw, _ := text.Measure(status, face, 0)
	k.drawText(screen, status, float64(x+w-8)-sw, float64(y+6), colDim, face)
	k.drawText(screen, k.fitLeft(name, face, int(w-24-float32(sw))), float64(x+8), float64(y+6), colText, face)
	bx, by, bw := x+8, y+30, w-16
	a.fill.rect(screen, bx, by, bw, 12, colRecordTrack)
	if f > 0 {
		a.fill.rect(screen, bx, by, bw*float32(f), 12, colAccent)
	}
}
