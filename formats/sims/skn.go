package sims

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

const sknFormat = "sims-skn"

// BlendOne is the fixed-point weight 1.0 of a `.skn` blend (0x8000).
const BlendOne = 0x8000

// Skin is a The Sims 1 `.skn` mesh (docs/formats/sims.md#skins-skn): text,
// one field a line. Its vertices are stored in the space of the bone they
// are bound to. The first len(UVs) vertices are drawn ("bound" vertices,
// one per texture coordinate); each later vertex is a blend vertex, stored
// in the space of another bone, that pulls bound vertex Blends[i].Other
// towards itself by Blends[i].Weight.
type Skin struct {
	Name string
	// Texture names the skin's texture (a `.bmp` base name); "x" for none.
	Texture string
	// Bones names the bones that Bindings index.
	Bones    []string
	Faces    [][3]int32
	Bindings []SkinBinding
	UVs      []mgl32.Vec2
	Blends   []SkinBlend
	// Vertices and Normals hold the bound vertices, then the blend
	// vertices (len(UVs) + len(Blends) of each).
	Vertices []mgl32.Vec3
	Normals  []mgl32.Vec3
}

// SkinBinding binds runs of vertices to a bone.
type SkinBinding struct {
	// Bone indexes Skin.Bones.
	Bone int32
	// FirstVertex and VertexCount are a run of bound vertices; FirstVertex
	// may be -1 when VertexCount is 0.
	FirstVertex, VertexCount int32
	// FirstBlend and BlendCount are a run of blend vertices, counted from
	// the first blend vertex (Vertices[len(UVs)+FirstBlend…]); FirstBlend is
	// -1 when BlendCount is 0.
	FirstBlend, BlendCount int32
}

// SkinBlend is a blend vertex's target and weight.
type SkinBlend struct {
	// Other is the bound vertex the blend vertex pulls.
	Other int32
	// Weight is its pull in 1/BlendOne: 0 leaves the bound vertex, BlendOne
	// moves it onto the blend vertex.
	Weight int32
}

// Smallest binary sizes of a `.skn`'s elements (its binary twin, `.bmf`),
// for bounding counts by the text that remains.
const (
	sknFaceMin    = 12
	sknBindingMin = 20
	sknUVMin      = 8
	sknBlendMin   = 8
	sknVertexMin  = 24
)

// ParseSKN decodes a `.skn` and checks it: bone, vertex and blend indices
// in range, every drawn vertex and every blend vertex bound to exactly one
// bone, weights within 0..BlendOne, as many vertices as texture coordinates
// and blends. An error names the field and the line.
func ParseSKN(data []byte) (*Skin, error) {
	t := &textSource{format: sknFormat, data: data}
	s := &Skin{}
	s.Name = t.str("name")
	s.Texture = t.str("texture")
	n := t.count("boneCount", int64(t.i32("boneCount")), 1)
	s.Bones = make([]string, n)
	for i := range s.Bones {
		s.Bones[i] = t.str("bone")
	}
	n = t.count("faceCount", int64(t.i32("faceCount")), sknFaceMin)
	s.Faces = make([][3]int32, n)
	faceLine := make([]int, n)
	for i := range s.Faces {
		for k := range s.Faces[i] {
			s.Faces[i][k] = t.i32("face")
		}
		faceLine[i] = t.line
	}
	n = t.count("bindingCount", int64(t.i32("bindingCount")), sknBindingMin)
	s.Bindings = make([]SkinBinding, n)
	bindLine := make([]int, n)
	for i := range s.Bindings {
		b := &s.Bindings[i]
		b.Bone = t.i32("binding.bone")
		b.FirstVertex = t.i32("binding.firstVertex")
		b.VertexCount = t.i32("binding.vertexCount")
		b.FirstBlend = t.i32("binding.firstBlend")
		b.BlendCount = t.i32("binding.blendCount")
		bindLine[i] = t.line
	}
	n = t.count("uvCount", int64(t.i32("uvCount")), sknUVMin)
	s.UVs = make([]mgl32.Vec2, n)
	for i := range s.UVs {
		t.vec("uv", s.UVs[i][:])
	}
	n = t.count("blendCount", int64(t.i32("blendCount")), sknBlendMin)
	s.Blends = make([]SkinBlend, n)
	blendLine := make([]int, n)
	for i := range s.Blends {
		s.Blends[i].Other = t.i32("blend.other")
		s.Blends[i].Weight = t.i32("blend.weight")
		blendLine[i] = t.line
	}
	n = t.count("vertexCount", int64(t.i32("vertexCount")), sknVertexMin)
	countLine := t.line
	s.Vertices = make([]mgl32.Vec3, n)
	s.Normals = make([]mgl32.Vec3, n)
	for i := range s.Vertices {
		t.vec("vertex", s.Vertices[i][:])
		t.vec("normal", s.Normals[i][:])
	}
	if err := t.err(); err != nil {
		return nil, err
	}
	if err := t.end("vertex"); err != nil {
		return nil, err
	}
	if err := s.check(faceLine, bindLine, blendLine, countLine); err != nil {
		return nil, err
	}
	return s, nil
}

