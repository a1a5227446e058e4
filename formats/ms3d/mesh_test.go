package ms3d

import (
	"errors"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// TubeFixture is a skinned tube made by tube(); regenerate with
//
//	go test ./formats/ms3d -run TestFixtures -update
const TubeFixture = "testdata/tube_v4.ms3d"

// tube is a tube of radius 0.5 along +Y over three joints (base at 0,
// middle at 2, tip at 4), nine rings of eight vertices, with sub-version
// 2 vertex extras that blend each ring between the two joints nearest it
// (a ring between joints a and b at fraction u: a at 100−u·100 percent, b
// at the rest). The middle joint bends 70° about Z and back over 48
// frames; the base turns about Y. Triangles wind counter-clockwise seen
// from outside.
func tube() *File {
	f := &File{Header: Header{ID: Magic, Version: 4}, AnimationFPS: 24, CurrentTime: 1, TotalFrames: 48,
		CommentsSubVersion: 1, VertexExtraSubVersion: 2}
	const rings, seg = 9, 8
	for r := 0; r < rings; r++ {
		y := float32(r) * 0.5
		// Joints at y 0, 2 and 4; the ring's nearest pair and the share
		// of the upper one.
		a := min(int(y/2), 1)
		u := (y - 2*float32(a)) / 2
		wa := uint8(math.Round(float64(100 * (1 - u))))
		for s := 0; s < seg; s++ {
			th := 2 * math.Pi * float64(s) / seg
			v := Vertex{Position: [3]float32{0.5 * float32(math.Cos(th)), y, 0.5 * float32(math.Sin(th))}, BoneID: int8(a)}
			e := VertexExtra{BoneIDs: [3]int8{int8(a + 1), -1, -1}, Weights: [3]uint8{wa, 100 - wa, 0}}
			if wa == 100 {
				e = VertexExtra{BoneIDs: [3]int8{-1, -1, -1}}
			}
			if wa == 0 {
				v.BoneID, e = int8(a+1), VertexExtra{BoneIDs: [3]int8{-1, -1, -1}}
			}
			f.Vertices = append(f.Vertices, v)
			f.VertexExtras = append(f.VertexExtras, e)
		}
	}
	g := Group{Name: "tube", MaterialIndex: 0}
	for r := 0; r+1 < rings; r++ {
		for s := 0; s < seg; s++ {
			i0, i1 := uint16(r*seg+s), uint16(r*seg+(s+1)%seg)
			j0, j1 := i0+seg, i1+seg
			for _, tri := range [][3]uint16{{i0, j0, i1}, {i1, j0, j1}} {
				t := Triangle{VertexIndices: tri, SmoothingGroup: 1}
				for c, vi := range tri {
					p := f.Vertices[vi].Position
					n := mgl32.Vec3{p[0], 0, p[2]}.Normalize()
					t.VertexNormals[c] = [3]float32(n)
					t.S[c] = float32(vi%seg) / seg
					t.T[c] = 1 - f.Vertices[vi].Position[1]/4
				}
				g.Triangles = append(g.Triangles, uint16(len(f.Triangles)))
				f.Triangles = append(f.Triangles, t)
			}
		}
	}
	f.Groups = []Group{g}
	f.Materials = []Material{{Name: "clay", Diffuse: [4]float32{0.8, 0.55, 0.4, 1}, Transparency: 1}}
	f.Joints = []Joint{
		{Name: "base", RotationKeys: []RotationKey{{Time: 0}, {Time: 1, Rotation: [3]float32{0, float32(90 * deg), 0}}, {Time: 2}}},
		{Name: "middle", ParentName: "base", Position: [3]float32{0, 2, 0},
			RotationKeys: []RotationKey{{Time: 0}, {Time: 1, Rotation: [3]float32{0, 0, float32(70 * deg)}}, {Time: 2}}},
		{Name: "tip", ParentName: "middle", Position: [3]float32{0, 2, 0}},
	}
	return f
}

// TestWeights checks MilkShape's weight rule
// (docs/formats/milkshape-anm.md#meshes-and-skinning) vertex by vertex on
// a four-joint model.
func TestWeights(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bone    int8
		ids     [3]int8
		w       [3]uint8
		noExtra bool
		js      []int
		ws      []int // percent, before normalising
		err     string
	}{
		{name: "no extra record", bone: 2, noExtra: true, js: []int{2}, ws: []int{100}},
		{name: "stored weights all 0: own joint alone", bone: 1, ids: [3]int8{2, 3, -1}, js: []int{1}, ws: []int{100}},
		{name: "two joints", bone: 1, ids: [3]int8{0, -1, -1}, w: [3]uint8{50, 50, 0}, js: []int{1, 0}, ws: []int{50, 50}},
		{name: "four joints, the last takes the rest", bone: 0, ids: [3]int8{1, 2, 3}, w: [3]uint8{40, 30, 20}, js: []int{0, 1, 2, 3}, ws: []int{40, 30, 20, 10}},
		// MilkShape stops at the first 0 weight: the extras never count.
		{name: "own weight 0 ends the run at once", bone: 0, ids: [3]int8{1, 2, -1}, w: [3]uint8{0, 50, 50}, js: []int{0}, ws: []int{100}},
		// A -1 joint ends the run; the kept weights add up to 90.
		{name: "a -1 joint ends the run", bone: 0, ids: [3]int8{1, 2, -1}, w: [3]uint8{30, 30, 30}, js: []int{0, 1, 2}, ws: []int{30, 30, 30}},
		{name: "weights over 100", bone: 0, ids: [3]int8{1, 2, -1}, w: [3]uint8{60, 50, 0}, err: "vertex extra.weights at offset 450 (0x1c2): vertex 0: weights 60 + 50 + 0 = 110% leave the fourth joint a negative weight"},
		{name: "extra joint out of range", bone: 0, ids: [3]int8{9, -1, -1}, w: [3]uint8{40, 60, 0}, err: "vertex extra.boneIds at offset 447 (0x1bf): vertex 0: joint 9 of 4"},
		{name: "own joint out of range", bone: 7, noExtra: true, err: "vertex.boneId at offset 29 (0x1d): vertex 0: joint 7 of 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &File{Header: Header{ID: Magic, Version: 4}, Vertices: []Vertex{{BoneID: tc.bone}},
				Joints: []Joint{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}}
			if !tc.noExtra {
				// Extras follow the comment section (empty here: 20
				// bytes), so a record starts at 51 + 4·93 + 20 + 4 = 447.
				f.CommentsSubVersion, f.VertexExtraSubVersion = 1, 2
				f.VertexExtras = []VertexExtra{{BoneIDs: tc.ids, Weights: tc.w}}
			}
			// Read back from bytes, so that offsets are the file's.
			f, err := Parse(mustEncode(t, f))
			if err != nil {
				t.Fatal(err)
			}
			js, ws, n, _, err := f.weightsOf(0)
			if tc.err != "" {
				if err == nil || !strings.HasSuffix(err.Error(), tc.err) {
					t.Fatalf("error %v, want …%s", err, tc.err)
				}
				var fe *formats.Error
				if !errors.As(err, &fe) {
					t.Errorf("%T is not a *formats.Error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n != len(tc.js) {
				t.Fatalf("%d influences %v %v, want %v %v", n, js, ws, tc.js, tc.ws)
			}
			for k := 0; k < n; k++ {
				if js[k] != tc.js[k] || ws[k] != tc.ws[k] {
					t.Fatalf("influences %v %v, want %v %v", js[:n], ws[:n], tc.js, tc.ws)
				}
			}
		})
	}
}

