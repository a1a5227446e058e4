package ms3d

import (
	"fmt"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Coords is MilkShape's frame: OpenGL's, right-handed, Y up, models
// facing +Z (the front viewport looks at them along -Z). The author's
// viewer sample hands its matrices to OpenGL unchanged, and Blender's
// importer maps (x, y, z) to its own (z, x, y): a rotation (determinant
// +1) that takes Y to Blender's up axis, so no mirror is involved.
var Coords = formats.Coords{Up: formats.AxisY}

// TimelineName names the clip that plays a model's whole timeline.
const TimelineName = "Timeline"

// Loaders returns the MilkShape loaders: binary .ms3d and the ASCII .txt
// export.
func Loaders() []formats.Loader {
	return []formats.Loader{
		{
			Name:        FormatMS3D,
			Description: "MilkShape 3D model (.ms3d v3/v4): joints and the keyframe timeline",
			Extensions:  []string{"ms3d"},
			Sniff:       Sniff,
			Load:        Load,
		},
		{
			Name:        FormatText,
			Description: "MilkShape 3D ASCII export (.txt)",
			Extensions:  []string{"txt"},
			Sniff:       SniffText,
			Load:        LoadText,
		},
	}
}

// Load opens a binary .ms3d file as one clip that plays its timeline,
// with its materials' textures found beside it (in.Siblings).
func Load(in *formats.Input) (*formats.Asset, error) {
	f, err := Parse(in.Data)
	if err != nil {
		return nil, err
	}
	return f.Asset(in.Stem(), FormatMS3D, in.Siblings)
}

// LoadText opens a MilkShape ASCII export as one clip that plays its
// timeline.
func LoadText(in *formats.Input) (*formats.Asset, error) {
	f, err := ParseText(in.Data)
	if err != nil {
		return nil, err
	}
	return f.Asset(in.Stem(), FormatText, in.Siblings)
}

// ParseAny reads a model file in either form: binary when it starts with
// the magic, text otherwise.
func ParseAny(data []byte) (*File, error) {
	if len(data) >= 10 && string(data[:10]) == Magic {
		return Parse(data)
	}
	return ParseText(data)
}

// FPS is the timeline's frame rate as MilkShape's viewer uses it: values
// below 1 (or not numbers) become 1.
func (f *File) FPS() float64 {
	if !(f.AnimationFPS >= 1) || math.IsInf(float64(f.AnimationFPS), 0) {
		return 1
	}
	return float64(f.AnimationFPS)
}

// Skeleton builds the common skeleton: one bone per joint, parents found
// by name as FindJointByName does (the first joint of that name), ordered
// parent before child. Bone.ID is the joint's index in the file; the bind
// transform is the reference (docs/formats/milkshape-anm.md#holds). It
// returns, per file joint, its
// bone index, and warnings for parents that do not exist.
func (f *File) Skeleton(name string) (*formats.Skeleton, []int, []string, error) {
	n := len(f.Joints)
	parent := f.parents()
	var warns []string
	for i := range f.Joints {
		if j := &f.Joints[i]; j.ParentName != "" && parent[i] < 0 {
			warns = append(warns, fmt.Sprintf("joint %q: no parent joint %q; it is a root", j.Name, j.ParentName))
		}
	}
	// Place each joint after its parent; a chain longer than the joint
	// count is a loop.
	bone := make([]int, n)
	for i := range bone {
		bone[i] = -1
	}
	sk := &formats.Skeleton{Name: name, Bones: make([]formats.Bone, 0, n)}
	chain := make([]int, 0, 8)
	for i := 0; i < n; i++ {
		chain = chain[:0]
		for k := i; k >= 0 && bone[k] < 0; k = parent[k] {
			if len(chain) > n {
				return nil, nil, nil, fmt.Errorf("%s: joint %q: the parent chain loops", FormatMS3D, f.Joints[i].Name)
			}
			chain = append(chain, k)
		}
		for c := len(chain) - 1; c >= 0; c-- {
			k := chain[c]
			p := -1
			if parent[k] >= 0 {
				p = bone[parent[k]]
			}
			j := &f.Joints[k]
			bone[k] = len(sk.Bones)
			sk.Bones = append(sk.Bones, formats.Bone{ID: k, Name: j.Name, Parent: p, Bind: formats.Transform{
				Translation: mgl32.Vec3(j.Position),
				Rotation:    AngleQuaternion(j.Rotation),
				Scale:       mgl32.Vec3{1, 1, 1},
			}})
		}
	}
	// Vertices without a joint stay where they are in MilkShape: in a
	// model with joints they follow one more root bone that never moves
	// (docs/formats/milkshape-anm.md#meshes-and-skinning).
	if n > 0 && firstUnbound(f) >= 0 {
		sk.Bones = append(sk.Bones, formats.Bone{ID: -1, Name: StaticBoneName, Parent: -1, Bind: formats.Identity()})
	}
	return sk, bone, warns, nil
}

// staticBone is the index of the bone that vertices without a joint
// follow (Skeleton adds it), or -1.
func staticBone(sk *formats.Skeleton) int {
	for i := len(sk.Bones) - 1; i >= 0; i-- {
		if b := &sk.Bones[i]; b.ID == -1 && b.Name == StaticBoneName {
			return i
		}
	}
	return -1
}

// Size returns the largest distance of a joint's reference world position
// from the origin, at least 1: the scale of the baking tolerance.
func Size(sk *formats.Skeleton) float64 {
	world := make([]mgl32.Mat4, len(sk.Bones))
	size := 1.0
	for i, b := range sk.Bones {
		m := b.Bind.Mat4()
		if b.Parent >= 0 {
			m = world[b.Parent].Mul4(m)
		}
		world[i] = m
		if d := float64(m.Col(3).Vec3().Len()); d > size && !math.IsInf(d, 0) {
			size = d
		}
	}
	return size
}

// Tolerance is the baking tolerance for a skeleton: 1e-6 of its size,
// some ten float32 steps of its largest coordinates.
func Tolerance(sk *formats.Skeleton) float64 { return 1e-6 * Size(sk) }

// Asset returns the model as an asset with one looping clip, Timeline,
// that plays every joint's keys on the model's time line. files gives
// the model's folder, where its textures are looked for (nil: none are).
func (f *File) Asset(name, format string, files formats.Resolver) (*formats.Asset, error) {
	sk, bone, warns, err := f.Skeleton(name)
	if err != nil {
		return nil, err
	}
	if len(sk.Bones) == 0 {
		// A model without joints (a prop, a vehicle) is a static mesh on
		// one bone that never moves, so that it opens, plays its empty
		// timeline and exports like any other model.
		sk.Bones = []formats.Bone{{ID: -1, Name: StaticBoneName, Parent: -1, Bind: formats.Identity()}}
		sk.Source = "one bone for a model without joints"
	}
	fps := f.FPS()
	clip := &formats.Clip{Name: TimelineName, FrameRate: fps, Loop: true, Interp: formats.InterpShortestArc,
		Tracks: make([]formats.BoneTracks, len(sk.Bones))}
	clip.Duration = math.Max(0, float64(f.TotalFrames)/fps)
	b := Baker{Tolerance: Tolerance(sk), FPS: fps}
	for i := range f.Joints {
		j := &f.Joints[i]
		b.Add(j, j.RotationKeys, j.PositionKeys, 0, &clip.Tracks[bone[i]])
		if n := len(j.RotationKeys); n > 0 {
			clip.Duration = math.Max(clip.Duration, float64(j.RotationKeys[n-1].Time))
		}
		if n := len(j.PositionKeys); n > 0 {
			clip.Duration = math.Max(clip.Duration, float64(j.PositionKeys[n-1].Time))
		}
	}
	st, err := b.Bake()
	if err != nil {
		return nil, err
	}
	clip.Info = append(clip.Info, formats.KV{Key: "total frames", Value: strconv.Itoa(int(f.TotalFrames))})
	clip.Info = append(clip.Info, BakeInfo(st)...)
	a := &formats.Asset{
		Format:   format,
		Game:     "MilkShape 3D",
		Version:  strconv.Itoa(int(f.Header.Version)),
		Coords:   Coords,
		Skeleton: sk,
		Clips:    []*formats.Clip{clip},
		Info:     f.Info(),
		Warnings: warns,
	}
	if len(f.Rest) > 0 {
		a.Warnings = append(a.Warnings, fmt.Sprintf("%d bytes after the known sections were not read (an unknown sub-version)", len(f.Rest)))
	}
	f.AttachMesh(a, name, bone, files)
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", format, err)
	}
	return a, nil
}