// check validates the indices once every count is known; the line slices
// give the line of each face, binding and blend.
func (s *Skin) check(faceLine, bindLine, blendLine []int, countLine int) error {
	drawn, blends := len(s.UVs), len(s.Blends)
	if len(s.Vertices) != drawn+blends {
		return formats.LineErrorf(sknFormat, "vertexCount", countLine, "%d vertices; %d texture coordinates and %d blends need %d",
			len(s.Vertices), drawn, blends, drawn+blends)
	}
	for i, f := range s.Faces {
		for _, v := range f {
			if v < 0 || int(v) >= drawn {
				return formats.LineErrorf(sknFormat, "face", faceLine[i], "face %d names vertex %d of %d", i, v, drawn)
			}
		}
	}
	boundBy := make([]int32, drawn+blends)
	for i := range boundBy {
		boundBy[i] = -1
	}
	claim := func(i, v, line int, what string) error {
		if boundBy[v] >= 0 {
			return formats.LineErrorf(sknFormat, "binding", line, "binding %d: %s %d is already bound by binding %d", i, what, v, boundBy[v])
		}
		boundBy[v] = int32(i)
		return nil
	}
	for i, b := range s.Bindings {
		line := bindLine[i]
		if b.Bone < 0 || int(b.Bone) >= len(s.Bones) {
			return formats.LineErrorf(sknFormat, "binding.bone", line, "binding %d names bone %d of %d", i, b.Bone, len(s.Bones))
		}
		// An empty run may start at -1 (two of the game's skins do).
		if b.VertexCount < 0 || (b.VertexCount > 0 && (b.FirstVertex < 0 || int64(b.FirstVertex)+int64(b.VertexCount) > int64(drawn))) {
			return formats.LineErrorf(sknFormat, "binding.vertexCount", line, "binding %d: vertices %d+%d of %d", i, b.FirstVertex, b.VertexCount, drawn)
		}
		if b.BlendCount < 0 || (b.BlendCount > 0 && (b.FirstBlend < 0 || int64(b.FirstBlend)+int64(b.BlendCount) > int64(blends))) {
			return formats.LineErrorf(sknFormat, "binding.blendCount", line, "binding %d: blends %d+%d of %d", i, b.FirstBlend, b.BlendCount, blends)
		}
		for v := b.FirstVertex; v < b.FirstVertex+b.VertexCount; v++ {
			if err := claim(i, int(v), line, "vertex"); err != nil {
				return err
			}
		}
		for j := int32(0); j < b.BlendCount; j++ {
			if err := claim(i, drawn+int(b.FirstBlend+j), line, "blend vertex"); err != nil {
				return err
			}
		}
	}
	for v, b := range boundBy {
		if b < 0 {
			what := "vertex " + strconv.Itoa(v)
			if v >= drawn {
				what = "blend vertex " + strconv.Itoa(v-drawn)
			}
			return formats.LineErrorf(sknFormat, "bindings", countLine, "%s is bound to no bone", what)
		}
	}
	pulled := make([]bool, drawn)
	for i, b := range s.Blends {
		line := blendLine[i]
		if b.Other < 0 || int(b.Other) >= drawn {
			return formats.LineErrorf(sknFormat, "blend.other", line, "blend %d pulls vertex %d of %d", i, b.Other, drawn)
		}
		if b.Weight < 0 || b.Weight > BlendOne {
			return formats.LineErrorf(sknFormat, "blend.weight", line, "blend %d: weight %d is outside 0..%d (0x8000 is 1)", i, b.Weight, BlendOne)
		}
		if pulled[b.Other] {
			return formats.LineErrorf(sknFormat, "blend.other", line, "blend %d: vertex %d is pulled by an earlier blend", i, b.Other)
		}
		pulled[b.Other] = true
	}
	return nil
}

