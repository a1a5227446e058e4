// The shortest arc: the flavour of The Sims, MilkShape 3D, ANM and the
// demo (formats.InterpShortestArc). Its slerp (SlerpShortest), how the
// samplers evaluate it (a track cache's setArc and slerpArc, directArc)
// and its blend (blendShortest, a series in cos θ - 1).

package player

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// SlerpShortest is spherical linear interpolation along the shortest arc:
// q1 is negated when the dot product is negative. It is a true slerp, not
// a normalised lerp for close keys: the angle comes from a polynomial
// accurate to 1.8e-8 of it and the weights sin((1-f)θ)/sin θ and
// sin fθ/sin θ from one polynomial sine and cosine (setArc, slerpArc), so
// a result is within 5e-8 of the float64 slerp on every component
// (TestSlerpShortestMatchesFloat64). The sampler evaluates the
// shortest-arc flavour with the same two functions.
func SlerpShortest(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	c := quatCache{q0: q0, q1: q1}
	c.setArc()
	var out mgl32.Quat
	c.slerpArc(f, &out)
	return out
}

// setArc prepares the slerp from q0 to q1 along the shortest arc: q1 is
// negated when the dot product is negative, so θ = acos(dot) lies in
// [0, π/2]. θ comes from a polynomial (arcAngle); keys a rounding apart
// (dot ≥ 1) keep a tiny θ, where the weights are the lerp's, 1 - f and f.
func (c *quatCache) setArc() {
	q0, q1 := &c.q0, &c.q1
	d := float64(q0.W)*float64(q1.W) + float64(q0.V[0])*float64(q1.V[0]) +
		float64(q0.V[1])*float64(q1.V[1]) + float64(q0.V[2])*float64(q1.V[2])
	if d < 0 {
		d = -d
		*q1 = mgl32.Quat{W: -q1.W, V: mgl32.Vec3{-q1.V[0], -q1.V[1], -q1.V[2]}}
	}
	c.mode = rotSlerp
	if !(d < 1) { // keys a rounding apart, or NaN
		d = 1
	}
	theta, sin := arcAngle(d)
	if !(sin > 1e-150) {
		theta, sin, d = 1e-150, 1e-150, 1
	}
	c.angle, c.invSin, c.cos = theta, 1/sin, d
}

// slerpArc writes the slerp at factor f: sin((1-f)θ)/sin θ is written as
// cos fθ - cos θ · sin fθ / sin θ, so one polynomial sine and cosine of fθ
// give both weights, and the sum is formed in double precision.
func (c *quatCache) slerpArc(f float32, out *mgl32.Quat) {
	s, co := sincosSeries(float64(f) * c.angle)
	wb := s * c.invSin
	wa := co - c.cos*wb
	out.W, out.V[0], out.V[1], out.V[2] = sumArc(&c.q0, &c.q1, wa, wb)
}

// sumArc is the shortest-arc slerp's weighted sum wa·q0 + wb·q1, formed
// in double precision and rounded once. It is the one definition for
// slerpArc and the sampler's loop (sampleCaches), and the compiler
// inlines it.
func sumArc(q0, q1 *mgl32.Quat, wa, wb float64) (w, x, y, z float32) {
	return float32(wa*float64(q0.W) + wb*float64(q1.W)), float32(wa*float64(q0.V[0]) + wb*float64(q1.V[0])),
		float32(wa*float64(q0.V[1]) + wb*float64(q1.V[1])), float32(wa*float64(q0.V[2]) + wb*float64(q1.V[2]))
}

// arcAngle returns θ = acos(d) and sin θ for d in [0, 1): θ by Abramowitz
// and Stegun 4.4.45, acos x = √(1-x)·(a0 + a1x + … + a7x⁷), whose error
// is below 2.2e-8, and 1.8e-8 of θ (TestArcSincos); sin θ = √((1-d)(1+d)).
// The slerp's weights then err by about as much as θ does, relatively:
// float32 resolution, far inside the 1e-6 the flavour promises.
func arcAngle(d float64) (theta, sin float64) {
	const (
		a0, a1, a2, a3 = 1.5707963050, -0.2145988016, 0.0889789874, -0.0501743046
		a4, a5, a6, a7 = 0.0308918810, -0.0170881256, 0.0066700901, -0.0012624911
	)
	d2 := d * d
	d4 := d2 * d2
	p := (a0 + a1*d) + d2*(a2+a3*d) + d4*((a4+a5*d)+d2*(a6+a7*d))
	return math.Sqrt(1-d) * p, math.Sqrt((1 - d) * (1 + d))
}

