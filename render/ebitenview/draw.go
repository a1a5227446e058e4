// Package ebitenview draws render.DrawLists onto ebiten images: the window
// backend. It is the only part of the renderer that imports ebiten, and it
// stays thin: the draw list already holds every decision.
package ebitenview

import (
	"bytes"

	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/goregular"
)

// DefaultFace returns Go Regular at size pixels. The font is bundled, so
// this cannot fail in practice; if it ever did, the fixed 7×13 face stands
// in. Build the face once and keep it: each call parses the font.
func DefaultFace(size float64) text.Face {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return text.NewGoXFace(basicfont.Face7x13)
	}
	return &text.GoTextFace{Source: src, Size: size}
}

// labelSize is the label size DefaultFace gets when Draw is given no face.
const labelSize = 13

// Draw fills dst with the list's background and draws its lines, dots and
// labels, in the list's order, anti-aliased. A nil face draws labels with
// DefaultFace (parsed afresh: pass a face when drawing every frame).
//
// The list's coordinates are dst's own. To confine the view to a panel of
// the window, pass screen.SubImage(panel) and a Viewport covering the same
// rectangle; the background then fills only the panel.
func Draw(dst *ebiten.Image, dl *render.DrawList, face text.Face) {
	if dst == nil || dl == nil {
		return
	}
	dst.Fill(dl.Background)
	for i := range dl.Lines {
		l := &dl.Lines[i]
		vector.StrokeLine(dst, l.A[0], l.A[1], l.B[0], l.B[1], l.Width, l.Color, true)
		if l.Kind == render.KindBone {
			// Round caps, so a chain of sticks meets without notches.
			vector.FillCircle(dst, l.A[0], l.A[1], l.Width/2, l.Color, true)
			vector.FillCircle(dst, l.B[0], l.B[1], l.Width/2, l.Color, true)
		}
	}
	for i := range dl.Dots {
		d := &dl.Dots[i]
		vector.FillCircle(dst, d.P[0], d.P[1], d.Radius, d.Color, true)
	}
	if len(dl.Labels) == 0 {
		return
	}
	if face == nil {
		face = DefaultFace(labelSize)
	}
	// Label.P is the start of the baseline; text/v2 places the top of the
	// line box at the origin, so lift the text by the ascent.
	ascent := face.Metrics().HAscent
	var op text.DrawOptions
	for _, l := range dl.Labels {
		op.GeoM.Reset()
		op.GeoM.Translate(float64(l.P[0]), float64(l.P[1])-ascent)
		op.ColorScale.Reset()
		op.ColorScale.ScaleWithColor(l.Color)
		text.Draw(dst, l.Text, face, &op)
	}
}
