package ms3d

import (
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Mesh builds the common mesh of the model over sk, the skeleton that
// Skeleton returned with bone, its joint-to-bone map
// (docs/formats/milkshape-anm.md#meshes-and-skinning).
//
// Triangles are taken group by group, as MilkShape draws them; a vertex
// is split where its triangles give it different normals or texture
// coordinates. Positions are the file's, in the joints' reference pose;
// InverseBind holds the inverse of each joint's reference world matrix
// as MilkShape composes it (matGlobalSkeleton). Influences follow
// MilkShape's own rule (weightsOf). A model without joints gives a
// static mesh.
//
// A vertex or triangle index out of range, or a joint a vertex names
// that the model lacks, is an error at the field's offset (binary) or
// line (ASCII export); warnings report what MilkShape itself would draw
// differently (weights it leaves unnormalised, groups naming a missing
// material, triangles in no group).
func (f *File) Mesh(name string, sk *formats.Skeleton, bone []int) (*formats.Mesh, []string, error) {
	var warns []string
	m := &formats.Mesh{Name: name, FrontCCW: true, Cull: true}
	nj := len(f.Joints)
	skinned := nj > 0
	// Influences of each file vertex, worked out once.
	type infl struct {
		joints  [formats.MaxInfluences]uint16
		weights [formats.MaxInfluences]float32
	}
	var infls []infl
	unnormalised, unbound := 0, 0
	static := staticBone(sk)
	if skinned {
		infls = make([]infl, len(f.Vertices))
		for i := range f.Vertices {
			js, ws, n, sum, err := f.weightsOf(i)
			if err != nil {
				return nil, warns, err
			}
			if n == 0 {
				unbound++
				if static >= 0 {
					infls[i].joints[0], infls[i].weights[0] = uint16(static), 1
				}
				continue
			}
			if sum != 100 {
				unnormalised++
			}
			for k := 0; k < n; k++ {
				infls[i].joints[k] = uint16(bone[js[k]])
				infls[i].weights[k] = float32(ws[k]) / float32(sum)
			}
		}
	}
	if unbound > 0 && static < 0 {
		return nil, warns, f.vertexErr(firstUnbound(f), "vertex.boneId",
			"the vertex follows no joint in a model with %d joints (%d such vertices), and the skeleton has no %s bone for them", nj, unbound, StaticBoneName)
	}
	if unbound > 0 {
		warns = append(warns, fmt.Sprintf("%d vertices follow no joint: they stay where they are, on the bone %s", unbound, StaticBoneName))
	}
	if unnormalised > 0 {
		warns = append(warns, fmt.Sprintf("%d vertices' joint weights do not add up to 100%%: MilkShape scales those vertices towards the origin, animview normalises their weights", unnormalised))
	}

	type key struct {
		v    uint16
		n    [3]float32
		s, t float32
	}
	index := map[key]uint32{}
	inGroup := make([]bool, len(f.Triangles))
	for gi := range f.Groups {
		g := &f.Groups[gi]
		mat := int(g.MaterialIndex)
		if mat >= len(f.Materials) || mat < -1 {
			warns = append(warns, fmt.Sprintf("group %q names material %d of %d; drawn without one", g.Name, g.MaterialIndex, len(f.Materials)))
			mat = -1
		}
		mg := formats.MeshGroup{Name: g.Name, First: m.Triangles(), Material: mat}
		for k, ti := range g.Triangles {
			if int(ti) >= len(f.Triangles) {
				return nil, warns, f.groupErr(gi, k, "group %q triangle %d of %d", g.Name, ti, len(f.Triangles))
			}
			inGroup[ti] = true
			t := &f.Triangles[ti]
			for c := 0; c < 3; c++ {
				vi := t.VertexIndices[c]
				if int(vi) >= len(f.Vertices) {
					return nil, warns, f.triangleErr(int(ti), c, "vertex %d of %d", vi, len(f.Vertices))
				}
				kk := key{v: vi, n: t.VertexNormals[c], s: t.S[c], t: t.T[c]}
				x, ok := index[kk]
				if !ok {
					x = uint32(len(m.Positions))
					index[kk] = x
					m.Positions = append(m.Positions, mgl32.Vec3(f.Vertices[vi].Position))
					m.Normals = append(m.Normals, unitOr(mgl32.Vec3(t.VertexNormals[c]), f.faceNormal(t)))
					m.UVs = append(m.UVs, mgl32.Vec2{t.S[c], t.T[c]})
					if skinned {
						m.Joints = append(m.Joints, infls[vi].joints)
						m.Weights = append(m.Weights, infls[vi].weights)
					}
				}
				m.Indices = append(m.Indices, x)
			}
		}
		mg.Count = m.Triangles() - mg.First
		m.Groups = append(m.Groups, mg)
	}
	if n := countFalse(inGroup); n > 0 {
		warns = append(warns, fmt.Sprintf("%d triangles belong to no group; MilkShape does not draw them either", n))
	}
	for i := range f.Materials {
		mt := &f.Materials[i]
		d := mt.Diffuse
		m.Materials = append(m.Materials, formats.Material{Name: mt.Name, Diffuse: [4]float32{d[0], d[1], d[2], Opacity(mt.Transparency)}})
	}
	if skinned {
		m.InverseBind = make([]mgl32.Mat4, len(sk.Bones))
		global := f.ReferenceGlobals()
		for j := range f.Joints {
			m.InverseBind[bone[j]] = invertRigid(global[j]).Mat4()
		}
		for b := range m.InverseBind {
			if m.InverseBind[b] == (mgl32.Mat4{}) {
				m.InverseBind[b] = mgl32.Ident4()
			}
		}
	}
	return m, warns, nil
}

// weightsOf returns vertex i's influences as MilkShape's viewer sample
// takes them (msModel::FillJointIndicesAndWeights and TransformVertex;
// docs/formats/milkshape-anm.md#meshes-and-skinning): the joints are the
// vertex's own and the extra record's three; the weights, in percent,
// are 100, 0, 0, 0 when the record's three stored weights are all 0, else
// w0, w1, w2 and 100 − (w0 + w1 + w2). The influences used are the
// leading run with a positive weight and a joint in range (a -1 joint or
// a 0 weight ends it); when that run is empty the vertex follows its own
// joint alone. n is 0 for a vertex without a joint (-1). sum is the kept
// weights' total, which MilkShape does not normalise.
func (f *File) weightsOf(i int) (js [4]int, ws [4]int, n, sum int, err error) {
	v := &f.Vertices[i]
	nj := len(f.Joints)
	if v.BoneID == -1 {
		return js, ws, 0, 0, nil
	}
	if int(v.BoneID) < 0 || int(v.BoneID) >= nj {
		b := int(v.BoneID)
		if f.isText() {
			for _, bb := range f.text.badBone {
				if bb[0] == i {
					b = bb[1]
				}
			}
		}
		return js, ws, 0, 0, f.vertexErr(i, "vertex.boneId", "joint %d of %d", b, nj)
	}
	js = [4]int{int(v.BoneID), -1, -1, -1}
	ws = [4]int{100, 0, 0, 0}
	if i < len(f.VertexExtras) {
		e := &f.VertexExtras[i]
		for k := 0; k < 3; k++ {
			js[k+1] = int(e.BoneIDs[k])
		}
		if e.Weights != [3]uint8{} {
			w := [3]int{int(e.Weights[0]), int(e.Weights[1]), int(e.Weights[2])}
			if w[0]+w[1]+w[2] > 100 {
				return js, ws, 0, 0, f.extraErr(i, "vertex extra.weights", 0,
					"weights %d + %d + %d = %d%% leave the fourth joint a negative weight", w[0], w[1], w[2], w[0]+w[1]+w[2])
			}
			ws = [4]int{w[0], w[1], w[2], 100 - w[0] - w[1] - w[2]}
		}
	}
	for n < 4 && ws[n] > 0 && js[n] >= 0 && js[n] < nj {
		sum += ws[n]
		n++
	}
	// A joint past the run that the file names with a positive weight is
	// out of range (a -1 is MilkShape's "none" and ends the run quietly).
	if n < 4 && ws[n] > 0 && js[n] != -1 && (js[n] < 0 || js[n] >= nj) {
		return js, ws, 0, 0, f.extraErr(i, "vertex extra.boneIds", n-1, "joint %d of %d", js[n], nj)
	}
	if n == 0 {
		js, ws, n, sum = [4]int{int(v.BoneID)}, [4]int{100}, 1, 100
	}
	return js, ws, n, sum, nil
}

// ReferenceGlobals returns each file joint's reference world matrix as
// MilkShape composes it (msModel::SetupJoints: matGlobalSkeleton =
// parent's matGlobalSkeleton · AngleMatrix(rotation) with the position).
// A joint whose parent chain loops or is missing counts as a root.
func (f *File) ReferenceGlobals() []Mat34 {
	n := len(f.Joints)
	out := make([]Mat34, n)
	parent := f.parents()
	// Iterative, each joint composed once: a walk up to the first joint
	// already done, then down that path (issue 35: a recursion as deep as
	// the chain, and a search of the joints for each parent's name, cost
	// the square of a chain's depth).
	const (
		unvisited = iota
		onPath
		done
	)
	state := make([]uint8, n)
	var path []int
	for i := range out {
		path = path[:0]
		k := i
		for k >= 0 && state[k] == unvisited {
			state[k] = onPath
			path = append(path, k)
			k = parent[k]
		}
		// k is a done joint, a root's -1, or a joint of this path: the
		// parent chain loops, and the joint that closes it is a root.
		for c := len(path) - 1; c >= 0; c-- {
			j := path[c]
			m := ReferenceMatrix(&f.Joints[j])
			if p := parent[j]; p >= 0 && state[p] == done {
				m = ConcatTransforms(out[p], m)
			}
			out[j], state[j] = m, done
		}
	}
	return out
}

// parents returns each joint's parent index as MilkShape's FindJointByName
// finds it (the first joint of that name), -1 for a root or a parent name
// no joint has, through one map of the names rather than a search of the
// joints for each.
func (f *File) parents() []int {
	first := make(map[string]int, len(f.Joints))
	for i := len(f.Joints) - 1; i >= 0; i-- {
		first[f.Joints[i].Name] = i
	}
	parent := make([]int, len(f.Joints))
	for i := range f.Joints {
		parent[i] = -1
		if name := f.Joints[i].ParentName; name != "" {
			if p, ok := first[name]; ok {
				parent[i] = p
			}
		}
	}
	return parent
}

// invertRigid inverts a rotation-and-translation matrix: Rᵀ, −Rᵀt.
func invertRigid(m Mat34) Mat34 {
	var o Mat34
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			o[r][c] = m[c][r]
		}
	}
	for r := 0; r < 3; r++ {
		o[r][3] = -(o[r][0]*m[0][3] + o[r][1]*m[1][3] + o[r][2]*m[2][3])
	}
	return o
}

