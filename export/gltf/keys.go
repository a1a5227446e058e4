package gltf

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl64"
)

// Keys an animator can edit (docs/formats/gltf-export.md#keys): a clip's
// channel is written at its own key times wherever glTF's interpolation
// between them reproduces the player, and gets further keys only in the
// spans where it does not. The sampled grid (sampleTake) is the reference:
// it follows the player within the sampler's tolerance at every time, so
// a channel's keys are chosen from it, in the manner of Douglas and
// Peucker: start from the channel's source key times, and in each span
// between two keys where glTF's interpolation misses a grid sample by
// more than the channel's tolerance, keep the worst sample as a key and
// look at both halves again. Translation and scale are linear between
// grid samples, so checking the samples checks every time between them.
// MilkShape's Hermite positions are written as the curve itself
// (cubicKeys), and for Blender (Take.For) rotations are checked as its
// component-wise lerp too.

// chainTol is what the channels on a chain may miss by together, as a
// fraction of the figure's size: a joint's error is the sampled grid's
// (relTol) plus the misses of the animated channels of every bone above
// it, so each channel of a bone gets chainTol over the number of animated
// channels on the longest chain through it (chainChannels), and the
// round trip's 1e-4 holds.
const chainTol = 8e-5

// chainChannels returns, per bone, the number of animated channels
// (translation, rotation or scale that changes over the grid) on the
// chain from a root to a leaf through it that has the most; at least 1.
func chainChannels(sk *formats.Skeleton, s *sampled) []int {
	n := len(sk.Bones)
	own := make([]int, n)
	for b := range own {
		var t, r, sc bool
		for _, loc := range s.local[1:] {
			l, f := &loc[b], &s.local[0][b]
			t, r, sc = t || l.T != f.T, r || l.R != f.R, sc || l.S != f.S
		}
		for _, c := range [...]bool{t, r, sc} {
			if c {
				own[b]++
			}
		}
	}
	up, down := make([]int, n), make([]int, n)
	for i := range sk.Bones {
		up[i] = own[i]
		if p := sk.Bones[i].Parent; p >= 0 {
			up[i] += up[p]
		}
	}
	for i := n - 1; i >= 0; i-- {
		down[i] += own[i]
		if p := sk.Bones[i].Parent; p >= 0 {
			down[p] = max(down[p], down[i])
		}
	}
	out := make([]int, n)
	for i := range out {
		out[i] = max(up[i]+down[i]-own[i], 1)
	}
	return out
}

// levers returns, per bone, how far a unit miss of its translation
// (the largest world scale of its parent) and of its rotation or scale
// (the farthest joint below it, and at least the figure's size, which
// stands for the mesh and the stick it carries) can move a joint, over
// the take's grid.
func levers(sk *formats.Skeleton, s *sampled, size float64) (tScale, reach []float64) {
	n := len(sk.Bones)
	tScale, reach = make([]float64, n), make([]float64, n)
	for b := range reach {
		tScale[b], reach[b] = 1, size
	}
	w := make([]mgl64.Mat4, n)
	for _, loc := range s.local {
		worldOf(sk, loc, w)
		for b := range sk.Bones {
			p := sk.Bones[b].Parent
			if p < 0 {
				continue
			}
			for c := 0; c < 3; c++ {
				col := mgl64.Vec3{w[p][4*c], w[p][4*c+1], w[p][4*c+2]}
				tScale[b] = math.Max(tScale[b], col.Len())
			}
			pos := mgl64.Vec3{w[b][12], w[b][13], w[b][14]}
			for a := p; a >= 0; a = sk.Bones[a].Parent {
				d := pos.Sub(mgl64.Vec3{w[a][12], w[a][13], w[a][14]}).Len()
				reach[a] = math.Max(reach[a], d)
			}
		}
	}
	return tScale, reach
}

