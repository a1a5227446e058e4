package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// BlendPoses runs a BlendJob in place on cases that hold the translation
// masks beside the poses, as the tests were written: aHasT becomes a's
// mask, b's is bHasT, and outHasT receives the blend's.
func BlendPoses(rule BlendRule, w float32, sk *formats.Skeleton, a *Pose, aHasT []bool, b *Pose, bHasT []bool, outHasT []bool) {
	blendMasks(rule, w, sk, a, aHasT, b, bHasT, outHasT, false)
}

// blendSampled is BlendPoses as a tree blends: A holds the bind
// translation wherever aHasT is false (BlendJob.bound).
func blendSampled(rule BlendRule, w float32, sk *formats.Skeleton, a *Pose, aHasT []bool, b *Pose, bHasT []bool, outHasT []bool) {
	blendMasks(rule, w, sk, a, aHasT, b, bHasT, outHasT, true)
}

func blendMasks(rule BlendRule, w float32, sk *formats.Skeleton, a *Pose, aHasT []bool, b *Pose, bHasT []bool, outHasT []bool, bound bool) {
	n := len(sk.Bones)
	a.Translated, b.Translated = boolMask(aHasT[:n]), boolMask(bHasT[:n])
	j := BlendJob{Rule: rule, Weight: w, Skeleton: sk, A: a, B: b, Out: a, bound: bound}
	if err := j.Run(); err != nil {
		panic(err)
	}
	for i := range outHasT[:n] {
		outHasT[i] = a.Translated.Has(i)
	}
}

// boolMask is the BoneMask of a mask written as a []bool.
func boolMask(m []bool) BoneMask {
	bm := NewBoneMask(len(m))
	for i, on := range m {
		bm.Set(i, on)
	}
	return bm
}

// refBlendPoses is BlendPoses written the plain way, bone by bone, from the
// per-bone functions the rules are defined by (SlerpLocal, lerp3), with the
// same weight snaps: the game rules' results to the bit. The shortest-arc
// rule's rotation is not here (see slerp64); its translation and scale are.
func refBlendPoses(rule BlendRule, w float32, sk *formats.Skeleton, a *Pose, aHasT []bool, b *Pose, bHasT []bool, outHasT []bool) {
	game := rule == BlendPrime || rule == BlendPrime2
	if game && w >= 1 {
		copy(a.Local, b.Local)
		copy(a.Visible, b.Visible)
		copy(outHasT, bHasT)
		return
	}
	if game && w < 1e-4 {
		copy(outHasT, aHasT)
		return
	}
	for i := range sk.Bones {
		pa, pb := &a.Local[i], &b.Local[i]
		switch rule {
		case BlendPrime:
			pa.Rotation = SlerpLocal(pa.Rotation, pb.Rotation, w, false)
			if aHasT[i] && bHasT[i] {
				pa.Translation = lerp3(pa.Translation, pb.Translation, w)
			} else {
				pa.Translation = sk.Bones[i].Bind.Translation
			}
			outHasT[i] = aHasT[i] && bHasT[i]
		case BlendPrime2:
			pa.Rotation = SlerpLocal(pa.Rotation, pb.Rotation, w, true)
			pa.Translation = lerp3(pa.Translation, pb.Translation, w)
			outHasT[i] = aHasT[i] || bHasT[i]
		default:
			pa.Translation = lerp3(pa.Translation, pb.Translation, w)
			outHasT[i] = aHasT[i] || bHasT[i]
		}
		if rule != BlendPrime {
			pa.Scale = lerp3(pa.Scale, pb.Scale, w)
		}
		a.Visible[i] = a.Visible[i] || b.Visible[i]
	}
}

