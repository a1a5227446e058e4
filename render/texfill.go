package render

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/animview/animview/formats"
)

// texFill is what texRows needs of a textured triangle besides triFill's
// depth: the planes of its perspective weight q and of u·q and v·q (each
// linear in screen space: the value at pixel (0, 0)'s centre and its
// steps along a row and down a column), and its colour's channels.
type texFill struct {
	qc, qx, qy float64
	uc, ux, uy float64
	vc, vx, vy float64
	// cr, cg and cb multiply the texel's colour (the material's diffuse
	// colour, lit), ca its alpha. For AlphaBlend the colour factors are
	// premultiplied by ca.
	cr, cg, cb, ca uint32
	// grey, when not 0, is an opaque triangle's colour factor common to
	// its three channels, in 1/256 units (255 is 256): the fill then
	// scales the four channels of a texel word with one multiplication.
	grey uint64
}

// texSetup works out a textured triangle's planes from its corners (in
// the layer's pixels, in Tri order) and inv, the reciprocal of twice its
// signed area. It reports false for a triangle whose weights or
// coordinates cannot be interpolated (not finite, or a weight not
// positive), which is then not drawn.
func (f *triFill) texSetup(t *Tri, tt *TexTri, x0, y0, x1, y1, x2, y2, inv float64) bool {
	q0, q1, q2 := 1.0, 1.0, 1.0
	if tt.Persp {
		q0, q1, q2 = float64(t.InvZ[0]), float64(t.InvZ[1]), float64(t.InvZ[2])
	}
	lq, hq := span3(q0, q1, q2)
	if !(lq > 0 && hq < math.MaxFloat32) || !tt.usable {
		return false
	}
	plane := func(a, b, c float64) (p, px, py float64) {
		px = ((y1-y2)*a + (y2-y0)*b + (y0-y1)*c) * inv
		py = ((x2-x1)*a + (x0-x2)*b + (x1-x0)*c) * inv
		return a - px*(x0-0.5) - py*(y0-0.5), px, py
	}
	// The fixed-point texel coordinates (texRun's) times q, at the
	// triangle's mip level.
	// The corners' coordinates at the triangle's mip level.
	tex, st := tt.Tex, &tt.st
	u0, u1, u2 := float64(st[0][0]), float64(st[1][0]), float64(st[2][0])
	v0, v1, v2 := float64(st[0][1]), float64(st[1][1]), float64(st[2][1])
	if r := float64(tt.area) * math.Abs(inv); r >= 2 && len(tex.mips) > 0 {
		var kx, ky float64
		tex, kx, ky = tex.mip(r)
		u0, u1, u2 = toLevel(kx, u0, u1, u2)
		v0, v1, v2 = toLevel(ky, v0, v1, v2)
	}
	f.qc, f.qx, f.qy = plane(q0, q1, q2)
	f.uc, f.ux, f.uy = plane(u0*q0, u1*q1, u2*q2)
	f.vc, f.vx, f.vy = plane(v0*q0, v1*q1, v2*q2)
	f.tex = tex
	f.cr, f.cg, f.cb, f.ca = uint32(t.Color.R), uint32(t.Color.G), uint32(t.Color.B), uint32(t.Color.A)
	if tt.Tex.mode == formats.AlphaBlend {
		f.cr, f.cg, f.cb = div255(f.cr*f.ca), div255(f.cg*f.ca), div255(f.cb*f.ca)
	}
	f.grey = 0
	if tt.Tex.mode == formats.AlphaOpaque && f.cr == f.cg && f.cr == f.cb {
		f.grey = uint64(f.cr + f.cr>>7)
	}
	return true
}

// mip is the level of the texture that a triangle reads whose ratio of
// texels to pixels (by area, at the largest level) is r ≥ 2, one level
// for the whole triangle: the level whose texels are nearest a pixel in
// size (OpenGL's λ = log2 √r, rounded: the largest k with
// r ≥ 2^(2k−1)); below 2, the largest level is read. kx and ky take the
// corners' coordinates from the largest level's units (TexTri.st) to its
// own (toLevel). It is small enough to
// be inlined: a call would make setup keep its numbers on the stack
// for a level that most triangles do not read.
func (t *Texture) mip(r float64) (m *Texture, kx, ky float64) {
	e := int(math.Float64bits(r)>>52&0x7ff) - 1023
	m = t.mips[min((e+1)>>1, len(t.mips))-1]
	return m, m.kx, m.ky
}

