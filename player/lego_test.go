package player

import (
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/go-gl/mathgl/mgl32"
)

// LEGO Island evaluation (formats.InterpLego), checked against values
// worked by hand from docs/formats/lego-island.md#evaluating-a-node.
// Quaternions here are in
// the model's column-vector convention unless a comment says "game".

// legoRotZ is a rotation of deg degrees about Z.
func legoRotZ(deg float64) mgl32.Quat {
	s, c := math.Sincos(deg * math.Pi / 360)
	return mgl32.Quat{W: float32(c), V: mgl32.Vec3{0, 0, float32(s)}}
}

func legoClose(a, b mgl32.Quat, eps float64) bool {
	return math.Abs(float64(a.W-b.W)) <= eps && math.Abs(float64(a.V[0]-b.V[0])) <= eps &&
		math.Abs(float64(a.V[1]-b.V[1])) <= eps && math.Abs(float64(a.V[2]-b.V[2])) <= eps
}

// legoBind is deliberately not the identity (a LEGO bind is), so that
// "the channel contributes nothing" shows in the tests.
var legoBind = formats.Transform{
	Translation: mgl32.Vec3{7, 7, 7},
	Rotation:    mgl32.Quat{W: 0.6, V: mgl32.Vec3{0.8, 0, 0}},
	Scale:       mgl32.Vec3{9, 9, 9},
}

// legoOneBone samples a one-bone LEGO clip at t.
func legoOneBone(tr formats.BoneTracks, t float64) (formats.Transform, bool) {
	sk := &formats.Skeleton{Bones: []formats.Bone{{Parent: -1, Bind: legoBind}}}
	clip := &formats.Clip{Duration: 10, Interp: formats.InterpLego, Tracks: []formats.BoneTracks{tr}}
	p := NewPose(sk)
	NewClipSampler(sk, clip).Sample(t, p)
	return p.Local[0], p.Visible[0]
}

const (
	lgInactive = formats.KeyInactive
	lgStep     = formats.KeyStep
	lgNegate   = formats.KeyNegate
)

// TestLegoTranslation: GetTranslation. 0 keys before the first key; one
// key (exact time or after the last) only when active; two keys lerp
// unless both are inactive; 0x04 and 0x02 are not consulted.
func TestLegoTranslation(t *testing.T) {
	tr := formats.BoneTracks{Translation: formats.Vec3Track{
		Times:  []float64{1, 2, 3},
		Values: []mgl32.Vec3{{0, 0, 0}, {10, 0, 0}, {20, 0, 0}},
		Flags:  []formats.KeyFlags{lgInactive, 0, lgInactive | lgStep | lgNegate},
	}}
	both := formats.BoneTracks{Translation: formats.Vec3Track{
		Times:  []float64{0, 1},
		Values: []mgl32.Vec3{{4, 0, 0}, {6, 0, 0}},
		Flags:  []formats.KeyFlags{lgInactive, lgInactive},
	}}
	noFlags := formats.BoneTracks{Translation: formats.Vec3Track{
		Times: []float64{0, 1}, Values: []mgl32.Vec3{{4, 0, 0}, {6, 0, 0}},
	}}
	bind := legoBind.Translation
	tests := []struct {
		name string
		tr   formats.BoneTracks
		t    float64
		want mgl32.Vec3
	}{
		{"before the first key: nothing", tr, 0.5, bind},
		{"exact time of an inactive key: nothing", tr, 1, bind},
		{"inactive then active: lerp from the inactive value", tr, 1.5, mgl32.Vec3{5, 0, 0}},
		{"exact time of an active key", tr, 2, mgl32.Vec3{10, 0, 0}},
		{"active then inactive, step and negate ignored: lerp", tr, 2.5, mgl32.Vec3{15, 0, 0}},
		{"quarter of the way: 10 + 0.25*10", tr, 2.25, mgl32.Vec3{12.5, 0, 0}},
		{"exact time of the inactive last key: nothing", tr, 3, bind},
		{"after an inactive last key: nothing", tr, 9, bind},
		{"both keys inactive: nothing", both, 0.5, bind},
		{"no flags: all active, lerp", noFlags, 0.5, mgl32.Vec3{5, 0, 0}},
		{"no flags: hold the last key", noFlags, 7, mgl32.Vec3{6, 0, 0}},
	}
	for _, tc := range tests {
		got, _ := legoOneBone(tc.tr, tc.t)
		if got.Translation != tc.want {
			t.Errorf("%s: t=%v got %v want %v", tc.name, tc.t, got.Translation, tc.want)
		}
	}
}