// slerp64 is the textbook slerp along the shortest arc in float64, the
// yardstick of the shortest-arc rule.
func slerp64(q0, q1 mgl32.Quat, f float32) [4]float64 {
	a := [4]float64{float64(q0.W), float64(q0.V[0]), float64(q0.V[1]), float64(q0.V[2])}
	b := [4]float64{float64(q1.W), float64(q1.V[0]), float64(q1.V[1]), float64(q1.V[2])}
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	if d < 0 {
		d = -d
		for k := range b {
			b[k] = -b[k]
		}
	}
	t := float64(f)
	wa, wb := 1-t, t
	if th := math.Acos(math.Min(d, 1)); th > 1e-12 {
		wa, wb = math.Sin((1-t)*th)/math.Sin(th), math.Sin(t*th)/math.Sin(th)
	}
	var r [4]float64
	for k := range r {
		r[k] = wa*a[k] + wb*b[k]
	}
	return r
}

// blendCase is one pair of poses, their translation masks and a weight.
type blendCase struct {
	sk     *formats.Skeleton
	a, b   *Pose
	ma, mb []bool
	w      float32
}

// blendCaseWeights are the weights the cases cycle through: the rules'
// snaps (1e-4 and 1 for the tween, 1e-5 and 0.99999 for MP1's Slerp) and
// the floats either side of them, the ends, typical blend weights and
// values beyond [0, 1].
var blendCaseWeights = []float32{
	0, 1e-5, math.Nextafter32(1e-5, 1), math.Nextafter32(1e-4, 0), 1e-4, math.Nextafter32(1e-4, 1),
	0.001, 0.1, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.9,
	math.Nextafter32(0.99999, 0), 0.99999, math.Nextafter32(0.99999, 1), math.Nextafter32(1, 0), 1, 1.5, -0.2,
}

// randomBlendCases makes n deterministic cases whose bone pairs take every
// branch of the rules: unrelated rotations, close ones (the lerp branches),
// angles at the branch thresholds (dot 0.95 is 36.4°, 0.866 is 60°),
// negated (the other hemisphere), identical, nearly opposite and slightly
// unnormalised ones, with random translations, scales, masks and
// visibility. Skeleton sizes straddle multiples of 64.
func randomBlendCases(seed int64, n int) []blendCase {
	rng := rand.New(rand.NewSource(seed))
	rq := func() mgl32.Quat {
		for {
			q := mgl32.Quat{W: float32(rng.NormFloat64()), V: mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}}
			if q.Len() > 1e-3 {
				return q.Normalize()
			}
		}
	}
	rv := func() mgl32.Vec3 {
		return mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}
	}
	sizes := []int{1, 3, 17, 63, 64, 65, 100, 129}
	cases := make([]blendCase, n)
	for c := range cases {
		bones := sizes[rng.Intn(len(sizes))]
		sk := &formats.Skeleton{Bones: make([]formats.Bone, bones)}
		for i := range sk.Bones {
			bind := formats.Identity()
			bind.Translation = rv()
			sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: bind}
		}
		a, b := NewPose(sk), NewPose(sk)
		ma, mb := make([]bool, bones), make([]bool, bones)
		// Most cases keep one relation for most bones, as two clips do.
		mode := rng.Intn(9)
		for i := 0; i < bones; i++ {
			m := mode
			if rng.Intn(4) == 0 {
				m = rng.Intn(9)
			}
			q := rq()
			var r mgl32.Quat
			switch m {
			case 0: // unrelated
				r = rq()
			case 1, 2: // close: the lerp branches
				deg := float32(rng.Float64() * 40)
				r = mgl32.QuatRotate(mgl32.DegToRad(deg), rv().Normalize()).Mul(q)
			case 3: // at the thresholds
				deg := []float32{36.4, 36.39, 36.41, 36.3696, 60, 59.99, 60.01, 0, 0.001, 0.01, 0.08, 90, 120, 179.99, 180}[rng.Intn(15)]
				r = mgl32.QuatRotate(mgl32.DegToRad(deg), rv().Normalize()).Mul(q)
			case 4: // identical
				r = q
			case 5: // nearly opposite quaternions
				r = q.Scale(-1)
				r.V[rng.Intn(3)] += float32(rng.NormFloat64() * 1e-6)
			case 6: // slightly unnormalised, as sums of keys are
				r = mgl32.QuatRotate(mgl32.DegToRad(float32(rng.Float64()*90)), rv().Normalize()).Mul(q)
				q = q.Scale(1 + float32(rng.NormFloat64()*1e-4))
				r = r.Scale(1 + float32(rng.NormFloat64()*1e-4))
			default: // the related motions of the benchmark: small swings
				r = mgl32.QuatRotate(mgl32.DegToRad(float32(rng.Float64()*60-30)), rv().Normalize())
				q = mgl32.QuatRotate(mgl32.DegToRad(float32(rng.Float64()*60-30)), rv().Normalize())
			}
			if rng.Intn(4) == 0 {
				r = r.Scale(-1)
			}
			a.Local[i] = formats.Transform{Translation: rv(), Rotation: q, Scale: rv()}
			b.Local[i] = formats.Transform{Translation: rv(), Rotation: r, Scale: rv()}
			a.Visible[i], b.Visible[i] = rng.Intn(5) != 0, rng.Intn(5) != 0
			ma[i], mb[i] = rng.Intn(3) != 0, rng.Intn(3) != 0
		}
		w := blendCaseWeights[c%len(blendCaseWeights)]
		if c%3 == 0 {
			w = rng.Float32()
		}
		cases[c] = blendCase{sk, a, b, ma, mb, w}
	}
	return cases
}

