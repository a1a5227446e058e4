// Package ms3d reads and writes MilkShape 3D models: the binary .ms3d file
// (versions 3 and 4, with the comment and extra-data sections of later
// sub-versions) and MilkShape's ASCII export (.txt). Both give the same
// File; Asset turns it into the common model with MilkShape's own joint
// evaluation (docs/formats/milkshape-anm.md#evaluating-a-joint).
//
// The layout follows MilkShape's SDK header (ms3dspec.h) as the author's
// viewer sample (msModel.cpp) and Blender's io_scene_ms3d read it. All
// values are little-endian; strings are fixed-size, NUL-padded.
//
// Coordinates: MilkShape works in OpenGL's frame, right-handed with Y up;
// models are built facing the front viewport, that is towards +Z.
package ms3d

// Format names the loaders in errors and info output.
const (
	FormatMS3D = "ms3d"
	FormatText = "ms3d-text"
)

// Magic is the 10-byte identifier that starts a binary file.
const Magic = "MS3D000000"

// Field sizes of the binary layout (ms3dspec.h, byte-packed).
const (
	headerSize   = 14  // id[10], int version
	vertexSize   = 15  // flags, vertex[3], boneId, referenceCount
	triangleSize = 70  // flags, vertexIndices[3], normals[3][3], s[3], t[3], smoothingGroup, groupIndex
	groupMinSize = 36  // flags, name[32], numTriangles, materialIndex
	materialSize = 361 // name[32], 4 colours[4], shininess, transparency, mode, texture[128], alphamap[128]
	jointMinSize = 93  // flags, name[32], parentName[32], rotation[3], position[3], two counts
	keySize      = 16  // time, value[3]
	nameSize     = 32
	pathSize     = 128
	commentMin   = 8 // index, length
)

// Header is the file's first 14 bytes.
type Header struct {
	// ID is "MS3D000000".
	ID string
	// Version is 3 or 4; both share the layout this package reads.
	Version int32
}

// Vertex is one mesh vertex.
type Vertex struct {
	Flags    uint8
	Position [3]float32
	// BoneID is the index of the joint the vertex follows, -1 for none.
	BoneID         int8
	ReferenceCount uint8
}

// Triangle is one mesh triangle.
type Triangle struct {
	Flags          uint16
	VertexIndices  [3]uint16
	VertexNormals  [3][3]float32
	S, T           [3]float32
	SmoothingGroup uint8
	GroupIndex     uint8
}

// Group is a named set of triangles with a material.
type Group struct {
	Flags     uint8
	Name      string
	Triangles []uint16
	// MaterialIndex is -1 for none.
	MaterialIndex int8
}

// Material is a surface description.
type Material struct {
	Name                                 string
	Ambient, Diffuse, Specular, Emissive [4]float32
	Shininess                            float32
	// Transparency is the material's opacity, 1 opaque (MilkShape's
	// slider); Blender's exporter writes 1 − alpha, 0 for opaque.
	Transparency float32
	// Mode holds the texture flags (ModeHasAlpha, ...); the ASCII export
	// has no such field.
	Mode     uint8
	Texture  string
	AlphaMap string
}

// Material mode flags, as Blender's io_scene_ms3d names MilkShape's
// (docs/formats/milkshape-anm.md#textures).
const (
	// ModeCombineAlpha is MilkShape's "combine alpha" texture flag.
	ModeCombineAlpha = 0x20
	// ModeHasAlpha says the texture's own alpha is used.
	ModeHasAlpha = 0x40
	// ModeSphereMap says the texture is a sphere (environment) map.
	ModeSphereMap = 0x80
)

// RotationKey is a rotation keyframe: time in seconds, Euler angles in
// radians (x, y, z; applied x first,
// docs/formats/milkshape-anm.md#euler-angles).
type RotationKey struct {
	Time     float32
	Rotation [3]float32
}

// PositionKey is a position keyframe: time in seconds and a position that
// the reference rotation turns
// (docs/formats/milkshape-anm.md#reference-times-key).
type PositionKey struct {
	Time     float32
	Position [3]float32
}

// Joint is one bone of the skeleton with its keys.
type Joint struct {
	Flags uint8
	Name  string
	// ParentName is "" for a root.
	ParentName string
	// Rotation and Position are the local reference transform: Euler
	// radians and a translation.
	Rotation     [3]float32
	Position     [3]float32
	RotationKeys []RotationKey
	PositionKeys []PositionKey
	// Color is the joint extra's colour (joint extra sub-version 1), if any.
	Color [3]float32
}

// VertexExtra is the vertex extra record (sub-versions 1 to 3): up to
// three more joints with weights in percent, and extra values.
type VertexExtra struct {
	BoneIDs [3]int8
	Weights [3]uint8
	// Extra holds sub-version 2's one and sub-version 3's two values.
	Extra [2]uint32
}

// ModelExtra is the model extra record (sub-version 1).
type ModelExtra struct {
	JointSize        float32
	TransparencyMode int32
	AlphaRef         float32
}

// File is a whole model. The optional sections after the joints exist only
// in files of later sub-versions; their sub-version fields are 0 when a
// section is absent.
type File struct {
	Header    Header
	Vertices  []Vertex
	Triangles []Triangle
	Groups    []Group
	Materials []Material
	// AnimationFPS is the timeline's frame rate; CurrentTime the editor's
	// current frame; TotalFrames the timeline's length in frames.
	AnimationFPS float32
	CurrentTime  float32
	TotalFrames  int32
	Joints       []Joint

	// CommentsSubVersion is 1 when the comment section is present. The
	// comment lists keep the file's order and indices as stored.
	CommentsSubVersion int32
	GroupComments      []Comment
	MaterialComments   []Comment
	JointComments      []Comment
	// ModelComment is the model's comment; HasModelComment says whether
	// the file stores one (it may be empty).
	ModelComment    string
	HasModelComment bool
	// VertexExtraSubVersion is 1, 2 or 3 when the vertex extra section is
	// present; VertexExtras then has one record per vertex.
	VertexExtraSubVersion int32
	VertexExtras          []VertexExtra
	// JointExtraSubVersion is 1 when joint colours are present.
	JointExtraSubVersion int32
	// ModelExtraSubVersion is 1 when ModelExtra is present.
	ModelExtraSubVersion int32
	ModelExtra           ModelExtra
	// Rest holds the bytes after the last section this reader knows (a
	// section of an unknown sub-version and all that follows it).
	Rest []byte

	// text records the lines of an ASCII export's vertices and
	// triangles, for errors; nil for a binary file.
	text *textLines
}

// Comment is a comment attached to the group, material or joint at Index.
type Comment struct {
	Index int32
	Text  string
}

// JointIndex returns the index of the first joint with the given name, or
// -1, as MilkShape's FindJointByName does.
func (f *File) JointIndex(name string) int {
	for i := range f.Joints {
		if f.Joints[i].Name == name {
			return i
		}
	}
	return -1
}
