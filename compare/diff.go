package compare

import (
	"fmt"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Rate is the fixed rate, in samples a second, at which Diff and
// RootMotion sample a clip besides its key times: 60 Hz, the viewer's
// tick, fine enough that no motion a game shows falls between samples.
const Rate = 60

// maxWork bounds the fixed-rate samples of one measurement times the
// bones each poses (4M bone poses, about a second), so a clip of absurd
// length costs a bounded time; past it the rate drops and the result says
// so.
const maxWork = 1 << 22

// Clip is one side of a comparison: a skeleton and one of its clips (nil
// for the bind pose).
type Clip struct {
	Skeleton *formats.Skeleton
	Clip     *formats.Clip
}

func (c Clip) duration() float64 {
	if c.Clip == nil || !(c.Clip.Duration > 0) || math.IsInf(c.Clip.Duration, 0) {
		return 0
	}
	return c.Clip.Duration
}

func (c Clip) name() string {
	if c.Clip == nil {
		return "(bind pose)"
	}
	return c.Clip.Name
}

// BoneDiff is one matched bone's largest differences.
type BoneDiff struct {
	// Name is the bone's name in A; NameB its name in B.
	Name, NameB string
	// MaxPosition is the largest distance, in A's model units, between
	// the bone's model-space origins; Time is when (the first sample
	// that reaches it).
	MaxPosition float64
	Time        float64
	// MaxRotationDeg is the largest angle, in degrees, between the
	// bone's model-space rotations (scale removed); RotationTime is when.
	MaxRotationDeg float64
	RotationTime   float64
}

// Result is a comparison of two clips.
type Result struct {
	ClipA, ClipB string
	// Duration is the span compared: the shorter clip's duration.
	Duration float64
	// Samples is how many times were sampled: the union of both clips'
	// key times within the span and a grid at SampleRate.
	Samples    int
	SampleRate float64
	// UnmatchedA and UnmatchedB are the bones only in A and only in B.
	UnmatchedA, UnmatchedB []string
	// Size is the figure's size the relative difference divides by:
	// Size of A's skeleton and clip.
	Size float64
	// MaxPosition is the largest position difference over all matched
	// bones and times, in A's model units; MaxPositionRelative is it
	// divided by Size; MaxRotationDeg the largest rotation difference.
	MaxPosition, MaxPositionRelative, MaxRotationDeg float64
	// WorstBone and WorstTime are where MaxPosition happens (where
	// MaxRotationDeg does when no position differs); "" when nothing
	// differs.
	WorstBone string
	WorstTime float64
	// Bones are the matched bones in A's order.
	Bones []BoneDiff
	// Notes say what the comparison had to decide: different lengths,
	// different frame rates, a lowered sampling rate.
	Notes []string
}

// Diff compares clip a with clip b over the shorter one's span. Bones
// pair by Match with m. Both are sampled at the same times, each in its
// own model space (no axes are converted: two versions of one model share
// theirs).
func Diff(a, b Clip, m Map) *Result {
	r := &Result{ClipA: a.name(), ClipB: b.name(), SampleRate: Rate}
	da, db := a.duration(), b.duration()
	r.Duration = math.Min(da, db)
	if da != db {
		r.Notes = append(r.Notes, fmt.Sprintf("the clips differ in length (A %.4g s, B %.4g s): compared over the shorter, %.4g s", da, db, r.Duration))
	}
	if a.Clip != nil && b.Clip != nil && a.Clip.FrameRate != b.Clip.FrameRate {
		r.Notes = append(r.Notes, fmt.Sprintf("the clips' frame rates differ (A %.4g, B %.4g frames a second): both sampled at the same times", a.Clip.FrameRate, b.Clip.FrameRate))
	}
	times := sampleTimes(r.Duration, &r.SampleRate, maxWork/max(1, len(a.Skeleton.Bones), len(b.Skeleton.Bones)), a.Clip, b.Clip)
	if r.SampleRate != Rate {
		r.Notes = append(r.Notes, fmt.Sprintf("the span is long: sampled at %.4g Hz besides the key times", r.SampleRate))
	}
	r.Samples = len(times)

	pr := Match(a.Skeleton, b.Skeleton, m)
	r.UnmatchedA, r.UnmatchedB = pr.UnmatchedA(a.Skeleton), pr.UnmatchedB(b.Skeleton)
	r.Size = Size(a.Skeleton, a.Clip)
	for i, j := range pr.BOf {
		if j >= 0 {
			r.Bones = append(r.Bones, BoneDiff{Name: a.Skeleton.Bones[i].Name, NameB: b.Skeleton.Bones[j].Name})
		}
	}
	sa, sb := newSide(a), newSide(b)
	worstRot, worstRotBone := 0.0, -1
	worstPos := -1
	for _, t := range times {
		sa.sample(t)
		sb.sample(t)
		k := 0
		for i, j := range pr.BOf {
			if j < 0 {
				continue
			}
			d := &r.Bones[k]
			ma, mb := sa.world.Matrix(i), sb.world.Matrix(j)
			if dp := posDiff(&ma, &mb); dp > d.MaxPosition {
				d.MaxPosition, d.Time = dp, t
				if dp > r.MaxPosition {
					r.MaxPosition, r.WorstTime, worstPos = dp, t, k
				}
			}
			if dr := rotDiffDeg(&ma, &mb); dr > d.MaxRotationDeg {
				d.MaxRotationDeg, d.RotationTime = dr, t
				if dr > worstRot {
					worstRot, worstRotBone = dr, k
				}
			}
			k++
		}
	}
	r.MaxRotationDeg = worstRot
	r.MaxPositionRelative = r.MaxPosition / r.Size
	switch {
	case worstPos >= 0:
		r.WorstBone = r.Bones[worstPos].Name
	case worstRotBone >= 0:
		r.WorstBone, r.WorstTime = r.Bones[worstRotBone].Name, r.Bones[worstRotBone].RotationTime
	}
	for k := range r.Bones {
		if d := &r.Bones[k]; d.MaxPosition == 0 {
			d.Time = d.RotationTime
		}
	}
	return r
}

// side is one clip's sampling state, made once so that the loop over
// times allocates nothing.
type side struct {
	c     Clip
	s     player.Sampler
	pose  *player.Pose
	world *player.WorldPose
}

func newSide(c Clip) *side {
	s := &side{c: c, pose: player.NewPose(c.Skeleton), world: player.NewWorldPose(c.Skeleton)}
	if c.Clip != nil {
		s.s = player.NewClipSampler(c.Skeleton, c.Clip)
	}
	return s
}

func (s *side) sample(t float64) {
	if s.s != nil {
		s.s.Sample(t, s.pose)
	}
	player.ToWorld(s.c.Skeleton, s.pose, s.world)
}

// sampleTimes is the grid from 0 to span at *rate (lowered when the grid
// would pass most samples) with every key time of the clips within the span,
// sorted, each once.
func sampleTimes(span float64, rate *float64, most int, clips ...*formats.Clip) []float64 {
	n := int(math.Min(math.Ceil(span**rate), float64(most)))
	if n >= most {
		n = most
		*rate = float64(n) / span
	}
	times := make([]float64, 0, n+2)
	for i := 0; i <= n; i++ {
		times = append(times, math.Min(float64(i) / *rate, span))
	}
	for _, c := range clips {
		times = appendKeyTimes(times, c, span)
	}
	slices.Sort(times)
	return slices.Compact(times)
}

// appendKeyTimes appends c's key times within [0, span], sorted, each once.
func appendKeyTimes(times []float64, c *formats.Clip, span float64) []float64 {
	if c != nil {
		for i := range c.Tracks {
			tr := &c.Tracks[i]
			// A track baked from a curve lists the curve's own keys as
			// Knots: those are the file's key times.
			tt := tr.Translation.Times
			if tr.Translation.Knots != nil {
				tt = tr.Translation.Knots
			}
			ss := tr.Scale.Times
			if tr.Scale.Knots != nil {
				ss = tr.Scale.Knots
			}
			for _, ts := range [][]float64{tt, tr.Rotation.Times, ss, tr.Visibility.Times} {
				for _, t := range ts {
					if t >= 0 && t <= span {
						times = append(times, t)
					}
				}
			}
		}
	}
	slices.Sort(times)
	return slices.Compact(times)
}

// posDiff is the distance between two matrices' origins.
func posDiff(a, b *mgl32.Mat4) float64 {
	dx := float64(a[12]) - float64(b[12])
	dy := float64(a[13]) - float64(b[13])
	dz := float64(a[14]) - float64(b[14])
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// rotDiffDeg is the angle in degrees of the rotation that takes a's
// rotation to b's, each matrix's columns normalised to remove scale (a
// mirror stays in both and cancels). From R = Raᵀ·Rb, the angle is
// atan2(|skew(R)|/2, (trace(R)−1)/2): the skew part is exactly 0 when the
// rotations are equal, so identical poses differ by exactly 0°.
func rotDiffDeg(a, b *mgl32.Mat4) float64 {
	var ra, rb [3][3]float64
	unitCols(a, &ra)
	unitCols(b, &rb)
	// r[i][j] = column i of a · column j of b.
	var r [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = ra[i][0]*rb[j][0] + ra[i][1]*rb[j][1] + ra[i][2]*rb[j][2]
		}
	}
	sx, sy, sz := r[2][1]-r[1][2], r[0][2]-r[2][0], r[1][0]-r[0][1]
	s := math.Sqrt(sx*sx+sy*sy+sz*sz) / 2
	c := (r[0][0] + r[1][1] + r[2][2] - 1) / 2
	return math.Atan2(s, c) * 180 / math.Pi
}

func unitCols(m *mgl32.Mat4, out *[3][3]float64) {
	for c := 0; c < 3; c++ {
		x, y, z := float64(m[c*4]), float64(m[c*4+1]), float64(m[c*4+2])
		l := math.Sqrt(x*x + y*y + z*z)
		if l == 0 {
			l = 1
		}
		out[c] = [3]float64{x / l, y / l, z / l}
	}
}

// Size is the figure's size: the diagonal of the box around the
// skeleton's bone origins in its bind pose, in its model units; where that
// is 0 (LEGO Island's actors, whose bones take their places from the
// clip, or a skeleton of one bone), the box at the start of clip c (nil:
// none); 1 when that is 0 too.
func Size(sk *formats.Skeleton, c *formats.Clip) float64 {
	pose := player.NewPose(sk)
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, w)
	if d := boxDiagonal(w, len(sk.Bones)); d > 0 {
		return d
	}
	if c != nil && len(c.Tracks) == len(sk.Bones) {
		player.NewClipSampler(sk, c).Sample(0, pose)
		player.ToWorld(sk, pose, w)
		if d := boxDiagonal(w, len(sk.Bones)); d > 0 {
			return d
		}
	}
	return 1
}

// boxDiagonal is the diagonal of the box around the first n bone origins
// of w, 0 when it is not a finite length.
func boxDiagonal(w *player.WorldPose, n int) float64 {
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i < n; i++ {
		p := w.Position(i)
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], float64(p[k]))
			hi[k] = math.Max(hi[k], float64(p[k]))
		}
	}
	d := math.Sqrt((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2]))
	if !(d > 0) || math.IsInf(d, 0) {
		return 0
	}
	return d
}

// KeyTimes returns the clip's key times (a curve's knots where a track was
// baked from one), sorted, each once.
func KeyTimes(c *formats.Clip) []float64 {
	return appendKeyTimes(nil, c, math.Inf(1))
}
