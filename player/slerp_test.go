package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// slerpRef is the float64 slerp along the shortest arc of float32 keys:
// q1 flipped to q0's hemisphere, θ = acos(dot), weights sin((1-f)θ)/sin θ
// and sin fθ/sin θ; the lerp's 1-f and f where θ is too small to divide
// by (their difference from the sine weights is below 1e-18 there).
func slerpRef(q0, q1 mgl32.Quat, f float64) [4]float64 {
	a := [4]float64{float64(q0.W), float64(q0.V[0]), float64(q0.V[1]), float64(q0.V[2])}
	b := [4]float64{float64(q1.W), float64(q1.V[0]), float64(q1.V[1]), float64(q1.V[2])}
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	if d < 0 {
		d = -d
		for k := range b {
			b[k] = -b[k]
		}
	}
	wa, wb := 1-f, f
	if th := math.Acos(math.Min(d, 1)); th > 1e-9 {
		wa, wb = math.Sin((1-f)*th)/math.Sin(th), math.Sin(f*th)/math.Sin(th)
	}
	var r [4]float64
	for k := range r {
		r[k] = wa*a[k] + wb*b[k]
	}
	return r
}

// TestSlerpShortestMatchesFloat64 checks the shortest-arc flavour, both
// SlerpShortest and the sampler, against slerpRef on 100,000 random key
// pairs and factors: every component within 1e-6 (the sampler at the last
// key's time gives the key itself). The pairs are random
// rotations (any angle between them) and pairs a log-uniform angle apart
// from 1e-7 rad to π, negated half the time; the factors are random,
// with 0 and 1 among them.
func TestSlerpShortestMatchesFloat64(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	axis := func() mgl32.Vec3 {
		return mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}.Normalize()
	}
	sk := &formats.Skeleton{Bones: []formats.Bone{{ID: 0, Parent: -1, Bind: formats.Identity()}}}
	p := NewPose(sk)
	worst := 0.0
	for n := 0; n < 100000; n++ {
		q0 := mgl32.QuatRotate(float32(rng.Float64()*2*math.Pi), axis())
		var q1 mgl32.Quat
		if n%2 == 0 {
			q1 = mgl32.QuatRotate(float32(rng.Float64()*2*math.Pi), axis())
		} else {
			angle := math.Pi * math.Pow(1e-7/math.Pi, rng.Float64())
			q1 = mgl32.QuatRotate(float32(angle), axis()).Mul(q0)
		}
		if rng.Intn(2) == 0 {
			q1 = q1.Scale(-1)
		}
		f := float32(rng.Float64())
		switch n % 50 {
		case 0:
			f = 0
		case 1:
			f = 1
		}
		want := slerpRef(q0, q1, float64(f))
		clip := &formats.Clip{Duration: 1, Tracks: []formats.BoneTracks{{Rotation: formats.QuatTrack{
			Times: []float64{0, 1}, Values: []mgl32.Quat{q0, q1}}}}}
		s := NewClipSampler(sk, clip)
		s.Sample(float64(f), p)
		got := []mgl32.Quat{SlerpShortest(q0, q1, f), p.Local[0].Rotation}
		if f == 1 {
			// At the last key's time a track gives that key as stored,
			// whatever its hemisphere.
			if got[1] != q1 {
				t.Fatalf("q0 %v q1 %v: sampler at the last key %v", q0, q1, got[1])
			}
			got = got[:1]
		}
		for _, got := range got {
			g := [4]float32{got.W, got.V[0], got.V[1], got.V[2]}
			for k := range g {
				e := math.Abs(float64(g[k]) - want[k])
				if !(e <= 1e-6) {
					t.Fatalf("q0 %v q1 %v f %v: got %v, float64 slerp %v", q0, q1, f, got, want)
				}
				worst = math.Max(worst, e)
			}
		}
	}
	t.Logf("largest difference from the float64 slerp: %.3g", worst)
}