// toLevel takes three corners' coordinates along one axis from the
// largest level's units to a level's, k being mip's kx or ky. TexTri.st
// holds them in 1/256 texel less half a texel (128, the bilinear
// filter's centring), which comes off before the scale and goes back on
// after it.
func toLevel(k, a, b, c float64) (float64, float64, float64) {
	return (a+128)*k - 128, (b+128)*k - 128, (c+128)*k - 128
}

// span is one run of a textured row: the depth, weight and coordinates
// at its first pixel and their steps to the next.
type span struct {
	z, dz, q, dq, u, du, v, dv float32
}

// texRows fills rows r0 to r1 of a textured triangle as rows does a flat
// one: where the depth test passes, the texel at the pixel's
// perspective-correct coordinate (u·q/q, v·q/q), filtered, times the
// colour, by the texture's alpha mode.
//
// sTop and lTop are the top corners of the short and the long edge, from
// which a blended triangle works each row's run out.
func (f *triFill) texRows(buf []uint64, w, r0, r1 int, s, l run, midLeft bool, z, zx, zy float64, sTop, lTop [2]float64) {
	left, right := l, s
	leftTop, rightTop := lTop, sTop
	if midLeft {
		left, right = s, l
		leftTop, rightTop = sTop, lTop
	}
	a, da := left.x-left.slack, left.step
	b, db := right.x+right.slack, right.step
	c0, c1 := f.c0, f.c1
	blend := f.tex.mode == formats.AlphaBlend
	sp := span{dz: f.zx, dq: float32(f.qx), du: float32(f.ux), dv: float32(f.vx)}
	for y := r0; y <= r1; y, a, b, z = y+1, a+da, b+db, z+zy {
		var ia, ib int
		if blend {
			// The pixels whose centres are in [left, right) on this
			// row, each edge's x worked out from its top corner: two
			// triangles sharing an edge find the same x for it, so
			// exactly one of them draws a pixel on it.
			yc := float64(y) + 0.5
			ra := max2(math.Ceil(leftTop[0]+(yc-leftTop[1])*left.step-0.5), c0)
			rb := min2(math.Ceil(rightTop[0]+(yc-rightTop[1])*right.step-0.5)-1, c1)
			if !(ra <= rb) {
				continue
			}
			ia, ib = int(ra), int(rb)
		} else {
			ra, rb := max2(a, c0), min2(b, c1)
			if !(ra <= rb) {
				continue
			}
			ia, ib = int(ra), int(rb)
			if float64(ia) < ra {
				ia++
			}
			if ia > ib {
				continue
			}
		}
		fx, fy := float64(ia), float64(y)
		sp.z = float32(z + zx*fx)
		sp.q = float32(f.qc + f.qx*fx + f.qy*fy)
		sp.u = float32(f.uc + f.ux*fx + f.uy*fy)
		sp.v = float32(f.vc + f.vx*fx + f.vy*fy)
		f.texRun(buf[y*w+ia:y*w+ib+1], sp)
	}
}

// depthMask keeps a buffer word's depth.
const depthMask = ^uint64(0xffffffff)

// texRun fills one run of a row where the depth test passes, by the
// texture's alpha mode: AlphaOpaque draws the texel times the colour;
// AlphaMask draws it, opaque, where its alpha (times the colour's)
// reaches the cutoff (a texel of alpha 0 never does); AlphaBlend mixes
// it over the stored pixel by that alpha and keeps the stored depth (a
// blended triangle hides nothing drawn after it).
//
// Each mode has a loop of its own, whose variables stay in registers.
func (f *triFill) texRun(row []uint64, sp span) {
	switch {
	case f.grey != 0:
		f.greyRun(row, sp)
	case f.tex.mode == formats.AlphaOpaque:
		f.opaqueRun(row, sp)
	case f.tex.mode == formats.AlphaMask:
		f.maskRun(row, sp)
	default:
		f.blendRun(row, sp)
	}
}

