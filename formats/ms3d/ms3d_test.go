package ms3d

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// The committed fixtures are made by the writers here. Regenerate them with
//
//	go test ./formats/ms3d -run TestFixtures -update
var update = flag.Bool("update", false, "rewrite the testdata fixtures")

const (
	armFixture  = "testdata/arm_v4.ms3d"
	v3Fixture   = "testdata/arm_v3.ms3d"
	textFixture = "testdata/arm.txt"
)

const deg = math.Pi / 180

// arm is a three-joint arm with a mesh triangle, a material, every
// optional section and keys on a 24 fps timeline of 48 frames.
func arm() *File {
	return &File{
		Header:    Header{ID: Magic, Version: 4},
		Vertices:  []Vertex{{Position: [3]float32{0, 0, 0}, BoneID: 0}, {Position: [3]float32{1, 0, 0}, BoneID: 1}, {Position: [3]float32{0, 1, 0}, BoneID: 2, Flags: 1}},
		Triangles: []Triangle{{VertexIndices: [3]uint16{0, 1, 2}, VertexNormals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, S: [3]float32{0, 1, 0}, T: [3]float32{0, 0, 1}, SmoothingGroup: 1}},
		Groups:    []Group{{Name: "skin", Triangles: []uint16{0}, MaterialIndex: 0}},
		Materials: []Material{{Name: "grey", Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1}, Shininess: 12, Transparency: 1, Texture: "skin.bmp"}},

		AnimationFPS: 24, CurrentTime: 1, TotalFrames: 48,
		Joints: []Joint{
			{Name: "shoulder", Position: [3]float32{0, 10, 0},
				RotationKeys: []RotationKey{{Time: 1.0 / 24, Rotation: [3]float32{0, 0, 0}}, {Time: 24.0 / 24, Rotation: [3]float32{0, 0, float32(60 * deg)}}, {Time: 48.0 / 24, Rotation: [3]float32{0, 0, 0}}}},
			{Name: "elbow", ParentName: "shoulder", Position: [3]float32{4, 0, 0}, Rotation: [3]float32{0, 0, float32(-30 * deg)},
				RotationKeys: []RotationKey{{Time: 1.0 / 24}, {Time: 24.0 / 24, Rotation: [3]float32{0, float32(40 * deg), 0}}},
				PositionKeys: []PositionKey{{Time: 1.0 / 24}, {Time: 12.0 / 24, Position: [3]float32{0.5, 0, 0}}, {Time: 36.0 / 24, Position: [3]float32{0, 0.5, 0}}, {Time: 48.0 / 24}}},
			{Name: "hand", ParentName: "elbow", Position: [3]float32{3, 0, 0}},
		},
		CommentsSubVersion: 1,
		GroupComments:      []Comment{{Index: 0, Text: "the only group"}},
		JointComments:      []Comment{{Index: 2, Text: "end"}},
		HasModelComment:    true, ModelComment: "made by the ms3d writer",
		VertexExtraSubVersion: 2,
		VertexExtras:          []VertexExtra{{BoneIDs: [3]int8{-1, -1, -1}, Weights: [3]uint8{100, 0, 0}}, {BoneIDs: [3]int8{0, -1, -1}, Weights: [3]uint8{50, 50, 0}, Extra: [2]uint32{7, 0}}, {BoneIDs: [3]int8{-1, -1, -1}}},
		JointExtraSubVersion:  1,
		ModelExtraSubVersion:  1,
		ModelExtra:            ModelExtra{JointSize: 1, AlphaRef: 0.5},
	}
}

// armV3 is the arm as a version 3 file without the optional sections.
func armV3() *File {
	f := arm()
	f.Header.Version = 3
	f.CommentsSubVersion, f.GroupComments, f.JointComments = 0, nil, nil
	f.HasModelComment, f.ModelComment = false, ""
	f.VertexExtraSubVersion, f.VertexExtras = 0, nil
	f.JointExtraSubVersion, f.ModelExtraSubVersion, f.ModelExtra = 0, 0, ModelExtra{}
	return f
}