// TestMeshBadIndices: a triangle naming a missing vertex, and a group
// naming a missing triangle, leave the mesh out with a warning naming the
// field and offset, and the skeleton still loads and plays.
func TestMeshBadIndices(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(f *File)
		want string
	}{
		// 3 vertices: triangles start at 16 + 45 + 2 = 63; corner 1's
		// index at 63 + 2 + 2.
		{"triangle vertex", func(f *File) { f.Triangles[0].VertexIndices[1] = 3 },
			"triangle.vertexIndices at offset 67 (0x43): triangle 0: vertex 3 of 3"},
		// Groups start at 63 + 70 + 2 = 135; the first index at 135 + 35.
		{"group triangle", func(f *File) { f.Groups[0].Triangles[0] = 5 },
			"group.triangleIndices at offset 170 (0xaa): group \"skin\" triangle 5 of 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := arm()
			tc.edit(f)
			a, err := Load(&formats.Input{Name: "bad.ms3d", Data: mustEncode(t, f)})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Meshes) != 0 || len(a.Skeleton.Bones) != 3 || len(a.Clips) != 1 {
				t.Fatalf("%d meshes, %d bones, %d clips", len(a.Meshes), len(a.Skeleton.Bones), len(a.Clips))
			}
			if !strings.Contains(strings.Join(a.Warnings, "\n"), "mesh not loaded: ms3d: "+tc.want) {
				t.Errorf("warnings %q, want one naming %q", a.Warnings, tc.want)
			}
		})
	}
}