// texel is the texture's bilinear filter at fixed-point texel
// coordinates (x/256, y/256), where (u·width − ½, v·height − ½) is the
// point (u, v): texel (i, j)'s centre is at (i, j), as in OpenGL. It
// mixes the four texels around the point, each weighted in 1/256 steps
// (the four weights sum to 256), wrapping around the edges (repeat). A
// coordinate beyond int32 (or NaN, where a weight is extrapolated past a
// corner) reads some texel, which wrapTexel keeps in the image.
func (t *Texture) texel(x, y int32) uint64 {
	return bilinear(t.pix, wrapTexel(int(y>>8), t.h)*t.w+wrapTexel(int(x>>8), t.w), uint64(x&0xff), uint64(y&0xff))
}

// greyRun is opaqueRun for a colour whose three channels are equal: the
// four channels of the texel scaled by one multiplication. It is the
// common case (a lit texture), with texel written out: the call costs a
// good part of the fill.
func (f *triFill) greyRun(row []uint64, sp span) {
	grey := f.grey
	pix, tw, th := f.tex.pix, f.tex.w, f.tex.h
	z, q, u, v := sp.z, sp.q, sp.u, sp.v
	dz, dq, du, dv := sp.dz, sp.dq, sp.du, sp.dv
	for i := range row {
		// A negative 1/z (extrapolated by the slack) reads as less
		// than any stored depth: the pixel is out.
		zb := uint64(math.Float32bits(z)) << 32
		if int64(zb) > int64(row[i]&depthMask) {
			x, y := int32(u/q), int32(v/q)
			c := bilinear(pix, wrapTexel(int(y>>8), th)*tw+wrapTexel(int(x>>8), tw), uint64(x&0xff), uint64(y&0xff))
			row[i] = zb | uint64(packTexel(c*grey>>8&lanes)) | 0xff<<24
		}
		z, q, u, v = z+dz, q+dq, u+du, v+dv
	}
}

// opaqueRun draws the texel times the colour where the depth test
// passes.
func (f *triFill) opaqueRun(row []uint64, sp span) {
	tex := f.tex
	cr, cg, cb := f.cr, f.cg, f.cb
	z, q, u, v := sp.z, sp.q, sp.u, sp.v
	dz, dq, du, dv := sp.dz, sp.dq, sp.du, sp.dv
	for i := range row {
		zb := uint64(math.Float32bits(z)) << 32
		if int64(zb) > int64(row[i]&depthMask) {
			c := tex.texel(int32(u/q), int32(v/q))
			row[i] = zb | uint64(div255(uint32(c&0xff)*cr)|div255(uint32(c>>32&0xff)*cg)<<8|div255(uint32(c>>16&0xff)*cb)<<16) | 0xff<<24
		}
		z, q, u, v = z+dz, q+dq, u+du, v+dv
	}
}

// maskRun draws the texel, opaque, where the depth test passes and its
// alpha (times the colour's) reaches the cutoff; a texel of alpha 0 is
// never drawn.
func (f *triFill) maskRun(row []uint64, sp span) {
	tex := f.tex
	cr, cg, cb, ca, cut := f.cr, f.cg, f.cb, f.ca, tex.cutoff
	z, q, u, v := sp.z, sp.q, sp.u, sp.v
	dz, dq, du, dv := sp.dz, sp.dq, sp.du, sp.dv
	for i := range row {
		zb := uint64(math.Float32bits(z)) << 32
		if int64(zb) > int64(row[i]&depthMask) {
			c := tex.texel(int32(u/q), int32(v/q))
			ta := uint32(c >> 48)
			if a := div255(ta * ca); a > 0 && float32(a) >= cut {
				// The filtered texel is premultiplied: back to its
				// straight colour.
				k := (255<<16 + ta/2) / ta
				un := func(x uint64) uint32 { return min((uint32(x&0xff)*k+1<<15)>>16, 255) }
				row[i] = zb | uint64(div255(un(c)*cr)|div255(un(c>>32)*cg)<<8|div255(un(c>>16)*cb)<<16) | 0xff<<24
			}
		}
		z, q, u, v = z+dz, q+dq, u+du, v+dv
	}
}