// TestArcSincos checks the polynomial sine and cosine on [0, π/2], and the
// angle (acos, Abramowitz and Stegun's bound) with its sine on [0, 1],
// against the math package.
func TestArcSincos(t *testing.T) {
	worst := 0.0
	for i := 0; i <= 100000; i++ {
		x := math.Pi / 2 * float64(i) / 100000
		s, c := sincosSeries(x)
		worst = math.Max(worst, math.Max(math.Abs(s-math.Sin(x)), math.Abs(c-math.Cos(x))))
	}
	if worst > 7e-10 {
		t.Errorf("sin/cos: largest difference %g", worst)
	}
	// The angle over [0, 1] and towards 1 on a log scale, where it is
	// small: absolute and relative error.
	worstAbs, worstRel, worstSin := 0.0, 0.0, 0.0
	for i := 0; i <= 200000; i++ {
		d := float64(i) / 200000
		if i%2 == 1 {
			d = 1 - math.Pow(10, -12*float64(i)/200000)
		}
		th, s := arcAngle(d)
		ref := math.Acos(d)
		worstAbs = math.Max(worstAbs, math.Abs(th-ref))
		if ref > 0 {
			worstRel = math.Max(worstRel, math.Abs(th-ref)/ref)
		}
		worstSin = math.Max(worstSin, math.Abs(s-math.Sin(ref)))
	}
	if worstAbs > 2.2e-8 || worstRel > 1.8e-8 || worstSin > 1e-12 {
		t.Errorf("acos: largest difference %g (relative %g), its sine %g", worstAbs, worstRel, worstSin)
	}
}

// edgeClip has the tracks that test the key events' order: one key,
// two keys at the same time, step and negate flags, keys at times that
// the frame steps land on exactly, a track that starts late and one that
// ends early, and an empty channel.
func edgeClip(interp formats.Interp) (*formats.Skeleton, *formats.Clip) {
	sk := &formats.Skeleton{}
	clip := &formats.Clip{Duration: 2, Loop: true, Interp: interp}
	q := func(deg float64) mgl32.Quat {
		return mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{0.6, 0, 0.8})
	}
	add := func(rt formats.QuatTrack, vt formats.Vec3Track) {
		sk.Bones = append(sk.Bones, formats.Bone{ID: len(sk.Bones), Parent: len(sk.Bones) - 1, Bind: formats.Identity()})
		clip.Tracks = append(clip.Tracks, formats.BoneTracks{Rotation: rt, Translation: vt, Scale: vt})
	}
	add(formats.QuatTrack{Times: []float64{0.5}, Values: []mgl32.Quat{q(30)}},
		formats.Vec3Track{Times: []float64{0.5}, Values: []mgl32.Vec3{{1, 2, 3}}})
	add(formats.QuatTrack{Times: []float64{0, 0.5, 0.5, 1.25, 2}, Values: []mgl32.Quat{q(0), q(40), q(80), q(-170).Scale(-1), q(100)},
		Flags: []formats.KeyFlags{0, 0, formats.KeyStep, formats.KeyNegate, 0}},
		formats.Vec3Track{Times: []float64{0, 0.5, 0.5, 1.25, 2}, Values: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 1, 0}, {0, 0, 4}},
			Flags: []formats.KeyFlags{0, 0, formats.KeyStep, 0, 0}})
	add(formats.QuatTrack{Times: []float64{0.75, 1, 1.5}, Values: []mgl32.Quat{q(10), q(170), q(-60)}},
		formats.Vec3Track{})
	add(formats.QuatTrack{}, formats.Vec3Track{Times: []float64{1.0 / 60, 0.3, 1.1}, Values: []mgl32.Vec3{{1, 1, 1}, {2, 0, 2}, {0, 3, 0}}})
	return sk, clip
}

// flaggedClip is the realistic clip with key flags: steps, negated keys
// and inactive keys (alone and in pairs, which LEGO's channels honour)
// scattered over every track.
func flaggedClip(interp formats.Interp) (*formats.Skeleton, *formats.Clip) {
	sk, clip := realisticClip(interp)
	flags := func(n, salt int) []formats.KeyFlags {
		fl := make([]formats.KeyFlags, n)
		for k := range fl {
			switch (k + salt) % 11 {
			case 0:
				fl[k] = formats.KeyStep
			case 5:
				fl[k] = formats.KeyNegate
			case 2, 3, 4: // runs: intervals between two inactive keys
				fl[k] = formats.KeyInactive
			}
		}
		return fl
	}
	for i := range clip.Tracks {
		tr := &clip.Tracks[i]
		tr.Translation.Flags = flags(len(tr.Translation.Times), i)
		tr.Rotation.Flags = flags(len(tr.Rotation.Times), i+3)
		tr.Scale.Flags = flags(len(tr.Scale.Times), i+5)
	}
	return sk, clip
}

