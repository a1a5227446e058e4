package player

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
)

// BlendRule is the per-bone rule a game blends two poses with.
type BlendRule uint8

const (
	// BlendAuto picks the rule from the clips' interpolation flavour when a
	// tree is built (BuildAnim); BlendJob treats it as BlendShortest.
	BlendAuto BlendRule = iota
	// BlendShortest slerps rotations along the shortest arc and lerps
	// every translation and scale: the rule for formats whose games do not
	// blend (a viewer's neutral choice).
	BlendShortest
	// BlendPrime is Metroid Prime's CAnimTreeTweenBase::VGetSegStatementSet
	// (MP1 asm 0x802F7360; VGetRotation and VGetOffset in the
	// decompilation): a weight of 1 or more gives B, below 1e-4 gives A;
	// otherwise rotations go through CAnimMathUtils::SlerpLocal (B flipped
	// into A's hemisphere, then the game's Slerp: the shortest arc), and
	// translations are lerped only for bones where both children have one
	// (CAnimTreeTweenBase::VHasOffset is A && B); the others take the
	// CINF bind offset. Scales are not blended: A's stays. MP1's
	// per-segment data (CAnimPerSegmentData) holds a rotation and an
	// offset only, so the game's poses carry no scale, and every MP1
	// source holds the bind scale.
	BlendPrime
	// BlendPrime2 is Metroid Prime 2: Echoes'
	// CJointData_LinearStorage::Blend, which VGetSegData builds poses
	// with: SlerpLocal with Echoes' Slerp for rotations and a lerp of
	// every translation and scale, the bind offset standing in where a
	// child has none (SetReferenceOffsets fills the storage before a
	// child writes it). Echoes' CAnimTreeTweenBase::BlendSegData is not
	// decompiled; the 1 and 1e-4 weight snaps are taken from MP1.
	BlendPrime2
)

// String names the rule for info output.
func (r BlendRule) String() string {
	switch r {
	case BlendAuto:
		return "auto"
	case BlendShortest:
		return "shortest-arc"
	case BlendPrime:
		return "prime"
	case BlendPrime2:
		return "prime2"
	}
	return "unknown"
}

// ruleFor is the blend rule that goes with a clip's interpolation flavour.
func ruleFor(i formats.Interp) BlendRule {
	switch i {
	case formats.InterpPrime:
		return BlendPrime
	case formats.InterpPrime2:
		return BlendPrime2
	}
	return BlendShortest
}

// The weights at which CAnimTreeTweenBase stops blending (MP1 asm
// 0x802F7360: fcmpo against 1.0 and 1e-4).
const (
	blendAllB = float32(1)
	blendAllA = float32(1e-4)
)

// blendPoses blends pose b into pose a in place with weight w of b, bone
// by bone, by rule (BlendJob.Run without the checks): a's translation
// mask becomes the blend's. With bound, a holds the bind translation
// wherever its mask is false (a tree's poses), so that MP1's rule need
// not write it there again.
func blendPoses(rule BlendRule, w float32, sk *formats.Skeleton, a, b *Pose, bound bool) {
	bones := sk.Bones
	n := len(bones)
	la, lb := a.Local[:n], b.Local[:n]
	va, vb := a.Visible[:n], b.Visible[:n]
	ma, mb, mo := a.Translated[:n], b.Translated[:n], a.Translated[:n]
	if rule == BlendPrime || rule == BlendPrime2 {
		switch {
		case w >= blendAllB:
			copy(la, lb)
			copy(va, vb)
			copy(mo, mb)
			return
		case w < blendAllA:
			copy(mo, ma)
			return
		}
	}
	// The rotations by rule first, then translations, scales, masks and
	// visibility in loops of their own: one loop over every slice kept
	// the compiler moving them between registers and the stack.
	switch rule {
	case BlendPrime:
		if !(w > slerpSnapLo && w < slerpSnapHi) {
			// Slerp's end snaps: no lerp branch at all.
			for i := range la {
				blendRotPrime(&la[i].Rotation, &lb[i].Rotation, w, false)
			}
			if bound {
				lerpTranslationsPrimeBound(la, lb, w, bones, ma, mb, mo)
			} else {
				lerpTranslationsPrime(la, lb, w, bones, ma, mb, mo)
			}
		} else {
			blendPrime(la, lb, w, primeOffsets{bones, ma, mb, mo, nil, nil, bound})
		}
		orVisible(va, vb)
		return
	case BlendPrime2:
		blendPrime2(la, lb, w, primeOffsets{nil, ma, mb, mo, va, vb, false})
		return
	default:
		blendShortest(la, lb, w)
	}
	orInto2(mo, ma, mb, va, vb)
}

// blendPrime2 blends b into a by Echoes' rule: the rotations as
// blendRotsGame does, translations and scales lerped, and the masks and
// visibilities of m (orInto2's work) in the same pass.
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
// children's visibilities. Echoes' normalising pass works out the masks
// and visibilities beside the rotations (orInto2's work): they are work
// for the integer units while it waits on the divider, where a loop of
// their own cost about twice as much.
type primeOffsets struct {
	bones      []formats.Bone
	ma, mb, mo []bool
	va, vb     []bool
	bound      bool
}

