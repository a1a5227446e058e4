package prime

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// worldMatrices composes local transforms into model space, world =
// parent · T·R·S: the reference the skinning tests check against. local
// overrides a bone's bind transform where it has an entry.
func worldMatrices(sk *formats.Skeleton, local map[int]formats.Transform) []mgl32.Mat4 {
	w := make([]mgl32.Mat4, len(sk.Bones))
	for i, b := range sk.Bones {
		t, ok := local[i]
		if !ok {
			t = b.Bind
		}
		w[i] = t.Mat4()
		if b.Parent >= 0 {
			w[i] = w[b.Parent].Mul4(w[i])
		}
	}
	return w
}

// skinPoint is linear blend skinning as formats.Mesh defines it:
// Σ weight · World[joint] · InverseBind[joint] · p.
func skinPoint(m *formats.Mesh, world []mgl32.Mat4, v int) mgl32.Vec3 {
	var out mgl32.Vec3
	p := m.Positions[v].Vec4(1)
	for k := 0; k < formats.MaxInfluences; k++ {
		w := m.Weights[v][k]
		if w == 0 {
			continue
		}
		j := m.Joints[v][k]
		out = out.Add(world[j].Mul4(m.InverseBind[j]).Mul4x1(p).Vec3().Mul(w))
	}
	return out
}

// demoMesh loads the demo character set with models from a folder and
// returns the opened character's asset.
func demoMesh(t *testing.T, game Game, entry string) *formats.Asset {
	t.Helper()
	a := loadDemoSet(t, demoSetFolder(t, game), entry)
	if len(a.Warnings) != 0 || len(a.Meshes) != 1 {
		t.Fatalf("warnings %q, %d meshes", a.Warnings, len(a.Meshes))
	}
	return a
}

// At the bind pose every skinned vertex lands where the mesh stores it:
// the inverse binds undo the bones' bind matrices, whatever each vertex's
// weights.
func TestDemoMeshRestPose(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		a := demoMesh(t, game, "")
		m := a.Meshes[0]
		if !m.Skinned() || len(m.Positions) != 128 || m.Triangles() != 16*12 || len(m.InverseBind) != len(a.Skeleton.Bones) {
			t.Fatalf("%v: %d vertices, %d triangles, skinned %v", game, len(m.Positions), m.Triangles(), m.Skinned())
		}
		world := worldMatrices(a.Skeleton, nil)
		blended := 0
		for v := range m.Positions {
			if got := skinPoint(m, world, v); !vecNear(got, m.Positions[v], 1e-6) {
				t.Errorf("%v: vertex %d skins to %v at the bind pose, stored at %v", game, v, got, m.Positions[v])
			}
			if m.Weights[v][1] > 0 {
				blended++
			}
		}
		// 16 boxes: every far end blends, and the body's near end too.
		if blended != 17*4 {
			t.Errorf("%v: %d blended vertices", game, blended)
		}
	}
}

// Turning a leg's upper bone turns the whole leg about the bone's pivot:
// both its boxes follow rigidly, blended ends included (the lower bones
// keep their bind rotation).
func TestDemoMeshPosed(t *testing.T) {
	a := demoMesh(t, MP1, "")
	m, sk := a.Meshes[0], a.Skeleton
	upper := sk.Index(10)
	pivot := DemoBonePositions()[7] // L_Front_Upper
	turn := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})
	bind := sk.Bones[upper].Bind
	bind.Rotation = turn
	world := worldMatrices(sk, map[int]formats.Transform{upper: bind})
	leg := map[uint16]bool{uint16(upper): true, uint16(sk.Index(11)): true, uint16(sk.Index(12)): true}
	moved := 0
	for v := range m.Positions {
		if !leg[m.Joints[v][0]] {
			continue
		}
		want := pivot.Add(turn.Rotate(m.Positions[v].Sub(pivot)))
		if got := skinPoint(m, world, v); !vecNear(got, want, 1e-5) {
			t.Errorf("vertex %d at %v, want %v", v, got, want)
		}
		moved++
	}
	if moved != 16 {
		t.Errorf("%d leg vertices", moved)
	}
}