// TestLegoRotation: GetRotation with the flags read on key i+1.
func TestLegoRotation(t *testing.T) {
	q90 := legoRotZ(90)
	// Halfway from 0° to 90° about Z is 45°: (cos 22.5°, 0, 0, sin 22.5°).
	half := mgl32.Quat{W: 0.9238795, V: mgl32.Vec3{0, 0, 0.3826834}}
	// A quarter of the way is 22.5°: (cos 11.25°, 0, 0, sin 11.25°).
	quarter := mgl32.Quat{W: 0.9807853, V: mgl32.Vec3{0, 0, 0.1950903}}
	track := func(flags ...formats.KeyFlags) formats.BoneTracks {
		return formats.BoneTracks{Rotation: formats.QuatTrack{
			Times: []float64{1, 2}, Values: []mgl32.Quat{mgl32.QuatIdent(), q90}, Flags: flags}}
	}
	negated := formats.BoneTracks{Rotation: formats.QuatTrack{
		Times: []float64{1, 2}, Values: []mgl32.Quat{mgl32.QuatIdent(), q90.Scale(-1)},
		Flags: []formats.KeyFlags{0, lgNegate}}}
	// Without the flag the stored -q90 is reached through the long way:
	// dot = -cos 45°, so the game slerps by 135°·f; halfway is 67.5°
	// from identity towards -q90: (cos 67.5°, 0, 0, -sin 67.5°).
	longWay := mgl32.Quat{W: 0.3826834, V: mgl32.Vec3{0, 0, -0.9238795}}
	unflagged := formats.BoneTracks{Rotation: formats.QuatTrack{
		Times: []float64{1, 2}, Values: []mgl32.Quat{mgl32.QuatIdent(), q90.Scale(-1)}}}
	bind := legoBind.Rotation
	tests := []struct {
		name string
		tr   formats.BoneTracks
		t    float64
		want mgl32.Quat
	}{
		{"before the first key: nothing", track(), 0.999, bind},
		{"exact key time, active", track(), 2, q90},
		{"after the last key: hold it", track(), 5, q90},
		{"exact key time, inactive: nothing", track(0, lgInactive), 2, bind},
		{"after an inactive last key: nothing", track(0, lgInactive), 5, bind},
		{"slerp halfway", track(), 1.5, half},
		{"slerp a quarter", track(), 1.25, quarter},
		{"key i inactive, key i+1 active: slerp from key i", track(lgInactive, 0), 1.5, half},
		{"key i active, key i+1 inactive: slerp", track(0, lgInactive), 1.5, half},
		{"both inactive: nothing", track(lgInactive, lgInactive), 1.5, bind},
		{"0x04 on the later key: key i exactly", track(0, lgStep), 1.99, mgl32.QuatIdent()},
		{"0x04 on the earlier key: no effect here", track(lgStep, 0), 1.5, half},
		{"0x04 and inactive on the later key: still key i", track(0, lgStep|lgInactive), 1.5, mgl32.QuatIdent()},
		{"0x02 on the later key: negated before the slerp", negated, 1.5, half},
		{"no 0x02: the game does not pick the short way", unflagged, 1.5, longWay},
	}
	for _, tc := range tests {
		got, _ := legoOneBone(tc.tr, tc.t)
		if !legoClose(got.Rotation, tc.want, 2e-7) {
			t.Errorf("%s: t=%v got %v want %v", tc.name, tc.t, got.Rotation, tc.want)
		}
	}
}

