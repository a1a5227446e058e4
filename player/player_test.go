package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

func quatZ(deg float64) mgl32.Quat {
	return mgl32.QuatRotate(float32(mgl32.DegToRad(float32(deg))), mgl32.Vec3{0, 0, 1})
}

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

// vecNear compares absolutely: mgl32's ApproxEqual is relative and needs
// eps² near zero.
func vecNear(a, b mgl32.Vec3, eps float32) bool {
	return near(a[0], b[0], eps) && near(a[1], b[1], eps) && near(a[2], b[2], eps)
}

func quatNear(a, b mgl32.Quat, eps float32) bool {
	return near(a.W, b.W, eps) && near(a.V[0], b.V[0], eps) && near(a.V[1], b.V[1], eps) && near(a.V[2], b.V[2], eps)
}

// TestSlerpShortestHandWorked checks slerp against values worked by hand:
// halfway between 0° and 90° about Z is 45° (w = cos 22.5° = 0.92388,
// z = sin 22.5° = 0.38268); between 10° and 350° the short way passes 0°.
func TestSlerpShortestHandWorked(t *testing.T) {
	cases := []struct {
		name   string
		q0, q1 mgl32.Quat
		f      float32
		want   mgl32.Quat
	}{
		{"0-90 half", quatZ(0), quatZ(90), 0.5, mgl32.Quat{W: 0.9238795, V: mgl32.Vec3{0, 0, 0.3826834}}},
		{"0-90 quarter", quatZ(0), quatZ(90), 0.25, mgl32.Quat{W: 0.9807853, V: mgl32.Vec3{0, 0, 0.1950903}}},
		{"10-350 short way", quatZ(10), quatZ(350), 0.5, mgl32.QuatIdent()},
		{"start", quatZ(30), quatZ(60), 0, quatZ(30)},
		{"end", quatZ(30), quatZ(60), 1, quatZ(60)},
		// q and -q are the same rotation: the shortest arc between them is no motion.
		{"negated twin", quatZ(40), quatZ(40).Scale(-1), 0.5, quatZ(40)},
	}
	for _, c := range cases {
		got := SlerpShortest(c.q0, c.q1, c.f)
		if !got.OrientationEqualThreshold(c.want, 1e-5) {
			t.Errorf("%s: got %v want %v", c.name, got, c.want)
		}
	}
}

func twoBoneSkeleton() *formats.Skeleton {
	return &formats.Skeleton{Bones: []formats.Bone{
		{ID: 0, Name: "root", Parent: -1, Bind: formats.Identity()},
		{ID: 1, Name: "tip", Parent: 0, Bind: formats.Transform{Translation: mgl32.Vec3{0, 2, 0}, Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}},
	}}
}

// TestSampleHoldAndLerp checks key lookup: clamping before the first and
// after the last key, lerp between keys, the step (hold) flag on the later
// key, and the bind fallback for a bone without channels.
func TestSampleHoldAndLerp(t *testing.T) {
	sk := twoBoneSkeleton()
	clip := &formats.Clip{Name: "c", Duration: 3, Tracks: make([]formats.BoneTracks, 2)}
	clip.Tracks[0].Translation = formats.Vec3Track{
		Times:  []float64{1, 2, 3},
		Values: []mgl32.Vec3{{0, 0, 0}, {10, 0, 0}, {20, 0, 0}},
		Flags:  []formats.KeyFlags{0, 0, formats.KeyStep},
	}
	clip.Tracks[0].Rotation = formats.QuatTrack{Times: []float64{0, 1}, Values: []mgl32.Quat{quatZ(0), quatZ(90)}}
	if err := clip.Validate(2); err != nil {
		t.Fatal(err)
	}
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	cases := []struct {
		t    float64
		x    float32
		zdeg float64
	}{
		{0, 0, 0},       // before the first translation key: clamp to key 0
		{1.25, 2.5, 90}, // a quarter of the way from 0 to 10
		{1.5, 5, 90},
		{2.5, 10, 90}, // key 2 holds key 1 over the interval ending at it
		{3, 20, 90},   // at the stepped key itself
		{9, 20, 90},   // after the last key: hold
		{0.5, 0, 45},
	}
	for _, c := range cases {
		s.Sample(c.t, p)
		if !near(p.Local[0].Translation[0], c.x, 1e-5) {
			t.Errorf("t=%v: x = %v, want %v", c.t, p.Local[0].Translation[0], c.x)
		}
		if !p.Local[0].Rotation.OrientationEqualThreshold(quatZ(c.zdeg), 1e-5) {
			t.Errorf("t=%v: rotation %v, want %v°", c.t, p.Local[0].Rotation, c.zdeg)
		}
		if p.Local[1] != sk.Bones[1].Bind {
			t.Errorf("t=%v: unanimated bone left its bind pose: %v", c.t, p.Local[1])
		}
	}
}

