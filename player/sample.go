package player

import (
	"github.com/animview/animview/internal/retromath"
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

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

// timesMemo remembers the interval found in the last Times slice during one
// Sample call, so tracks that share their key times search them once.
type timesMemo struct {
	first *float64
	n, i  int
	f     float32
}

// locate returns the interval index and factor of t in times, which must lie
// strictly between the first and last key.
func (m *timesMemo) locate(times []float64, t float64, c *cursor) (int, float32) {
	if &times[0] == m.first && len(times) == m.n {
		*c = cursor(m.i)
		return m.i, m.f
	}
	i := c.find(times, t)
	f := factor(times, i, t)
	m.first, m.n, m.i, m.f = &times[0], len(times), i, f
	return i, f
}

// boneCursors are the four track cursors of one bone.
type boneCursors struct {
	t, r, s, v cursor
	// The LEGO channels cache the constant terms of their current
	// interval.
	legoT, legoS legoSpan
	legoR        legoInterval
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
	prime := flavour == formats.InterpPrime || flavour == formats.InterpPrime2
	echoes := flavour == formats.InterpPrime2
	// Formats with one timeline per clip (Metroid Prime's key bitmap, Sims
	// frames) share one Times slice across tracks: find the interval once.
	var memo timesMemo
	for i := range bones {
		tr := &tracks[i]
		bind := &bones[i].Bind
		c := &cur[i]
		out := &local[i]
		if flavour == formats.InterpLego {
			vis[i] = legoBone(tr, t, c, bind, out)
		} else {
			// Empty channels are common (no scale, no visibility): skip
			// the call for them.
			if len(tr.Translation.Times) == 0 {
				out.Translation = bind.Translation
			} else {
				sampleVec3(&tr.Translation, t, &c.t, &memo, &bind.Translation, &out.Translation)
			}
			if len(tr.Rotation.Times) == 0 {
				out.Rotation = bind.Rotation
			} else if prime {
				samplePrimeQuat(&tr.Rotation, t, &c.r, &memo, &bind.Rotation, &out.Rotation, echoes)
			} else {
				sampleQuat(&tr.Rotation, t, &c.r, &memo, &bind.Rotation, &out.Rotation)
			}
			if len(tr.Scale.Times) == 0 {
				out.Scale = bind.Scale
			} else {
				sampleVec3(&tr.Scale, t, &c.s, &memo, &bind.Scale, &out.Scale)
			}
			vis[i] = len(tr.Visibility.Times) == 0 || sampleBool(&tr.Visibility, t, &c.v)
		}
	}
}

// sampleVec3 writes through pointers: returning 12-byte values through the
// per-bone loop cost a third of the sampling time.
func sampleVec3(tr *formats.Vec3Track, t float64, c *cursor, m *timesMemo, bind, out *mgl32.Vec3) {
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
	i, f := m.locate(tr.Times, t, c)
	if tr.Flags != nil && tr.Flags[i+1]&formats.KeyStep != 0 {
		*out = tr.Values[i]
		return
	}
	a, b := &tr.Values[i], &tr.Values[i+1]
	out[0] = a[0] + (b[0]-a[0])*f
	out[1] = a[1] + (b[1]-a[1])*f
	out[2] = a[2] + (b[2]-a[2])*f
}

// sampleQuat samples a rotation track along the shortest arc
// (formats.InterpShortestArc); the Prime flavours have samplePrimeQuat and
// LEGO Island's legoBone.
func sampleQuat(tr *formats.QuatTrack, t float64, c *cursor, m *timesMemo, bind, out *mgl32.Quat) {
	*out = sampleQuatValue(tr, t, c, m, bind)
}

// samplePrimeQuat is sampleQuat for the Metroid Prime flavours (echoes
// selects Echoes'). It writes through out: the lerp branch, taken for the
// close keys that make up most of a clip, is lerpPrimeTo itself, and
// SlerpPrime or SlerpPrime2 the rest.
func samplePrimeQuat(tr *formats.QuatTrack, t float64, c *cursor, m *timesMemo, bind, out *mgl32.Quat, echoes bool) {
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
	i, f := m.locate(tr.Times, t, c)
	q0, q1 := &tr.Values[i], &tr.Values[i+1]
	sign := float32(1)
	if tr.Flags != nil {
		fl := tr.Flags[i+1]
		if fl&formats.KeyStep != 0 {
			*out = *q0
			return
		}
		if fl&formats.KeyNegate != 0 {
			sign = -1
		}
	}
	if echoes {
		if sign*primeDot(q0, q1) >= prime2LerpDot {
			lerpPrimeTo(out, q0, q1, sign, f, true)
		} else {
			*out = SlerpPrime2(*q0, q1.Scale(sign), f)
		}
		return
	}
	// SlerpPrime's branches in its order, all but the slerp inlined:
	// sampling at a key's time lands on the end snaps, close keys in the
	// lerp band.
	switch {
	case f <= primeSnapStart:
		*out = *q0
		return
	case f >= primeSnapEnd:
		*out = q1.Scale(sign)
		return
	}
	switch d := sign * primeDot(q0, q1); {
	case d >= 1:
		*out = *q0
		return
	case !(d > primeLerpDot):
		*out = SlerpPrime(*q0, q1.Scale(sign), f)
		return
	}
	// lerpPrimeTo(out, q0, q1, sign, f, false), inlined by hand: the calls
	// cost Metroid Prime clips a tenth of their sampling time.
	x := q0.V[0] + float32(f*(sign*q1.V[0]-q0.V[0]))
	y := q0.V[1] + float32(f*(sign*q1.V[1]-q0.V[1]))
	z := q0.V[2] + float32(f*(sign*q1.V[2]-q0.V[2]))
	w := retromath.FMAddS(f, sign*q1.W-q0.W, q0.W)
	inv := retromath.InvSqrtMP1(primeLenSq(w, x, y, z))
	out.W = inv * w
	out.V[0] = inv * x
	out.V[1] = inv * y
	out.V[2] = inv * z
}

func sampleQuatValue(tr *formats.QuatTrack, t float64, c *cursor, m *timesMemo, bind *mgl32.Quat) mgl32.Quat {
	n := len(tr.Times)
	switch {
	case n == 0:
		return *bind
	case t <= tr.Times[0]:
		return tr.Values[0]
	case t >= tr.Times[n-1]:
		return tr.Values[n-1]
	}
	i, f := m.locate(tr.Times, t, c)
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
	d := sign * dot4(q0, q1)
	if d < 0 {
		sign, d = -sign, -d
	}
	if d <= 0.9995 {
		return slerpNoFlip(*q0, q1.Scale(sign), d, f)
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
// last, else 2 keys i and i+1. Like the game it tries its cached index
// first: a time strictly inside the cursor's interval is two keys at once
// (the common case while playing), anything else takes the full search.
func legoKeys(times []float64, t float64, c *cursor) (i, count int) {
	if c.inside(times, t) {
		return int(*c), 2
	}
	return legoFindKeys(times, t, c)
}

// inside reports whether t lies strictly inside the cursor's interval:
// two keys, no search. It inlines, so the per-bone LEGO functions test it
// themselves before calling legoFindKeys.
func (c *cursor) inside(times []float64, t float64) bool {
	i := int(*c)
	return i >= 0 && i+1 < len(times) && times[i] < t && t < times[i+1]
}

// legoFindKeys is legoKeys without the cursor short cut.
func legoFindKeys(times []float64, t float64, c *cursor) (i, count int) {
	n := len(times)
	switch {
	case n == 0 || t < times[0]:
		return 0, 0
	case t >= times[n-1]:
		return n - 1, 1
	}
	i = c.find(times, t)
	if times[i] == t {
		return i, 1
	}
	return i, 2
}

// legoBone samples one bone's LEGO channels (spec 1.3) into out and
// returns its visibility. An empty channel costs no call.
func legoBone(tr *formats.BoneTracks, t float64, c *boneCursors, bind, out *formats.Transform) bool {
	if len(tr.Translation.Times) == 0 {
		out.Translation = bind.Translation
	} else {
		legoVec3Keys(&tr.Translation, t, &c.t, &c.legoT, &bind.Translation, &out.Translation, true)
	}
	if len(tr.Rotation.Times) == 0 {
		out.Rotation = bind.Rotation
	} else {
		legoQuatKeys(&tr.Rotation, t, &c.r, &c.legoR, &bind.Rotation, &out.Rotation)
	}
	if len(tr.Scale.Times) == 0 {
		out.Scale = bind.Scale
	} else {
		legoVec3Keys(&tr.Scale, t, &c.s, &c.legoS, &bind.Scale, &out.Scale, false)
	}
	return len(tr.Visibility.Times) == 0 || sampleBool(&tr.Visibility, t, &c.v)
}

// legoSpan caches the time terms of the key interval last used, so that
// the factor is a multiplication.
type legoSpan struct {
	key         int32 // interval index + 1; 0 when empty
	t0, invSpan float64
}

// factor returns the interpolation factor of t in interval i. legoKeys
// gives two keys only for times[i] < t < times[i+1], so the span is
// positive.
func (sp *legoSpan) factor(times []float64, i int, t float64) float32 {
	if sp.key != int32(i+1) {
		*sp = legoSpan{key: int32(i + 1), t0: times[i], invSpan: 1 / (times[i+1] - times[i])}
	}
	return float32((t - sp.t0) * sp.invSpan)
}

// legoVec3Keys evaluates a LEGO translation (activeRule) or scale channel
// with keys. Translation honours the recomputed active flag; scale
// ignores all flags; neither reads 0x04 or 0x02. It writes through out,
// keeping the values off the per-bone loop's return path.
func legoVec3Keys(tr *formats.Vec3Track, t float64, c *cursor, sp *legoSpan, bind, out *mgl32.Vec3, activeRule bool) {
	i, k := int(*c), 2
	if !c.inside(tr.Times, t) {
		i, k = legoFindKeys(tr.Times, t, c)
	}
	check := activeRule && tr.Flags != nil
	switch k {
	case 1:
		if !check || tr.Flags[i]&formats.KeyInactive == 0 {
			*out = tr.Values[i]
			return
		}
	case 2:
		if !check || tr.Flags[i]&tr.Flags[i+1]&formats.KeyInactive == 0 {
			*out = lerp3(tr.Values[i], tr.Values[i+1], sp.factor(tr.Times, i, t))
			return
		}
	}
	*out = *bind
}

// legoQuatKeys evaluates a LEGO rotation channel with keys (spec 1.3
// GetRotation): the 0x04 step and 0x02 negate flags are read on the later
// key. All that does not depend on the factor is decided once per
// interval and cached in lc.
func legoQuatKeys(tr *formats.QuatTrack, t float64, c *cursor, lc *legoInterval, bind, out *mgl32.Quat) {
	i, k := int(*c), 2
	if !c.inside(tr.Times, t) {
		i, k = legoFindKeys(tr.Times, t, c)
	}
	switch k {
	case 1:
		if tr.Flags == nil || tr.Flags[i]&formats.KeyInactive == 0 {
			*out = tr.Values[i]
			return
		}
	case 2:
		if lc.key != int32(i+1) {
			legoPrepare(lc, tr, i)
		}
		switch lc.mode {
		case legoNone:
			*out = *bind
		case legoHold:
			*out = tr.Values[i]
		default:
			lc.eval(lc.factor(tr.Times, i, t), out)
		}
		return
	}
	*out = *bind
}

// legoPrepare fills the cache for interval i of a rotation channel.
func legoPrepare(lc *legoInterval, tr *formats.QuatTrack, i int) {
	lc.legoSpan = legoSpan{key: int32(i + 1), t0: tr.Times[i], invSpan: 1 / (tr.Times[i+1] - tr.Times[i])}
	var this, next formats.KeyFlags
	if tr.Flags != nil {
		this, next = tr.Flags[i], tr.Flags[i+1]
	}
	switch {
	case this&next&formats.KeyInactive != 0:
		lc.mode = legoNone
	case next&formats.KeyStep != 0:
		lc.mode = legoHold
	case next&formats.KeyNegate != 0:
		lc.set(&tr.Values[i], &tr.Values[i+1], -1)
	default:
		lc.set(&tr.Values[i], &tr.Values[i+1], 1)
	}
}
