package formats

import (
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Transform is a local or bind transform: scale first, then rotation, then
// translation (column-vector convention, M = T·R·S).
type Transform struct {
	Translation mgl32.Vec3
	// Rotation rotates a column vector as q·v·q*. Loaders whose game uses
	// another convention (row vectors, conjugates) convert on load.
	Rotation mgl32.Quat
	Scale    mgl32.Vec3
}

// Identity returns the transform that changes nothing.
func Identity() Transform {
	return Transform{Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}
}

// Mat4 returns the column-major matrix T·R·S of the transform. The rotation
// is built with a 2/|q|² factor, so a non-unit quaternion still gives a pure
// rotation (as LEGO Island's FromQuaternion does) and a zero quaternion gives
// the identity.
func (t Transform) Mat4() mgl32.Mat4 {
	var m mgl32.Mat4
	t.WriteMat4(&m)
	return m
}

// WriteMat4 is Mat4 writing into m, for loops that must not copy matrices.
func (t *Transform) WriteMat4(m *mgl32.Mat4) {
	w, x, y, z := t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2]
	m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10] = RotScale(w, x, y, z, QuatFactor(w, x, y, z), t.Scale[0], t.Scale[1], t.Scale[2])
	m[3], m[7], m[11] = 0, 0, 0
	m[12], m[13], m[14], m[15] = t.Translation[0], t.Translation[1], t.Translation[2], 1
}

// Bone is one joint of a skeleton.
type Bone struct {
	// ID is the format's own identifier (a Prime segment id, a node index);
	// it is what the file calls the bone.
	ID int
	// Name is the bone's name as the file gives it ("" when it has none).
	Name string
	// Parent is the index of the parent bone in Skeleton.Bones, or -1.
	Parent int
	// Bind is the bind-pose local transform, used where a clip has no
	// channel for a component.
	Bind Transform
}

// Skeleton is a bone hierarchy in parent-before-child order: every bone's
// Parent index is smaller than its own index.
type Skeleton struct {
	// Name names the skeleton (the CINF id, the .skel name, ...).
	Name  string
	Bones []Bone
	// Source says where the skeleton came from when the loader had to find
	// or invent it (a sibling file, a built-in table, the channels alone).
	Source string
	// Compose is how local transforms compose into model space.
	Compose Compose
}

// Compose is a rule for composing a skeleton's local transforms into model
// space.
type Compose uint8

const (
	// ComposeMatrix multiplies matrices: world = parentWorld · T·R·S, so a
	// parent's scale scales everything below it.
	ComposeMatrix Compose = iota
	// ComposePrime2 is Metroid Prime 2: Echoes' pose building
	// (CPoseAsTransforms, as PrimeWorldEditor's CBone::UpdateTransform):
	// world rotations chain without scale, a bone's local translation is
	// scaled by its parent's local scale only and turned by the parent's
	// world rotation, and a bone's matrix is T·R·S with its own local
	// scale: scale is not inherited
	// (docs/formats/metroid-prime.md#world-pose).
	ComposePrime2
)

// Index returns the index of the first bone with the given ID, or -1.
func (s *Skeleton) Index(id int) int {
	for i := range s.Bones {
		if s.Bones[i].ID == id {
			return i
		}
	}
	return -1
}

// IndexByName returns the index of the first bone with the given name, or -1.
func (s *Skeleton) IndexByName(name string) int {
	for i := range s.Bones {
		if s.Bones[i].Name == name {
			return i
		}
	}
	return -1
}

// IndexByNameFold returns the index of the bone called name, exactly or
// else ignoring case (the games' tables and users' typing differ in case),
// or -1.
func (s *Skeleton) IndexByNameFold(name string) int {
	if i := s.IndexByName(name); i >= 0 {
		return i
	}
	for i := range s.Bones {
		if strings.EqualFold(s.Bones[i].Name, name) {
			return i
		}
	}
	return -1
}

// Interp is the interpolation flavour of a clip: the rules its game uses to
// evaluate a track between keys.
type Interp uint8

