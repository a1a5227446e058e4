package compare

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Path is a root's motion with the positions it is measured from, for the
// window to draw: the figures of RootMotion (the same bone, times and
// lengths), and the root's model-space position at each sampled time.
type Path struct {
	Root
	// Times are the sampled times, increasing; Points the root's
	// model-space positions at them (the file's units and axes), and
	// Travelled the path's length from the start to each point (its last
	// is PathLength). All three are empty when the skeleton has no bones.
	Times     []float64
	Points    []mgl32.Vec3
	Travelled []float64
}

// RootPath is RootMotion of clip c over sk with the root's positions
// along it.
func RootPath(sk *formats.Skeleton, c *formats.Clip) Path {
	s := newSide(Clip{Skeleton: sk, Clip: c})
	return rootPath(sk, s, Clip{Skeleton: sk, Clip: c}.duration(), c)
}

// SamplerRootPath is RootPath of what src plays over sk (an animation
// tree, which has no clip of its own), one pass of it sampled at Rate:
// the root is chosen by the same rule, on the bind pose's size.
func SamplerRootPath(sk *formats.Skeleton, src player.Sampler) Path {
	span := 0.0
	if src != nil {
		if d := src.Duration(); d > 0 && !math.IsInf(d, 0) {
			span = d
		}
	}
	s := newSide(Clip{Skeleton: sk})
	s.s = src
	return rootPath(sk, s, span, nil)
}

// rootPath samples s over span (and c's key times) and follows the root
// findRoot picks through them.
func rootPath(sk *formats.Skeleton, s *side, span float64, c *formats.Clip) Path {
	rate := float64(Rate)
	times := sampleTimes(span, &rate, maxWork/max(1, len(sk.Bones)), c)
	p := Path{Root: Root{Bone: findRoot(sk, s, times), Samples: len(times), SampleRate: rate}}
	if p.Bone < 0 {
		return p
	}
	p.Name = sk.Bones[p.Bone].Name
	p.Times = times
	p.Points = make([]mgl32.Vec3, len(times))
	p.Travelled = make([]float64, len(times))
	var first, prev [3]float64
	for k, t := range times {
		s.sample(t)
		at := s.world.Position(p.Bone)
		p.Points[k] = at
		cur := [3]float64{float64(at[0]), float64(at[1]), float64(at[2])}
		if k == 0 {
			first = cur
		} else {
			dx, dy, dz := cur[0]-prev[0], cur[1]-prev[1], cur[2]-prev[2]
			p.PathLength += math.Sqrt(dx*dx + dy*dy + dz*dz)
		}
		p.Travelled[k] = p.PathLength
		prev = cur
	}
	for i := range p.Displacement {
		p.Displacement[i] = prev[i] - first[i]
	}
	return p
}

// At returns the root's position at time t and the path's length from the
// start to there, both interpolated linearly between the two samples
// around t (the ends outside them). It allocates nothing.
func (p *Path) At(t float64) (mgl32.Vec3, float64) {
	n := len(p.Times)
	if n == 0 {
		return mgl32.Vec3{}, 0
	}
	k, _ := slices.BinarySearch(p.Times, t) // the first sample at or after t
	switch {
	case k == 0 || math.IsNaN(t):
		return p.Points[0], p.Travelled[0]
	case k >= n:
		return p.Points[n-1], p.Travelled[n-1]
	}
	t0, t1 := p.Times[k-1], p.Times[k]
	f := (t - t0) / (t1 - t0)
	a, b := p.Points[k-1], p.Points[k]
	return a.Add(b.Sub(a).Mul(float32(f))), p.Travelled[k-1] + (p.Travelled[k]-p.Travelled[k-1])*f
}
