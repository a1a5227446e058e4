package formats_test

import (
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// A skeleton of two bones and a clip that raises the second by a quarter
// turn about Z over a second, keyed on one timeline: the common model
// every loader produces, checked as the player needs it.
func Example() {
	bind := formats.Identity()
	bind.Translation = mgl32.Vec3{0, 1, 0}
	sk := &formats.Skeleton{Name: "arm", Bones: []formats.Bone{
		{ID: 0, Name: "shoulder", Parent: -1, Bind: formats.Identity()},
		{ID: 1, Name: "hand", Parent: 0, Bind: bind},
	}}
	times := []float64{0, 1}
	clip := &formats.Clip{
		Name: "raise", Duration: 1, FrameRate: 30, Interp: formats.InterpShortestArc,
		Tracks: []formats.BoneTracks{
			{Rotation: formats.QuatTrack{Times: times, Values: []mgl32.Quat{
				mgl32.QuatIdent(), mgl32.QuatRotate(mgl32.DegToRad(90), mgl32.Vec3{0, 0, 1})}}},
			{},
		},
		SharedTimeline: true,
	}
	a := &formats.Asset{Skeleton: sk, Skeletons: []*formats.Skeleton{sk}, Clips: []*formats.Clip{clip}}
	fmt.Println("valid:", a.Validate() == nil)
	fmt.Println("frames:", clip.Frames())
	fmt.Println("hand:", sk.IndexByName("hand"), "animated:", clip.Tracks[0].Animated(), clip.Tracks[1].Animated())
	// Output:
	// valid: true
	// frames: 31
	// hand: 1 animated: true false
}

// A transform's matrix is T·R·S, column-major: a quarter turn about Z
// takes X to Y, then the translation is added.
func ExampleTransform_Mat4() {
	t := formats.Transform{
		Translation: mgl32.Vec3{1, 2, 3},
		Rotation:    mgl32.QuatRotate(mgl32.DegToRad(90), mgl32.Vec3{0, 0, 1}),
		Scale:       mgl32.Vec3{2, 2, 2},
	}
	p := t.Mat4().Mul4x1(mgl32.Vec4{1, 0, 0, 1})
	fmt.Printf("%.3f %.3f %.3f\n", p[0], p[1], p[2])
	// Output: 1.000 4.000 3.000
}

// Validate names what a clip gets wrong, here keys out of order.
func ExampleClip_Validate() {
	clip := &formats.Clip{Name: "bad", Duration: 1, Tracks: []formats.BoneTracks{{
		Translation: formats.Vec3Track{Times: []float64{0.5, 0.25}, Values: make([]mgl32.Vec3, 2)},
	}}}
	fmt.Println(clip.Validate(1))
	// Output: bone 0 translation: key 1 time 0.25 before key 0 time 0.5
}
