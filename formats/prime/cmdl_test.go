package prime

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// The vectors below are worked out by hand from
// docs/formats/metroid-prime.md#models-cmdl-and-cskr; each comment names
// the subsection whose rule it checks: #cmdl-header, #vertex-arrays,
// #material-sets, #surfaces-and-display-lists, #cskr.

// cmdlMP1Vector is a version 2 (MP1) model (#cmdl-header): one material
// set whose only material indexes positions with 16 bits and normals with
// 8 (#material-sets, vertex flags), four positions in a section padded to
// 64 bytes, so a fifth, zero, entry (#vertex-arrays), one normal, and one
// surface whose display list holds a triangle strip and a triangle list,
// padded with NOPs (#surfaces-and-display-lists).
const cmdlMP1Vector = `
DEADBABE 00000002 00000001                        | magic, version 2, flags: skinned
00000000 00000000 00000000 3F800000 3F800000 00000000 | bounds (0,0,0)-(1,1,0)
00000007 00000001                                 | 7 sections, 1 material set
00000020 00000040 00000020 00000000 00000000 00000020 00000060 | section sizes
00000000 00000000 00000000 00000000 00000000 00000000 | header padded to 32 (0x60)
00000000                                          | 0x60 material set: no textures
00000001 00000010                                 | 1 material, ending 16 bytes in
00000000 00000000 0000000B 00000000               | flags, no textures, position idx16 | normal idx8, group 0
00000000                                          | section padding
00000000 00000000 00000000                        | 0x80 positions: (0,0,0)
3F800000 00000000 00000000                        | (1,0,0)
3F800000 3F800000 00000000                        | (1,1,0)
00000000 3F800000 00000000                        | (0,1,0)
00000000 00000000 00000000 00000000               | padding: reads as a fifth entry
00000000 00000000 3F800000                        | 0xC0 normals: (0,0,1)
00000000 00000000 00000000 00000000 00000000      | padding
00000001 00000060                                 | 0xE0 one surface, ending 0x60 in
00000000 00000000 00000000 00000000 00000000 00000000
3F000000 3F000000 00000000                        | 0x100 surface: centre
00000000                                          | material 0
80000020                                          | normal hint; display list of 32 bytes
00000000 00000000 00000000                        | parent, next, no extra data
00000000 00000000 3F800000                        | reflection direction
00000000 00000000 00000000 00000000 00000000      | header padded to 32 (0x40)
98 0004 0000 00 0001 00 0003 00 0002 00           | 0x140 strip, format 0: positions 0 1 3 2, normal 0
90 0003 0000 00 0001 00 0002 00                   | list: positions 0 1 2
00 00 00 00 00                                    | NOPs to 32
`

// cmdlMP2Vector is a version 4 (Echoes) model: two more words in the
// material and konst colours (#material-sets), short normals (header flag
// 0x2) read by vertex format 1 (#vertex-arrays), a position matrix index
// byte before each vertex's indices (top byte of the vertex flags), two
// u16 more in the surface header and a triangle fan
// (#surfaces-and-display-lists).
const cmdlMP2Vector = `
DEADBABE 00000004 00000003                        | magic, version 4, flags: skinned, short normals
00000000 00000000 00000000 3F800000 3F800000 00000000 | bounds
00000007 00000001
00000040 00000040 00000020 00000000 00000000 00000020 00000060
00000000 00000000 00000000 00000000 00000000 00000000
00000001 AABBCCDD                                 | 0x60 one texture
00000001 00000020                                 | 1 material, ending 32 bytes in
00000008 00000000 0100000F                        | flags: konst; no textures; position matrix, position and normal idx16
00000001 00000002                                 | Echoes' two words
00000000                                          | group 0
00000001 FF0000FF                                 | 1 konst colour: red
00000000 00000000 00000000 00000000
00000000 00000000 00000000                        | 0xA0 positions: (0,0,0)
3F800000 00000000 00000000                        | (1,0,0)
00000000 3F800000 00000000                        | (0,1,0)
00000000 00000000 00000000 00000000 00000000 00000000 00000000 | padding: two more entries
0000 0000 4000                                    | 0xE0 short normals: (0,0,1) with 14 fraction bits
0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000
00000001 00000060                                 | 0x100 one surface
00000000 00000000 00000000 00000000 00000000 00000000
3EAAAAAB 3EAAAAAB 00000000                        | 0x120 surface: centre
00000000 00000020 00000000 00000000 00000000      | material 0, list of 32, parent, next, no extra
00000000 00000000 3F800000                        | reflection direction
0001 0002                                         | Echoes' two u16
00000000 00000000 00000000 00000000               | header padded to 32
A1 0003 00 0000 0000 03 0001 0000 06 0002 0000     | 0x160 fan, format 1: matrix, position, normal
00 00 00 00 00 00 00 00 00 00 00 00 00 00
`