// sincosSeries is sin x and cos x by their Taylor series to x¹³ and x¹⁴,
// summed in Estrin's order to keep the dependency chains short. It is the
// one series of two slerps: the shortest arc's for x in [0, π/2], where
// the remainders are below 7e-10 (the slerp promises 1e-6, and
// arcAngle's θ is good to 2e-8), and LEGO Island's short cut for x in
// [0, 0.5] (legoSincos), where they are below 3e-17, under double
// rounding. The compiler inlines it (cost 78: keep it one return; with
// assignments to its results it costs more than the budget of 80), so
// the samplers' loops call it.
func sincosSeries(x float64) (sin, cos float64) {
	y := x * x
	y2 := y * y
	y4 := y2 * y2
	return x * (((1 + as1*y) + y2*(as2+as3*y)) + y4*((as4+as5*y)+y2*as6)),
		((1 + ac1*y) + y2*(ac2+ac3*y)) + y4*((ac4+ac5*y)+y2*(ac6+ac7*y))
}

// sincosSeries's coefficients: Taylor's, (-1)ⁿ/(2n+1)! and (-1)ⁿ/(2n)!
// (as7 and as8 serve sinTo).
const (
	as1, as2, as3 = -1.0 / 6, 1.0 / 120, -1.0 / 5040
	as4, as5, as6 = 1.0 / 362880, -1.0 / 39916800, 1.0 / 6227020800
	as7, as8      = -1.0 / 1307674368000, 1.0 / 355687428096000
	ac1, ac2, ac3 = -1.0 / 2, 1.0 / 24, -1.0 / 720
	ac4, ac5, ac6 = 1.0 / 40320, -1.0 / 3628800, 1.0 / 479001600
	ac7           = -1.0 / 87178291200
)

// directArc writes the shortest-arc rotation at t.
func directArc(tr *formats.QuatTrack, t float64, c *cursor, m *directMemo, out *mgl32.Quat) {
	n := len(tr.Times)
	switch {
	case !(t > tr.Times[0]):
		*out = tr.Values[0]
		return
	case t >= tr.Times[n-1]:
		*out = tr.Values[n-1]
		return
	}
	i, f := m.locate(tr.Times, t, c)
	a := quatCache{q0: tr.Values[i], q1: tr.Values[i+1]}
	if tr.Flags != nil {
		fl := tr.Flags[i+1]
		if fl&formats.KeyStep != 0 {
			*out = a.q0
			return
		}
		if fl&formats.KeyNegate != 0 {
			a.q1 = mgl32.Quat{W: -a.q1.W, V: mgl32.Vec3{-a.q1.V[0], -a.q1.V[1], -a.q1.V[2]}}
		}
	}
	a.setArc()
	a.slerpArc(f, out)
}

// arcTerms is how many terms of the series in cos θ - 1 the shortest-arc
// blend sums; with cos θ ≥ arcSeriesMin (rotations up to 91° apart) its
// truncation error is below 3e-8 for every weight in [0, 1]
// (TestArcSeries), under float32 resolution.
const (
	arcTerms     = 8
	arcSeriesMin = 0.7
)

// arcSeriesPair returns arcSeries(1 - w, w) in float32, the
// coefficients of a blend of weight w. They depend on the weight alone,
// so a blend works them out once.
func arcSeriesPair(w float32) (ca, cb [arcTerms]float32) {
	t := float64(w)
	arcSeries(1-t, t, &ca, &cb)
	return ca, cb
}

// arcSeries writes the coefficients of sin rθ / sin θ as a power series
// in x - 1, x = cos θ, for r = s into a and for r = t into b, rounded to
// T: c0 = r, cᵢ = cᵢ₋₁ (r² - i²) / (i (2i + 1)) (D. Eberly, "A Fast and
// Accurate Algorithm for Computing SLERP", 2011), in double precision.
// The two chains of multiplications are worked out side by side.
func arcSeries[T float32 | float64](s, t float64, a, b *[arcTerms]T) {
	// i² and 1 / (i (2i + 1)), so that the recurrence needs no
	// conversion or division.
	sq := [arcTerms]float64{0, 1, 4, 9, 16, 25, 36, 49}
	inv := [arcTerms]float64{0, 1.0 / 3, 1.0 / 10, 1.0 / 21, 1.0 / 36, 1.0 / 55, 1.0 / 78, 1.0 / 105}
	s2, t2 := s*s, t*t
	ai, bi := s, t
	a[0], b[0] = T(s), T(t)
	for i := 1; i < arcTerms; i++ {
		ai *= (s2 - sq[i]) * inv[i]
		bi *= (t2 - sq[i]) * inv[i]
		a[i], b[i] = T(ai), T(bi)
	}
}

