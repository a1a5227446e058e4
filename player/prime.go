// Metroid Prime and Metroid Prime 2: Echoes (formats.InterpPrime,
// InterpPrime2): the games' slerps with their lerp branches and end snaps
// (SlerpPrime, SlerpPrime2), how the samplers evaluate them (a track
// cache's setPrime and evalPrime, directPrimeQuat, the normalising pass)
// and the games' blends (BlendPrime, BlendPrime2: rotations in passes
// over many joints, the translation masks, Echoes' translations and
// scales), docs/formats/metroid-prime.md.

package player

import (
	"math"
	"math/bits"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
)

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
	x, y, z, w := sumPrime(q0, q1, sa, sb)
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

// lerpPrime is the lerp branch of both games' Slerp from q0 to sign·q1
// (sign is ±1, so the products with it are exact) but for the
// normalisation: X, Y and Z are q0 + u·(q1 - q0) with a plain product, W
// the same fused, in that order (the results are x, y, z, w; computing
// W first, or its factor's conversion before the rest, cost
// directPrimeQuat's seeks 4%). It is the one definition of that lerp for
// the slerps, the samplers and the blends; the compiler inlines it (cost
// 80, the budget: keep it one expression), and folds a constant sign of
// 1.
func lerpPrime(q0, q1 *mgl32.Quat, sign, u float32) (x, y, z, w float32) {
	return q0.V[0] + float32(u*(sign*q1.V[0]-q0.V[0])), q0.V[1] + float32(u*(sign*q1.V[1]-q0.V[1])),
		q0.V[2] + float32(u*(sign*q1.V[2]-q0.V[2])), retromath.FMAddS(u, sign*q1.W-q0.W, q0.W)
}