func (f *File) faceNormal(t *Triangle) mgl32.Vec3 {
	var p [3]mgl32.Vec3
	for c := 0; c < 3; c++ {
		if int(t.VertexIndices[c]) < len(f.Vertices) {
			p[c] = mgl32.Vec3(f.Vertices[t.VertexIndices[c]].Position)
		}
	}
	return unitOr(p[1].Sub(p[0]).Cross(p[2].Sub(p[0])), mgl32.Vec3{0, 0, 1})
}

// unitOr returns v normalised, or alt when v has no length.
func unitOr(v, alt mgl32.Vec3) mgl32.Vec3 {
	l := v.Len()
	if !(l > 1e-12) || math.IsInf(float64(l), 0) {
		return alt
	}
	return v.Mul(1 / l)
}

// Opacity is a material's transparency field as the diffuse colour's
// alpha: MilkShape's opacity (1 opaque), clamped to 0..1, with 0 (or
// less, or not a number) read as opaque: MilkShape would draw nothing,
// and Blender's exporter writes 1 − alpha, 0 for an opaque material
// (docs/formats/milkshape-anm.md#textures).
func Opacity(transparency float32) float32 {
	if !(transparency > 0) {
		return 1
	}
	return clamp01(transparency)
}

func clamp01(f float32) float32 {
	switch {
	case !(f > 0):
		return 0
	case f > 1:
		return 1
	}
	return f
}

