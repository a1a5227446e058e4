package ms3d

import (
	"fmt"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Baking turns MilkShape's evaluation
// (docs/formats/milkshape-anm.md#baking-into-tracks) into the common model's
// tracks, so that the common player (shortest-arc slerp of rotations,
// lerp of translations, holds outside the keys) gives MilkShape's pose:
//
//   - Rotation (docs/formats/milkshape-anm.md#reference-times-key and
//     #rotation-keys): each key becomes q_ref·q_key. Left
//     multiplication by a unit quaternion keeps dot products, so the
//     shortest-arc choice and the slerp angle are the same and
//     slerp(q_ref·a, q_ref·b, f) = q_ref·slerp(a, b, f): exact. The player
//     lerps (normalised) where the keys' dot product is above 0.9995,
//     where MilkShape slerps down to 1 - 1e-8; there the two rotations
//     differ by at most 1.02e-6 radians (the worst case, measured over
//     dot products from 0.9995 up and factors 0 to 1).
//   - Translation (docs/formats/milkshape-anm.md#reference-times-key and
//     #position-keys): the
//     Hermite curve of each key interval is sampled at n evenly spaced
//     parameters, every key kept exactly, each sample taken to
//     refPos + R_ref·p. The player's lerp between samples is within
//     h²/8·max|p''| of the curve (h = 1/n; p'' is linear on an interval,
//     so its maximum is at an end), and n is chosen so that this bound is
//     below Baker.Tolerance; with Baker.FPS set, the samples also fall on
//     every frame, where the track is then the curve itself. Affine maps commute with the Hermite
//     combination (its basis sums to 1, the tangents are differences), so
//     transforming samples equals transforming keys and tangents.
//   - Holds (docs/formats/milkshape-anm.md#holds): the player's clamping,
//     and the skeleton's bind pose is the reference.

// maxPerInterval bounds the samples of one key interval.
const maxPerInterval = 256

// DefaultBudget bounds the keys one asset's baked clips may hold.
const DefaultBudget = 1 << 21

// Baker collects the joints' keys of one asset's clips and bakes them
// together, so that one budget bounds the memory of all clips.
type Baker struct {
	// Tolerance is the largest distance, in model units, between the
	// baked translation and MilkShape's Hermite curve.
	Tolerance float64
	// Budget bounds the baked keys of all clips (0: DefaultBudget). When
	// the tolerance would need more, intervals get fewer samples and the
	// reached bound is reported.
	Budget int
	// FPS, when set, puts a sample on every frame at this rate inside a
	// key interval that spans a whole number of frames, so that the baked
	// track is MilkShape's curve itself, to float32 rounding, at every
	// frame of the timeline.
	FPS  float64
	jobs []bakeJob
}

type bakeJob struct {
	ref   *Joint
	rot   []RotationKey
	pos   []PositionKey
	shift float64
	out   *formats.BoneTracks
	tan   []Tangent
	need  []int     // samples per interval at the tolerance
	curve []float64 // max |p''| per interval
}

// BakeStats says what a bake produced.
type BakeStats struct {
	// Keys is the number of keys written.
	Keys int
	// MaxError is the largest bound h²/8·max|p''| over all translation
	// intervals: the baked translation is within it of MilkShape's.
	MaxError float64
	// Capped reports that the budget lowered the samples per interval.
	Capped bool
}

// Add queues a joint's keys (a subset of its own, for ANM clips) to be
// written into out, with shift seconds subtracted from every key time.
func (b *Baker) Add(ref *Joint, rot []RotationKey, pos []PositionKey, shift float64, out *formats.BoneTracks) {
	b.jobs = append(b.jobs, bakeJob{ref: ref, rot: rot, pos: pos, shift: shift, out: out})
}

// Bake writes every queued job's tracks.
func (b *Baker) Bake() (BakeStats, error) {
	tol := b.Tolerance
	if !(tol > 0) {
		tol = 1e-5
	}
	budget := b.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	fixed := 0
	for i := range b.jobs {
		j := &b.jobs[i]
		fixed += len(j.rot)
		if len(j.pos) == 0 {
			continue
		}
		fixed++ // the last key
		j.tan = SetupTangents(j.pos)
		j.need = make([]int, len(j.pos)-1)
		j.curve = make([]float64, len(j.pos)-1)
		for k := range j.need {
			m := curvature(&j.pos[k], &j.pos[k+1], &j.tan[k], &j.tan[k+1])
			j.curve[k] = m
			n := 1
			if j.pos[k+1].Time > j.pos[k].Time && m > 0 {
				n = int(math.Ceil(math.Sqrt(m / (8 * tol))))
				n = max(1, min(n, maxPerInterval))
			}
			j.need[k] = alignFrames(n, float64(j.pos[k+1].Time-j.pos[k].Time), b.FPS)
		}
	}
	total := func(limit int) int {
		s := fixed
		for i := range b.jobs {
			for _, n := range b.jobs[i].need {
				s += min(n, limit)
			}
		}
		return s
	}
	limit := maxPerInterval
	var st BakeStats
	if total(limit) > budget {
		if total(1) > budget {
			return st, fmt.Errorf("%s: the clips hold %d keys, more than the limit of %d", FormatMS3D, total(1), budget)
		}
		lo, hi := 1, maxPerInterval // largest limit that fits
		for lo < hi {
			m := (lo + hi + 1) / 2
			if total(m) <= budget {
				lo = m
			} else {
				hi = m - 1
			}
		}
		limit, st.Capped = lo, true
	}
	for i := range b.jobs {
		j := &b.jobs[i]
		st.Keys += bakeRotation(j)
		n, e := bakeTranslation(j, limit)
		st.Keys += n
		st.MaxError = math.Max(st.MaxError, e)
	}
	return st, nil
}

// alignFrames rounds n up to a multiple of the frames an interval of span
// seconds covers at fps, when that is a whole number not above
// maxPerInterval: the samples then fall on every frame. An interval that
// a lerp already follows within the tolerance (n = 1) is left alone.
func alignFrames(n int, span, fps float64) int {
	frames := span * fps
	m := math.Round(frames)
	if n <= 1 || fps <= 0 || m < 1 || m > maxPerInterval || math.Abs(frames-m) > 1e-3 {
		return n
	}
	f := int(m)
	n = (n + f - 1) / f * f
	if n > maxPerInterval {
		n = maxPerInterval / f * f
	}
	return n
}

// curvature returns the largest norm of the second derivative of an
// interval's Hermite curve: it is linear in u, so the larger of its values at u = 0 and u = 1.
func curvature(p0, p1 *PositionKey, t0, t1 *Tangent) float64 {
	var a, b float64
	for c := 0; c < 3; c++ {
		a0, a1 := secondDerivative(p0, p1, t0, t1, c)
		a += a0 * a0
		b += a1 * a1
	}
	return math.Sqrt(math.Max(a, b))
}

// secondDerivative returns coordinate c of an interval's Hermite curve's
// second derivative in the interval's parameter u at u = 0 and u = 1; in
// between it is linear.
func secondDerivative(p0, p1 *PositionKey, t0, t1 *Tangent, c int) (float64, float64) {
	d := float64(p1.Position[c]) - float64(p0.Position[c])
	return 6*d - 4*float64(t0.Out[c]) - 2*float64(t1.In[c]), -6*d + 2*float64(t0.Out[c]) + 4*float64(t1.In[c])
}

func bakeRotation(j *bakeJob) int {
	if len(j.rot) == 0 {
		return 0
	}
	ref := AngleQuaternion(j.ref.Rotation)
	tr := &j.out.Rotation
	tr.Times = make([]float64, len(j.rot))
	tr.Values = make([]mgl32.Quat, len(j.rot))
	for i, k := range j.rot {
		tr.Times[i] = float64(k.Time) - j.shift
		tr.Values[i] = ref.Mul(AngleQuaternion(k.Rotation)).Normalize()
	}
	return len(j.rot)
}

func bakeTranslation(j *bakeJob, limit int) (int, float64) {
	if len(j.pos) == 0 {
		return 0, 0
	}
	rm := refRotation(j.ref.Rotation)
	refPos := j.ref.Position
	place := func(p [3]float64) mgl32.Vec3 {
		var v mgl32.Vec3
		for r := 0; r < 3; r++ {
			v[r] = float32(float64(refPos[r]) + rm[r][0]*p[0] + rm[r][1]*p[1] + rm[r][2]*p[2])
		}
		return v
	}
	n := 1
	for _, k := range j.need {
		n += min(k, limit)
	}
	tr := &j.out.Translation
	tr.Times = make([]float64, 0, n)
	tr.Values = make([]mgl32.Vec3, 0, n)
	var worst float64
	key := func(k int) [3]float64 {
		p := j.pos[k].Position
		return [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}
	}
	for k := range j.need {
		t0, t1 := float64(j.pos[k].Time)-j.shift, float64(j.pos[k+1].Time)-j.shift
		tr.Times = append(tr.Times, t0)
		tr.Values = append(tr.Values, place(key(k)))
		s := min(j.need[k], limit)
		if t1 > t0 {
			worst = math.Max(worst, j.curve[k]/(8*float64(s)*float64(s)))
		}
		for i := 1; i < s; i++ {
			u := float64(i) / float64(s)
			tr.Times = append(tr.Times, t0+(t1-t0)*u)
			tr.Values = append(tr.Values, place(hermite(&j.pos[k], &j.pos[k+1], &j.tan[k], &j.tan[k+1], u)))
		}
	}
	last := len(j.pos) - 1
	tr.Times = append(tr.Times, float64(j.pos[last].Time)-j.shift)
	tr.Values = append(tr.Values, place(key(last)))
	if len(tr.Times) > len(j.pos) {
		tr.Knots = knots(j)
		tr.Curve = curve(j, refPos, rm)
	}
	return len(tr.Times), worst
}

// curve returns a joint's position curve placed as the baked samples are
// (formats.Vec3Track.Curve): MilkShape's keys, and its looped tangents
// (SetupTangents) per second: an interval's Out and the next key's In are
// per interval (u from 0 to 1), so each is divided by the interval's
// length; placing turns them by the reference rotation alone. nil where
// two keys share a time (MilkShape skips that interval; a curve's keys
// must strictly increase).
func curve(j *bakeJob, refPos [3]float32, rm [3][3]float64) []formats.HermiteKey {
	turn := func(v [3]float32, scale float64) [3]float64 {
		var o [3]float64
		for r := 0; r < 3; r++ {
			o[r] = (rm[r][0]*float64(v[0]) + rm[r][1]*float64(v[1]) + rm[r][2]*float64(v[2])) * scale
		}
		return o
	}
	ks := make([]formats.HermiteKey, len(j.pos))
	for k := range j.pos {
		ks[k].Time = float64(j.pos[k].Time) - j.shift
		ks[k].Value = turn(j.pos[k].Position, 1)
		for r := 0; r < 3; r++ {
			ks[k].Value[r] += float64(refPos[r])
		}
		if k > 0 {
			span := float64(j.pos[k].Time) - float64(j.pos[k-1].Time)
			if !(span > 0) {
				return nil
			}
			ks[k-1].Out = turn(j.tan[k-1].Out, 1/span)
			ks[k].In = turn(j.tan[k].In, 1/span)
		}
	}
	return ks
}

// knots returns a resampled track's knots
// (docs/formats/milkshape-anm.md#baking-into-tracks): the keys' times and,
// inside each key interval, the times where a coordinate of the Hermite
// curve turns from bending one way to the other (its second derivative,
// linear on the interval, crosses zero). Between two knots every
// coordinate bends one way only, so a chord's largest distance from the
// curve is at most twice its distance at the chord's midpoint, which is
// what the glTF export measures (docs/formats/gltf-export.md#sampling): an
// interval centred on such a turn is as far from the curve at its quarters
// as it is close at its midpoint. Placing the curve (a rotation and a
// shift) keeps the distances.
func knots(j *bakeJob) []float64 {
	ks := make([]float64, 0, 4*len(j.pos))
	for k := range j.need {
		t0, t1 := float64(j.pos[k].Time)-j.shift, float64(j.pos[k+1].Time)-j.shift
		ks = append(ks, t0)
		if !(t1 > t0) {
			continue
		}
		var us []float64
		p0, p1, g0, g1 := &j.pos[k], &j.pos[k+1], &j.tan[k], &j.tan[k+1]
		for c := 0; c < 3; c++ {
			a0, a1 := secondDerivative(p0, p1, g0, g1, c)
			if (a0 < 0 && a1 > 0) || (a0 > 0 && a1 < 0) {
				us = append(us, a0/(a0-a1))
			}
		}
		slices.Sort(us)
		for _, u := range slices.Compact(us) {
			ks = append(ks, t0+(t1-t0)*u)
		}
	}
	return append(ks, float64(j.pos[len(j.pos)-1].Time)-j.shift)
}

// refRotation is AngleMatrix in float64, for placing baked positions.
func refRotation(a [3]float32) [3][3]float64 {
	sy, cy := math.Sincos(float64(a[2]))
	sp, cp := math.Sincos(float64(a[1]))
	sr, cr := math.Sincos(float64(a[0]))
	return [3][3]float64{
		{cp * cy, sr*sp*cy - cr*sy, cr*sp*cy + sr*sy},
		{cp * sy, sr*sp*sy + cr*cy, cr*sp*sy - sr*cy},
		{-sp, sr * cp, cr * cp},
	}
}