const (
	// InterpShortestArc slerps rotations along the shortest arc, lerps
	// translation and scale, clamps before the first and after the last key.
	InterpShortestArc Interp = iota
	// InterpPrime is Retro's CAnimMathUtils::Slerp as Metroid Prime (MP1)
	// runs it: no flip to the shortest arc, normalised lerp when the keys
	// are within dot 0.95, and the 1e-5 / 0.99999 end snaps
	// (docs/formats/metroid-prime.md#mp1-slerp); the angle and weights come
	// from the game's fast acos
	// and sine polynomials.
	InterpPrime
	// InterpLego is LEGO Island's LegoAnimNodeData evaluation: nothing before
	// the first key, active flags, step (0x04) and negate (0x02) flags on the
	// later key, lerp without normalisation for near-equal keys
	// (docs/formats/lego-island.md#evaluating-a-node).
	InterpLego
	// InterpPrime2 is CAnimMathUtils::Slerp in the mode Metroid Prime 2:
	// Echoes builds poses with: no flip to the shortest arc, no end snaps;
	// keys nearly opposite (dot < -0.9999999) jump from the first to the
	// second at factor 0.5; a normalised lerp from dot 0.866 up; otherwise
	// acos and sin in double precision and a weighted sum left
	// unnormalised.
	InterpPrime2
)

// String names the flavour for info output.
func (i Interp) String() string {
	switch i {
	case InterpShortestArc:
		return "shortest-arc"
	case InterpPrime:
		return "prime"
	case InterpLego:
		return "lego"
	case InterpPrime2:
		return "prime2"
	}
	return "unknown"
}

// KeyFlags are per-key flags that some formats carry. They describe the
// interval that ends at the key (from the previous key to this one).
type KeyFlags uint8

const (
	// KeyStep holds the previous key's value over the interval ending here
	// (LEGO 0x04 "skip interpolation").
	KeyStep KeyFlags = 1 << iota
	// KeyNegate negates this key's quaternion before interpolating towards it
	// (LEGO 0x02).
	KeyNegate
	// KeyInactive marks a key whose value the game treats as "no
	// contribution" (LEGO keys without the recomputed 0x01 active flag).
	KeyInactive
)

// Vec3Track is a translation or scale channel: ascending key times in
// seconds and one value per key. Flags is nil or has one entry per key.
type Vec3Track struct {
	Times  []float64
	Values []mgl32.Vec3
	Flags  []KeyFlags
	// Knots is nil when every key is one of the file's. A track that
	// samples a smooth curve at load (MilkShape's Hermite positions,
	// docs/formats/milkshape-anm.md#baking-into-tracks) lists here the
	// times of the curve's own keys: the keys between them are samples,
	// which an export need not keep (docs/formats/gltf-export.md#sampling).
	Knots []float64
	// Curve is nil, or the cubic Hermite curve the track samples
	// (MilkShape's positions, docs/formats/milkshape-anm.md#position-keys),
	// in the track's coordinates and times: its keys strictly increase in
	// time, and between keys k and k+1, Δ seconds apart, at u = (t -
	// t_k)/Δ the curve is h1(u)·Value_k + h3(u)·Δ·Out_k + h2(u)·Value_k+1
	// + h4(u)·Δ·In_k+1 (glTF's CUBICSPLINE, tangents per second); it holds
	// its end keys outside them. Times and Values follow it within the
	// loader's tolerance; an export may write the curve itself.
	Curve []HermiteKey
}

// HermiteKey is a key of a cubic Hermite curve (Vec3Track.Curve): its
// time, its value, and the curve's derivative per second arriving at it
// (In; zero on the first key) and leaving it (Out; zero on the last).
type HermiteKey struct {
	Time           float64
	Value, In, Out [3]float64
}

// QuatTrack is a rotation channel: ascending key times in seconds and one
// quaternion per key. Flags is nil or has one entry per key.
type QuatTrack struct {
	Times  []float64
	Values []mgl32.Quat
	Flags  []KeyFlags
}

// BoolTrack is a visibility (morph) channel: a step function over ascending
// key times; before the first key the bone is visible.
type BoolTrack struct {
	Times  []float64
	Values []bool
}

// FloatTrack is a scalar channel (camera roll).
type FloatTrack struct {
	Times  []float64
	Values []float32
	Flags  []KeyFlags
}