// TestSlerpLegoCases checks MxQuaternionTransformer::Interpolate's three
// branches through SlerpLego.
func TestSlerpLegoCases(t *testing.T) {
	// Near-equal keys (1 - dot <= 1e-5): a plain lerp, not normalised.
	// From identity to 0.4° about Z: dot = cos 0.2° = 0.99999391.
	// Halfway: w = (1 + cos 0.2°)/2, z = sin 0.2°/2, |q| = 0.99999848.
	s, c := math.Sincos(0.2 * math.Pi / 180)
	q1 := mgl32.Quat{W: float32(c), V: mgl32.Vec3{0, 0, float32(s)}}
	got := SlerpLego(mgl32.QuatIdent(), q1, 0.5)
	want := mgl32.Quat{W: float32((1 + float64(q1.W)) / 2), V: mgl32.Vec3{0, 0, float32(float64(q1.V[2]) / 2)}}
	if got != want {
		t.Errorf("near-equal: got %v want %v", got, want)
	}
	if l := got.Len(); math.Abs(float64(l)-0.99999848) > 2e-7 {
		t.Errorf("near-equal: |q| = %v, want the unnormalised 0.99999848", l)
	}

	// Opposite keys (dot + 1 <= 1e-5). Model q0 = (w 0.5, v 0.5 0.5 0.5),
	// q1 = -q0. Game (x,y,z,w) = conjugate: a = (-.5, -.5, -.5, .5).
	// p = (-a.y, a.x, -a.w, a.z) = (.5, -.5, -.5, -.5). At f = 0.5 both
	// weights are sin(π/4) = .70710678: x = .7071(-.5+.5) = 0,
	// y = z = .7071(-.5-.5) = -.70710678, and w stays p.w = -.5.
	// Back to the model (conjugate): w -.5, v (0, .70710678, .70710678).
	q0 := mgl32.Quat{W: 0.5, V: mgl32.Vec3{0.5, 0.5, 0.5}}
	got = SlerpLego(q0, q0.Scale(-1), 0.5)
	want = mgl32.Quat{W: -0.5, V: mgl32.Vec3{0, 0.70710678, 0.70710678}}
	if !legoClose(got, want, 1e-7) {
		t.Errorf("opposite at 0.5: got %v want %v", got, want)
	}
	// At f = 0 the quirk still replaces w: game (-.5, -.5, -.5, a.z=-.5),
	// model w -.5, v (.5, .5, .5): not q0.
	got = SlerpLego(q0, q0.Scale(-1), 0)
	want = mgl32.Quat{W: -0.5, V: mgl32.Vec3{0.5, 0.5, 0.5}}
	if !legoClose(got, want, 1e-7) {
		t.Errorf("opposite at 0: got %v want %v", got, want)
	}

	// The slerp branch: 0° to 120° about Z at f = 0.25 is 30°.
	got = SlerpLego(mgl32.QuatIdent(), legoRotZ(120), 0.25)
	if !legoClose(got, legoRotZ(30), 2e-7) {
		t.Errorf("slerp: got %v want %v", got, legoRotZ(30))
	}
}

// TestLegoScale: GetScale ignores every flag.
func TestLegoScale(t *testing.T) {
	tr := formats.BoneTracks{Scale: formats.Vec3Track{
		Times: []float64{1, 2}, Values: []mgl32.Vec3{{1, 1, 1}, {3, 3, 3}},
		Flags: []formats.KeyFlags{lgInactive | lgStep, lgInactive | lgStep | lgNegate},
	}}
	tests := []struct {
		t    float64
		want mgl32.Vec3
	}{
		{0.5, legoBind.Scale}, // before the first key: nothing
		{1, mgl32.Vec3{1, 1, 1}},
		{1.5, mgl32.Vec3{2, 2, 2}},
		{2, mgl32.Vec3{3, 3, 3}},
		{4, mgl32.Vec3{3, 3, 3}},
	}
	for _, tc := range tests {
		got, _ := legoOneBone(tr, tc.t)
		if got.Scale != tc.want {
			t.Errorf("t=%v: scale %v want %v", tc.t, got.Scale, tc.want)
		}
	}
}

