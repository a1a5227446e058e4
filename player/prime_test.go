package player_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

func primeQ(w, x, y, z float32) mgl32.Quat { return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}} }

func primeQuatClose(a, b mgl32.Quat, eps float64) bool {
	return math.Abs(float64(a.W-b.W)) <= eps && math.Abs(float64(a.V[0]-b.V[0])) <= eps &&
		math.Abs(float64(a.V[1]-b.V[1])) <= eps && math.Abs(float64(a.V[2]-b.V[2])) <= eps
}

// Metroid Prime spec 3.5.10, CAnimMathUtils::Slerp, worked by hand.
func TestSlerpPrimeSpec(t *testing.T) {
	id := primeQ(1, 0, 0, 0)
	c10, s10 := float32(math.Cos(10*math.Pi/180)), float32(math.Sin(10*math.Pi/180))
	tests := []struct {
		name   string
		q0, q1 mgl32.Quat
		u      float32
		want   mgl32.Quat
	}{
		// u ≤ 1e-5 gives the start exactly, u ≥ 0.99999 the end.
		{"u at the start snap", id, primeQ(0, 1, 0, 0), 0.00001, id},
		{"u at the end snap", id, primeQ(0, 1, 0, 0), 0.99999, primeQ(0, 1, 0, 0)},
		// dot ≥ 1 gives the start.
		{"equal keys", primeQ(0, 0, 1, 0), primeQ(0, 0, 1, 0), 0.5, primeQ(0, 0, 1, 0)},
		// dot = cos 10° > 0.95: normalised lerp. At u = 0.25 the lerp is
		// (1 - 0.25(1 - cos 10°), 0.25 sin 10°) = (0.99620194, 0.04341204),
		// length 0.99714739, so (0.99905185, 0.04353624); a true slerp would
		// give (cos 2.5°, sin 2.5°) = (0.99904822, 0.04361939).
		{"near keys lerp", id, primeQ(c10, s10, 0, 0), 0.25, primeQ(0.99905185, 0.04353624, 0, 0)},
		// dot = 0: classic slerp, θ = 90°, a = b = sin 45° / sin 90°.
		{"slerp", id, primeQ(0, 1, 0, 0), 0.5, primeQ(0.70710678, 0.70710678, 0, 0)},
		// dot = -0.5, no flip: θ = 120°, a = b = sin 60° / sin 120° = 1, so
		// (1 - 0.5, 0.8660254). Shortest arc would give (0.8660254, -0.5).
		{"opposite hemispheres stay the long way", id, primeQ(-0.5, 0.8660254, 0, 0), 0.5, primeQ(0.5, 0.8660254, 0, 0)},
	}
	for _, tc := range tests {
		if got := player.SlerpPrime(tc.q0, tc.q1, tc.u); !primeQuatClose(got, tc.want, 2e-6) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := player.SlerpShortest(id, primeQ(-0.5, 0.8660254, 0, 0), 0.5); !primeQuatClose(got, primeQ(0.8660254, -0.5, 0, 0), 2e-6) {
		t.Errorf("shortest arc for comparison: %v", got)
	}
}

// loadPrime encodes keys as an ANIM, opens it without siblings (flat bones
// in channel order) and returns the asset.
func loadPrime(t testing.TB, game prime.Game, version int, h prime.Header, k *prime.Keys) *formats.Asset {
	t.Helper()
	data, err := prime.EncodeANIM(game, version, h, k)
	if err != nil {
		t.Fatal(err)
	}
	a, err := prime.LoadANIM(&formats.Input{Name: "test.anim", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func primeSampleAt(a *formats.Asset, t float64) *player.Pose {
	p := player.NewPose(a.Skeleton)
	player.NewClipSampler(a.Skeleton, a.Clips[0]).Sample(t, p)
	return p
}

// Spec 3.5.9: frames the bitmap leaves out are interpolated between the
// keyed frames around them, u = (t/interval − prior)/(next − prior);
// slerp (the game's, spec 3.5.10) for rotation, lerp for translation. The
// clip is built by hand with keyed frames 0, 3 and 4 at 0.1 s, so the
// expected values are exact.
func TestPrimeKeyBracketing(t *testing.T) {
	times := []float64{0, 0.3, 0.4}
	sk := &formats.Skeleton{Bones: []formats.Bone{{ID: 3, Parent: -1, Bind: formats.Identity()}}}
	clip := &formats.Clip{Duration: 0.5, Interp: formats.InterpPrime, Tracks: []formats.BoneTracks{{
		// Key 1 is 120° about X the long way from key 0: W = -0.5.
		Rotation:    formats.QuatTrack{Times: times, Values: []mgl32.Quat{primeQ(1, 0, 0, 0), primeQ(-0.5, 0.8660254, 0, 0), primeQ(0, 1, 0, 0)}},
		Translation: formats.Vec3Track{Times: times, Values: []mgl32.Vec3{{0, 0, 0}, {3, 0, 0}, {10, -4, 0}}},
	}}}
	a := &formats.Asset{Skeleton: sk, Clips: []*formats.Clip{clip}}
	tests := []struct {
		t     float64
		trans mgl32.Vec3
		rot   mgl32.Quat
	}{
		{0, mgl32.Vec3{0, 0, 0}, primeQ(1, 0, 0, 0)},
		// Frame 1.5, between keyed frames 0 and 3: u = 1.5/3 = 0.5.
		// Translation (0 + 3)/2; rotation: dot -0.5, θ = 120°, a = b =
		// sin 60°/sin 120° = 1: (1 − 0.5, 0.8660254), the long way.
		{0.15, mgl32.Vec3{1.5, 0, 0}, primeQ(0.5, 0.8660254, 0, 0)},
		// Frame 1: u = 1/3: x = 1; a = sin 80°/sin 120° = 1.13715804,
		// b = sin 40°/sin 120° = 0.74222719; W = a − 0.5b = 0.76604444,
		// X = 0.8660254b = 0.64278761 (an 80° turn).
		{0.1, mgl32.Vec3{1, 0, 0}, primeQ(0.76604444, 0.64278761, 0, 0)},
		// A keyed frame gives its key.
		{0.3, mgl32.Vec3{3, 0, 0}, primeQ(-0.5, 0.8660254, 0, 0)},
		// Frame 3.5, between frames 3 and 4: u = 0.5, translation
		// (3 + 10)/2, (0 − 4)/2; rotation dot 0.8660254 ≤ 0.95, θ = 30°,
		// a = b = sin 15°/sin 30° = 0.51763809: (−0.25881905, 0.96592583).
		{0.35, mgl32.Vec3{6.5, -2, 0}, primeQ(-0.25881905, 0.96592583, 0, 0)},
		// After the last key the clip holds it.
		{0.5, mgl32.Vec3{10, -4, 0}, primeQ(0, 1, 0, 0)},
	}
	for _, tc := range tests {
		p := primeSampleAt(a, tc.t)
		got := p.Local[0]
		if got.Translation.Sub(tc.trans).Len() > 1e-5 || !primeQuatClose(got.Rotation, tc.rot, 1e-6) {
			t.Errorf("t=%v: %v %v, want %v %v", tc.t, got.Translation, got.Rotation, tc.trans, tc.rot)
		}
	}
}

// A compressed clip with gaps in its bitmap plays through the loader and
// the player: keyed frames give the decoded keys; frames between are the
// game's slerp and lerp at u from spec 3.5.9.
func TestPrimeBitmapGaps(t *testing.T) {
	k := &prime.Keys{Frames: []int{0, 3, 4}, Channels: []prime.ChannelKeys{{
		BoneID:      3,
		Rotation:    []mgl32.Quat{primeQ(1, 0, 0, 0), primeQ(-0.5, 0.8660254, 0, 0), primeQ(0, 1, 0, 0)},
		Translation: []mgl32.Vec3{{0, 0, 0}, {3, 0, 0}, {10, -4, 0}},
	}}}
	a := loadPrime(t, prime.MP1, 2, prime.Header{Interval: 0.1, TransMult: 1}, k)
	c := a.Clips[0]
	if c.Interp != formats.InterpPrime {
		t.Fatalf("interp %v", c.Interp)
	}
	tr := &c.Tracks[0]
	if !primeNear(tr.Rotation.Times[1], 0.3) || !primeNear(tr.Rotation.Times[2], 0.4) {
		t.Fatalf("key times %v, want frames 0, 3, 4 at 0.1 s", tr.Rotation.Times)
	}
	keys := tr.Rotation.Values
	if keys[1].W >= 0 {
		t.Fatalf("key 1 lost its negative W: %v", keys[1])
	}
	tests := []struct {
		t     float64
		i     int     // prior key
		u     float32 // spec 3.5.9
		trans mgl32.Vec3
	}{
		{0.1, 0, 1.0 / 3, mgl32.Vec3{1, 0, 0}},
		{0.15, 0, 0.5, mgl32.Vec3{1.5, 0, 0}},
		{0.35, 1, 0.5, mgl32.Vec3{6.5, -2, 0}},
	}
	for _, tc := range tests {
		p := primeSampleAt(a, tc.t)
		want := player.SlerpPrime(keys[tc.i], keys[tc.i+1], tc.u)
		if !primeQuatClose(p.Local[0].Rotation, want, 1e-6) || p.Local[0].Translation.Sub(tc.trans).Len() > 1e-5 {
			t.Errorf("t=%v: %v %v, want %v %v", tc.t, p.Local[0].Rotation, p.Local[0].Translation, want, tc.trans)
		}
	}
	if p := primeSampleAt(a, 0.3); p.Local[0].Rotation != keys[1] {
		t.Errorf("keyed frame 3: %v, want the key %v", p.Local[0].Rotation, keys[1])
	}
}

func primeNear(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// Spec 3.2 sampling: a version 0 clip blends its last frame into frame 0.
func TestPrimeV0EndOfClip(t *testing.T) {
	k := &prime.Keys{Frames: []int{0, 1, 2}, Channels: []prime.ChannelKeys{{
		BoneID:      0,
		Rotation:    []mgl32.Quat{primeQ(1, 0, 0, 0), primeQ(1, 0, 0, 0), primeQ(0, 0, 0, 1)},
		Translation: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {4, 0, 0}},
	}}}
	a := loadPrime(t, prime.MP1, 0, prime.Header{Interval: 0.1, Duration: 0.3}, k)
	c := a.Clips[0]
	if c.Loop {
		t.Error("version 0 clips do not loop (the engine reports them non-looping)")
	}
	// t = 0.25: frame 2 and, wrapping, frame 0, u = 0.5: x = (4 + 0)/2.
	// Rotation: slerp from (0,0,0,1) to identity, dot 0, θ = 90°:
	// (sin 45°, 0, 0, sin 45°).
	p := primeSampleAt(a, 0.25)
	if x := p.Local[0].Translation[0]; math.Abs(float64(x)-2) > 1e-6 {
		t.Errorf("translation x %v, want 2", x)
	}
	if r := p.Local[0].Rotation; !primeQuatClose(r, primeQ(0.70710678, 0, 0, 0.70710678), 1e-6) {
		t.Errorf("rotation %v", r)
	}
	// At the duration the pose is frame 0 again (up to the float32
	// interval: 3·float32(0.1) and float32(0.3) differ in the last bits).
	if p := primeSampleAt(a, 0.3); p.Local[0].Translation.Len() > 1e-5 {
		t.Errorf("pose at the end %v, want frame 0", p.Local[0].Translation)
	}
}

// Spec 1.3 and 3.5.11 through the player: a bone without a channel keeps
// the bind local offset and identity rotation; a translation channel
// replaces the bind offset.
func TestPrimeDemoBindAndWorld(t *testing.T) {
	anim, cinf, evnt, err := prime.DemoFiles()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{prime.DemoANIMName: anim, prime.DemoCINFName: cinf, prime.DemoEVNTName: evnt}
	in := &formats.Input{Name: prime.DemoANIMName, Data: anim, Siblings: primeFiles(files)}
	a, err := formats.NewRegistry(prime.Loaders()...).Load(in)
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	s := player.NewClipSampler(sk, a.Clips[0])
	p := player.NewPose(sk)
	w := player.NewWorldPose(sk)
	foot := sk.IndexByName("L_Back_Foot")
	body := sk.IndexByName("Body")
	for _, tm := range []float64{0, 0.2, 0.55, 1} {
		s.Sample(tm, p)
		if p.Local[foot] != sk.Bones[foot].Bind {
			t.Errorf("t=%v: foot %v, want its bind %v", tm, p.Local[foot], sk.Bones[foot].Bind)
		}
		if d := p.Local[body].Translation.Sub(sk.Bones[body].Bind.Translation).Len(); d > 0.03 {
			t.Errorf("t=%v: body offset %v is not the bind offset plus a small bob", tm, p.Local[body].Translation)
		}
		player.ToWorld(sk, p, w)
		for i := range sk.Bones {
			for _, v := range w.Matrices[i] {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					t.Fatalf("t=%v: bone %d world matrix %v", tm, i, w.Matrices[i])
				}
			}
		}
	}
	// In the bind pose, world positions are the CINF's absolute positions.
	p.SetBind(sk)
	player.ToWorld(sk, p, w)
	c, err := prime.ParseCINF(cinf, prime.GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range c.Bones {
		i := sk.Index(int(b.ID))
		if w.Position(i).Sub(b.Position).Len() > 1e-6 {
			t.Errorf("bone %d bind world %v, CINF %v", b.ID, w.Position(i), b.Position)
		}
	}
	// Wrapping from 0.7 to 0.3 crosses Step_Right (0.75), then Loop (0)
	// and Step_Left (0.25).
	got := player.CrossedEvents(a.Clips[0].Events, 0.7, 0.3, 1, true, nil)
	ev := a.Clips[0].Events
	if len(got) != 3 || ev[got[0]].Name != "Step_Right" || ev[got[1]].Name != "Loop" || ev[got[2]].Name != "Step_Left" {
		t.Errorf("crossed %v", got)
	}
}

type primeFiles map[string][]byte

func (m primeFiles) List() ([]string, error) {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	return n, nil
}

func (m primeFiles) Open(name string) ([]byte, error) { return m[name], nil }

// primeBenchKeys is a 60-channel, 600-frame clip with translation on a third of
// the channels and smooth motion, every frame keyed.
func primeBenchKeys(channels, frames int) *prime.Keys {
	k := &prime.Keys{Frames: make([]int, frames)}
	for i := range k.Frames {
		k.Frames[i] = i
	}
	for c := 0; c < channels; c++ {
		ck := prime.ChannelKeys{BoneID: c, Rotation: make([]mgl32.Quat, frames)}
		axis := mgl32.Vec3{float32(math.Sin(float64(c))), float32(math.Cos(float64(c))), 0.5}.Normalize()
		for f := range ck.Rotation {
			ck.Rotation[f] = mgl32.QuatRotate(float32(0.8*math.Sin(float64(f)*0.07+float64(c))), axis)
		}
		if c%3 == 0 {
			ck.Translation = make([]mgl32.Vec3, frames)
			for f := range ck.Translation {
				ph := float64(f)*0.05 + float64(c)
				ck.Translation[f] = mgl32.Vec3{float32(math.Sin(ph)), float32(math.Cos(ph)), 0}
			}
		}
		k.Channels = append(k.Channels, ck)
	}
	return k
}

// BenchmarkSamplePrime samples the decode benchmark's clip (60 bones, 600
// frames, Prime slerp) at random times, so every sample searches for its
// keys, and reports ns per bone.
func BenchmarkSamplePrime(b *testing.B) {
	a := loadPrime(b, prime.MP1, 2, prime.Header{Interval: 1.0 / 30}, primeBenchKeys(60, 600))
	sk, clip := a.Skeleton, a.Clips[0]
	s := player.NewClipSampler(sk, clip)
	p := player.NewPose(sk)
	rng := rand.New(rand.NewSource(1))
	times := make([]float64, 4096)
	for i := range times {
		times[i] = rng.Float64() * clip.Duration
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Sample(times[i&4095], p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sk.Bones)), "ns/bone")
}

// BenchmarkPlayPrime samples the same clip as playback does, advancing by
// a 60 Hz tick with the clip looping.
func BenchmarkPlayPrime(b *testing.B) {
	a := loadPrime(b, prime.MP1, 2, prime.Header{Interval: 1.0 / 30, Looping: true}, primeBenchKeys(60, 600))
	sk, clip := a.Skeleton, a.Clips[0]
	s := player.NewClipSampler(sk, clip)
	p := player.NewPose(sk)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Sample(player.ClipTime(float64(i)/60, clip.Duration, true), p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sk.Bones)), "ns/bone")
}