// BoneTracks are the channels of one bone in one clip. An empty track means
// the bone keeps its bind value for that component.
type BoneTracks struct {
	Translation Vec3Track
	Rotation    QuatTrack
	Scale       Vec3Track
	Visibility  BoolTrack
}

// Animated reports whether any channel of the bone has keys.
func (b *BoneTracks) Animated() bool {
	return len(b.Translation.Times) > 0 || len(b.Rotation.Times) > 0 ||
		len(b.Scale.Times) > 0 || len(b.Visibility.Times) > 0
}

// EventKind classifies an event.
type EventKind string

// Event kinds used by the loaders. Formats may use others.
const (
	EventLoop     EventKind = "loop"
	EventUser     EventKind = "user"
	EventEffect   EventKind = "effect"
	EventSound    EventKind = "sound"
	EventProp     EventKind = "prop"
	EventCallback EventKind = "callback"
)

// KV is one key/value pair of an event's or bone's payload, kept in file order.
type KV struct {
	Key, Value string
}

// Event is something that happens at a time in a clip.
type Event struct {
	Time float64
	Name string
	Kind EventKind
	// Bone is the bone index the event is attached to, or -1.
	Bone int
	// Payload is the format's own data for the inspector, in file order.
	Payload []KV
}

// CameraTrack is a camera animation: position and target tracks and a roll
// track (radians), evaluated with the clip's interpolation flavour.
type CameraTrack struct {
	Position Vec3Track
	Target   Vec3Track
	Roll     FloatTrack
}

// Clip is one animation over a skeleton.
type Clip struct {
	Name string
	// Duration is the clip length in seconds.
	Duration float64
	// FrameRate is frames per second where the format has frames, else 0.
	FrameRate float64
	Loop      bool
	Interp    Interp
	// Tracks has one entry per skeleton bone, in skeleton order.
	Tracks []BoneTracks
	Events []Event
	// Camera is the clip's camera animation, or nil.
	Camera *CameraTrack
	// Info holds format-specific facts for `info` (channel count, interval, ...).
	Info []KV
	// Group names the set a clip belongs to, for lists that group clips
	// (an ANM animation set, an ANCS character); "" for none.
	Group string
	// Drives says, per bone, whether the clip drives the bone; nil means
	// every bone. Bones it does not drive stay at their bind pose, and the
	// view draws them dimmer (an ANM clip animates only its set's bones).
	Drives []bool

	// SharedTimeline says that the tracks are keyed on one timeline, the
	// same Times slice (or its prefixes), as Metroid Prime's key bitmap
	// and The Sims' frames key them; the loader sets it. The player then
	// samples the keys directly, one search per timeline serving every
	// track on it, where tracks with their own timelines keep a cache
	// each. It chooses how, never what: the poses are the same bits.
	SharedTimeline bool
}

// Frames returns the number of frames at the clip's frame rate (at least 1),
// or 0 when the clip has no frame rate.
func (c *Clip) Frames() int {
	if c.FrameRate <= 0 {
		return 0
	}
	n := int(c.Duration*c.FrameRate+0.5) + 1
	if n < 1 {
		n = 1
	}
	return n
}

// Axis names a coordinate axis.
type Axis uint8

// Axes.
const (
	AxisY Axis = iota
	AxisZ
)

// Coords describes a format's coordinate system so that the view, and only
// the view, can turn it upright.
type Coords struct {
	Up         Axis
	LeftHanded bool
	// FrontYaw is the orbit yaw, in degrees, from which the view sees a
	// character's front once the scene root has turned the data upright:
	// 0 when characters face the view's +Z, 180 when they face -Z (Metroid
	// Prime's +Y forward turned upright). The view adds it to the yaw the
	// user asks for, so "--yaw 0" means "from the front" in every format.
	FrontYaw float64
}

// Character is one entry of a character set (an ANCS character, a Sims
// skeleton with its skills): a named skeleton with the animations it may play.
type Character struct {
	ID   int
	Name string
	// Version is the character record's own version (ANCS: 1..10), 0 when
	// the format has none.
	Version int
	// Skeleton indexes Asset.Skeletons; -1 when the character has none.
	Skeleton int
	// SkeletonID is the file's id of the character's skeleton (a CINF id),
	// or 0.
	SkeletonID uint32
	// Animations names the character's animations and what each plays.
	Animations []CharacterAnim
	// Info holds the record's other facts (model, skin, particles, AABBs,
	// effects, ...) for `info`.
	Info []KV
}