func countFalse(b []bool) int {
	n := 0
	for _, x := range b {
		if !x {
			n++
		}
	}
	return n
}

func firstUnbound(f *File) int {
	for i := range f.Vertices {
		if f.Vertices[i].BoneID == -1 {
			return i
		}
	}
	return -1
}

// Where a mesh field lies: byte offsets of the binary layout
// (docs/formats/milkshape-anm.md#ms3d-binary-layout), or the lines
// ParseText recorded.

const (
	vertexStart = headerSize + 2 // after the header and numVertices
)

func (f *File) isText() bool { return f.text != nil }

func (f *File) triangleStart() int64 {
	return int64(vertexStart + vertexSize*len(f.Vertices) + 2)
}

func (f *File) vertexErr(i int, field, msg string, args ...any) error {
	if f.isText() {
		return formats.LineErrorf(FormatText, "vertex", f.text.vertexLine[i], "vertex %d: "+msg, append([]any{i}, args...)...)
	}
	return formats.Errorf(FormatMS3D, field, int64(vertexStart+vertexSize*i+13), "vertex %d: "+msg, append([]any{i}, args...)...)
}

func (f *File) triangleErr(t, corner int, msg string, args ...any) error {
	if f.isText() {
		return formats.LineErrorf(FormatText, "triangle", f.text.triangleLine[t], "triangle %d: "+msg, append([]any{t}, args...)...)
	}
	off := f.triangleStart() + int64(triangleSize*t+2+2*corner)
	return formats.Errorf(FormatMS3D, "triangle.vertexIndices", off, "triangle %d: "+msg, append([]any{t}, args...)...)
}

