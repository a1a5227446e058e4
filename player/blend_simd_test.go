package player

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
)

// simdBlendCases are randomBlendCases with the inputs the kernels must
// leave to the Go code or reproduce to the bit added on a third of the
// bones: zero, NaN (with distinct payloads in a and b), infinite, huge
// (whose squared length overflows) and tiny quaternions, a huge one
// blended with a tiny one (the slerp branch overflowing), pairs in
// opposite hemispheres, and NaN translations and scales; and NaN
// weights on some cases.
func simdBlendCases(seed int64, n int) []blendCase {
	cases := randomBlendCases(seed, n)
	rng := rand.New(rand.NewSource(seed + 1))
	nan := func() float32 {
		return math.Float32frombits(0x7fc00000 | uint32(rng.Intn(1<<22)) | uint32(rng.Intn(2))<<31)
	}
	special := func(q mgl32.Quat) mgl32.Quat {
		switch rng.Intn(8) {
		case 0:
			return mgl32.Quat{}
		case 1:
			q.V[rng.Intn(3)] = nan()
		case 2:
			q.W = nan()
		case 3:
			q.V[rng.Intn(3)] = float32(math.Inf(1 - 2*rng.Intn(2)))
		case 4:
			return q.Scale(1e19 + 1e19*rng.Float32())
		case 5:
			return q.Scale(1e-21)
		case 6:
			return q.Scale(-1)
		}
		return q
	}
	for ci := range cases {
		c := &cases[ci]
		if ci%17 == 5 {
			c.w = nan()
		}
		for i := range c.sk.Bones {
			if rng.Intn(3) != 0 {
				continue
			}
			pa, pb := &c.a.Local[i], &c.b.Local[i]
			switch rng.Intn(6) {
			case 0:
				pa.Rotation = special(pa.Rotation)
			case 1:
				pb.Rotation = special(pb.Rotation)
			case 2:
				// The same special case on both sides: huge and tiny
				// pairs keep their dot product in the lerp band.
				s := rng.Int63()
				r := rng
				rng = rand.New(rand.NewSource(s))
				pa.Rotation = special(pa.Rotation)
				rng = rand.New(rand.NewSource(s))
				pb.Rotation = special(pb.Rotation)
				rng = r
			case 3:
				pa.Translation[rng.Intn(3)] = nan()
				pb.Translation[rng.Intn(3)] = nan()
			case 4:
				// A huge and a tiny quaternion: their localDot is in
				// the slerp branch, and the blend's squared length
				// overflows to +Inf (InvSqrtMP1 gives NaN).
				pa.Rotation = pa.Rotation.Scale(3e19)
				pb.Rotation = pb.Rotation.Scale(1e-20)
			default:
				pa.Scale[rng.Intn(3)] = nan()
				pb.Scale[rng.Intn(3)] = nan()
			}
		}
	}
	return cases
}

// nanSources counts the inputs of a bone that hold a NaN or an infinity
// (which makes NaNs): w, a's transform, b's.
func nanSources(w float32, a, b *formats.Transform) int {
	n := 0
	if w != w {
		n++
	}
	for _, t := range []*formats.Transform{a, b} {
		f := [10]float32{t.Translation[0], t.Translation[1], t.Translation[2], t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Scale[0], t.Scale[1], t.Scale[2]}
		for _, x := range f {
			if x != x || math.IsInf(float64(x), 0) {
				n++
				break
			}
		}
	}
	return n
}

// simdKernels lists the kernels to test on this processor: SSE2's, and
// AVX's where it runs them (on other architectures and with purego both
// run the Go code).
func simdKernels() []blendKernels {
	if blendKernelsHere() == blendAVX {
		return []blendKernels{blendSSE2, blendAVX}
	}
	return []blendKernels{blendSSE2}
}

