package player

import (
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Shape of the realistic benchmark clip (issue 12): the synthetic data the
// ozz-animation comparison was measured on.
const (
	realSpine    = 10 // spine joints, a chain from the root
	realLimb     = 9  // joints of the limb chain each spine joint carries
	realJoints   = realSpine * (1 + realLimb)
	realKeys     = 60  // keys per translation, rotation and scale track
	realDuration = 2.0 // seconds
)

// realisticClip builds the clip: 100 joints, a 10-joint spine with a
// 9-joint limb chain on each spine joint; translation, rotation and scale
// tracks of 60 keys each over 2 s, every track with key times of its own
// (first and last at the clip's ends, the ones between moved off the even
// grid by up to a third of the spacing, differently per track), so that no
// two tracks share a timeline and the cursors cross keys at different
// frames. Values are smooth sines and cosines; rotations turn up to ±69°
// (1.2 rad) about a slowly wandering axis, so neighbouring keys are a few
// degrees apart and sometimes more than ten, as in 30 Hz game data: the
// shortest arc and LEGO Island take their slerp for every interval,
// Metroid Prime and Echoes their lerp branch (their slerp branch, for
// keys more than 36° or 60° apart, is not sampled; TestRealisticClipPaths).
func realisticClip(interp formats.Interp) (*formats.Skeleton, *formats.Clip) {
	sk := &formats.Skeleton{Name: "realistic", Bones: make([]formats.Bone, 0, realJoints)}
	for s := 0; s < realSpine; s++ {
		parent := len(sk.Bones) - 1 - realLimb // the previous spine joint
		if s == 0 {
			parent = -1
		}
		spine := len(sk.Bones)
		sk.Bones = append(sk.Bones, formats.Bone{ID: spine, Parent: parent, Bind: formats.Identity()})
		for l := 0; l < realLimb; l++ {
			p := spine
			if l > 0 {
				p = len(sk.Bones) - 1
			}
			sk.Bones = append(sk.Bones, formats.Bone{ID: len(sk.Bones), Parent: p, Bind: formats.Identity()})
		}
	}
	rng := rand.New(rand.NewSource(12))
	times := func() []float64 {
		ts := make([]float64, realKeys)
		step := realDuration / (realKeys - 1)
		for k := range ts {
			ts[k] = float64(k) * step
			if k > 0 && k < realKeys-1 {
				ts[k] += (rng.Float64()*2 - 1) * step / 3
			}
		}
		ts[realKeys-1] = realDuration
		return ts
	}
	clip := &formats.Clip{Name: "realistic", Duration: realDuration, FrameRate: 30, Loop: true, Interp: interp,
		Tracks: make([]formats.BoneTracks, realJoints)}
	for j := range clip.Tracks {
		ph := float64(j) * 0.37
		tr := &clip.Tracks[j]
		tr.Translation = formats.Vec3Track{Times: times(), Values: make([]mgl32.Vec3, realKeys)}
		for k, tm := range tr.Translation.Times {
			a := 2*math.Pi*tm/realDuration + ph
			tr.Translation.Values[k] = mgl32.Vec3{float32(0.1 * math.Sin(a)), float32(1 + 0.05*math.Cos(2*a)), float32(0.1 * math.Cos(a))}
		}
		tr.Rotation = formats.QuatTrack{Times: times(), Values: make([]mgl32.Quat, realKeys)}
		for k, tm := range tr.Rotation.Times {
			a := 2*math.Pi*tm/realDuration + ph
			angle := 1.2 * math.Sin(3*a)
			axis := mgl32.Vec3{float32(math.Cos(a)), float32(math.Sin(a)), 0.5}.Normalize()
			tr.Rotation.Values[k] = mgl32.QuatRotate(float32(angle), axis)
		}
		tr.Scale = formats.Vec3Track{Times: times(), Values: make([]mgl32.Vec3, realKeys)}
		for k, tm := range tr.Scale.Times {
			a := 2*math.Pi*tm/realDuration + ph
			tr.Scale.Values[k] = mgl32.Vec3{float32(1 + 0.1*math.Sin(a)), float32(1 + 0.1*math.Cos(a)), float32(1 + 0.05*math.Sin(2*a))}
		}
	}
	return sk, clip
}

// The flavours the realistic benchmark runs the clip with.
var realisticFlavours = []formats.Interp{formats.InterpShortestArc, formats.InterpPrime, formats.InterpPrime2, formats.InterpLego}

// BenchmarkFrame100Realistic measures one frame of the realistic clip
// (realisticClip) per flavour, reporting ns per joint: "sample" samples
// while playing forward at 60 Hz, looping; "world" is local-to-world
// alone; "frame" both, as a viewer's tick does; "seek" samples at random
// times, each a jump that makes every track search for its keys.
// cpu-ns/joint is the same from the process's CPU time, which on a
// machine shared with other work leaves out the time the benchmark
// waited for a core (run with -cpu 1: nothing else of the process runs).
func BenchmarkFrame100Realistic(b *testing.B) {
	for _, fl := range realisticFlavours {
		sk, clip := realisticClip(fl)
		var cpu time.Duration
		start := func(b *testing.B) {
			b.ReportAllocs()
			b.ResetTimer()
			cpu = cpuTime()
		}
		perJoint := func(b *testing.B) {
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/realJoints, "cpu-ns/joint")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/realJoints, "ns/joint")
		}
		b.Run(fl.String()+"/sample", func(b *testing.B) {
			s, p := NewClipSampler(sk, clip), NewPose(sk)
			start(b)
			for i := 0; i < b.N; i++ {
				s.Sample(ClipTime(float64(i)/60, clip.Duration, true), p)
			}
			perJoint(b)
		})
		b.Run(fl.String()+"/world", func(b *testing.B) {
			s, p, w := NewClipSampler(sk, clip), NewPose(sk), NewWorldPose(sk)
			s.Sample(0.77, p)
			start(b)
			for i := 0; i < b.N; i++ {
				ToWorld(sk, p, w)
			}
			perJoint(b)
		})
		b.Run(fl.String()+"/frame", func(b *testing.B) {
			s, p, w := NewClipSampler(sk, clip), NewPose(sk), NewWorldPose(sk)
			start(b)
			for i := 0; i < b.N; i++ {
				s.Sample(ClipTime(float64(i)/60, clip.Duration, true), p)
				ToWorld(sk, p, w)
			}
			perJoint(b)
		})
		b.Run(fl.String()+"/seek", func(b *testing.B) {
			s, p := NewClipSampler(sk, clip), NewPose(sk)
			rng := rand.New(rand.NewSource(1))
			times := make([]float64, 4096)
			for i := range times {
				times[i] = rng.Float64() * clip.Duration
			}
			start(b)
			for i := 0; i < b.N; i++ {
				s.Sample(times[i&4095], p)
			}
			perJoint(b)
		})
	}
}

// TestRealisticFrameAllocatesNothing checks the benchmark's frame for every
// flavour: sampling and local-to-world allocate nothing.
func TestRealisticFrameAllocatesNothing(t *testing.T) {
	for _, fl := range realisticFlavours {
		sk, clip := realisticClip(fl)
		if fl == formats.InterpPrime {
			sk, clip = sharedClip(fl) // one timeline: the refresh path
		}
		s, p, w := NewClipSampler(sk, clip), NewPose(sk), NewWorldPose(sk)
		tm := 0.0
		if n := testing.AllocsPerRun(100, func() {
			tm += 1.0 / 60
			s.Sample(ClipTime(tm, clip.Duration, true), p)
			ToWorld(sk, p, w)
		}); n != 0 {
			t.Errorf("%v: a frame allocates %v times", fl, n)
		}
	}
}

// BenchmarkNewClipSamplerRealistic measures building a sampler of the
// realistic clip per flavour: its key events and the caches each event
// makes, prepared in advance (the memory this takes is reported too).
func BenchmarkNewClipSamplerRealistic(b *testing.B) {
	for _, fl := range realisticFlavours {
		sk, clip := realisticClip(fl)
		b.Run(fl.String(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				NewClipSampler(sk, clip)
			}
		})
	}
}