// sumPrime is the weighted sum a·q0 + b·q1 of both games' slerp branch:
// the vector part two plain products and a sum, W a fused one. Metroid
// Prime's slerp normalises it, Echoes' does not. It is the one definition
// for the slerps and the blends' stages, and the compiler inlines it.
func sumPrime(q0, q1 *mgl32.Quat, a, b float32) (x, y, z, w float32) {
	return float32(a*q0.V[0]) + float32(b*q1.V[0]), float32(a*q0.V[1]) + float32(b*q1.V[1]),
		float32(a*q0.V[2]) + float32(b*q1.V[2]), retromath.FMAddS(a, q0.W, b*q1.W)
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
	x, y, z, w := lerpPrime(q0, q1, sign, u)
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
	out.V[0], out.V[1], out.V[2], out.W = sumPrime(q0, q1, a, b)
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

// setPrime selects Metroid Prime's branch for the keys by their dot
// product and, for the slerp branch, caches the angle: all of SlerpPrime
// that does not depend on the factor.
func (c *quatCache) setPrime() {
	d := primeDot(&c.q0, &c.q1)
	switch {
	case d >= 1:
		c.mode = rotEqual
	case d > primeLerpDot:
		c.mode = rotLerp
	default: // NaN too, as SlerpPrime takes it
		c.mode = rotSlerp
		c.angle = float64(retromath.FastArcCosR(d))
	}
}

// setPrime2 is setPrime for Echoes' slerp (SlerpPrime2).
func (c *quatCache) setPrime2() {
	d := primeDot(&c.q0, &c.q1)
	switch {
	case d < prime2OppositeDot:
		c.mode = rotOpposite
	case d >= prime2LerpDot:
		c.mode = rotLerp
	default: // NaN too, as SlerpPrime2 takes it
		c.mode = rotSlerp
		c.angle, c.invSin = prime2Angle(d)
	}
}

// evalPrime writes Metroid Prime's rotation at t, which the span holds:
// SlerpPrime's branches in its order, the end snaps first.
func (c *quatCache) evalPrime(t float64, out *mgl32.Quat) {
	if c.mode == rotHold {
		*out = c.q0
		return
	}
	u := c.factor(t)
	switch {
	case u <= primeSnapStart:
		*out = c.q0
	case u >= primeSnapEnd:
		*out = c.q1
	case c.mode == rotLerp:
		// The sampler takes this branch inline (sampleCaches); it comes
		// here for a factor it does not (NaN).
		lerpPrimeTo(out, &c.q0, &c.q1, 1, u, false)
	case c.mode == rotSlerp:
		slerpPrimeTo(out, &c.q0, &c.q1, float32(c.angle), u)
	default: // rotEqual
		*out = c.q0
	}
}

// evalPrime2 writes Echoes' rotation at t (SlerpPrime2's branches).
func (c *quatCache) evalPrime2(t float64, out *mgl32.Quat) {
	switch c.mode {
	case rotHold:
		*out = c.q0
	case rotLerp:
		lerpPrimeTo(out, &c.q0, &c.q1, 1, c.factor(t), true)
	case rotSlerp:
		slerpPrime2To(out, &c.q0, &c.q1, c.angle, c.invSin, c.factor(t))
	default: // rotOpposite
		if c.factor(t) < 0.5 {
			*out = c.q0
		} else {
			*out = c.q1
		}
	}
}

// directPrimeQuat writes Metroid Prime's rotation (echoes: Echoes') at t:
// the slerps' branches in their order, the common lerp inlined, the keys
// read in place (sign carries the negate flag; products with ±1 are
// exact). The lerp branch is left unnormalised, its squared length in
// lenSq for the caller's second pass (which multiplies every other
// branch's result by InvSqrtF(1) = 1).
func directPrimeQuat(tr *formats.QuatTrack, t float64, c *cursor, m *directMemo, out *mgl32.Quat, lenSq *float32, echoes bool) {
	n := len(tr.Times)
	switch {
	case !(t > tr.Times[0]):
		*out = tr.Values[0]
		return
	case t >= tr.Times[n-1]:
		*out = tr.Values[n-1]
		return
	}
	i, u := m.locate(tr.Times, t, c)
	q0, q1 := &tr.Values[i], &tr.Values[i+1]
	sign := float32(1)
	if tr.Flags != nil {
		fl := tr.Flags[i+1]
		if fl&formats.KeyStep != 0 {
			*out = *q0
			return
		}
		if fl&formats.KeyNegate != 0 {
			sign = -1
		}
	}
	if echoes {
		if !(sign*primeDot(q0, q1) >= prime2LerpDot) {
			*out = SlerpPrime2(*q0, q1.Scale(sign), u)
			return
		}
	} else {
		switch {
		case u <= primeSnapStart:
			*out = *q0
			return
		case u >= primeSnapEnd:
			*out = q1.Scale(sign)
			return
		}
		switch d := sign * primeDot(q0, q1); {
		case d >= 1:
			*out = *q0
			return
		case !(d > primeLerpDot):
			*out = SlerpPrime(*q0, q1.Scale(sign), u)
			return
		}
	}
	// lerpPrimeTo but for the normalisation.
	x, y, z, w := lerpPrime(q0, q1, sign, u)
	*lenSq = primeLenSq(w, x, y, z)
	*out = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
}

// blendPrime2 blends b into a by Echoes' rule: the rotations as
// blendRotsGame does, translations and scales lerped, and the masks and
// visibilities of m (orMask's and orVisible's work) in the same pass.
func blendPrime2(la, lb []formats.Transform, w float32, m primeOffsets) {
	blendRotsGame(la, lb, w, true, m)
}

// blendPrime blends b into a by MP1's rule for a weight strictly between
// Slerp's snaps: the rotations as blendRotsGame does, the translations by
// tr (lerpTranslationsPrime's rule, or lerpTranslationsPrimeBound's).
func blendPrime(la, lb []formats.Transform, w float32, tr primeOffsets) {
	blendRotsGame(la, lb, w, false, tr)
}

// blendChunk is how many joints the games' rotation blends take at a
// time: the joints outside the lerp band and the squared lengths of
// those inside it wait in arrays of this size on the stack. A chunk
// costs its passes' calls and the slow joints' stages a start each, so
// the chunk holds a whole skeleton of the games' size (about a hundred
// bones) at once. It must be a power of two.
const blendChunk = 128

// blendRotsGame blends b's rotations into a's by MP1's rule (Echoes'
// with echoes), for a weight strictly between Slerp's snaps (any weight
// for Echoes), in three passes over each chunk of joints:
//
//  1. the joints whose plain dot product is safely inside the lerp band
//     (lerpLoMP1 to lerpHiMP1; above lerpLoMP2) get the lerp, not yet
//     normalised, and their squared length; the others are listed
//     (lerpBand);
//  2. for MP1, the listed joints take the full rule but for the
//     normalisation, their squared lengths in lenSq too
//     (blendRotsPrimeSlow);
//  3. every joint is normalised by the game's InvSqrtF of its squared
//     length, 1 for a joint left as it was (InvSqrtF(1) = 1, and
//     multiplying by 1 changes nothing); for Echoes, translations and
//     scales are lerped and the masks and visibilities set in the same
//     loop (normalizeLerpTS);
//  4. for Echoes, the listed joints take the full rule, in stages like
//     MP1's (blendRotsSlow: Echoes' slerp branch does not normalise).
//
// A joint's blend is a long chain of dependent operations ending in a
// square root and a division; in passes, the chains of many joints are
// independent and the divider takes them one after the other.
func blendRotsGame(la, lb []formats.Transform, w float32, echoes bool, tr primeOffsets) {
	lo, hi := float32(lerpLoMP1), float32(lerpHiMP1)
	if echoes {
		// Echoes' band has no upper end: d >= hi is never true for NaN.
		lo, hi = lerpLoMP2, float32(math.NaN())
	}
	var lenSq [blendChunk]float32
	var slow [blendChunk]int32
	for base := 0; base < len(la); base += blendChunk {
		a := la[base:min(base+blendChunk, len(la))]
		b := lb[base : base+len(a)]
		k := lerpBand(a, b, w, lo, hi, lenSq[:len(a)], &slow)
		if echoes {
			normalizeLerpTS(a, b, lenSq[:len(a)], w, tr.chunk(base, len(a)))
			blendRotsSlow(a, b, w, slow[:k])
			continue
		}
		if k > 0 {
			blendRotsPrimeSlow(a, b, w, slow[:k], lenSq[:len(a)])
		}
		normalizePrime(a, b, lenSq[:len(a)], w, tr.chunk(base, len(a)))
	}
}

// primeOffsets is what the games' blends read and write besides the
// poses' transforms: the children's translation masks and the blend's;
// for MP1's translation rule (lerpTranslationsPrime and
// lerpTranslationsPrimeBound) the bind offsets and whether pose A holds
// the bind translation wherever its mask is false; for Echoes the
// children's visibilities. Echoes' normalising pass works out the
// visibilities beside the rotations (orVisible's work): they are work for
// the integer units while it waits on the divider, where a loop of their
// own cost about twice as much.
type primeOffsets struct {
	bones      []formats.Bone
	ma, mb, mo BoneMask
	va, vb     []bool
	bound      bool
}

// chunk is the part of t for the n joints from base on, a multiple of
// 64 (of blendChunk), so that the masks' part is whole words.
func (t primeOffsets) chunk(base, n int) primeOffsets {
	end := base + n
	w0, w1 := base/64, base/64+maskWords(n)
	c := primeOffsets{ma: t.ma[w0:w1], mb: t.mb[w0:w1], mo: t.mo[w0:w1], bound: t.bound}
	if t.bones != nil {
		c.bones = t.bones[base:end]
	}
	if t.va != nil {
		c.va, c.vb = t.va[base:end], t.vb[base:end]
	}
	return c
}

// lerpBand is blendRotsGame's first pass over at most blendChunk joints:
// the lerp branch of the games' Slerp (lerpNormTo but for the
// normalisation) for each joint whose plain dot product d has lo < d and
// not d >= hi, its squared length in lenSq; the others keep their
// rotation, get 1 in lenSq and are listed in slow, whose length it
// returns.
func lerpBand(a, b []formats.Transform, w, lo, hi float32, lenSq []float32, slow *[blendChunk]int32) int {
	n := len(a)
	// Slices of one length and capacity: a[i:] and b[i:] share one
	// offset, from which the loads address the fields directly.
	a, b, lenSq = a[:n:n], b[:n:n], lenSq[:n]
	k := 0
	for i := range lenSq {
		sa, sb := a[i:], b[i:]
		if len(sa) == 0 || len(sb) == 0 {
			break
		}
		q0, q1 := &sa[0].Rotation, &sb[0].Rotation
		if d := quickDot(q0, q1); !(d > lo) || d >= hi {
			lenSq[i] = 1
			slow[k&(blendChunk-1)] = int32(i)
			k++
			continue
		}
		// lerpUnnormTo(q0, q1, w), which does not inline.
		x, y, z, qw := lerpPrime(q0, q1, 1, w)
		lenSq[i] = primeLenSq(qw, x, y, z)
		q0.W, q0.V[0], q0.V[1], q0.V[2] = qw, x, y, z
	}
	return k
}

// normalizePrime is normalizeLerps for MP1 with MP1's translation rule
// (tr) applied in the same loop: the translations keep the processor
// busy while it works out each InvSqrtF, a chain of some fifty cycles.
// The estimates of InvSqrtF (the divider's part) run rootLead joints
// ahead of their refinements, in the same loop: each joint's chain then
// starts from an estimate that is ready, and the divider works on later
// joints beside the refinements and translations of earlier ones.
func normalizePrime(a, b []formats.Transform, lenSq []float32, w float32, tr primeOffsets) {
	n := len(lenSq)
	a, b = a[:n:n], b[:n:n]
	bones := tr.bones[:n]
	// The chunk's masks in words on the stack (n is at most blendChunk),
	// read before mo, which may alias ma, is written.
	var has, both [blendChunk / 64]uint64
	nw := maskWords(n)
	ma, mb, mo := tr.ma[:nw], tr.mb[:nw], tr.mo[:nw]
	for k := range min(nw, len(has)) {
		has[k], both[k] = ma[k], ma[k]&mb[k]
		mo[k] = both[k]
	}
	// The estimates wait in a ring (its length a power of two): joint
	// j's slot is free again once joint j - rootLead's refinement has
	// read it.
	var est [2 * rootLead]float32
	for j := range min(n, rootLead) {
		est[j] = retromath.InvSqrtMP1Estimate(lenSq[j])
	}
	for i, l := range lenSq {
		if j := i + rootLead; j < n {
			est[j&(len(est)-1)] = retromath.InvSqrtMP1Estimate(lenSq[j])
		}
		sa, sb := a[i:], b[i:]
		if len(sa) == 0 || len(sb) == 0 {
			break
		}
		pa := &sa[0]
		inv, q := retromath.InvSqrtMP1Refine(l, est[i&(len(est)-1)]), &pa.Rotation
		q.W, q.V[0], q.V[1], q.V[2] = inv*q.W, inv*q.V[0], inv*q.V[1], inv*q.V[2]
		k, bit := uint(i)/64%uint(len(has)), uint(i)%64
		switch {
		case both[k]>>bit&1 != 0:
			lerp3To(&pa.Translation, &sb[0].Translation, w)
		case has[k]>>bit&1 != 0 || !tr.bound:
			pa.Translation = bones[i].Bind.Translation
		}
	}
}

// rootLead is how far ahead of its refinements normalizePrime takes the
// estimates of MP1's InvSqrtF: far enough that an estimate (a square
// root and a division) is ready when its joint's refinement starts.
const rootLead = 8

// normalizeLerpTS is normalizeLerps for Echoes, with b's translations
// and scales lerped into a's in the same loop, and m's visibilities
// (orVisible's work): they keep the processor busy while the divider
// works out each InvSqrtF. The masks are a word's OR per 64 joints
// (orMask).
func normalizeLerpTS(a, b []formats.Transform, lenSq []float32, w float32, m primeOffsets) {
	n := len(lenSq)
	a, b = a[:n:n], b[:n:n]
	orMask(m.mo, m.ma, m.mb)
	va, vb := m.va[:n], m.vb[:n]
	for i, l := range lenSq {
		sa, sb := a[i:], b[i:]
		if len(sa) == 0 || len(sb) == 0 {
			break
		}
		pa, pb := &sa[0], &sb[0]
		lerp3To(&pa.Translation, &pb.Translation, w)
		lerp3To(&pa.Scale, &pb.Scale, w)
		inv, q := retromath.InvSqrtMP2(l), &pa.Rotation
		q.W, q.V[0], q.V[1], q.V[2] = inv*q.W, inv*q.V[0], inv*q.V[1], inv*q.V[2]
		if !va[i] && vb[i] {
			va[i] = true
		}
	}
}

// blendRotsSlow blends the joints idx of b into a by Echoes' full rule
// (blendRotPrime, SlerpLocal with SlerpPrime2), at most slowStage joints
// at a time (blendRotsPrime2Stages).
func blendRotsSlow(a, b []formats.Transform, w float32, idx []int32) {
	for len(idx) > 0 {
		n := min(len(idx), slowStage)
		blendRotsPrime2Stages(a, b, w, idx[:n])
		idx = idx[n:]
	}
}

// blendRotsPrime2Stages is blendRotPrime for Echoes on the joints idx (at
// most slowStage), in stages over all of them: the hemisphere and the
// branch; for the joints of the slerp branch the angles and the
// reciprocals of their sines (prime2Angle); then the weights and the sums
// (slerpPrime2To). A joint's slerp is one long chain (a square root, the
// arcsine's and sine's series, a division); in stages, the chains of the
// joints are independent and the processor overlaps them.
func blendRotsPrime2Stages(a, b []formats.Transform, u float32, idx []int32) {
	var (
		at       [slowStage]int32
		d        [slowStage]float32
		ang, inv [slowStage]float64
		bq       [slowStage]mgl32.Quat
	)
	k := 0
	for _, i := range idx {
		// SlerpLocal's flip, written out as in blendRotsPrimeStages: as
		// a function of its own it does not inline, and the calls cost
		// MP1's unrelated blends about 6%.
		q0 := &a[i].Rotation
		bk := b[i].Rotation
		dk := localDot(q0, &bk)
		if dk < 0 {
			bk = buildEquivalent(bk)
			dk = localDot(q0, &bk)
		}
		switch {
		case dk >= prime2LerpDot:
			lerpNormTo(q0, &bk, u, true)
			continue
		case dk < prime2OppositeDot:
			// SlerpPrime2's jump halfway (a NaN factor gives the end).
			if !(u < 0.5) {
				*q0 = bk
			}
			continue
		}
		at[k], d[k], bq[k] = i, dk, bk
		k++
	}
	for j := range k {
		ang[j], inv[j] = prime2Angle(d[j])
	}
	for j := range k {
		q0 := &a[at[j]].Rotation
		slerpPrime2To(q0, q0, &bq[j], ang[j], inv[j], u)
	}
}

// blendRotsPrimeSlow is blendRotPrime for MP1 with a weight strictly
// between Slerp's snaps, for the joints idx (at most blendChunk), but for
// the normalisation: each joint it changes gets the unnormalised result
// and its squared length in lenSq, for InvSqrtF in blendRotsGame's
// normalising pass. That is the branch by the fused dot product after
// the flip into A's hemisphere, the lerp branch as lerpBand takes it,
// and for the slerp branch SlerpPrime's arithmetic step for step (the
// angle from FastArcCosR, weights from FastSinR, a plain vector part and
// a fused W); unrelated motions send a third of their joints here. It
// goes in stages over all the joints: the hemisphere and the branch,
// then for the joints of the slerp branch the angles, the sines and the
// sums. Each stage's joints are independent, so the processor overlaps
// their long chains (FastArcCosR's and FastSinR's fused sums through
// double precision) rather than waiting on one joint's after another's.
func blendRotsPrimeSlow(a, b []formats.Transform, u float32, idx []int32, lenSq []float32) {
	for len(idx) > 0 {
		n := min(len(idx), slowStage)
		blendRotsPrimeStages(a, b, u, idx[:n], lenSq)
		idx = idx[n:]
	}
}

// slowStage is how many joints blendRotsPrimeStages takes at a time: its
// stages' arrays are zeroed on every call, and related motions send only
// a few joints a chunk here (rotations a rounding apart), so arrays of a
// whole chunk cost more to clear than the joints to blend.
const slowStage = 16

// blendRotsPrimeStages is blendRotsPrimeSlow for at most slowStage
// joints.
func blendRotsPrimeStages(a, b []formats.Transform, u float32, idx []int32, lenSq []float32) {
	var (
		at     [slowStage]int32
		d, ang [slowStage]float32
		sa, sb [slowStage]float32
		bq     [slowStage]mgl32.Quat
	)
	k := 0
	for _, i := range idx {
		q0 := &a[i].Rotation
		bk := b[i].Rotation
		dk := localDot(q0, &bk)
		if dk < 0 {
			bk = buildEquivalent(bk)
			dk = localDot(q0, &bk)
		}
		switch {
		case dk >= 1:
			continue
		case dk > 0.95:
			lenSq[i] = lerpUnnormTo(q0, &bk, u)
			continue
		}
		at[k], d[k], bq[k] = i, dk, bk
		k++
	}
	// The polynomials inline; the library's acos (dot products above
	// 0.925) and FastSinR's range reduction (never needed by angles
	// from FastArcCosR, which lie from 0 to π) are calls.
	for j := range k {
		if x := d[j]; x <= retromath.ArcCosPolyMax && x >= -retromath.ArcCosPolyMax {
			ang[j] = retromath.FastArcCosRPoly(x)
		} else {
			ang[j] = retromath.FastArcCosR(x)
		}
	}
	for j := range k {
		x, y := ang[j]*(1-u), ang[j]*u
		if x <= retromath.SinPolyMax && x >= -retromath.SinPolyMax && y <= retromath.SinPolyMax && y >= -retromath.SinPolyMax {
			sa[j], sb[j] = retromath.FastSinRPoly(x), retromath.FastSinRPoly(y)
		} else {
			sa[j], sb[j] = retromath.FastSinR(x), retromath.FastSinR(y)
		}
	}
	for j := range k {
		i := at[j]
		q0, bk := &a[i].Rotation, &bq[j]
		x, y, z, w := sumPrime(q0, bk, sa[j], sb[j])
		lenSq[i] = primeLenSq(w, x, y, z)
		q0.W, q0.V[0], q0.V[1], q0.V[2] = w, x, y, z
	}
}

// lerpTranslationsPrime is MP1's translation rule: lerped where both
// children have one (ma, mb), the bind offset elsewhere; mo receives
// which bones have one (it may alias ma).
func lerpTranslationsPrime(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo BoneMask) {
	nw := maskWords(len(la))
	ma, mb, mo = ma[:nw], mb[:nw], mo[:nw]
	for k := range mo {
		// mo may alias ma: ma's word is read first.
		both := ma[k] & mb[k]
		mo[k] = both
		ja := la[k*64 : min(k*64+64, len(la))]
		jb, jbones := lb[k*64:][:len(ja)], bones[k*64:][:len(ja)]
		for j := range ja {
			if both>>uint(j)&1 != 0 {
				lerp3To(&ja[j].Translation, &jb[j].Translation, w)
			} else {
				ja[j].Translation = jbones[j].Bind.Translation
			}
		}
	}
}

// lerpTranslationsPrimeBound is lerpTranslationsPrime for a pose la that
// holds the bind translation wherever ma is false: only the bones ma
// marks (a clip's few translated bones) are lerped or set.
func lerpTranslationsPrimeBound(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo BoneMask) {
	nw := maskWords(len(la))
	ma, mb, mo = ma[:nw], mb[:nw], mo[:nw]
	for k := range mo {
		// mo may alias ma: ma's word is read first.
		has, inB := ma[k], mb[k]
		mo[k] = has & inB
		if rest := len(la) - k*64; rest < 64 {
			has &= 1<<uint(rest) - 1
		}
		// The bones has marks, in order.
		for has != 0 {
			j := bits.TrailingZeros64(has)
			has &= has - 1
			i := k*64 + j
			if inB>>uint(j)&1 != 0 {
				lerp3To(&la[i].Translation, &lb[i].Translation, w)
			} else {
				la[i].Translation = bones[i].Bind.Translation
			}
		}
	}
}

// SlerpLocal is CAnimMathUtils::SlerpLocal as Metroid Prime blends with it:
// when the dot product of q0 and q1 is negative, q1 is replaced by
// CQuaternion::BuildEquivalent (the same rotation from the other
// hemisphere), then SlerpPrime (echoes false) or SlerpPrime2 (echoes true)
// runs. Blends thus take the shortest arc, which key interpolation inside
// an ANIM does not.
func SlerpLocal(q0, q1 mgl32.Quat, u float32, echoes bool) mgl32.Quat {
	slerpLocalTo(&q0, &q1, u, echoes)
	return q0
}

// slerpLocalTo writes SlerpLocal(*q0, *q1, u) into q0.
func slerpLocalTo(q0, q1 *mgl32.Quat, u float32, echoes bool) {
	b := *q1
	if localDot(q0, &b) < 0 {
		b = buildEquivalent(b)
	}
	if echoes {
		*q0 = SlerpPrime2(*q0, b, u)
	} else {
		*q0 = SlerpPrime(*q0, b, u)
	}
}

// blendRotPrime is slerpLocalTo with the lerp branch of the game's Slerp,
// which children within dot 0.95 (MP1) or 0.866 (Echoes) of each other
// take, written out: the call and the quaternion copies cost as much as
// the arithmetic. It is SlerpPrime's and SlerpPrime2's lerp to the bit
// (TestBlendRotFastPath).
func blendRotPrime(q0, q1 *mgl32.Quat, u float32, echoes bool) {
	b := *q1
	d := localDot(q0, &b)
	if d < 0 {
		b = buildEquivalent(b)
		d = localDot(q0, &b)
	}
	var lerp bool
	if echoes {
		lerp = d >= 0.866
	} else if u > slerpSnapLo && u < slerpSnapHi {
		if d >= 1 {
			// Slerp's "same rotation" branch: the start, untouched.
			return
		}
		lerp = d > 0.95
	}
	if !lerp {
		if echoes {
			*q0 = SlerpPrime2(*q0, b, u)
		} else {
			*q0 = SlerpPrime(*q0, b, u)
		}
		return
	}
	lerpNormTo(q0, &b, u, echoes)
}

// CAnimMathUtils::Slerp's end snaps in Metroid Prime: a factor at or below
// the first gives the start, at or above the second the end (0x3727c5ac,
// 0x3f7fff58).
const (
	slerpSnapLo = float32(1e-5)
	slerpSnapHi = float32(0.99999)
)

// The dot products at which a plain float32 dot product (quickDot) decides
// the games' Slerp branch without the fused one: within 1e-6 of a
// threshold the two may disagree (they differ by a few float32 ulps), so
// blendRotPrime decides there. Above lerpLo and below lerpHi, MP1's Slerp
// takes its lerp branch (0.95 < d < 1, not flipped); above lerpLoMP2,
// Echoes' does (d >= 0.866).
const (
	lerpLoMP1 = 0.95 + 1e-6
	lerpHiMP1 = 1 - 1e-6
	lerpLoMP2 = 0.866 + 1e-6
)

// inLerpBand reports lo < d < hi.
func inLerpBand(d, lo, hi float32) bool { return d > lo && d < hi }

// quickDot is the dot product in plain float32 arithmetic.
func quickDot(a, b *mgl32.Quat) float32 {
	return float32(a.W*b.W) + float32(a.V[0]*b.V[0]) + float32(a.V[1]*b.V[1]) + float32(a.V[2]*b.V[2])
}

// lerpNormTo writes the lerp branch of the game's Slerp from q0 to b into
// q0: lerpUnnormTo, then all four components scaled by the game's
// InvSqrtF of the squared length (Echoes' when echoes is set).
func lerpNormTo(q0, b *mgl32.Quat, u float32, echoes bool) {
	n := lerpUnnormTo(q0, b, u)
	var inv float32
	if echoes {
		inv = retromath.InvSqrtMP2(n)
	} else {
		inv = retromath.InvSqrtMP1(n)
	}
	q0.W = inv * q0.W
	q0.V[0] = inv * q0.V[0]
	q0.V[1] = inv * q0.V[1]
	q0.V[2] = inv * q0.V[2]
}

// lerpUnnormTo writes the lerp branch of the game's Slerp from q0 to b
// into q0 but for the normalisation, and returns the squared length the
// normalisation takes: X, Y and Z are q0 + u·(b - q0) with a plain
// product, W the same fused, the squared length fused from Y·Y on
// (primeLenSq).
func lerpUnnormTo(q0, b *mgl32.Quat, u float32) float32 {
	x, y, z, w := lerpPrime(q0, b, 1, u)
	q0.W, q0.V[0], q0.V[1], q0.V[2] = w, x, y, z
	return primeLenSq(w, x, y, z)
}

// localDot is SlerpLocal's dot product in the games' order: Y·Y, then X,
// Z and W each fused into the sum.
func localDot(a, b *mgl32.Quat) float32 {
	return retromath.FMAddS(a.W, b.W, retromath.FMAddS(a.V[2], b.V[2], retromath.FMAddS(a.V[0], b.V[0], a.V[1]*b.V[1])))
}

// buildEquivalent is CQuaternion::BuildEquivalent: the rotation of q
// written with its angle plus 2π about the same axis, which is -q up to
// rounding. The game computes the angle in double precision from acos of
// the clamped W and rebuilds the quaternion from the unit axis; an angle
// within 1e-7 of zero gives (-1, 0, 0, 0).
func buildEquivalent(q mgl32.Quat) mgl32.Quat {
	w := math.Max(math.Min(float64(q.W), 1), -1)
	angle := 2 * math.Acos(w)
	if math.Abs(angle) < 1e-7 {
		return mgl32.Quat{W: -1}
	}
	axis := q.V
	// mgl32.Vec3.Len, its products rounded before they are added.
	l := float32(math.Sqrt(float64(float32(axis[0]*axis[0]) + float32(axis[1]*axis[1]) + float32(axis[2]*axis[2]))))
	if l == 0 {
		return mgl32.Quat{W: -q.W}
	}
	axis = axis.Mul(1 / l)
	half := float32((angle + 2*math.Pi) / 2)
	s, c := math.Sincos(float64(half))
	return mgl32.Quat{W: float32(c), V: axis.Mul(float32(s))}
}