// blendShortest blends b into a by BlendShortest: it lerps translations
// and scales and slerps rotations along the shortest arc
// with weight w: a true slerp, the weights sin((1-w)θ)/sin θ and
// sin wθ/sin θ summed from arcSeriesPair, in single precision: a result is
// within 1e-6 (in fact about 2e-7) of a float64 slerp
// (TestBlendPosesBitExact). Single precision needs no conversions, whose
// partial register writes would chain one bone's work to the next's.
// Rotations more than 91° apart (cos θ < 0.7, where the series converges
// slowly) take slerpWide, which also decides the hemisphere of pairs near
// 90° apart in double precision.
func blendShortest(la, lb []formats.Transform, w float32) {
	ca, cb := arcSeriesPair(w)
	lb = lb[:len(la)]
	var wide wideArc
	for i := 0; i < len(la); i++ {
		i += arcRun(la[i:], lb[i:], w, &ca, &cb)
		if i < len(la) {
			a, b := &la[i], &lb[i]
			slerpWide(&a.Rotation, &b.Rotation, w, &wide)
			lerp3To(&a.Translation, &b.Translation, w)
			lerp3To(&a.Scale, &b.Scale, w)
		}
	}
}

// arcRun blends lb into la, the rotations by the series ca, cb, up to
// the first pair of rotations more than 91° apart, and returns its index
// (len(la) if none is). Rotations far apart are rare; a loop that called out for them
// would keep this one's values in memory.
//
// One pair's slerp is a chain of some forty cycles (the dot product's
// sums, then the series, then the weighted sum) that the processor can
// overlap with only about one other pair's: its scheduler fills with the
// pair's waiting operations. The loop therefore takes two pairs at a
// time, their statements interleaved, so that the two chains advance
// side by side; the last one or two pairs, and the pairs from one of a
// couple far apart on, go through arcOne. The lerps of translation and scale,
// independent of the rotations, fill the processor's time meanwhile.
func arcRun(la, lb []formats.Transform, w float32, ca, cb *[arcTerms]float32) int {
	n := len(la)
	lb = lb[:n]
	// The second pair reads its coefficients from a copy: loads from one
	// array would be shared between the pairs and held in registers,
	// which then run short, where each product can take its coefficient
	// straight from memory.
	ca2, cb2 := *ca, *cb
	// sa and sb start at the couple being blended and keep a pair beyond
	// it: a slice that cannot become empty steps on by a constant, where
	// la[i:] would be masked against pointing past the end, and the
	// fields are addressed from it directly.
	i := 0
	sa, sb := la, lb
	for ; len(sa) >= 3 && len(sb) >= 3; i += 2 {
		p0, p1 := &sa[0].Rotation, &sb[0].Rotation
		r0, r1 := &sa[1].Rotation, &sb[1].Rotation
		d := float32(p0.W*p1.W) + float32(p0.V[0]*p1.V[0]) + float32(p0.V[1]*p1.V[1]) + float32(p0.V[2]*p1.V[2])
		e := float32(r0.W*r1.W) + float32(r0.V[0]*r1.V[0]) + float32(r0.V[1]*r1.V[1]) + float32(r0.V[2]*r1.V[2])
		// The sign goes onto B's weight at the end, as a negation: the
		// weight is finite, so that is the product with -1 to the bit,
		// and a flag costs no floating-point register meanwhile.
		var nd, ne uint8
		if d < 0 {
			d, nd = -d, 1
		}
		if e < 0 {
			e, ne = -e, 1
		}
		if !(d >= arcSeriesMin) || !(e >= arcSeriesMin) {
			break
		}
		lerp3To(&sa[0].Translation, &sb[0].Translation, w)
		lerp3To(&sa[0].Scale, &sb[0].Scale, w)
		lerp3To(&sa[1].Translation, &sb[1].Translation, w)
		lerp3To(&sa[1].Scale, &sb[1].Scale, w)
		// Unnormalised rotations a rounding apart can have a dot product
		// above 1, which the slerp takes as 1 (θ = 0).
		if d > 1 {
			d = 1
		}
		if e > 1 {
			e = 1
		}
		y, z := d-1, e-1
		// Both series in Estrin's order, written out (a function is past
		// the inliner's budget): chains three steps long where Horner's
		// are seven. Each product is rounded before it is added: no
		// target fuses them.
		y2, z2 := y*y, z*z
		y4, z4 := y2*y2, z2*z2
		ya0 := (ca[0] + float32(ca[1]*y)) + float32(y2*(ca[2]+float32(ca[3]*y)))
		za0 := (ca2[0] + float32(ca2[1]*z)) + float32(z2*(ca2[2]+float32(ca2[3]*z)))
		yb0 := (cb[0] + float32(cb[1]*y)) + float32(y2*(cb[2]+float32(cb[3]*y)))
		zb0 := (cb2[0] + float32(cb2[1]*z)) + float32(z2*(cb2[2]+float32(cb2[3]*z)))
		ya1 := (ca[4] + float32(ca[5]*y)) + float32(y2*(ca[6]+float32(ca[7]*y)))
		za1 := (ca2[4] + float32(ca2[5]*z)) + float32(z2*(ca2[6]+float32(ca2[7]*z)))
		yb1 := (cb[4] + float32(cb[5]*y)) + float32(y2*(cb[6]+float32(cb[7]*y)))
		zb1 := (cb2[4] + float32(cb2[5]*z)) + float32(z2*(cb2[6]+float32(cb2[7]*z)))
		pa, ra := ya0+float32(y4*ya1), za0+float32(z4*za1)
		pb, rb := yb0+float32(y4*yb1), zb0+float32(z4*zb1)
		if nd != 0 {
			pb = -pb
		}
		if ne != 0 {
			rb = -rb
		}
		p0.W = float32(pa*p0.W) + float32(pb*p1.W)
		r0.W = float32(ra*r0.W) + float32(rb*r1.W)
		p0.V[0] = float32(pa*p0.V[0]) + float32(pb*p1.V[0])
		r0.V[0] = float32(ra*r0.V[0]) + float32(rb*r1.V[0])
		p0.V[1] = float32(pa*p0.V[1]) + float32(pb*p1.V[1])
		r0.V[1] = float32(ra*r0.V[1]) + float32(rb*r1.V[1])
		p0.V[2] = float32(pa*p0.V[2]) + float32(pb*p1.V[2])
		r0.V[2] = float32(ra*r0.V[2]) + float32(rb*r1.V[2])
		sa, sb = sa[2:], sb[2:]
	}
	for ; i < n; i++ {
		a, b := &la[i], &lb[i]
		if !arcOne(&a.Rotation, &b.Rotation, ca, cb) {
			break
		}
		lerp3To(&a.Translation, &b.Translation, w)
		lerp3To(&a.Scale, &b.Scale, w)
	}
	return i
}

