package report

import (
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Transform is a translation, a rotation [x, y, z, w] (glTF order) and a
// scale; a world transform also has its column-major matrix.
type Transform struct {
	Translation [3]float32 `json:"translation"`
	// Rotation is [x, y, z, w], glTF order.
	Rotation [4]float32 `json:"rotation"`
	Scale    [3]float32 `json:"scale"`
	Matrix   []float32  `json:"matrix,omitempty"`
}

// LocalTransform is t as a report gives it.
func LocalTransform(t formats.Transform) Transform {
	return Transform{
		Translation: [3]float32(t.Translation),
		Rotation:    [4]float32{t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Rotation.W},
		Scale:       [3]float32(t.Scale),
	}
}

// WorldTransform splits a world matrix into translation, rotation and
// scale (a negative determinant puts the mirror into the X scale) and
// keeps the matrix itself, column-major, for exact comparisons.
func WorldTransform(m mgl32.Mat4) Transform {
	var j Transform
	j.Translation = [3]float32{m[12], m[13], m[14]}
	sx := m.Col(0).Vec3().Len()
	sy := m.Col(1).Vec3().Len()
	sz := m.Col(2).Vec3().Len()
	if m.Mat3().Det() < 0 {
		sx = -sx
	}
	j.Scale = [3]float32{sx, sy, sz}
	r := m
	for c, s := range []float32{sx, sy, sz} {
		if s != 0 {
			for k := 0; k < 3; k++ {
				r[c*4+k] /= s
			}
		}
	}
	q := mgl32.Mat4ToQuat(r).Normalize()
	j.Rotation = [4]float32{q.V[0], q.V[1], q.V[2], q.W}
	j.Matrix = m[:]
	return j
}

// PoseBone is a bone of a pose.
type PoseBone struct {
	Index   int       `json:"index"`
	ID      int       `json:"id"`
	Name    string    `json:"name"`
	Parent  int       `json:"parent"`
	Visible bool      `json:"visible"`
	Local   Transform `json:"local"`
	World   Transform `json:"world"`
}

// Pose is every bone's local and world transform at a time: `animview
// pose --json`.
type Pose struct {
	// Schema names this document's shape and version (SchemaPose).
	Schema string `json:"schema"`
	Clip   string `json:"clip"`
	// ClipIndex is -1 for a meta-animation tree.
	ClipIndex int     `json:"clip_index"`
	Time      float64 `json:"time"`
	ClipTime  float64 `json:"clip_time"`
	// Frame is the frame asked for, when one was.
	Frame *float64   `json:"frame,omitempty"`
	Bones []PoseBone `json:"bones"`
}

// bones fills j.Bones from a sampled pose of sk.
func (j *Pose) bones(sk *formats.Skeleton, pose *player.Pose) {
	world := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, world)
	for i, b := range sk.Bones {
		j.Bones = append(j.Bones, PoseBone{Index: i, ID: b.ID, Name: b.Name, Parent: b.Parent,
			Visible: pose.Visible[i], Local: LocalTransform(pose.Local[i]), World: WorldTransform(world.Matrix(i))})
	}
}

// ClipPose is clip ci of a (-1: the bind pose) at t seconds: looping clips
// wrap t, others clamp it, as playback does.
func ClipPose(a *formats.Asset, ci int, t float64) *Pose {
	sk := a.Skeleton
	pose := player.NewPose(sk)
	j := &Pose{Schema: SchemaPose, ClipIndex: ci, Time: t}
	if ci >= 0 {
		c := a.Clips[ci]
		j.Clip = c.Name
		j.ClipTime = player.ClipTime(t, c.Duration, c.Loop)
		player.NewClipSampler(sk, c).Sample(j.ClipTime, pose)
	}
	j.bones(sk, pose)
	return j
}