// TestTextMeshBadBone: the ASCII export's errors name the line.
func TestTextMeshBadBone(t *testing.T) {
	text := string(arm().EncodeText())
	lines := strings.Split(text, "\n")
	found := 0
	for i, l := range lines {
		// The third vertex of the only mesh: "1 0 1 0 … 2".
		if strings.HasSuffix(strings.TrimSpace(l), " 2") && strings.Count(l, " ") >= 6 && found == 0 {
			lines[i] = strings.TrimSuffix(strings.TrimSpace(l), " 2") + " 200"
			found = i + 1
		}
	}
	if found == 0 {
		t.Fatal("no vertex line found in the export")
	}
	a, err := LoadText(&formats.Input{Name: "bad.txt", Data: []byte(strings.Join(lines, "\n"))})
	if err != nil {
		t.Fatal(err)
	}
	want := "mesh not loaded: ms3d-text: vertex at line " + strconv.Itoa(found) + ": vertex 2: joint 200 of 3"
	if len(a.Meshes) != 0 || !strings.Contains(strings.Join(a.Warnings, "\n"), want) {
		t.Errorf("meshes %d, warnings %q, want %q", len(a.Meshes), a.Warnings, want)
	}
}

// TestMeshTube: the tube's mesh has every vertex in the file's place, its
// normals unit length, weights summing to 1 per MilkShape's rule, and
// inverse binds that undo each joint's reference world matrix.
func TestMeshTube(t *testing.T) {
	a, err := Load(&formats.Input{Name: "tube_v4.ms3d", Data: mustEncode(t, tube())})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Meshes) != 1 {
		t.Fatalf("%d meshes; warnings %q", len(a.Meshes), a.Warnings)
	}
	m := a.Meshes[0]
	if m.Triangles() != 128 || len(m.Positions) != 72 || !m.Skinned() || len(m.Groups) != 1 || m.Groups[0].Count != 128 {
		t.Fatalf("%d triangles, %d vertices, skinned %v, groups %+v", m.Triangles(), len(m.Positions), m.Skinned(), m.Groups)
	}
	// Ring 3 (y = 1.5) is 25% base, 75% middle.
	for i, p := range m.Positions {
		if math.Abs(float64(p[1])-1.5) < 1e-6 {
			w := m.Weights[i]
			if m.Joints[i][0] != 0 || m.Joints[i][1] != 1 || math.Abs(float64(w[0])-0.25) > 1e-6 || math.Abs(float64(w[1])-0.75) > 1e-6 {
				t.Fatalf("vertex %d at %v: joints %v weights %v", i, p, m.Joints[i], w)
			}
		}
	}
	// Inverse bind · reference world = identity.
	for b := range a.Skeleton.Bones {
		world := mgl32.Ident4()
		for k := b; k >= 0; k = a.Skeleton.Bones[k].Parent {
			world = a.Skeleton.Bones[k].Bind.Mat4().Mul4(world)
		}
		if !m.InverseBind[b].Mul4(world).ApproxEqualThreshold(mgl32.Ident4(), 1e-5) {
			t.Errorf("bone %d: inverse bind · world = %v", b, m.InverseBind[b].Mul4(world))
		}
	}
}

// TestStaticModel: a model without joints opens on one bone with a
// static mesh.
func TestStaticModel(t *testing.T) {
	f := tube()
	f.Joints, f.VertexExtras, f.VertexExtraSubVersion = nil, nil, 0
	for i := range f.Vertices {
		f.Vertices[i].BoneID = -1
	}
	a, err := Load(&formats.Input{Name: "prop.ms3d", Data: mustEncode(t, f)})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeleton.Bones) != 1 || a.Skeleton.Bones[0].Name != StaticBoneName || len(a.Meshes) != 1 || a.Meshes[0].Skinned() {
		t.Fatalf("bones %+v, meshes %d", a.Skeleton.Bones, len(a.Meshes))
	}
}

