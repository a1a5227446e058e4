package player_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

func primeQ(w, x, y, z float32) mgl32.Quat { return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}} }

func primeQuatClose(a, b mgl32.Quat, eps float64) bool {
	return math.Abs(float64(a.W-b.W)) <= eps && math.Abs(float64(a.V[0]-b.V[0])) <= eps &&
		math.Abs(float64(a.V[1]-b.V[1])) <= eps && math.Abs(float64(a.V[2]-b.V[2])) <= eps
}

// CAnimMathUtils::Slerp as MP1 runs it
// (docs/formats/metroid-prime.md#mp1-slerp), worked by hand. The slerp
// branch takes its angle from CMath::FastArcCosR (a polynomial up to
// |dot| 0.925, the library acos beyond) and its weights
// from CMath::FastSinR, and normalises the sum, so where the weights are
// equal (u = 0.5) the sine's error cancels and a true slerp's value comes
// out; elsewhere the game's own values are expected, 1e-5 to 1e-4 from a
// true slerp. MP1 tests compare to a float32 ulp.
func TestSlerpPrimeSpec(t *testing.T) {
	id := primeQ(1, 0, 0, 0)
	c10, s10 := float32(math.Cos(10*math.Pi/180)), float32(math.Sin(10*math.Pi/180))
	c20, s20 := float32(math.Cos(20*math.Pi/180)), float32(math.Sin(20*math.Pi/180))
	c25, s25 := float32(math.Cos(25*math.Pi/180)), float32(math.Sin(25*math.Pi/180))
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
		// dot = 0: θ = FastArcCosR(0) = c1 = 1.5707964; equal weights at
		// u = 0.5, normalised: (sin 45°, sin 45°).
		{"slerp", id, primeQ(0, 1, 0, 0), 0.5, primeQ(0.70710678, 0.70710678, 0, 0)},
		// The same at u = 0.25: FastSinR(0.75θ = 1.1780972) = 0.92395908
		// and FastSinR(0.25θ = 0.39269909) = 0.38263223 (sin: 0.92387953,
		// 0.38268343); length² 1.0001078, times 1/√ = 0.99994612:
		// (0.92390931, 0.38261160), against the true (0.92387953,
		// 0.38268343).
		{"slerp with the game's sine", id, primeQ(0, 1, 0, 0), 0.25, primeQ(0.92390931, 0.38261160, 0, 0)},
		// dot = cos 20° = 0.93969262 is past 0.925: the library acos,
		// θ = 0.34906587 (20°). FastSinR(0.2617994) = 0.25877604,
		// FastSinR(0.08726647) = 0.08713910; W = 0.25877604 +
		// 0.08713910·0.93969262 = 0.34066001, X = 0.08713910·0.34202015 =
		// 0.02980333; times 1/√0.11693748 = 2.9243081: (0.99619478,
		// 0.08715411), the 5° turn (0.99619470, 0.08715574).
		{"acos past 0.925", id, primeQ(c20, s20, 0, 0), 0.25, primeQ(0.99619478, 0.08715411, 0, 0)},
		// dot = cos 25° = 0.90630782: the polynomial, θ = 0.43354404
		// (0.0027 short of 25°); FastSinR(0.32515803) = 0.31941000,
		// FastSinR(0.10838601) = 0.10815345; W = 0.41743031, X =
		// 0.04570762; times 1/√0.17633726 = 2.3813760: (0.99405855,
		// 0.10884704), the 6.25° turn (0.99405634, 0.10886687).
		{"slerp with the game's acos", id, primeQ(c25, s25, 0, 0), 0.25, primeQ(0.99405855, 0.10884704, 0, 0)},
		// dot = -0.5, no flip: θ = 120°, equal weights, so (1 - 0.5,
		// 0.8660254) normalised. Shortest arc would give (0.8660254, -0.5).
		{"opposite hemispheres stay the long way", id, primeQ(-0.5, 0.8660254, 0, 0), 0.5, primeQ(0.5, 0.8660254, 0, 0)},
	}
	for _, tc := range tests {
		if got := player.SlerpPrime(tc.q0, tc.q1, tc.u); !primeQuatClose(got, tc.want, 1.2e-7) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := player.SlerpShortest(id, primeQ(-0.5, 0.8660254, 0, 0), 0.5); !primeQuatClose(got, primeQ(0.8660254, -0.5, 0, 0), 2e-6) {
		t.Errorf("shortest arc for comparison: %v", got)
	}
	// Keys exactly opposite: the dot product, -1.0000001 in float32, is
	// past the acos's domain, and the game's slerp gives NaN (so would a
	// dot of exactly -1: equal weights and a zero sum at u = 0.5).
	if got := player.SlerpPrime(primeQ(0.6, 0.8, 0, 0), primeQ(-0.6, -0.8, 0, 0), 0.5); !math.IsNaN(float64(got.W)) {
		t.Errorf("opposite keys: %v, want NaN as in the game", got)
	}
}