// TestCursorRandomAccess samples out of order so the cursor must fall back
// to the binary search and still agree with forward play.
func TestCursorRandomAccess(t *testing.T) {
	times := make([]float64, 100)
	for i := range times {
		times[i] = float64(i) * 0.125 // exact in binary, so floor() below is exact
	}
	var c cursor
	for _, tt := range []float64{5.05, 0.01, 9.95, 3.375, 3.38, 3.45, -1, 20, 0} {
		i := c.find(times, tt)
		want := int(math.Floor(tt / 0.125))
		if want > 99 {
			want = 99
		}
		if tt < 0 {
			want = -1
		}
		if i != want {
			t.Errorf("find(%v) = %d, want %d", tt, i, want)
		}
	}
}

// TestToWorldChain composes a 3-bone chain by hand: the root turns 90°
// about Z, each child sits 1 unit along its parent's +X, the middle bone
// turns another 90°. Joint 1 is at (0,1,0); joint 2 at (-1,1,0).
func TestToWorldChain(t *testing.T) {
	unitX := formats.Transform{Translation: mgl32.Vec3{1, 0, 0}, Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}
	sk := &formats.Skeleton{Bones: []formats.Bone{
		{Name: "a", Parent: -1, Bind: formats.Identity()},
		{Name: "b", Parent: 0, Bind: unitX},
		{Name: "c", Parent: 1, Bind: unitX},
	}}
	p := NewPose(sk)
	p.Local[0].Rotation = quatZ(90)
	p.Local[1].Rotation = quatZ(90)
	w := NewWorldPose(sk)
	ToWorld(sk, p, w)
	want := []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}, {-1, 1, 0}}
	for i, v := range want {
		if !vecNear(w.Position(i), v, 1e-5) {
			t.Errorf("joint %d at %v, want %v", i, w.Position(i), v)
		}
	}
	// Scale on the parent stretches the child's offset: root scale 2 puts b at (0,2,0).
	p.Local[0].Scale = mgl32.Vec3{2, 2, 2}
	ToWorld(sk, p, w)
	if !vecNear(w.Position(1), mgl32.Vec3{0, 2, 0}, 1e-5) {
		t.Errorf("scaled parent: joint 1 at %v", w.Position(1))
	}
}

// TestCrossedEvents covers forward play, a loop wrap and a backwards scrub.
func TestCrossedEvents(t *testing.T) {
	ev := []formats.Event{{Time: 0, Name: "start"}, {Time: 0.5, Name: "mid"}, {Time: 0.9, Name: "late"}, {Time: 1, Name: "end"}}
	cases := []struct {
		name     string
		from, to float64
		loop     bool
		want     []string
	}{
		{"forward", 0.2, 0.6, false, []string{"mid"}},
		{"boundary is inclusive at the end", 0.4, 0.5, false, []string{"mid"}},
		{"boundary is exclusive at the start", 0.5, 0.6, false, nil},
		{"wrap", 0.8, 0.1, true, []string{"late", "end", "start"}},
		{"wrap exactly to zero", 0.95, 0, true, []string{"end", "start"}},
		{"backwards scrub", 0.8, 0.1, false, nil},
	}
	for _, c := range cases {
		var got []string
		for _, i := range CrossedEvents(ev, c.from, c.to, 1, c.loop, nil) {
			got = append(got, ev[i].Name)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: got %v want %v", c.name, got, c.want)
			}
		}
	}
}

func TestClipTime(t *testing.T) {
	cases := []struct {
		t, d float64
		loop bool
		want float64
	}{
		{1.5, 1, true, 0.5}, {-0.25, 1, true, 0.75}, {1.5, 1, false, 1}, {-1, 1, false, 0}, {0.3, 0, true, 0},
	}
	for _, c := range cases {
		if got := ClipTime(c.t, c.d, c.loop); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ClipTime(%v,%v,%v) = %v want %v", c.t, c.d, c.loop, got, c.want)
		}
	}
}

