package lego

// Magic is the first int32 of every .ani payload (CreateAnim refuses any
// other value).
const Magic = 0x11

// Key flag bits as the file stores them in the top byte of a key's
// time word (LegoAnimKey::Flags).
const (
	FlagActive     = 0x01 // the key's value contributes (recomputed on read)
	FlagNegate     = 0x02 // rotation: negate this key before slerping to it
	FlagSkipInterp = 0x04 // rotation: hold the previous key up to this one
)

// Sizes on disk (docs/formats/lego-island.md#keys).
const (
	timeMask       = 0xFFFFFF
	flagShift      = 24
	headerSize     = 28          // magic .. unused
	minNodeSize    = 4 + 4*2 + 4 // empty name, four zero counts, no children
	translationLen = 16
	rotationLen    = 20
	scaleLen       = 16
	morphLen       = 5
	rollLen        = 8
)

// MaxDepth bounds the node tree's depth. Real trees are a dozen levels
// deep; the bound keeps a hostile file from exhausting the stack.
const MaxDepth = 128

// Header is the part of the payload that LegoAnimPresenter::CreateAnim
// reads before handing over to LegoAnim::Read.
type Header struct {
	Magic          int32
	BoundingRadius float32
	Center         [3]float32
	// HasCamera is the parseScene word: non-zero means a camera block
	// follows the duration.
	HasCamera int32
	// Unused is read by the game and ignored (1 in the known sample).
	Unused int32
}

// Actor is one entry of the actor list: the ROI an animation drives and
// how the character manager handles it. Type takes any value; the known
// ones are listed in ActorTypeName.
type Actor struct {
	Name string
	// Type is only present in the file when Name is not empty.
	Type uint32
}

// Key is the packed time and flags word shared by every key type.
type Key struct {
	// Time is the key time in milliseconds (the low 24 bits).
	Time uint32
	// Flags is the file's top byte, before the active bit is recomputed.
	Flags uint8
}

// TranslationKey is LegoTranslationKey (16 bytes).
type TranslationKey struct {
	Key
	X, Y, Z float32
}

// RotationKey is LegoRotationKey (20 bytes); the file stores W first.
type RotationKey struct {
	Key
	W, X, Y, Z float32
}

// ScaleKey is LegoScaleKey (16 bytes).
type ScaleKey struct {
	Key
	X, Y, Z float32
}

// MorphKey is LegoMorphKey (5 bytes): a visibility step.
type MorphKey struct {
	Key
	Visible uint8
}

// RollKey is LegoRotationZKey (8 bytes): the camera's roll in radians.
type RollKey struct {
	Key
	Angle float32
}

// Camera is LegoAnimScene: camera position, look-at target and roll keys.
type Camera struct {
	Position []TranslationKey
	Target   []TranslationKey
	Roll     []RollKey
}

// Node is one node of the animation tree (LegoAnimNodeData plus its
// children). A name starting with '-' is bound to no ROI, one starting
// with '*' is replaced by an actor name; both still compose.
type Node struct {
	Name        string
	Translation []TranslationKey
	Rotation    []RotationKey
	Scale       []ScaleKey
	Morph       []MorphKey
	Children    []*Node
}

// File is a decoded .ani payload.
type File struct {
	Header
	Actors []Actor
	// Duration is the animation length in milliseconds.
	Duration int32
	// Camera is the camera block, present when Header.HasCamera != 0.
	Camera *Camera
	Root   *Node
	// Trailing holds the bytes after the tree (an SI pad byte, usually).
	Trailing []byte
}

// Active reports whether the game treats the key as contributing:
// LegoTranslationKey::Read sets 0x01 when any component is outside
// ±1e-5 (a float comparison).
func (k TranslationKey) Active() bool {
	const eps = float32(1e-5)
	return k.Flags&FlagActive != 0 ||
		k.X > eps || k.X < -eps || k.Y > eps || k.Y < -eps || k.Z > eps || k.Z < -eps
}

// Active reports whether the game treats the key as contributing:
// LegoRotationKey::Read sets 0x01 when the angle (w) is not exactly 1.
func (k RotationKey) Active() bool {
	return k.Flags&FlagActive != 0 || float64(k.W) != 1.0
}

// Active mirrors LegoScaleKey::Read: 0x01 when a component is outside
// [0.99999, 1.00001], compared in double precision as the C code does.
// GetScale ignores the flag; it is kept for inspection.
func (k ScaleKey) Active() bool {
	x, y, z := float64(k.X), float64(k.Y), float64(k.Z)
	return k.Flags&FlagActive != 0 ||
		x > 1.00001 || x < 0.99999 || y > 1.00001 || y < 0.99999 || z > 1.00001 || z < 0.99999
}

// Active is the file's bit alone: morph keys are never recomputed.
func (k MorphKey) Active() bool { return k.Flags&FlagActive != 0 }

// Active is the file's bit alone: roll keys are never recomputed.
func (k RollKey) Active() bool { return k.Flags&FlagActive != 0 }

// ActorTypeName names the actor types of the Kaitai description; other
// values (the known sample has type 1) return "".
func ActorTypeName(t uint32) string {
	switch t {
	case 2:
		return "managed_lego_actor"
	case 3:
		return "managed_invisible_roi_trimmed"
	case 4:
		return "managed_invisible_roi"
	case 5:
		return "scene_roi_1"
	case 6:
		return "scene_roi_2"
	}
	return ""
}

// Walk calls fn for every node in pre-order with its depth and the
// pre-order index of its parent (-1 for the root).
func (f *File) Walk(fn func(n *Node, index, parent, depth int)) {
	if f.Root == nil {
		return
	}
	type item struct {
		n             *Node
		parent, depth int
	}
	stack := []item{{f.Root, -1, 0}}
	index := 0
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		fn(it.n, index, it.parent, it.depth)
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], index, it.depth + 1})
		}
		index++
	}
}