// Every triangle of every box faces out of its box when wound
// counter-clockwise (Mesh.FrontCCW): the strips' alternate triangles are
// turned back, fans and lists keep their order.
func TestDemoMeshWinding(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		a := demoMesh(t, game, "")
		m := a.Meshes[0]
		boxOf := map[mgl32.Vec3]int{}
		var centres []mgl32.Vec3
		for bi, bx := range DemoBoxes() {
			for _, c := range bx.Corners {
				if _, dup := boxOf[c]; dup {
					t.Fatalf("corner %v repeats", c)
				}
				boxOf[c] = bi
			}
			centres = append(centres, bx.A.Add(bx.B).Mul(0.5))
		}
		if !m.FrontCCW || !m.Cull {
			t.Errorf("%v: FrontCCW %v, Cull %v", game, m.FrontCCW, m.Cull)
		}
		for i := 0; i < m.Triangles(); i++ {
			tri := m.Indices[3*i : 3*i+3]
			b := boxOf[m.Positions[tri[0]]]
			if boxOf[m.Positions[tri[1]]] != b || boxOf[m.Positions[tri[2]]] != b {
				t.Fatalf("%v: triangle %d spans boxes", game, i)
			}
			mid := m.Positions[tri[0]].Add(m.Positions[tri[1]]).Add(m.Positions[tri[2]]).Mul(1.0 / 3)
			if triNormal(m.Positions, tri).Dot(mid.Sub(centres[b])) <= 0 {
				t.Errorf("%v: triangle %d of box %d faces in", game, i, b)
			}
		}
	}
}

// The mesh's parts: one group per surface, the legs' material coloured by
// its konst colour, Crawler_Calm's model another colour; normals are unit
// length; MP1's model has texture coordinates.
func TestDemoMeshParts(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		crawler := demoMesh(t, game, "Crawler").Meshes[0]
		calm := demoMesh(t, game, "Crawler_Calm").Meshes[0]
		if crawler.Name != "0C0D0E0F.CMDL" || calm.Name != "0C0D0E10.CMDL" {
			t.Errorf("names %q %q", crawler.Name, calm.Name)
		}
		g := crawler.Groups
		if len(g) != 2 || g[0].Count != 4*12 || g[1] != (formats.MeshGroup{Name: "surface 1", First: 48, Count: 12 * 12, Material: 1}) {
			t.Errorf("%v: groups %+v", game, g)
		}
		olive := [4]float32{0x6B / 255.0, 0x8E / 255.0, 0x23 / 255.0, 1}
		if crawler.Materials[0].Diffuse != defaultDiffuse || crawler.Materials[1].Diffuse != olive || calm.Materials[1].Diffuse == olive {
			t.Errorf("%v: materials %+v / %+v", game, crawler.Materials, calm.Materials)
		}
		for v, n := range crawler.Normals {
			if !near(float64(n.Len()), 1, 1e-6) {
				t.Fatalf("%v: normal %d is %v", game, v, n)
			}
		}
		if (crawler.UVs != nil) != (game == MP1) {
			t.Errorf("%v: UVs %v", game, crawler.UVs != nil)
		}
	}
}

