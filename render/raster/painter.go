package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// painter collects closed polygons and fills them, all in one colour, with
// a rasterizer sized to their bounding box rather than to the image: a short
// stick costs its own area, not the frame's.
type painter struct {
	dst *image.RGBA
	z   vector.Rasterizer
	// pts holds the polygons' vertices; ends[i] is where polygon i stops.
	pts  []float32
	ends []int
	// Bounding box of the collected vertices.
	x0, y0, x1, y1 float32
	mask           image.Alpha
}

func newPainter(dst *image.RGBA) *painter {
	p := &painter{dst: dst}
	p.clear()
	return p
}

func (p *painter) clear() {
	p.pts, p.ends = p.pts[:0], p.ends[:0]
	p.x0, p.y0 = float32(math.Inf(1)), float32(math.Inf(1))
	p.x1, p.y1 = float32(math.Inf(-1)), float32(math.Inf(-1))
}

func (p *painter) vertex(x, y float32) {
	p.pts = append(p.pts, x, y)
	p.x0, p.y0 = min(p.x0, x), min(p.y0, y)
	p.x1, p.y1 = max(p.x1, x), max(p.y1, y)
}

func (p *painter) close() { p.ends = append(p.ends, len(p.pts)) }

// stroke adds a line of the given width as a quad, with round caps when
// asked (bone sticks, so that a chain of sticks meets without notches).
//
// Every polygon is wound the same way (quads: A+n, B+n, B-n, A-n with n to
// the left of AB; circles clockwise on screen), so overlapping shapes of a
// path add their coverage instead of cancelling it.
func (p *painter) stroke(ax, ay, bx, by, width float32, caps bool) {
	if !finite(ax, ay, bx, by, width) || width <= 0 {
		return
	}
	capA, capB := caps, caps
	if far(ax, ay) || far(bx, by) {
		// A float32 loses the sub-pixel steps the anti-aliasing needs this
		// far out (at 1e9 a step is 64 pixels, and a 2-pixel quad folds
		// flat): keep the part of the stick that can show, worked out in
		// float64. An end cut off is off the frame: it has no cap.
		var cutA, cutB bool
		if ax, ay, bx, by, cutA, cutB = p.clip(ax, ay, bx, by, width); cutA && cutB && ax == bx && ay == by {
			return
		}
		capA, capB = caps && !cutA, caps && !cutB
	}
	h := width / 2
	dx, dy := bx-ax, by-ay
	if l := float32(math.Hypot(float64(dx), float64(dy))); l > 1e-6 {
		nx, ny := -dy/l*h, dx/l*h
		p.vertex(ax+nx, ay+ny)
		p.vertex(bx+nx, by+ny)
		p.vertex(bx-nx, by-ny)
		p.vertex(ax-nx, ay-ny)
		p.close()
	}
	if capA {
		p.circle(ax, ay, h)
	}
	if capB {
		p.circle(bx, by, h)
	}
}

// farOut is how far from the origin a coordinate may lie before stroke
// clips the segment: up to 2^16 a float32 still has 1/128-pixel steps.
const farOut = 1 << 16

func far(x, y float32) bool { return abs32(x) > farOut || abs32(y) > farOut }

// clip returns the part of segment AB inside the frame grown by width on
// every side (Liang-Barsky, in float64) and whether each end was cut; a
// segment wholly outside comes back as one point, both ends cut.
func (p *painter) clip(ax, ay, bx, by, width float32) (cax, cay, cbx, cby float32, cutA, cutB bool) {
	b := p.dst.Bounds()
	w := float64(width)
	x0, y0 := float64(ax), float64(ay)
	dx, dy := float64(bx)-x0, float64(by)-y0
	t0, t1 := 0.0, 1.0
	for _, e := range [4]struct{ q, d float64 }{
		{x0 - (float64(b.Min.X) - w), -dx}, {(float64(b.Max.X) + w) - x0, dx},
		{y0 - (float64(b.Min.Y) - w), -dy}, {(float64(b.Max.Y) + w) - y0, dy},
	} {
		// e.q is how far inside this edge A is; e.d how fast AB leaves it.
		switch {
		case e.d == 0 && e.q < 0:
			return ax, ay, ax, ay, true, true
		case e.d < 0:
			t0 = max(t0, e.q/e.d)
		case e.d > 0:
			t1 = min(t1, e.q/e.d)
		}
	}
	if t0 > t1 {
		return ax, ay, ax, ay, true, true
	}
	return float32(x0 + t0*dx), float32(y0 + t0*dy), float32(x0 + t1*dx), float32(y0 + t1*dy), t0 > 0, t1 < 1
}