func mustEncode(t testing.TB, f *File) []byte {
	t.Helper()
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFixtures(t *testing.T) {
	files := map[string][]byte{
		armFixture:  mustEncode(t, arm()),
		v3Fixture:   mustEncode(t, armV3()),
		textFixture: arm().EncodeText(),
		TubeFixture: mustEncode(t, tube()),
	}
	for name, want := range files {
		if *update {
			if err := os.WriteFile(name, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (regenerate with -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the writer makes now (regenerate with -update)", name)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    *File
	}{{"v4 with every section", arm()}, {"v3", armV3()}} {
		t.Run(tc.name, func(t *testing.T) {
			b := mustEncode(t, tc.f)
			got, err := Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.f) {
				t.Errorf("Parse(Encode(f)) != f:\n got %+v\nwant %+v", got, tc.f)
			}
			again := mustEncode(t, got)
			if !bytes.Equal(again, b) {
				t.Error("Encode(Parse(b)) != b")
			}
		})
	}
}

// TestVersion3Fixture reads the committed version 3 file: the layout up to
// the joints is version 4's, and no optional section follows.
func TestVersion3Fixture(t *testing.T) {
	b, err := os.ReadFile(v3Fixture)
	if err != nil {
		t.Fatal(err)
	}
	if !Sniff(b) {
		t.Fatal("Sniff refuses a version 3 file")
	}
	a, err := Load(&formats.Input{Name: "arm_v3.ms3d", Data: b})
	if err != nil {
		t.Fatal(err)
	}
	if a.Version != "3" || len(a.Skeleton.Bones) != 3 || len(a.Clips) != 1 || a.Clips[0].Name != TimelineName {
		t.Fatalf("version %q, %d bones, clips %v", a.Version, len(a.Skeleton.Bones), a.Clips)
	}
	c := a.Clips[0]
	if !c.Loop || c.FrameRate != 24 || c.Duration != 2 {
		t.Errorf("timeline: loop %v, fps %v, duration %v (want true, 24, 48/24)", c.Loop, c.FrameRate, c.Duration)
	}
	if a.Coords != (formats.Coords{Up: formats.AxisY}) {
		t.Errorf("coords %+v: MilkShape is Y-up, right-handed", a.Coords)
	}
}

// TestErrors checks that bad files give errors with the field and offset.
func TestErrors(t *testing.T) {
	good := mustEncode(t, armV3())
	le := binary.LittleEndian
	// Offsets in armV3: vertices at 14 (count) + 3·15, triangles 61 + 70,
	// groups 133, materials 133+2+36+2, animation after.
	put16 := func(off int, v uint16) []byte {
		b := append([]byte(nil), good...)
		le.PutUint16(b[off:], v)
		return b
	}
	jointsAt := 14 + 2 + 3*vertexSize + 2 + triangleSize + 2 + groupMinSize + 2 + 2 + materialSize + 12
	rotCountAt := jointsAt + 2 + 1 + 64 + 24
	firstKeyAt := rotCountAt + 4
	descending := append([]byte(nil), good...)
	le.PutUint32(descending[firstKeyAt+keySize:], math.Float32bits(-1))
	nan := append([]byte(nil), good...)
	le.PutUint32(nan[firstKeyAt:], math.Float32bits(float32(math.NaN())))
	for _, tc := range []struct {
		name  string
		data  []byte
		field string
		off   int64
		cause error
	}{
		{"magic", append([]byte("MS3D000001"), good[10:]...), "header.id", 0, nil},
		{"version", append(append([]byte(nil), good[:10]...), append([]byte{5, 0, 0, 0}, good[14:]...)...), "header.version", 10, nil},
		{"vertex count larger than the bytes left", put16(14, 60000), "numVertices", 16, bin.ErrCount},
		{"joint count larger than the bytes left", put16(jointsAt, 500), "nNumJoints", int64(jointsAt + 2), bin.ErrCount},
		{"key count larger than the bytes left", put16(rotCountAt, 40000), "joint.numKeyFramesRot+numKeyFramesTrans", int64(rotCountAt + 4), bin.ErrCount},
		{"truncated", good[:len(good)-3], "", -1, bin.ErrShort},
		{"descending key times", descending, "keyFramesRot.time", int64(firstKeyAt + keySize), nil},
		{"NaN key time", nan, "keyFramesRot.time", int64(firstKeyAt), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.data)
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *formats.Error", err)
			}
			if tc.field != "" && (fe.Field != tc.field || fe.Offset != tc.off) {
				t.Errorf("got field %q offset %d, want %q offset %d: %v", fe.Field, fe.Offset, tc.field, tc.off, err)
			}
			if tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Errorf("%v is not %v", err, tc.cause)
			}
		})
	}
}

