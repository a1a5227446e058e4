package player

import (
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/cputime"
	"github.com/go-gl/mathgl/mgl32"
)

// treeBenchSkeleton is a 100-bone Metroid Prime style skeleton: identity bind
// rotations, bind offsets, a branching hierarchy.
func treeBenchSkeleton(n int) *formats.Skeleton {
	sk := &formats.Skeleton{Bones: make([]formats.Bone, n)}
	for i := range sk.Bones {
		b := formats.Identity()
		b.Translation = mgl32.Vec3{0, 0.3, 0.05 * float32(i%3)}
		parent := -1
		if i > 0 {
			parent = (i - 1) / 2
		}
		sk.Bones[i] = formats.Bone{ID: i, Parent: parent, Bind: b}
	}
	return sk
}

// treeBenchClip is what an MP1 ANIM gives the player: a rotation per bone
// keyed on one shared timeline at 30 keys a second, translations on a
// tenth of the bones, swings of up to 60° about an axis per bone. Clips
// with the same motion seed swing the same bones about the same axes in
// step, their amplitudes differing by up to half (two related motions, a
// walk and a run, whose blends mostly take the games' lerp branch); other
// seeds are unrelated motions (about half the bones take the slerp
// branch).
func treeBenchClip(sk *formats.Skeleton, seed int64, dur float64) *formats.Clip {
	return treeBenchClipVar(sk, seed, seed, dur)
}

func treeBenchClipVar(sk *formats.Skeleton, motion, variant int64, dur float64) *formats.Clip {
	rng := rand.New(rand.NewSource(motion))
	vary := rand.New(rand.NewSource(variant))
	keys := int(dur*30) + 1
	times := make([]float64, keys)
	for k := range times {
		times[k] = float64(k) / 30
	}
	c := &formats.Clip{Name: "bench", Duration: dur, Interp: formats.InterpPrime, Loop: true, Tracks: make([]formats.BoneTracks, len(sk.Bones))}
	for i := range c.Tracks {
		axis := mgl32.Vec3{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}.Normalize()
		amp, phase := rng.Float64()*math.Pi/3, rng.Float64()*math.Pi
		if variant != motion {
			amp *= 0.5 + vary.Float64()
		}
		rot := make([]mgl32.Quat, keys)
		for k := range rot {
			rot[k] = mgl32.QuatRotate(float32(amp*math.Sin(2*math.Pi*float64(k)/float64(keys-1)+phase)), axis)
		}
		c.Tracks[i].Rotation = formats.QuatTrack{Times: times, Values: rot}
		if i%10 == 0 {
			tr := make([]mgl32.Vec3, keys)
			for k := range tr {
				tr[k] = mgl32.Vec3{0, 0.3 + 0.1*float32(math.Sin(times[k])), float32(k) * 0.01}
			}
			c.Tracks[i].Translation = formats.Vec3Track{Times: times, Values: tr}
		}
	}
	return c
}

// BenchmarkBlendPoses measures the blending step alone over two sampled
// 100-bone poses, per rule, for related and unrelated motions; ns/joint is
// the figure the brief bounds (10). Each op includes the CopyFrom that
// puts A into the output, as a tree samples A there (BenchmarkBlendCopy).
// slow-frac is the share of bones that leave the rule's fast path (for
// MP1 and Echoes the lerp branch of their Slerp; for the shortest arc the
// series): about 0.09 (nearly equal rotations) for related motions under
// MP1, 0.35 under MP1 and 0.06 under Echoes for unrelated ones (their
// slerp branch). Not covered: pairs in opposite hemispheres (the flip
// through BuildEquivalent), rotations more than 91° apart (the shortest
// arc's double-precision path), weights at the rules' snaps, and clips
// with translations on more than a tenth of the bones.
func BenchmarkBlendPoses(b *testing.B) {
	sk := treeBenchSkeleton(100)
	for _, m := range []struct {
		name   string
		ca, cb *formats.Clip
	}{
		{"related", treeBenchClipVar(sk, 1, 1, 1), treeBenchClipVar(sk, 1, 2, 1)},
		{"unrelated", treeBenchClip(sk, 1, 1), treeBenchClip(sk, 2, 1)},
	} {
		pa, pb, out := NewPose(sk), NewPose(sk), NewPose(sk)
		NewClipSampler(sk, m.ca).Sample(0.4, pa)
		NewClipSampler(sk, m.cb).Sample(0.4, pb)
		for _, r := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			slow := 0
			for i := range pa.Local {
				d := quickDot(&pa.Local[i].Rotation, &pb.Local[i].Rotation)
				switch r {
				case BlendPrime:
					if !inLerpBand(d, lerpLoMP1, lerpHiMP1) {
						slow++
					}
				case BlendPrime2:
					if !(d > lerpLoMP2) {
						slow++
					}
				default:
					if !(d >= arcSeriesMin || -d >= arcSeriesMin) {
						slow++
					}
				}
			}
			b.Run(m.name+"/"+r.String(), func(b *testing.B) {
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					out.CopyFrom(pa)
					j := BlendJob{Rule: r, Weight: 0.3, Skeleton: sk, A: out, B: pb, Out: out}
					if err := j.Run(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/joint")
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/100, "cpu-ns/joint")
				b.ReportMetric(float64(slow)/100, "slow-frac")
			})
		}
	}
}

// BenchmarkBlendCopy is the CopyFrom that BenchmarkBlendPoses includes, to
// subtract.
func BenchmarkBlendCopy(b *testing.B) {
	sk := treeBenchSkeleton(100)
	pa, out := NewPose(sk), NewPose(sk)
	for i := 0; i < b.N; i++ {
		out.CopyFrom(pa)
	}
}

