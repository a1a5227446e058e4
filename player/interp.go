package player

import (
	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"math"

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

// SlerpPrime is CAnimMathUtils::Slerp as Metroid Prime runs it
// (Slerp__14CAnimMathUtilsFRC11CQuaternionRC11CQuaternionf in the MP1
// decompilation, whose assembly fixes every operation below): u ≤ 1e-5
// gives the start and u ≥ 0.99999 the end; a dot product ≥ 1 gives the
// start; above 0.95 a normalised lerp; otherwise the angle from
// CMath::FastArcCosR and weights from CMath::FastSinR, the weighted sum
// normalised. There is no flip to the shortest arc: keys in opposite
// hemispheres turn the long way. Keys exactly opposite give NaN, as in
// the game: their dot product rounds to -1, where the sum vanishes at
// u = 0.5 (elsewhere it is ±q0), or just below, outside acos's domain.
//
// It is exact to the bit but for the fused-operation and acos caveats in
// primemath.go, which can only move a result next to a float32 tie.
func SlerpPrime(q0, q1 mgl32.Quat, u float32) mgl32.Quat {
	if u <= primeSnapStart {
		return q0
	}
	if u >= primeSnapEnd {
		return q1
	}
	d := primeDot(&q0, &q1)
	if d >= 1 {
		return q0
	}
	if d > primeLerpDot {
		var out mgl32.Quat
		lerpPrimeTo(&out, &q0, &q1, 1, u, false)
		return out
	}
	var out mgl32.Quat
	slerpPrimeTo(&out, &q0, &q1, retromath.FastArcCosR(d), u)
	return out
}

// slerpPrimeTo is SlerpPrime's slerp branch for the angle
// FastArcCosR(dot) (the sampler caches the angle per key interval),
// written into out.
func slerpPrimeTo(out, q0, q1 *mgl32.Quat, angle, u float32) {
	sa := retromath.FastSinR(angle * (1 - u))
	sb := retromath.FastSinR(angle * u)
	// The vector part is two plain products and a sum, W a fused one.
	x := float32(sa*q0.V[0]) + float32(sb*q1.V[0])
	y := float32(sa*q0.V[1]) + float32(sb*q1.V[1])
	z := float32(sa*q0.V[2]) + float32(sb*q1.V[2])
	w := retromath.FMAddS(sa, q0.W, sb*q1.W)
	inv := retromath.InvSqrtMP1(primeLenSq(w, x, y, z))
	out.W = inv * w
	out.V[0] = inv * x
	out.V[1] = inv * y
	out.V[2] = inv * z
}

// CAnimMathUtils::Slerp's thresholds in Metroid Prime.
const (
	primeSnapStart = float32(1e-5)    // 0x3727c5ac
	primeSnapEnd   = float32(0.99999) // 0x3f7fff58
	primeLerpDot   = float32(0.95)    // 0x3f733333
)

// primeDot is the dot product as both games compile it: the vector part
// from Y·Y, then X, Z and W each fused into the sum.
func primeDot(a, b *mgl32.Quat) float32 {
	return retromath.FMAddS(a.W, b.W, retromath.FMAddS(a.V[2], b.V[2], retromath.FMAddS(a.V[0], b.V[0], a.V[1]*b.V[1])))
}

// primeLenSq is the squared length in the same order.
func primeLenSq(w, x, y, z float32) float32 {
	return retromath.FMAddS(w, w, retromath.FMAddS(z, z, retromath.FMAddS(x, x, y*y)))
}

// lerpPrimeTo writes CAnimMathUtils::Slerp's lerp branch from q0 to
// sign·q1 into out (sign is ±1, so the products with it are exact): X, Y
// and Z are q0 + u·(q1 - q0) with a plain product, W the same fused, then
// all four are scaled by InvSqrtF of the squared length, Echoes' InvSqrtF
// if echoes is set, else Metroid Prime's. The two games' lerps differ in
// nothing else. The sampler calls it directly for close keys, so its fast
// path and SlerpPrime or SlerpPrime2 agree to the bit; it writes through
// out because returning the quaternion cost the sampler a store-forwarding
// stall per bone.
func lerpPrimeTo(out, q0, q1 *mgl32.Quat, sign, u float32, echoes bool) {
	x := q0.V[0] + float32(u*(sign*q1.V[0]-q0.V[0]))
	y := q0.V[1] + float32(u*(sign*q1.V[1]-q0.V[1]))
	z := q0.V[2] + float32(u*(sign*q1.V[2]-q0.V[2]))
	w := retromath.FMAddS(u, sign*q1.W-q0.W, q0.W)
	var inv float32
	if echoes {
		inv = retromath.InvSqrtMP2(primeLenSq(w, x, y, z))
	} else {
		inv = retromath.InvSqrtMP1(primeLenSq(w, x, y, z))
	}
	out.W = inv * w
	out.V[0] = inv * x
	out.V[1] = inv * y
	out.V[2] = inv * z
}

// normalizeLerps is the samplers' second pass over a Metroid Prime or
// (echoes) Echoes pose: each rotation times InvSqrtF of its squared
// length in lenSq, which the first pass left at 1 for rotations it wrote
// whole (InvSqrtF(1) = 1, and multiplying by 1 changes nothing).
func normalizeLerps(local []formats.Transform, lenSq []float32, echoes bool) {
	// Slices of one length and capacity: the loads address the fields
	// from local[i:]'s offset directly.
	n := len(local)
	local, lenSq = local[:n:n], lenSq[:n]
	if echoes {
		for i := range lenSq {
			ls := local[i:]
			if len(ls) == 0 {
				break
			}
			inv, q := retromath.InvSqrtMP2(lenSq[i]), &ls[0].Rotation
			q.W, q.V[0], q.V[1], q.V[2] = inv*q.W, inv*q.V[0], inv*q.V[1], inv*q.V[2]
		}
		return
	}
	for i := range lenSq {
		ls := local[i:]
		if len(ls) == 0 {
			break
		}
		inv, q := retromath.InvSqrtMP1(lenSq[i]), &ls[0].Rotation
		q.W, q.V[0], q.V[1], q.V[2] = inv*q.W, inv*q.V[0], inv*q.V[1], inv*q.V[2]
	}
}

// SlerpPrime2 is CAnimMathUtils::Slerp as Metroid Prime 2: Echoes builds
// poses with it. Echoes' Slerp has two modes; CAnimData::RecalcPoseBuilder
// selects the fast one from a flag every CAnimData is constructed with
// set, so that is the one animations are seen with:
//
//   - a dot product below -0.9999999 (keys nearly opposite) gives the
//     start for u < 0.5 and the end from u = 0.5 on: a jump halfway;
//   - from 0.866 up, a normalised lerp;
//   - otherwise acos (single precision) and sin (double precision) give
//     the weights, and the weighted sum is not normalised.
//
// There are no snaps at the interval's ends and no flip to the shortest
// arc. The other mode, a plain double-precision slerp, is selected only by
// the flag's static default and by CCollisionTracker after drawing; pose
// building never runs in it, so it is not modelled.
//
// The Echoes decompilation does not match this function yet: the order of
// operations and which products are fused are taken from Metroid Prime's
// matching function, of which this one is a variant, so a result can
// differ from the game's in the last bit.
func SlerpPrime2(q0, q1 mgl32.Quat, u float32) mgl32.Quat {
	d := primeDot(&q0, &q1)
	if d < prime2OppositeDot {
		if u < 0.5 {
			return q0
		}
		return q1
	}
	if d >= prime2LerpDot {
		var out mgl32.Quat
		lerpPrimeTo(&out, &q0, &q1, 1, u, true)
		return out
	}
	var out mgl32.Quat
	angle, inv := prime2Angle(d)
	slerpPrime2To(&out, &q0, &q1, angle, inv, u)
	return out
}

// prime2Angle is the part of Echoes' slerp branch that does not depend on
// the factor: the angle from acosf, kept as a double, and the reciprocal
// of its sine in double precision. Both are taken without the library
// (retromath.Acos32, sinTo); prime2Weight makes the weights the
// library's to the bit.
func prime2Angle(d float32) (angle, invSin float64) {
	angle = float64(retromath.Acos32(d))
	return angle, 1 / sinTo(angle)
}

// slerpPrime2To is SlerpPrime2's slerp branch from those terms, written
// into out: the double-precision sine weights rounded to float32 and the
// weighted sum, not normalised.
func slerpPrime2To(out, q0, q1 *mgl32.Quat, angle, inv float64, u float32) {
	a := prime2Weight(angle*float64(1-u), angle, inv)
	b := prime2Weight(angle*float64(u), angle, inv)
	out.W = retromath.FMAddS(a, q0.W, b*q1.W)
	out.V[0] = float32(a*q0.V[0]) + float32(b*q1.V[0])
	out.V[1] = float32(a*q0.V[1]) + float32(b*q1.V[1])
	out.V[2] = float32(a*q0.V[2]) + float32(b*q1.V[2])
}

// prime2Weight is an Echoes slerp weight, float32(math.Sin(x) · (1 /
// math.Sin(angle))), from sinTo and inv = 1 / sinTo(angle). Each sine is
// within about 1e-16 of the library's (relative; TestSinTo), so the
// product is within 2⁻⁴² of the library's and rounds to the same float32
// unless the bracket w ± 2⁻⁴² w straddles a rounding boundary (a few
// weights in a million); then, and for anything not finite, the
// library's sines decide. (x and angle·(1 - u) are exact products of two
// float32.)
func prime2Weight(x, angle, inv float64) float32 {
	w := sinTo(x) * inv
	if e := w * 0x1p-42; float32(w-e) == float32(w+e) {
		return float32(w)
	}
	return float32(math.Sin(x) * (1 / math.Sin(angle)))
}

// sinTo is sin x for x in [0, π], as math.Sin gives it to within about an
// ulp: π - x (from a two-part π, the subtraction exact) for x above π/2,
// then the Taylor series to x²¹, whose remainder is below 2e-18 there.
// Other arguments go to math.Sin.
func sinTo(x float64) float64 {
	if !(x >= 0 && x <= math.Pi) {
		return math.Sin(x)
	}
	if x > math.Pi/2 {
		x = (math.Pi - x) + piLo
	}
	y := x * x
	y2 := y * y
	y4 := y2 * y2
	y8 := y4 * y4
	return x * ((((1 + as1*y) + y2*(as2+as3*y)) + y4*((as4+as5*y)+y2*(as6+as7*y))) + y8*((as8+as9*y)+y2*as10))
}

// piLo is π - math.Pi, the second part of π for sinTo's reflection.
const piLo = 1.2246467991473532e-16

// The sine's Taylor terms sinTo needs beyond as8: -1/19! and 1/21!.
const as9, as10 = -1.0 / 121645100408832000, 1.0 / 51090942171709440000

// Echoes' thresholds.
const (
	prime2OppositeDot = float32(-0.9999999) // 0xbf7ffffe
	prime2LerpDot     = float32(0.866)      // 0x3f5db22d
)

// SlerpLego is MxQuaternionTransformer::Interpolate
// (docs/formats/lego-island.md#rotation-interpolation). Its inputs and result are in the model's column-vector convention; the game
// works on the conjugates, which matters only for its opposite-keys quirk,
// so the function conjugates in and out.
func SlerpLego(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	var c legoInterval
	c.set(&q0, &q1, 1)
	var out mgl32.Quat
	c.eval(f, &out)
	return out
}

// How a LEGO rotation interval evaluates; everything but the factor is
// fixed per interval, so the sampler decides once and caches it.
const (
	legoNone     uint8 = iota // both keys inactive: the channel gives nothing
	legoHold                  // 0x04 on the later key: key i's value
	legoSlerp                 // the slerp branch
	legoLerp                  // near-equal keys: lerp without normalising
	legoOpposite              // opposite keys: the perpendicular quirk
)

// legoInterval is one rotation interval prepared for
// MxQuaternionTransformer::Interpolate: the keys in the game's convention
// (x, y, z, w of the conjugates, the later one already multiplied by the
// 0x02 sign), their dot product and the slerp angle terms.
type legoInterval struct {
	legoSpan // the sampler's interval and time terms
	mode     uint8
	a, b     [4]float64
	d, theta float64
	invSin   float64
}

// set prepares the interpolation from q0 to sign·q1 (model convention).
func (c *legoInterval) set(q0, q1 *mgl32.Quat, sign float64) {
	if c.setKeys(q0, q1, sign) {
		c.theta, c.invSin = legoAngle(c.d)
	}
}

// legoAngle is the slerp branch's angle terms for the dot product d: θ =
// acos d and 1/sin θ, in double precision as the game computes them.
func legoAngle(d float64) (theta, invSin float64) {
	theta = math.Acos(d)
	return theta, 1 / math.Sin(theta)
}

// setKeys is set but for the slerp branch's angle terms, which it reports
// are needed (the mode is legoSlerp): the sampler takes them from its
// memo of each interval's (legoAngles) rather than computing them at every
// key it crosses.
func (c *legoInterval) setKeys(q0, q1 *mgl32.Quat, sign float64) bool {
	c.a = [4]float64{-float64(q0.V[0]), -float64(q0.V[1]), -float64(q0.V[2]), float64(q0.W)}
	c.b = [4]float64{-sign * float64(q1.V[0]), -sign * float64(q1.V[1]), -sign * float64(q1.V[2]), sign * float64(q1.W)}
	// The game computes the dot product in double precision.
	c.d = c.a[0]*c.b[0] + c.a[1]*c.b[1] + c.a[2]*c.b[2] + c.a[3]*c.b[3]
	switch d := c.d; {
	case d+1 > 1e-5 && 1-d > 1e-5:
		c.mode = legoSlerp
		return true
	case 1-d <= 1e-5:
		c.mode = legoLerp
	default: // includes a NaN dot product, as in the game
		c.mode = legoOpposite
	}
	return false
}

// eval writes the interpolation at factor f, back in the model's
// convention. The slerp branch writes sin((1-f)θ) as
// sin θ cos fθ - cos θ sin fθ, so one sincos serves both weights; in
// double precision this gives the game's weights far below float32
// resolution.
func (c *legoInterval) eval(f float32, out *mgl32.Quat) {
	ff := float64(f)
	a, b := &c.a, &c.b
	if c.mode == legoSlerp {
		// The common case first, written straight into out, with
		// legoSincos inlined by hand: the compiler will not, and it is
		// most of a LEGO clip's sampling time.
		x := ff * c.theta
		var sf, cf float64
		if x >= 0 && x <= 0.5 {
			y := x * x
			y2 := y * y
			y4 := y2 * y2
			sf = x * ((1 + ls1*y) + y2*(ls2+ls3*y) + y4*((ls4+ls5*y)+y2*ls6))
			cf = (1 + lc1*y) + y2*(lc2+lc3*y) + y4*((lc4+lc5*y)+y2*(lc6+lc7*y))
		} else {
			sf, cf = math.Sincos(x)
		}
		wb := sf * c.invSin
		wa := cf - c.d*wb
		out.W = float32(wa*a[3] + wb*b[3])
		out.V[0] = -float32(wa*a[0] + wb*b[0])
		out.V[1] = -float32(wa*a[1] + wb*b[1])
		out.V[2] = -float32(wa*a[2] + wb*b[2])
		return
	}
	var r [4]float64
	switch c.mode {
	case legoLerp:
		// A plain lerp, not normalised; the game's matrix builder divides
		// by |q|² so the rotation stays pure.
		wa, wb := 1-ff, ff
		r = [4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]}
	default:
		// Opposite keys: the game mixes q0 with the perpendicular
		// p = (-y, x, -w, z) for x, y, z and leaves w as p's w (a decomp
		// quirk kept for exactness).
		wa := math.Sin((1 - ff) * math.Pi / 2)
		wb := math.Sin(ff * math.Pi / 2)
		r = [4]float64{wa*a[0] - wb*a[1], wa*a[1] + wb*a[0], wa*a[2] - wb*a[3], a[2]}
	}
	*out = mgl32.Quat{W: float32(r[3]), V: mgl32.Vec3{-float32(r[0]), -float32(r[1]), -float32(r[2])}}
}