// run blends the case with f into fresh copies and returns the result.
func (c *blendCase) run(rule BlendRule, f func(BlendRule, float32, *formats.Skeleton, *Pose, []bool, *Pose, []bool, []bool)) (*Pose, []bool) {
	out := NewPose(c.sk)
	out.CopyFrom(c.a)
	// Start the output mask from junk so that every entry must be written.
	mo := make([]bool, len(c.ma))
	for i := range mo {
		mo[i] = i%2 == 0
	}
	f(rule, c.w, c.sk, out, c.ma, c.b, c.mb, mo)
	return out, mo
}

func sameBits(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

func sameQuatBits(a, b mgl32.Quat) bool {
	return sameBits(a.W, b.W) && sameBits(a.V[0], b.V[0]) && sameBits(a.V[1], b.V[1]) && sameBits(a.V[2], b.V[2])
}

func sameVecBits(a, b mgl32.Vec3) bool {
	return sameBits(a[0], b[0]) && sameBits(a[1], b[1]) && sameBits(a[2], b[2])
}

// TestBlendPosesBitExact: BlendPoses gives the plain per-bone evaluation's
// result to the bit for both games' rules, on every bone, weight and
// branch; the shortest-arc rule lerps translations and scales to the bit
// and its rotations are within 1e-6 of a float64 slerp on every component.
func TestBlendPosesBitExact(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	cases := randomBlendCases(11, n)
	worst := 0.0
	for ci := range cases {
		c := &cases[ci]
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest, BlendAuto} {
			got, gotT := c.run(rule, BlendPoses)
			want, wantT := c.run(rule, refBlendPoses)
			game := rule == BlendPrime || rule == BlendPrime2
			for i := range c.sk.Bones {
				g, wt := &got.Local[i], &want.Local[i]
				if !sameVecBits(g.Translation, wt.Translation) || !sameVecBits(g.Scale, wt.Scale) ||
					got.Visible[i] != want.Visible[i] || gotT[i] != wantT[i] {
					t.Fatalf("case %d %v w=%v bone %d: %+v %v %v, want %+v %v %v", ci, rule, c.w, i, *g, got.Visible[i], gotT[i], *wt, want.Visible[i], wantT[i])
				}
				if game {
					if !sameQuatBits(g.Rotation, wt.Rotation) {
						t.Fatalf("case %d %v w=%v bone %d: %v, want %v (from %v, %v)", ci, rule, c.w, i, g.Rotation, wt.Rotation, c.a.Local[i].Rotation, c.b.Local[i].Rotation)
					}
					continue
				}
				r := slerp64(c.a.Local[i].Rotation, c.b.Local[i].Rotation, c.w)
				gq := [4]float32{g.Rotation.W, g.Rotation.V[0], g.Rotation.V[1], g.Rotation.V[2]}
				for k := range r {
					e := math.Abs(float64(gq[k]) - r[k])
					if !(e <= 1e-6) {
						t.Fatalf("case %d %v w=%v bone %d: %v, float64 slerp %v (from %v, %v)", ci, rule, c.w, i, g.Rotation, r, c.a.Local[i].Rotation, c.b.Local[i].Rotation)
					}
					worst = math.Max(worst, e)
				}
			}
		}
	}
	t.Logf("shortest arc: worst component error %.3g", worst)
}