// TestOptionalSections checks that each section is read only while bytes
// remain, and that an unknown sub-version stops the reading with the rest
// kept.
func TestOptionalSections(t *testing.T) {
	full := mustEncode(t, arm())
	v3 := mustEncode(t, armV3())
	f, err := Parse(v3)
	if err != nil || f.CommentsSubVersion != 0 {
		t.Fatalf("%v, comments %d", err, f.CommentsSubVersion)
	}
	// The comment section alone (the file ends after it).
	g := arm()
	g.VertexExtraSubVersion, g.VertexExtras, g.JointExtraSubVersion, g.ModelExtraSubVersion, g.ModelExtra = 0, nil, 0, 0, ModelExtra{}
	f, err = Parse(mustEncode(t, g))
	if err != nil || f.ModelComment != "made by the ms3d writer" || f.VertexExtraSubVersion != 0 {
		t.Fatalf("%v, %+v", err, f)
	}
	// An unknown vertex extra sub-version.
	h := arm()
	h.VertexExtraSubVersion, h.VertexExtras, h.JointExtraSubVersion, h.ModelExtraSubVersion = 0, nil, 0, 0
	b := append(mustEncode(t, h), 9, 0, 0, 0, 1, 2, 3)
	f, err = Parse(b)
	if err != nil || !bytes.Equal(f.Rest, []byte{9, 0, 0, 0, 1, 2, 3}) {
		t.Fatalf("%v, rest %v", err, f.Rest)
	}
	// A comment length larger than the file.
	at := len(v3)
	bad := append(append([]byte(nil), full[:at]...), 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0)
	_, err = Parse(bad)
	var fe *formats.Error
	if !errors.As(err, &fe) || fe.Field != "comment.commentLength" || fe.Offset != int64(at+16) {
		t.Errorf("comment length: %v", err)
	}
}

// TestEulerOrder is docs/formats/milkshape-anm.md#euler-angles (AngleMatrix:
// R = Rz·Ry·Rx, X applied first):
// (90°, 90°, 0) takes +Y first to +Z (about X), then to +X (about Y). The
// other order would leave +Y on +Z.
func TestEulerOrder(t *testing.T) {
	a := [3]float32{float32(90 * deg), float32(90 * deg), 0}
	m := AngleMatrix(a)
	got := mgl32.Vec3{m[0][1], m[1][1], m[2][1]} // R·(0,1,0)
	if !near(got, mgl32.Vec3{1, 0, 0}, 1e-6) {
		t.Errorf("AngleMatrix(90,90,0)·Y = %v, want +X", got)
	}
	q := AngleQuaternion(a)
	if r := q.Rotate(mgl32.Vec3{0, 1, 0}); !near(r, mgl32.Vec3{1, 0, 0}, 1e-6) {
		t.Errorf("AngleQuaternion(90,90,0)·Y = %v, want +X", r)
	}
	qm := QuaternionMatrix(q)
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(float64(qm[r][c]-m[r][c])) > 1e-6 {
				t.Fatalf("QuaternionMatrix(AngleQuaternion) != AngleMatrix: %v vs %v", qm, m)
			}
		}
	}
}

