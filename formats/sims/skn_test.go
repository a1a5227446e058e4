package sims

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// handSKN is a small skin in the real syntax (docs/formats/sims.md#skins-skn),
// its name, texture, texture coordinates, blend and vertex lines retyped
// from The Sims' xskin-b001mafit_01-PELVIS-BODY.skn (which has 19 bones,
// 606 faces, 545 drawn and 142 blend vertices); the counts, the face and
// the bindings are ours: SPINE holds vertices 0 and 1, PELVIS vertex 2 and
// the blend vertex, which pulls vertex 0 by 3771/32768.
var handSKN = crlf(
	"xskin-b001mafit_01-PELVIS-BODY",
	"extrememlgt_01",
	"2", "SPINE", "PELVIS",
	"1", "0 1 2",
	"2", "0 0 2 -1 0", "1 2 1 0 1",
	"3", "0.441305 0.330662", "0.601023 0.330744", "0.258348 0.0139993",
	"1", "0 3771",
	"4",
	"0.00574769 0.297932 -0.212903 0.216321 0.500153 -0.838482",
	"0.0053314 -0.298744 -0.21444 0.208003 -0.504068 -0.838242",
	"0.210565 0.331123 -0.214728 -0.107363 0.671265 -0.7334",
	"0.00857326 -0.0769261 -0.102897 -0.0957243 -0.931248 0.351589",
)

func TestHandSKN(t *testing.T) {
	s, err := ParseSKN([]byte(handSKN))
	if err != nil {
		t.Fatal(err)
	}
	want := &Skin{
		Name: "xskin-b001mafit_01-PELVIS-BODY", Texture: "extrememlgt_01",
		Bones:    []string{"SPINE", "PELVIS"},
		Faces:    [][3]int32{{0, 1, 2}},
		Bindings: []SkinBinding{{Bone: 0, FirstVertex: 0, VertexCount: 2, FirstBlend: -1}, {Bone: 1, FirstVertex: 2, VertexCount: 1, FirstBlend: 0, BlendCount: 1}},
		UVs:      []mgl32.Vec2{{0.441305, 0.330662}, {0.601023, 0.330744}, {0.258348, 0.0139993}},
		Blends:   []SkinBlend{{Other: 0, Weight: 3771}},
		Vertices: []mgl32.Vec3{{0.00574769, 0.297932, -0.212903}, {0.0053314, -0.298744, -0.21444}, {0.210565, 0.331123, -0.214728}, {0.00857326, -0.0769261, -0.102897}},
		Normals:  []mgl32.Vec3{{0.216321, 0.500153, -0.838482}, {0.208003, -0.504068, -0.838242}, {-0.107363, 0.671265, -0.7334}, {-0.0957243, -0.931248, 0.351589}},
	}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("got  %+v\nwant %+v", s, want)
	}
	b, err := EncodeSKN(s)
	if err != nil || string(b) != handSKN {
		t.Fatalf("%v\n%q", err, b)
	}
}

// handSkinSkeleton: PELVIS at (0, 3, 0); SPINE one unit along its X, turned
// by the stored quaternion (0, 0, √½, √½), which the model reads as its
// conjugate: SPINE's X axis points down the model's −Y and its Y axis
// along +X. So a SPINE-space point (x, y, z) is at (1+y, 3−x, z).
func handSkinSkeleton(t *testing.T) *formats.Skeleton {
	t.Helper()
	s := float32(math.Sqrt2 / 2)
	sk, _, warns := ModelSkeleton(&Skeleton{Name: "hand", Bones: []SkelBone{
		{Name: "PELVIS", Parent: "NULL", Translation: mgl32.Vec3{0, 3, 0}, Rotation: FileQuat{0, 0, 0, 1}},
		{Name: "SPINE", Parent: "PELVIS", Translation: mgl32.Vec3{1, 0, 0}, Rotation: FileQuat{0, 0, s, s}},
	}}, "hand")
	if len(warns) != 0 {
		t.Fatal(warns)
	}
	return sk
}