// blendRun mixes the texel over the stored pixel by its alpha (times
// the colour's) where the depth test passes, keeping the stored depth.
// The colour factors are premultiplied by the colour's alpha.
func (f *triFill) blendRun(row []uint64, sp span) {
	tex := f.tex
	cr, cg, cb, ca := f.cr, f.cg, f.cb, f.ca
	z, q, u, v := sp.z, sp.q, sp.u, sp.v
	dz, dq, du, dv := sp.dz, sp.dq, sp.du, sp.dv
	for i := range row {
		zb := uint64(math.Float32bits(z)) << 32
		if d := row[i]; int64(zb) > int64(d&depthMask) {
			c := tex.texel(int32(u/q), int32(v/q))
			if sa := div255(uint32(c>>48) * ca); sa > 0 {
				k := 255 - sa
				dc := uint32(d)
				o := (div255(uint32(c&0xff)*cr) + div255(dc&0xff*k)) |
					(div255(uint32(c>>32&0xff)*cg)+div255(dc>>8&0xff*k))<<8 |
					(div255(uint32(c>>16&0xff)*cb)+div255(dc>>16&0xff*k))<<16 |
					(sa+div255(dc>>24*k))<<24
				row[i] = d&depthMask | uint64(o)
			}
		}
		z, q, u, v = z+dz, q+dq, u+du, v+dv
	}
}

// shadeDeferred replaces each deferred pixel of the dirty part of the
// buffer by its texel (texRun's filter, at the pixel's perspective-
// correct coordinate), times the triangle's colour, keeping its depth.
func (l *MeshLayer) shadeDeferred() {
	if !l.deferred {
		return
	}
	r := l.dirty
	for y := r.Min.Y; y < r.Max.Y; y++ {
		l.shadeRow(l.buf[y*l.w+r.Min.X:][:r.Dx()], r.Min.X, y)
	}
	l.deferred = false
}

// prepareShades gives the deferred triangles' fills room for a
// Rasterize: one entry per triangle.
func (l *MeshLayer) prepareShades() {
	if len(l.shades) < len(l.tris) {
		l.shades = slices.Grow(l.shades[:0], len(l.tris))[:len(l.tris)]
	}
}

// shadeRow textures the deferred pixels of a row of the buffer whose
// first pixel is (x0, y), a run of pixels of one triangle by one call
// of shade: the texels replace the deferred pixels' colours in the row,
// keeping their depth.
func (l *MeshLayer) shadeRow(row []uint64, x0, y int) {
	shades := l.shades[:len(l.tris)]
	for x := 0; x < len(row); {
		word := uint32(row[x])
		if word>>24 != deferredTag {
			x++
			continue
		}
		end := x + 1
		for end < len(row) && uint32(row[end]) == word {
			end++
		}
		out := l.scratch[:4*(end-x)]
		shades[word&maxDeferred].shade(out, x0+x, y)
		for i := x; i < end; i++ {
			row[i] = row[i]&depthMask | uint64(binary.LittleEndian.Uint32(out[4*(i-x):]))
		}
		x = end
	}
}

// resolveRow is resolve's copy of a row of the buffer whose first pixel
// is (x0, y) into pix, its row of the image, four bytes a pixel: the
// deferred pixels textured (a run of one triangle by one call of
// greyRun or shade), the others their colour (empty ones their 0:
// transparent). It is shadeRow's work without its checks for the row's
// destination: with fewer values to keep, the loops keep them in
// registers.
func (l *MeshLayer) resolveRow(row []uint64, pix []byte, x0, y int) {
	shades := l.shades[:len(l.tris)]
	pix = pix[:4*len(row)]
	for x := 0; x < len(row); {
		word := uint32(row[x])
		if row[x] == 0 {
			// Empty pixels, transparent: their run cleared at once.
			end := x + 1
			for end+4 <= len(row) && row[end]|row[end+1]|row[end+2]|row[end+3] == 0 {
				end += 4
			}
			for end < len(row) && row[end] == 0 {
				end++
			}
			clear(pix[4*x : 4*end])
			x = end
			continue
		}
		if word>>24 != deferredTag {
			// The pixels up to the next deferred one, in a loop of
			// their own.
			for {
				binary.LittleEndian.PutUint32(pix[4*x:4*x+4:4*x+4], word)
				if x++; x == len(row) {
					return
				}
				if word = uint32(row[x]); word>>24 == deferredTag {
					break
				}
			}
		}
		s := &shades[word&maxDeferred]
		if s.grey != 0 && s.tex.pow2 {
			x = s.greyRun(row, pix, x, x0, y)
			continue
		}
		end := x + 1
		for end < len(row) && uint32(row[end]) == word {
			end++
		}
		s.shade(pix[4*x:4*end], x0+x, y)
		x = end
	}
}