// A missing or bad model or skin is a warning that names the resource,
// the field and the offset; the character still opens with its clips.
func TestMeshWarnings(t *testing.T) {
	base := demoSetFolder(t, MP1)
	cmdl := base["0C0D0E0F.CMDL"].Data
	cskr := base["0D0E0F10.CSKR"].Data
	// The body surface's display list starts 0x60 into its section;
	// find it through the parsed model.
	m, err := ParseCMDL(cmdl)
	if err != nil {
		t.Fatal(err)
	}
	cmd := m.Surfaces[0].Primitives[0].off - 3
	tests := []struct {
		name    string
		replace map[string][]byte
		want    string
	}{
		{"missing model", map[string][]byte{"0C0D0E0F.CMDL": nil}, "CMDL 0C0D0E0F is missing (the model of \"Crawler\")"},
		{"missing skin", map[string][]byte{"0D0E0F10.CSKR": nil}, "CSKR 0D0E0F10 is missing (the skin of \"Crawler\")"},
		{"bad command", map[string][]byte{"0C0D0E0F.CMDL": patch(cmdl, cmd, 0x61)},
			fmt.Sprintf("CMDL 0C0D0E0F: prime CMDL: surface 0 display list command at offset %d", cmd)},
		{"negative weight", map[string][]byte{"0D0E0F10.CSKR": patch(cskr, 12, 0xBF)},
			"CSKR 0D0E0F10: prime CSKR: group 0 weight 0 at offset 12 (0xc)"},
		{"skin counts", map[string][]byte{"0D0E0F10.CSKR": patch(cskr, 27, 9)},
			"0C0D0E0F.CMDL with 0D0E0F10.CSKR: prime CSKR: group vertex counts at offset"},
	}
	for _, tc := range tests {
		fsys := fstest.MapFS{}
		for n, f := range base {
			fsys[n] = f
		}
		for n, b := range tc.replace {
			if b == nil {
				delete(fsys, n)
			} else {
				fsys[n] = &fstest.MapFile{Data: b}
			}
		}
		a := loadDemoSet(t, fsys, "")
		if len(a.Meshes) != 0 || len(a.Clips) != 3 || len(a.Warnings) != 1 ||
			!strings.Contains(a.Warnings[0], tc.want) || !strings.HasSuffix(a.Warnings[0], "the skeleton plays without its model") {
			t.Errorf("%s: %d meshes, %d clips, warnings %q", tc.name, len(a.Meshes), len(a.Clips), a.Warnings)
		}
	}
}

// The weights a game drops or rescales are warnings: MP1 keeps three.
func TestMeshWeightRules(t *testing.T) {
	m, c, sk := vectorModel(t)
	s := &CSKR{Game: MP1, Groups: []CSKRGroup{
		{Weights: []CSKRWeight{{3, 0.25}, {4, 0.25}, {5, 0.25}, {4, 0.25}}, VertexCount: 2},
		{Weights: []CSKRWeight{{5, 2}}, VertexCount: 2},
	}}
	mesh, warns, err := BuildMesh(m, s, c, sk, "v")
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2 || !strings.Contains(warns[0], "more than 3 weights") || !strings.Contains(warns[1], "do not sum to 1") {
		t.Errorf("warnings %q", warns)
	}
	third := float32(1) / 3
	if mesh.Weights[0] != [4]float32{third, third, third, 0} || mesh.Weights[2] != [4]float32{1, 0, 0, 0} {
		t.Errorf("weights %v", mesh.Weights)
	}
}

// Quads split along their first diagonal; degenerate triangles (a strip's
// joins) are dropped.
func TestTriangulate(t *testing.T) {
	tests := []struct {
		op    uint8
		verts []uint32
		want  []uint32
	}{
		{GXQuads, []uint32{0, 1, 2, 3}, []uint32{0, 1, 2, 0, 2, 3}},
		{GXTriangleStrip, []uint32{0, 1, 2, 2, 3, 4}, []uint32{0, 1, 2, 3, 2, 4}},
		{GXTriangleFan, []uint32{0, 1, 2, 3, 4}, []uint32{0, 1, 2, 0, 2, 3, 0, 3, 4}},
		{GXTriangles, []uint32{0, 1, 2, 3, 4}, []uint32{0, 1, 2}},
	}
	for _, tc := range tests {
		b := meshBuilder{mesh: &formats.Mesh{}}
		b.triangulate(tc.op, tc.verts)
		if !equalU32(b.mesh.Indices, tc.want...) {
			t.Errorf("%s %v: %v, want %v", primName(tc.op), tc.verts, b.mesh.Indices, tc.want)
		}
	}
}