// Hand-worked vectors of docs/formats/milkshape-anm.md#evaluating-a-joint,
// on MilkShape's own evaluation.
func TestEvaluateVectors(t *testing.T) {
	type probe struct {
		t    float32
		want mgl32.Vec3 // local translation
		axis mgl32.Vec3 // local rotation applied to +X, when not zero
	}
	for _, tc := range []struct {
		name   string
		j      Joint
		probes []probe
	}{
		{
			// "translation = refPos + Rref·keyPos": the reference turns
			// 90° about Z, so the key (1, 0, 0) moves the joint along +Y:
			// (1, 2, 3) + (0, 1, 0). Adding it unrotated would give (2, 2, 3).
			name: "rotated reference, one position key",
			j: Joint{Position: [3]float32{1, 2, 3}, Rotation: [3]float32{0, 0, float32(90 * deg)},
				PositionKeys: []PositionKey{{Time: 0, Position: [3]float32{1, 0, 0}}}},
			probes: []probe{{0, mgl32.Vec3{1, 3, 3}, mgl32.Vec3{0, 1, 0}}, {5, mgl32.Vec3{1, 3, 3}, mgl32.Vec3{0, 1, 0}}},
		},
		{
			// Two keys: zero tangents, pos = P0 + (P1 - P0)·(3u² - 2u³):
			// u = 0.25 → 0.15625, u = 0.75 → 0.84375 (a lerp would give
			// 2.5 and 7.5).
			name: "two-key Hermite",
			j:    Joint{PositionKeys: []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{10, 0, 0}}}},
			probes: []probe{
				{0.25, mgl32.Vec3{1.5625, 0, 0}, mgl32.Vec3{}}, {0.5, mgl32.Vec3{5, 0, 0}, mgl32.Vec3{}},
				{0.75, mgl32.Vec3{8.4375, 0, 0}, mgl32.Vec3{}}, {-1, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{}}, {2, mgl32.Vec3{10, 0, 0}, mgl32.Vec3{}},
			},
		},
		{
			// Four keys x = 0, 1, 3, 6 at t = 0, 1, 2, 3, tangents looped:
			// key 0: (P1 - P3) = -5, dt1 = 0 - 3, dt2 = 1, dt = -2 → Out 2.5;
			// key 1: 3, dt 1 + 1 → In 1.5, Out 1.5; key 2: 5 → In 2.5,
			// Out 2.5; key 3: -3, dt1 = 1, dt2 = -3 → In 1.5.
			// u = 0.5: h1 = h2 = 0.5, h3 = 0.125, h4 = -0.125:
			//   [0,1]: 0.5 + 0.3125 - 0.1875 = 0.625
			//   [1,2]: 2 + 0.1875 - 0.3125 = 1.875
			//   [2,3]: 4.5 + 0.3125 - 0.1875 = 4.625
			// u = 0.25 on [0,1]: h2 = 0.15625, h3 = 0.140625,
			// h4 = -0.046875: 0.3515625 + 0.15625 - 0.0703125 = 0.4375.
			name: "four-key Hermite, looped tangents",
			j: Joint{PositionKeys: []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{1, 0, 0}},
				{Time: 2, Position: [3]float32{3, 0, 0}}, {Time: 3, Position: [3]float32{6, 0, 0}}}},
			probes: []probe{
				{0.5, mgl32.Vec3{0.625, 0, 0}, mgl32.Vec3{}}, {1.5, mgl32.Vec3{1.875, 0, 0}, mgl32.Vec3{}},
				{2.5, mgl32.Vec3{4.625, 0, 0}, mgl32.Vec3{}}, {0.25, mgl32.Vec3{0.4375, 0, 0}, mgl32.Vec3{}},
				{3, mgl32.Vec3{6, 0, 0}, mgl32.Vec3{}}, {9, mgl32.Vec3{6, 0, 0}, mgl32.Vec3{}},
			},
		},
		{
			// Keys 0° and 350° about Z: their quaternions have a negative
			// dot product, so the slerp flips and turns the short way,
			// through -5° at u = 0.5 (the long way would be 175°).
			name: "shortest arc",
			j:    Joint{RotationKeys: []RotationKey{{Time: 0}, {Time: 1, Rotation: [3]float32{0, 0, float32(350 * deg)}}}},
			probes: []probe{
				{0.5, mgl32.Vec3{}, mgl32.Vec3{float32(math.Cos(-5 * deg)), float32(math.Sin(-5 * deg)), 0}},
				{0.25, mgl32.Vec3{}, mgl32.Vec3{float32(math.Cos(-2.5 * deg)), float32(math.Sin(-2.5 * deg)), 0}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range tc.probes {
				m := EvaluateJoint(&tc.j, tc.j.RotationKeys, tc.j.PositionKeys, p.t)
				got := mgl32.Vec3{m[0][3], m[1][3], m[2][3]}
				if !near(got, p.want, 1e-5) {
					t.Errorf("t=%v: translation %v, want %v", p.t, got, p.want)
				}
				if p.axis != (mgl32.Vec3{}) {
					x := mgl32.Vec3{m[0][0], m[1][0], m[2][0]}
					if !near(x, p.axis, 1e-5) {
						t.Errorf("t=%v: rotation·X %v, want %v", p.t, x, p.axis)
					}
				}
			}
			// The baked tracks hold MilkShape's values at their key times
			// (the player's output between them is checked in package
			// player).
			var tr formats.BoneTracks
			var b Baker
			b.Add(&tc.j, tc.j.RotationKeys, tc.j.PositionKeys, 0, &tr)
			if _, err := b.Bake(); err != nil {
				t.Fatal(err)
			}
			for i, tm := range tr.Translation.Times {
				m := EvaluateJoint(&tc.j, tc.j.RotationKeys, tc.j.PositionKeys, float32(tm))
				if want := (mgl32.Vec3{m[0][3], m[1][3], m[2][3]}); !near(tr.Translation.Values[i], want, 1e-5) {
					t.Fatalf("baked translation %d at %v: %v, want %v", i, tm, tr.Translation.Values[i], want)
				}
			}
		})
	}
}