// TestLegoMorph: GetVisibility is a step on key i, visible without keys
// and before the first one.
func TestLegoMorph(t *testing.T) {
	tr := formats.BoneTracks{Visibility: formats.BoolTrack{Times: []float64{1, 2, 3}, Values: []bool{false, true, false}}}
	single := formats.BoneTracks{Visibility: formats.BoolTrack{Times: []float64{0.9}, Values: []bool{false}}}
	tests := []struct {
		name string
		tr   formats.BoneTracks
		t    float64
		want bool
	}{
		{"no keys", formats.BoneTracks{}, 1, true},
		{"before the first key", tr, 0.5, true},
		{"at key 0", tr, 1, false},
		{"between 0 and 1: key 0, no blending", tr, 1.99, false},
		{"at key 1", tr, 2, true},
		{"after the last", tr, 8, false},
		{"single key, before", single, 0.89, true},
		{"single key, at", single, 0.9, false},
	}
	for _, tc := range tests {
		if _, got := legoOneBone(tc.tr, tc.t); got != tc.want {
			t.Errorf("%s: visible %v want %v", tc.name, got, tc.want)
		}
	}
}

// gameRow is a 4x4 matrix in the engine's layout: m[row][col], row
// vectors, translation in row 3.
type gameRow [4][4]float64

func gameIdentity() gameRow {
	return gameRow{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
}

func (a gameRow) mul(b gameRow) gameRow {
	var m gameRow
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			for k := 0; k < 4; k++ {
				m[r][c] += a[r][k] * b[k][c]
			}
		}
	}
	return m
}

// gameFromQuaternion writes R(q) into m[row][col] as Matrix4::FromQuaternion
// does, from the file's (x, y, z, w), dividing by |q|².
func gameFromQuaternion(x, y, z, w float64) gameRow {
	s := 2 / (x*x + y*y + z*z + w*w)
	m := gameIdentity()
	m[0][0] = 1 - s*(y*y+z*z)
	m[1][0] = s * (x*y + w*z)
	m[2][0] = s * (x*z - w*y)
	m[0][1] = s * (x*y - w*z)
	m[1][1] = 1 - s*(x*x+z*z)
	m[2][1] = s * (y*z + w*x)
	m[0][2] = s * (x*z + w*y)
	m[1][2] = s * (y*z - w*x)
	m[2][2] = 1 - s*(x*x+y*y)
	return m
}

// gameLocal is CreateLocalTransform at an exact key time (one key per
// channel, all active): Scale, then × rotation, then translation added
// to row 3.
func gameLocal(n *lego.Node, key int) gameRow {
	m := gameIdentity()
	if len(n.Scale) > 0 {
		k := n.Scale[key]
		for r := 0; r < 4; r++ {
			m[r][0] *= float64(k.X)
			m[r][1] *= float64(k.Y)
			m[r][2] *= float64(k.Z)
		}
	}
	if len(n.Rotation) > 0 {
		k := n.Rotation[key]
		m = m.mul(gameFromQuaternion(float64(k.X), float64(k.Y), float64(k.Z), float64(k.W)))
	}
	if len(n.Translation) > 0 {
		k := n.Translation[key]
		m[3][0] += float64(k.X)
		m[3][1] += float64(k.Y)
		m[3][2] += float64(k.Z)
	}
	return m
}