func TestSkinMesh(t *testing.T) {
	s, err := ParseSKN([]byte(handSKN))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Mesh(handSkinSkeleton(t))
	if err != nil {
		t.Fatal(err)
	}
	// Worked out by hand: vertex 0 in SPINE's space → (1.297932,
	// 2.99425231, -0.212903); the blend vertex in PELVIS's → (0.00857326,
	// 2.9230739, -0.102897); the drawn vertex 0 sits between them at
	// w = 3771/32768 = 0.115081787109375.
	w := float32(0.115081787109375)
	a := mgl32.Vec3{1.297932, 2.99425231, -0.212903}
	b := mgl32.Vec3{0.00857326, 2.9230739, -0.102897}
	want := []mgl32.Vec3{
		a.Mul(1 - w).Add(b.Mul(w)),
		{1 - 0.298744, 3 - 0.0053314, -0.21444},
		{0.210565, 3.331123, -0.214728},
	}
	if len(m.Positions) != 3 {
		t.Fatalf("%d positions", len(m.Positions))
	}
	for i := range want {
		if m.Positions[i].Sub(want[i]).Len() > 1e-6 {
			t.Errorf("position %d = %v, want %v", i, m.Positions[i], want[i])
		}
	}
	// Normals turn with their bones; vertex 1's SPINE normal (0.208003,
	// -0.504068, -0.838242) becomes (-0.504068, -0.208003, -0.838242).
	if n := m.Normals[1]; n.Sub(mgl32.Vec3{-0.504068, -0.208003, -0.838242}).Len() > 1e-5 {
		t.Errorf("normal 1 = %v", n)
	}
	if m.Joints[0] != [4]uint16{1, 0} || m.Weights[0] != [4]float32{1 - w, w} ||
		m.Joints[1] != [4]uint16{1} || m.Weights[1] != [4]float32{1} || m.Joints[2] != [4]uint16{0} {
		t.Errorf("influences %v %v", m.Joints, m.Weights)
	}
	if !reflect.DeepEqual(m.Indices, []uint32{0, 1, 2}) || len(m.UVs) != 3 || !m.FrontCCW || !m.Cull ||
		len(m.Groups) != 1 || m.Groups[0] != (formats.MeshGroup{Name: s.Name, Count: 1}) || m.Materials[0].Name != "extrememlgt_01" {
		t.Errorf("mesh %+v", m)
	}
	// A skeleton without the skin's bones: an error that names the bone.
	other := &formats.Skeleton{Name: "x", Bones: []formats.Bone{{Name: "ROOT", Parent: -1, Bind: formats.Identity()}}}
	if _, err := s.Mesh(other); err == nil || !strings.Contains(err.Error(), `bone "SPINE" is not in skeleton "x"`) {
		t.Errorf("missing bone: %v", err)
	}
}