// legoSincos is math.Sincos, with a short cut for 0 <= x <= 0.5, the
// common case of keys less than a radian apart: Taylor series to x¹³ and
// x¹⁴, whose remainders (below 3e-17) are under double rounding, summed
// in Estrin's order to keep the dependency chains short. legoInterval.eval
// has it inlined by hand; TestLegoSincos checks this one against the math
// package, TestSlerpLegoMatchesGameFormula the inlined one.
func legoSincos(x float64) (sin, cos float64) {
	if !(x >= 0 && x <= 0.5) {
		return math.Sincos(x)
	}
	y := x * x
	y2 := y * y
	y4 := y2 * y2
	sin = x * ((1 + ls1*y) + y2*(ls2+ls3*y) + y4*((ls4+ls5*y)+y2*ls6))
	cos = (1 + lc1*y) + y2*(lc2+lc3*y) + y4*((lc4+lc5*y)+y2*(lc6+lc7*y))
	return sin, cos
}

// The coefficients of legoSincos's series: Taylor's, (-1)ⁿ/(2n+1)! and
// (-1)ⁿ/(2n)!.
const (
	ls1, ls2, ls3 = -1.0 / 6, 1.0 / 120, -1.0 / 5040
	ls4, ls5, ls6 = 1.0 / 362880, -1.0 / 39916800, 1.0 / 6227020800
	lc1, lc2, lc3 = -1.0 / 2, 1.0 / 24, -1.0 / 720
	lc4, lc5, lc6 = 1.0 / 40320, -1.0 / 3628800, 1.0 / 479001600
	lc7           = -1.0 / 87178291200
)

// lerp3 is a + (b - a)·f, each product rounded before the sum (no target
// fuses them).
func lerp3(a, b mgl32.Vec3, f float32) mgl32.Vec3 {
	return mgl32.Vec3{a[0] + float32((b[0]-a[0])*f), a[1] + float32((b[1]-a[1])*f), a[2] + float32((b[2]-a[2])*f)}
}
