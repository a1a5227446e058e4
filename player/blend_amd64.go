//go:build amd64 && !purego

package player

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/sys/cpu"
)

// blendKernelsHere is the kernels of blend_amd64.s BlendPoses uses on
// this processor: AVX's where it has AVX and FMA3 (eight joints at a time
// in the games' lerp kernel and the shortest arc's series kernel, the
// slerp branches of both games in kernels of their own), else SSE2's.
func blendKernelsHere() blendKernels {
	// The AVX kernels take FMAddS's multiply and add in one VFMADD231PD.
	if cpu.X86.HasAVX && cpu.X86.HasFMA {
		return blendAVX
	}
	return blendSSE2
}

// blendChunk is how many joints an SSE2 kernel call covers: the wrappers
// keep the per-group masks of the lanes the kernels left on the stack,
// and lerpRotsAsm and slerpPrimeAsm their scratch memory.
const blendChunk = 64

// lerpRotsAsm runs the lerp branch of the games' Slerp for 4·groups
// joints (at most blendChunk) from a and b where the plain dot product d
// has lo < d and not hi <= d, with MP1's InvSqrtF or, with echoes,
// Echoes'. slow[g] gets a bit for each joint of group g it left
// untouched; for MP1, dots[i] gets the localDot of joint i if it is one
// of those (NaN if it was in the band).
//
//go:noescape
func lerpRotsAsm(a, b *formats.Transform, groups int, w, lo, hi float32, echoes bool, slow *uint8, dots *float32)

// lerpRots8AVX is lerpRotsAsm in AVX on eight joints at a time, 4·groups
// joints (groups at most avxChunk/4; an odd last group is done as a half
// octet), with the same results for the joints it takes; instead of slow
// bytes it lists the joints it left in idx, then the last of them eight
// times more (room for 4·groups + 8 entries), and returns how many. It
// tests MP1's joints out of the band only where a quickDot may reach 0.95
// and leaves the others to slerpPrime1AVX, which tests them. Only for
// processors with AVX.
//
//go:noescape
func lerpRots8AVX(a, b *formats.Transform, groups int, w, lo, hi float32, echoes bool, idx *int32) int

// avxChunk is how many joints the AVX kernels take in a call: the
// wrappers keep the list of the joints the lerp kernel left (or the
// series kernel's slow bytes), and slerpPrime1AVX its scratch memory, on
// the stack.
const avxChunk = 128

// slerpPrimeAsm is the slerp branch of blendRotPrimeSlow for the joints
// idx[0..4·groups) of a and b (indices from a and b), whose localDot d is
// from 0 to 0.95; angle holds FastArcCosR(d) where d > 0.925 (math.Acos),
// the kernel computes the polynomial below. u must be strictly between
// Slerp's snaps. A group may list a joint twice.
//
//go:noescape
func slerpPrimeAsm(a, b *formats.Transform, idx *int32, d, angle *float32, groups int, u float32)

// slerpPrime1AVX is Metroid Prime's slerp branch of blendRotsPrime
// (blendRotPrimeSlow's) for the joints idx[0..8·octs) of a and b (indices
// from a and b; octs at most avxChunk/8), in AVX: those whose quickDot is
// outside (lo, hi) and whose localDot d has 0 <= d <= 0.95 are blended to
// the bit as the Go code blends them; the others, and those whose angle
// lies next to a float32 tie, keep their rotation and get a bit in
// fail[g], a byte for each four; failed is nonzero if any did. u must be
// strictly between Slerp's snaps. The list may name a joint more than
// once.
//
//go:noescape
func slerpPrime1AVX(a, b *formats.Transform, idx *int32, octs int, u, lo, hi float32, fail *uint8) (failed int)

// acosBandAVX runs the arccosine of slerpPrime1AVX (VACOSBAND) on
// 4·groups arguments from 0.925 to 1: out gets float32(acos d) where ok
// is all ones, which is where the bracket holds (TestAcosBandAVX). Only
// for processors with AVX.
//
//go:noescape
func acosBandAVX(d, out *float32, ok *uint32, groups int)

