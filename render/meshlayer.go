package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"math"
	"slices"

	"github.com/animview/animview/formats"
)

// MeshLayer is the draw list's triangles rasterised with a depth buffer,
// in pure Go: a viewport-sized RGBA image, transparent where no triangle
// covers a pixel, that a backend draws over the background and under the
// sticks. Each pixel shows the nearest triangle covering its centre, so a
// triangle is never drawn over a nearer one (where two triangles
// intersect, each shows where it is nearer). The ebiten backend has no
// depth buffer and a sort by depth cannot promise that (long triangles,
// cyclic overlaps), hence the software depth test in both backends.
type MeshLayer struct {
	// Image is the layer's drawn part: its bounds are Dirty, in the
	// layer's pixels (the viewport's, from its top left corner); the
	// layer is transparent outside them.
	Image *image.RGBA
	// Dirty holds every pixel the last Rasterize drew (and may hold more).
	Dirty image.Rectangle
	// buf is the depth and colour buffer, a pixel per word: 1/z's float32
	// bits above the colour's RGBA bytes. 1/z is positive, so its bits
	// order as the numbers do and the larger word is the nearer pixel;
	// an empty pixel is 0, which any drawn one exceeds. It is all 0
	// between calls.
	buf  []uint64
	w, h int
	// dirty grows over one Rasterize, from empty (Min beyond Max).
	dirty image.Rectangle
	// blend lists the blended triangles of one Rasterize, to draw after
	// the others.
	blend []blendRef
	// tris and (ox, oy) are the triangles and the viewport's corner of
	// the Rasterize under way; deferred says that some pixel is
	// deferred. shades holds the deferred triangles' fills, worked out
	// as tri draws them.
	tris     []Tri
	texTris  []TexTri
	ox, oy   float32
	deferred bool
	shades   []texShade
	// scratch holds a row's texels for shadeDeferred.
	scratch []byte
	// prepared is texTri's copy of a TexTri that was not prepared.
	prepared TexTri
	// immediate textures every triangle as it is drawn, none deferred
	// (as past maxDeferred triangles): tests compare the two ways.
	immediate bool
}

// blendRef is a blended triangle: the sum of its corners' 1/z (larger
// nearer), and its index.
type blendRef struct {
	invZ float32
	i    int32
}

// Rasterize draws tris, in screen coordinates of vp, into the layer, of
// the viewport's size; tex holds the textured triangles' texturing
// (Tri.Tex; a triangle naming none beyond it is left out). Nothing is
// allocated once the layer has its size.
func (l *MeshLayer) Rasterize(tris []Tri, tex []TexTri, vp Viewport) {
	w, h := int(math.Ceil(float64(vp.W))), int(math.Ceil(float64(vp.H)))
	if w < 0 || h < 0 || w > 1<<14 || h > 1<<14 {
		w, h = 0, 0
	}
	if l.w != w || l.h != h {
		l.w, l.h = w, h
		l.buf = make([]uint64, w*h)
		l.scratch = make([]byte, 4*w)
	}
	l.dirty = image.Rectangle{Min: image.Pt(w, h)}
	// Opaque triangles first, then the blended ones far to near, each
	// over what is drawn behind it. An opaque textured triangle is
	// drawn as a flat one whose colour word names it (deferred):
	// shade gives each of its pixels left in front its texel at the
	// end, so that a pixel is textured once, whatever the overdraw.
	l.blend = l.blend[:0]
	l.tris, l.texTris, l.ox, l.oy = tris, tex, vp.X, vp.Y
	l.deferred = false
	l.prepareShades()
	// The triangles up to deferLimit may be deferred (none when
	// immediate).
	deferLimit := maxDeferred
	if l.immediate {
		deferLimit = -1
	}
	for i := range tris {
		t := &tris[i]
		var tt *TexTri
		id := -1
		if t.Tex != 0 {
			// texTri, its common case written out (a call a
			// triangle).
			if k := int(t.Tex) - 1; uint(k) < uint(len(tex)) && tex[k].ready {
				tt = &tex[k]
			} else if tt = l.unpreparedTexTri(k); tt == nil {
				continue
			}
			switch {
			case tt.deferrable && i <= deferLimit:
				id = i
			case tt.Tex.mode == formats.AlphaBlend:
				l.blend = append(l.blend, blendRef{t.InvZ[0] + t.InvZ[1] + t.InvZ[2], int32(i)})
				continue
			}
		}
		l.tri(t, tt, id)
	}
	if len(l.blend) > 0 {
		// The blended triangles mix over the final colours.
		l.shadeDeferred()
		slices.SortStableFunc(l.blend, func(a, b blendRef) int { return cmp.Compare(a.invZ, b.invZ) })
		for _, b := range l.blend {
			t := &tris[b.i]
			l.tri(t, l.texTri(t), -1)
		}
	}
	l.Dirty = image.Rectangle{}
	if !l.dirty.Empty() {
		l.Dirty = l.dirty
	}
	l.resolve()
	l.tris, l.texTris = nil, nil
}

