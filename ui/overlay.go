package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/version"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// eventColour gives each event kind its marker colour.
func eventColour(k formats.EventKind) color.NRGBA {
	switch k {
	case formats.EventSound:
		return color.NRGBA{0x6b, 0xd3, 0x8a, 0xff}
	case formats.EventEffect:
		return color.NRGBA{0xff, 0x8c, 0x42, 0xff}
	case formats.EventLoop:
		return color.NRGBA{0x9a, 0xa5, 0xb8, 0xff}
	case formats.EventProp:
		return color.NRGBA{0xc7, 0x7d, 0xff, 0xff}
	}
	return color.NRGBA{0x4f, 0xc3, 0xf7, 0xff}
}

func (a *App) drawText(screen *ebiten.Image, s string, x, y float64, c color.Color, face text.Face) {
	op := &a.textOp
	*op = text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = face.Metrics().HAscent + face.Metrics().HDescent + 3
	text.Draw(screen, s, face, op)
}

// helpItems are the help's entries, laid out in as many columns as the
// view has room for.
var helpItems = [...]string{
	"left drag: orbit", "right/shift drag: pan", "wheel: zoom", "click joint: select",
	"Space: play / pause", "← →: frame", "Shift+← →: key", "Ctrl+← →: event",
	"Home / End: ends", "↑ ↓ + -: speed", "R: reverse", "L: loop",
	"[ ] PgUp PgDn: animation", "Ctrl+PgUp/PgDn: file", "Ctrl+O: open", "F: frame all",
	"T: follow root", "Z: zoom to bone", "1 3 7: front side top", "5: orthographic",
	"O: onion skin", "I: in place", "X: bone axes", "N: names",
	"G: grid", "B: bind pose", "H: hide bone", "Shift+H: helpers", "M: mesh / +bones / bones",
	"C: clip's camera", "W: warnings", "P F12: screenshot", "Shift+P: record GIF",
	"F1 ?: help · Esc: close",
}

// drawOverlay draws the error, the warnings, the event flashes, the notice
// and the help in the view.
func (a *App) drawOverlay(screen *ebiten.Image, vp render.Viewport) {
	x := float64(vp.X) + 10
	y := float64(vp.Y) + 8
	a.bannerRect = image.Rectangle{}
	cols := int(vp.W / 7)
	if a.st.Err != "" {
		msg := wrap(a.st.Err, cols)
		lines := strings.Count(msg, "\n") + 2
		a.fill.rect(screen, vp.X+4, vp.Y+4, vp.W-8, float32(18*lines+10), color.NRGBA{0x40, 0x10, 0x14, 0xe8})
		a.drawText(screen, "Error (Esc to dismiss):\n"+msg, x, y, colError, a.kit.small)
		y += float64(18*lines + 14)
	}
	if ws := a.st.Warnings; len(ws) > 0 && !a.st.WarningsDismissed {
		head := fmt.Sprintf("%d warning(s) — click or Esc: dismiss · W: list", len(ws))
		if len(ws) == 1 {
			head = "warning — click or Esc: dismiss · W: list"
		}
		msg := wrap(ws[0], cols)
		lines := strings.Count(msg, "\n") + 2
		if lines > 6 {
			parts := strings.SplitN(msg, "\n", 6)
			msg, lines = strings.Join(parts[:5], "\n")+" …", 6
		}
		h := float32(18*lines + 10)
		a.fill.rect(screen, vp.X+4, float32(y)-4, vp.W-8, h, color.NRGBA{0x3a, 0x30, 0x10, 0xe8})
		a.bannerRect = image.Rect(int(vp.X+4), int(y)-4, int(vp.X+vp.W-4), int(float32(y)-4+h))
		a.drawText(screen, head+"\n"+msg, x, y, colWarn, a.kit.small)
		y += float64(h + 6)
	}
	if a.st.ShowWarnings {
		a.drawWarnings(screen, vp, cols)
	}
	if c := a.st.CurrentClip(); c != nil {
		fired := a.st.Fired
		if len(fired) > 6 {
			fired = fired[len(fired)-6:] // a catch-up tick can cross a whole loop
		}
		for _, f := range fired {
			age := a.st.Clock - f.At
			if age > 1.5 || f.Event >= len(c.Events) {
				continue
			}
			e := c.Events[f.Event]
			col := eventColour(e.Kind)
			col.A = uint8(255 * (1 - age/1.5))
			a.drawText(screen, "● "+e.Name+"  ("+string(e.Kind)+")", x, y, col, a.kit.face)
			y += 20
		}
	}
	if n := a.st.NoticeAt(time.Now()); n != "" {
		msg := a.fitText(n, a.kit.small, int(vp.W)-24)
		a.fill.rect(screen, vp.X+4, vp.Y+vp.H-52, vp.W-8, 22, color.NRGBA{0x10, 0x30, 0x20, 0xe8})
		a.drawText(screen, msg, x, float64(vp.Y+vp.H)-50, colText, a.kit.small)
	}
	if a.st.ThroughCamera {
		a.drawText(screen, "viewing through the animation's camera (C to leave)", x, float64(vp.Y+vp.H)-44, colDim, a.kit.small)
	}
	if a.st.Help {
		a.drawHelp(screen, vp)
	} else {
		a.drawText(screen, "F1: keys", float64(vp.X+vp.W)-64, float64(vp.Y+vp.H)-22, colDim, a.kit.small)
	}
	if a.pendingShot != "" {
		path := a.pendingShot
		a.pendingShot = ""
		if err := saveScreenshot(screen, path); err != nil {
			a.st.Err = err.Error()
		} else {
			a.opt.Log(savedWord + " " + path)
			a.opt.Log("shown: " + a.st.Status())
			a.st.Notify("screenshot "+savedWord+": "+path, time.Now())
		}
	}
}