// TestTangents checks SetupTangents on the four-key vector above.
func TestTangents(t *testing.T) {
	keys := []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{1, 0, 0}}, {Time: 2, Position: [3]float32{3, 0, 0}}, {Time: 3, Position: [3]float32{6, 0, 0}}}
	want := []Tangent{{In: [3]float32{-7.5}, Out: [3]float32{2.5}}, {In: [3]float32{1.5}, Out: [3]float32{1.5}},
		{In: [3]float32{2.5}, Out: [3]float32{2.5}}, {In: [3]float32{1.5}, Out: [3]float32{-4.5}}}
	if got := SetupTangents(keys); !reflect.DeepEqual(got, want) {
		t.Errorf("tangents %v, want %v", got, want)
	}
	if got := SetupTangents(keys[:2]); got[0] != (Tangent{}) || got[1] != (Tangent{}) {
		t.Errorf("two keys: %v, want zero", got)
	}
}

// TestBakeBound checks the bake's error bound against a dense comparison
// of the lerped samples with the Hermite curve, and the budget.
func TestBakeBound(t *testing.T) {
	j := Joint{PositionKeys: []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{10, 0, 0}}, {Time: 1.5, Position: [3]float32{10, 5, 0}}, {Time: 3}}}
	for _, tc := range []struct {
		tol    float64
		budget int
		capped bool
	}{{1e-3, 0, false}, {1e-3, 40, true}} {
		var tr formats.BoneTracks
		b := Baker{Tolerance: tc.tol, Budget: tc.budget}
		b.Add(&j, nil, j.PositionKeys, 0, &tr)
		st, err := b.Bake()
		if err != nil {
			t.Fatal(err)
		}
		if st.Capped != tc.capped || (tc.budget > 0 && st.Keys > tc.budget) {
			t.Errorf("budget %d: capped %v, %d keys", tc.budget, st.Capped, st.Keys)
		}
		if !tc.capped && st.MaxError > tc.tol {
			t.Errorf("bound %v above the tolerance %v", st.MaxError, tc.tol)
		}
		worst := 0.0
		times, vals := tr.Translation.Times, tr.Translation.Values
		for i := 0; i+1 < len(times); i++ {
			for s := 1; s < 8; s++ {
				u := float64(s) / 8
				tm := times[i] + (times[i+1]-times[i])*u
				m := EvaluateJoint(&j, nil, j.PositionKeys, float32(tm))
				lerp := vals[i].Add(vals[i+1].Sub(vals[i]).Mul(float32(u)))
				worst = math.Max(worst, float64(lerp.Sub(mgl32.Vec3{m[0][3], m[1][3], m[2][3]}).Len()))
			}
		}
		if worst > st.MaxError+1e-5 {
			t.Errorf("budget %d: measured error %v above the bound %v", tc.budget, worst, st.MaxError)
		}
	}
	var tr formats.BoneTracks
	b := Baker{Budget: 2}
	b.Add(&j, nil, j.PositionKeys, 0, &tr)
	if _, err := b.Bake(); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("over the budget: %v", err)
	}
}