// TestBlendSIMDBitExact: BlendPoses through the SIMD kernels, SSE2's and
// AVX's (where the processor has AVX), gives the Go
// code's result to the bit, NaN payloads included, for every rule on
// skeletons of every size modulo 4 (the kernels' group tails), lanes in
// and out of the kernels' branches mixed in a group, and the special
// inputs of simdBlendCases. NaN results are compared to the bit except
// where two NaNs can meet (the Go compiler picks the operand order, and
// with it whose payload survives). The Go code rounds every product
// before adding it, so this holds where the compiler fuses multiply-adds
// (GOAMD64=v3) too.
func TestBlendSIMDBitExact(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 400
	}
	cases := simdBlendCases(23, n)
	// Every size from 1 to 70, for the tails.
	more := randomBlendCases(29, 70)
	for i := range more {
		c := &more[i]
		sk := &formats.Skeleton{Bones: c.sk.Bones[:min(len(c.sk.Bones), i+1)]}
		c.sk = sk
	}
	cases = append(cases, more...)
	kerns := simdKernels()
	t.Logf("kernels %v", kerns)
	for ci := range cases {
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			for _, k := range kerns {
				if msg := checkBlendSIMD(&cases[ci], rule, k); msg != "" {
					t.Fatalf("case %d kernels %d: %s", ci, k, msg)
				}
			}
		}
	}
}

// transformFloats lists a transform's ten floats.
func transformFloats(t *formats.Transform) [10]float32 {
	return [10]float32{t.Translation[0], t.Translation[1], t.Translation[2], t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Scale[0], t.Scale[1], t.Scale[2]}
}

// checkBlendSIMD blends c by rule through the SIMD kernels kern and through
// the Go code and describes the first difference ("" if none): bits
// must match, except NaN payloads where two NaNs may have met.
func checkBlendSIMD(c *blendCase, rule BlendRule, kern blendKernels) string {
	simd := func(r BlendRule, w float32, sk *formats.Skeleton, a *Pose, ma []bool, b *Pose, mb []bool, mo []bool) {
		blendPoses(r, w, sk, a, ma, b, mb, mo, kern, false)
	}
	pure := func(r BlendRule, w float32, sk *formats.Skeleton, a *Pose, ma []bool, b *Pose, mb []bool, mo []bool) {
		blendPoses(r, w, sk, a, ma, b, mb, mo, blendGo, false)
	}
	got, gotT := c.run(rule, simd)
	want, wantT := c.run(rule, pure)
	for i := range c.sk.Bones {
		g, wt := &got.Local[i], &want.Local[i]
		same := got.Visible[i] == want.Visible[i] && gotT[i] == wantT[i]
		gf, wf := transformFloats(g), transformFloats(wt)
		for k := range gf {
			if gf[k] != gf[k] && wf[k] != wf[k] && nanSources(c.w, &c.a.Local[i], &c.b.Local[i]) >= 2 {
				// Two NaNs may have met: which payload survives is
				// the compiler's choice of operand order.
				continue
			}
			same = same && math.Float32bits(gf[k]) == math.Float32bits(wf[k])
		}
		if !same {
			return fmt.Sprintf("%v w=%v bone %d of %d: SIMD %+v %v %v, Go %+v %v %v (from %+v, %+v)", rule, c.w, i, len(c.sk.Bones),
				*g, got.Visible[i], gotT[i], *wt, want.Visible[i], wantT[i], c.a.Local[i], c.b.Local[i])
		}
	}
	return ""
}

// blendFuzzBone is how many bytes of FuzzBlendSIMD's input make a bone:
// a's and b's transforms (ten float32 each, little-endian) and a byte of
// masks and visibility.
const blendFuzzBone = 81

// encodeBlendCase writes c as FuzzBlendSIMD's input.
func encodeBlendCase(c *blendCase) []byte {
	var out []byte
	for i := range c.sk.Bones {
		for _, t := range []*formats.Transform{&c.a.Local[i], &c.b.Local[i]} {
			for _, f := range transformFloats(t) {
				out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
			}
		}
		var m byte
		for k, v := range []bool{c.ma[i], c.mb[i], c.a.Visible[i], c.b.Visible[i]} {
			if v {
				m |= 1 << k
			}
		}
		out = append(out, m)
	}
	return out
}