// circle adds a disc as a polygon fine enough that its facets stay under a
// tenth of a pixel from the true circle.
func (p *painter) circle(cx, cy, r float32) {
	if !finite(cx, cy, r) || r <= 0 {
		return
	}
	n := int(math.Ceil(math.Pi / math.Acos(max(0, 1-0.1/float64(r)))))
	n = max(8, min(n, 256))
	for i := 0; i < n; i++ {
		// Decreasing angles: the same winding as stroke's quads.
		a := -2 * math.Pi * float64(i) / float64(n)
		p.vertex(cx+r*float32(math.Cos(a)), cy+r*float32(math.Sin(a)))
	}
	p.close()
}

// fill paints the collected polygons in c over dst and clears them.
func (p *painter) fill(c color.RGBA) {
	defer p.clear()
	if len(p.ends) == 0 {
		return
	}
	b := p.dst.Bounds()
	// The bounding box is clamped before converting to int, so a vertex
	// far off screen cannot overflow.
	lim := func(v float64, lo, hi int) int { return int(max(float64(lo), min(float64(hi), v))) }
	r := image.Rect(
		lim(math.Floor(float64(p.x0))-1, b.Min.X, b.Max.X), lim(math.Floor(float64(p.y0))-1, b.Min.Y, b.Max.Y),
		lim(math.Ceil(float64(p.x1))+1, b.Min.X, b.Max.X), lim(math.Ceil(float64(p.y1))+1, b.Min.Y, b.Max.Y),
	)
	if r.Empty() {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	start := 0
	for _, end := range p.ends {
		pts := p.pts[start:end]
		p.z.MoveTo(pts[0]-ox, pts[1]-oy)
		for i := 2; i < len(pts); i += 2 {
			p.z.LineTo(pts[i]-ox, pts[i+1]-oy)
		}
		p.z.ClosePath()
		start = end
	}
	// The rasterizer's own compositing visits every pixel of the box; a
	// grid line's box is the whole frame. Rendering coverage into a mask
	// first and blending only the covered pixels is several times faster.
	p.z.DrawOp = draw.Src
	if cap(p.mask.Pix) < r.Dx()*r.Dy() {
		p.mask.Pix = make([]uint8, r.Dx()*r.Dy())
	}
	p.mask.Pix, p.mask.Stride, p.mask.Rect = p.mask.Pix[:r.Dx()*r.Dy()], r.Dx(), image.Rect(0, 0, r.Dx(), r.Dy())
	p.z.Draw(&p.mask, p.mask.Rect, image.Opaque, image.Point{})
	blendMask(p.dst, r, &p.mask, c)
}

// blendMask paints c over dst in r wherever the mask covers it: Porter-Duff
// "over" with the colour's alpha scaled by the coverage, in premultiplied
// 8-bit arithmetic rounded to nearest.
func blendMask(dst *image.RGBA, r image.Rectangle, mask *image.Alpha, c color.RGBA) {
	cr, cg, cb, ca := uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	for y := 0; y < r.Dy(); y++ {
		m := mask.Pix[y*mask.Stride : y*mask.Stride+r.Dx()]
		pix := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):]
		for x, cov := range m {
			if cov == 0 {
				continue
			}
			px := pix[4*x : 4*x+4 : 4*x+4]
			if cov == 0xff && ca == 0xff {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, c.A
				continue
			}
			k := uint32(cov)
			inv := 0xff*0xff - ca*k // (1 - alpha·coverage) in 255² units
			px[0] = uint8((uint32(px[0])*inv + cr*k*0xff + 0xff*0xff/2) / (0xff * 0xff))
			px[1] = uint8((uint32(px[1])*inv + cg*k*0xff + 0xff*0xff/2) / (0xff * 0xff))
			px[2] = uint8((uint32(px[2])*inv + cb*k*0xff + 0xff*0xff/2) / (0xff * 0xff))
			px[3] = uint8((uint32(px[3])*inv + ca*k*0xff + 0xff*0xff/2) / (0xff * 0xff))
		}
	}
}

func finite(xs ...float32) bool {
	for _, x := range xs {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}