// TestUnboundVertices: in a model with joints, vertices whose joint is
// -1 stay where they are (MilkShape's TransformVertex leaves them), as in
// the public hog.ms3d and porco.ms3d (one such vertex each): they follow
// one more root bone, (model), that no key moves, with a warning; the
// other vertices keep their joints.
func TestUnboundVertices(t *testing.T) {
	f := tube()
	for _, i := range []int{0, 70} {
		f.Vertices[i].BoneID = -1
		f.VertexExtras[i] = VertexExtra{BoneIDs: [3]int8{-1, -1, -1}}
	}
	a, err := Load(&formats.Input{Name: "tube.ms3d", Data: mustEncode(t, f)})
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	if len(sk.Bones) != 4 || sk.Bones[3].Name != StaticBoneName || sk.Bones[3].Parent != -1 || len(a.Meshes) != 1 {
		t.Fatalf("bones %+v, %d meshes, warnings %q", sk.Bones, len(a.Meshes), a.Warnings)
	}
	if !slices.ContainsFunc(a.Warnings, func(w string) bool { return strings.Contains(w, "2 vertices follow no joint") }) {
		t.Errorf("warnings %q", a.Warnings)
	}
	m := a.Meshes[0]
	static, other := 0, 0
	for i, p := range m.Positions {
		unbound := p == mgl32.Vec3(f.Vertices[0].Position) || p == mgl32.Vec3(f.Vertices[70].Position)
		onStatic := m.Joints[i][0] == 3 && m.Weights[i] == [4]float32{1}
		switch {
		case unbound && onStatic:
			static++
		case !unbound && !onStatic && m.Joints[i][0] < 3:
			other++
		default:
			t.Fatalf("vertex %d at %v: joints %v weights %v", i, p, m.Joints[i], m.Weights[i])
		}
	}
	if static == 0 || other == 0 || m.InverseBind[3] != mgl32.Ident4() || a.Clips[0].Tracks[3].Animated() {
		t.Errorf("%d vertices on the static bone, %d on joints; its inverse bind %v; animated %v", static, other, m.InverseBind[3], a.Clips[0].Tracks[3].Animated())
	}
}

// TestJeep opens Psionic's jeep (testdata/public, free for any use), a
// MilkShape model without joints: one bone and a static mesh of all its
// 2032 triangles in seven groups.
func TestJeep(t *testing.T) {
	data, err := os.ReadFile("testdata/public/jeep1.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Load(&formats.Input{Name: "jeep1.ms3d", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeleton.Bones) != 1 || len(a.Meshes) != 1 || a.Meshes[0].Skinned() || a.Meshes[0].Triangles() != 2032 || len(a.Meshes[0].Groups) != 7 {
		t.Fatalf("%d bones, %d meshes; warnings %q", len(a.Skeleton.Bones), len(a.Meshes), a.Warnings)
	}
}

// TestParentsAndGlobals checks the joints' parents as MilkShape's
// FindJointByName finds them (the first joint of a name) and the
// reference matrices of a chain as deep as the format allows, composed
// without recursion (issue 35), with a parent loop's closing joint a root.
func TestParentsAndGlobals(t *testing.T) {
	f := &File{Joints: []Joint{
		{Name: "x", Position: [3]float32{1, 0, 0}},
		{Name: "y", ParentName: "x", Position: [3]float32{0, 1, 0}},
		{Name: "x", Position: [3]float32{5, 0, 0}},
		{Name: "z", ParentName: "x", Position: [3]float32{0, 0, 1}},
		{Name: "w", ParentName: "nobody"},
		{Name: "self", ParentName: "self", Position: [3]float32{2, 0, 0}},
		{Name: "p", ParentName: "q", Position: [3]float32{0, 3, 0}},
		{Name: "q", ParentName: "p", Position: [3]float32{0, 0, 3}},
	}}
	if got, want := f.parents(), []int{-1, 0, -1, 0, -1, 5, 7, 6}; !slices.Equal(got, want) {
		t.Errorf("parents %v, want %v", got, want)
	}
	g := f.ReferenceGlobals()
	at := func(m Mat34) [3]float32 { return [3]float32{m[0][3], m[1][3], m[2][3]} }
	// p's walk goes p, q and back to p: q closes the loop and is a root.
	for i, want := range [][3]float32{{1, 0, 0}, {1, 1, 0}, {5, 0, 0}, {1, 0, 1}, {0, 0, 0}, {2, 0, 0}, {0, 3, 3}, {0, 0, 3}} {
		if got := at(g[i]); got != want {
			t.Errorf("joint %d %q at %v, want %v", i, f.Joints[i].Name, got, want)
		}
	}
	const n = 0xFFFF
	deep := &File{Joints: make([]Joint, n)}
	for i := range deep.Joints {
		deep.Joints[i] = Joint{Name: strconv.Itoa(i), Position: [3]float32{0, 1, 0}}
		if i > 0 {
			deep.Joints[i].ParentName = strconv.Itoa(i - 1)
		}
	}
	if got := at(deep.ReferenceGlobals()[n-1]); got != [3]float32{0, n, 0} {
		t.Errorf("the deepest joint is at %v, want (0, %d, 0)", got, n)
	}
}