// slerpPrime2AVX is Echoes' slerp branch of blendRotsPrime2 for the
// joints idx[0..4·groups) of a and b (indices from a and b), in AVX: those
// whose quickDot is at most lo and whose localDot d has 0 <= d < 0.866
// are blended to the bit as the Go code blends them; the others, and
// those whose angle or weights lie next to a float32 tie, keep their
// rotation and get a bit in fail[g] (failed is nonzero if any did). A
// group may list a joint twice.
//
//go:noescape
func slerpPrime2AVX(a, b *formats.Transform, idx *int32, groups int, u, lo float32, fail *uint8) (failed int)

// arcRotsAsm is arcRun for 4·groups joints, coef holding arcSeriesPair's ca
// and cb with each coefficient four times; slow is as for lerpRotsAsm.
//
//go:noescape
func arcRotsAsm(a, b *formats.Transform, groups int, coef *[16][4]float32, slow *uint8)

// blendRotsPrimeSIMD is blendRotsPrime: the lerp kernels take the joints
// inside the lerp band, the slerp kernels most others; the rest and the
// last len(la)%4 go through the Go code. kern is blendAVX (only where the
// processor has AVX) or blendSSE2.
func blendRotsPrimeSIMD(la, lb []formats.Transform, w float32, kern blendKernels) {
	blendRotsGameSIMD(la, lb, w, kern, false)
}

// blendRotsPrime2SIMD is blendRotsPrime2, as blendRotsPrimeSIMD does it.
func blendRotsPrime2SIMD(la, lb []formats.Transform, w float32, kern blendKernels) {
	blendRotsGameSIMD(la, lb, w, kern, true)
}

// blendRotsGameSIMD is blendRotsPrimeSIMD (MP1's rule) or, with echoes,
// blendRotsPrime2SIMD: the kernels chunk by chunk, the Go code for the
// last len(la)%4 joints.
func blendRotsGameSIMD(la, lb []formats.Transform, w float32, kern blendKernels, echoes bool) {
	lb = lb[:len(la)]
	rest := blendRotsPrime
	if echoes {
		rest = blendRotsPrime2
	}
	chunk := blendChunk
	if kern == blendAVX {
		chunk = avxChunk
	}
	for base := 0; base < len(la); base += chunk {
		end := min(base+chunk, len(la))
		g := (end - base) / 4
		if g == 0 {
			rest(la[base:end], lb[base:end], w)
			break
		}
		if kern == blendAVX {
			blendRotsAVX(la[base:end], lb[base:end], g, w, echoes)
		} else {
			blendRotsSSE2(la[base:end], lb[base:end], g, w, echoes)
		}
		if t := base + 4*g; t < end {
			rest(la[t:end], lb[t:end], w)
		}
	}
}

// blendRotsSSE2 blends the first 4·g joints of lb into la (g at most
// blendChunk/4) by MP1's rule (Echoes' with echoes) through the SSE2
// kernels: lerpRotsAsm for the lerp branch; for MP1 slerpPrimeAsm for
// most of the joints it leaves (blendRotsPrimeLeft), for Echoes the Go
// code for all of them.
func blendRotsSSE2(la, lb []formats.Transform, g int, w float32, echoes bool) {
	lo, hi := float32(lerpLoMP1), float32(lerpHiMP1)
	if echoes {
		// Echoes' band has no upper end: hi <= d is never true for NaN.
		lo, hi = lerpLoMP2, float32(math.NaN())
	}
	var slow [blendChunk / 4]uint8
	var dl [blendChunk]float32
	lerpRotsAsm(&la[0], &lb[0], g, w, lo, hi, echoes, &slow[0], &dl[0])
	if !echoes {
		for _, m := range slow[:g] {
			if m != 0 {
				blendRotsPrimeLeft(la, lb, w, slow[:g], &dl)
				break
			}
		}
		return
	}
	for gi, m := range slow[:g] {
		for ; m != 0; m &= m - 1 {
			i := 4*gi + bits.TrailingZeros8(m)
			blendRotsPrime2(la[i:i+1], lb[i:i+1], w)
		}
	}
}

