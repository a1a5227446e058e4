// Package demo builds the program's built-in demo animation, made
// procedurally through the common model so that it needs no file and
// exercises the same path as every loader. It sits beside the loaders, under
// formats, so that formats/open opens it without importing upwards.
package demo

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Name is the path the command line and viewer use for the demo.
const Name = "demo:"

type demoBone struct {
	name   string
	parent string
	offset mgl32.Vec3
}

// The figure is 1.8 units tall, Y-up, facing +Z, its left side on +X.
var demoBones = []demoBone{
	{"hips", "", mgl32.Vec3{0, 0.95, 0}},
	{"spine", "hips", mgl32.Vec3{0, 0.12, 0}},
	{"chest", "spine", mgl32.Vec3{0, 0.22, 0}},
	{"neck", "chest", mgl32.Vec3{0, 0.2, 0}},
	{"head", "neck", mgl32.Vec3{0, 0.1, 0.02}},
	{"head_top", "head", mgl32.Vec3{0, 0.2, 0}},
	{"l_clavicle", "chest", mgl32.Vec3{0.04, 0.16, 0}},
	{"l_upperarm", "l_clavicle", mgl32.Vec3{0.16, 0, 0}},
	{"l_forearm", "l_upperarm", mgl32.Vec3{0, -0.28, 0}},
	{"l_hand", "l_forearm", mgl32.Vec3{0, -0.25, 0}},
	{"r_clavicle", "chest", mgl32.Vec3{-0.04, 0.16, 0}},
	{"r_upperarm", "r_clavicle", mgl32.Vec3{-0.16, 0, 0}},
	{"r_forearm", "r_upperarm", mgl32.Vec3{0, -0.28, 0}},
	{"r_hand", "r_forearm", mgl32.Vec3{0, -0.25, 0}},
	{"l_thigh", "hips", mgl32.Vec3{0.1, -0.05, 0}},
	{"l_shin", "l_thigh", mgl32.Vec3{0, -0.42, 0}},
	{"l_foot", "l_shin", mgl32.Vec3{0, -0.42, 0}},
	{"l_toe", "l_foot", mgl32.Vec3{0, -0.06, 0.14}},
	{"r_thigh", "hips", mgl32.Vec3{-0.1, -0.05, 0}},
	{"r_shin", "r_thigh", mgl32.Vec3{0, -0.42, 0}},
	{"r_foot", "r_shin", mgl32.Vec3{0, -0.42, 0}},
	{"r_toe", "r_foot", mgl32.Vec3{0, -0.06, 0.14}},
}

// New builds the demo asset: a 22-bone humanoid with a looping 1.2 s walk
// and an idle, with footstep events. Each call returns a fresh asset.
func New() *formats.Asset {
	sk := &formats.Skeleton{Name: "demo humanoid", Source: "built in"}
	index := map[string]int{}
	for i, b := range demoBones {
		parent := -1
		if b.parent != "" {
			parent = index[b.parent]
		}
		index[b.name] = i
		bind := formats.Identity()
		bind.Translation = b.offset
		sk.Bones = append(sk.Bones, formats.Bone{ID: i, Name: b.name, Parent: parent, Bind: bind})
	}
	return &formats.Asset{
		Format:   "demo",
		Game:     "animview",
		Version:  "1",
		Coords:   formats.Coords{Up: formats.AxisY},
		Skeleton: sk,
		Clips:    []*formats.Clip{walk(sk, index), idle(sk, index)},
		Info:     []formats.KV{{Key: "about", Value: "procedural demo built through the common model"}},
	}
}

const demoFPS = 30

func rotX(deg float64) mgl32.Quat {
	return mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{1, 0, 0})
}

func rotY(deg float64) mgl32.Quat {
	return mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{0, 1, 0})
}

func rotZ(deg float64) mgl32.Quat {
	return mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{0, 0, 1})
}

// keyed samples f at 30 fps over duration, last key equal to the first so
// the loop is seamless.
func keyedRot(duration float64, f func(phase float64) mgl32.Quat) formats.QuatTrack {
	n := int(math.Round(duration*demoFPS)) + 1
	tr := formats.QuatTrack{Times: make([]float64, n), Values: make([]mgl32.Quat, n)}
	for k := 0; k < n; k++ {
		tr.Times[k] = float64(k) / demoFPS
		tr.Values[k] = f(float64(k%(n-1)) / float64(n-1)).Normalize()
	}
	return tr
}