// TestKnots checks a resampled track's knots
// (docs/formats/milkshape-anm.md#baking-into-tracks) on a vector worked
// out by hand: x = 0, 1, 0 at t = 0, 1, 2 has the cyclic tangents
// (Out, In) = (-1, 2), (0, 0), (-2, 1) (#position-keys). On the first
// interval the second derivative runs from 6·1 - 4·(-1) - 2·0 = 10 to
// -6·1 + 2·(-1) + 4·0 = -8, zero at u = 10/18; on the second from
// -6 - 0 - 2·1 = -8 to 6 + 0 + 4·1 = 10, zero at u = 8/18. y and z stay 0
// and add none.
func TestKnots(t *testing.T) {
	keys := []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{1, 0, 0}}, {Time: 2}}
	var tr formats.BoneTracks
	b := Baker{Tolerance: 1e-4}
	b.Add(&Joint{}, nil, keys, 0, &tr)
	if _, err := b.Bake(); err != nil {
		t.Fatal(err)
	}
	want := []float64{0, 10.0 / 18, 1, 1 + 8.0/18, 2}
	got := tr.Translation.Knots
	if len(tr.Translation.Times) <= len(keys) || len(got) != len(want) {
		t.Fatalf("%d keys, knots %v, want %v", len(tr.Translation.Times), got, want)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("knots %v, want %v", got, want)
		}
	}
	// Two keys have zero tangents: a smoothstep, whose second
	// derivative 6·(1 - 2u) turns at the middle. Keys that stay put are not resampled
	// and have no knots.
	for _, tc := range []struct {
		x     float32
		knots []float64
	}{{1, []float64{0, 0.5, 1}}, {0, nil}} {
		tr = formats.BoneTracks{}
		b = Baker{Tolerance: 1e-4}
		b.Add(&Joint{}, nil, []PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{tc.x, 0, 0}}}, 0, &tr)
		if _, err := b.Bake(); err != nil || !reflect.DeepEqual(tr.Translation.Knots, tc.knots) {
			t.Errorf("two keys to x = %v: %v, %d keys, knots %v, want %v", tc.x, err, len(tr.Translation.Times), tr.Translation.Knots, tc.knots)
		}
	}
}

// TestSkeleton checks parent-before-child ordering, missing parents and
// loops.
func TestSkeleton(t *testing.T) {
	f := &File{Joints: []Joint{{Name: "hand", ParentName: "arm"}, {Name: "arm", ParentName: "root"}, {Name: "root"}, {Name: "stray", ParentName: "nobody"}}}
	sk, bone, warns, err := f.Skeleton("x")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range sk.Bones {
		names = append(names, b.Name)
	}
	if strings.Join(names, " ") != "root arm hand stray" || !reflect.DeepEqual(bone, []int{2, 1, 0, 3}) || len(warns) != 1 {
		t.Errorf("order %v, bone %v, warnings %v", names, bone, warns)
	}
	if err := sk.Validate(); err != nil {
		t.Error(err)
	}
	loop := &File{Joints: []Joint{{Name: "a", ParentName: "b"}, {Name: "b", ParentName: "a"}}}
	if _, _, _, err := loop.Skeleton("x"); err == nil || !strings.Contains(err.Error(), "loops") {
		t.Errorf("loop: %v", err)
	}
}