// The writers' models and skins decode to what they encoded.
func TestDemoModelRoundTrip(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		b, err := DemoCMDL(game, 0x11223344).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseCMDL(b)
		if err != nil || len(m.Warnings) != 0 || m.Game != game {
			t.Fatalf("%v: %v %q", game, err, m.Warnings)
		}
		if b2, err := m.MarshalBinary(); err != nil || !bytes.Equal(b, b2) {
			t.Errorf("%v: CMDL re-encodes differently: %v", game, err)
		}
		// Extra data (an MREA surface's bounds) moves the display list
		// to the next 32-byte boundary and comes back as stored.
		m.Surfaces[1].Extra = bytes.Repeat([]byte{0xAB}, 24)
		b3, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		m3, err := ParseCMDL(b3)
		if err != nil || !bytes.Equal(m3.Surfaces[1].Extra, m.Surfaces[1].Extra) || len(m3.Surfaces[1].Primitives) != 36 {
			t.Errorf("%v: extra data: %v", game, err)
		}
		s := DemoCSKR(game)
		b, err = s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		s2, err := ParseCSKR(b, GameAuto)
		if err != nil || s2.Game != game {
			t.Fatalf("%v: %v", game, err)
		}
		if b2, err := s2.MarshalBinary(); err != nil || !bytes.Equal(b, b2) {
			t.Errorf("%v: CSKR re-encodes differently: %v", game, err)
		}
	}
}

// TestGoldenSkinned keeps the committed folder of the demo set with its
// models (MP1) equal to what the writers produce, and opens it.
func TestGoldenSkinned(t *testing.T) {
	dir := filepath.Join("testdata", "skinned-mp1")
	files, err := DemoSkinnedSetFiles(MP1)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		path := filepath.Join(dir, name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run TestGoldenSkinned -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the writers' output (run go test -run TestGoldenSkinned -update)", path)
		}
	}
	a, err := OpenLibrary(formats.FSResolver{FS: os.DirFS(dir)}, dir, "Crawler", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 0 || len(a.Meshes) != 1 || len(a.Clips) != 3 || len(a.Meshes[0].Positions) != 128 {
		t.Errorf("%s: warnings %q, %d meshes, %d clips", dir, a.Warnings, len(a.Meshes), len(a.Clips))
	}
}

// BenchmarkModel measures reading the demo model and skin and building the
// mesh, the work a character's opening adds.
func BenchmarkModel(b *testing.B) {
	files, err := DemoModelFiles(MP1)
	if err != nil {
		b.Fatal(err)
	}
	cmdl, cskr := files["0C0D0E0F.CMDL"], files["0D0E0F10.CSKR"]
	c := DemoCINF()
	sk, _, err := c.Skeleton("demo")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(cmdl) + len(cskr)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := ParseCMDL(cmdl)
		if err != nil {
			b.Fatal(err)
		}
		s, err := ParseCSKR(cskr, m.Game)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := BuildMesh(m, s, c, sk, "demo"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMeshWeightWarning: a skin whose weights do not sum to 1 loads with a
// warning that names the CSKR, not the CMDL, and says what is done, whole
// (issue 35: "CMDL 0C0D0E0F: … they are scaled to").
func TestMeshWeightWarning(t *testing.T) {
	base := demoSetFolder(t, MP1)
	fsys := fstest.MapFS{}
	for n, f := range base {
		fsys[n] = f
	}
	// The first weight's high byte (big-endian f32 at 12): 0x40 makes it
	// 2 or more, so that its group's weights sum past 1.
	fsys["0D0E0F10.CSKR"] = &fstest.MapFile{Data: patch(base["0D0E0F10.CSKR"].Data, 12, 0x40)}
	a := loadDemoSet(t, fsys, "")
	want := "CSKR 0D0E0F10: 1 skin groups' weights do not sum to 1; they are scaled to sum to 1 (the game does not scale them; the mesh model needs them to)"
	if len(a.Meshes) != 1 || !slices.Contains(a.Warnings, want) {
		t.Errorf("%d meshes, warnings %q, want %q", len(a.Meshes), a.Warnings, want)
	}
}