// sourceTimes returns the source key times of bone b's channel ch in a
// clip: the track's own times (a resampled track's knots), and under
// Echoes' rule a translation's parent's scale times too (the node carries
// the product). nil for a take without a clip.
func sourceTimes(c *formats.Clip, sk *formats.Skeleton, b, ch int) []float64 {
	if c == nil || b >= len(c.Tracks) {
		return nil
	}
	vec := func(v *formats.Vec3Track) []float64 {
		if v.Knots != nil {
			return v.Knots
		}
		return v.Times
	}
	tr := &c.Tracks[b]
	switch ch {
	case chT:
		ts := vec(&tr.Translation)
		if p := sk.Bones[b].Parent; sk.Compose == formats.ComposePrime2 && p >= 0 && p < len(c.Tracks) {
			if ps := vec(&c.Tracks[p].Scale); len(ps) > 0 {
				ts = append(slices.Clip(ts), ps...)
				slices.Sort(ts)
			}
		}
		return ts
	case chR:
		return tr.Rotation.Times
	}
	return vec(&tr.Scale)
}

// gridIndices maps times onto the nearest times of the grid, sorted and
// distinct, with the grid's ends.
func gridIndices(grid, ts []float64) []int {
	last := len(grid) - 1
	idx := []int{0, last}
	for _, t := range ts {
		if !(t > grid[0] && t < grid[last]) {
			continue
		}
		k, _ := slices.BinarySearch(grid, t)
		if k > 0 && t-grid[k-1] < grid[k]-t {
			k--
		}
		idx = append(idx, k)
	}
	slices.Sort(idx)
	return slices.Compact(idx)
}

// reduce returns the grid indices a linear channel keeps: the seeds, and
// in each span between kept indices where the channel's glTF
// interpolation misses a grid value by more than tol (miss measures it),
// the worst one, until none does.
//
// miss is also asked about the time halfway from grid index k to k+1
// (half true), where the reference is the grid's own interpolation: a
// rotation's slerp and normalised lerp part most between the grid's
// times, which the sampler checked only for the grid's own neighbours.
func reduce(times []float32, seeds []int, miss func(i, j, k int, f float64, half bool) float64, tol float64) []int {
	keep := make([]bool, len(times))
	for _, k := range seeds {
		keep[k] = true
	}
	// The spans still to look at, on a stack rather than by recursion,
	// whose depth could reach the grid's length.
	var spans [][2]int
	split := func(i, j int) {
		spans = append(spans[:0], [2]int{i, j})
		for len(spans) > 0 {
			i, j := spans[len(spans)-1][0], spans[len(spans)-1][1]
			spans = spans[:len(spans)-1]
			if j-i <= 1 {
				continue
			}
			worst, at := tol, -1
			span := float64(times[j]) - float64(times[i])
			for k := i; k < j; k++ {
				for _, half := range [...]bool{false, true} {
					if !half && k == i || half && j-i == 1 {
						continue
					}
					tk := float64(times[k])
					if half {
						tk = (tk + float64(times[k+1])) / 2
					}
					f := 0.0
					if span > 0 {
						f = (tk - float64(times[i])) / span
					}
					if e := miss(i, j, k, f, half); e > worst || math.IsNaN(e) {
						// Split at a grid time: the half's left end
						// or right end, whichever is inside.
						worst, at = e, k
						if half && k == i {
							at = k + 1
						}
						if math.IsNaN(e) {
							break
						}
					}
				}
			}
			if at < 0 {
				continue
			}
			keep[at] = true
			spans = append(spans, [2]int{i, at}, [2]int{at, j})
		}
	}
	prev := -1
	for k := range keep {
		if !keep[k] {
			continue
		}
		if prev >= 0 {
			split(prev, k)
		}
		prev = k
	}
	var out []int
	for k, kp := range keep {
		if kp {
			out = append(out, k)
		}
	}
	return out
}

// vecMiss measures a translation or scale channel's miss: the largest
// component's distance from the lerp, times lever, with float32 rounding
// of the values forgiven.
func vecMiss(vals []float32, lever float64) func(i, j, k int, f float64, half bool) float64 {
	return func(i, j, k int, f float64, half bool) float64 {
		if half {
			// Linear between grid times: the grid times tell.
			return 0
		}
		worst := 0.0
		for c := 0; c < 3; c++ {
			a, b, v := float64(vals[3*i+c]), float64(vals[3*j+c]), float64(vals[3*k+c])
			d := math.Abs(a + (b-a)*f - v)
			ulp := 4 * float64(math.Nextafter32(float32(math.Abs(v)), float32(math.Inf(1)))-float32(math.Abs(v)))
			worst = math.Max(worst, math.Max(d-ulp, 0))
		}
		return worst * lever
	}
}

