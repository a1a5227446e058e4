package player

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// repeatedKeyTimes are timelines with keys at one time (formats.Validate
// allows it) at the start, in the middle and at the end. Every time is one
// that playing at 60 Hz from 0 lands on exactly: k/60 in the first loop,
// and in later ones n/60 - 2 (ClipTime's fmod), which equals k/60 for
// these times.
var repeatedKeyTimes = []struct {
	name  string
	times []float64
}{
	{"first two at 0", []float64{0, 0, 0.5, 1.25, 1.75}},
	{"first three after 0", []float64{0.25, 0.25, 0.25, 1, 1.5}},
	{"two keys at one time", []float64{0.5, 0.5}},
	{"three keys at one time", []float64{1, 1, 1}},
	{"a pair in the middle", []float64{0, 0.5, 1, 1, 1.5}},
	{"three in the middle", []float64{0.25, 0.75, 0.75, 0.75, 1.25, 1.75}},
	{"last two", []float64{0, 0.5, 1.5, 1.5}},
	{"start, middle and end", []float64{0, 0, 0.5, 1, 1, 1.5, 1.75, 1.75}},
}

// repeatedKeyClip is a looping 2 s clip over 8 bones: bone 0 has all three
// channels on times, bone 1 a rotation and a translation on them with
// other values, the rest no keys (so that a frame crosses fewer key events
// than there are bones and plays forward by them). With shared, every
// track has the one slice (a timeline shared, as Metroid Prime's bitmap
// gives), else a copy each.
func repeatedKeyClip(times []float64, interp formats.Interp, shared bool) (*formats.Skeleton, *formats.Clip) {
	const bones = 8
	sk := &formats.Skeleton{Name: "repeated", Bones: make([]formats.Bone, bones)}
	clip := &formats.Clip{Name: "repeated", Duration: 2, Loop: true, Interp: interp, Tracks: make([]formats.BoneTracks, bones), SharedTimeline: shared}
	for i := range sk.Bones {
		sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: formats.Transform{
			Translation: mgl32.Vec3{0.5, float32(i), 0.25}, Rotation: mgl32.QuatRotate(0.3, mgl32.Vec3{0, 1, 0}), Scale: mgl32.Vec3{1, 1, 1}}}
	}
	tl := func() []float64 {
		if shared {
			return times
		}
		return slices.Clone(times)
	}
	axis := mgl32.Vec3{0.6, 0, 0.8}
	for b := 0; b < 2; b++ {
		tr := &clip.Tracks[b]
		n := len(times)
		tr.Translation = formats.Vec3Track{Times: tl(), Values: make([]mgl32.Vec3, n)}
		tr.Rotation = formats.QuatTrack{Times: tl(), Values: make([]mgl32.Quat, n)}
		for k := range n {
			fk, fb := float32(k), float32(b)
			tr.Translation.Values[k] = mgl32.Vec3{fk + 1, 2*fk - fb, 0.5*fk + 0.125}
			// 25° apart (more for bone 1): Metroid Prime's slerp
			// branch for bone 1, its lerp for bone 0.
			tr.Rotation.Values[k] = mgl32.QuatRotate((25+20*fb)*fk*math.Pi/180, axis)
		}
		if b == 0 {
			tr.Scale = formats.Vec3Track{Times: tl(), Values: make([]mgl32.Vec3, n)}
			for k := range n {
				tr.Scale.Values[k] = mgl32.Vec3{1 + 0.25*float32(k), 1, 2 - 0.125*float32(k)}
			}
		}
	}
	return sk, clip
}

