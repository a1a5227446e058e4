package report

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// ancsAsset is a character set built in Go: one character "grunt" with a
// two-bone skeleton and animations "idle" (root at 0° about Z), "turn"
// (90°), "lean" (a Blend of the two at 0.3) and "walk" (a clip whose root
// moves x = clip time over 1 s). idle→turn is a 1 s Trans; everything
// else snaps.
func ancsAsset() *formats.Asset {
	id := formats.Identity()
	tip := id
	tip.Translation = mgl32.Vec3{0, 1, 0}
	sk := &formats.Skeleton{Name: "grunt", Bones: []formats.Bone{
		{ID: 3, Name: "root", Parent: -1, Bind: id},
		{ID: 4, Name: "tip", Parent: 0, Bind: tip},
	}}
	rot := func(name string, deg float32) *formats.Clip {
		c := &formats.Clip{Name: name, Duration: 2, Interp: formats.InterpPrime, Loop: true, Tracks: make([]formats.BoneTracks, 2)}
		c.Tracks[0].Rotation = formats.QuatTrack{Times: []float64{0}, Values: []mgl32.Quat{mgl32.QuatRotate(mgl32.DegToRad(deg), mgl32.Vec3{0, 0, 1})}}
		return c
	}
	walk := &formats.Clip{Name: "walk", Duration: 1, Interp: formats.InterpPrime, Loop: true, Tracks: make([]formats.BoneTracks, 2)}
	walk.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}}}
	play := func(clip int, prim uint32, name string) *formats.MetaAnim {
		return &formats.MetaAnim{Kind: formats.MetaPlay, Clip: clip, Prim: prim, Name: name}
	}
	set := &formats.AnimSet{
		Animations: []formats.SetAnim{
			{Name: "idle", Tree: play(0, 10, "idle")},
			{Name: "turn", Tree: play(1, 11, "turn")},
			{Name: "lean", Tree: &formats.MetaAnim{Kind: formats.MetaBlend, Weight: 0.3, Children: []*formats.MetaAnim{play(0, 10, "idle"), play(1, 11, "turn")}}},
			{Name: "walk", Tree: play(2, 12, "walk")},
		},
		Transitions:       []formats.Transition{{From: 10, To: 11, Trans: formats.MetaTrans{Kind: formats.MetaTransTrans, Duration: 1}}},
		DefaultTransition: formats.MetaTrans{Kind: formats.MetaTransSnap},
	}
	ch := formats.Character{Name: "grunt", Skeleton: 0}
	for i, a := range set.Animations {
		ch.Animations = append(ch.Animations, formats.CharacterAnim{Name: a.Name, Meta: a.Tree, Clip: -1, SetIndex: i})
	}
	return &formats.Asset{Format: "prime-ancs", Skeleton: sk, Skeletons: []*formats.Skeleton{sk},
		Clips: []*formats.Clip{rot("idle", 0), rot("turn", 90), walk}, Characters: []formats.Character{ch}, AnimSet: set}
}

// zDegrees is the angle about Z of a [x, y, z, w] rotation.
func zDegrees(r [4]float32) float64 {
	return 2 * math.Atan2(float64(r[2]), float64(r[3])) * 180 / math.Pi
}

// TestTreePose: an animation's tree T seconds after it starts, and a
// transition preview (docs/formats/metroid-prime.md#transitions): idle → turn over 1 s is 45° halfway; the
// Blend "lean" is 0.3 of the way from 0° to 90°, 27°; "walk" loops (1.25 s
// is 0.25 into its second pass).
func TestTreePose(t *testing.T) {
	a := ancsAsset()
	cases := []struct {
		req   TreePoseRequest
		deg   float64
		rootX float32
	}{
		{TreePoseRequest{Character: "grunt", Anim: "turn", Time: 0.5}, 90, 0},
		{TreePoseRequest{Anim: "lean", Time: 0.5}, 27, 0},
		{TreePoseRequest{Character: "0", Anim: "turn", From: "idle", FromTime: 0.25, Time: 0.5}, 45, 0},
		{TreePoseRequest{Character: "grunt", Anim: "turn", From: "idle", FromTime: 0.25, Time: 1.5}, 90, 0},
		{TreePoseRequest{Anim: "walk", Time: 1.25}, 0, 0.25},
		{TreePoseRequest{Anim: "walk", Time: 1}, 0, 1},
	}
	for _, c := range cases {
		j, err := TreePose(a, c.req)
		if err != nil {
			t.Fatalf("%+v: %v", c.req, err)
		}
		root := j.Bones[0].Local
		if got := zDegrees(root.Rotation); math.Abs(got-c.deg) > 0.05 {
			t.Errorf("%+v: root at %.3f°, want %v°", c.req, got, c.deg)
		}
		if math.Abs(float64(root.Translation[0]-c.rootX)) > 1e-6 {
			t.Errorf("%+v: root x %v, want %v", c.req, root.Translation[0], c.rootX)
		}
		if j.Clip != c.req.Anim || j.ClipIndex != -1 || len(j.Bones) != 2 || j.Bones[1].Name != "tip" {
			t.Errorf("%+v: header %q %d, %d bones", c.req, j.Clip, j.ClipIndex, len(j.Bones))
		}
	}
	for _, bad := range []TreePoseRequest{
		{Character: "nobody", Anim: "turn"},
		{Anim: "nothing"},
		{Anim: "turn", From: "nothing"},
		{Anim: "turn", Time: math.Inf(1)},
	} {
		if _, err := TreePose(a, bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}
