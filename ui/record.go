package ui

import (
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"time"

	"github.com/animview/animview/render"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// GIF recording limits: a window-wide GIF would be large and slow to
// write, and game clips seldom key faster than 30 frames a second.
const (
	recordMaxW   = 640
	recordMaxFPS = 30
)

// recorder is the window's GIF recording (Shift+P, the record-gif action).
type recorder struct {
	cur *state.Recording
	// hold makes an action script wait for the recording to end, so that
	// what follows (a screenshot) sees the finished file.
	hold bool
}

// recordGIF starts recording what plays as a GIF beside the screenshots,
// seen from the view's direction and as wide as the view up to recordMaxW,
// at the clip's frame rate up to recordMaxFPS. The image backend renders
// it on a goroutine from a sampler of its own; the window draws a bar.
func (a *App) recordGIF() {
	st := a.st
	if a.rec.cur != nil {
		st.Notify("already recording "+filepath.Base(a.rec.cur.Path)+" (Esc cancels)", time.Now())
		return
	}
	src, name, err := st.RecordSource()
	if err != nil {
		st.Err = err.Error()
		return
	}
	fo := a.recordOptions()
	path := state.OutputName(a.opt.ShotDir, time.Now(), ".gif")
	asset := st.Asset // immutable once loaded: safe to share with the goroutine
	a.rec.cur = state.StartRecording(path, name, func(progress func(done, total int) bool) error {
		return recordGIFFile(path, asset, src, fo, progress)
	})
	a.opt.Log(fmt.Sprintf("recording %s: %q at %d×%d, %.4g fps", path, name, fo.Width, fo.Height, fo.FPS))
}

// recordOptions frames the GIF as the view is: its aspect, the camera's
// direction, the follow mode and the drawing toggles.
func (a *App) recordOptions() raster.FrameOptions {
	st := a.st
	vp := a.viewport()
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
	opt := a.view
	opt.Labels, opt.Grid, opt.HideHelpers, opt.Show = st.Labels, st.Grid, st.HideHelpers, st.Show
	if opt.Theme == (render.Theme{}) {
		opt.Theme = render.DefaultTheme()
	}
	follow := raster.FollowOff
	if st.Follow {
		follow = raster.FollowOn
	}
	return raster.FrameOptions{Width: w, Height: h, Yaw: st.Camera.Yaw, Pitch: st.Camera.Pitch,
		Options: opt, FPS: fps, Follow: follow}
}

// pollRecording ends a recording whose writer has returned: a notice
// names the file, or says it was cancelled; a failure shows as the error.
func (a *App) pollRecording() {
	r := a.rec.cur
	if r == nil {
		return
	}
	done, err := r.Poll()
	if !done {
		return
	}
	a.rec = recorder{}
	now := time.Now()
	switch {
	case err == nil:
		a.st.Notify("GIF "+savedWord+": "+r.Path, now)
		a.opt.Log(savedWord + " " + r.Path)
	case errors.Is(err, raster.ErrCancelled):
		a.st.Notify("GIF recording cancelled", now)
		a.opt.Log("cancelled " + r.Path)
	default:
		a.st.Err = "record GIF: " + err.Error()
		a.opt.Log(a.st.Err)
	}
}

// cancelRecording asks a running recording to stop (Esc), reporting
// whether there was one.
func (a *App) cancelRecording() bool {
	if a.rec.cur == nil || a.rec.cur.Cancelled() {
		return false
	}
	a.rec.cur.Cancel()
	return true
}

// stopRecording cancels a recording still running when the window closes
// and waits for it, so no temporary file is left behind.
func (a *App) stopRecording() {
	if r := a.rec.cur; r != nil {
		r.Cancel()
		_ = r.Wait()
		a.rec = recorder{}
	}
}

// recordingKey is the recording's part of the paint key: it changes with
// each frame written, so the bar moves while the loop only draws changes.
func (a *App) recordingKey() int {
	if a.rec.cur == nil {
		return 0
	}
	done, _ := a.rec.cur.Progress()
	return done + 1
}

// Colours of the recording bar.
var (
	colRecordPanel = color.NRGBA{0x10, 0x12, 0x18, 0xf0}
	colRecordTrack = color.NRGBA{0x2a, 0x2e, 0x38, 0xff}
)

// drawRecording draws the recording's progress over the foot of the view:
// the file's name, the percentage and a bar.
func (a *App) drawRecording(screen *ebiten.Image, vp render.Viewport) {
	r := a.rec.cur
	if r == nil {
		return
	}
	w := min(vp.W-24, 440)
	if w < 40 {
		return
	}
	x := vp.X + (vp.W-w)/2
	y := vp.Y + vp.H - 118
	a.fill.rect(screen, x, y, w, 50, colRecordPanel)
	face := a.kit.small
	status := fmt.Sprintf("%d%% · Esc: cancel", int(100*r.Fraction()))
	if r.Cancelled() {
		status = "cancelling…"
	}
	sw, _ := text.Measure(status, face, 0)
	a.drawText(screen, status, float64(x+w-8)-sw, float64(y+6), colDim, face)
	name := a.fitText("Recording "+filepath.Base(r.Path), face, int(w-24-float32(sw)))
	a.drawText(screen, name, float64(x+8), float64(y+6), colText, face)
	bx, by, bw := x+8, y+30, w-16
	a.fill.rect(screen, bx, by, bw, 12, colRecordTrack)
	if f := float32(r.Fraction()); f > 0 {
		a.fill.rect(screen, bx, by, bw*f, 12, colAccent)
	}
}