// CAnimMathUtils::Slerp as Metroid Prime 2: Echoes builds poses with it
// (its fast mode), worked by hand: no end snaps, no flip to the shortest
// arc, a jump halfway between keys nearly opposite, a normalised lerp from
// dot 0.866 up, and an unnormalised slerp with acos and sin in double
// precision below.
func TestSlerpPrime2Spec(t *testing.T) {
	id := primeQ(1, 0, 0, 0)
	c10, s10 := float32(math.Cos(10*math.Pi/180)), float32(math.Sin(10*math.Pi/180))
	c25, s25 := float32(math.Cos(25*math.Pi/180)), float32(math.Sin(25*math.Pi/180))
	far0, far1 := primeQ(0.6, 0.8, 0, 0), primeQ(-0.6, -0.8, 0, 0)
	tests := []struct {
		name   string
		q0, q1 mgl32.Quat
		u      float32
		want   mgl32.Quat
		eps    float64
	}{
		// dot = -1.0000001 < -0.9999999: the start until u = 0.5, then
		// the end, exactly.
		{"nearly opposite before halfway", far0, far1, 0.49999997, far0, 0},
		{"nearly opposite from halfway", far0, far1, 0.5, far1, 0},
		// dot = -cos 0.01 = -0.99995 is above the jump's threshold, so the
		// slerp goes the long way: θ = acosf = 3.1315918 (float32 just
		// below π - 0.01), equal weights at u = 0.5 of sin(θ/2)/sin θ =
		// 99.991852; W = 99.991852·(1 - 0.99995) = 0.0049973 (cancelling
		// in float32), X = 99.991852·0.0099998333 = 0.99990183: a turn of
		// almost 180° about X, not normalised. The short arc would give
		// about (0.99999, -0.005).
		{"long way round near the jump", id, primeQ(-float32(math.Cos(0.01)), float32(math.Sin(0.01)), 0, 0), 0.5,
			primeQ(0.0049972534, 0.99990183, 0, 0), 1.2e-7},
		// dot = cos 10°: the lerp, as in MP1.
		{"near keys lerp", id, primeQ(c10, s10, 0, 0), 0.25, primeQ(0.99905187, 0.04353624, 0, 0), 1.2e-7},
		// dot = cos 25° = 0.906 is in Echoes' band (MP1 slerps it): the
		// lerp (1 - 0.25(1 - cos 25°), 0.25 sin 25°) = (0.97657692,
		// 0.10565457), times 1/√0.96486539 = 1.0180442: (0.9941985,
		// 0.10756102); a true slerp gives (0.99405634, 0.10886687).
		{"lerp band from 0.866", id, primeQ(c25, s25, 0, 0), 0.25, primeQ(0.9941985, 0.10756102, 0, 0), 1.2e-7},
		// dot = 0 between keys of length 2: θ = float32(π/2), weights
		// sin 67.5° = 0.92387956 and sin 22.5° = 0.38268346; the sum is
		// left at length 2: (1.8477591, 0.76536691).
		{"slerp not normalised", primeQ(2, 0, 0, 0), primeQ(0, 2, 0, 0), 0.25, primeQ(1.8477591, 0.76536691, 0, 0), 2.4e-7},
		// No snap at the start: u = 1e-6 moves off the key by
		// sin(1e-6·θ) = 1.5707964e-6.
		{"no start snap", id, primeQ(0, 1, 0, 0), 1e-6, primeQ(1, 1.5707964e-6, 0, 0), 1e-12},
		// dot = -0.5: θ = 120°, equal weights of 1 at u = 0.5.
		{"opposite hemispheres stay the long way", id, primeQ(-0.5, 0.8660254, 0, 0), 0.5, primeQ(0.5, 0.8660254, 0, 0), 1.2e-7},
	}
	for _, tc := range tests {
		if got := player.SlerpPrime2(tc.q0, tc.q1, tc.u); !primeQuatClose(got, tc.want, tc.eps) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// Metroid Prime turns the same nearly-opposite pair smoothly.
	if got := player.SlerpPrime(id, primeQ(-float32(math.Cos(0.01)), float32(math.Sin(0.01)), 0, 0), 0.5); !primeQuatClose(got, primeQ(0.005000901, 0.99998754, 0, 0), 1.2e-7) {
		t.Errorf("MP1 near the jump: %v", got)
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

// Frames the bitmap leaves out are interpolated between the keyed frames
// around them (docs/formats/metroid-prime.md#key-timing), u =
// (t/interval − prior)/(next − prior); slerp (the game's,
// docs/formats/metroid-prime.md#mp1-slerp) for rotation, lerp for
// translation. The clip is built by hand with keyed frames 0, 3 and 4 at
// 0.1 s, so the expected values are exact.
func TestPrimeKeyBracketing(t *testing.T) {
	times := []float64{0, 0.3, 0.4}
	sk := &formats.Skeleton{Bones: []formats.Bone{{ID: 3, Parent: -1, Bind: formats.Identity()}}}
	clip := &formats.Clip{Duration: 0.5, Interp: formats.InterpPrime, SharedTimeline: true, Tracks: []formats.BoneTracks{{
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
		// Frame 1: u = 1/3 (0.33333334 as a float32): x = 1. The game
		// takes the angle from FastArcCosR(-0.5) = 2.0943928 (its
		// polynomial, 2.2e-6 short of 120°) and the weights from
		// FastSinR(1.3962618) = 0.98487037 and FastSinR(0.6981310) =
		// 0.64276743 (sin: 0.98480748, 0.64278705); W = 0.98487037 −
		// 0.5·0.64276743 = 0.66348666, X = 0.8660254·0.64276743 =
		// 0.55665290, normalised by 1/√0.75007701 = 1.1546413:
		// (0.76608908, 0.64273441). A true slerp gives the 80° turn
		// (0.76604444, 0.64278761), 4.5e-5 away; the symmetric u = 0.5
		// above is exact because the weights are equal.
		{0.1, mgl32.Vec3{1, 0, 0}, primeQ(0.76608908, 0.64273441, 0, 0)},
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
// game's slerp and lerp at u from docs/formats/metroid-prime.md#key-timing.
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
		u     float32 // docs/formats/metroid-prime.md#key-timing
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

// A version 0 clip blends its last frame into frame 0
// (docs/formats/metroid-prime.md#version-0-sampling).
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

// docs/formats/metroid-prime.md#bind-pose and
// docs/formats/metroid-prime.md#bones-without-a-channel through the
// player: a bone without a channel keeps the bind local offset and
// identity rotation; a translation channel replaces the bind offset.
func TestPrimeDemoBindAndWorld(t *testing.T) {
	anim, cinf, evnt, err := primetest.Files()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{primetest.ANIMName: anim, primetest.CINFName: cinf, primetest.EVNTName: evnt}
	in := &formats.Input{Name: primetest.ANIMName, Data: anim, Siblings: primeFiles(files)}
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
			for _, v := range w.Matrix(i) {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					t.Fatalf("t=%v: bone %d world matrix %v", tm, i, w.Matrix(i))
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

// BenchmarkSamplePrime2 is BenchmarkSamplePrime for an Echoes clip
// (Echoes' slerp, which the sampler calls for the lerp band instead of
// inlining it).
func BenchmarkSamplePrime2(b *testing.B) {
	a := loadPrime(b, prime.MP2, 2, prime.Header{Interval: 1.0 / 30}, primeBenchKeys(60, 600))
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

// primeRandomPair draws a key pair for the fast-path check: q1 is q0
// turned by an angle picked to land in each branch of the slerps (equal
// keys, the lerp bands, the slerp, nearly and exactly opposite), and
// negated half the time so that opposite hemispheres come up too.
func primeRandomPair(rng *rand.Rand) (q0, q1 mgl32.Quat) {
	axis := func() mgl32.Vec3 {
		return mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}.Normalize()
	}
	q0 = mgl32.QuatRotate(float32(rng.Float64()*2*math.Pi), axis())
	var angle float64
	switch rng.Intn(6) {
	case 0:
		angle = 0
	case 1:
		angle = rng.Float64() * 0.02 // close keys, as in most clips
	case 2:
		angle = rng.Float64() * 1.2 // up to past both lerp bands
	case 3:
		angle = rng.Float64() * 2 * math.Pi
	case 4:
		angle = 2*math.Pi - rng.Float64()*1e-3 // nearly opposite
	default:
		angle = 2 * math.Pi
	}
	q1 = mgl32.QuatRotate(float32(angle), axis()).Mul(q0)
	if rng.Intn(2) == 0 {
		q1 = q1.Scale(-1)
	}
	return q0, q1
}

// The sampler inlines the common branches of the slerps; its result must
// be the function's to the bit, for every flavour, with and without the
// negate flag, at factors that reach the end snaps too.
func TestPrimeSamplerMatchesSlerp(t *testing.T) {
	flavours := []struct {
		interp formats.Interp
		slerp  func(q0, q1 mgl32.Quat, u float32) mgl32.Quat
	}{
		{formats.InterpPrime, player.SlerpPrime},
		{formats.InterpPrime2, player.SlerpPrime2},
		{formats.InterpShortestArc, player.SlerpShortest},
	}
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
	}
	sk := &formats.Skeleton{Bones: []formats.Bone{{ID: 0, Parent: -1, Bind: formats.Identity()}}}
	for _, fl := range flavours {
		rng := rand.New(rand.NewSource(7))
		for i := range 20000 {
			q0, q1 := primeRandomPair(rng)
			tr := formats.QuatTrack{Times: []float64{0, 1}, Values: []mgl32.Quat{q0, q1}}
			negate := i%4 == 0
			if negate {
				tr.Flags = []formats.KeyFlags{0, formats.KeyNegate}
				q1 = q1.Scale(-1)
			}
			clip := &formats.Clip{Duration: 1, Interp: fl.interp, Tracks: []formats.BoneTracks{{Rotation: tr}}}
			s := player.NewClipSampler(sk, clip)
			p := player.NewPose(sk)
			for _, tm := range []float64{rng.Float64(), rng.Float64() * 2e-5, 1 - rng.Float64()*2e-5, 0.5} {
				if tm == 0 {
					continue
				}
				s.Sample(tm, p)
				got, want := p.Local[0].Rotation, fl.slerp(q0, q1, float32(tm))
				if !same(got.W, want.W) || !same(got.V[0], want.V[0]) || !same(got.V[1], want.V[1]) || !same(got.V[2], want.V[2]) {
					t.Fatalf("%v: keys %v %v (negate %v) at %v: sampler %v, slerp %v", fl.interp, q0, q1, negate, tm, got, want)
				}
			}
		}
	}
}

// An Echoes clip goes through the loader and the player with Echoes'
// slerp. Its keys 0 and 1 (frames 0 and 4) are nearly opposite, a 180°
// turn about X away from each other minus 2e-4 rad: the pose stays on
// key 0 up to halfway and jumps to key 1 there, where Metroid Prime's
// slerp would turn smoothly the long way.
func TestPrime2Sampling(t *testing.T) {
	e := 1e-4
	k := &prime.Keys{Frames: []int{0, 4, 6}, Channels: []prime.ChannelKeys{{
		BoneID: 0,
		Rotation: []mgl32.Quat{primeQ(1, 0, 0, 0), primeQ(-float32(math.Cos(e)), float32(math.Sin(e)), 0, 0),
			primeQ(0, 1, 0, 0)},
	}}}
	a := loadPrime(t, prime.MP2, 2, prime.Header{Interval: 0.1}, k)
	c := a.Clips[0]
	if c.Interp != formats.InterpPrime2 {
		t.Fatalf("interp %v", c.Interp)
	}
	keys := c.Tracks[0].Rotation.Values
	if d := keys[0].Dot(keys[1]); d >= -0.9999999 {
		t.Fatalf("decoded keys %v %v are not nearly opposite (dot %v)", keys[0], keys[1], d)
	}
	for _, tc := range []struct {
		t    float64
		want mgl32.Quat
	}{
		{0.1, keys[0]},  // u = 0.25
		{0.19, keys[0]}, // u = 0.475
		{0.2, keys[1]},  // u = 0.5: the jump
		{0.3, keys[1]},  // u = 0.75
	} {
		if got := primeSampleAt(a, tc.t).Local[0].Rotation; got != tc.want {
			t.Errorf("t=%v: %v, want key %v", tc.t, got, tc.want)
		}
	}
	// Frames 4 to 6 are 90° apart: the slerp, not normalised, to the bit
	// (at the factor the player computes from float32(0.1) key times).
	times := c.Tracks[0].Rotation.Times
	u := float32((0.5 - times[1]) / (times[2] - times[1]))
	want := player.SlerpPrime2(keys[1], keys[2], u)
	if got := primeSampleAt(a, 0.5).Local[0].Rotation; got != want {
		t.Errorf("t=0.5: %v, want %v", got, want)
	}
	// Metroid Prime's slerp of keys 0 and 1 is well away from both keys
	// at u = 0.475 (X is 0 and 1e-4 on them).
	if mp1 := player.SlerpPrime(keys[0], keys[1], 0.475); math.Abs(float64(mp1.V[0])) < 0.5 {
		t.Errorf("MP1's slerp of the same keys at u = 0.475 is %v, at a key", mp1)
	}
}
