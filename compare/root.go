package compare

import (
	"math"

	"github.com/animview/animview/formats"
)

// Root is how far a clip carries its figure: the root bone's model-space
// path, sampled at every key time and at Rate.
type Root struct {
	// Bone indexes the skeleton's root bone (the topmost whose
	// translation changes); Name is its name.
	Bone int
	Name string
	// Displacement is the root's model-space position at the clip's end
	// minus at its start, in the file's units and axes.
	Displacement [3]float64
	// PathLength is the length of the polyline through the root's
	// positions at the sampled times.
	PathLength float64
	// Samples is how many times were sampled; SampleRate the grid's
	// rate (Rate, lower for a clip of absurd length).
	Samples    int
	SampleRate float64
}

// Distance returns the length of the displacement.
func (r *Root) Distance() float64 {
	d := r.Displacement
	return math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
}

// RootMotion measures clip c over sk. The root is the topmost bone whose
// translation changes (findRoot).
func RootMotion(sk *formats.Skeleton, c *formats.Clip) Root {
	rate := float64(Rate)
	span := Clip{Skeleton: sk, Clip: c}.duration()
	times := sampleTimes(span, &rate, maxWork/max(1, len(sk.Bones)), c)
	s := newSide(Clip{Skeleton: sk, Clip: c})
	r := Root{Bone: findRoot(sk, s, times), Samples: len(times), SampleRate: rate}
	if r.Bone < 0 {
		return r
	}
	r.Name = sk.Bones[r.Bone].Name
	var first, prev [3]float64
	for k, t := range times {
		s.sample(t)
		p := s.world.Position(r.Bone)
		cur := [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}
		if k == 0 {
			first = cur
		} else {
			dx, dy, dz := cur[0]-prev[0], cur[1]-prev[1], cur[2]-prev[2]
			r.PathLength += math.Sqrt(dx*dx + dy*dy + dz*dz)
		}
		prev = cur
	}
	for i := range r.Displacement {
		r.Displacement[i] = prev[i] - first[i]
	}
	return r
}

// stillFraction is how far, relative to the figure's size, a bone's
// translation may change in a clip and still count as still for findRoot:
// float noise, not motion.
const stillFraction = 1e-5

// findRoot picks the bone whose motion is the figure's: the topmost bone
// (fewest ancestors; the first in the skeleton's order among equals) whose
// own translation changes during the clip, by more than a hundred
// thousandth of the figure's size (Size); when none does, the
// skeleton's first root bone. A translation the bone's own, because a
// figure travels by translating a bone while its limbs only turn: MilkShape
// and Metroid Prime move their root joint, a LEGO Island actor moves under
// a still scene node, and FreeSO's .anim files keep ROOT still in some
// clips and move the PELVIS; a clip in place, whose bones only turn, is
// measured on the first root and travels nothing. -1 for a skeleton
// without bones.
func findRoot(sk *formats.Skeleton, s *side, times []float64) int {
	n := len(sk.Bones)
	if n == 0 {
		return -1
	}
	lo := make([][3]float32, n)
	hi := make([][3]float32, n)
	for k, t := range times {
		s.sample(t)
		for i := 0; i < n; i++ {
			p := s.pose.Local[i].Translation
			for c := 0; c < 3; c++ {
				if k == 0 || p[c] < lo[i][c] {
					lo[i][c] = p[c]
				}
				if k == 0 || p[c] > hi[i][c] {
					hi[i][c] = p[c]
				}
			}
		}
	}
	still := Size(sk, s.c.Clip) * stillFraction
	depth := make([]int, n)
	best, bestDepth := -1, 0
	for i := 0; i < n; i++ {
		if pi := sk.Bones[i].Parent; pi >= 0 && pi < i {
			depth[i] = depth[pi] + 1
		}
		var ext float64
		for c := 0; c < 3; c++ {
			ext = math.Max(ext, float64(hi[i][c])-float64(lo[i][c]))
		}
		if ext > still && (best < 0 || depth[i] < bestDepth) {
			best, bestDepth = i, depth[i]
		}
	}
	if best < 0 {
		for i := range sk.Bones {
			if sk.Bones[i].Parent < 0 {
				return i
			}
		}
		return 0
	}
	return best
}
