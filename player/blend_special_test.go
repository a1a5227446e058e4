package player

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// specialBlendCases are randomBlendCases with special inputs added on a
// third of the bones: zero, NaN (with distinct payloads in a and b), infinite, huge
// (whose squared length overflows) and tiny quaternions, a huge one
// blended with a tiny one (the slerp branch overflowing), pairs in
// opposite hemispheres, and NaN translations and scales; and NaN
// weights on some cases.
func specialBlendCases(seed int64, n int) []blendCase {
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

// TestBlendSpecialInputs: BlendPoses gives the reference's result
// (checkBlendRef) for every rule on skeletons of every size from 1 to 70
// and on the special inputs of specialBlendCases.
func TestBlendSpecialInputs(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 400
	}
	cases := specialBlendCases(23, n)
	// Every size from 1 to 70.
	more := randomBlendCases(29, 70)
	for i := range more {
		c := &more[i]
		sk := &formats.Skeleton{Bones: c.sk.Bones[:min(len(c.sk.Bones), i+1)]}
		c.sk = sk
	}
	cases = append(cases, more...)
	worst := 0.0
	for ci := range cases {
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			msg, e := checkBlendRef(&cases[ci], rule, BlendPoses)
			if msg != "" {
				t.Fatalf("case %d: %s", ci, msg)
			}
			worst = math.Max(worst, e)
		}
	}
	t.Logf("shortest arc: worst error %.3g", worst)
}

// transformFloats lists a transform's ten floats.
func transformFloats(t *formats.Transform) [10]float32 {
	return [10]float32{t.Translation[0], t.Translation[1], t.Translation[2], t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Scale[0], t.Scale[1], t.Scale[2]}
}

// allFinite reports whether every float of the transforms is finite.
func allFinite(ts ...*formats.Transform) bool {
	for _, t := range ts {
		for _, x := range transformFloats(t) {
			if x != x || math.IsInf(float64(x), 0) {
				return false
			}
		}
	}
	return true
}

// refLen bounds the quaternions whose blended rotations checkBlendRef
// compares with the references: below it the plain and fused dot products
// differ by less than the 1e-6 margin of lerpLoMP1 and lerpHiMP1.
const refLen = 1.4

// quatLen is a quaternion's length in double precision.
func quatLen(q mgl32.Quat) float64 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	return math.Sqrt(w*w + x*x + y*y + z*z)
}

// checkBlendRef blends c by rule with f and describes the first
// difference from the reference ("" if none): refBlendPoses to the bit
// for the games' rules, masks and visibility, and the shortest arc's
// translations and scales (NaN payloads aside where two NaNs may have
// met: which one survives is the compiler's choice of operand order); the
// shortest arc's rotations within 1e-6 of the float64 slerp (slerp64)
// wherever the inputs are finite and the weight is in [0, 1]. It returns
// the shortest arc's worst error too.
//
// Rotations are compared where both quaternions are shorter than refLen
// (or NaN, for the games' rules): the games' blend decides the lerp
// branch of most bones from a plain float32 dot product, which is within
// 1e-6 of the games' fused one only for quaternions of about unit length
// (see lerpLoMP1), and the shortest arc picks the hemisphere by a float32
// dot product too. Longer ones, which no clip holds, are pinned by the
// golden hashes instead (TestBlendRulesGolden).
func checkBlendRef(c *blendCase, rule BlendRule, f func(BlendRule, float32, *formats.Skeleton, *Pose, []bool, *Pose, []bool, []bool)) (string, float64) {
	got, gotT := c.run(rule, f)
	want, wantT := c.run(rule, refBlendPoses)
	game := rule == BlendPrime || rule == BlendPrime2
	worst := 0.0
	for i := range c.sk.Bones {
		g, wt := &got.Local[i], &want.Local[i]
		a, b := &c.a.Local[i], &c.b.Local[i]
		same := got.Visible[i] == want.Visible[i] && gotT[i] == wantT[i]
		gf, wf := transformFloats(g), transformFloats(wt)
		for k := range gf {
			if k >= 3 && k < 7 && (!game || quatLen(a.Rotation) > refLen || quatLen(b.Rotation) > refLen) {
				continue // the shortest arc's rotation, checked below
			}
			if gf[k] != gf[k] && wf[k] != wf[k] && nanSources(c.w, a, b) >= 2 {
				// Two NaNs may have met.
				continue
			}
			same = same && math.Float32bits(gf[k]) == math.Float32bits(wf[k])
		}
		if !same {
			return fmt.Sprintf("%v w=%v bone %d of %d: %+v %v %v, reference %+v %v %v (from %+v, %+v)", rule, c.w, i, len(c.sk.Bones),
				*g, got.Visible[i], gotT[i], *wt, want.Visible[i], wantT[i], *a, *b), 0
		}
		if game || !allFinite(a, b) || !(c.w >= 0 && c.w <= 1) || quatLen(a.Rotation) > refLen || quatLen(b.Rotation) > refLen {
			continue
		}
		r := slerp64(a.Rotation, b.Rotation, c.w)
		for k, x := range [4]float32{g.Rotation.W, g.Rotation.V[0], g.Rotation.V[1], g.Rotation.V[2]} {
			e := math.Abs(float64(x) - r[k])
			if !(e <= 1e-6) {
				return fmt.Sprintf("%v w=%v bone %d: rotation %v, float64 slerp %v (from %v, %v)", rule, c.w, i, g.Rotation, r, a.Rotation, b.Rotation), e
			}
			worst = math.Max(worst, e)
		}
	}
	return "", worst
}