// greyRun is shade for a grey colour over a texture whose sides are
// powers of two, from pixel i of row on to the end of its triangle's run,
// into pix (resolve's image row); it returns the index after the run.
func (s *texShade) greyRun(row []uint64, pix []byte, i, x0, y int) int {
	tag := uint32(row[i])
	dx, dy := float32(x0+i-int(s.px)), float32(y-int(s.py))
	q, u, v := s.q+s.qx*dx+s.qy*dy, s.u+s.ux*dx+s.uy*dy, s.v+s.vx*dx+s.vy*dy
	dq, du, dv := s.qx, s.ux, s.vx
	tex := s.tex
	texels, mask := tex.pix, tex.mask
	if mask >= uint(len(texels)) {
		// Never (NewTexture makes the mask): the check tells the
		// compiler that texels[k&mask] is there. Moving on by a
		// pixel keeps resolveRow from looping all the same.
		return i + 1
	}
	grey := uint64(s.grey)
	for ; i < len(row) && uint32(row[i]) == tag; i++ {
		tx, ty := int(u/q), int(v/q)
		q, u, v = q+dq, u+du, v+dv
		fx, fy := uint64(uint8(tx)), uint64(uint8(ty))
		c := filter(&texels[uint(ty>>8*tex.w+tx>>8&tex.mx)&mask], fx, fy)
		binary.LittleEndian.PutUint32(pix[4*i:4*i+4:4*i+4], packTexel(c*grey>>8&lanes)|tex.alpha)
	}
	return i
}

// floor is math.Floor for a finite x without a call (math.Floor's
// fallback call makes the caller keep its numbers on the stack): from
// 2^52 on, every float64 is whole.
func floor(x float64) float64 {
	if !(x > -1<<52 && x < 1<<52) {
		return x
	}
	f := float64(int64(x))
	if f > x {
		f--
	}
	return f
}

// texUsable reports whether the raster can interpolate a textured
// triangle's coordinates, besides the weights tri has checked: its
// texture coordinates are finite (their sum is: one NaN or infinity
// makes it so, and coordinates whose sum leaves float32's range are
// left out too).
func texUsable(tt *TexTri) bool {
	uv := &tt.UV
	sum := uv[0][0] + uv[0][1] + uv[1][0] + uv[1][1] + uv[2][0] + uv[2][1]
	return sum-sum == 0
}

// setup works out a deferred triangle's fill from its corners (in the
// layer's pixels), inv (the reciprocal of twice its signed area) and
// zx and zy (the steps of its 1/z, which is its weight q under a
// perspective camera): the planes of texSetup, about the pixel of the
// first corner (within maxCoord of the layer). tri has checked what
// texSetup does: the weights and the coordinates (TexTri.usable).
func (s *texShade) setup(t *Tri, tt *TexTri, x0, y0, x1, y1, x2, y2, inv, zx, zy float64) {
	x10, y10, x20, y20 := x1-x0, y1-y0, x2-x0, y2-y0
	// A plane through a0, a1 and a2 at the corners steps
	// (d1·y20 − d2·y10)/area along a row and (d2·x10 − d1·x20)/area
	// down a column, d1 and d2 being a1 − a0 and a2 − a0.
	ky20, ky10, kx10, kx20 := y20*inv, y10*inv, x10*inv, x20*inv
	// The pixel of the first corner, its coordinates floored (within
	// maxCoord: an int holds them).
	ix, iy := int(x0), int(y0)
	if float64(ix) > x0 {
		ix--
	}
	if float64(iy) > y0 {
		iy--
	}
	ex, ey := float64(ix)+0.5-x0, float64(iy)+0.5-y0
	plane := func(a0, a1, a2 float64) (p, px, py float32) {
		d1, d2 := a1-a0, a2-a0
		gx, gy := d1*ky20-d2*ky10, d2*kx10-d1*kx20
		return float32(a0 + gx*ex + gy*ey), float32(gx), float32(gy)
	}
	q0, q1, q2 := 1.0, 1.0, 1.0
	s.q, s.qx, s.qy = 1, 0, 0
	if tt.Persp {
		q0, q1, q2 = float64(t.InvZ[0]), float64(t.InvZ[1]), float64(t.InvZ[2])
		s.q, s.qx, s.qy = float32(q0+zx*ex+zy*ey), float32(zx), float32(zy)
	}
	// The corners' coordinates at the triangle's mip level.
	tex, st := tt.Tex, &tt.st
	u0, u1, u2 := float64(st[0][0]), float64(st[1][0]), float64(st[2][0])
	v0, v1, v2 := float64(st[0][1]), float64(st[1][1]), float64(st[2][1])
	if r := float64(tt.area) * math.Abs(inv); r >= 2 && len(tex.mips) > 0 {
		var kx, ky float64
		tex, kx, ky = tex.mip(r)
		u0, u1, u2 = toLevel(kx, u0, u1, u2)
		v0, v1, v2 = toLevel(ky, v0, v1, v2)
	}
	s.u, s.ux, s.uy = plane(u0*q0, u1*q1, u2*q2)
	s.v, s.vx, s.vy = plane(v0*q0, v1*q1, v2*q2)
	s.px, s.py = int32(ix), int32(iy)
	s.tex = tex
	c := t.Color
	s.cr, s.cg, s.cb = c.R, c.G, c.B
	s.grey = 0
	if c.R == c.G && c.R == c.B {
		s.grey = uint32(c.R) + uint32(c.R)>>7
	}
}

