package gltf

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/qmuntal/gltf"
)

// animation writes one sampled take as a glTF animation: translation,
// rotation and scale channels for every bone (constant ones too, with one
// key, so that switching animations in an importer leaves no bone where
// the previous one put it), and a STEP scale channel on each visibility helper. Under
// Echoes' rule a bone's scale goes to its scale helper, scaleNode[b], and
// a bone without one has no scale channel (its scale is 1 throughout).
//
// A clip's channels keep their own key times where glTF's interpolation
// follows the player (keys.go), MilkShape's Hermite positions as
// CUBICSPLINE channels unless the take is for Blender (Take.For); a take
// without source keys (a
// meta-animation tree) keeps the sampled grid, and a take with a
// BakeRate writes every channel at every time of its uniform grid.
//
// A channel that no take of the document moves from the rest pose (still,
// stillChannels) is not written, but in a uniform bake.
func animation(buf *buffer, sk *formats.Skeleton, conv *Conversion, tk *Take, s *sampled, scaleNode, helper []int, size float64, name string, still []bool) *gltf.Animation {
	prime2 := sk.Compose == formats.ComposePrime2
	an := &gltf.Animation{Name: name, Extras: takeExtras(sk, tk, s)}
	times := make([]float32, len(s.times))
	for i, t := range s.times {
		times[i] = float32(t)
	}
	ends := []float32{times[0], times[len(times)-1]}
	if len(times) == 1 {
		ends = ends[:1]
	}
	// Input accessors are shared by every channel with the same times.
	inputs := map[string]int{}
	input := func(ts []float32) int {
		key := string(timeBytes(ts))
		if a, ok := inputs[key]; ok {
			return a
		}
		a := buf.floats(ts, gltf.AccessorScalar, 0, true)
		inputs[key] = a
		return a
	}
	own := tk.Clip != nil && !(tk.BakeRate > 0)
	var tScale, reach []float64
	var chains []int
	if own {
		tScale, reach = levers(sk, s, size)
		chains = chainChannels(sk, s)
	}
	outKeys := 0
	channel := func(node int, path gltf.TRSProperty, step bool, ts []float32, vals []float32, typ gltf.AccessorType) {
		interp := gltf.InterpolationLinear
		if step {
			interp = gltf.InterpolationStep
		}
		an.Samplers = append(an.Samplers, &gltf.AnimationSampler{
			Input: input(ts), Output: buf.floats(vals, typ, 0, false), Interpolation: interp})
		an.Channels = append(an.Channels, &gltf.AnimationChannel{
			Sampler: len(an.Samplers) - 1,
			Target:  gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
	}
	// First every channel's grid values; then the keys, reduced at a
	// tolerance relaxed as far as the joints allow (relax); then the
	// channels are written.
	chans := make([]chanKeys, len(sk.Bones)*nCh)
	for b := range sk.Bones {
		for ch := 0; ch < nCh; ch++ {
			c := &chans[b*nCh+ch]
			c.width = 3
			if ch == chR {
				c.width = 4
			}
			value := func(k int, v []float32) {
				l := &s.local[k][b]
				switch ch {
				case chT:
					v[0], v[1], v[2] = float32(l.T[0]), float32(l.T[1]), float32(l.T[2])
				case chR:
					v[0], v[1], v[2], v[3] = float32(l.R.V[0]), float32(l.R.V[1]), float32(l.R.V[2]), float32(l.R.W)
				default:
					v[0], v[1], v[2] = float32(l.S[0]), float32(l.S[1]), float32(l.S[2])
				}
			}
			c.step = s.step[b*nCh+ch]
			c.ts, c.vals = keys(len(times), c.width, value, c.step && !(tk.BakeRate > 0))
			if own && !c.step && len(c.ts) > 2 {
				c.tol = chainTol * size / float64(chains[b])
				if ch == chT && !prime2 && tk.For == ForGLTF && b < len(tk.Clip.Tracks) && tk.Clip.Tracks[b].Translation.Curve != nil {
					// MilkShape's Hermite positions: the curve itself,
					// at the file's key times. The player follows the
					// curve within the loader's resampling error, which
					// can pass the channel's share of the chain's budget
					// where the loader's budget capped its samples (the
					// ninja's root: 4.7e-6 of the figure's size): a
					// quarter of the budget is allowed, and relax plays
					// the cubic with the other channels.
					c.cubicTimes, c.cubicOut, c.cubic = cubicKeys(tk.Clip.Tracks[b].Translation.Curve, conv, times, c.vals, tScale[b], jointBudget*size/4)
					if c.cubic {
						continue
					}
				}
				c.reduce = true
				switch ch {
				case chT:
					c.miss = vecMiss(c.vals, tScale[b])
				case chR:
					c.miss = rotMiss(c.vals, reach[b], tk.For == ForBlender)
				default:
					c.miss = vecMiss(c.vals, reach[b])
				}
				c.seeds = gridIndices(s.times, sourceTimes(tk.Clip, sk, b, ch))
			}
		}
	}
	if own {
		relax(sk, s, times, chans, size, !prime2, tk.For == ForBlender)
	}
	// A constant channel needs one key: glTF holds a sampler's only value
	// over the whole animation. The animation's length is its samplers'
	// latest input, so while another channel moves (its keys run from the
	// first time to the last) one key is enough; a take in which nothing
	// moves keeps two keys on its first channel, to last its duration.
	moving := false
	for i := range chans {
		moving = moving || len(chans[i].ts) > 1
	}
	spanned := moving
	for b := range sk.Bones {
		for ch := 0; ch < nCh; ch++ {
			typ, path := gltf.AccessorVec3, gltf.TRSTranslation
			switch ch {
			case chR:
				typ, path = gltf.AccessorVec4, gltf.TRSRotation
			case chS:
				path = gltf.TRSScale
			}
			node := b
			if ch == chS && prime2 {
				if node = scaleNode[b]; node < 0 {
					continue
				}
			}
			c := &chans[b*nCh+ch]
			if still[b*nCh+ch] && spanned && !(tk.BakeRate > 0) {
				continue
			}
			if c.cubic {
				outKeys += len(c.cubicTimes)
				an.Samplers = append(an.Samplers, &gltf.AnimationSampler{
					Input: input(c.cubicTimes), Output: buf.floats(c.cubicOut, typ, 0, false), Interpolation: gltf.InterpolationCubicSpline})
				an.Channels = append(an.Channels, &gltf.AnimationChannel{
					Sampler: len(an.Samplers) - 1,
					Target:  gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
				continue
			}
			width, step, ts, vals := c.width, c.step, c.ts, c.vals
			if c.reduce {
				ts = c.kept
				kept := make([]float32, 0, len(ts)*width)
				for _, k := range ts {
					kept = append(kept, vals[k*width:(k+1)*width]...)
				}
				vals = kept
			}
			if ch == chR {
				continuous(vals)
			}
			kt := make([]float32, len(ts))
			for i, k := range ts {
				kt[i] = times[k]
			}
			// A uniform bake keys a constant channel at every frame too;
			// otherwise it has one key (see moving above), and two on the
			// first channel of a take that holds still.
			if len(kt) == 1 && tk.BakeRate > 0 {
				kt = times
				v := vals
				for len(vals) < len(times)*width {
					vals = append(vals, v...)
				}
			} else if len(kt) == 1 && len(ends) == 2 && !spanned {
				kt = ends
				vals = append(vals, vals...)
			}
			// One channel is enough to carry a take in which nothing
			// moves (a one-frame pose has no length to last).
			spanned = true
			outKeys += len(kt)
			channel(node, path, step || len(ts) == 1, kt, vals, typ)
		}
		if helper[b] >= 0 {
			ts, vals := keys(len(times), 3, func(k int, v []float32) {
				f := float32(0)
				if s.vis[k][b] {
					f = 1
				}
				v[0], v[1], v[2] = f, f, f
			}, true)
			kt := make([]float32, len(ts))
			for i, k := range ts {
				kt[i] = times[k]
			}
			outKeys += len(kt)
			channel(helper[b], gltf.TRSScale, true, kt, vals, gltf.AccessorVec3)
		}
	}
	if ex, ok := an.Extras.(map[string]any); ok {
		ex["output_keys"] = outKeys
	}
	return an
}

// keys returns the grid indices to keep and their values (width floats
// each, written by value): every index for a channel that interpolates,
// only the changes for one that steps, and one key for a channel that
// never changes.
func keys(n, width int, value func(k int, v []float32), step bool) ([]int, []float32) {
	all := make([]float32, n*width)
	changes := false
	for k := 0; k < n; k++ {
		v := all[k*width : (k+1)*width]
		value(k, v)
		if k > 0 && !equal(v, all[(k-1)*width:k*width]) {
			changes = true
		}
	}
	if !changes {
		return []int{0}, all[:width]
	}
	if !step {
		idx := make([]int, n)
		for k := range idx {
			idx[k] = k
		}
		return idx, all
	}
	var idx []int
	var vals []float32
	for k := 0; k < n; k++ {
		v := all[k*width : (k+1)*width]
		if k > 0 && equal(v, all[(k-1)*width:k*width]) {
			continue
		}
		idx = append(idx, k)
		vals = append(vals, v...)
	}
	return idx, vals
}

// continuous flips the sign of rotation keys (x, y, z, w runs) so that each
// lies on the previous one's side: the same rotations, and importers that
// interpolate components (Blender) take the short way as slerp does.
func continuous(q []float32) {
	for k := 4; k+4 <= len(q); k += 4 {
		d := q[k]*q[k-4] + q[k+1]*q[k-3] + q[k+2]*q[k-2] + q[k+3]*q[k-1]
		if d < 0 {
			for c := k; c < k+4; c++ {
				q[c] = -q[c]
			}
		}
	}
}

func equal(a, b []float32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// timeBytes returns the bytes of key times, as a map key.
func timeBytes(ts []float32) []byte {
	b := make([]byte, 0, 4*len(ts))
	for _, t := range ts {
		u := math.Float32bits(t)
		b = append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
	}
	return b
}