// CharacterAnim is a named animation of a character.
type CharacterAnim struct {
	Name string
	// Meta is the meta-animation tree it plays, or nil when it plays Clip.
	Meta *MetaAnim
	// Clip indexes Asset.Clips when Meta is nil.
	Clip int
	// SetIndex indexes Asset.AnimSet.Animations (-1 when there is no set).
	SetIndex int
}

// MetaKind is the node type of a meta-animation tree.
type MetaKind uint8

// Meta-animation node types (Metroid Prime ANCS).
const (
	MetaPlay MetaKind = iota
	MetaBlend
	MetaPhaseBlend
	MetaRandom
	MetaSequence
)

// String names the node type as the ANCS documents do.
func (k MetaKind) String() string {
	switch k {
	case MetaPlay:
		return "Play"
	case MetaBlend:
		return "Blend"
	case MetaPhaseBlend:
		return "PhaseBlend"
	case MetaRandom:
		return "Random"
	case MetaSequence:
		return "Sequence"
	}
	return "kind " + strconv.Itoa(int(k))
}

// MetaAnim is a node of a meta-animation tree.
type MetaAnim struct {
	Kind MetaKind
	// Clip indexes Asset.Clips for MetaPlay (-1 when the clip is missing).
	Clip int
	// AnimID is the file's id of the played animation (MetaPlay).
	AnimID int
	// Prim is the Play primitive index: the animation-database key that
	// the transition table uses (MetaPlay).
	Prim uint32
	// Name is the primitive's name (MetaPlay).
	Name string
	// StartTime is where the Play's reader starts, in seconds (MetaPlay's
	// CharAnimTime); StartState is that CharAnimTime's state word.
	StartTime  float64
	StartState uint32
	// Weight is the blend weight of the second child (Blend, PhaseBlend).
	Weight float32
	// Flag is the Blend/PhaseBlend byte (Echoes: characterSpaceBlend); it
	// has no effect on poses in either game.
	Flag uint8
	// Children are the sub-trees (Blend and PhaseBlend: exactly two).
	Children []*MetaAnim
	// Probabilities are the Random node's u32 values per child: cumulative
	// percent thresholds (the first child whose value is >= a draw in
	// 1..100 plays).
	Probabilities []uint32
}

// Entry is one openable item of a container (an animation inside an SI or
// PAK file).
type Entry struct {
	Name string
	Type string
	// Err is why the entry does not open, when that is known without the
	// user asking for it: a folder's empty file, or an entry a folder
	// passed over to open its first readable one (open.Folder.Open);
	// "" otherwise.
	Err string
}

// Asset is what a loader returns: everything one file holds.
type Asset struct {
	// Format names the loader ("prime-anim", "lego-ani", ...).
	Format  string
	Game    string
	Version string
	Coords  Coords
	// Skeleton is the skeleton the clips are indexed against.
	Skeleton *Skeleton
	// Skeletons holds further skeletons of a character set (Skeleton is
	// Skeletons[0] when the set has any).
	Skeletons  []*Skeleton
	Clips      []*Clip
	Characters []Character
	// Character indexes Characters: the one whose skeleton the clips are
	// posed on (-1 or 0 when the asset has no characters).
	Character int
	// AnimSet is the character set's animation set (ANCS), or nil.
	AnimSet *AnimSet
	// Entries lists the container's openable items when the file is a
	// container; Entry names the one that was opened.
	Entries []Entry
	Entry   string
	// Meshes are the skinned (or static) meshes drawn on Skeleton, in file
	// order; nil when the file carries or finds none.
	Meshes []*Mesh
	// Images are the textures of a file that is an image by itself (a
	// Metroid Prime TXTR opened alone); nil otherwise. Textures that
	// materials use hang off Meshes' materials instead.
	Images []*Texture
	// Info holds format-specific facts for `info`.
	Info []KV
	// Warnings are problems the loader worked around.
	Warnings []string
}