// rotMiss measures a rotation channel's miss: the angle between the
// grid's rotation and glTF's slerp of the keys (and, for blender, the
// larger of that and Blender's normalised lerp's), times lever.
func rotMiss(vals []float32, lever float64, blender bool) func(i, j, k int, f float64, half bool) float64 {
	q := func(k int) mgl64.Quat {
		return mgl64.Quat{W: float64(vals[4*k+3]), V: mgl64.Vec3{float64(vals[4*k]), float64(vals[4*k+1]), float64(vals[4*k+2])}}
	}
	return func(i, j, k int, f float64, half bool) float64 {
		a, b, v := q(i), q(j), q(k)
		if half {
			v = slerpGLTF(v, q(k+1), 0.5)
		}
		e := angleBetween(slerpGLTF(a, b, f), v)
		if blender {
			e = math.Max(e, angleBetween(nlerpContinuous(a, b, f), v))
		}
		return math.Max(e-1e-6, 0) * lever
	}
}

// angleBetween returns the angle of the rotation taking unit quaternion
// a to b (either sign).
func angleBetween(a, b mgl64.Quat) float64 {
	if a.Dot(b) < 0 {
		b = b.Scale(-1)
	}
	d := mgl64.Quat{W: a.W - b.W, V: a.V.Sub(b.V)}.Len()
	s := mgl64.Quat{W: a.W + b.W, V: a.V.Add(b.V)}.Len()
	return 4 * math.Atan2(d, s)
}

// chanKeys is one channel's values on the grid (ts and vals, as keys
// returns them) and, for a channel whose keys are reduced, what reduce
// needs and the grid indices it kept.
type chanKeys struct {
	width  int
	step   bool
	ts     []int
	vals   []float32
	reduce bool
	tol    float64
	miss   func(i, j, k int, f float64, half bool) float64
	seeds  []int
	kept   []int
	// cubic marks a channel written as glTF's CUBICSPLINE: its key
	// times cubicTimes and output cubicOut (cubicKeys).
	cubic      bool
	cubicTimes []float32
	cubicOut   []float32
}

// jointBudget is what a take's reduced keys may miss the sampled grid by,
// at any joint and at the figure's size from it (the mesh a bone carries),
// as a fraction of the figure's size, when relax loosens the channels'
// tolerances: chainTol, the bound the unrelaxed tolerances give, so that
// with the sampler's relTol the round trip's 1e-4 holds.
const jointBudget = chainTol

// maxRelaxRounds bounds relax's rounds of play.
const maxRelaxRounds = 8

// relax reduces the channels' keys (chans[b*nCh+ch].kept). The channel
// tolerances (chainTol shared by the channels of a chain) bound the
// joints' error however the channels' misses add up, which they seldom
// do; so when verify, each tolerance is first multiplied by 16, and the
// whole skeleton is played from the keys, with glTF's slerp (and, for
// blender, with Blender's normalised lerp too; keysFollow): wherever a bone misses the grid
// by more than jointBudget, the factors of its channels (or, where those
// are at 1, of its nearest ancestor's still above 1) are halved and those
// channels reduced again, until every bone follows or the factors are
// back at 1, where the tolerances' own bound holds (after maxRelaxRounds
// rounds, all are). verify is false under Echoes' rule, whose scale
// helpers the joints do not show.
func relax(sk *formats.Skeleton, s *sampled, times []float32, chans []chanKeys, size float64, verify, blender bool) {
	r := make([]float64, len(chans))
	for i := range r {
		r[i] = 1
		if verify {
			r[i] = 16
		}
	}
	dirty := make([]bool, len(chans))
	for i := range dirty {
		dirty[i] = true
	}
	for round := 0; ; round++ {
		if round == maxRelaxRounds {
			// Each round plays the whole take again: past a few,
			// the tolerances as they are.
			for i := range r {
				dirty[i], r[i] = r[i] != 1, 1
			}
			verify = false
		}
		for i := range chans {
			if c := &chans[i]; c.reduce && dirty[i] {
				c.kept = reduce(times, c.seeds, c.miss, c.tol*r[i])
				dirty[i] = false
			}
		}
		if !verify {
			return
		}
		missed := keysFollow(sk, s, times, chans, size, blender)
		changed := false
		for b, m := range missed {
			if !m {
				continue
			}
			// The nearest bone up the chain whose channels are still
			// relaxed: its own first, then its parent's, and so on.
			for a := b; a >= 0; a = sk.Bones[a].Parent {
				halved := false
				for ch := 0; ch < nCh; ch++ {
					if i := a*nCh + ch; chans[i].reduce && r[i] > 1 {
						r[i] /= 2
						dirty[i], changed, halved = true, true, true
					}
				}
				if halved {
					break
				}
			}
		}
		if !changed {
			return
		}
	}
}