func (f *File) groupErr(g, k int, msg string, args ...any) error {
	if f.isText() {
		// The export lists each mesh's own triangles: a group cannot name
		// a missing one.
		return formats.LineErrorf(FormatText, "mesh", 1, msg, args...)
	}
	off := f.triangleStart() + int64(triangleSize*len(f.Triangles)) + 2
	for i := 0; i < g; i++ {
		off += int64(groupMinSize + 2*len(f.Groups[i].Triangles))
	}
	off += int64(1+nameSize+2) + int64(2*k)
	return formats.Errorf(FormatMS3D, "group.triangleIndices", off, msg, args...)
}

// extraErr locates vertex i's extra record, slot k of the field.
func (f *File) extraErr(i int, field string, k int, msg string, args ...any) error {
	if f.isText() {
		return formats.LineErrorf(FormatText, "vertex", f.text.vertexLine[i], "vertex %d: "+msg, append([]any{i}, args...)...)
	}
	off := f.extraStart()
	size := map[int32]int64{1: 6, 2: 10, 3: 14}[f.VertexExtraSubVersion]
	off += size * int64(i)
	if field == "vertex extra.weights" {
		off += 3
	}
	off += int64(k)
	return formats.Errorf(FormatMS3D, field, off, "vertex %d: "+msg, append([]any{i}, args...)...)
}

// extraStart is the offset of the first vertex extra record: past the
// joints, the comment section and the extra section's sub-version.
func (f *File) extraStart() int64 {
	off := f.triangleStart() + int64(triangleSize*len(f.Triangles)) + 2
	for i := range f.Groups {
		off += int64(groupMinSize + 2*len(f.Groups[i].Triangles))
	}
	off += 2 + int64(materialSize*len(f.Materials)) + 12 + 2
	for i := range f.Joints {
		off += int64(jointMinSize + keySize*(len(f.Joints[i].RotationKeys)+len(f.Joints[i].PositionKeys)))
	}
	if f.CommentsSubVersion != 0 {
		off += 4
		for _, cs := range [][]Comment{f.GroupComments, f.MaterialComments, f.JointComments} {
			off += 4
			for _, c := range cs {
				off += int64(commentMin + len(c.Text))
			}
		}
		off += 4
		if f.HasModelComment {
			off += int64(4 + len(f.ModelComment))
		}
	}
	return off + 4
}

// textLines records where ParseText found each vertex and triangle.
type textLines struct {
	vertexLine, triangleLine []int
	// badBone holds the vertices whose bone is no int8 joint index, with
	// the number the line gives.
	badBone [][2]int
}