// SamplerPose is the pose src (a sampler of sk's poses, such as a clip
// of another file played on sk) gives at clip time t, reported as clip
// name.
func SamplerPose(sk *formats.Skeleton, name string, src player.Sampler, t, clipTime float64) *Pose {
	pose := player.NewPose(sk)
	src.Sample(clipTime, pose)
	j := &Pose{Schema: SchemaPose, Clip: name, ClipIndex: -1, Time: t, ClipTime: clipTime}
	j.bones(sk, pose)
	return j
}

// TreePoseRequest asks for a character's animation as the game composes
// it (`pose --character --anim [--transition-from --from-time]`).
type TreePoseRequest struct {
	// Character and Anim are the user's choices (names or indices; see
	// Asset.FindCharacter and Asset.FindAnim).
	Character string
	Anim      string
	// From names the animation a transition preview starts from, "" for
	// none; FromTime is how far it has played.
	From     string
	FromTime float64
	// Time is how far into the animation (or the transition) to sample.
	Time float64
	// Seed seeds the Random nodes' generator (CRandom16).
	Seed uint32
}

// treeSource builds the source that plays r, fresh, on sk.
func treeSource(a *formats.Asset, r formats.AnimRef, sk *formats.Skeleton, opts player.Options) (player.Source, error) {
	if r.SetIndex >= 0 {
		return player.BuildAnim(a, r.SetIndex, opts)
	}
	c := a.Clips[r.Clip]
	if len(c.Tracks) != len(sk.Bones) {
		return nil, fmt.Errorf("clip %q has %d track sets for the character's %d bones", c.Name, len(c.Tracks), len(sk.Bones))
	}
	return player.NewClipSource(sk, c, r.Clip, 0, 0), nil
}

// TreePose samples an animation as the games compose it: the tree built
// fresh and sampled Time seconds after it starts (every leaf loops), or
// the transition preview, From advanced by FromTime, then the set's
// transition to Anim, Time seconds in. The pose is on the character's
// skeleton; ClipIndex is -1 (the clip's index for an animation that
// plays a plain clip) and ClipTime is the time on the tree's timeline.
func TreePose(a *formats.Asset, req TreePoseRequest) (*Pose, error) {
	for _, t := range []float64{req.Time, req.FromTime} {
		if math.IsNaN(t) || math.IsInf(t, 0) || t < 0 {
			return nil, fmt.Errorf("time %v is not a time from the start", t)
		}
	}
	ci, err := a.FindCharacter(req.Character)
	if err != nil {
		return nil, err
	}
	sk := a.Skeleton
	if ci >= 0 {
		if si := a.Characters[ci].Skeleton; si >= 0 && si < len(a.Skeletons) && a.Skeletons[si] != nil {
			sk = a.Skeletons[si]
		}
	}
	if sk == nil {
		return nil, fmt.Errorf("the character has no skeleton")
	}
	to, err := a.FindAnim(ci, req.Anim)
	if err != nil {
		return nil, err
	}
	// One generator for the whole preview, so A's draws and B's follow
	// each other as in the game's CAnimSysContext.
	opts := player.Options{Rand: player.NewRandom16(req.Seed), Skeleton: sk}
	var src player.Source
	if req.From == "" {
		if src, err = treeSource(a, to, sk, opts); err != nil {
			return nil, err
		}
	} else {
		from, err := a.FindAnim(ci, req.From)
		if err != nil {
			return nil, err
		}
		if to.SetIndex < 0 {
			return nil, fmt.Errorf("animation %q has no tree in the animation set to transition to", to.Name)
		}
		fs, err := treeSource(a, from, sk, opts)
		if err != nil {
			return nil, err
		}
		if src, err = player.BuildTransition(a, fs, req.FromTime, to.SetIndex, opts); err != nil {
			return nil, err
		}
	}
	pose := player.NewPose(sk)
	src.Sample(req.Time, pose)
	j := &Pose{Schema: SchemaPose, Clip: to.Name, ClipIndex: -1, Time: req.Time, ClipTime: req.Time}
	if to.SetIndex < 0 {
		j.ClipIndex = to.Clip
	}
	j.bones(sk, pose)
	return j, nil
}