// texTri is a textured triangle's texturing, nil where it names none:
// a copy prepared in l.prepared where it is not prepared (only until
// the next call).
func (l *MeshLayer) texTri(t *Tri) *TexTri {
	k := int(t.Tex) - 1
	if uint(k) < uint(len(l.texTris)) && l.texTris[k].ready {
		return &l.texTris[k]
	}
	return l.unpreparedTexTri(k)
}

// unpreparedTexTri is texTri where the texturing is not prepared (or
// not there). It is not inlined, so that texTri is.
//
//go:noinline
func (l *MeshLayer) unpreparedTexTri(k int) *TexTri {
	if k < 0 || k >= len(l.texTris) || l.texTris[k].Tex == nil {
		return nil
	}
	l.prepared = l.texTris[k]
	l.prepared.prepare()
	return &l.prepared
}

// Deferred pixels: the colour word of a pixel an opaque textured
// triangle covers holds deferredTag in its alpha byte and the
// triangle's index below it (no drawn colour has that alpha: flat
// triangles draw opaque, and the blended ones come after shading).
const (
	deferredTag = 0xfe
	maxDeferred = 1<<24 - 1
)

// Size is the layer's size in pixels: the viewport's, rounded up.
func (l *MeshLayer) Size() image.Point { return image.Pt(l.w, l.h) }

// resolve copies the colours of the buffer's dirty part into Image and
// empties the buffer again.
func (l *MeshLayer) resolve() {
	r := l.Dirty
	n := r.Dx()
	img := l.Image
	if img == nil {
		img = new(image.RGBA)
		l.Image = img
	}
	if need := 4 * n * r.Dy(); cap(img.Pix) < need {
		img.Pix = make([]byte, need, 4*l.w*l.h)
	}
	img.Pix = img.Pix[:4*n*r.Dy()]
	img.Stride, img.Rect = 4*n, r
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := l.buf[y*l.w+r.Min.X:][:n]
		pix := img.Pix[(y-r.Min.Y)*4*n:][:4*n]
		if l.deferred {
			// Textured here, where the row is at hand.
			l.resolveRow(row, pix, r.Min.X, y)
		} else {
			for i, v := range row {
				// Empty pixels copy their 0: transparent.
				binary.LittleEndian.PutUint32(pix[4*i:4*i+4:4*i+4], uint32(v))
			}
		}
		clear(row)
	}
	l.deferred = false
}

// edgeSlack is how far outside an edge, in pixels, a pixel centre still
// counts as inside: triangles sharing an edge then leave no crack between
// them whatever the rounding of either.
const edgeSlack = 1e-3

