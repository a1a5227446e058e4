package gltf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// Take is one animation to export: anything the player can sample, with the
// facts that go along with it. A clip is a take (ClipTake); a
// meta-animation tree or a transition is a take too, built from its
// player.Sampler with the frame rate the game runs it at.
type Take struct {
	Name   string
	Source player.Sampler
	// FrameRate is the rate the base grid samples at (frames per second);
	// 0 leaves the base grid to KeyTimes, or DefaultRate without them.
	FrameRate float64
	// KeyTimes are further times the base grid must hold (a clip's key
	// times), so that keys and the times where a channel steps are
	// sampled exactly.
	KeyTimes []float64
	Loop     bool
	// Interp names the game's interpolation (for extras).
	Interp string
	Events []formats.Event
	Info   []formats.KV
	// Camera is the clip's camera animation (LEGO Island), exported as an
	// animated glTF camera; nil for none.
	Camera *formats.CameraTrack
	// Drives says, per bone, whether the take drives the bone (an ANM
	// clip animates only its set's bones); nil for every bone. The
	// animation's extras name the driven bones.
	Drives []bool
	// Clip is the clip the take plays, whose channels keep their own key
	// times in the export (docs/formats/gltf-export.md#keys); nil for a
	// take without source keys, which is written on its sampled grid.
	Clip *formats.Clip
	// BakeRate, when above 0, samples the take at this many frames a
	// second instead, every channel at every frame (`export --bake`).
	BakeRate float64
	// For is the player the keys are written for (`export --for`): glTF's
	// own interpolation (the zero value) or Blender 3.4's importer.
	For Target
}

// Target is the player an export's keys are written for
// (docs/formats/gltf-export.md#keys).
type Target int

const (
	// ForGLTF writes keys that play as the game does under glTF's own
	// interpolation (three.js, Babylon.js, Godot, the Khronos sample
	// viewer): LINEAR rotations are slerped along the shorter arc, and
	// MilkShape's Hermite positions are CUBICSPLINE channels with the
	// file's tangents.
	ForGLTF Target = iota
	// ForBlender writes keys that play as the game does in Blender 3.4's
	// glTF importer too, which drops a cubic's tangents and interpolates
	// a rotation's components (a normalised lerp, not a slerp): every
	// channel is LINEAR or STEP, with keys added wherever either reading
	// of the keys would part from the game.
	ForBlender
)

// Targets names the targets as `export --for` takes them.
var Targets = map[string]Target{"gltf": ForGLTF, "blender": ForBlender}

// String returns the target's name as `export --for` takes it.
func (t Target) String() string {
	if t == ForBlender {
		return "blender"
	}
	return "gltf"
}

// DefaultRate is the base sampling rate of a take that has neither a frame
// rate nor key times: the rate of most of the games' own frames.
const DefaultRate = 30

// ClipTake returns the take of a clip over a skeleton: sampled by the
// player's clip sampler at its frames and at every key time of its tracks.
// The clip must be valid for the skeleton (formats.Clip.Validate).
func ClipTake(sk *formats.Skeleton, c *formats.Clip) Take {
	return Take{
		Name:      c.Name,
		Source:    player.NewClipSampler(sk, c),
		FrameRate: c.FrameRate,
		KeyTimes:  clipKeyTimes(c),
		Loop:      c.Loop,
		Interp:    c.Interp.String(),
		Events:    c.Events,
		Info:      c.Info,
		Camera:    c.Camera,
		Drives:    c.Drives,
		Clip:      c,
	}
}

// clipKeyTimes gathers every track's key times (duplicates are removed
// later, with the grid). Of a track that samples a curve between its
// knots (formats.Vec3Track.Knots) only the knots are taken: the samples
// only approximate the curve, which the sampler follows by its own
// splits at the export's tolerance, and a long take where every bone
// had its own samples would put them all on every bone
// (docs/formats/gltf-export.md#sampling).
func clipKeyTimes(c *formats.Clip) []float64 {
	var ts []float64
	seen := map[*float64]bool{}
	add := func(times []float64) {
		if len(times) == 0 || seen[&times[0]] {
			return
		}
		// Formats with one timeline share the slice between tracks.
		seen[&times[0]] = true
		ts = append(ts, times...)
	}
	vec3 := func(v *formats.Vec3Track) {
		if v.Knots != nil {
			add(v.Knots)
		} else {
			add(v.Times)
		}
	}
	for i := range c.Tracks {
		tr := &c.Tracks[i]
		vec3(&tr.Translation)
		add(tr.Rotation.Times)
		vec3(&tr.Scale)
		add(tr.Visibility.Times)
	}
	if cam := c.Camera; cam != nil {
		// The camera's keys too: its roll steps there.
		add(cam.Position.Times)
		add(cam.Target.Times)
		add(cam.Roll.Times)
	}
	return ts
}

// Takes chooses what a single export of a holds: the clip named clip
// (Asset.FindClip), the animations of the character named character
// (CharacterTakes), or, with neither, every clip that plays (ClipTakes).
// warnings are the character's animations that could not be built, or
// the clips without keys, that were left out; a character's are added to
// a.Warnings too.
func Takes(a *formats.Asset, clip, character string) (takes []Take, warnings []string, err error) {
	if a.Skeleton == nil {
		return nil, nil, errors.New("the file has no skeleton to export")
	}
	if character != "" {
		return characterTakes(a, character)
	}
	if clip != "" {
		ci, err := a.FindClip(clip, "")
		if err != nil {
			return nil, nil, err
		}
		return []Take{ClipTake(a.Skeleton, a.Clips[ci])}, nil, nil
	}
	takes, warnings = ClipTakes(a)
	return takes, warnings, nil
}

// characterTakes is Takes for a character named by name or index.
func characterTakes(a *formats.Asset, name string) ([]Take, []string, error) {
	if len(a.Characters) == 0 {
		return nil, nil, fmt.Errorf("no character %q: the file has no characters", name)
	}
	ci, err := a.FindCharacter(name)
	if err != nil {
		names := make([]string, len(a.Characters))
		for i := range a.Characters {
			names[i] = a.Characters[i].Name
		}
		return nil, nil, fmt.Errorf("no character %q (the file has: %s)", name, strings.Join(names, ", "))
	}
	takes, skipped, err := CharacterTakes(a, ci)
	if err != nil {
		return nil, skipped, err
	}
	a.Warnings = append(a.Warnings, skipped...)
	return takes, skipped, nil
}