// keysFollow returns the bones that, played from the channels' kept keys,
// miss the sampled grid by more than jointBudget of size at a grid time
// or halfway between grid times: a joint's position, or its axes at the
// figure's size from it, with rotations interpolated by glTF's slerp
// (and, for blender, by Blender's normalised component-wise lerp too),
// and CUBICSPLINE channels by glTF's cubic Hermite spline.
func keysFollow(sk *formats.Skeleton, s *sampled, times []float32, chans []chanKeys, size float64, blender bool) (missed []bool) {
	readings := []bool{false}
	if blender {
		readings = append(readings, true)
	}
	n, nb := len(times), len(sk.Bones)
	ref, fit := make([]trs, nb), make([]trs, nb)
	wRef, wFit := make([]mgl64.Mat4, nb), make([]mgl64.Mat4, nb)
	seg := make([]int, len(chans))
	limit := jointBudget * size
	missed = make([]bool, nb)
	for k := 0; k < n; k++ {
		for _, half := range [...]bool{false, true} {
			if half && k+1 >= n {
				continue
			}
			t := float64(times[k])
			copy(ref, s.local[k])
			if half {
				t = (t + float64(times[k+1])) / 2
				for b := range ref {
					a, c := &s.local[k][b], &s.local[k+1][b]
					ref[b] = trs{T: a.T.Add(c.T.Sub(a.T).Mul(0.5)), R: slerpGLTF(a.R, c.R, 0.5), S: a.S.Add(c.S.Sub(a.S).Mul(0.5))}
				}
			}
			worldOf(sk, ref, wRef)
			for _, blender := range readings {
				copy(fit, ref)
				for ci := range chans {
					c := &chans[ci]
					if c.cubic {
						for seg[ci]+2 < len(c.cubicTimes) && c.cubicTimes[seg[ci]+1] <= float32(t) {
							seg[ci]++
						}
						p := hermiteAt(c.cubicTimes, c.cubicOut, seg[ci], t)
						fit[ci/nCh].T = mgl64.Vec3(p)
						continue
					}
					if !c.reduce {
						continue
					}
					for seg[ci]+2 < len(c.kept) && c.kept[seg[ci]+1] <= k {
						seg[ci]++
					}
					i, j := c.kept[seg[ci]], c.kept[seg[ci]+1]
					f := (t - float64(times[i])) / (float64(times[j]) - float64(times[i]))
					b, ch := ci/nCh, ci%nCh
					v := func(m int) []float64 {
						out := make([]float64, c.width)
						for q := range out {
							out[q] = float64(c.vals[m*c.width+q])
						}
						return out
					}
					x, y := v(i), v(j)
					if ch == chR {
						qa := mgl64.Quat{W: x[3], V: mgl64.Vec3{x[0], x[1], x[2]}}
						qb := mgl64.Quat{W: y[3], V: mgl64.Vec3{y[0], y[1], y[2]}}
						if blender {
							fit[b].R = nlerpContinuous(qa, qb, f)
						} else {
							fit[b].R = slerpGLTF(qa, qb, f)
						}
						continue
					}
					l := mgl64.Vec3{x[0] + (y[0]-x[0])*f, x[1] + (y[1]-x[1])*f, x[2] + (y[2]-x[2])*f}
					if ch == chT {
						fit[b].T = l
					} else {
						fit[b].S = l
					}
				}
				worldOf(sk, fit, wFit)
				for b := 0; b < nb; b++ {
					p, q := &wRef[b], &wFit[b]
					d := mgl64.Vec3{p[12] - q[12], p[13] - q[13], p[14] - q[14]}.Len()
					for col := 0; col < 3; col++ {
						e := mgl64.Vec3{p[4*col] - q[4*col], p[4*col+1] - q[4*col+1], p[4*col+2] - q[4*col+2]}.Len() * size
						d = math.Max(d, e)
					}
					if !(d <= limit) {
						missed[b] = true
					}
				}
			}
		}
	}
	return missed
}