// FuzzBlendSIMD: for any bits in the poses and any weight, the SIMD
// kernels, each of simdKernels, give the Go code's result
// (checkBlendSIMD).
func FuzzBlendSIMD(f *testing.F) {
	for i, c := range simdBlendCases(31, 12) {
		f.Add(uint8(i), c.w, encodeBlendCase(&c))
	}
	kerns := simdKernels()
	f.Fuzz(func(t *testing.T, rule uint8, w float32, data []byte) {
		n := min(len(data)/blendFuzzBone, 200)
		if n == 0 {
			return
		}
		sk := &formats.Skeleton{Bones: make([]formats.Bone, n)}
		for i := range sk.Bones {
			sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: formats.Identity()}
			sk.Bones[i].Bind.Translation = mgl32.Vec3{float32(i), 1, -2}
		}
		c := blendCase{sk: sk, a: NewPose(sk), b: NewPose(sk), ma: make([]bool, n), mb: make([]bool, n), w: w}
		for i := range n {
			d := data[i*blendFuzzBone:]
			var f [20]float32
			for k := range f {
				f[k] = math.Float32frombits(binary.LittleEndian.Uint32(d[4*k:]))
			}
			for j, t := range []*formats.Transform{&c.a.Local[i], &c.b.Local[i]} {
				g := f[10*j:]
				*t = formats.Transform{Translation: mgl32.Vec3{g[0], g[1], g[2]}, Rotation: mgl32.Quat{W: g[3], V: mgl32.Vec3{g[4], g[5], g[6]}}, Scale: mgl32.Vec3{g[7], g[8], g[9]}}
			}
			m := d[80]
			c.ma[i], c.mb[i], c.a.Visible[i], c.b.Visible[i] = m&1 != 0, m&2 != 0, m&4 != 0, m&8 != 0
		}
		r := []BlendRule{BlendPrime, BlendPrime2, BlendShortest}[rule%3]
		for _, k := range kerns {
			if msg := checkBlendSIMD(&c, r, k); msg != "" {
				t.Fatalf("kernels %d: %s", k, msg)
			}
		}
	})
}