// EncodeSKN writes a `.skn` as Maxis's files are written: one field a
// line, faces, bindings, texture coordinates, blends and vertices one to a
// line, CRLF line ends.
func EncodeSKN(s *Skin) ([]byte, error) {
	if len(s.Normals) != len(s.Vertices) {
		return nil, fmt.Errorf("skin %q: %d normals for %d vertices", s.Name, len(s.Normals), len(s.Vertices))
	}
	w := &textSink{}
	if err := strs(w, s.Name, s.Texture); err != nil {
		return nil, err
	}
	w.i32(int32(len(s.Bones)))
	if err := strs(w, s.Bones...); err != nil {
		return nil, err
	}
	nums := func(vs ...int32) {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = strconv.Itoa(int(v))
		}
		w.line(strings.Join(parts, " "))
	}
	floats := func(vs ...float32) {
		var b []byte
		for i, f := range vs {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendMaxisFloat(b, f)
		}
		w.line(string(b))
	}
	w.i32(int32(len(s.Faces)))
	for _, f := range s.Faces {
		nums(f[0], f[1], f[2])
	}
	w.i32(int32(len(s.Bindings)))
	for _, b := range s.Bindings {
		nums(b.Bone, b.FirstVertex, b.VertexCount, b.FirstBlend, b.BlendCount)
	}
	w.i32(int32(len(s.UVs)))
	for _, uv := range s.UVs {
		floats(uv[0], uv[1])
	}
	w.i32(int32(len(s.Blends)))
	for _, b := range s.Blends {
		nums(b.Other, b.Weight)
	}
	w.i32(int32(len(s.Vertices)))
	for i, v := range s.Vertices {
		n := s.Normals[i]
		floats(v[0], v[1], v[2], n[0], n[1], n[2])
	}
	return w.bytes(), nil
}

// BindWorld returns the model-space matrix of every bone of a skeleton at
// its bind pose, composed by the skeleton's rule (world = parent world ·
// T·R·S for ComposeMatrix, the rule of every Sims skeleton).
func BindWorld(sk *formats.Skeleton) ([]mgl32.Mat4, error) {
	if sk.Compose != formats.ComposeMatrix {
		return nil, fmt.Errorf("skeleton %q: compose rule %d: skins bind to skeletons that compose by matrices", sk.Name, sk.Compose)
	}
	world := make([]mgl32.Mat4, len(sk.Bones))
	for i := range sk.Bones {
		b := &sk.Bones[i]
		local := b.Bind.Mat4()
		if p := b.Parent; p >= 0 && p < i {
			world[i] = world[p].Mul4(local)
		} else {
			world[i] = local
		}
	}
	return world, nil
}

