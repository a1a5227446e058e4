package prime

import (
	"fmt"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Decoding of the short arrays (GX vertex formats 1 and 2, set up by
// CGraphics::SetDefaultVtxAttrFmt): s16 normals have 14 fraction bits, u16
// texture coordinates 15.
const (
	shortNormalScale = 1.0 / (1 << 14)
	shortUVScale     = 1.0 / (1 << 15)
)

// defaultDiffuse is the colour of a material without konst colours: the
// games colour models by textures (not read) and lighting.
var defaultDiffuse = [4]float32{0.8, 0.8, 0.8, 1}

// maxWeights is how many weights of a group the game's skinning uses: MP1
// keeps the first three (CVirtualBone reads the rest and drops them); for
// MP2 the reference editor keeps four.
func maxWeights(g Game) int {
	if g == MP1 {
		return 3
	}
	return formats.MaxInfluences
}

// BuildMesh turns a model into the common mesh: one vertex per distinct
// (position, normal, texture coordinate) index triple the display lists
// use, the texture coordinate being the one its material's pass reads
// (MaterialPasses; 0 by default), the primitives as triangles
// (degenerate ones dropped: GX draws nothing for them), one group per surface and one material per material
// of the first set. With a skin, each vertex takes the weights of the group
// covering its position index, bones mapped from CINF ids to sk's indices,
// and InverseBind holds the games' bind rule (see bindInverse); c and sk
// are then required. Without one the mesh is static.
//
// Errors name the CMDL or CSKR field and offset: a skin that does not
// cover the position array, a vertex of no group, a bone id the skeleton
// lacks. The warnings are what the games tolerate; those about the skin
// start with SkinWarning, the others are about the model.
func BuildMesh(m *CMDL, skin *CSKR, c *CINF, sk *formats.Skeleton, name string) (*formats.Mesh, []string, error) {
	b := meshBuilder{m: m, mesh: &formats.Mesh{Name: name, FrontCCW: true, Cull: true}, keys: map[uint64]uint32{}}
	if skin != nil {
		if c == nil || sk == nil {
			return nil, nil, fmt.Errorf("%s: a skinned mesh needs its CINF", fmtCSKR)
		}
		if err := b.bindSkin(skin, sk); err != nil {
			return nil, nil, err
		}
	}
	layouts, err := m.layouts()
	if err != nil {
		return nil, nil, err
	}
	passes, ws := MaterialPasses(m)
	b.warns = append(b.warns, ws...)
	b.uvAttr = make([]int, len(passes))
	for i, p := range passes {
		b.uvAttr[i] = attrTex0
		if p.Texture < 0 || p.UVSet == 0 {
			continue
		}
		if layouts[i].Slot[attrTex0+p.UVSet] < 0 {
			b.warn("material %d draws texture coordinate %d, which its vertices lack; coordinate 0 is used", i, p.UVSet)
			continue
		}
		b.uvAttr[i] = attrTex0 + p.UVSet
	}
	b.normals, b.uvs = true, true
	for si := range m.Surfaces {
		sf := &m.Surfaces[si]
		first := len(b.mesh.Indices) / 3
		if int64(sf.Material) >= int64(len(layouts)) {
			return nil, nil, fmt.Errorf("%s: surface %d names material %d of %d", fmtCMDL, si, sf.Material, len(layouts))
		}
		mat := &m.MaterialSets[0].Materials[sf.Material]
		l := layouts[sf.Material]
		b.tex = b.uvAttr[sf.Material]
		for pi := range sf.Primitives {
			if err := b.primitive(&sf.Primitives[pi], l, mat); err != nil {
				return nil, nil, prefixError(err, "surface "+strconv.Itoa(si))
			}
		}
		b.mesh.Groups = append(b.mesh.Groups, formats.MeshGroup{
			Name: "surface " + strconv.Itoa(si), First: first, Count: len(b.mesh.Indices)/3 - first, Material: int(sf.Material),
		})
	}
	if !b.normals {
		b.mesh.Normals = nil
	}
	if !b.uvs {
		b.mesh.UVs = nil
	}
	for i := range m.MaterialSets[0].Materials {
		mat := &m.MaterialSets[0].Materials[i]
		d := defaultDiffuse
		if len(mat.Konst) > 0 {
			k := mat.Konst[0]
			d = [4]float32{float32(k>>24) / 255, float32(k>>16&0xFF) / 255, float32(k>>8&0xFF) / 255, float32(k&0xFF) / 255}
		}
		b.mesh.Materials = append(b.mesh.Materials, formats.Material{Name: "material " + strconv.Itoa(i), Diffuse: d,
			Alpha: passes[i].Alpha, AlphaCutoff: passes[i].Cutoff})
	}
	if b.lines > 0 {
		b.warn("%d line and point primitives are not drawn", b.lines)
	}
	if skin != nil {
		b.mesh.InverseBind = bindInverse(c, sk)
	}
	bones := 0
	if sk != nil {
		bones = len(sk.Bones)
	}
	if err := b.mesh.Validate(bones); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", fmtCMDL, err)
	}
	return b.mesh, b.warns, nil
}

type meshBuilder struct {
	m    *CMDL
	mesh *formats.Mesh
	// keys maps a vertex's index triple to its mesh vertex.
	keys map[uint64]uint32
	// groupOf is the skin group of each position index, -1 for none;
	// joints and weights are each group's influences.
	groupOf       []int32
	joints        [][formats.MaxInfluences]uint16
	weights       [][formats.MaxInfluences]float32
	skinned       uint64
	normals, uvs  bool
	lines         int
	warnedNormals bool
	// uvAttr is the texture coordinate attribute each material's pass
	// reads (attrTex0 + its UV set), tex the current surface's.
	uvAttr []int
	tex    int
	warns  []string
}

// SkinWarning starts BuildMesh's warnings that are about the skin (the
// CSKR), not the model, so that a caller names the right resource.
const SkinWarning = "CSKR: "

func (b *meshBuilder) warn(format string, args ...any) {
	b.warns = append(b.warns, fmt.Sprintf(format, args...))
}

// bindSkin checks the skin against the model and the skeleton and works
// out each group's influences.
func (b *meshBuilder) bindSkin(s *CSKR, sk *formats.Skeleton) error {
	total := s.Vertices()
	n := uint64(len(b.m.Positions))
	// The position section is padded to 32 bytes: at most two 12-byte
	// entries past the last skinned vertex are padding.
	if total > n || n-total > 2 {
		last := s.groupOffset(len(s.Groups)) - 4
		if len(s.Groups) == 0 {
			last = 0
		}
		return errCSKR("group vertex counts", last, "the groups cover %d vertices; the model's position array has %d", total, n)
	}
	b.skinned = total
	b.groupOf = make([]int32, n)
	at := uint64(0)
	for gi := range s.Groups {
		for k := uint64(0); k < uint64(s.Groups[gi].VertexCount); k++ {
			b.groupOf[at+k] = int32(gi)
		}
		at += uint64(s.Groups[gi].VertexCount)
	}
	for i := at; i < n; i++ {
		b.groupOf[i] = -1
	}
	index := make(map[int]int, len(sk.Bones))
	for i := len(sk.Bones) - 1; i >= 0; i-- {
		index[sk.Bones[i].ID] = i
	}
	keep := maxWeights(s.Game)
	dropped, normalised := 0, 0
	b.joints = make([][formats.MaxInfluences]uint16, len(s.Groups))
	b.weights = make([][formats.MaxInfluences]float32, len(s.Groups))
	for gi := range s.Groups {
		g := &s.Groups[gi]
		off := s.groupOffset(gi)
		ws := g.Weights
		if len(ws) > keep {
			ws = ws[:keep]
			dropped++
		}
		var sum float64
		for k, w := range ws {
			j, ok := index[int(w.BoneID)]
			if !ok {
				return errCSKR(fmt.Sprintf("group %d weight %d bone id", gi, k), off+4+cskrWeight*k,
					"bone id %d is not in the skeleton %s", w.BoneID, sk.Name)
			}
			b.joints[gi][k] = uint16(j)
			sum += float64(w.Weight)
		}
		if sum <= 0 {
			return errCSKR(fmt.Sprintf("group %d weights", gi), off+4, "the %d weights the game uses sum to %v", len(ws), sum)
		}
		if math.Abs(sum-1) > 1e-3 {
			normalised++
		}
		for k, w := range ws {
			b.weights[gi][k] = float32(float64(w.Weight) / sum)
		}
	}
	if dropped > 0 {
		b.warn("%s%d skin groups have more than %d weights; the rest are dropped as the game drops them", SkinWarning, dropped, keep)
	}
	if normalised > 0 {
		b.warn("%s%d skin groups' weights do not sum to 1; they are scaled to sum to 1 (the game does not scale them; the mesh model needs them to)", SkinWarning, normalised)
	}
	return nil
}

// primitive adds a primitive's vertices and triangles.
func (b *meshBuilder) primitive(p *CMDLPrimitive, l VertexLayout, mat *CMDLMaterial) error {
	n := len(p.Values) / l.Values
	if p.Op == GXLines || p.Op == GXLineStrip || p.Op == GXPoints {
		b.lines++
		return nil
	}
	if l.Slot[attrNrm] >= 0 && !b.warnedNormals {
		// Format 0 reads f32 normals, 1 and 2 s16; the array's layout
		// follows the header flag, and the header wins.
		if short := p.Format != 0; short != (b.m.Flags&CMDLShortNormals != 0) {
			b.warnedNormals = true
			b.warn("primitives of vertex format %d read %s normals but the model stores %s ones (header flag 0x2); the stored ones are used",
				p.Format, map[bool]string{true: "s16", false: "f32"}[short], map[bool]string{true: "s16", false: "f32"}[!short])
		}
	}
	verts := make([]uint32, n)
	for v := 0; v < n; v++ {
		vals := p.Values[v*l.Values : (v+1)*l.Values]
		// ParseCMDL has checked every index; a model built by hand is
		// checked here.
		for a := 0; a < numIndexed; a++ {
			if s := l.Slot[a]; s >= 0 && int(vals[s]) >= b.m.arrayLen(a, mat) {
				return fmt.Errorf("%s: %s %d: %s index %d past the %d-entry array", fmtCMDL, primName(p.Op), v, attrNames[a], vals[s], b.m.arrayLen(a, mat))
			}
		}
		pos := int(vals[l.Slot[attrPos]])
		nrm, tex := -1, -1
		if s := l.Slot[attrNrm]; s >= 0 {
			nrm = int(vals[s])
		}
		if s := l.Slot[b.tex]; s >= 0 {
			tex = int(vals[s])
			if b.tex == attrTex0 && b.m.packedTex0(mat) {
				tex |= 1 << 16
			}
		}
		key := uint64(pos) | uint64(nrm+1)<<20 | uint64(tex+1)<<40
		if x, ok := b.keys[key]; ok {
			verts[v] = x
			continue
		}
		if b.groupOf != nil && b.groupOf[pos] < 0 {
			return formats.Errorf(fmtCMDL, "position index", int64(p.off+v*l.Size+l.Matrix),
				"vertex %d is past the %d vertices the skin covers", pos, b.skinned)
		}
		x := uint32(len(b.mesh.Positions))
		b.keys[key] = x
		verts[v] = x
		b.addVertex(pos, nrm, tex)
	}
	b.triangulate(p.Op, verts)
	return nil
}

// addVertex appends a mesh vertex from the arrays.
func (b *meshBuilder) addVertex(pos, nrm, tex int) {
	m := b.m
	b.mesh.Positions = append(b.mesh.Positions, m.Positions[pos])
	var nv mgl32.Vec3
	switch {
	case nrm < 0:
		b.normals = false
	case m.Flags&CMDLShortNormals != 0:
		s := m.ShortNormals[nrm]
		nv = mgl32.Vec3{float32(s[0]) * shortNormalScale, float32(s[1]) * shortNormalScale, float32(s[2]) * shortNormalScale}
	default:
		nv = m.Normals[nrm]
	}
	if l := nv.Len(); l > 0 && !math.IsInf(float64(l), 0) {
		nv = nv.Mul(1 / l)
	}
	b.mesh.Normals = append(b.mesh.Normals, nv)
	var uv mgl32.Vec2
	switch {
	case tex < 0:
		b.uvs = false
	case tex>>16 != 0:
		s := m.ShortUVs[tex&0xFFFF]
		uv = mgl32.Vec2{float32(s[0]) * shortUVScale, float32(s[1]) * shortUVScale}
	default:
		uv = m.UVs[tex]
	}
	b.mesh.UVs = append(b.mesh.UVs, uv)
	if b.groupOf != nil {
		g := b.groupOf[pos]
		b.mesh.Joints = append(b.mesh.Joints, b.joints[g])
		b.mesh.Weights = append(b.mesh.Weights, b.weights[g])
	}
}

// triangulate adds a primitive's triangles as GX forms them
// (docs/formats/metroid-prime.md#surfaces-and-display-lists): a list takes
// vertices three at a time, a strip alternates its winding back to the
// first triangle's, a fan pivots on its first vertex, a quad splits along
// its first diagonal.
func (b *meshBuilder) triangulate(op uint8, v []uint32) {
	add := func(x, y, z uint32) {
		if x != y && y != z && x != z {
			b.mesh.Indices = append(b.mesh.Indices, x, y, z)
		}
	}
	switch op {
	case GXTriangles:
		for i := 0; i+2 < len(v); i += 3 {
			add(v[i], v[i+1], v[i+2])
		}
	case GXTriangleStrip:
		for i := 0; i+2 < len(v); i++ {
			if i%2 == 0 {
				add(v[i], v[i+1], v[i+2])
			} else {
				add(v[i+1], v[i], v[i+2])
			}
		}
	case GXTriangleFan:
		for i := 1; i+1 < len(v); i++ {
			add(v[0], v[i], v[i+1])
		}
	case GXQuads:
		for i := 0; i+3 < len(v); i += 4 {
			add(v[i], v[i+1], v[i+2])
			add(v[i], v[i+2], v[i+3])
		}
	}
}

// bindInverse is the inverse bind matrix of every bone
// (docs/formats/metroid-prime.md#bind-pose-and-skinning): the translation by
// minus the bone's CINF position (model space; the bind rotations are
// identity). MP1's skinning (CSkinRules::BuildAccumulatedTransforms,
// 0x8035407C) takes a zero origin for segment 3, the root, whatever its
// position; for MP2 the reference editor's rule (no exception) is used, and
// both agree for a root at the origin.
func bindInverse(c *CINF, sk *formats.Skeleton) []mgl32.Mat4 {
	pos := make(map[int]mgl32.Vec3, len(c.Bones))
	for i := range c.Bones {
		pos[int(c.Bones[i].ID)] = c.Bones[i].Position
	}
	out := make([]mgl32.Mat4, len(sk.Bones))
	for i, bone := range sk.Bones {
		p := pos[bone.ID]
		if c.Game == MP1 && bone.ID == 3 {
			p = mgl32.Vec3{}
		}
		out[i] = mgl32.Translate3D(-p[0], -p[1], -p[2])
	}
	return out
}

// MaterialPasses decodes the rest of every material of the first set and
// picks its pass (CMDLMaterial.Pass). A rest that does not decode is a
// warning naming the material and field: it draws untextured.
func MaterialPasses(m *CMDL) ([]MaterialPass, []string) {
	mats := m.MaterialSets[0].Materials
	out := make([]MaterialPass, len(mats))
	var warns []string
	for i := range mats {
		if len(mats[i].Rest) == 0 {
			// A record cut after its konst colours (hand-made vectors):
			// nothing to draw a texture with.
			out[i] = mats[i].Pass(nil)
			continue
		}
		rest, err := mats[i].ParseRest()
		if err != nil {
			warns = append(warns, fmt.Sprintf("material %d: %v; it draws untextured", i, err))
			rest = nil
		}
		out[i] = mats[i].Pass(rest)
	}
	return out, warns
}