// benchClip builds a 100-bone chain with rotation and translation keys at
// 30 fps over 2 seconds.
func benchClip(bones int) (*formats.Skeleton, *formats.Clip) {
	sk := &formats.Skeleton{Bones: make([]formats.Bone, bones)}
	clip := &formats.Clip{Name: "bench", Duration: 2, FrameRate: 30, Loop: true, Tracks: make([]formats.BoneTracks, bones)}
	for i := range sk.Bones {
		sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: formats.Identity()}
		sk.Bones[i].Bind.Translation = mgl32.Vec3{0, 1, 0}
		n := 61
		rt := formats.QuatTrack{Times: make([]float64, n), Values: make([]mgl32.Quat, n)}
		tt := formats.Vec3Track{Times: make([]float64, n), Values: make([]mgl32.Vec3, n)}
		for k := 0; k < n; k++ {
			rt.Times[k] = float64(k) / 30
			tt.Times[k] = float64(k) / 30
			rt.Values[k] = mgl32.QuatRotate(float32(k)*0.05+float32(i)*0.01, mgl32.Vec3{0.3, 0.8, 0.5}.Normalize())
			tt.Values[k] = mgl32.Vec3{0, 1 + float32(k)*0.01, 0}
		}
		clip.Tracks[i].Rotation = rt
		clip.Tracks[i].Translation = tt
	}
	return sk, clip
}

func TestSampleAllocatesNothing(t *testing.T) {
	sk, clip := benchClip(100)
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	w := NewWorldPose(sk)
	tm := 0.0
	allocs := testing.AllocsPerRun(100, func() {
		tm += 0.0137
		s.Sample(ClipTime(tm, clip.Duration, true), p)
		ToWorld(sk, p, w)
	})
	if allocs != 0 {
		t.Errorf("sampling and local-to-world allocate %v times per frame", allocs)
	}
}

func BenchmarkSample100(b *testing.B) {
	sk, clip := benchClip(100)
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	tm := 0.0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tm += 1.0 / 60
		s.Sample(ClipTime(tm, clip.Duration, true), p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/bone")
}

func BenchmarkSample100Random(b *testing.B) {
	sk, clip := benchClip(100)
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Jump around the clip so every lookup takes the binary search.
		s.Sample(float64((i*7919)%2000)/1000, p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/bone")
}

func BenchmarkToWorld100(b *testing.B) {
	sk, clip := benchClip(100)
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	s.Sample(0.5, p)
	w := NewWorldPose(sk)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ToWorld(sk, p, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/bone")
}

// TestSpanFactorMatchesDivision: span.factor gives float32((t - t0) /
// len) clamped to 1 to the bit, the factor the sampler has always used:
// for random spans and times, for quotients built to lie a few units in
// the last place of a double from a float32 half-way point (where a
// product with a cached reciprocal would round otherwise), and for
// quotients below float32's normal range; a constant span's factor is
// ±0 at any finite time.
func TestSpanFactorMatchesDivision(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	for _, tm := range []float64{-1e300, -3, 0, 0.5, 7, 1e300} {
		if s := allTime(); s.factor(tm) != 0 {
			t.Errorf("constant span at %v: factor %v", tm, s.factor(tm))
		}
	}
	check := func(t0, l, tm float64) {
		t.Helper()
		s := span{t0: t0, len: l}
		want := (tm - t0) / l
		if want > 1 {
			want = 1
		}
		if got := s.factor(tm); math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("t0 %v len %v t %v: factor %v, quotient %v", t0, l, tm, got, float32(want))
		}
	}
	for n := 0; n < 1000000; n++ {
		t0 := rng.Float64() * 10
		l := math.Ldexp(0.5+rng.Float64(), -rng.Intn(12))
		switch n % 4 {
		case 0: // anywhere in the span
			check(t0, l, t0+rng.Float64()*l)
		case 1: // a quotient next to a float32 half-way point
			v := float32(rng.Float64())
			half := (float64(v) + float64(math.Nextafter32(v, 2))) / 2
			q := half + float64(rng.Intn(33)-16)*math.Ldexp(1, -52)*half
			check(t0, l, t0+q*l)
		case 2: // tiny quotients, subnormal as float32
			check(0, l, math.Ldexp(rng.Float64(), -120-rng.Intn(40))*l)
		default: // next to a half-way point between subnormal float32s
			v := math.Float32frombits(uint32(rng.Intn(1 << 23)))
			half := (float64(v) + float64(math.Nextafter32(v, 1))) / 2
			q := half + float64(rng.Intn(33)-16)*math.Ldexp(1, -52)*half
			check(0, l, q*l)
		}
	}
}
