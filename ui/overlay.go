package ui

import (
	"image/color"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
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

// drawTimelineMarkers puts a tick above the timeline at every event.
func (a *App) drawTimelineMarkers(screen *ebiten.Image) {
	c := a.st.CurrentClip()
	if c == nil || c.Duration <= 0 {
		return
	}
	r := a.w.timeline.GetWidget().Rect
	const handle = 10
	x0 := float32(r.Min.X) + handle/2
	span := float32(r.Dx()) - handle
	top := float32(r.Min.Y) - 9
	for i, e := range c.Events {
		x := x0 + span*float32(e.Time/c.Duration)
		col := eventColour(e.Kind)
		if a.st.HiddenEvents[i] {
			col = color.NRGBA{0x55, 0x5a, 0x66, 0xff}
		}
		var p vector.Path
		p.MoveTo(x-4, top)
		p.LineTo(x+4, top)
		p.LineTo(x, top+7)
		p.Close()
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(col)
		vector.FillPath(screen, &p, &vector.FillOptions{}, op)
	}
}

func (a *App) drawText(screen *ebiten.Image, s string, x, y float64, c color.Color, face text.Face) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = face.Metrics().HAscent + face.Metrics().HDescent + 3
	text.Draw(screen, s, face, op)
}

const helpText = `Mouse: left-drag orbit · right-drag or shift-drag pan · wheel zoom · click a joint to select
Space play/pause · ←/→ step a frame · Home/End · ↑/↓ or +/- speed · R reverse · L loop
[ / ] or PgUp/PgDn previous/next clip · F frame all · 1 front · 3 side · 7 top
N bone names · G grid · B bind pose · T follow the root · H hide selected bone
C view through the animation's camera (LEGO Island clips with a camera)
P or F12 screenshot · drop a file on the window to open it · F1 or ? this help · Esc close`

// drawOverlay draws the error, the event flashes and the help in the view.
func (a *App) drawOverlay(screen *ebiten.Image, vp render.Viewport) {
	x := float64(vp.X) + 10
	y := float64(vp.Y) + 8
	if a.st.Err != "" {
		msg := wrap(a.st.Err, int(vp.W/8))
		vector.FillRect(screen, vp.X+4, vp.Y+4, vp.W-8, float32(20*(strings.Count(msg, "\n")+1)+30), color.NRGBA{0x40, 0x10, 0x14, 0xe0}, false)
		a.drawText(screen, "Could not open the file (Esc to dismiss):\n"+msg, x, y, colError, a.kit.face)
		y += float64(20*(strings.Count(msg, "\n")+1) + 36)
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
	if a.st.ThroughCamera {
		a.drawText(screen, "viewing through the animation's camera (C to leave)", x, float64(vp.Y+vp.H)-44, colDim, a.kit.small)
	}
	if a.st.Help {
		vector.FillRect(screen, vp.X+20, vp.Y+vp.H/2-70, vp.W-40, 160, color.NRGBA{0x10, 0x12, 0x18, 0xe8}, false)
		a.drawText(screen, helpText, float64(vp.X)+32, float64(vp.Y+vp.H/2-60), colText, a.kit.small)
	} else {
		a.drawText(screen, "F1: keys and mouse", float64(vp.X+vp.W)-130, float64(vp.Y+vp.H)-22, colDim, a.kit.small)
	}
	if a.pendingShot != "" {
		path := a.pendingShot
		a.pendingShot = ""
		if err := saveScreenshot(screen, path); err != nil {
			a.st.Err = err.Error()
		} else {
			a.opt.Log("saved " + path)
		}
	}
}

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