// BenchmarkBlendTree is one frame of a Blend of two 100-bone clips:
// sampling both and blending, as playback runs it.
func BenchmarkBlendTree(b *testing.B) {
	sk := treeBenchSkeleton(100)
	a := NewClipSource(sk, treeBenchClipVar(sk, 1, 1, 1), 0, 0, 0)
	c := NewClipSource(sk, treeBenchClipVar(sk, 1, 2, 1.25), 1, 0, 1)
	s := NewClock(NewBlend(sk, a, c, 0.3, BlendPrime))
	p := NewPose(sk)
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		s.Advance(1.0 / 60)
		s.SampleNow(p)
	}
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkBlendTwoLevel is one frame of Blend(Blend(a, b), PhaseBlend(c,
// d)) over 100 bones: four clips sampled, three blends.
func BenchmarkBlendTwoLevel(b *testing.B) {
	sk := treeBenchSkeleton(100)
	var leaves [4]Source
	for i := range leaves {
		leaves[i] = NewClipSource(sk, treeBenchClipVar(sk, 1, int64(i+1), 1+0.25*float64(i)), i, 0, uint32(i))
	}
	s := NewClock(NewBlend(sk, NewBlend(sk, leaves[0], leaves[1], 0.3, BlendPrime),
		NewPhaseBlend(sk, leaves[2], leaves[3], 0.6, BlendPrime), 0.4, BlendPrime))
	p := NewPose(sk)
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		s.Advance(1.0 / 60)
		s.SampleNow(p)
	}
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the process's user and system time (internal/cputime).
func cpuTime() time.Duration { return cputime.Process() }

// blendStep is one blend of a tree as playback makes it: the node's
// weight, A's pose, B's.
type blendStep struct {
	w    float32
	a, b *Pose
}

// recordSteps samples the children of each of the blends at the tree's
// time t, as their SampleNow would, and appends the pairs.
func recordSteps(sk *formats.Skeleton, blends []*Blend, t float64, dst []blendStep) []blendStep {
	for _, n := range blends {
		st := blendStep{w: n.w, a: NewPose(sk), b: NewPose(sk)}
		n.a.sampleAt(t, st.a, 1)
		n.b.sampleAt(t, st.b, 1)
		dst = append(dst, st)
	}
	return dst
}

// BenchmarkBlendTreeSteps measures the blending step alone on the pose
// pairs that BenchmarkBlendTree's Blend and BenchmarkBlendTwoLevel's three
// blends are given while playing: the trees, built with each rule, play
// 5 s at 60 Hz (a whole cycle of the clips' 1 and 1.25 s passes) and
// every 19th frame's pairs are kept, 16 frames; the benchmark blends them
// in turn. This is the cost the brief bounds (10 ns per joint) on the
// data of its own benchmarks: the clips drift in and out of phase, so
// that from 0 to half of the bones leave the lerp branch of MP1's and
// Echoes' Slerp, more than in BenchmarkBlendPoses' related case (the
// same phase) and, on average, about as many as in its unrelated one.
// Each op copies A's pose into the output and B's into a pose of its
// own, as a tree samples them there just before it blends (the 16 frames
// of pose pairs, 128 KB for one blend and 384 KB for two levels, would
// otherwise be read from L2 rather than L1), and blends as a tree does
// (blendPoses with bound, as tween calls it: A's pose holds the bind translation where it has none of
// its own). blend-ns/joint is the blending step alone: the op's CPU time
// less that of the same copies, run right after it.
func BenchmarkBlendTreeSteps(b *testing.B) {
	sk := treeBenchSkeleton(100)
	for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
		for _, shape := range []string{"tree", "two-level"} {
			var root Source
			var blends []*Blend
			if shape == "tree" {
				a := NewClipSource(sk, treeBenchClipVar(sk, 1, 1, 1), 0, 0, 0)
				c := NewClipSource(sk, treeBenchClipVar(sk, 1, 2, 1.25), 1, 0, 1)
				s := NewBlend(sk, a, c, 0.3, rule)
				root, blends = s, []*Blend{s}
			} else {
				var leaves [4]Source
				for i := range leaves {
					leaves[i] = NewClipSource(sk, treeBenchClipVar(sk, 1, int64(i+1), 1+0.25*float64(i)), i, 0, uint32(i))
				}
				inner := NewBlend(sk, leaves[0], leaves[1], 0.3, rule)
				phase := NewPhaseBlend(sk, leaves[2], leaves[3], 0.6, rule)
				s := NewBlend(sk, inner, phase, 0.4, rule)
				root, blends = s, []*Blend{inner, &phase.Blend, s}
			}
			var steps []blendStep
			p := NewPose(sk)
			clk := NewClock(root)
			for f := 0; f < 300; f++ {
				clk.Advance(1.0 / 60)
				clk.SampleNow(p)
				if f%19 == 0 {
					steps = recordSteps(sk, blends, clk.Time(), steps)
				}
			}
			out, pb := NewPose(sk), NewPose(sk)
			b.Run(shape+"/"+rule.String(), func(b *testing.B) {
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					st := &steps[i%len(steps)]
					out.CopyFrom(st.a)
					pb.CopyFrom(st.b)
					blendPoses(rule, st.w, sk, out, pb, true)
				}
				opCPU := cpuTime() - cpu
				b.StopTimer()
				cpu = cpuTime()
				for i := 0; i < b.N; i++ {
					st := &steps[i%len(steps)]
					out.CopyFrom(st.a)
					pb.CopyFrom(st.b)
				}
				copyCPU := cpuTime() - cpu
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/joint")
				b.ReportMetric(float64(opCPU.Nanoseconds())/float64(b.N)/100, "cpu-ns/joint")
				b.ReportMetric(float64((opCPU-copyCPU).Nanoseconds())/float64(b.N)/100, "blend-ns/joint")
			})
		}
	}
}