// Mesh binds the skin to a skeleton (docs/formats/sims.md#skins-skn): each
// drawn vertex is moved into model space by its bone's bind matrix, and a
// vertex that a blend pulls follows two bones, its own with 1−w and the
// blend vertex's with w, at the point where the game puts it in the bind
// pose, (1−w)·bound + w·blend. Bones are matched by name (exactly, then
// ignoring case); a bone the skeleton lacks is an error.
func (s *Skin) Mesh(sk *formats.Skeleton) (*formats.Mesh, error) {
	world, err := BindWorld(sk)
	if err != nil {
		return nil, err
	}
	lookup := newBoneLookup(sk)
	joint := make([]int, len(s.Bones))
	for i, name := range s.Bones {
		joint[i] = lookup.index(name)
		if joint[i] < 0 {
			return nil, fmt.Errorf("%s: skin %q: bone %q is not in skeleton %q", sknFormat, s.Name, name, sk.Name)
		}
		if joint[i] > math.MaxUint16 {
			return nil, fmt.Errorf("%s: skin %q: bone %q is joint %d, past the mesh model's 16-bit joints", sknFormat, s.Name, name, joint[i])
		}
	}
	drawn := len(s.UVs)
	if len(s.Vertices) != drawn+len(s.Blends) || len(s.Normals) != len(s.Vertices) {
		return nil, fmt.Errorf("%s: skin %q: %d vertices and %d normals for %d texture coordinates and %d blends",
			sknFormat, s.Name, len(s.Vertices), len(s.Normals), drawn, len(s.Blends))
	}
	pos := make([]mgl32.Vec3, len(s.Vertices))
	nrm := make([]mgl32.Vec3, len(s.Vertices))
	bone := make([]int, len(s.Vertices))
	for i := range bone {
		bone[i] = -1
	}
	place := func(v, j int) {
		m := &world[j]
		pos[v] = m.Mul4x1(s.Vertices[v].Vec4(1)).Vec3()
		nrm[v] = m.Mul4x1(s.Normals[v].Vec4(0)).Vec3()
		bone[v] = j
	}
	for _, b := range s.Bindings {
		if b.Bone < 0 || int(b.Bone) >= len(joint) {
			return nil, fmt.Errorf("%s: skin %q: a binding names bone %d of %d", sknFormat, s.Name, b.Bone, len(joint))
		}
		j := joint[b.Bone]
		for v := int(b.FirstVertex); v < int(b.FirstVertex)+int(b.VertexCount) && v >= 0 && v < drawn; v++ {
			place(v, j)
		}
		for k := 0; k < int(b.BlendCount); k++ {
			if v := drawn + int(b.FirstBlend) + k; v >= drawn && v < len(pos) {
				place(v, j)
			}
		}
	}
	for v, j := range bone {
		if j < 0 {
			return nil, fmt.Errorf("%s: skin %q: vertex %d is bound to no bone", sknFormat, s.Name, v)
		}
	}
	m := &formats.Mesh{
		Name:      s.Name,
		Positions: pos[:drawn:drawn],
		Normals:   nrm[:drawn:drawn],
		UVs:       append([]mgl32.Vec2(nil), s.UVs...),
		Joints:    make([][formats.MaxInfluences]uint16, drawn),
		Weights:   make([][formats.MaxInfluences]float32, drawn),
		Indices:   make([]uint32, 0, 3*len(s.Faces)),
		FrontCCW:  sknFrontCCW,
		Cull:      true,
		Groups:    []formats.MeshGroup{{Name: s.Name, Count: len(s.Faces), Material: 0}},
		Materials: []formats.Material{{Name: s.Texture, Diffuse: sknDiffuse}},
	}
	for v := 0; v < drawn; v++ {
		m.Joints[v][0] = uint16(bone[v])
		m.Weights[v][0] = 1
	}
	for i, bl := range s.Blends {
		o := int(bl.Other)
		if o < 0 || o >= drawn || bl.Weight < 0 || bl.Weight > BlendOne {
			return nil, fmt.Errorf("%s: skin %q: blend %d (vertex %d, weight %d) is out of range", sknFormat, s.Name, i, o, bl.Weight)
		}
		w := float32(bl.Weight) / BlendOne
		b := drawn + i
		m.Positions[o] = pos[o].Mul(1 - w).Add(pos[b].Mul(w))
		m.Normals[o] = nrm[o].Mul(1 - w).Add(nrm[b].Mul(w))
		// A blend vertex bound to the bound vertex's own bone would name
		// that joint twice ([j, j], 1−w and w): glTF forbids a joint twice
		// in one vertex, so the two weights sum into the one slot.
		if j := uint16(bone[b]); j == m.Joints[o][0] {
			m.Weights[o] = [formats.MaxInfluences]float32{1}
		} else {
			m.Joints[o][1] = j
			m.Weights[o] = [formats.MaxInfluences]float32{1 - w, w}
		}
	}
	for v := range m.Normals {
		if l := m.Normals[v].Len(); l > 0 {
			m.Normals[v] = m.Normals[v].Mul(1 / l)
		}
	}
	for _, f := range s.Faces {
		for _, v := range f {
			if v < 0 || int(v) >= drawn {
				return nil, fmt.Errorf("%s: skin %q: a face names vertex %d of %d", sknFormat, s.Name, v, drawn)
			}
			m.Indices = append(m.Indices, uint32(v))
		}
	}
	if err := m.Validate(len(sk.Bones)); err != nil {
		return nil, fmt.Errorf("%s: %w", sknFormat, err)
	}
	return m, nil
}