// TestText reads the ASCII export of the arm into the same model.
func TestText(t *testing.T) {
	want := arm()
	b, err := os.ReadFile(textFixture)
	if err != nil {
		t.Fatal(err)
	}
	if !SniffText(b) {
		t.Fatal("SniffText refuses the export")
	}
	crlf := bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))
	for _, data := range [][]byte{b, crlf} {
		f, err := ParseText(data)
		if err != nil {
			t.Fatal(err)
		}
		if f.TotalFrames != want.TotalFrames || len(f.Joints) != len(want.Joints) || len(f.Vertices) != 3 || len(f.Triangles) != 1 || len(f.Materials) != 1 {
			t.Fatalf("%+v", f)
		}
		for i, j := range f.Joints {
			w := want.Joints[i]
			if j.Name != w.Name || j.ParentName != w.ParentName || len(j.RotationKeys) != len(w.RotationKeys) || len(j.PositionKeys) != len(w.PositionKeys) {
				t.Fatalf("joint %d: %+v, want %+v", i, j, w)
			}
			for k, key := range j.PositionKeys {
				if math.Abs(float64(key.Time-w.PositionKeys[k].Time)) > 1e-6 || key.Position != w.PositionKeys[k].Position {
					t.Errorf("joint %q position key %d: %+v, want %+v", j.Name, k, key, w.PositionKeys[k])
				}
			}
			for k, key := range j.RotationKeys {
				if math.Abs(float64(key.Time-w.RotationKeys[k].Time)) > 1e-6 || mgl32.Vec3(key.Rotation).Sub(mgl32.Vec3(w.RotationKeys[k].Rotation)).Len() > 1e-6 {
					t.Errorf("joint %q rotation key %d: %+v, want %+v", j.Name, k, key, w.RotationKeys[k])
				}
			}
		}
	}
	a, err := LoadText(&formats.Input{Name: "arm.txt", Data: b})
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != FormatText || a.Clips[0].Name != TimelineName {
		t.Errorf("format %q, clip %q", a.Format, a.Clips[0].Name)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"no frames", "Meshes: 0\n", "line 1"},
		{"bad count", "Frames: 1\nFrame: 1\nMeshes: 99\n", "lines remain"},
		{"bad key", "Frames: 1\nFrame: 1\nMeshes: 0\nMaterials: 0\nBones: 1\n\"a\"\n\"\"\n0 0 0 0 0 0 0\n1\n1 x 0 0\n0\n", "line 10"},
	} {
		if _, err := ParseText([]byte(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// near reports whether a and b are within tol of each other.
func near(a, b mgl32.Vec3, tol float32) bool { return a.Sub(b).Len() <= tol }

// TestQuaternionMatrixIsMathlib holds QuaternionMatrix, built on
// formats.RotScale, to mathlib's expressions as MilkShape writes them
// (docs/formats/milkshape-anm.md), bit for bit, over unit and non-unit
// quaternions: each doubled product is rounded before it is added.
func TestQuaternionMatrixIsMathlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 200000 {
		s := float32(1)
		if i%2 == 1 {
			s = rng.Float32()*4 + 0.01
		}
		q := mgl32.Quat{W: (rng.Float32()*2 - 1) * s, V: mgl32.Vec3{(rng.Float32()*2 - 1) * s, (rng.Float32()*2 - 1) * s, (rng.Float32()*2 - 1) * s}}
		x, y, z, w := q.V[0], q.V[1], q.V[2], q.W
		want := Mat34{
			{float32(1-float32(2*y*y)) - float32(2*z*z), float32(2*x*y) - float32(2*w*z), float32(2*x*z) + float32(2*w*y), 0},
			{float32(2*x*y) + float32(2*w*z), float32(1-float32(2*x*x)) - float32(2*z*z), float32(2*y*z) - float32(2*w*x), 0},
			{float32(2*x*z) - float32(2*w*y), float32(2*y*z) + float32(2*w*x), float32(1-float32(2*x*x)) - float32(2*y*y), 0},
		}
		if got := QuaternionMatrix(q); got != want {
			t.Fatalf("QuaternionMatrix(%v) = %v, mathlib's %v", q, got, want)
		}
	}
}