// cubicKeys returns the keys of a translation channel whose track samples
// a cubic Hermite curve (formats.Vec3Track.Curve, MilkShape's positions
// with their looped tangents): the curve's key times and glTF's
// CUBICSPLINE output (in-tangent, value, out-tangent per key, tangents per
// second), converted. The conversion is linear, so it takes values and
// tangents alike. ok is false, and the channel is written LINEAR, where
// the key times are not strictly increasing as float32 within [0, the
// grid's end], or where the written cubic misses the channel's grid values
// vals by more than tol (lever and the float32 rounding as in vecMiss) at
// a grid time.
func cubicKeys(curve []formats.HermiteKey, conv *Conversion, times []float32, vals []float32, lever, tol float64) (ts, out []float32, ok bool) {
	if len(curve) < 2 || len(times) == 0 {
		return nil, nil, false
	}
	vec := func(v [3]float64) [3]float32 {
		c := conv.Basis.Mul3x1(mgl64.Vec3(v)).Mul(conv.Units)
		return [3]float32{float32(c[0]), float32(c[1]), float32(c[2])}
	}
	ts = make([]float32, len(curve))
	out = make([]float32, 0, 9*len(curve))
	for k := range curve {
		ts[k] = float32(curve[k].Time)
		if ts[k] < times[0] || ts[k] > times[len(times)-1] || k > 0 && !(ts[k] > ts[k-1]) {
			return nil, nil, false
		}
		in, v, o := vec(curve[k].In), vec(curve[k].Value), vec(curve[k].Out)
		out = append(out, in[:]...)
		out = append(out, v[:]...)
		out = append(out, o[:]...)
	}
	seg := 0
	for g, tg := range times {
		for seg+2 < len(ts) && ts[seg+1] <= tg {
			seg++
		}
		p := hermiteAt(ts, out, seg, float64(tg))
		for c := 0; c < 3; c++ {
			v := float64(vals[3*g+c])
			ulp := 4 * float64(math.Nextafter32(float32(math.Abs(v)), float32(math.Inf(1)))-float32(math.Abs(v)))
			if d := math.Max(math.Abs(p[c]-v)-ulp, 0) * lever; !(d <= tol) {
				return nil, nil, false
			}
		}
	}
	return ts, out, true
}

// hermiteAt evaluates a CUBICSPLINE vec3 sampler (key times ts, output
// out as glTF lays it out) on its piece seg at time t by the glTF
// specification (Appendix C), holding the end keys outside the times.
func hermiteAt(ts, out []float32, seg int, t float64) [3]float64 {
	at := func(k, off, c int) float64 { return float64(out[9*k+off+c]) }
	var p [3]float64
	n := len(ts)
	switch {
	case t <= float64(ts[0]):
		for c := range p {
			p[c] = at(0, 3, c)
		}
		return p
	case t >= float64(ts[n-1]):
		for c := range p {
			p[c] = at(n-1, 3, c)
		}
		return p
	}
	t0, t1 := float64(ts[seg]), float64(ts[seg+1])
	td := t1 - t0
	u := (t - t0) / td
	u2, u3 := u*u, u*u*u
	for c := range p {
		p[c] = (2*u3-3*u2+1)*at(seg, 3, c) + td*(u3-2*u2+u)*at(seg, 6, c) +
			(-2*u3+3*u2)*at(seg+1, 3, c) + td*(u3-u2)*at(seg+1, 0, c)
	}
	return p
}
