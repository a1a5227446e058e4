package ms3d

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animview/animview/formats/bin"
)

// Sniff reports whether data starts with the binary magic and a version
// this package reads.
func Sniff(data []byte) bool {
	if len(data) < headerSize || string(data[:10]) != Magic {
		return false
	}
	v := int32(binary.LittleEndian.Uint32(data[10:]))
	return v == 3 || v == 4
}

// Parse decodes a binary .ms3d file. Every count is checked against the
// bytes that remain before anything is allocated; an error names the field
// and its byte offset.
func Parse(data []byte) (*File, error) {
	r := bin.NewReader(data, binary.LittleEndian, FormatMS3D)
	f := &File{}
	off := r.Offset()
	f.Header.ID = string(r.Bytes("header.id", 10))
	if r.Err() == nil && f.Header.ID != Magic {
		return nil, r.FailAt("header.id", off, "%q is not %q", f.Header.ID, Magic)
	}
	off = r.Offset()
	f.Header.Version = r.I32("header.version")
	if r.Err() == nil && f.Header.Version != 3 && f.Header.Version != 4 {
		return nil, r.FailAt("header.version", off, "version %d (this reader knows 3 and 4)", f.Header.Version)
	}

	n := r.Count("numVertices", uint64(r.U16("numVertices")), vertexSize)
	f.Vertices = makeN[Vertex](n)
	for i := range f.Vertices {
		v := &f.Vertices[i]
		v.Flags = r.U8("vertex.flags")
		v.Position = vec3(r, "vertex.vertex")
		v.BoneID = int8(r.U8("vertex.boneId"))
		v.ReferenceCount = r.U8("vertex.referenceCount")
	}

	n = r.Count("numTriangles", uint64(r.U16("numTriangles")), triangleSize)
	f.Triangles = makeN[Triangle](n)
	for i := range f.Triangles {
		t := &f.Triangles[i]
		t.Flags = r.U16("triangle.flags")
		for k := range t.VertexIndices {
			t.VertexIndices[k] = r.U16("triangle.vertexIndices")
		}
		for k := range t.VertexNormals {
			t.VertexNormals[k] = vec3(r, "triangle.vertexNormals")
		}
		t.S = vec3(r, "triangle.s")
		t.T = vec3(r, "triangle.t")
		t.SmoothingGroup = r.U8("triangle.smoothingGroup")
		t.GroupIndex = r.U8("triangle.groupIndex")
	}

	n = r.Count("numGroups", uint64(r.U16("numGroups")), groupMinSize)
	f.Groups = makeN[Group](n)
	for i := range f.Groups {
		g := &f.Groups[i]
		g.Flags = r.U8("group.flags")
		g.Name = str(r, "group.name", nameSize)
		k := r.Count("group.numtriangles", uint64(r.U16("group.numtriangles")), 2)
		g.Triangles = makeN[uint16](k)
		for j := range g.Triangles {
			g.Triangles[j] = r.U16("group.triangleIndices")
		}
		g.MaterialIndex = int8(r.U8("group.materialIndex"))
	}

	n = r.Count("numMaterials", uint64(r.U16("numMaterials")), materialSize)
	f.Materials = makeN[Material](n)
	for i := range f.Materials {
		m := &f.Materials[i]
		m.Name = str(r, "material.name", nameSize)
		m.Ambient = vec4(r, "material.ambient")
		m.Diffuse = vec4(r, "material.diffuse")
		m.Specular = vec4(r, "material.specular")
		m.Emissive = vec4(r, "material.emissive")
		m.Shininess = r.Finite32("material.shininess")
		m.Transparency = r.Finite32("material.transparency")
		m.Mode = r.U8("material.mode")
		m.Texture = str(r, "material.texture", pathSize)
		m.AlphaMap = str(r, "material.alphamap", pathSize)
	}

	f.AnimationFPS = r.Finite32("fAnimationFPS")
	f.CurrentTime = r.Finite32("fCurrentTime")
	f.TotalFrames = r.I32("iTotalFrames")

	n = r.Count("nNumJoints", uint64(r.U16("nNumJoints")), jointMinSize)
	f.Joints = makeN[Joint](n)
	for i := range f.Joints {
		readJoint(r, &f.Joints[i], f.FPS())
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	readOptional(r, f)
	if r.Err() != nil {
		return nil, r.Err()
	}
	return f, nil
}

// readJoint reads one joint and its keys; fps is the file's rate
// (File.FPS), which turns key times into frames.
func readJoint(r *bin.Reader, j *Joint, fps float64) {
	j.Flags = r.U8("joint.flags")
	j.Name = str(r, "joint.name", nameSize)
	j.ParentName = str(r, "joint.parentName", nameSize)
	j.Rotation = vec3(r, "joint.rotation")
	j.Position = vec3(r, "joint.position")
	nr := r.U16("joint.numKeyFramesRot")
	np := r.U16("joint.numKeyFramesTrans")
	// Both key lists follow the counts: check them together.
	r.Count("joint.numKeyFramesRot+numKeyFramesTrans", uint64(nr)+uint64(np), keySize)
	if r.Err() != nil {
		return
	}
	j.RotationKeys = makeN[RotationKey](int(nr))
	for k := range j.RotationKeys {
		off := r.Offset()
		j.RotationKeys[k] = RotationKey{Time: r.Finite32("keyFramesRot.time"), Rotation: vec3(r, "keyFramesRot.rotation")}
		checkTime(r, "keyFramesRot.time", off, j.Name, k, j.RotationKeys[k].Time, prevRot(j.RotationKeys, k), fps)
	}
	j.PositionKeys = makeN[PositionKey](int(np))
	for k := range j.PositionKeys {
		off := r.Offset()
		j.PositionKeys[k] = PositionKey{Time: r.Finite32("keyFramesTrans.time"), Position: vec3(r, "keyFramesTrans.position")}
		checkTime(r, "keyFramesTrans.time", off, j.Name, k, j.PositionKeys[k].Time, prevPos(j.PositionKeys, k), fps)
	}
}

func prevRot(k []RotationKey, i int) float32 {
	if i == 0 {
		return float32(math.Inf(-1))
	}
	return k[i-1].Time
}

func prevPos(k []PositionKey, i int) float32 {
	if i == 0 {
		return float32(math.Inf(-1))
	}
	return k[i-1].Time
}

// checkTime refuses key times that go backwards (Finite32 has refused
// the ones that are not numbers): MilkShape's linear key search
// (docs/formats/milkshape-anm.md#joints-and-keys) assumes ascending times,
// and the common model requires them.
//
// A key whose frame (its time at the file's rate) lies beyond the longest
// timeline a file can have is refused too
// (docs/formats/milkshape-anm.md#key-times): iTotalFrames is an s32, so no
// MilkShape timeline reaches it, and a clip stretched to it would be
// sampled for ages.
func checkTime(r *bin.Reader, field string, off int, joint string, k int, t, prev float32, fps float64) {
	switch {
	case r.Err() != nil:
	case t < prev:
		r.FailAt(field, off, "joint %q key %d: time %v before the previous key's %v", joint, k, t, prev)
	case !keyFrameFits(float64(t) * fps):
		r.FailAt(field, off, "joint %q key %d: time %v (frame %v at %v fps) is out of the clip: a MilkShape timeline holds at most %d frames",
			joint, k, t, float64(t)*fps, fps, MaxFrames)
	}
}

// MaxFrames is the longest timeline a MilkShape file can have: its total
// frame count is an s32 (docs/formats/milkshape-anm.md#key-times).
const MaxFrames = math.MaxInt32

// keyFrameFits reports whether a key at frame f is on a timeline a file
// can have (within ±MaxFrames).
func keyFrameFits(f float64) bool { return math.Abs(f) <= MaxFrames }

// readOptional reads the sections that later sub-versions append, each
// only while bytes remain (msModel.cpp checks the file position before
// each). A section of a sub-version this reader does not know ends the
// reading: its size is unknown, so it and all that follows go to Rest.
func readOptional(r *bin.Reader, f *File) {
	if r.Len() == 0 {
		return
	}
	start := r.Offset()
	sub := r.I32("subVersion (comments)")
	if sub != 1 {
		f.Rest = r.Data()[start:]
		r.Seek("rest", len(r.Data()))
		return
	}
	f.CommentsSubVersion = sub
	f.GroupComments = readComments(r, "nNumGroupComments")
	f.MaterialComments = readComments(r, "nNumMaterialComments")
	f.JointComments = readComments(r, "nNumJointComments")
	off := r.Offset()
	has := r.I32("nHasModelComment")
	switch {
	case r.Err() != nil:
		return
	case has == 1:
		f.HasModelComment = true
		f.ModelComment = commentText(r, "modelComment")
	case has != 0:
		r.FailAt("nHasModelComment", off, "%d (0 or 1)", has)
		return
	}

	if r.Len() == 0 {
		return
	}
	start = r.Offset()
	sub = r.I32("subVersion (vertex extra)")
	size := map[int32]int{1: 6, 2: 10, 3: 14}[sub]
	if size == 0 {
		f.Rest = r.Data()[start:]
		r.Seek("rest", len(r.Data()))
		return
	}
	f.VertexExtraSubVersion = sub
	r.Count("vertex extra", uint64(len(f.Vertices)), size)
	if r.Err() != nil {
		return
	}
	f.VertexExtras = makeN[VertexExtra](len(f.Vertices))
	for i := range f.VertexExtras {
		e := &f.VertexExtras[i]
		for k := range e.BoneIDs {
			e.BoneIDs[k] = int8(r.U8("vertex extra.boneIds"))
		}
		for k := range e.Weights {
			e.Weights[k] = r.U8("vertex extra.weights")
		}
		for k := 0; k < (size-6)/4; k++ {
			e.Extra[k] = r.U32("vertex extra.extra")
		}
	}

	if r.Len() == 0 {
		return
	}
	start = r.Offset()
	sub = r.I32("subVersion (joint extra)")
	if sub != 1 {
		f.Rest = r.Data()[start:]
		r.Seek("rest", len(r.Data()))
		return
	}
	f.JointExtraSubVersion = sub
	r.Count("joint extra", uint64(len(f.Joints)), 12)
	for i := range f.Joints {
		f.Joints[i].Color = vec3(r, "joint extra.color")
	}

	if r.Err() != nil || r.Len() == 0 {
		return
	}
	start = r.Offset()
	sub = r.I32("subVersion (model extra)")
	if sub != 1 {
		f.Rest = r.Data()[start:]
		r.Seek("rest", len(r.Data()))
		return
	}
	f.ModelExtraSubVersion = sub
	f.ModelExtra.JointSize = r.Finite32("model extra.jointSize")
	f.ModelExtra.TransparencyMode = r.I32("model extra.transparencyMode")
	f.ModelExtra.AlphaRef = r.Finite32("model extra.alphaRef")
	if r.Err() == nil && r.Len() > 0 {
		f.Rest = r.Data()[r.Offset():]
	}
}

// readComments reads a u32 count and that many (index, length, text)
// records. The count and each length are 32-bit (assimp's 16-bit reading
// fails on files with comments:
// docs/formats/milkshape-anm.md#optional-sections).
func readComments(r *bin.Reader, field string) []Comment {
	n := r.Count(field, uint64(r.U32(field)), commentMin)
	if n == 0 {
		return nil
	}
	cs := make([]Comment, n)
	for i := range cs {
		cs[i].Index = r.I32("comment.index")
		cs[i].Text = commentText(r, "comment")
	}
	return cs
}

func commentText(r *bin.Reader, field string) string {
	off := r.Offset()
	l := r.I32(field + ".commentLength")
	if r.Err() == nil && l < 0 {
		r.FailAt(field+".commentLength", off, "length %d", l)
		return ""
	}
	n := r.Count(field+".commentLength", uint64(l), 1)
	return string(r.Bytes(field+".comment", n))
}

func vec3(r *bin.Reader, field string) [3]float32 {
	return [3]float32{r.Finite32(field), r.Finite32(field), r.Finite32(field)}
}

func vec4(r *bin.Reader, field string) [4]float32 {
	return [4]float32{r.Finite32(field), r.Finite32(field), r.Finite32(field), r.Finite32(field)}
}

// str reads a fixed-size string cut at its first NUL.
func str(r *bin.Reader, field string, size int) string {
	b := r.Bytes(field, size)
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// errorf is fmt.Errorf with the format's name, for errors that have no
// byte offset.
func errorf(msg string, args ...any) error {
	return fmt.Errorf("%s: %s", FormatMS3D, fmt.Sprintf(msg, args...))
}

// makeN returns nil for no elements, so that a file read back equals the
// File it was written from.
func makeN[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}
