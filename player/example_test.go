package player_test

import (
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// armClip is a two-bone arm whose shoulder turns a quarter turn about Z
// over a second (key 0 to key 1), its hand one unit up the shoulder's Y.
func armClip(turn float32) (*formats.Skeleton, *formats.Clip) {
	hand := formats.Identity()
	hand.Translation = mgl32.Vec3{0, 1, 0}
	sk := &formats.Skeleton{Bones: []formats.Bone{
		{ID: 0, Name: "shoulder", Parent: -1, Bind: formats.Identity()},
		{ID: 1, Name: "hand", Parent: 0, Bind: hand},
	}}
	clip := &formats.Clip{Name: "raise", Duration: 1, Interp: formats.InterpShortestArc, Tracks: []formats.BoneTracks{
		{Rotation: formats.QuatTrack{Times: []float64{0, 1}, Values: []mgl32.Quat{
			mgl32.QuatIdent(), mgl32.QuatRotate(mgl32.DegToRad(turn), mgl32.Vec3{0, 0, 1})}}},
		{},
	}}
	return sk, clip
}

// A frame of playback: sample the clip at a time into a pose, then
// compose the pose into model space. Both jobs run over poses made once;
// they allocate nothing.
func Example() {
	sk, clip := armClip(90)
	pose, world := player.NewPose(sk), player.NewWorldPose(sk)
	sampler := player.NewClipSampler(sk, clip) // one per playback: it keeps the clip's cursors
	for _, t := range []float64{0, 0.5, 1} {
		sample := player.SampleJob{Sampler: sampler, Time: t, Out: pose}
		compose := player.WorldJob{Skeleton: sk, Pose: pose, Out: world}
		if err := sample.Run(); err != nil {
			fmt.Println(err)
			return
		}
		if err := compose.Run(); err != nil {
			fmt.Println(err)
			return
		}
		h := world.Position(1)
		fmt.Printf("t=%.1f hand at %.3f %.3f\n", t, h[0]+0, h[1]+0)
	}
	// Output:
	// t=0.0 hand at 0.000 1.000
	// t=0.5 hand at -0.707 0.707
	// t=1.0 hand at -1.000 0.000
}

// Blending two poses by a rule: a third of the way from a quarter turn
// to a half turn is 120° along the shortest arc.
func ExampleBlendJob() {
	sk, quarter := armClip(90)
	_, half := armClip(180)
	a, b := player.NewPose(sk), player.NewPose(sk)
	player.NewClipSampler(sk, quarter).Sample(1, a)
	player.NewClipSampler(sk, half).Sample(1, b)
	blend := player.BlendJob{Rule: player.BlendShortest, Weight: 1.0 / 3, Skeleton: sk, A: a, B: b, Out: a}
	if err := blend.Run(); err != nil {
		fmt.Println(err)
		return
	}
	q := a.Local[0].Rotation
	fmt.Printf("%.1f°\n", mgl32.RadToDeg(2*float32(math.Acos(float64(q.W)))))
	// Output: 120.0°
}

// A job says what keeps it from running rather than panicking.
func ExampleWorldJob_Validate() {
	sk, _ := armClip(90)
	job := player.WorldJob{Skeleton: sk, Pose: player.NewPose(sk)}
	fmt.Println(job.Validate())
	// Output: player: invalid job: WorldJob without a skeleton, a pose or an output
}