// cskrMP1Vector is an MP1 skin (#cskr): a group of three vertices on bone
// 3, one vertex shared 1:3 by bones 3 and 4, then the MP1 footer's counts,
// each after -1, and PAK padding.
const cskrMP1Vector = `
00000002                                          | 2 groups
00000001 00000003 3F800000 00000003               | 4: 1 weight (bone 3, 1.0); 3 vertices
00000002 00000003 3E800000 00000004 3F400000 00000001 | 20: bone 3 × 0.25, bone 4 × 0.75; 1 vertex
FFFFFFFF 00000004 FFFFFFFF 00000004               | 44: 4 points, 4 normals
FFFFFFFF                                          | padding
`

// cskrMP2Vector is the same skin in Echoes' layout (#cskr), its bone ids
// three lower as Echoes' CINFs number them, with the pool table and the
// per-vertex bytes of the MP2 footer.
const cskrMP2Vector = `
00000002
00000001 00000000 3F800000 00000003
00000002 00000000 3E800000 00000001 3F400000 00000001
0000000A 0000 0001 FFFF FFFF FFFF FFFF FFFF FFFF FFFF FFFF | pool table: 10 entries
00000004 00 00 00 01                              | one byte per vertex: its group
FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF       | padding
`

func TestVectorCMDLMP1(t *testing.T) {
	data := hexBytes(t, cmdlMP1Vector)
	if len(data) != 0x160 {
		t.Fatalf("vector is %#x bytes", len(data))
	}
	m, err := ParseCMDL(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game != MP1 || m.Version != 2 || m.Flags != CMDLSkinned || len(m.Warnings) != 0 {
		t.Errorf("game %v version %d flags %#x warnings %q", m.Game, m.Version, m.Flags, m.Warnings)
	}
	if len(m.Positions) != 5 || m.Positions[2] != (mgl32.Vec3{1, 1, 0}) || len(m.Normals) != 2 || m.Normals[0] != (mgl32.Vec3{0, 0, 1}) {
		t.Errorf("positions %v normals %v", m.Positions, m.Normals)
	}
	mat := m.MaterialSets[0].Materials[0]
	l, err := mat.Layout()
	if err != nil || mat.VertexFlags != 0xB || l.Size != 3 || l.Values != 2 || l.Kind[attrNrm] != attrIndex8 {
		t.Errorf("material %+v layout %+v %v", mat, l, err)
	}
	sf := m.Surfaces[0]
	if !sf.NormalHint || len(sf.Primitives) != 2 || sf.Center != (mgl32.Vec3{0.5, 0.5, 0}) {
		t.Fatalf("surface %+v", sf)
	}
	p := sf.Primitives[0]
	if p.Op != GXTriangleStrip || p.Format != 0 || !equalU16(p.Values, 0, 0, 1, 0, 3, 0, 2, 0) {
		t.Errorf("strip %+v", p)
	}
	enc, err := m.MarshalBinary()
	if err != nil || !bytes.Equal(enc, data) {
		t.Fatalf("re-encoded differs: %v\n% x", err, enc)
	}
	// Static mesh: vertices in first-use order (positions 0 1 3 2), the
	// strip's second triangle turned back to the first's winding.
	mesh, warns, err := BuildMesh(m, nil, nil, nil, "v")
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	if !equalU32(mesh.Indices, 0, 1, 2, 2, 1, 3, 0, 1, 3) || mesh.Positions[2] != (mgl32.Vec3{0, 1, 0}) {
		t.Errorf("indices %v positions %v", mesh.Indices, mesh.Positions)
	}
	for i := 0; i < mesh.Triangles(); i++ {
		if n := triNormal(mesh.Positions, mesh.Indices[3*i:]); n[2] <= 0 {
			t.Errorf("triangle %d faces %v, not +Z (counter-clockwise fronts)", i, n)
		}
	}
	if mesh.Skinned() || mesh.UVs != nil || len(mesh.Normals) != 4 || len(mesh.Groups) != 1 || mesh.Groups[0].Count != 3 {
		t.Errorf("mesh %+v", mesh)
	}
	if mesh.Materials[0].Diffuse != defaultDiffuse {
		t.Errorf("material %+v", mesh.Materials[0])
	}
}

func TestVectorCMDLMP2(t *testing.T) {
	data := hexBytes(t, cmdlMP2Vector)
	if len(data) != 0x180 {
		t.Fatalf("vector is %#x bytes", len(data))
	}
	m, err := ParseCMDL(data)
	if err != nil {
		t.Fatal(err)
	}
	mat := m.MaterialSets[0].Materials[0]
	if m.Game != MP2 || mat.Unknown != [2]uint32{1, 2} || mat.Konst[0] != 0xFF0000FF || m.MaterialSets[0].Textures[0] != 0xAABBCCDD {
		t.Errorf("game %v material %+v", m.Game, mat)
	}
	sf := m.Surfaces[0]
	if sf.Unknown != [2]uint16{1, 2} || len(m.ShortNormals) != 5 || m.ShortNormals[0] != [3]int16{0, 0, 0x4000} {
		t.Errorf("surface %+v normals %v", sf, m.ShortNormals)
	}
	if p := sf.Primitives[0]; p.Op != GXTriangleFan || p.Format != 1 || !equalU16(p.Values, 0, 0, 0, 3, 1, 0, 6, 2, 0) {
		t.Errorf("fan %+v", p)
	}
	enc, err := m.MarshalBinary()
	if err != nil || !bytes.Equal(enc, data) {
		t.Fatalf("re-encoded differs: %v", err)
	}
	mesh, warns, err := BuildMesh(m, nil, nil, nil, "v")
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	if !equalU32(mesh.Indices, 0, 1, 2) || mesh.Normals[1] != (mgl32.Vec3{0, 0, 1}) || mesh.Materials[0].Diffuse != [4]float32{1, 0, 0, 1} {
		t.Errorf("mesh %+v", mesh)
	}
}

func TestVectorCSKR(t *testing.T) {
	for _, tc := range []struct {
		vector string
		game   Game
		bone   uint32
	}{{cskrMP1Vector, MP1, 3}, {cskrMP2Vector, MP2, 0}} {
		data := hexBytes(t, tc.vector)
		s, err := ParseCSKR(data, GameAuto)
		if err != nil {
			t.Fatal(err)
		}
		if s.Game != tc.game || len(s.Groups) != 2 || s.Vertices() != 4 || s.Groups[1].Weights[1] != (CSKRWeight{BoneID: tc.bone + 1, Weight: 0.75}) {
			t.Errorf("%v: %+v", tc.game, s)
		}
		if tc.game == MP1 && (s.Points.Count != 4 || s.Points.Inline != nil || s.Normals.Count != 4) {
			t.Errorf("footer %+v %+v", s.Points, s.Normals)
		}
		if tc.game == MP2 && (len(s.PoolToSkin) != 10 || s.PoolToSkin[1] != 1 || !bytes.Equal(s.VertexBytes, []byte{0, 0, 0, 1})) {
			t.Errorf("footer %v %v", s.PoolToSkin, s.VertexBytes)
		}
		enc, err := s.MarshalBinary()
		if err != nil || !bytes.Equal(enc, data) {
			t.Errorf("%v re-encoded differs: %v", tc.game, err)
		}
	}
}

// The MP1 footer's other form: a count not after -1 is followed by a copy
// of the array (CSkinRules' StreamFloatToShort skips count × 12 bytes).
func TestCSKRInlineFooter(t *testing.T) {
	data := hexBytes(t, `
00000001 00000001 00000003 3F800000 00000001 | one group, one vertex on bone 3
00000001 3F800000 00000000 00000000          | one point, inline
FFFFFFFF 00000001                            | one normal
`)
	s, err := ParseCSKR(data, MP1)
	if err != nil || s.Points.Count != 1 || s.Points.Inline[0] != (mgl32.Vec3{1, 0, 0}) || s.Normals.Inline != nil {
		t.Fatalf("%+v %v", s, err)
	}
	if enc, err := s.MarshalBinary(); err != nil || !bytes.Equal(enc, data) {
		t.Errorf("re-encoded differs: %v", err)
	}
}

// Skinning the MP1 vector on the CINF vector: bones 3 (the root, at
// (0,0,1)) and 4 (at (0,1,1)). MP1's skinning takes no offset for segment
// 3, so its inverse bind is the identity; bone 4's is the translation by
// minus its position. Echoes' vector on an Echoes skeleton has no such
// exception.
func TestVectorSkin(t *testing.T) {
	m, c, sk := vectorModel(t)
	s, err := ParseCSKR(hexBytes(t, cskrMP1Vector), MP1)
	if err != nil {
		t.Fatal(err)
	}
	mesh, warns, err := BuildMesh(m, s, c, sk, "v")
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	root, arm := sk.Index(3), sk.Index(4)
	// Mesh vertex 2 is position 3, the single vertex of the second group.
	if mesh.Joints[0][0] != uint16(root) || mesh.Weights[3] != [4]float32{1, 0, 0, 0} ||
		mesh.Joints[2] != [4]uint16{uint16(root), uint16(arm), 0, 0} || mesh.Weights[2] != [4]float32{0.25, 0.75, 0, 0} {
		t.Errorf("joints %v weights %v", mesh.Joints, mesh.Weights)
	}
	if mesh.InverseBind[root] != mgl32.Ident4() || mesh.InverseBind[arm] != mgl32.Translate3D(0, -1, -1) {
		t.Errorf("inverse binds %v", mesh.InverseBind)
	}

	m2, err := ParseCMDL(hexBytes(t, cmdlMP2Vector))
	if err != nil {
		t.Fatal(err)
	}
	s2, err := ParseCSKR(hexBytes(t, cskrMP2Vector), MP2)
	if err != nil {
		t.Fatal(err)
	}
	// Three positions and two zero padding entries: the skin's four
	// vertices cover the three the fan uses.
	c2 := &CINF{Game: MP2, Bones: []CINFBone{
		{ID: 0, Parent: 0x61, Position: mgl32.Vec3{0, 0, 1}},
		{ID: 1, Parent: 0, Position: mgl32.Vec3{0, 1, 1}},
	}}
	sk2, _, err := c2.Skeleton("e")
	if err != nil {
		t.Fatal(err)
	}
	mesh2, _, err := BuildMesh(m2, s2, c2, sk2, "e")
	if err != nil {
		t.Fatal(err)
	}
	if mesh2.InverseBind[0] != mgl32.Translate3D(0, 0, -1) || mesh2.Weights[2] != [4]float32{1, 0, 0, 0} {
		t.Errorf("inverse binds %v weights %v", mesh2.InverseBind, mesh2.Weights)
	}
}

// vectorModel parses the MP1 model vector and the CINF vector and builds
// the skeleton.
func vectorModel(t *testing.T) (*CMDL, *CINF, *formats.Skeleton) {
	t.Helper()
	m, err := ParseCMDL(hexBytes(t, cmdlMP1Vector))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseCINF(hexBytes(t, mp1CINFVector), GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	sk, _, err := c.Skeleton("x")
	if err != nil {
		t.Fatal(err)
	}
	return m, c, sk
}

func equalU16(got []uint16, want ...uint16) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func equalU32(got []uint32, want ...uint32) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// triNormal is the face normal of a triangle wound counter-clockwise.
func triNormal(p []mgl32.Vec3, idx []uint32) mgl32.Vec3 {
	a, b, c := p[idx[0]], p[idx[1]], p[idx[2]]
	return b.Sub(a).Cross(c.Sub(a))
}

// wantError checks that err is a formats.Error of format at field and
// offset.
func wantError(t *testing.T, name string, err error, format, field string, offset int64) {
	t.Helper()
	var fe *formats.Error
	if !errors.As(err, &fe) {
		t.Errorf("%s: %v is not a formats.Error", name, err)
		return
	}
	if fe.Format != format || fe.Field != field || fe.Offset != offset {
		t.Errorf("%s: %s %q at %#x, want %s %q at %#x (%v)", name, fe.Format, fe.Field, fe.Offset, format, field, offset, err)
	}
}

func TestCMDLErrors(t *testing.T) {
	v := hexBytes(t, cmdlMP1Vector)
	// Offsets in cmdlMP1Vector: section sizes at 0x2C, material set at
	// 0x60 (material at 0x6C, its vertex flags at 0x74), positions at
	// 0x80, surface offsets at 0xE0, surface at 0x100 (material index
	// 0x10C, list size 0x110), display list at 0x140 (first vertex at
	// 0x143).
	tests := []struct {
		name   string
		data   []byte
		field  string
		offset int64
	}{
		{"magic", patch(v, 0, 0xDE, 0xAD, 0xBE, 0xEF), "magic", 0},
		{"version 5 (Corruption)", patch(v, 7, 5), "version", 4},
		{"section count larger than the data", patch(v, 0x27, 0xFF), "section count", 0x28},
		{"section past the end", patch(v, 0x44, 0, 0, 0x10, 0), "section sizes", 0x44},
		{"too few sections", patch(v, 0x27, 5), "section count", 0x24},
		{"material end past the section", patch(v, 0x6B, 0x40), "material set 0 material end offsets", 0x68},
		{"direct position data", patch(v, 0x77, 0x09), "material set 0 material 0 vertex flags", 0x74},
		{"no position", patch(v, 0x77, 0x08), "material set 0 material 0 vertex flags", 0x74},
		{"position NaN", patch(v, 0x80, 0x7F, 0xC0, 0, 0), "positions", 0x80},
		{"more surfaces than sections", patch(v, 0xE3, 2), "surface count", 0xE0},
		{"material index", patch(v, 0x10F, 1), "surface 0 material index", 0x10C},
		{"display list past its section", patch(v, 0x112, 1), "surface 0 display list size", 0x110},
		{"extra data past the section", patch(v, 0x11F, 0x80), "surface 0 extra size", 0x11C},
		{"unknown command", patch(v, 0x140, 0x61), "surface 0 display list command", 0x140},
		{"CP register load", patch(v, 0x140, 0x08), "surface 0 display list command", 0x140},
		{"vertex format 3", patch(v, 0x140, 0x9B), "surface 0 display list command", 0x140},
		{"strip past the list", patch(v, 0x142, 0x10), "surface 0 vertex count", 0x141},
		{"position index past the array", patch(v, 0x144, 5), "surface 0 position index", 0x143},
		{"normal index past the array", patch(v, 0x145, 2), "surface 0 normal index", 0x145},
		{"truncated", v[:0x150], "section sizes", 0x44},
	}
	for _, tc := range tests {
		_, err := ParseCMDL(tc.data)
		wantError(t, tc.name, err, fmtCMDL, tc.field, tc.offset)
	}
}

func TestCSKRErrors(t *testing.T) {
	v := hexBytes(t, cskrMP1Vector)
	tests := []struct {
		name   string
		data   []byte
		field  string
		offset int64
	}{
		{"group count larger than the data", patch(v, 0, 0, 0, 1, 0), "group count", 4},
		{"negative weight", patch(v, 12, 0xBF, 0x80, 0, 0), "group 0 weight 0", 12},
		{"NaN weight", patch(v, 28, 0x7F, 0xC0, 0, 0), "group 1 weight 0", 28},
		{"weights sum to zero", patch(v, 12, 0, 0, 0, 0), "group 0 weight count", 4},
		{"no weights", patch(v, 7, 0), "group 0 weight count", 4},
		{"bone id 100", patch(v, 11, 100), "group 0 weight 0 bone id", 8},
		{"weight count larger than the data", patch(v, 22, 0xFF), "group 1 weight count", 24},
		{"footer truncated", v[:48], "point count", 48},
		{"inline count larger than the data", patch(v, 44, 0, 0, 0, 9), "point count", 48},
	}
	for _, tc := range tests {
		_, err := ParseCSKR(tc.data, GameAuto)
		wantError(t, tc.name, err, fmtCSKR, tc.field, tc.offset)
	}
}

// Errors that need both files and the skeleton name the file, the field
// and the offset.
func TestBuildMeshErrors(t *testing.T) {
	m, c, sk := vectorModel(t)
	v := hexBytes(t, cskrMP1Vector)
	tests := []struct {
		name          string
		skin          []byte
		format, field string
		offset        int64
	}{
		// Two vertices for five entries: more than the section's padding.
		{"skin covers too few", patch(v, 19, 1), fmtCSKR, "group vertex counts", 40},
		{"skin covers too many", patch(v, 19, 5), fmtCSKR, "group vertex counts", 40},
		// Three of four real vertices: the strip's third names the fourth.
		{"vertex outside the skin", patch(v, 19, 2), fmtCMDL, "surface 0 position index", 0x149},
		{"bone id not in the skeleton", patch(v, 35, 9), fmtCSKR, "group 1 weight 1 bone id", 32},
	}
	for _, tc := range tests {
		s, err := ParseCSKR(tc.skin, MP1)
		if err != nil {
			t.Fatal(tc.name, err)
		}
		_, _, err = BuildMesh(m, s, c, sk, "v")
		wantError(t, tc.name, err, tc.format, tc.field, tc.offset)
	}
}

// Every truncation of every vector fails with an error that names a field,
// or parses (a cut in the trailing padding); nothing panics.
func TestModelTruncations(t *testing.T) {
	for _, vec := range []string{cmdlMP1Vector, cmdlMP2Vector} {
		data := hexBytes(t, vec)
		for n := 0; n < len(data); n++ {
			if _, err := ParseCMDL(data[:n]); err != nil && !strings.HasPrefix(err.Error(), fmtCMDL) {
				t.Errorf("CMDL cut at %d: %v", n, err)
			}
		}
	}
	for _, vec := range []string{cskrMP1Vector, cskrMP2Vector} {
		data := hexBytes(t, vec)
		for n := 0; n < len(data); n++ {
			if _, err := ParseCSKR(data[:n], GameAuto); err != nil && !strings.HasPrefix(err.Error(), fmtCSKR) {
				t.Errorf("CSKR cut at %d: %v", n, err)
			}
		}
	}
}

func tryCMDL(b []byte) error { _, err := ParseCMDL(b); return err }
func tryCSKR(b []byte) error { _, err := ParseCSKR(b, GameAuto); return err }

// TestModelNonFinite applies docs/formats/README.md#limits-and-non-finite-numbers
// to models and skins: every single is an error at its offset wrapping
// ErrNonFinite. Offsets are those of the hand vectors.
func TestModelNonFinite(t *testing.T) {
	const nan, inf = 0xFFFFFFFF, 0x7F800000
	mp1 := hexBytes(t, cmdlMP1Vector)
	mp2 := hexBytes(t, cmdlMP2Vector)
	skin := hexBytes(t, cskrMP1Vector)
	inline := hexBytes(t, "00000001 00000001 00000003 3F800000 00000001 00000001 3F800000 00000000 00000000 FFFFFFFF 00000001")
	uvModel := DemoCMDL(MP1, 0)
	uvModel.UVs[3][1] = 0.6875
	uvs, err := uvModel.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	cases := []nonFiniteCase{
		{name: "bounds", data: mp1, off: 0x0C, word: nan, parse: tryCMDL, field: "bounds", format: fmtCMDL},
		{name: "position", data: mp1, off: 0x84, word: inf, parse: tryCMDL, field: "positions", format: fmtCMDL},
		{name: "normal", data: mp1, off: 0xC8, word: nan, parse: tryCMDL, field: "normals", format: fmtCMDL},
		{name: "surface centre", data: mp1, off: 0x100, word: nan, parse: tryCMDL, field: "surface 0 center", format: fmtCMDL},
		{name: "surface reflection", data: mp2, off: 0x140, word: inf, parse: tryCMDL, field: "surface 0 normal", format: fmtCMDL},
		{name: "texture coordinate", data: uvs, off: sentinelAt(t, uvs, 0.6875), word: nan, parse: tryCMDL, field: "texture coordinates", format: fmtCMDL},
		{name: "skin weight", data: skin, off: 12, word: nan, parse: tryCSKR, field: "group 0 weight 0", format: fmtCSKR},
		{name: "inline footer vector", data: inline, off: 24, word: inf, parse: tryCSKR, field: "point count vectors", format: fmtCSKR},
	}
	runNonFinite(t, cases)
}
