package player

import (
	"errors"
	"fmt"

	"github.com/animview/animview/formats"
)

// The player's three steps are jobs in ozz-animation's manner: a struct
// of inputs and outputs, checked by Validate, run by Run over flat arrays
// without allocating. A tree of sources runs the same steps inside.

// errJob is what every job's Validate error wraps.
var errJob = errors.New("player: invalid job")

// SampleJob samples a clip at a time into a pose: the clip's sampler
// (NewClipSampler, ozz's sampling context: it keeps the cursors and
// caches of one playback) writes every bone's transform, visibility and
// translation mask.
type SampleJob struct {
	// Sampler samples the clip; it belongs to one playback.
	Sampler ClipSampler
	// Time is the time on the clip's timeline, in seconds.
	Time float64
	// Out receives the pose; it must have room for every bone of the
	// sampler's skeleton.
	Out *Pose
}

// Validate reports what keeps the job from running.
func (j *SampleJob) Validate() error {
	if j.Sampler == nil {
		return fmt.Errorf("%w: SampleJob without a sampler", errJob)
	}
	if n := j.Sampler.boneCount(); !j.Out.fits(n) {
		return fmt.Errorf("%w: SampleJob's pose has no room for %d bones", errJob, n)
	}
	return nil
}

// Run samples the pose, after Validate.
func (j *SampleJob) Run() error {
	if err := j.Validate(); err != nil {
		return err
	}
	j.Sampler.Sample(j.Time, j.Out)
	return nil
}

// BlendJob blends pose B into pose A with weight Weight of B, bone by
// bone, by Rule (its doc gives each game's), and writes the result to
// Out, which may be A (a blend in place, as a tree blends). The poses'
// translation masks (Pose.Translated) take part: Out's is the blend's
// (VHasOffset: both children's for BlendPrime, one child's where the
// weight snaps to it). Skeleton gives the bind offsets; every pose must
// have room for its bones.
type BlendJob struct {
	Rule     BlendRule
	Weight   float32
	Skeleton *formats.Skeleton
	A, B     *Pose
	Out      *Pose
	// bound says that A holds the bind translation wherever its mask is
	// false, as every pose a tree's source writes does under MP1's rule
	// (TestSourcesHoldBindWithoutTranslation, FuzzBuildAnim), so that
	// the rule need not write it there again.
	bound bool
}

// Validate reports what keeps the job from running.
func (j *BlendJob) Validate() error {
	if j.Skeleton == nil {
		return fmt.Errorf("%w: BlendJob without a skeleton", errJob)
	}
	if j.Rule > BlendPrime2 {
		return fmt.Errorf("%w: BlendJob's rule %d is none of the rules", errJob, j.Rule)
	}
	if n := len(j.Skeleton.Bones); !j.A.fits(n) || !j.B.fits(n) || !j.Out.fits(n) {
		return fmt.Errorf("%w: BlendJob's poses A, B and Out need room for %d bones", errJob, n)
	}
	if j.Out == j.B && j.A != j.B {
		return fmt.Errorf("%w: BlendJob's Out is B", errJob)
	}
	return nil
}

// Run blends, after Validate.
func (j *BlendJob) Run() error {
	if err := j.Validate(); err != nil {
		return err
	}
	if j.Out != j.A {
		j.Out.CopyFrom(j.A)
	}
	blendPoses(j.Rule, j.Weight, j.Skeleton, j.Out, j.B, j.bound)
	return nil
}

// WorldJob composes a pose's local transforms into model space in one
// pass over the parent-before-child order, by the skeleton's rule
// (formats.Compose).
type WorldJob struct {
	Skeleton *formats.Skeleton
	Pose     *Pose
	// Out receives the model-space matrices; NewWorldPose sizes it.
	Out *WorldPose
}

// Validate reports what keeps the job from running.
func (j *WorldJob) Validate() error {
	if j.Skeleton == nil || j.Pose == nil || j.Out == nil {
		return fmt.Errorf("%w: WorldJob without a skeleton, a pose or an output", errJob)
	}
	n := len(j.Skeleton.Bones)
	if len(j.Pose.Local) < n {
		return fmt.Errorf("%w: WorldJob's pose has %d bones, the skeleton %d", errJob, len(j.Pose.Local), n)
	}
	if len(j.Out.m) < n {
		return fmt.Errorf("%w: WorldJob's output has room for %d bones, the skeleton has %d", errJob, len(j.Out.m), n)
	}
	return nil
}

// Run composes, after Validate.
func (j *WorldJob) Run() error {
	if err := j.Validate(); err != nil {
		return err
	}
	ToWorld(j.Skeleton, j.Pose, j.Out)
	return nil
}