// TestInvSqrtNewton replays NEWTON of blend_amd64.s (the float32 1/√n
// refined by one step of the series of 1/√(1 - e) in double precision)
// for every float32 in [1, 4): it is InvSqrtMP1 for each, and every step
// scales exactly by powers of 4, so it is for every positive float32.
func TestInvSqrtNewton(t *testing.T) {
	if testing.Short() {
		t.Skip("16M values")
	}
	bad := 0
	for b := math.Float32bits(1); b < math.Float32bits(4); b++ {
		n := math.Float32frombits(b)
		// float32(√n) is SQRTPS: rounding the double root to float32 is
		// innocuous (53 >= 2·24 + 2 bits).
		y, nn := float64(1/float32(math.Sqrt(float64(n)))), float64(n)
		e := 1 - float64(float64(nn*y)*y)
		q := float64(e * (float64(e*0.375) + 0.5))
		y += float64(y * q)
		if float32(y) != retromath.InvSqrtMP1(n) {
			bad++
			if bad < 5 {
				t.Errorf("%v: %v, InvSqrtMP1 %v", n, float32(y), retromath.InvSqrtMP1(n))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d mismatches", bad)
	}
}

// TestBlendSampledBitExact: the path a tree blends its sampled poses with
// (blendSampled: a holds the bind translation wherever aHasT is false),
// through every kernel, gives BlendPoses' result to the bit for every
// rule on the cases of TestBlendSIMDBitExact with a bound that way.
func TestBlendSampledBitExact(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	cases := append(simdBlendCases(37, n), randomBlendCases(39, n)...)
	kerns := append(simdKernels(), blendGo)
	for ci := range cases {
		c := &cases[ci]
		for i := range c.sk.Bones {
			if !c.ma[i] {
				c.a.Local[i].Translation = c.sk.Bones[i].Bind.Translation
			}
		}
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			want, wantT := c.run(rule, func(r BlendRule, w float32, sk *formats.Skeleton, a *Pose, ma []bool, b *Pose, mb []bool, mo []bool) {
				blendPoses(r, w, sk, a, ma, b, mb, mo, blendGo, false)
			})
			for _, k := range kerns {
				got, gotT := c.run(rule, func(r BlendRule, w float32, sk *formats.Skeleton, a *Pose, ma []bool, b *Pose, mb []bool, mo []bool) {
					blendPoses(r, w, sk, a, ma, b, mb, mo, k, true)
				})
				for i := range c.sk.Bones {
					g, wt := &got.Local[i], &want.Local[i]
					same := gotT[i] == wantT[i] && got.Visible[i] == want.Visible[i]
					gf, wf := transformFloats(g), transformFloats(wt)
					for j := range gf {
						if gf[j] != gf[j] && wf[j] != wf[j] && nanSources(c.w, &c.a.Local[i], &c.b.Local[i]) >= 2 {
							continue
						}
						same = same && math.Float32bits(gf[j]) == math.Float32bits(wf[j])
					}
					if !same {
						t.Fatalf("case %d %v kernels %d bone %d: %+v %v, BlendPoses %+v %v", ci, rule, k, i, *g, gotT[i], *wt, wantT[i])
					}
				}
			}
		}
	}
}

// TestOrIntoSIMD: orIntoSIMD is orInto for every length up to 70 (the
// kernel's 16-byte blocks, the overlapping last block and the byte loop
// below 16), into a separate slice and into one of its operands.
func TestOrIntoSIMD(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n <= 70; n++ {
		a, b := make([]bool, n), make([]bool, n)
		for i := range a {
			a[i], b[i] = rng.Intn(2) == 0, rng.Intn(3) == 0
		}
		want := make([]bool, n)
		orInto(want, a, b)
		got := make([]bool, n)
		orIntoSIMD(got, a, b)
		ga, gb := slices.Clone(a), slices.Clone(b)
		orIntoSIMD(ga, ga, b)
		orIntoSIMD(gb, a, gb)
		if !slices.Equal(got, want) || !slices.Equal(ga, want) || !slices.Equal(gb, want) {
			t.Fatalf("n=%d: %v, into a %v, into b %v, want %v", n, got, ga, gb, want)
		}
	}
}

// TestPrimeTransBoundSIMD: lerpTranslationsPrimeBoundSIMD is
// lerpTranslationsPrimeBound for every length up to 70 (sixteen masks at a
// time, the overlapping last sixteen and the one-by-one loop below 16),
// with mo apart from ma and aliasing it.
func TestPrimeTransBoundSIMD(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for n := 0; n <= 70; n++ {
		sk := treeBenchSkeleton(max(n, 1))
		bones := sk.Bones[:n]
		la, lb := make([]formats.Transform, n), make([]formats.Transform, n)
		ma, mb := make([]bool, n), make([]bool, n)
		for i := range la {
			la[i].Translation = mgl32.Vec3{rng.Float32(), rng.Float32(), rng.Float32()}
			lb[i].Translation = mgl32.Vec3{rng.Float32(), rng.Float32(), rng.Float32()}
			ma[i], mb[i] = rng.Intn(3) == 0, rng.Intn(2) == 0
		}
		wantT, wantM := slices.Clone(la), make([]bool, n)
		lerpTranslationsPrimeBound(wantT, lb, 0.3, bones, ma, mb, wantM)
		for _, alias := range []bool{false, true} {
			gotT, gotMA, gotM := slices.Clone(la), slices.Clone(ma), make([]bool, n)
			if alias {
				gotM = gotMA
			}
			lerpTranslationsPrimeBoundSIMD(gotT, lb, 0.3, bones, gotMA, mb, gotM)
			if !slices.Equal(gotT, wantT) || !slices.Equal(gotM, wantM) {
				t.Fatalf("n=%d alias=%v: %v %v, want %v %v", n, alias, gotT, gotM, wantT, wantM)
			}
		}
	}
}