// blendRotsAVX blends the first 4·g joints of lb into la (g at most
// avxChunk/4) by MP1's rule (Echoes' with echoes) through the AVX
// kernels: lerpRots8AVX for the lerp branch, the game's slerp kernel for
// the joints it lists (whole octets for MP1's: the list ends with its last
// joint repeated), the Go code for those the slerp kernel leaves.
func blendRotsAVX(la, lb []formats.Transform, g int, w float32, echoes bool) {
	lo, hi := float32(lerpLoMP1), float32(lerpHiMP1)
	if echoes {
		// Echoes' band has no upper end: hi <= d is never true for NaN.
		lo, hi = lerpLoMP2, float32(math.NaN())
	}
	var idx [avxChunk + 8]int32
	k := lerpRots8AVX(&la[0], &lb[0], g, w, lo, hi, echoes, &idx[0])
	if k == 0 {
		return
	}
	var fail [avxChunk/4 + 2]uint8
	var failed int
	if echoes {
		failed = slerpPrime2AVX(&la[0], &lb[0], &idx[0], (k+3)/4, w, lo, &fail[0])
	} else {
		failed = slerpPrime1AVX(&la[0], &lb[0], &idx[0], (k+7)/8, w, lo, hi, &fail[0])
	}
	if failed != 0 {
		redoFailed(la, lb, w, idx[:k], fail[:], echoes)
	}
}

// redoFailed blends through the Go code, one by one, the joints idx[j]
// whose bit j the slerp kernel set in fail (MP1's rule, or Echoes' with
// echoes).
func redoFailed(la, lb []formats.Transform, w float32, idx []int32, fail []uint8, echoes bool) {
	for gi, m := range fail[:(len(idx)+3)/4] {
		for ; m != 0; m &= m - 1 {
			if j := 4*gi + bits.TrailingZeros8(m); j < len(idx) {
				i := idx[j]
				if echoes {
					blendRotsPrime2(la[i:i+1], lb[i:i+1], w)
				} else {
					blendRotsPrime(la[i:i+1], lb[i:i+1], w)
				}
			}
		}
	}
}

// blendRotsPrimeLeft blends the joints lerpRotsAsm (SSE2) left (bits of slow,
// localDot in dl): blendRotPrimeSlow's slerp branch (localDot from 0 to
// 0.95) goes to slerpPrimeAsm, with FastArcCosR's math.Acos from here
// above 0.925; the rest (flips, NaN, huge or tiny quaternions) to the Go
// code one by one. (A function of its own: its arrays are zeroed only
// when some joint is left.)
func blendRotsPrimeLeft(la, lb []formats.Transform, w float32, slow []uint8, dl *[blendChunk]float32) {
	var idx [blendChunk]int32
	var dots, angle [blendChunk]float32
	k := 0
	for gi, m := range slow {
		for ; m != 0; m &= m - 1 {
			j := 4*gi + bits.TrailingZeros8(m)
			if d := dl[j]; d >= 0 && d <= 0.95 {
				idx[k], dots[k] = int32(j), d
				if d > 0.925 {
					angle[k] = retromath.FastArcCosR(d)
				}
				k++
				continue
			}
			blendRotsPrime(la[j:j+1], lb[j:j+1], w)
		}
	}
	if k > 0 {
		for j := k; j%4 != 0; j++ {
			idx[j], dots[j], angle[j] = idx[k-1], dots[k-1], angle[k-1]
		}
		slerpPrimeAsm(&la[0], &lb[0], &idx[0], &dots[0], &angle[0], (k+3)/4, w)
	}
}

// arcRots8AVX is arcRotsAsm in AVX on eight joints at a time, 4·groups
// joints (groups at most avxChunk/4; an odd last group is done as a half
// octet), with the same results; coef holds arcSeriesPair's ca then cb,
// each coefficient once. Only for processors with AVX.
//
//go:noescape
func arcRots8AVX(a, b *formats.Transform, groups int, coef *[2 * arcTerms]float32, slow *uint8)