// TestBlendPrimeKeepsScales: MP1's rule leaves A's scales as they are
// for a weight that blends (MP1's CAnimPerSegmentData has a rotation and
// an offset, no scale) and takes B's whole pose from a weight of 1.
func TestBlendPrimeKeepsScales(t *testing.T) {
	sk := treeBenchSkeleton(37)
	for _, w := range []float32{5e-5, 0.3, 0.999995, 1} {
		for _, blend := range []func(BlendRule, float32, *formats.Skeleton, *Pose, []bool, *Pose, []bool, []bool){BlendPoses, blendSampled} {
			a, b, out := NewPose(sk), NewPose(sk), NewPose(sk)
			for i := range a.Local {
				a.Local[i].Scale = mgl32.Vec3{1, 2, float32(i)}
				b.Local[i].Scale = mgl32.Vec3{3, -0.5, 7}
				b.Local[i].Rotation = quatZ(float64(7 * i))
			}
			out.CopyFrom(a)
			m := make([]bool, len(sk.Bones))
			blend(BlendPrime, w, sk, out, m, b, m, m)
			want := a
			if w >= 1 {
				want = b
			}
			for i := range out.Local {
				if out.Local[i].Scale != want.Local[i].Scale {
					t.Fatalf("w=%v bone %d: scale %v, want %v", w, i, out.Local[i].Scale, want.Local[i].Scale)
				}
			}
		}
	}
}

// TestArcSeries: arcSeries' sum is within 3e-8 of sin tθ / sin θ for
// cos θ from arcSeriesMin to 1 and every weight t in [0, 1] (in double
// precision, so that the truncation alone is measured); its coefficients
// are the recurrence's, and arcSeriesPair's are arcSeries' of 1 - w and w
// rounded to float32.
func TestArcSeries(t *testing.T) {
	worst := 0.0
	for ti := 0; ti <= 200; ti++ {
		w := float32(ti) / 200
		tt := float64(w)
		var c [arcTerms]float64
		c[0] = tt
		for i := 1; i < arcTerms; i++ {
			fi := float64(i)
			c[i] = c[i-1] * (tt*tt - fi*fi) / (fi * (2*fi + 1))
		}
		var wa, wb [arcTerms]float64
		arcSeries(1-tt, tt, &wa, &wb)
		for i := range c {
			if math.Abs(wb[i]-c[i]) > 1e-15*math.Abs(c[i]) {
				t.Fatalf("t=%v: coefficient %d %v, want %v", tt, i, wb[i], c[i])
			}
		}
		ca, cb := arcSeriesPair(w)
		for i := range ca {
			if ca[i] != float32(wa[i]) || cb[i] != float32(wb[i]) {
				t.Fatalf("w=%v: pair coefficient %d %v %v, want %v %v", w, i, ca[i], cb[i], float32(wa[i]), float32(wb[i]))
			}
		}
		for xi := 0; xi <= 2000; xi++ {
			x := arcSeriesMin + (1-arcSeriesMin)*float64(xi)/2000
			th := math.Acos(x)
			want := tt
			if th > 0 {
				want = math.Sin(tt*th) / math.Sin(th)
			}
			sum := 0.0
			for i := arcTerms - 1; i >= 0; i-- {
				sum = sum*(x-1) + c[i]
			}
			worst = math.Max(worst, math.Abs(sum-want))
		}
	}
	if worst > 3e-8 {
		t.Errorf("truncation error %.3g", worst)
	}
	t.Logf("truncation error %.3g", worst)
}

