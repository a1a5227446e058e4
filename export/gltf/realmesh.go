package gltf

import (
	"encoding/binary"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// meshIBMs returns the inverse bind matrices of the skin that a mesh is
// bound to, one per skin joint (every node so far): for the
// node that carries bone b's model-space matrix (bind[b]) the mesh's own
// InverseBind[b] (or, without one, the inverse of the skeleton's bind
// pose composed by its rule), converted to glTF's basis as B·M·B⁻¹; for
// the other nodes the rest pose's inverse. The meshes' positions are
// stored at their own reference pose, which need not be the export's
// rest pose (a first frame, for formats without a bind pose).
func meshIBMs(sk *formats.Skeleton, mesh *formats.Mesh, conv *Conversion, bind []int, restWorld []mgl64.Mat4) []float32 {
	ib := mesh.InverseBind
	if ib == nil {
		w := player.NewWorldPose(sk)
		player.ToWorld(sk, player.NewPose(sk), w)
		ib = make([]mgl32.Mat4, len(sk.Bones))
		for i := range ib {
			ib[i] = w.Matrix(i).Inv()
		}
	}
	ibm := make([]mgl64.Mat4, len(restWorld))
	for j := range ibm {
		ibm[j] = inverseBind(restWorld[j])
	}
	for b := range sk.Bones {
		if b < len(ib) {
			ibm[bind[b]] = conv.Matrix(ib[b])
		}
	}
	out := make([]float32, 0, 16*len(ibm))
	for _, m := range ibm {
		m[3], m[7], m[11], m[15] = 0, 0, 0, 1
		for _, v := range m {
			out = append(out, float32(v))
		}
	}
	return out
}

// Matrix converts an affine matrix: B·M·B⁻¹, with translations in units.
func (c *Conversion) Matrix(m mgl32.Mat4) mgl64.Mat4 {
	var b, bt mgl64.Mat4
	for col := 0; col < 3; col++ {
		for row := 0; row < 3; row++ {
			b[col*4+row] = c.Basis[col*3+row]
			bt[row*4+col] = c.Basis[col*3+row]
		}
	}
	b[15], bt[15] = 1, 1
	var m64 mgl64.Mat4
	for i, v := range m {
		m64[i] = float64(v)
	}
	out := b.Mul4(m64).Mul4(bt)
	out[12], out[13], out[14] = out[12]*c.Units, out[13]*c.Units, out[14]*c.Units
	return out
}

// addMeshes writes the asset's meshes: positions and normals in glTF's
// basis, texture coordinates, and for skinned meshes JOINTS_0 (the skin
// joint that carries each bone, bind[b]) and WEIGHTS_0 (normalised in
// float32), one primitive per group with the group's material. Triangles
// are rewound where the conversion mirrors or the format's front faces
// wind clockwise, so that glTF's counter-clockwise fronts hold. It
// returns the glTF mesh index of each mesh written and the asset mesh it came from.
func addMeshes(doc *gltf.Document, buf *buffer, a *formats.Asset, conv *Conversion, bind []int) (meshes []int, from []*formats.Mesh, err error) {
	tex := newTextures(doc, buf)
	for _, m := range a.Meshes {
		if m == nil || len(m.Positions) == 0 || m.Triangles() == 0 {
			continue
		}
		n := len(m.Positions)
		pos := make([]float32, 0, 3*n)
		for _, p := range m.Positions {
			q := conv.Point(p)
			pos = append(pos, float32(q[0]), float32(q[1]), float32(q[2]))
		}
		attr := gltf.PrimitiveAttributes{"POSITION": buf.floats(pos, gltf.AccessorVec3, gltf.TargetArrayBuffer, true)}
		if len(m.Normals) == n {
			nrm := make([]float32, 0, 3*n)
			for _, v := range m.Normals {
				q := conv.Basis.Mul3x1(mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])})
				if l := q.Len(); l > 0 {
					q = q.Mul(1 / l)
				} else {
					q = mgl64.Vec3{0, 1, 0}
				}
				nrm = append(nrm, float32(q[0]), float32(q[1]), float32(q[2]))
			}
			attr["NORMAL"] = buf.floats(nrm, gltf.AccessorVec3, gltf.TargetArrayBuffer, false)
		}
		hasUV := len(m.UVs) == n
		if hasUV {
			uv := make([]float32, 0, 2*n)
			for _, v := range m.UVs {
				uv = append(uv, v[0], v[1])
			}
			attr["TEXCOORD_0"] = buf.floats(uv, gltf.AccessorVec2, gltf.TargetArrayBuffer, false)
		}
		if m.Skinned() {
			js := make([][4]uint16, n)
			ws := make([]float32, 0, 4*n)
			for i := range js {
				w := normalWeights(m.Weights[i])
				for k := 0; k < 4; k++ {
					if w[k] > 0 && int(m.Joints[i][k]) < len(bind) {
						js[i][k] = uint16(bind[m.Joints[i][k]])
					} else {
						w[k] = 0
					}
				}
				w = normalWeights(w)
				ws = append(ws, w[0], w[1], w[2], w[3])
			}
			attr["JOINTS_0"] = buf.joints(js)
			attr["WEIGHTS_0"] = buf.floats(ws, gltf.AccessorVec4, gltf.TargetArrayBuffer, false)
		}
		flip := !m.FrontCCW != conv.Mirrors()
		groups := m.Groups
		if len(groups) == 0 {
			groups = []formats.MeshGroup{{Name: m.Name, First: 0, Count: m.Triangles(), Material: -1}}
		}
		gm := &gltf.Mesh{Name: meshName(m)}
		for _, g := range groups {
			if g.Count <= 0 {
				continue
			}
			idx := make([]uint32, 0, 3*g.Count)
			for t := g.First; t < g.First+g.Count; t++ {
				i0, i1, i2 := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
				if flip {
					i1, i2 = i2, i1
				}
				idx = append(idx, i0, i1, i2)
			}
			mat := len(doc.Materials)
			doc.Materials = append(doc.Materials, meshMaterial(m, g, tex, hasUV))
			gm.Primitives = append(gm.Primitives, &gltf.Primitive{Attributes: attr, Indices: gltf.Index(buf.indices(idx)),
				Material: gltf.Index(mat)})
		}
		if len(gm.Primitives) == 0 {
			continue
		}
		doc.Meshes = append(doc.Meshes, gm)
		meshes = append(meshes, len(doc.Meshes)-1)
		from = append(from, m)
	}
	return meshes, from, tex.err
}