// sharedClip is the realistic clip with one timeline for every track, as
// Metroid Prime's key bitmap gives.
func sharedClip(interp formats.Interp) (*formats.Skeleton, *formats.Clip) {
	sk, clip := realisticClip(interp)
	times := clip.Tracks[0].Rotation.Times
	for i := range clip.Tracks {
		tr := &clip.Tracks[i]
		tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times = times, times, times
	}
	clip.SharedTimeline = true
	return sk, clip
}

// TestSamplerForwardMatchesSeek plays clips forward, looping, at several
// rates through the key events, and checks every pose against a fresh
// sampler's that searches every track for every sample: the same to the bit, for every
// flavour. Times land on key times exactly, between them, and jump back.
func TestSamplerForwardMatchesSeek(t *testing.T) {
	same := func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b }
	for _, fl := range realisticFlavours {
		for _, mk := range []func(formats.Interp) (*formats.Skeleton, *formats.Clip){realisticClip, edgeClip, sharedClip, flaggedClip} {
			sk, clip := mk(fl)
			if err := clip.Validate(len(sk.Bones)); err != nil {
				t.Fatal(err)
			}
			for _, step := range []float64{1.0 / 60, 0.25, 1.0 / 7, 1e-3, 0.9} {
				s, p := NewClipSampler(sk, clip), NewPose(sk)
				f, fresh := NewClipSampler(sk, clip), NewPose(sk)
				for n := 0; n < 400; n++ {
					tm := ClipTime(float64(n)*step, clip.Duration, true)
					if n%97 == 50 {
						tm = 0.5 // a key time, often behind
					}
					s.Sample(tm, p)
					forgetLast(f) // no events: search every track
					f.Sample(tm, fresh)
					for b := range p.Local {
						g, w := p.Local[b], fresh.Local[b]
						gs := []float32{g.Translation[0], g.Translation[1], g.Translation[2], g.Rotation.W, g.Rotation.V[0], g.Rotation.V[1], g.Rotation.V[2], g.Scale[0], g.Scale[1], g.Scale[2]}
						ws := []float32{w.Translation[0], w.Translation[1], w.Translation[2], w.Rotation.W, w.Rotation.V[0], w.Rotation.V[1], w.Rotation.V[2], w.Scale[0], w.Scale[1], w.Scale[2]}
						for k := range gs {
							if !same(gs[k], ws[k]) {
								t.Fatalf("%v step %v t=%v bone %d: playing %v, fresh %v", fl, step, tm, b, g, w)
							}
						}
					}
				}
			}
		}
	}
}

// forgetLast makes a sampler take its next sample as its first: a
// search of every track for the time (a jump).
func forgetLast(s ClipSampler) {
	switch s := s.(type) {
	case *trackSampler:
		s.last = math.NaN()
	case *legoSampler:
		s.last = math.NaN()
	}
}

// cachesValid reports whether a sampler that plays by key events holds
// the pieces of its last sample in its caches.
func cachesValid(s ClipSampler) bool {
	switch s := s.(type) {
	case *trackSampler:
		return s.valid
	case *legoSampler:
		return s.valid
	}
	return false
}

// TestCursorFindMatchesScan checks the cursor's search, with its guess
// from evenly spaced keys, against a linear scan on timelines that are
// even, jittered, lopsided and with repeated times, at random times in
// random order.
func TestCursorFindMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.Intn(40)
		times := make([]float64, n)
		for k := range times {
			switch trial % 3 {
			case 0:
				times[k] = float64(k) / 30
			case 1:
				times[k] = (float64(k) + rng.Float64()*0.6) / 30
			default:
				times[k] = math.Pow(float64(k)/float64(n), 4)
			}
			if k > 0 && (times[k] < times[k-1] || rng.Intn(8) == 0) {
				times[k] = times[k-1]
			}
		}
		var c cursor
		for q := 0; q < 200; q++ {
			tm := (rng.Float64()*1.4 - 0.2) * (times[n-1] + 0.1)
			if q%10 == 0 {
				tm = times[rng.Intn(n)]
			}
			want := -1
			for k := range times {
				if times[k] <= tm {
					want = k
				}
			}
			if got := c.find(times, tm); got != want {
				t.Fatalf("times %v: find(%v) = %d, want %d", times, tm, got, want)
			}
		}
	}
}

