package player

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Sampling directly from the keys, without track caches: frameSampler
// always, trackSampler at a jump (a seek, a loop's wrap too long to
// replay), where filling the caches would be wasted if the next sample
// jumps again. The results are the caches' to the bit
// (TestSamplerForwardMatchesSeek).

// directMemo remembers the interval found in the last Times slice during
// one Sample call, so tracks that share their key times search them once.
type directMemo struct {
	first *float64
	n, i  int
	f     float32
}

// locate returns the interval index and factor of t in times, which must
// lie strictly between the first and last key.
func (m *directMemo) locate(times []float64, t float64, c *cursor) (int, float32) {
	if &times[0] == m.first && len(times) == m.n {
		*c = cursor(m.i)
		return m.i, m.f
	}
	i := c.find(times, t)
	f := keyFactor(times, i, t)
	m.first, m.n, m.i, m.f = &times[0], len(times), i, f
	return i, f
}

// keyFactor is the factor of t in interval i, as span.factor computes it.
func keyFactor(times []float64, i int, t float64) float32 {
	span := times[i+1] - times[i]
	if span <= 0 {
		return 0
	}
	f := (t - times[i]) / span
	if f > 1 {
		f = 1
	}
	return float32(f)
}

// frameSampler samples clips whose tracks share timelines: Metroid
// Prime's key bitmap (every channel keyed on the clip's frames, some
// frames skipped) and The Sims' motions (every channel a value per
// frame). It samples the keys directly (directPose): one search per
// timeline and sample serves every track on it, and with keys a frame
// apart a cache per track would be filled for every other sample and
// cost more than it saves (BenchmarkPlayPrime).
type frameSampler struct {
	sampled
	cur []directCursors
	// lenSq is a bone's squared rotation length between the two passes
	// of a Metroid Prime or Echoes sample.
	lenSq []float32
	// vis is the visibility tracks' cursors; anyVis says that some bone
	// has a visibility track.
	vis    []cursor
	anyVis bool
}

func newFrameSampler(sk *formats.Skeleton, clip *formats.Clip) *frameSampler {
	n := len(sk.Bones)
	s := &frameSampler{sampled: newSampled(sk, clip), cur: make([]directCursors, n), lenSq: make([]float32, n),
		vis: make([]cursor, n), anyVis: hasVisibility(sk, clip)}
	for i := range s.cur {
		s.cur[i] = directCursors{t: noPiece, r: noPiece, s: noPiece}
		s.vis[i] = -1
	}
	return s
}

// Sample writes the clip's pose at time t into p. Components without a
// channel take the bind value.
func (s *frameSampler) Sample(t float64, p *Pose) {
	n := len(s.skel.Bones)
	t = finiteTime(t)
	directPose(s.skel.Bones, s.clip.Tracks, s.clip.Interp, t, s.cur, s.lenSq, p.Local[:n])
	sampleVisibility(s.clip.Tracks[:n], t, s.vis, p.Visible[:n], s.anyVis)
	copyMask(p.Translated, s.hasT)
}

// directCursors are a bone's key cursors for direct sampling.
type directCursors struct{ t, r, s cursor }

// directPose writes the pose at t sampled directly from the keys of every
// track (interp's rules) into local, cur holding each bone's cursors and
// lenSq the Prime flavours' scratch.
func directPose(bones []formats.Bone, tracks []formats.BoneTracks, interp formats.Interp, t float64, cur []directCursors, lenSq []float32, local []formats.Transform) {
	n := len(local)
	bones, tracks, cur = bones[:n], tracks[:n], cur[:n]
	var m directMemo
	prime := interp == formats.InterpPrime || interp == formats.InterpPrime2
	lenSq = lenSq[:n]
	for i := range local {
		c, tr, out, bind := &cur[i], &tracks[i], &local[i], &bones[i].Bind
		if len(tr.Translation.Times) == 0 {
			out.Translation = bind.Translation
		} else {
			directVec3(&tr.Translation, t, &c.t, &m, &out.Translation)
		}
		if prime {
			lenSq[i] = 1
		}
		switch {
		case len(tr.Rotation.Times) == 0:
			out.Rotation = bind.Rotation
		case prime:
			directPrimeQuat(&tr.Rotation, t, &c.r, &m, &out.Rotation, &lenSq[i], interp == formats.InterpPrime2)
		default:
			directArc(&tr.Rotation, t, &c.r, &m, &out.Rotation)
		}
		if len(tr.Scale.Times) == 0 {
			out.Scale = bind.Scale
		} else {
			directVec3(&tr.Scale, t, &c.s, &m, &out.Scale)
		}
	}
	// The lerp branch's normalisation, as in trackSampler.Sample's second
	// pass.
	if prime {
		normalizeLerps(local, lenSq, interp == formats.InterpPrime2)
	}
}

// directVec3 writes a translation or scale track's value at t.
func directVec3(tr *formats.Vec3Track, t float64, c *cursor, m *directMemo, out *mgl32.Vec3) {
	n := len(tr.Times)
	switch {
	case !(t > tr.Times[0]):
		*out = tr.Values[0]
		return
	case t >= tr.Times[n-1]:
		*out = tr.Values[n-1]
		return
	}
	i, f := m.locate(tr.Times, t, c)
	if tr.Flags != nil && tr.Flags[i+1]&formats.KeyStep != 0 {
		*out = tr.Values[i]
		return
	}
	a, b := &tr.Values[i], &tr.Values[i+1]
	out[0] = a[0] + float32((b[0]-a[0])*f)
	out[1] = a[1] + float32((b[1]-a[1])*f)
	out[2] = a[2] + float32((b[2]-a[2])*f)
}