// tri fills one triangle of the Rasterize under way (in the screen
// coordinates of its viewport, whose corner is (l.ox, l.oy)) with the
// depth test: pixel centres inside it (within edgeSlack of an edge)
// whose interpolated 1/z exceeds the stored one; id ≥ 0 defers its
// texturing as that triangle's (Rasterize). The setup is in float64, so
// that corners far off screen still place the edges to well under a
// pixel.
//
// An edge from corner a to corner b has the function
// E(px, py) = A·(px − xa) + B·(py − ya) (A = ya − yb, B = xb − xa),
// twice the area of the triangle (a, b, p), positive inside. The slack
// asks E ≥ −s with s the slack times the edge's length, taken as
// |A| + |B| (within √2 of it, sparing a root): on a row, a run from or
// up to the edge's x there, moved out by edgeSlack·(1 + |dx/dy|).
//
// The rows are scanned in two parts, above and below the middle corner:
// each row's run lies between the long edge (top to bottom corner) and
// the short edge whose rows hold the row's centre, both stepped along the
// rows by addition, so the pixel loop only tests depth.
func (l *MeshLayer) tri(t *Tri, tt *TexTri, id int) {
	ox, oy, w, h := l.ox, l.oy, l.w, l.h
	x0, y0 := float64(t.P[0][0])-float64(ox), float64(t.P[0][1])-float64(oy)
	x1, y1 := float64(t.P[1][0])-float64(ox), float64(t.P[1][1])-float64(oy)
	x2, y2 := float64(t.P[2][0])-float64(ox), float64(t.P[2][1])-float64(oy)
	z0, z1, z2 := float64(t.InvZ[0]), float64(t.InvZ[1]), float64(t.InvZ[2])
	area := (x1-x0)*(y2-y0) - (x2-x0)*(y1-y0)
	lx, hx := span3(x0, x1, x2)
	ly, hy := span3(y0, y1, y2)
	// Also false for NaNs, and for corners beyond the draw list's range
	// or behind the eye.
	if !(math.Abs(area) > 1e-12 && lx > -maxCoord && hx < maxCoord && ly > -maxCoord && hy < maxCoord &&
		z0 > 0 && z1 > 0 && z2 > 0 && z0 < math.MaxFloat32 && z1 < math.MaxFloat32 && z2 < math.MaxFloat32) {
		return
	}
	// The columns and rows whose pixel centres lie within the slack of
	// the triangle's box, clipped to the layer.
	c0 := max2(math.Ceil(lx-0.5-edgeSlack), 0)
	c1 := min2(math.Floor(hx-0.5+edgeSlack), float64(w-1))
	r0 := max2(math.Ceil(ly-0.5-edgeSlack), 0)
	r1 := min2(math.Floor(hy-0.5+edgeSlack), float64(h-1))
	if id < 0 && tt != nil && tt.Tex.mode == formats.AlphaBlend {
		// A blended triangle must not draw a pixel twice: no slack,
		// and the rows whose centres are in [top, bottom) (blendRows).
		r0 = max2(math.Ceil(ly-0.5), 0)
		r1 = min2(math.Ceil(hy-0.5)-1, float64(h-1))
	}
	if !(c0 <= c1 && r0 <= r1) {
		return
	}
	// 1/z is linear in screen space: its gradient from the corners, and
	// its value at pixel (0, 0)'s centre.
	inv := 1 / area
	zx := ((y1-y2)*z0 + (y2-y0)*z1 + (y0-y1)*z2) * inv
	zy := ((x2-x1)*z0 + (x0-x2)*z1 + (x1-x0)*z2) * inv
	zc := z0 - zx*(x0-0.5) - zy*(y0-0.5)
	f := triFill{
		zx:   float32(zx),
		rgba: uint64(t.Color.R) | uint64(t.Color.G)<<8 | uint64(t.Color.B)<<16 | 0xff<<24,
		c0:   c0, c1: c1,
	}
	switch {
	case id >= 0:
		// Deferred: drawn flat, its colour word naming it, its fill
		// kept for resolveRow (worked out here, where the corners are at
		// hand: later, the triangle's data would be out of the cache).
		l.shades[id].setup(t, tt, x0, y0, x1, y1, x2, y2, inv, zx, zy)
		f.rgba = deferredTag<<24 | uint64(id)
		l.deferred = true
	case tt != nil && !f.texSetup(t, tt, x0, y0, x1, y1, x2, y2, inv):
		return
	}
	// The corners from top to bottom.
	if y1 < y0 {
		x0, y0, x1, y1 = x1, y1, x0, y0
	}
	if y2 < y1 {
		x1, y1, x2, y2 = x2, y2, x1, y1
		if y1 < y0 {
			x0, y0, x1, y1 = x1, y1, x0, y0
		}
	}
	// The long edge's x per row, and which side the middle corner is on.
	sLong := (x2 - x0) / (y2 - y0)
	midLeft := x1 < x0+(y1-y0)*sLong
	// The first row whose centre is at or below the middle corner.
	rm := min2(max2(math.Ceil(y1-0.5), r0), r1+1)
	if r0 < rm {
		if f.tex == nil {
			f.rows(l.buf, w, int(r0), int(rm)-1, edgeRun(x0, y0, x1, y1, r0), slopeRun(x0, y0, sLong, r0), midLeft, zc+zy*r0, zx, zy)
		} else {
			f.texRows(l.buf, w, int(r0), int(rm)-1, edgeRun(x0, y0, x1, y1, r0), slopeRun(x0, y0, sLong, r0), midLeft, zc+zy*r0, zx, zy,
				[2]float64{x0, y0}, [2]float64{x0, y0})
		}
	}
	if rm <= r1 {
		if f.tex == nil {
			f.rows(l.buf, w, int(rm), int(r1), edgeRun(x1, y1, x2, y2, rm), slopeRun(x0, y0, sLong, rm), midLeft, zc+zy*rm, zx, zy)
		} else {
			f.texRows(l.buf, w, int(rm), int(r1), edgeRun(x1, y1, x2, y2, rm), slopeRun(x0, y0, sLong, rm), midLeft, zc+zy*rm, zx, zy,
				[2]float64{x1, y1}, [2]float64{x0, y0})
		}
	}
	d := &l.dirty
	d.Min.X, d.Max.X = min(d.Min.X, int(c0)), max(d.Max.X, int(c1)+1)
	d.Min.Y, d.Max.Y = min(d.Min.Y, int(r0)), max(d.Max.Y, int(r1)+1)
}