// blendFuzzBone is how many bytes of FuzzBlendPoses' input make a bone:
// a's and b's transforms (ten float32 each, little-endian) and a byte of
// masks and visibility.
const blendFuzzBone = 81

// encodeBlendCase writes c as FuzzBlendPoses' input.
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

// FuzzBlendPoses: for any bits in the poses and any weight, BlendPoses
// gives the reference's result (checkBlendRef), and a tree's path
// (blendSampled, A holding the bind translation where it has none)
// gives BlendPoses' to the bit.
func FuzzBlendPoses(f *testing.F) {
	// Small seeds: the fuzzer minimises every input that finds new
	// coverage, and a skeleton of a hundred bones takes it many seconds.
	for i, c := range specialBlendCases(31, 12) {
		f.Add(uint8(i), c.w, encodeBlendCase(&c)[:min(len(c.sk.Bones), 9)*blendFuzzBone])
	}
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
		if msg, _ := checkBlendRef(&c, r, BlendPoses); msg != "" {
			t.Fatal(msg)
		}
		if msg := checkSampledMatches(&c, r); msg != "" {
			t.Fatal(msg)
		}
	})
}

// checkSampledMatches sets A's translation to the bind one wherever A
// has none, then blends c by rule through blendSampled and through
// BlendPoses and describes the first difference ("" if none).
func checkSampledMatches(c *blendCase, rule BlendRule) string {
	for i := range c.sk.Bones {
		if !c.ma[i] {
			c.a.Local[i].Translation = c.sk.Bones[i].Bind.Translation
		}
	}
	want, wantT := c.run(rule, BlendPoses)
	got, gotT := c.run(rule, blendSampled)
	for i := range c.sk.Bones {
		g, wt := &got.Local[i], &want.Local[i]
		same := gotT[i] == wantT[i] && got.Visible[i] == want.Visible[i]
		gf, wf := transformFloats(g), transformFloats(wt)
		for j := range gf {
			same = same && sameBits(gf[j], wf[j])
		}
		if !same {
			return fmt.Sprintf("%v w=%v bone %d: %+v %v, BlendPoses %+v %v", rule, c.w, i, *g, gotT[i], *wt, wantT[i])
		}
	}
	return ""
}

// TestBlendSampledBitExact: the path a tree blends its sampled poses with
// (blendSampled: a holds the bind translation wherever aHasT is false)
// gives BlendPoses' result to the bit for every rule, on special and
// random inputs.
func TestBlendSampledBitExact(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	cases := append(specialBlendCases(37, n), randomBlendCases(39, n)...)
	for ci := range cases {
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			if msg := checkSampledMatches(&cases[ci], rule); msg != "" {
				t.Fatalf("case %d: %s", ci, msg)
			}
		}
	}
}