// arcOne is one pair of arcRun: it slerps q1 into q0 and reports true,
// or, for a pair more than 91° apart, leaves q0 and reports false.
func arcOne(q0, q1 *mgl32.Quat, ca, cb *[arcTerms]float32) bool {
	d := float32(q0.W*q1.W) + float32(q0.V[0]*q1.V[0]) + float32(q0.V[1]*q1.V[1]) + float32(q0.V[2]*q1.V[2])
	neg := d < 0
	if neg {
		d = -d
	}
	if !(d >= arcSeriesMin) {
		return false
	}
	if d > 1 {
		d = 1
	}
	y := d - 1
	y2 := y * y
	y4 := y2 * y2
	a0 := (ca[0] + float32(ca[1]*y)) + float32(y2*(ca[2]+float32(ca[3]*y)))
	b0 := (cb[0] + float32(cb[1]*y)) + float32(y2*(cb[2]+float32(cb[3]*y)))
	a1 := (ca[4] + float32(ca[5]*y)) + float32(y2*(ca[6]+float32(ca[7]*y)))
	b1 := (cb[4] + float32(cb[5]*y)) + float32(y2*(cb[6]+float32(cb[7]*y)))
	pa, pb := a0+float32(y4*a1), b0+float32(y4*b1)
	if neg {
		pb = -pb
	}
	q0.W = float32(pa*q0.W) + float32(pb*q1.W)
	q0.V[0] = float32(pa*q0.V[0]) + float32(pb*q1.V[0])
	q0.V[1] = float32(pa*q0.V[1]) + float32(pb*q1.V[1])
	q0.V[2] = float32(pa*q0.V[2]) + float32(pb*q1.V[2])
	return true
}

