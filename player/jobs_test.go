package player

import (
	"errors"
	"testing"

	"github.com/animview/animview/formats"
)

// TestJobsValidate: each job refuses what it cannot run (a missing input,
// a pose or output too small for the skeleton, an unknown rule, B as the
// output of a blend not in place) with an error that wraps errJob, and
// runs what it can.
func TestJobsValidate(t *testing.T) {
	sk, clip := realisticClip(formats.InterpPrime)
	small := &formats.Skeleton{Bones: sk.Bones[:3]}
	s := NewClipSampler(sk, clip)
	p, q, short := NewPose(sk), NewPose(sk), NewPose(small)
	w := NewWorldPose(sk)
	tests := []struct {
		name string
		job  interface{ Run() error }
		ok   bool
	}{
		{"sample", &SampleJob{Sampler: s, Time: 0.5, Out: p}, true},
		{"sample without a sampler", &SampleJob{Out: p}, false},
		{"sample without a pose", &SampleJob{Sampler: s}, false},
		{"sample into a small pose", &SampleJob{Sampler: s, Out: short}, false},
		{"sample into a pose without masks", &SampleJob{Sampler: s, Out: &Pose{Local: p.Local, Visible: p.Visible}}, false},
		{"blend in place", &BlendJob{Rule: BlendPrime, Weight: 0.3, Skeleton: sk, A: p, B: q, Out: p}, true},
		{"blend into a third pose", &BlendJob{Rule: BlendPrime2, Weight: 0.3, Skeleton: sk, A: p, B: q, Out: NewPose(sk)}, true},
		{"blend without a skeleton", &BlendJob{Rule: BlendPrime, A: p, B: q, Out: p}, false},
		{"blend by no rule", &BlendJob{Rule: BlendPrime2 + 1, Skeleton: sk, A: p, B: q, Out: p}, false},
		{"blend a small pose", &BlendJob{Rule: BlendShortest, Skeleton: sk, A: p, B: short, Out: p}, false},
		{"blend into B", &BlendJob{Rule: BlendShortest, Skeleton: sk, A: p, B: q, Out: q}, false},
		{"world", &WorldJob{Skeleton: sk, Pose: p, Out: w}, true},
		{"world without an output", &WorldJob{Skeleton: sk, Pose: p}, false},
		{"world of a small pose", &WorldJob{Skeleton: sk, Pose: short, Out: w}, false},
		{"world into a small output", &WorldJob{Skeleton: sk, Pose: p, Out: NewWorldPose(small)}, false},
	}
	for _, tc := range tests {
		err := tc.job.Run()
		if tc.ok && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if !tc.ok && !errors.Is(err, errJob) {
			t.Errorf("%s: error %v, want one wrapping %v", tc.name, err, errJob)
		}
	}
}

// TestJobsAllocateNothing: running the jobs over poses made beforehand
// allocates nothing, for each family and rule.
func TestJobsAllocateNothing(t *testing.T) {
	for _, fl := range realisticFlavours {
		sk, clip := realisticClip(fl)
		s, a, b, w := NewClipSampler(sk, clip), NewPose(sk), NewPose(sk), NewWorldPose(sk)
		tm := 0.0
		allocs := testing.AllocsPerRun(50, func() {
			tm += 1.0 / 60
			sa := SampleJob{Sampler: s, Time: tm, Out: a}
			sb := SampleJob{Sampler: s, Time: tm + 0.5, Out: b}
			bl := BlendJob{Rule: ruleFor(fl), Weight: 0.3, Skeleton: sk, A: a, B: b, Out: a}
			wj := WorldJob{Skeleton: sk, Pose: a, Out: w}
			for _, err := range []error{sa.Run(), sb.Run(), bl.Run(), wj.Run()} {
				if err != nil {
					t.Fatal(err)
				}
			}
		})
		if allocs != 0 {
			t.Errorf("%v: %v allocations a frame", fl, allocs)
		}
	}
}

// TestPoseCopyFrom: CopyFrom copies transforms, visibility and masks,
// between poses NewPose made (their flags at once) and poses whose
// slices a caller set.
func TestPoseCopyFrom(t *testing.T) {
	sk, _ := realisticClip(formats.InterpPrime)
	n := len(sk.Bones)
	src := NewPose(sk)
	for i := range n {
		src.Local[i].Translation[0] = float32(i)
		src.Visible[i] = i%3 != 0
		src.Translated.Set(i, i%2 == 0)
	}
	own := func() *Pose {
		return &Pose{Local: make([]formats.Transform, n), Visible: make([]bool, n), Translated: NewBoneMask(n)}
	}
	for _, pair := range []struct {
		name     string
		dst, src *Pose
	}{{"made", NewPose(sk), src}, {"set", own(), src}, {"from set", NewPose(sk), func() *Pose { p := own(); p.CopyFrom(src); return p }()}} {
		pair.dst.CopyFrom(pair.src)
		for i := range n {
			if pair.dst.Local[i] != src.Local[i] || pair.dst.Visible[i] != src.Visible[i] || pair.dst.Translated.Has(i) != src.Translated.Has(i) {
				t.Fatalf("%s: bone %d differs", pair.name, i)
			}
		}
	}
}

// TestBoneMask: a mask's bits, across a word's end, set and cleared one
// by one, and a mask with room for exactly the bones asked for.
func TestBoneMask(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 128, 129} {
		m := NewBoneMask(n)
		if len(m)*64 < n || len(m)*64 >= n+64 {
			t.Fatalf("NewBoneMask(%d) has %d words", n, len(m))
		}
		for i := range n {
			m.Set(i, true)
		}
		for i := range n {
			m.Set(i, i%3 == 0)
		}
		for i := range n {
			if want := i%3 == 0; m.Has(i) != want {
				t.Fatalf("n=%d: bone %d in the mask: %v, want %v", n, i, m.Has(i), want)
			}
		}
	}
}

// TestBlendReadsNoMaskPastBones: a blend of poses with room for more
// bones than the skeleton has neither reads nor moves those bones,
// whatever their masks say (each game's rule, tree-bound or not, at a
// snap and between).
func TestBlendReadsNoMaskPastBones(t *testing.T) {
	sk := treeBenchSkeleton(3)
	big := &formats.Skeleton{Bones: make([]formats.Bone, 70)}
	for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
		for _, bound := range []bool{false, true} {
			for _, w := range []float32{0.999995, 0.3} {
				a, b := NewPose(big), NewPose(big)
				for i := range 70 {
					a.Translated.Set(i, true)
					b.Translated.Set(i, i < 3)
				}
				j := BlendJob{Rule: rule, Weight: w, Skeleton: sk, A: a, B: b, Out: a, bound: bound}
				if err := j.Run(); err != nil {
					t.Fatal(err)
				}
				for i := 3; i < 70; i++ {
					if a.Local[i] != (formats.Transform{}) {
						t.Fatalf("%v bound=%v w=%v: bone %d past the skeleton moved to %+v", rule, bound, w, i, a.Local[i])
					}
				}
			}
		}
	}
}