// TestSlerpWide: slerpWide's weights, sin 2rφ / sin φ from arcSeries
// over 2x, are within 3e-8 of sin rθ / sin θ for cos θ from 0 to 1 (x =
// cos θ/2 from √½ to 1) and r in [0, 1], in double precision; its blends
// of rotations 91° to 180° apart (either hemisphere, unnormalised by up to
// 1e-4, weights from 0 to 1) are within 1e-7 of slerp64Blend's on every
// component; and a NaN, a weight outside [0, 1] or a huge pair gives
// slerp64Blend's result to the bit.
func TestSlerpWide(t *testing.T) {
	worst := 0.0
	for ri := 0; ri <= 200; ri++ {
		r := float64(ri) / 200
		var c [2][arcTerms]float64
		arcSeries(2*r, 2*(1-r), &c[0], &c[1])
		for di := 0; di <= 2000; di++ {
			d := float64(di) / 2000
			th := math.Acos(d)
			want := [2]float64{r, 1 - r}
			if th > 0 {
				want = [2]float64{math.Sin(r*th) / math.Sin(th), math.Sin((1-r)*th) / math.Sin(th)}
			}
			x := math.Sqrt((1 + d) / 2)
			y := x - 1
			for k := range c {
				got := estrin8(&c[k], y, y*y, y*y*y*y) * (0.5 / x)
				worst = math.Max(worst, math.Abs(got-want[k]))
			}
		}
	}
	if worst > 3e-8 {
		t.Errorf("weights: truncation error %.3g", worst)
	}
	t.Logf("weights: truncation error %.3g", worst)

	rng := rand.New(rand.NewSource(7))
	rq := func() mgl32.Quat {
		return mgl32.Quat{W: float32(rng.NormFloat64()), V: mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}}.Normalize()
	}
	worstQ := 0.0
	for n := 0; n < 200000; {
		a, b := rq(), rq()
		if d := quickDot(&a, &b); d >= 0.7 || d <= -0.7 {
			continue
		}
		n++
		if n%3 == 0 {
			a = a.Scale(1 + float32(rng.NormFloat64()*1e-4))
			b = b.Scale(1 + float32(rng.NormFloat64()*1e-4))
		}
		w := []float32{0, 1, rng.Float32()}[n%3]
		var wide wideArc
		got, want := a, a
		slerpWide(&got, &b, w, &wide)
		slerp64Blend(&want, &b, w)
		for k, g := range [4]float32{got.W, got.V[0], got.V[1], got.V[2]} {
			e := math.Abs(float64(g) - float64([4]float32{want.W, want.V[0], want.V[1], want.V[2]}[k]))
			if e > 1e-7 {
				t.Fatalf("%v, %v, w=%v: %v, slerp64Blend %v", a, b, w, got, want)
			}
			worstQ = math.Max(worstQ, e)
		}
	}
	t.Logf("blends: worst component difference %.3g", worstQ)

	nan := float32(math.NaN())
	for _, c := range []struct {
		a, b mgl32.Quat
		w    float32
	}{
		{mgl32.Quat{W: 1}, mgl32.Quat{V: mgl32.Vec3{1, 0, 0}}, 1.5},
		{mgl32.Quat{W: 1}, mgl32.Quat{V: mgl32.Vec3{1, 0, 0}}, -0.2},
		{mgl32.Quat{W: 1}, mgl32.Quat{V: mgl32.Vec3{1, 0, 0}}, nan},
		{mgl32.Quat{W: nan}, mgl32.Quat{V: mgl32.Vec3{1, 0, 0}}, 0.3},
		{mgl32.Quat{W: 3e19, V: mgl32.Vec3{3e19, 0, 0}}, mgl32.Quat{W: 3e19, V: mgl32.Vec3{0, 3e19, 0}}, 0.3},
	} {
		var wide wideArc
		got, want := c.a, c.a
		slerpWide(&got, &c.b, c.w, &wide)
		slerp64Blend(&want, &c.b, c.w)
		if !sameQuatBits(got, want) {
			t.Errorf("%v, %v, w=%v: %v, slerp64Blend %v", c.a, c.b, c.w, got, want)
		}
	}
}
