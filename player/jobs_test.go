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
		src.Translated[i] = i%2 == 0
	}
	own := func() *Pose {
		return &Pose{Local: make([]formats.Transform, n), Visible: make([]bool, n), Translated: make([]bool, n)}
	}
	for _, pair := range []struct {
		name     string
		dst, src *Pose
	}{{"made", NewPose(sk), src}, {"set", own(), src}, {"from set", NewPose(sk), func() *Pose { p := own(); p.CopyFrom(src); return p }()}} {
		pair.dst.CopyFrom(pair.src)
		for i := range n {
			if pair.dst.Local[i] != src.Local[i] || pair.dst.Visible[i] != src.Visible[i] || pair.dst.Translated[i] != src.Translated[i] {
				t.Fatalf("%s: bone %d differs", pair.name, i)
			}
		}
	}
}