// helpHeaderH is the height of the help's first line, which names the
// build (internal/version).
const helpHeaderH = 22

// drawHelp draws the build's version and the keys in columns that fit
// the view.
func (a *App) drawHelp(screen *ebiten.Image, vp render.Viewport) {
	face := a.kit.small
	colW := float32(0)
	for _, it := range helpItems {
		w, _ := text.Measure(it, face, 0)
		colW = max(colW, float32(w)+18)
	}
	cols := max(1, int((vp.W-32)/colW))
	rows := (len(helpItems) + cols - 1) / cols
	h := float32(rows*18 + 20 + helpHeaderH)
	top := max(vp.Y+8, vp.Y+vp.H/2-h/2)
	a.fill.rect(screen, vp.X+8, top, vp.W-16, h, color.NRGBA{0x10, 0x12, 0x18, 0xf0})
	a.drawText(screen, "animview "+version.Get().Short(), float64(vp.X+16), float64(top+10), colAccent, face)
	for i, it := range helpItems {
		c, r := i/rows, i%rows
		a.drawText(screen, it, float64(vp.X+16+float32(c)*colW), float64(top+10+helpHeaderH+float32(r*18)), colText, face)
	}
}

// drawWarnings lists every warning over the view.
func (a *App) drawWarnings(screen *ebiten.Image, vp render.Viewport, cols int) {
	var b strings.Builder
	b.WriteString("Warnings (W or Esc: close)\n")
	if len(a.st.Warnings) == 0 {
		b.WriteString("none: the file loaded without problems")
	}
	for _, w := range a.st.Warnings {
		b.WriteString(wrap("• "+w, cols))
		b.WriteByte('\n')
	}
	msg := b.String()
	lines := min(strings.Count(msg, "\n")+1, int((vp.H-40)/18))
	if parts := strings.SplitN(msg, "\n", lines+1); len(parts) > lines {
		msg = strings.Join(parts[:lines], "\n")
	}
	top := vp.Y + 40
	a.fill.rect(screen, vp.X+8, top, vp.W-16, float32(18*lines+16), color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	a.drawText(screen, msg, float64(vp.X)+16, float64(top)+8, colWarn, a.kit.small)
}

// onBanner reports whether (x, y) is on the warnings banner.
func (a *App) onBanner(x, y int) bool { return image.Pt(x, y).In(a.bannerRect) }

func wrap(s string, width int) string {
	if width < 20 {
		width = 20
	}
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(s) {
		if n > 0 && n+len(word)+1 > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// cameraMarker returns the clip's animated camera for drawing, or nil.
func (a *App) cameraMarker() *render.CameraMarker {
	c := a.st.CurrentClip()
	if c == nil || c.Camera == nil || a.st.ThroughCamera {
		return nil
	}
	p := player.EvalCamera(c.Camera, a.st.Time)
	if !p.Valid {
		return nil
	}
	return &render.CameraMarker{Position: p.Position, Target: p.Target, Up: p.Up}
}

// throughCamera turns the clip's animated camera into view space.
func (a *App) throughCamera() *render.LookFrom {
	c := a.st.CurrentClip()
	if c == nil || c.Camera == nil {
		return nil
	}
	p := player.EvalCamera(c.Camera, a.st.Time)
	if !p.Valid {
		return nil
	}
	lf := render.CameraMarker{Position: p.Position, Target: p.Target, Up: p.Up}.LookFrom(a.root)
	return &lf
}
