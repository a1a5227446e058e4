package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// filler draws the panels' flat shapes (the timeline's ticks, the
// overlays' boxes) as triangles of one white pixel, which ebiten batches
// into few draw calls; the vector package makes one stencil pass per
// shape, which on a software renderer costs more than the rest of a frame.
type filler struct {
	white *ebiten.Image
	vs    []ebiten.Vertex
	is    []uint16
	op    ebiten.DrawTrianglesOptions
}

func newFiller() filler {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	// The middle pixel: sampling never reaches past the image's edge.
	f := filler{white: img.SubImage(img.Bounds().Inset(1)).(*ebiten.Image)}
	// color.Color's RGBA is premultiplied.
	f.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	return f
}

func premul(c color.Color) (r, g, b, a float32) {
	cr, cg, cb, ca := c.RGBA()
	return float32(cr) / 0xffff, float32(cg) / 0xffff, float32(cb) / 0xffff, float32(ca) / 0xffff
}

// rect draws a filled rectangle.
func (f *filler) rect(dst *ebiten.Image, x, y, w, h float32, c color.Color) {
	f.poly(dst, c, x, y, x+w, y, x+w, y+h, x, y+h)
}

// tri draws a filled triangle.
func (f *filler) tri(dst *ebiten.Image, c color.Color, x0, y0, x1, y1, x2, y2 float32) {
	f.poly(dst, c, x0, y0, x1, y1, x2, y2)
}

// poly draws a convex polygon of up to four corners, given as x, y pairs.
func (f *filler) poly(dst *ebiten.Image, c color.Color, xy ...float32) {
	r, g, b, a := premul(c)
	f.vs, f.is = f.vs[:0], f.is[:0]
	for k := 0; k+1 < len(xy); k += 2 {
		f.vs = append(f.vs, ebiten.Vertex{DstX: xy[k], DstY: xy[k+1], SrcX: 1, SrcY: 1, ColorR: r, ColorG: g, ColorB: b, ColorA: a})
	}
	for k := 1; k+1 < len(f.vs); k++ {
		f.is = append(f.is, 0, uint16(k), uint16(k+1))
	}
	dst.DrawTriangles(f.vs, f.is, f.white, &f.op)
}