// TestEventIndexSearch checks the event index against a scan: the first
// event later than t, for times before, among (on event times too) and
// after the events, with runs of equal times.
func TestEventIndexSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for trial := 0; trial < 100; trial++ {
		ev := make([]keyEvent, rng.Intn(300))
		tm := 0.0
		for j := range ev {
			if rng.Intn(4) > 0 {
				tm += rng.ExpFloat64() * float64(1+trial%5)
			}
			ev[j].time = tm
		}
		var x eventIndex
		x.build(ev)
		for q := 0; q < 300; q++ {
			at := (rng.Float64()*1.2 - 0.1) * (tm + 1)
			if q%5 == 0 && len(ev) > 0 {
				at = ev[rng.Intn(len(ev))].time
			}
			want := len(ev)
			for j := range ev {
				if ev[j].time > at {
					want = j
					break
				}
			}
			if got := x.search(ev, at); got != want {
				t.Fatalf("trial %d: search(%v) = %d, want %d", trial, at, got, want)
			}
		}
		if got := x.search(ev, math.NaN()); got != len(ev) {
			t.Errorf("search(NaN) = %d, want %d", got, len(ev))
		}
	}
}

// TestSamplerRewindsAtWrap checks a looping clip's wrap: the sampler
// starts again from its state before every key event (rewind) rather
// than dropping its caches, and the pose is a fresh sampler's to the bit;
// a jump back to the middle of the clip still drops them.
func TestSamplerRewindsAtWrap(t *testing.T) {
	for _, fl := range realisticFlavours {
		for _, mk := range []func(formats.Interp) (*formats.Skeleton, *formats.Clip){realisticClip, flaggedClip, edgeClip} {
			sk, clip := mk(fl)
			s, p := NewClipSampler(sk, clip), NewPose(sk)
			// The edge clip is so small that any jump back rewinds.
			big := clip.Name == "realistic"
			for _, tm := range []float64{1.9, 1.95, clip.Duration - 1e-3} {
				s.Sample(tm, p)
			}
			for _, tm := range []float64{0, 0.004, 1.0 / 60} {
				f, fresh := NewClipSampler(sk, clip), NewPose(sk)
				s.Sample(clip.Duration-1e-3, p)
				s.Sample(tm, p)
				if big && !cachesValid(s) {
					t.Errorf("%v %s: the wrap to %v dropped the caches", fl, clip.Name, tm)
				}
				f.Sample(tm, fresh)
				for b := range p.Local {
					if p.Local[b] != fresh.Local[b] || p.Visible[b] != fresh.Visible[b] {
						t.Fatalf("%v %s t=%v bone %d: after the wrap %v, fresh %v", fl, clip.Name, tm, b, p.Local[b], fresh.Local[b])
					}
				}
			}
			s.Sample(1.9, p)
			s.Sample(1, p)
			if big && cachesValid(s) {
				t.Errorf("%v %s: a jump back to 1 s kept the caches", fl, clip.Name)
			}
		}
	}
}

// TestSinTo checks sinTo against math.Sin over [0, π] (within 2⁻⁵⁰,
// relative, where prime2Weight's bracket assumes far less), and Echoes'
// slerp weights against the library's formula to the bit for two million
// random angles and factors, angles from acosf of dot products over
// Echoes' slerp range.
func TestSinTo(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for i := 0; i < 1_000_000; i++ {
		x := rng.Float64() * math.Pi
		if i%4 == 0 {
			x = math.Pi - x*1e-3 // next to π, after the reflection
		}
		got, want := sinTo(x), math.Sin(x)
		if math.Abs(got-want) > math.Abs(want)*0x1p-50 {
			t.Fatalf("sinTo(%v) = %v, math.Sin %v", x, got, want)
		}
	}
	for i := 0; i < 2_000_000; i++ {
		d := prime2OppositeDot + rng.Float32()*(prime2LerpDot-prime2OppositeDot)
		u := rng.Float32()
		if i%8 == 0 {
			u = float32(rng.Intn(5)) / 4
		}
		angle := float64(float32(math.Acos(float64(d))))
		inv := 1 / math.Sin(angle)
		wantA := float32(math.Sin(angle*float64(1-u)) * inv)
		wantB := float32(math.Sin(angle*float64(u)) * inv)
		ga, gi := prime2Angle(d)
		if ga != angle {
			t.Fatalf("prime2Angle(%v) angle %v, want %v", d, ga, angle)
		}
		a, b := prime2Weight(ga*float64(1-u), ga, gi), prime2Weight(ga*float64(u), ga, gi)
		if math.Float32bits(a) != math.Float32bits(wantA) || math.Float32bits(b) != math.Float32bits(wantB) {
			t.Fatalf("d %v u %v: weights %v %v, want %v %v", d, u, a, b, wantA, wantB)
		}
	}
}