func TestSKNErrors(t *testing.T) {
	edit := func(old, new string) string { return strings.Replace(handSKN, old, new, 1) }
	tests := []struct {
		name, text, field string
		line              int
		want              string
	}{
		{"face vertex", edit("0 1 2\r\n", "0 1 3\r\n"), "face", 7, "names vertex 3 of 3"},
		{"joint index", edit("1 2 1 0 1", "2 2 1 0 1"), "binding.bone", 10, "names bone 2 of 2"},
		{"vertex range", edit("0 0 2 -1 0", "0 0 4 -1 0"), "binding.vertexCount", 9, "vertices 0+4 of 3"},
		{"blend range", edit("1 2 1 0 1", "1 2 1 1 1"), "binding.blendCount", 10, "blends 1+1 of 1"},
		{"twice bound", edit("0 0 2 -1 0", "0 0 3 -1 0"), "binding", 10, "vertex 2 is already bound by binding 0"},
		{"unbound", edit("0 0 2 -1 0", "0 0 1 -1 0"), "bindings", 17, "vertex 1 is bound to no bone"},
		{"negative weight", edit("0 3771", "0 -1"), "blend.weight", 16, "weight -1"},
		{"weight above one", edit("0 3771", "0 32769"), "blend.weight", 16, "outside 0..32768"},
		{"blend target", edit("0 3771", "7 3771"), "blend.other", 16, "pulls vertex 7 of 3"},
		{"vertex count", edit("\r\n4\r\n", "\r\n3\r\n"), "end", 21, "text after the last vertex"},
		{"not a number", edit("0.210565 ", "0.21x "), "vertex", 20, `"0.21x" is not a number`},
		{"NaN", edit("0.210565 ", "nan "), "vertex", 20, "not a finite number"},
		{"short", handSKN[:len(handSKN)-20], "normal", 21, "unexpected end"},
		{"huge count", edit("\r\n4\r\n", "\r\n4000000\r\n"), "vertexCount", 17, "entries need"},
	}
	for _, tt := range tests {
		_, err := ParseSKN([]byte(tt.text))
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Format != sknFormat || fe.Field != tt.field || fe.Line != tt.line || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestSuitSkins opens a suit the way a user would: its skins are found
// beside it (ignoring case) and bound to the skeleton beside it; a missing
// skin and a broken one are warnings that name the file, and the
// skeleton still loads.
func TestSuitSkins(t *testing.T) {
	skel, err := EncodeCMX(&CharacterFile{Skeletons: []Skeleton{{Name: "adult", Bones: []SkelBone{
		{Name: "PELVIS", Parent: "NULL", Translation: mgl32.Vec3{0, 3, 0}, Rotation: FileQuat{0, 0, 0, 1}},
		{Name: "SPINE", Parent: "PELVIS", Translation: mgl32.Vec3{1, 0, 0}, Rotation: FileQuat{0, 0, float32(math.Sqrt2 / 2), float32(math.Sqrt2 / 2)}},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	suit, err := EncodeCMX(&CharacterFile{Suits: []Suit{{Name: "b001mafit_01", Bindings: []SuitBinding{
		{Bone: "PELVIS", Mesh: "xskin-b001mafit_01-PELVIS-BODY"},
		{Bone: "HEAD", Mesh: "xskin-missing"},
		{Bone: "PELVIS", Mesh: "xskin-broken"},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"B001MAFit_01.cmx":                   {Data: suit},
		"Adult-Skeleton.cmx":                 {Data: skel},
		"XSKIN-B001MAFIT_01-PELVIS-BODY.skn": {Data: []byte(handSKN)},
		"xskin-broken.skn":                   {Data: []byte(strings.Replace(handSKN, "0 3771", "0 -5", 1))},
	}
	a, err := loadCharacter(&formats.Input{Name: "B001MAFit_01.cmx", Data: suit, Siblings: formats.FSResolver{FS: fsys}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if a.Skeleton.Name != "adult" || len(a.Meshes) != 1 || len(a.Meshes[0].Positions) != 3 || a.Meshes[0].Groups[0].Name != "xskin-b001mafit_01-PELVIS-BODY" {
		t.Fatalf("%+v", a)
	}
	w := strings.Join(a.Warnings, "\n")
	if len(a.Warnings) != 3 || !strings.Contains(w, "xskin-broken.skn: sims-skn: blend.weight at line 16") ||
		!strings.Contains(w, `skin "xskin-b001mafit_01-PELVIS-BODY": no light texture beside it (tried extrememlgt_01.bmp, b001mafitlgt.bmp, b001mafitlgt_*.bmp)`) ||
		!strings.Contains(w, `1 of its 3 skins not found beside it as .skn: "xskin-missing.skn"`) {
		t.Errorf("warnings %q", a.Warnings)
	}
	var info string
	for _, kv := range a.Info {
		info += kv.Key + ": " + kv.Value + "\n"
	}
	if !strings.Contains(info, "suit b001mafit_01: type 0; 3 skins: PELVIS xskin-b001mafit_01-PELVIS-BODY.skn, HEAD xskin-missing.skn, PELVIS xskin-broken.skn") {
		t.Errorf("info %s", info)
	}
	// The skin opened alone binds to the skeleton beside it.
	b, err := loadSKN(&formats.Input{Name: "XSKIN-B001MAFIT_01-PELVIS-BODY.skn", Data: []byte(handSKN), Siblings: formats.FSResolver{FS: fsys}})
	if err != nil || len(b.Meshes) != 1 || b.Skeleton.Name != "adult" || b.Meshes[0].Positions[2] != a.Meshes[0].Positions[2] {
		t.Fatalf("%v %+v", err, b)
	}
}

// TestSkinMeshSameJointBlend: a blend vertex whose bone maps to the joint
// of the vertex it pulls (the same bone, or a second name of it that the
// case-blind bone match gives the same joint) makes one influence of
// weight 1, never the joint twice ([j, j], 1−w and w), which glTF forbids
// (every Sims body suit failed the glTF validator so). Its position is
// still the blend of the two stored points (docs/formats/sims.md#skins-skn).
func TestSkinMeshSameJointBlend(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bones []string
		// blendBone is the skin bone the blend vertex is bound to.
		blendBone int32
	}{
		{"same bone", []string{"PELVIS", "SPINE"}, 0},
		{"second name of the bone", []string{"PELVIS", "SPINE", "pelvis"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := mgl32.Vec3{0, 0, 1}
			s := &Skin{Name: "same", Texture: "x", Bones: tc.bones,
				Faces: [][3]int32{{0, 1, 2}},
				Bindings: []SkinBinding{
					{Bone: 0, FirstVertex: 0, VertexCount: 2, FirstBlend: -1},
					{Bone: 1, FirstVertex: 2, VertexCount: 1, FirstBlend: -1},
					{Bone: tc.blendBone, FirstVertex: -1, FirstBlend: 0, BlendCount: 1},
				},
				UVs:      []mgl32.Vec2{{0, 0}, {1, 0}, {0, 1}},
				Blends:   []SkinBlend{{Other: 0, Weight: BlendOne / 2}},
				Vertices: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 2}},
				Normals:  []mgl32.Vec3{n, n, n, n},
			}
			if tc.blendBone == 0 {
				s.Bindings = []SkinBinding{
					{Bone: 0, FirstVertex: 0, VertexCount: 2, FirstBlend: 0, BlendCount: 1},
					{Bone: 1, FirstVertex: 2, VertexCount: 1, FirstBlend: -1},
				}
			}
			m, err := s.Mesh(handSkinSkeleton(t))
			if err != nil {
				t.Fatal(err)
			}
			// PELVIS is joint 0 of the skeleton, at (0, 3, 0): vertex 0 at
			// (0, 3, 0) and the blend vertex at (0, 3, 2) meet half way.
			if m.Joints[0] != [4]uint16{0} || m.Weights[0] != [4]float32{1} {
				t.Errorf("vertex 0: joints %v weights %v, want one influence [0] of 1", m.Joints[0], m.Weights[0])
			}
			if p := m.Positions[0]; p.Sub(mgl32.Vec3{0, 3, 1}).Len() > 1e-6 {
				t.Errorf("vertex 0 at %v, want (0, 3, 1)", p)
			}
		})
	}
}