// checkForwardMatchesJump plays each repeatedKeyTimes clip forward at
// 60 Hz, looping three times, with one sampler, and checks every pose
// against a fresh sampler's first sample at the same time (a jump: the
// search every family's seek takes, which mirrors the games' code), to
// the bit. isFamily says the sampler is the family's; events says that
// the family plays forward by key events, which most samples must then
// do.
func checkForwardMatchesJump(t *testing.T, interps []formats.Interp, shared bool, isFamily func(ClipSampler) bool, events bool) {
	for _, row := range repeatedKeyTimes {
		for _, interp := range interps {
			t.Run(fmt.Sprintf("%s/%v", row.name, interp), func(t *testing.T) {
				sk, clip := repeatedKeyClip(row.times, interp, shared)
				if err := clip.Validate(len(sk.Bones)); err != nil {
					t.Fatal(err)
				}
				s, got, want := NewClipSampler(sk, clip), NewPose(sk), NewPose(sk)
				if !isFamily(s) {
					t.Fatalf("sampler %T is not the family's", s)
				}
				landed := map[float64]bool{}
				played := 0
				const frames = 3 * 120
				for n := 0; n < frames; n++ {
					tm := ClipTime(float64(n)/60, clip.Duration, true)
					landed[tm] = true
					s.Sample(tm, got)
					if cachesValid(s) {
						played++
					}
					NewClipSampler(sk, clip).Sample(tm, want)
					for b := range want.Local {
						if transformBits(&got.Local[b]) != transformBits(&want.Local[b]) || got.Visible[b] != want.Visible[b] {
							t.Fatalf("frame %d, t=%v, bone %d: playing forward %v, by a jump %v", n, tm, b, got.Local[b], want.Local[b])
						}
					}
				}
				// Not vacuous: the play landed on every key time, and the
				// families with key events played forward by them.
				for _, k := range row.times {
					if !landed[k] {
						t.Errorf("no sample at the key time %v", k)
					}
				}
				if events && played < frames*3/4 {
					t.Errorf("%d of %d samples played forward by key events, want most", played, frames)
				}
			})
		}
	}
}

// TestLegoRepeatedKeyTimes: LEGO Island's channels at keys sharing a time
// take the last of them, as FindKeys does
// (docs/formats/lego-island.md#finding-keys), playing forward too.
func TestLegoRepeatedKeyTimes(t *testing.T) {
	checkForwardMatchesJump(t, []formats.Interp{formats.InterpLego}, false,
		func(s ClipSampler) bool { _, ok := s.(*legoSampler); return ok }, true)
}

// TestTrackRepeatedKeyTimes: tracks with timelines of their own
// (trackSampler) hold the first key up to its time, and from there take
// the last key at or before a time
// (docs/formats/milkshape-anm.md#rotation-keys), playing forward too.
func TestTrackRepeatedKeyTimes(t *testing.T) {
	checkForwardMatchesJump(t, []formats.Interp{formats.InterpShortestArc, formats.InterpPrime, formats.InterpPrime2}, false,
		func(s ClipSampler) bool { _, ok := s.(*trackSampler); return ok }, true)
}

// TestFrameRepeatedKeyTimes: the same for tracks that share a timeline
// (frameSampler), which samples every time by the keys.
func TestFrameRepeatedKeyTimes(t *testing.T) {
	checkForwardMatchesJump(t, []formats.Interp{formats.InterpShortestArc, formats.InterpPrime, formats.InterpPrime2}, true,
		func(s ClipSampler) bool { _, ok := s.(*frameSampler); return ok }, false)
}

// transformBits is a transform's components as bits, so that comparing
// two tells -0 from +0 and a NaN from itself as a comparison of floats
// would not.
func transformBits(tr *formats.Transform) [10]uint32 {
	return [10]uint32{
		math.Float32bits(tr.Translation[0]), math.Float32bits(tr.Translation[1]), math.Float32bits(tr.Translation[2]),
		math.Float32bits(tr.Rotation.W), math.Float32bits(tr.Rotation.V[0]), math.Float32bits(tr.Rotation.V[1]), math.Float32bits(tr.Rotation.V[2]),
		math.Float32bits(tr.Scale[0]), math.Float32bits(tr.Scale[1]), math.Float32bits(tr.Scale[2]),
	}
}
