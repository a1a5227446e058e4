package player

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Source is anything that produces a pose over time: a clip, a
// meta-animation tree, a transition between two sources.
type Source interface {
	// Duration is the source's length in seconds.
	Duration() float64
	// Sample writes the pose at time t (seconds, within [0, Duration]).
	Sample(t float64, p *Pose)
}

// ClipTime maps a playback time onto a clip's timeline: wrapped into
// [0, duration) when looping, clamped to [0, duration] otherwise.
func ClipTime(t, duration float64, loop bool) float64 {
	if duration <= 0 || math.IsNaN(t) {
		return 0
	}
	if loop {
		t = math.Mod(t, duration)
		if t < 0 {
			t += duration
		}
		return t
	}
	return math.Max(0, math.Min(t, duration))
}

// cursor caches the key interval found last, so that playing forward finds
// the next interval in O(1); random access falls back to a binary search.
type cursor int32

// find returns i with times[i] <= t < times[i+1], or -1 when t is before the
// first key, or len-1 when t is at or after the last key.
func (c *cursor) find(times []float64, t float64) int {
	n := len(times)
	i := int(*c)
	if i >= 0 && i < n && times[i] <= t && (i+1 == n || t < times[i+1]) {
		return i
	}
	if i+1 >= 0 && i+1 < n && times[i+1] <= t && (i+2 >= n || t < times[i+2]) {
		*c = cursor(i + 1)
		return i + 1
	}
	lo, hi := 0, n // first index with times[idx] > t
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if times[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	*c = cursor(lo - 1)
	return lo - 1
}

// boneCursors are the four track cursors of one bone.
type boneCursors struct {
	t, r, s, v cursor
}

// ClipSampler samples one clip over one skeleton. It keeps per-track cursors
// and so belongs to one playback; the clip itself is shared and never
// written.
type ClipSampler struct {
	skel    *formats.Skeleton
	clip    *formats.Clip
	cursors []boneCursors
}

// NewClipSampler returns a sampler of clip over sk. The clip must have been
// validated against the skeleton (formats.Asset.Validate).
func NewClipSampler(sk *formats.Skeleton, clip *formats.Clip) *ClipSampler {
	return &ClipSampler{skel: sk, clip: clip, cursors: make([]boneCursors, len(sk.Bones))}
}

// Clip returns the sampled clip.
func (s *ClipSampler) Clip() *formats.Clip { return s.clip }

// Duration returns the clip's duration.
func (s *ClipSampler) Duration() float64 { return s.clip.Duration }

// Sample writes the clip's pose at time t into p. Components without a
// channel take the bind value.
func (s *ClipSampler) Sample(t float64, p *Pose) {
	bones := s.skel.Bones
	tracks := s.clip.Tracks[:len(bones)]
	local := p.Local[:len(bones)]
	vis := p.Visible[:len(bones)]
	cur := s.cursors[:len(bones)]
	flavour := s.clip.Interp
	for i := range bones {
		tr := &tracks[i]
		bind := &bones[i].Bind
		c := &cur[i]
		out := &local[i]
		if flavour == formats.InterpLego {
			out.Translation = legoVec3(&tr.Translation, t, &c.t, bind.Translation, true)
			out.Rotation = legoQuat(&tr.Rotation, t, &c.r, bind.Rotation)
			out.Scale = legoVec3(&tr.Scale, t, &c.s, bind.Scale, false)
		} else {
			sampleVec3(&tr.Translation, t, &c.t, &bind.Translation, &out.Translation)
			sampleQuat(&tr.Rotation, t, &c.r, &bind.Rotation, &out.Rotation, flavour)
			sampleVec3(&tr.Scale, t, &c.s, &bind.Scale, &out.Scale)
		}
		vis[i] = sampleBool(&tr.Visibility, t, &c.v)
	}
}

// sampleVec3 writes through pointers: returning 12-byte values through the
// per-bone loop cost a third of the sampling time.
func sampleVec3(tr *formats.Vec3Track, t float64, c *cursor, bind, out *mgl32.Vec3) {
	n := len(tr.Times)
	switch {
	case n == 0:
		*out = *bind
		return
	case t <= tr.Times[0]:
		*out = tr.Values[0]
		return
	case t >= tr.Times[n-1]:
		*out = tr.Values[n-1]
		return
	}
	i := c.find(tr.Times, t)
	if tr.Flags != nil && tr.Flags[i+1]&formats.KeyStep != 0 {
		*out = tr.Values[i]
		return
	}
	a, b := &tr.Values[i], &tr.Values[i+1]
	f := factor(tr.Times, i, t)
	out[0] = a[0] + (b[0]-a[0])*f
	out[1] = a[1] + (b[1]-a[1])*f
	out[2] = a[2] + (b[2]-a[2])*f
}

func sampleQuat(tr *formats.QuatTrack, t float64, c *cursor, bind, out *mgl32.Quat, flavour formats.Interp) {
	*out = sampleQuatValue(tr, t, c, bind, flavour)
}

func sampleQuatValue(tr *formats.QuatTrack, t float64, c *cursor, bind *mgl32.Quat, flavour formats.Interp) mgl32.Quat {
	n := len(tr.Times)
	switch {
	case n == 0:
		return *bind
	case t <= tr.Times[0]:
		return tr.Values[0]
	case t >= tr.Times[n-1]:
		return tr.Values[n-1]
	}
	i := c.find(tr.Times, t)
	q0, q1 := &tr.Values[i], &tr.Values[i+1]
	sign := float32(1)
	if tr.Flags != nil {
		fl := tr.Flags[i+1]
		if fl&formats.KeyStep != 0 {
			return *q0
		}
		if fl&formats.KeyNegate != 0 {
			sign = -1
		}
	}
	f := factor(tr.Times, i, t)
	d := sign * dot4(q0, q1)
	if flavour == formats.InterpPrime {
		// Rare edge cases go through the full function; the common case of
		// close keys is inlined below.
		if f <= 1e-5 || f >= 0.99999 || d <= 0.95 || d >= 1 {
			return SlerpPrime(*q0, q1.Scale(sign), f)
		}
	} else {
		if d < 0 {
			sign, d = -sign, -d
		}
		if d <= 0.9995 {
			return slerpNoFlip(*q0, q1.Scale(sign), d, f)
		}
	}
	// Normalised lerp for keys close together, with the sign folded in.
	w := q0.W + (sign*q1.W-q0.W)*f
	x := q0.V[0] + (sign*q1.V[0]-q0.V[0])*f
	y := q0.V[1] + (sign*q1.V[1]-q0.V[1])*f
	z := q0.V[2] + (sign*q1.V[2]-q0.V[2])*f
	l2 := w*w + x*x + y*y + z*z
	if l2 == 0 {
		return *q0
	}
	inv := float32(1 / math.Sqrt(float64(l2)))
	return mgl32.Quat{W: w * inv, V: mgl32.Vec3{x * inv, y * inv, z * inv}}
}

func sampleBool(tr *formats.BoolTrack, t float64, c *cursor) bool {
	if len(tr.Times) == 0 {
		return true
	}
	i := c.find(tr.Times, t)
	if i < 0 {
		return true
	}
	return tr.Values[i]
}

func factor(times []float64, i int, t float64) float32 {
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

// legoKeys is LegoAnimNodeData::FindKeys: 0 keys before the first key (the
// channel contributes nothing), 1 key at a key's exact time or after the
// last, else 2 keys i and i+1.
func legoKeys(times []float64, t float64, c *cursor) (i, count int) {
	n := len(times)
	if n == 0 {
		return 0, 0
	}
	i = c.find(times, t)
	switch {
	case i < 0:
		return 0, 0
	case i >= n-1:
		return n - 1, 1
	case times[i] == t:
		return i, 1
	}
	return i, 2
}

// legoVec3 evaluates a LEGO translation (activeRule) or scale channel.
// Translation honours the recomputed active flag; scale ignores all flags.
func legoVec3(tr *formats.Vec3Track, t float64, c *cursor, bind mgl32.Vec3, activeRule bool) mgl32.Vec3 {
	i, k := legoKeys(tr.Times, t, c)
	active := func(j int) bool {
		return !activeRule || tr.Flags == nil || tr.Flags[j]&formats.KeyInactive == 0
	}
	switch k {
	case 1:
		if active(i) {
			return tr.Values[i]
		}
	case 2:
		if active(i) || active(i+1) {
			return lerp3(tr.Values[i], tr.Values[i+1], factor(tr.Times, i, t))
		}
	}
	return bind
}

// legoQuat evaluates a LEGO rotation channel (spec 1.3 GetRotation).
func legoQuat(tr *formats.QuatTrack, t float64, c *cursor, bind mgl32.Quat) mgl32.Quat {
	i, k := legoKeys(tr.Times, t, c)
	var fl func(j int) formats.KeyFlags
	if tr.Flags != nil {
		fl = func(j int) formats.KeyFlags { return tr.Flags[j] }
	} else {
		fl = func(int) formats.KeyFlags { return 0 }
	}
	switch k {
	case 1:
		if fl(i)&formats.KeyInactive == 0 {
			return tr.Values[i]
		}
	case 2:
		if fl(i)&formats.KeyInactive != 0 && fl(i+1)&formats.KeyInactive != 0 {
			return bind
		}
		next := fl(i + 1)
		if next&formats.KeyStep != 0 {
			return tr.Values[i]
		}
		q1 := tr.Values[i+1]
		if next&formats.KeyNegate != 0 {
			q1 = mgl32.Quat{W: -q1.W, V: q1.V.Mul(-1)}
		}
		return SlerpLego(tr.Values[i], q1, factor(tr.Times, i, t))
	}
	return bind
}
