package ui

import (
	"image/color"
	"math"

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

// polyline draws a line width pixels wide through the points of xy (x, y
// pairs), each segment a quad, in as few draw calls as ebiten's 16-bit
// indices allow.
func (f *filler) polyline(dst *ebiten.Image, c color.Color, width float32, xy []float32) {
	r, g, b, a := premul(c)
	f.vs, f.is = f.vs[:0], f.is[:0]
	flush := func() {
		if len(f.is) > 0 {
			dst.DrawTriangles(f.vs, f.is, f.white, &f.op)
		}
		f.vs, f.is = f.vs[:0], f.is[:0]
	}
	hw := width / 2
	for k := 0; k+3 < len(xy); k += 2 {
		x0, y0, x1, y1 := xy[k], xy[k+1], xy[k+2], xy[k+3]
		dx, dy := x1-x0, y1-y0
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		if len(f.vs)+4 > 0xfff0 {
			flush()
		}
		n := uint16(len(f.vs))
		for _, p := range [4][2]float32{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}} {
			f.vs = append(f.vs, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: 1, SrcY: 1, ColorR: r, ColorG: g, ColorB: b, ColorA: a})
		}
		f.is = append(f.is, n, n+1, n+2, n, n+2, n+3)
	}
	flush()
}