// TestLegoMatchesGameMatrices builds a small tree in the file's terms,
// computes the engine's row-vector world matrices at each key time
// (world = local × parentWorld) and compares them with the player's
// column-vector matrices, transposed. This pins the conjugate convention
// of the loader, the S-R-T order and the composition down the tree.
func TestLegoMatchesGameMatrices(t *testing.T) {
	key := func(ms uint32) lego.Key { return lego.Key{Time: ms, Flags: lego.FlagActive} }
	child := &lego.Node{
		Name:        "child",
		Translation: []lego.TranslationKey{{Key: key(0), X: 1}, {Key: key(100), X: 0.5, Y: 2, Z: -1}},
		Rotation: []lego.RotationKey{
			{Key: key(0), W: 0.5, X: 0.5, Y: 0.5, Z: 0.5},
			{Key: key(100), W: 0.8, X: 0, Y: 0, Z: -0.6},
		},
	}
	root := &lego.Node{
		Name:        "-root",
		Translation: []lego.TranslationKey{{Key: key(0), X: 1, Y: 2, Z: 3}, {Key: key(100), X: -1, Y: 0, Z: 4}},
		// 90° about Y in the file's terms: the engine maps +X to +Z.
		Rotation: []lego.RotationKey{
			{Key: key(0), W: 0.70710678, Y: 0.70710678},
			{Key: key(100), W: 0.6, X: 0.8},
		},
		Scale:    []lego.ScaleKey{{Key: key(0), X: 2, Y: 2, Z: 2}, {Key: key(100), X: 1, Y: 3, Z: 0.5}},
		Children: []*lego.Node{child},
	}
	f := &lego.File{Header: lego.Header{Magic: lego.Magic}, Duration: 100, Root: root}
	data, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a, err := lego.LoadAni(&formats.Input{Name: "m.ani", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	s := NewClipSampler(a.Skeleton, a.Clips[0])
	p := NewPose(a.Skeleton)
	w := NewWorldPose(a.Skeleton)
	for k, tm := range []float64{0, 0.1} {
		s.Sample(tm, p)
		ToWorld(a.Skeleton, p, w)
		rootW := gameLocal(root, k)
		want := []gameRow{rootW, gameLocal(child, k).mul(rootW)}
		for b, g := range want {
			m := w.Matrix(b)
			for r := 0; r < 4; r++ {
				for c := 0; c < 4; c++ {
					// Column-major mgl32: element (row c, col r) of the
					// column-vector matrix is m[r*4+c].
					if d := math.Abs(float64(m[r*4+c]) - g[r][c]); d > 1e-5 {
						t.Fatalf("t=%v bone %d: row %d col %d = %v, engine %v", tm, b, r, c, m[r*4+c], g[r][c])
					}
				}
			}
		}
	}
	// The first key by hand: the child's origin (0,0,0) goes to (1,0,0)
	// locally; the root scales by 2 to (2,0,0), turns +X to +Z, (0,0,2),
	// and adds (1,2,3): (1,2,5).
	s.Sample(0, p)
	ToWorld(a.Skeleton, p, w)
	if got := w.Position(1); got.Sub(mgl32.Vec3{1, 2, 5}).Len() > 1e-5 {
		t.Errorf("child origin %v, want (1, 2, 5)", got)
	}
}

// TestLegoFixtureWalk samples the committed fixture at hand-checked times.
func TestLegoFixtureWalk(t *testing.T) {
	data, err := os.ReadFile("../formats/lego/testdata/minifig_walk.ani")
	if err != nil {
		t.Fatal(err)
	}
	a, err := lego.LoadAni(&formats.Input{Name: "minifig_walk.ani", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	sk, clip := a.Skeleton, a.Clips[0]
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	idx := func(name string) int { return sk.IndexByName(name) }
	// "minifig" walks from an inactive (0,0,0) key to an active (0,0,1.2):
	// at 0.6 s halfway, z = 0.6; at 0 the only key is inactive: nothing.
	s.Sample(0.6, p)
	if got := p.Local[idx("minifig")].Translation; got.Sub(mgl32.Vec3{0, 0, 0.6}).Len() > 1e-6 {
		t.Errorf("minifig at 0.6 s: %v", got)
	}
	s.Sample(0, p)
	if got := p.Local[idx("minifig")].Translation; got != (mgl32.Vec3{}) {
		t.Errorf("minifig at 0: %v", got)
	}
	// LEG-RT holds its first pose up to the 0x04 key at 300 ms.
	s.Sample(0, p)
	start := p.Local[idx("LEG-RT")].Rotation
	s.Sample(0.299, p)
	if got := p.Local[idx("LEG-RT")].Rotation; got != start {
		t.Errorf("LEG-RT at 0.299 s: %v, want the held %v", got, start)
	}
	// ARM-LFT's last key is stored negated with 0x02: at 0.9 s the arm is
	// halfway from -30° to +30° about X, i.e. at 0°: the identity.
	s.Sample(0.9, p)
	if got := p.Local[idx("ARM-LFT")].Rotation; !legoClose(got, mgl32.QuatIdent(), 1e-6) {
		t.Errorf("ARM-LFT at 0.9 s: %v", got)
	}
	// "*HAT" disappears at its one morph key, 900 ms.
	s.Sample(0.899, p)
	if !p.Visible[idx("*HAT")] {
		t.Error("*HAT hidden before 0.9 s")
	}
	s.Sample(0.9, p)
	if p.Visible[idx("*HAT")] {
		t.Error("*HAT visible at 0.9 s")
	}
}

// legoBenchClip builds a 40-node LEGO clip shaped like the game's: a
// chain-and-fan tree, 24 translation and 24 rotation keys per node over
// 2.4 s, every node animated (the worst case; real trees have static
// nodes), a sixth of the rotation keys with 0x04, some stored on the
// other hemisphere with 0x02, scale on a few nodes, morph on two.
func legoBenchClip() (*formats.Skeleton, *formats.Clip) {
	const nodes, keys = 40, 24
	sk := &formats.Skeleton{Bones: make([]formats.Bone, nodes)}
	clip := &formats.Clip{Duration: 2.4, Interp: formats.InterpLego, Loop: true, Tracks: make([]formats.BoneTracks, nodes)}
	axis := mgl32.Vec3{0.3, 0.8, 0.5}.Normalize()
	for i := range sk.Bones {
		parent := -1
		if i > 0 {
			parent = (i - 1) / 3
		}
		sk.Bones[i] = formats.Bone{ID: i, Parent: parent, Bind: formats.Identity()}
		tr := &clip.Tracks[i]
		tr.Translation = formats.Vec3Track{Times: make([]float64, keys), Values: make([]mgl32.Vec3, keys), Flags: make([]formats.KeyFlags, keys)}
		tr.Rotation = formats.QuatTrack{Times: make([]float64, keys), Values: make([]mgl32.Quat, keys), Flags: make([]formats.KeyFlags, keys)}
		for k := 0; k < keys; k++ {
			tm := float64(k) * 0.1
			tr.Translation.Times[k] = tm
			tr.Translation.Values[k] = mgl32.Vec3{0, 1 + float32(k)*0.01, float32(i) * 0.1}
			tr.Rotation.Times[k] = tm
			tr.Rotation.Values[k] = mgl32.QuatRotate(float32(k)*0.2+float32(i)*0.05, axis)
			if k%6 == 2 {
				tr.Rotation.Flags[k] = formats.KeyStep
			}
			if k%6 == 4 {
				tr.Rotation.Values[k] = tr.Rotation.Values[k].Scale(-1)
			}
			// The exporter flags 0x02 where a key lies on the other
			// hemisphere from the one before it.
			if k > 0 && tr.Rotation.Values[k].Dot(tr.Rotation.Values[k-1]) < 0 {
				tr.Rotation.Flags[k] |= formats.KeyNegate
			}
		}
		if i%8 == 0 {
			tr.Scale = formats.Vec3Track{Times: []float64{0, 1.2, 2.4}, Values: []mgl32.Vec3{{1, 1, 1}, {1.2, 1.2, 1.2}, {1, 1, 1}}}
		}
		if i%20 == 5 {
			tr.Visibility = formats.BoolTrack{Times: []float64{0, 1.5}, Values: []bool{true, false}}
		}
	}
	return sk, clip
}

func TestLegoSampleAllocatesNothing(t *testing.T) {
	sk, clip := legoBenchClip()
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	tm := 0.0
	if n := testing.AllocsPerRun(100, func() {
		tm += 0.0137
		s.Sample(ClipTime(tm, clip.Duration, true), p)
	}); n != 0 {
		t.Errorf("LEGO sampling allocates %v times per frame", n)
	}
}

// BenchmarkSampleLego40 samples a 40-node LEGO clip at 60 frames a second.
// Target: under 30 ns per node.
func BenchmarkSampleLego40(b *testing.B) {
	sk, clip := legoBenchClip()
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	tm := 0.0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tm += 1.0 / 60
		s.Sample(ClipTime(tm, clip.Duration, true), p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/40, "ns/node")
}

// TestLegoSincos checks the short cut against math.Sincos on its range.
func TestLegoSincos(t *testing.T) {
	worst := 0.0
	for i := 0; i <= 100000; i++ {
		x := 0.5 * float64(i) / 100000
		s, c := legoSincos(x)
		ws, wc := math.Sincos(x)
		worst = math.Max(worst, math.Max(math.Abs(s-ws), math.Abs(c-wc)))
	}
	if worst > 3e-16 {
		t.Errorf("largest difference from math.Sincos %g", worst)
	}
	for _, x := range []float64{-0.1, 0.6, 3, math.NaN()} {
		s, c := legoSincos(x)
		ws, wc := math.Sincos(x)
		if s != ws && !(math.IsNaN(s) && math.IsNaN(ws)) || c != wc && !(math.IsNaN(c) && math.IsNaN(wc)) {
			t.Errorf("x=%v: outside the short cut it must be math.Sincos", x)
		}
	}
}

// TestSlerpLegoMatchesGameFormula compares the slerp branch with the
// game's literal weights, a = sin((1-f)θ)/sin θ and b = sin(fθ)/sin θ
// with θ = acos d in double precision, on random keys away from the
// branch thresholds: the float32 results must agree to the bit.
func TestSlerpLegoMatchesGameFormula(t *testing.T) {
	literal := func(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
		a := [4]float64{-float64(q0.V[0]), -float64(q0.V[1]), -float64(q0.V[2]), float64(q0.W)}
		b := [4]float64{-float64(q1.V[0]), -float64(q1.V[1]), -float64(q1.V[2]), float64(q1.W)}
		d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
		th := math.Acos(d)
		s := math.Sin(th)
		wa, wb := math.Sin((1-float64(f))*th)/s, math.Sin(float64(f)*th)/s
		r := func(k int) float64 { return wa*a[k] + wb*b[k] }
		return mgl32.Quat{W: float32(r(3)), V: mgl32.Vec3{-float32(r(0)), -float32(r(1)), -float32(r(2))}}
	}
	seed := uint64(88172645463325252)
	rnd := func() float64 { // xorshift: deterministic, no global state
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return float64(seed>>11) / (1 << 53)
	}
	randQuat := func() mgl32.Quat {
		return mgl32.Quat{W: float32(rnd() - 0.5), V: mgl32.Vec3{float32(rnd() - 0.5), float32(rnd() - 0.5), float32(rnd() - 0.5)}}.Normalize()
	}
	checked := 0
	for n := 0; n < 50000; n++ {
		q0 := randQuat()
		q1 := randQuat()
		if n%2 == 0 { // keys close together, the common case
			q1 = mgl32.QuatRotate(float32(rnd()), mgl32.Vec3{0, 1, 0}).Mul(q0)
		}
		d := float64(q0.W)*float64(q1.W) + float64(q0.V[0])*float64(q1.V[0]) +
			float64(q0.V[1])*float64(q1.V[1]) + float64(q0.V[2])*float64(q1.V[2])
		if d+1 < 1e-4 || 1-d < 1e-4 {
			continue
		}
		f := float32(rnd())
		if got, want := SlerpLego(q0, q1, f), literal(q0, q1, f); got != want {
			t.Fatalf("q0 %v q1 %v f %v: got %v, game formula %v", q0, q1, f, got, want)
		}
		checked++
	}
	if checked < 40000 {
		t.Errorf("only %d cases checked", checked)
	}
}

// TestLegoSamplerMatchesSlerpLego checks that the sampler's cached
// intervals give what SlerpLego gives, across interval changes and
// backwards jumps.
func TestLegoSamplerMatchesSlerpLego(t *testing.T) {
	sk, clip := legoBenchClip()
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	for _, tm := range []float64{0.05, 0.37, 0.38, 2.21, 0.01, 1.234, 1.234, 0.999} {
		s.Sample(tm, p)
		for b := range sk.Bones {
			rt := &clip.Tracks[b].Rotation
			i := int(tm * 10)
			q1 := rt.Values[i+1]
			fl := rt.Flags[i+1]
			var want mgl32.Quat
			switch {
			case fl&formats.KeyStep != 0:
				want = rt.Values[i]
			case fl&formats.KeyNegate != 0:
				q1 = q1.Scale(-1)
				fallthrough
			default:
				want = SlerpLego(rt.Values[i], q1, float32((tm-rt.Times[i])/(rt.Times[i+1]-rt.Times[i])))
			}
			if !legoClose(p.Local[b].Rotation, want, 1e-6) {
				t.Fatalf("t=%v bone %d: sampler %v, SlerpLego %v", tm, b, p.Local[b].Rotation, want)
			}
		}
	}
}