// chunk is the part of t for the n joints from base on.
func (t primeOffsets) chunk(base, n int) primeOffsets {
	end := base + n
	c := primeOffsets{ma: t.ma[base:end], mb: t.mb[base:end], mo: t.mo[base:end], bound: t.bound}
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
	w64 := float64(w)
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
		// lerpUnnormTo(q0, q1, w), written out: it does not inline.
		x := q0.V[0] + float32(w*(q1.V[0]-q0.V[0]))
		y := q0.V[1] + float32(w*(q1.V[1]-q0.V[1]))
		z := q0.V[2] + float32(w*(q1.V[2]-q0.V[2]))
		qw := retromath.FMAddSD(w64, q1.W-q0.W, q0.W)
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
	bones, ma, mb, mo := tr.bones[:n], tr.ma[:n], tr.mb[:n], tr.mo[:n]
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
		// mo may alias ma: ma[i] is read first.
		has := ma[i]
		both := has && mb[i]
		switch {
		case both:
			lerp3To(&pa.Translation, &sb[0].Translation, w)
		case has || !tr.bound:
			pa.Translation = bones[i].Bind.Translation
		}
		mo[i] = both
	}
}

// rootLead is how far ahead of its refinements normalizePrime takes the
// estimates of MP1's InvSqrtF: far enough that an estimate (a square
// root and a division) is ready when its joint's refinement starts.
const rootLead = 8

// normalizeLerpTS is normalizeLerps for Echoes, with b's translations
// and scales lerped into a's in the same loop, and m's masks and
// visibilities (orInto2's work): they keep the processor busy while the
// divider works out each InvSqrtF.
func normalizeLerpTS(a, b []formats.Transform, lenSq []float32, w float32, m primeOffsets) {
	n := len(lenSq)
	a, b = a[:n:n], b[:n:n]
	ma, mb, mo, va, vb := m.ma[:n], m.mb[:n], m.mo[:n], m.va[:n], m.vb[:n]
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
		// mo may alias ma or mb: both are read first.
		mo[i] = ma[i] || mb[i]
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
		x := float32(sa[j]*q0.V[0]) + float32(sb[j]*bk.V[0])
		y := float32(sa[j]*q0.V[1]) + float32(sb[j]*bk.V[1])
		z := float32(sa[j]*q0.V[2]) + float32(sb[j]*bk.V[2])
		w := retromath.FMAddS(sa[j], q0.W, sb[j]*bk.W)
		lenSq[i] = primeLenSq(w, x, y, z)
		q0.W, q0.V[0], q0.V[1], q0.V[2] = w, x, y, z
	}
}

// lerpTranslationsPrime is MP1's translation rule: lerped where both
// children have one (ma, mb), the bind offset elsewhere; mo receives
// which bones have one (it may alias ma).
func lerpTranslationsPrime(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo []bool) {
	lb, bones = lb[:len(la)], bones[:len(la)]
	ma, mb, mo = ma[:len(la)], mb[:len(la)], mo[:len(la)]
	for i := range la {
		both := ma[i] && mb[i]
		if both {
			lerp3To(&la[i].Translation, &lb[i].Translation, w)
		} else {
			la[i].Translation = bones[i].Bind.Translation
		}
		mo[i] = both
	}
}

// lerpTranslationsPrimeBound is lerpTranslationsPrime for a pose la that
// holds the bind translation wherever ma is false: only the bones ma
// marks (a clip's few translated bones) are lerped or set.
func lerpTranslationsPrimeBound(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo []bool) {
	lb, bones = lb[:len(la)], bones[:len(la)]
	ma, mb, mo = ma[:len(la)], mb[:len(la)], mo[:len(la)]
	for i, has := range ma {
		// mo may alias ma: ma[i] is read first.
		both := has && mb[i]
		switch {
		case both:
			lerp3To(&la[i].Translation, &lb[i].Translation, w)
		case has:
			la[i].Translation = bones[i].Bind.Translation
		}
		mo[i] = both
	}
}

// orVisible makes visible the bones of v that w shows. A tree's
// visibilities are the same from frame to frame, so the branch is
// predicted; it costs less than an OR computed without one, and a bone
// v shows already is not written again.
func orVisible(v, w []bool) {
	w = w[:len(v)]
	for i := range v {
		if !v[i] && w[i] {
			v[i] = true
		}
	}
}

// orInto2 writes a[i] || b[i] into d[i], which may alias a or b, and
// does orVisible(v, w), in one loop. Both masks are read before the OR,
// so that it needs no branch (a short circuit's second load would be
// one); the visibility's branch stays, as in orVisible.
func orInto2(d, a, b, v, w []bool) {
	a, b, v, w = a[:len(d)], b[:len(d)], v[:len(d)], w[:len(d)]
	for i := range d {
		x, y := a[i], b[i]
		d[i] = x || y
		if !v[i] && w[i] {
			v[i] = true
		}
	}
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

// lerp3To writes (1-w)·a + w·b into a, as CVector3f::Lerp computes it
// (a + (b - a)·w).
func lerp3To(a, b *mgl32.Vec3, w float32) {
	a[0] += float32((b[0] - a[0]) * w)
	a[1] += float32((b[1] - a[1]) * w)
	a[2] += float32((b[2] - a[2]) * w)
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
	x := q0.V[0] + float32(u*(b.V[0]-q0.V[0]))
	y := q0.V[1] + float32(u*(b.V[1]-q0.V[1]))
	z := q0.V[2] + float32(u*(b.V[2]-q0.V[2]))
	w := retromath.FMAddS(u, b.W-q0.W, q0.W)
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