// StaticBoneName names the one bone of a model without joints.
const StaticBoneName = "(model)"

// AttachMesh builds the model's mesh over a.Skeleton (bone maps file
// joints to its bones) and adds it to a.Meshes, with its materials'
// textures looked for under files, the model's folder (AttachTextures);
// a model without triangles adds none. A mesh that cannot be built is
// left out with a warning that says why and where, and the skeleton
// still plays.
func (f *File) AttachMesh(a *formats.Asset, name string, bone []int, files formats.Resolver) {
	if len(f.Triangles) == 0 && len(f.Groups) == 0 {
		return
	}
	m, warns, err := f.Mesh(name, a.Skeleton, bone)
	for _, w := range warns {
		a.Warnings = append(a.Warnings, "mesh: "+w)
	}
	if err == nil {
		err = m.Validate(len(a.Skeleton.Bones))
	}
	if err != nil {
		a.Warnings = append(a.Warnings, fmt.Sprintf("mesh not loaded: %v", err))
		return
	}
	twarns, tinfo := f.AttachTextures(m, files)
	a.Warnings = append(a.Warnings, twarns...)
	a.Meshes = append(a.Meshes, m)
	a.Info = append(a.Info, formats.KV{Key: "mesh", Value: fmt.Sprintf("%d vertices, %d triangles, %d groups, skinned %v",
		len(m.Positions), m.Triangles(), len(m.Groups), m.Skinned())})
	if tinfo != "" {
		a.Info = append(a.Info, formats.KV{Key: "textures", Value: tinfo})
		for i := range m.Materials {
			if t := m.Materials[i].Texture; t != nil {
				img := t.Image()
				a.Info = append(a.Info, formats.KV{Key: "texture " + m.Materials[i].Name,
					Value: fmt.Sprintf("%s, %s, %dx%d, alpha %s", t.Name, t.Format, img.Rect.Dx(), img.Rect.Dy(), m.Materials[i].Alpha)})
			}
		}
	}
}