// sknFrontCCW is the winding of a `.skn` face seen from outside in the
// file's coordinates with right-handed maths: counter-clockwise; every real
// skin bound to its skeleton encloses a positive volume that way, and its
// vertex normals agree (docs/formats/sims.md#skins-skn).
const sknFrontCCW = true

// sknDiffuse is the grey of a skin's material without a texture.
var sknDiffuse = [4]float32{0.8, 0.8, 0.8, 1}

// JoinMeshes joins meshes bound to one skeleton into one whose groups are
// theirs in order (a suit's skins); name names it.
func JoinMeshes(name string, parts []*formats.Mesh) *formats.Mesh {
	out := &formats.Mesh{Name: name, FrontCCW: sknFrontCCW, Cull: true}
	for _, p := range parts {
		base := uint32(len(out.Positions))
		first := out.Triangles()
		mat := len(out.Materials)
		out.Positions = append(out.Positions, p.Positions...)
		out.Normals = append(out.Normals, p.Normals...)
		out.UVs = append(out.UVs, p.UVs...)
		out.Joints = append(out.Joints, p.Joints...)
		out.Weights = append(out.Weights, p.Weights...)
		for _, x := range p.Indices {
			out.Indices = append(out.Indices, base+x)
		}
		out.Materials = append(out.Materials, p.Materials...)
		for _, g := range p.Groups {
			if g.Material >= 0 {
				g.Material += mat
			}
			g.First += first
			out.Groups = append(out.Groups, g)
		}
	}
	return out
}

// SuitMeshes binds the skins of a suit to a skeleton: each binding's mesh
// is read from "<mesh>.skn" beside the suit file (ignoring case) and the
// skins join into one mesh with a group per skin, each drawn with the
// `.bmp` beside it that SkinTexture chooses for tone. A skin that is
// missing or does not read or bind is left out with a warning that names
// its file (and the field and line), so the skeleton still plays; a
// texture not found is a warning that names the files tried. It returns
// nil when no skin could be read.
func SuitMeshes(su *Suit, sk *formats.Skeleton, siblings formats.Resolver, tone Tone) (*formats.Mesh, []string) {
	var parts []*formats.Mesh
	var warns, missing []string
	tex := newTextures(siblings, tone)
	msh := 0
	for _, b := range su.Bindings {
		want := b.Mesh + ".skn"
		name, ok := formats.FindSibling(siblings, want)
		if !ok {
			if _, ok := formats.FindSibling(siblings, b.Mesh+".msh"); ok {
				msh++
			}
			missing = append(missing, want)
			continue
		}
		data, err := siblings.Open(name)
		if err != nil {
			warns = append(warns, fmt.Sprintf("suit %q: %v; skin not drawn", su.Name, err))
			continue
		}
		skin, err := ParseSKN(data)
		if err == nil {
			var m *formats.Mesh
			if m, err = skin.Mesh(sk); err == nil {
				if w := tex.dress(m, su.Name, skin); w != "" {
					warns = append(warns, fmt.Sprintf("suit %q: %s", su.Name, w))
				}
				parts = append(parts, m)
				continue
			}
		}
		warns = append(warns, fmt.Sprintf("suit %q: %s: %v; skin not drawn", su.Name, name, err))
	}
	if len(missing) > 0 {
		why := ""
		if msh > 0 {
			why = fmt.Sprintf(" (%d are beside it as the 1998 prototype's binary .msh, which is not read)", msh)
		}
		warns = append(warns, fmt.Sprintf("suit %q: %d of its %d skins not found beside it as .skn%s: %s; not drawn",
			su.Name, len(missing), len(su.Bindings), why, listNames(missing)))
	}
	if len(parts) == 0 {
		return nil, warns
	}
	return JoinMeshes(su.Name, parts), warns
}
