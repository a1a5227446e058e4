// Package raster draws render.DrawLists into plain images with
// golang.org/x/image/vector (anti-aliased, pure Go) and renders whole assets
// headlessly to an io.Writer: a frame as a PNG, a clip as an animated GIF
// (Encode). The render command, the window's GIF recording and the
// renderer's pixel tests use it; no display is involved, and no file:
// callers write files whole through internal/safefile.
package raster

import (
	"image"
	"image/draw"

	"github.com/animview/animview/render"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// labelSize is the label font size in pixels.
const labelSize = 12

// DefaultFace returns Go Regular at the label size. The font is bundled, so
// this cannot fail in practice; if parsing ever did, the fixed 7×13 face
// stands in rather than losing the labels.
func DefaultFace() font.Face {
	f, err := opentype.Parse(goregular.TTF)
	if err == nil {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: labelSize, DPI: 72, Hinting: font.HintingFull})
		if err == nil {
			return face
		}
	}
	return basicfont.Face7x13
}

// Draw paints the draw list over the whole of dst: the background, then the
// lines and dots in the list's order, then the labels. A nil face draws the
// labels with DefaultFace (parsed afresh, so pass a face when drawing many
// frames). The list's coordinates are dst's own (as with any image.Image):
// to confine a view to part of an image, pass a SubImage and a Viewport that
// covers the same rectangle.
func Draw(dst *image.RGBA, dl *render.DrawList, face font.Face) {
	if dst == nil || dl == nil {
		return
	}
	draw.Draw(dst, dst.Bounds(), image.NewUniform(dl.Background), image.Point{}, draw.Src)
	p := newPainter(dst)
	at := min(max(dl.MeshAt, 0), len(dl.Lines))
	strokeLines(p, dl.Lines[:at])
	if ml := dl.MeshLayer(); ml != nil {
		drawMesh(dst, ml, dl)
	}
	strokeLines(p, dl.Lines[at:])
	for i := 0; i < len(dl.Dots); {
		c := dl.Dots[i].Color
		for ; i < len(dl.Dots) && dl.Dots[i].Color == c; i++ {
			d := &dl.Dots[i]
			p.circle(d.P[0], d.P[1], d.Radius)
		}
		p.fill(c)
	}
	if len(dl.Labels) == 0 {
		return
	}
	if face == nil {
		face = DefaultFace()
	}
	drawLabels(dst, dl.Labels, face)
}

// strokeLines fills lines in order. Consecutive shapes of one colour are
// filled as one path: that is the painter's order the list asks for, and
// where two sticks of a colour overlap the coverage saturates instead of
// doubling the anti-aliasing fringe.
func strokeLines(p *painter, lines []render.Line) {
	for i := 0; i < len(lines); {
		c := lines[i].Color
		for ; i < len(lines) && lines[i].Color == c; i++ {
			l := &lines[i]
			p.stroke(l.A[0], l.A[1], l.B[0], l.B[1], l.Width, l.Kind == render.KindBone)
		}
		p.fill(c)
	}
}

// drawMesh copies the covered pixels of the mesh layer (opaque where a
// triangle is, transparent elsewhere) onto dst at the viewport's corner.
func drawMesh(dst *image.RGBA, ml *render.MeshLayer, dl *render.DrawList) {
	vp := dl.Viewport()
	off := image.Pt(int(vp.X), int(vp.Y))
	r := ml.Dirty.Add(off).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	draw.Draw(dst, r, ml.Image, r.Min.Sub(off), draw.Over)
}

func drawLabels(dst *image.RGBA, labels []render.Label, face font.Face) {
	d := font.Drawer{Dst: dst, Face: face}
	var src image.Uniform
	d.Src = &src
	for _, l := range labels {
		if !finite(l.P[0], l.P[1]) || abs32(l.P[0]) > 1e6 || abs32(l.P[1]) > 1e6 {
			continue
		}
		src.C = l.Color
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(l.P[0] * 64), Y: fixed.Int26_6(l.P[1] * 64)}
		d.DrawString(l.Text)
	}
}

func abs32(x float32) float32 { return max(x, -x) }