// wideArc is what slerpWide needs of a blend's weight t: the series of
// sin 2(1-t)φ / sin φ (a) and of sin 2tφ / sin φ (b) in cos φ - 1
// (arcSeries). A blend's zero wideArc gets them at its first pair far
// apart, and keeps them for the others.
type wideArc struct {
	ready bool
	a, b  [arcTerms]float64
}

// slerpWide is slerp64Blend's slerp for rotations far apart, 91° or more
// (cos θ < 0.7, where arcRun's series converges slowly), without the
// library's acos and sines: the same series on half the angle. With φ =
// θ/2, whose cosine x = √((1 + cos θ)/2) is at least √½, sin 2α = 2 sin α
// cos α gives sin rθ / sin θ = (sin 2rφ / sin φ) / 2x, and the series of
// sin 2rφ / sin φ in x - 1 converges there: for weights in [0, 1] the
// weights are within 3e-8 of slerp64Blend's (TestSlerpWide), in double
// precision. Pairs with a NaN, a dot product above 1 or a weight outside
// [0, 1] take slerp64Blend. c is a wideArc zero or used with weight f
// only.
func slerpWide(q0, q1 *mgl32.Quat, f float32, c *wideArc) {
	aw, ax, ay, az := float64(q0.W), float64(q0.V[0]), float64(q0.V[1]), float64(q0.V[2])
	bw, bx, by, bz := float64(q1.W), float64(q1.V[0]), float64(q1.V[1]), float64(q1.V[2])
	d := aw*bw + ax*bx + ay*by + az*bz
	if d < 0 {
		d, bw, bx, by, bz = -d, -bw, -bx, -by, -bz
	}
	if t := float64(f); !(d <= 1 && t >= 0 && t <= 1) {
		slerp64Blend(q0, q1, f)
		return
	}
	if !c.ready {
		t := float64(f)
		arcSeries(2*(1-t), 2*t, &c.a, &c.b)
		c.ready = true
	}
	x := math.Sqrt((1 + d) / 2)
	y := x - 1
	y2 := y * y
	y4 := y2 * y2
	h := 0.5 / x
	wa := estrin8(&c.a, y, y2, y4) * h
	wb := estrin8(&c.b, y, y2, y4) * h
	q0.W = float32(wa*aw + wb*bw)
	q0.V[0] = float32(wa*ax + wb*bx)
	q0.V[1] = float32(wa*ay + wb*by)
	q0.V[2] = float32(wa*az + wb*bz)
}

// estrin8 is the polynomial c0 + c1·y + ... + c7·y⁷ in Estrin's order,
// given y² and y⁴.
func estrin8(c *[arcTerms]float64, y, y2, y4 float64) float64 {
	lo := (c[0] + c[1]*y) + y2*(c[2]+c[3]*y)
	hi := (c[4] + c[5]*y) + y2*(c[6]+c[7]*y)
	return lo + y4*hi
}

// slerp64Blend is the slerp along the shortest arc in double precision
// with the library's acos and sin, for rotations far apart that slerpWide
// does not take.
func slerp64Blend(q0, q1 *mgl32.Quat, f float32) {
	aw, ax, ay, az := float64(q0.W), float64(q0.V[0]), float64(q0.V[1]), float64(q0.V[2])
	bw, bx, by, bz := float64(q1.W), float64(q1.V[0]), float64(q1.V[1]), float64(q1.V[2])
	d := aw*bw + ax*bx + ay*by + az*bz
	if d < 0 {
		d, bw, bx, by, bz = -d, -bw, -bx, -by, -bz
	}
	t := float64(f)
	wa, wb := 1-t, t
	if th := math.Acos(math.Min(d, 1)); th > 1e-12 {
		s := 1 / math.Sin(th)
		wa, wb = math.Sin((1-t)*th)*s, math.Sin(t*th)*s
	}
	q0.W = float32(wa*aw + wb*bw)
	q0.V[0] = float32(wa*ax + wb*bx)
	q0.V[1] = float32(wa*ay + wb*by)
	q0.V[2] = float32(wa*az + wb*bz)
}