// texShade is a deferred triangle's fill, worked out when tri draws it:
// the planes of its weight q and of u·q and v·q (texSetup's, fixed-point
// texel coordinates times q) as their values at the centre of pixel
// (px, py), near the triangle, and their steps along a row and down a
// column, in float32 (one cache line a triangle); its texture and
// colour.
type texShade struct {
	q, qx, qy float32
	u, ux, uy float32
	v, vx, vy float32
	px, py    int32
	tex       *Texture
	// grey is texFill's; cr, cg and cb the colour's channels when it is
	// not grey.
	grey       uint32
	cr, cg, cb uint8
}

// shade gives the run of pixels from (x, y) on along the row, out
// holding four bytes for each, their texel times the colour, opaque.
func (s *texShade) shade(out []byte, x, y int) {
	dx, dy := float32(x-int(s.px)), float32(y-int(s.py))
	q, u, v := s.q+s.qx*dx+s.qy*dy, s.u+s.ux*dx+s.uy*dy, s.v+s.vx*dx+s.vy*dy
	dq, du, dv := s.qx, s.ux, s.vx
	tex := s.tex
	pix, tw, th := tex.pix, tex.w, tex.h
	if grey := uint64(s.grey); grey != 0 {
		if tex.pow2 && tex.mask < uint(len(pix)) {
			// A coordinate beyond int's range wraps as any other.
			mx, mask := tex.mx, tex.mask
			for o := 0; o < len(out)-3; o += 4 {
				tx, ty := int(u/q), int(v/q)
				q, u, v = q+dq, u+du, v+dv
				c := filter(&pix[uint(ty>>8*tw+tx>>8&mx)&mask], uint64(tx&0xff), uint64(ty&0xff))
				binary.LittleEndian.PutUint32(out[o:o+4:o+4], packTexel(c*grey>>8&lanes)|0xff<<24)
			}
			return
		}
		for o := 0; o < len(out)-3; o += 4 {
			tx, ty := int32(u/q), int32(v/q)
			q, u, v = q+dq, u+du, v+dv
			c := bilinear(pix, wrapTexel(int(ty>>8), th)*tw+wrapTexel(int(tx>>8), tw), uint64(tx&0xff), uint64(ty&0xff))
			binary.LittleEndian.PutUint32(out[o:o+4:o+4], packTexel(c*grey>>8&lanes)|0xff<<24)
		}
		return
	}
	cr, cg, cb := uint32(s.cr), uint32(s.cg), uint32(s.cb)
	for o := 0; o < len(out)-3; o += 4 {
		tx, ty := int32(u/q), int32(v/q)
		q, u, v = q+dq, u+du, v+dv
		c := bilinear(pix, wrapTexel(int(ty>>8), th)*tw+wrapTexel(int(tx>>8), tw), uint64(tx&0xff), uint64(ty&0xff))
		binary.LittleEndian.PutUint32(out[o:o+4:o+4], div255(uint32(c&0xff)*cr)|div255(uint32(c>>32&0xff)*cg)<<8|div255(uint32(c>>16&0xff)*cb)<<16|0xff<<24)
	}
}
