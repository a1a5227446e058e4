package sims

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// FileQuat is a rotation as the files store it: x, y, z, w, in the
// row-vector convention (see the package doc).
type FileQuat [4]float32

// Model returns the rotation in the model's column-vector convention: the
// conjugate of the stored quaternion.
func (q FileQuat) Model() mgl32.Quat {
	return mgl32.Quat{W: q[3], V: mgl32.Vec3{-q[0], -q[1], -q[2]}}
}

// FileQuatFromModel is the inverse of FileQuat.Model.
func FileQuatFromModel(q mgl32.Quat) FileQuat {
	return FileQuat{-q.V[0], -q.V[1], -q.V[2], q.W}
}

// Prop is one property: key/value pairs in file order (FreeSO's
// PropertyListItem).
type Prop struct {
	Pairs []formats.KV
}

// PropsList is a list of props (FreeSO's PropertyList). In `.bcf`/`.cmx`
// skills every list holds exactly one prop.
type PropsList struct {
	Props []Prop
}

// TimeProp is a props list that fires at a time of the animation.
type TimeProp struct {
	// ID is the time in milliseconds (FreeSO compares it with
	// frame·1000/30).
	ID    uint32
	Props PropsList
}

// TimePropsList is a list of time props.
type TimePropsList struct {
	Items []TimeProp
}

// Motion animates one bone: FrameCount keys from the animation's
// translation and rotation arrays.
type Motion struct {
	// Unknown is the u32 before the bone name in TSO `.anim` files (0 in
	// every known file; the Niotso page omits it). Absent in skills.
	Unknown    uint32
	BoneName   string
	FrameCount uint32
	// Duration is the stored duration (informational).
	Duration       float32
	HasTranslation bool
	HasRotation    bool
	// FirstTranslation and FirstRotation index the animation's arrays; they
	// mean something only when the matching Has flag is set (FreeSO writes
	// 0xFFFFFFFF otherwise).
	FirstTranslation uint32
	FirstRotation    uint32
	// HasProps and HasTimeProps are the presence bytes of `.anim`; skills
	// always have both lists.
	HasProps     bool
	Props        []PropsList
	HasTimeProps bool
	TimeProps    []TimePropsList
}

// Animation is a TSO `.anim` file or a The Sims 1 skill (a `.bcf`/`.cmx`
// record whose arrays come from a `.cfp` file).
type Animation struct {
	// Version is the `.anim` version (2); 0 for skills.
	Version uint32
	Name    string
	// XSkillName names the skill's `.cfp` file (without extension); skills only.
	XSkillName string
	// Duration is the stored duration: milliseconds in Maxis data, seconds
	// in FreeSO-authored files. Playback ignores it.
	Duration float32
	Distance float32
	// IsMoving is a byte in `.anim` and an int32 in skills.
	IsMoving uint32
	// TranslationCount and RotationCount are the array sizes. In `.anim`
	// they equal len(Translations) and len(Rotations); in a skill the arrays
	// are empty until the `.cfp` data is applied.
	TranslationCount uint32
	RotationCount    uint32
	Translations     []mgl32.Vec3
	Rotations        []FileQuat
	Motions          []Motion
}

// NumFrames is the largest motion frame count (FreeSO's NumFrames).
func (a *Animation) NumFrames() uint32 {
	var n uint32
	for i := range a.Motions {
		if a.Motions[i].FrameCount > n {
			n = a.Motions[i].FrameCount
		}
	}
	return n
}

// SkelBone is one bone of a `.skel` file or of a skeleton in a character file.
type SkelBone struct {
	// Unknown is the i32 before each bone of a `.skel` (absent in `.bcf`/`.cmx`).
	Unknown int32
	Name    string
	// Parent names the parent bone; "NULL" for the root.
	Parent string
	// HasProps is the presence byte of `.skel`; character files always have props.
	HasProps     bool
	Props        []Prop
	Translation  mgl32.Vec3
	Rotation     FileQuat
	CanTranslate int32
	CanRotate    int32
	CanBlend     int32
	WiggleValue  float32
	WigglePower  float32
}

// Skeleton is a `.skel` file or a skeleton of a character file, in file order.
type Skeleton struct {
	// Version is the `.skel` version (1); 0 in character files.
	Version uint32
	Name    string
	Bones   []SkelBone
}

// SuitBinding attaches a mesh to a bone.
type SuitBinding struct {
	Bone string
	Mesh string
	// CensorFlags and Unknown are the two int32s after the names.
	CensorFlags int32
	Unknown     int32
}

// Suit is an outfit of a character file (FreeSO's Appearance).
type Suit struct {
	Name     string
	Type     int32
	Unknown  int32
	Bindings []SuitBinding
}

// CharacterFile is a The Sims 1 `.cmx` or `.bcf` file.
type CharacterFile struct {
	// Version is the number on the `.cmx` "version" line: 300, or 200 for
	// the 1998 prototype's layout (0 for `.bcf`).
	Version int32
	// Header holds the `.cmx` lines before the version line (Maxis writes
	// "// Character File. Copyright 1997, Maxis Inc."); nil for `.bcf`.
	Header    []string
	Skeletons []Skeleton
	Suits     []Suit
	Skills    []Animation
}
