package player

import (
	"github.com/animview/animview/formats"
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
	nw := maskWords(n)
	ma, mb, mo := a.Translated[:nw], b.Translated[:nw], a.Translated[:nw]
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
	orMask(mo, ma, mb)
	orVisible(va, vb)
}

// orMask writes a | b into d, which may alias a or b, a word (64 bones)
// at a time.
func orMask(d, a, b BoneMask) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] | b[i]
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

// lerp3To writes (1-w)·a + w·b into a, as CVector3f::Lerp computes it
// (a + (b - a)·w).
func lerp3To(a, b *mgl32.Vec3, w float32) {
	a[0] += float32((b[0] - a[0]) * w)
	a[1] += float32((b[1] - a[1]) * w)
	a[2] += float32((b[2] - a[2]) * w)
}