// run is an edge's bound on the rows' runs: on row r (counted from the
// first), the column x − 0.5 + r·step, with the slack that moves it out.
type run struct{ x, step, slack float64 }

// edgeRun is the edge from (xa, ya) down to (xb, yb) as a run bound from
// row r on. An edge along the rows bounds no row's run: its corners'
// rows belong to the other edges.
func edgeRun(xa, ya, xb, yb, r float64) run {
	dy := yb - ya
	if !(dy > 0) {
		return run{x: xa - 0.5}
	}
	return slopeRun(xa, ya, (xb-xa)/dy, r)
}

// slopeRun is edgeRun of an edge from (xa, ya) down by s columns a row.
func slopeRun(xa, ya, s, r float64) run {
	return run{x: xa + (r+0.5-ya)*s - 0.5, step: s, slack: edgeSlack * (1 + math.Abs(s))}
}

// triFill is what the row loop needs of a triangle: 1/z's step along a
// row, the colour's word and the box's columns.
type triFill struct {
	zx     float32
	rgba   uint64
	c0, c1 float64
	// tex is a textured triangle's texture (nil: flat), with what
	// texRows needs besides (texSetup).
	tex *Texture
	texFill
}

// rows fills rows r0 to r1 between the short edge s and the long edge l
// (s on the left when midLeft), with 1/z = z + zx·i + zy·(r − r0) at
// column i of row r.
func (f *triFill) rows(buf []uint64, w, r0, r1 int, s, l run, midLeft bool, z, zx, zy float64) {
	left, right := l, s
	if midLeft {
		left, right = s, l
	}
	a, da := left.x-left.slack, left.step
	b, db := right.x+right.slack, right.step
	c0, c1, dz, rgba := f.c0, f.c1, f.zx, f.rgba
	for y := r0; y <= r1; y, a, b, z = y+1, a+da, b+db, z+zy {
		// The run [a, b] within the box: a >= 0, so its ceiling comes
		// from truncation, and b >= a truncates to its floor.
		ra, rb := max2(a, c0), min2(b, c1)
		if !(ra <= rb) {
			continue
		}
		ia, ib := int(ra), int(rb)
		if float64(ia) < ra {
			ia++
		}
		if ia > ib {
			continue
		}
		fz := float32(z + zx*float64(ia))
		// The run's words, indexed in buf (0 <= ia <= ib < w): a
		// slice of them costs more than a run's few pixels, and with
		// end checked once (never beyond buf: the rows are within the
		// layer) the loop has no bounds check.
		k, end := uint(y*w+ia), uint(y*w+ib)
		if end >= uint(len(buf)) {
			return
		}
		for ; k <= end; k++ {
			// Compared as signed words: extrapolated by the slack, 1/z
			// of a very far corner may fall below 0 (or be −0), and such
			// a pixel's word is negative, below any stored one.
			buf[k] = uint64(max(int64(buf[k]), int64(uint64(math.Float32bits(fz))<<32|rgba)))
			fz += dz
		}
	}
}

// max2 and min2 compare plainly: the built-ins order NaNs and signed
// zeros, which costs more here than the comparison.
func max2(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

func min2(a, b float64) float64 {
	if b < a {
		return b
	}
	return a
}

// span3 returns the least and greatest of three numbers, NaN where a is
// NaN (tri checks the area, NaN where any corner is).
func span3(a, b, c float64) (lo, hi float64) {
	lo, hi = a, a
	if b < lo {
		lo = b
	} else if b > hi {
		hi = b
	}
	if c < lo {
		lo = c
	} else if c > hi {
		hi = c
	}
	return lo, hi
}