// BakeInfo describes a bake for a clip's info.
func BakeInfo(st BakeStats) []formats.KV {
	kv := []formats.KV{{Key: "evaluation", Value: "MilkShape's own: rotations reference × key, shortest-arc slerp; positions cubic Hermite, resampled"}}
	note := ""
	if st.Capped {
		note = " (sample budget reached)"
	}
	kv = append(kv, formats.KV{Key: "hermite resampling error", Value: fmt.Sprintf("≤ %.3g model units, over all clips%s", st.MaxError, note)})
	return kv
}

// Info lists the model's facts for `info`.
func (f *File) Info() []formats.KV {
	kv := []formats.KV{
		{Key: "animation fps", Value: strconv.FormatFloat(float64(f.AnimationFPS), 'g', -1, 32)},
		{Key: "current time", Value: strconv.FormatFloat(float64(f.CurrentTime), 'g', -1, 32)},
		{Key: "total frames", Value: strconv.Itoa(int(f.TotalFrames))},
		{Key: "vertices", Value: strconv.Itoa(len(f.Vertices))},
		{Key: "triangles", Value: strconv.Itoa(len(f.Triangles))},
		{Key: "groups", Value: strconv.Itoa(len(f.Groups))},
		{Key: "materials", Value: strconv.Itoa(len(f.Materials))},
		{Key: "joints", Value: strconv.Itoa(len(f.Joints))},
	}
	if f.CommentsSubVersion != 0 {
		kv = append(kv, formats.KV{Key: "comments", Value: fmt.Sprintf("%d group, %d material, %d joint, model %v",
			len(f.GroupComments), len(f.MaterialComments), len(f.JointComments), f.HasModelComment)})
	}
	if f.VertexExtraSubVersion != 0 {
		kv = append(kv, formats.KV{Key: "vertex extra sub-version", Value: strconv.Itoa(int(f.VertexExtraSubVersion))})
	}
	if f.ModelExtraSubVersion != 0 {
		kv = append(kv, formats.KV{Key: "joint size", Value: strconv.FormatFloat(float64(f.ModelExtra.JointSize), 'g', -1, 32)})
	}
	return kv
}