func meshName(m *formats.Mesh) string {
	if m.Name != "" {
		return m.Name
	}
	return "mesh"
}

// meshMaterial is a group's material (docs/formats/gltf-export.md#textures):
// its diffuse colour (a neutral grey where it has none or a black one;
// white under a texture), its texture as baseColorTexture where it has one
// and the mesh has texture coordinates, its alpha mode with the diffuse
// alpha, double-sided where the format's winding does not allow culling.
func meshMaterial(m *formats.Mesh, g formats.MeshGroup, tex *textures, hasUV bool) *gltf.Material {
	c := [4]float64{0.6, 0.65, 0.72, 1}
	name := g.Name
	var mt *formats.Material
	if g.Material >= 0 && g.Material < len(m.Materials) {
		mt = &m.Materials[g.Material]
		if mt.Name != "" {
			name = mt.Name
		}
	}
	pbr := &gltf.PBRMetallicRoughness{BaseColorFactor: &c, MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.8)}
	out := &gltf.Material{Name: name, DoubleSided: !m.Cull, PBRMetallicRoughness: pbr}
	if mt == nil {
		return out
	}
	d := mt.Diffuse
	textured := false
	if mt.Texture != nil && hasUV {
		if i := tex.texture(mt.Texture); i >= 0 {
			pbr.BaseColorTexture = &gltf.TextureInfo{Index: i}
			textured = true
			c = [4]float64{1, 1, 1, 1}
		}
	}
	if d[0]+d[1]+d[2] >= 0.05 && d[3] > 0 {
		c = [4]float64{float64(d[0]), float64(d[1]), float64(d[2]), 1}
	}
	switch mt.Alpha {
	case formats.AlphaBlend:
		out.AlphaMode = gltf.AlphaBlend
		c[3] = float64(d[3])
	case formats.AlphaMask:
		out.AlphaMode = gltf.AlphaMask
		out.AlphaCutoff = gltf.Float(math.Min(math.Max(f32(float64(mt.AlphaCutoff)), 0), 1))
		c[3] = float64(d[3])
	}
	if !textured && mt.Alpha != formats.AlphaOpaque && !(d[3] < 1) {
		// Without the texture whose alpha it was for, a material that
		// only the texture made see-through is opaque.
		out.AlphaMode, out.AlphaCutoff = gltf.AlphaOpaque, nil
	}
	for i := range c {
		c[i] = f32(math.Min(math.Max(c[i], 0), 1))
	}
	return out
}

// normalWeights scales four non-negative weights to sum to 1 in float32;
// all zero stays zero.
func normalWeights(w [4]float32) [4]float32 {
	s := w[0] + w[1] + w[2] + w[3]
	if !(s > 0) {
		return w
	}
	for k := range w {
		w[k] /= s
	}
	// The largest weight takes the rounding, so the sum is 1 to the bit
	// as nearly as float32 allows.
	big := 0
	for k := 1; k < 4; k++ {
		if w[k] > w[big] {
			big = k
		}
	}
	w[big] = 1 - (w[0] + w[1] + w[2] + w[3] - w[big])
	return w
}

// indices appends unsigned-int triangle indices.
func (b *buffer) indices(vals []uint32) int {
	raw := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(raw[4*i:], v)
	}
	acc := &gltf.Accessor{
		BufferView:    gltf.Index(b.view(raw, gltf.TargetElementArrayBuffer)),
		ComponentType: gltf.ComponentUint,
		Count:         len(vals),
		Type:          gltf.AccessorScalar,
	}
	b.doc.Accessors = append(b.doc.Accessors, acc)
	return len(b.doc.Accessors) - 1
}