// blendRotsShortestSIMD is blendRotsShortest, split as
// blendRotsPrimeSIMD (kern as there).
func blendRotsShortestSIMD(la, lb []formats.Transform, w float32, kern blendKernels) {
	lb = lb[:len(la)]
	ca, cb := arcSeriesPair(w)
	avx := kern == blendAVX
	chunk := blendChunk
	var coef [16][4]float32
	var coef8 [2 * arcTerms]float32
	if avx {
		chunk = avxChunk
		copy(coef8[:], ca[:])
		copy(coef8[arcTerms:], cb[:])
	} else {
		for k := range arcTerms {
			coef[k] = [4]float32{ca[k], ca[k], ca[k], ca[k]}
			coef[arcTerms+k] = [4]float32{cb[k], cb[k], cb[k], cb[k]}
		}
	}
	var slow [avxChunk / 4]uint8
	var wide wideArc
	for base := 0; base < len(la); base += chunk {
		end := min(base+chunk, len(la))
		g := (end - base) / 4
		if g == 0 {
			blendRotsShortest(la[base:end], lb[base:end], w)
			break
		}
		if avx {
			arcRots8AVX(&la[base], &lb[base], g, &coef8, &slow[0])
		} else {
			arcRotsAsm(&la[base], &lb[base], g, &coef, &slow[0])
		}
		for gi, m := range slow[:g] {
			for ; m != 0; m &= m - 1 {
				i := base + 4*gi + bits.TrailingZeros8(m)
				slerpWide(&la[i].Rotation, &lb[i].Rotation, w, &wide)
			}
		}
		if t := base + 4*g; t < end {
			blendRotsShortest(la[t:end], lb[t:end], w)
		}
	}
}

// lerpTSAsm is lerp3To of the translations and of the scales of
// 2·pairs transforms.
//
//go:noescape
func lerpTSAsm(a, b *formats.Transform, pairs int, w float32)

// orBoolsAsm writes a[i] || b[i] into dst[i] for n bools; dst may alias
// a or b.
//
//go:noescape
func orBoolsAsm(dst, a, b *bool, n int)

// lerpTSAVX is lerpTSAsm in AVX instructions; only for processors with
// AVX.
//
//go:noescape
func lerpTSAVX(a, b *formats.Transform, pairs int, w float32)

// lerpTranslationsScalesSIMD is lerpTranslationsScales (kern as for
// blendRotsPrimeSIMD).
func lerpTranslationsScalesSIMD(la, lb []formats.Transform, w float32, kern blendKernels) {
	lb = lb[:len(la)]
	if p := len(la) / 2; p > 0 {
		if kern == blendAVX {
			lerpTSAVX(&la[0], &lb[0], p, w)
		} else {
			lerpTSAsm(&la[0], &lb[0], p, w)
		}
	}
	if len(la)%2 != 0 {
		i := len(la) - 1
		lerp3To(&la[i].Translation, &lb[i].Translation, w)
		lerp3To(&la[i].Scale, &lb[i].Scale, w)
	}
}

// primeTransAsm is lerpTranslationsPrimeBound for n joints, joint i's
// bind translation at bind + i·stride.
//
//go:noescape
func primeTransAsm(la, lb *formats.Transform, bind *mgl32.Vec3, stride uintptr, ma, mb, mo *bool, n int, w float32)

// lerpTranslationsPrimeBoundSIMD is lerpTranslationsPrimeBound through
// primeTransAsm, sixteen joints at a time.
func lerpTranslationsPrimeBoundSIMD(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo []bool) {
	n := len(la)
	if n == 0 {
		return
	}
	lb, bones, ma, mb, mo = lb[:n], bones[:n], ma[:n], mb[:n], mo[:n]
	primeTransAsm(&la[0], &lb[0], &bones[0].Bind.Translation, unsafe.Sizeof(formats.Bone{}), &ma[0], &mb[0], &mo[0], n, w)
}

// orIntoSIMD is orInto.
func orIntoSIMD(dst, a, b []bool) {
	a, b = a[:len(dst)], b[:len(dst)]
	if len(dst) > 0 {
		orBoolsAsm(&dst[0], &a[0], &b[0], len(dst))
	}
}