func keyedPos(duration float64, f func(phase float64) mgl32.Vec3) formats.Vec3Track {
	n := int(math.Round(duration*demoFPS)) + 1
	tr := formats.Vec3Track{Times: make([]float64, n), Values: make([]mgl32.Vec3, n)}
	for k := 0; k < n; k++ {
		tr.Times[k] = float64(k) / demoFPS
		tr.Values[k] = f(float64(k%(n-1)) / float64(n-1))
	}
	return tr
}

func walk(sk *formats.Skeleton, ix map[string]int) *formats.Clip {
	const d = 1.2
	c := &formats.Clip{Name: "walk", Duration: d, FrameRate: demoFPS, Loop: true,
		Tracks: make([]formats.BoneTracks, len(sk.Bones))}
	tau := 2 * math.Pi
	// Legs: the thigh swings ±28°; the knee bends most while the leg swings forward.
	leg := func(side float64) (formats.QuatTrack, formats.QuatTrack, formats.QuatTrack) {
		thigh := keyedRot(d, func(p float64) mgl32.Quat { return rotX(-28 * math.Sin(tau*p+side)) })
		shin := keyedRot(d, func(p float64) mgl32.Quat {
			return rotX(10 + 45*math.Max(0, math.Sin(tau*p+side+math.Pi/2)))
		})
		foot := keyedRot(d, func(p float64) mgl32.Quat { return rotX(-12 * math.Cos(tau*p+side)) })
		return thigh, shin, foot
	}
	c.Tracks[ix["l_thigh"]].Rotation, c.Tracks[ix["l_shin"]].Rotation, c.Tracks[ix["l_foot"]].Rotation = leg(0)
	c.Tracks[ix["r_thigh"]].Rotation, c.Tracks[ix["r_shin"]].Rotation, c.Tracks[ix["r_foot"]].Rotation = leg(math.Pi)
	// Arms swing against the legs, elbows slightly bent, arms hanging a little out.
	arm := func(side, out float64) (formats.QuatTrack, formats.QuatTrack) {
		upper := keyedRot(d, func(p float64) mgl32.Quat {
			return rotZ(out).Mul(rotX(22 * math.Sin(tau*p+side)))
		})
		fore := keyedRot(d, func(p float64) mgl32.Quat { return rotX(-15 - 12*math.Max(0, math.Sin(tau*p+side))) })
		return upper, fore
	}
	c.Tracks[ix["l_upperarm"]].Rotation, c.Tracks[ix["l_forearm"]].Rotation = arm(0, 8)
	c.Tracks[ix["r_upperarm"]].Rotation, c.Tracks[ix["r_forearm"]].Rotation = arm(math.Pi, -8)
	// The hips bob twice per cycle and twist with the stride; the chest counter-twists.
	c.Tracks[ix["hips"]].Translation = keyedPos(d, func(p float64) mgl32.Vec3 {
		return mgl32.Vec3{0.02 * float32(math.Sin(tau*p)), 0.95 + 0.03*float32(math.Cos(2*tau*p)), 0}
	})
	c.Tracks[ix["hips"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotY(6 * math.Sin(tau*p)) })
	c.Tracks[ix["chest"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotY(-9 * math.Sin(tau*p)).Mul(rotX(4)) })
	c.Tracks[ix["head"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotY(4 * math.Sin(tau*p)) })
	c.Events = []formats.Event{
		{Time: 0.3, Name: "footstep_left", Kind: formats.EventSound, Bone: ix["l_foot"],
			Payload: []formats.KV{{Key: "sound", Value: "step_grass"}}},
		{Time: 0.9, Name: "footstep_right", Kind: formats.EventSound, Bone: ix["r_foot"],
			Payload: []formats.KV{{Key: "sound", Value: "step_grass"}}},
		{Time: 0, Name: "loop", Kind: formats.EventLoop, Bone: -1},
	}
	c.Info = []formats.KV{{Key: "stride", Value: "1.2 s"}}
	return c
}

func idle(sk *formats.Skeleton, ix map[string]int) *formats.Clip {
	const d = 2.0
	c := &formats.Clip{Name: "idle", Duration: d, FrameRate: demoFPS, Loop: true,
		Tracks: make([]formats.BoneTracks, len(sk.Bones))}
	tau := 2 * math.Pi
	c.Tracks[ix["chest"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotX(2 + 2*math.Sin(tau*p)) })
	c.Tracks[ix["head"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotY(15 * math.Sin(tau*p)) })
	c.Tracks[ix["l_upperarm"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotZ(8 + 2*math.Sin(tau*p)) })
	c.Tracks[ix["r_upperarm"]].Rotation = keyedRot(d, func(p float64) mgl32.Quat { return rotZ(-8 - 2*math.Sin(tau*p)) })
	c.Events = []formats.Event{{Time: 1, Name: "blink", Kind: formats.EventUser, Bone: ix["head"]}}
	return c
}
