package player

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// span is the piece of a track's timeline that a track cache holds: the
// terms of the interpolation factor over the piece. Before the first key
// and after the last the span is a constant (len = +Inf, so that the
// factor is 0), and an empty track is one span for all time.
type span struct {
	t0  float64 // the interval's first key time
	len float64 // t1 - t0, +Inf for a constant
	i   cursor  // the interval index for the next search
	// bone is the bone whose track the span is a piece of, set only in
	// the caches the key events carry (trackSampler.entered), where
	// applying an event reads it from the cache it copies rather than
	// from the event. It fills what would be padding.
	bone int32
}

// constSpan is the length of a span whose value does not move: the
// factor is then ±0 for any finite time.
var constSpan = math.Inf(1)

// allTime is the span of a constant over all time.
func allTime() span { return span{i: -1, len: constSpan} }

// factor is float32((t - t0) / (t1 - t0)) clamped to 1, the factor the
// sampler has always used. (A multiplication by a cached reciprocal
// rounds otherwise near a float32 boundary, and the check for that costs
// more than the division, which the divider takes alongside the rest of
// a bone's work.)
func (s *span) factor(t float64) float32 {
	q := (t - s.t0) / s.len
	if q > 1 {
		q = 1
	}
	return float32(q)
}

// set moves s to piece k of times: -1 before the first key, n-1 (or
// more) after the last, else interval k.
func (s *span) set(times []float64, k int) int {
	n := len(times)
	switch {
	case k < 0:
		*s = span{i: -1, len: constSpan}
		return beforeFirst
	case k >= n-1:
		*s = span{i: cursor(n - 1), len: constSpan}
		return afterLast
	}
	t0 := times[k]
	*s = span{t0: t0, len: times[k+1] - t0, i: cursor(k)}
	if !(s.len > 0) { // two keys at one time
		s.len = constSpan
	}
	return k
}

// setEvent is set for the piece an event starts, from the length the
// event carries. The piece begins at its key's time, which the event's is
// not for the keys at the first key's time (keyStart).
func (s *span) setEvent(times []float64, e *keyEvent) int {
	k := int(e.key)
	if k >= len(times)-1 {
		*s = span{i: cursor(len(times) - 1), len: constSpan}
		return afterLast
	}
	*s = span{t0: times[k], len: e.len, i: cursor(k)}
	if !(s.len > 0) {
		s.len = constSpan
	}
	return k
}

// locate moves s to the piece of times that holds t and returns it as set
// does.
func (s *span) locate(times []float64, t float64) int {
	n := len(times)
	switch {
	case !(t > times[0]): // NaN too: a time that compares with nothing
		return s.set(times, -1)
	case t >= times[n-1]:
		return s.set(times, n-1)
	}
	return s.set(times, s.i.find(times, t))
}

// vecCache is a translation or scale track's cache: out = a + d·f over
// the span, d = 0 for a constant.
type vecCache struct {
	span
	a, d mgl32.Vec3
}

// at writes the cache's value at factor f into out: a + d·f, the product
// rounded before the sum (no target fuses them).
func (c *vecCache) at(f float32, out *mgl32.Vec3) {
	out[0] = c.a[0] + float32(c.d[0]*f)
	out[1] = c.a[1] + float32(c.d[1]*f)
	out[2] = c.a[2] + float32(c.d[2]*f)
}

// holdVec makes c a constant v for all time (a track without keys).
func (c *vecCache) holdVec(v mgl32.Vec3) {
	c.span, c.a, c.d = allTime(), v, mgl32.Vec3{}
}

// fill fills the cache for piece i of the track (as set returns it): the
// key's value outside the keys and for a step interval, else the
// interval's start and difference, computed as the lerp always has
// (b - a, in float32).
func (c *vecCache) fill(tr *formats.Vec3Track, i int) {
	switch {
	case i == beforeFirst:
		c.a, c.d = tr.Values[0], mgl32.Vec3{}
	case i == afterLast:
		c.a, c.d = tr.Values[len(tr.Values)-1], mgl32.Vec3{}
	case tr.Flags != nil && tr.Flags[i+1]&formats.KeyStep != 0:
		c.a, c.d = tr.Values[i], mgl32.Vec3{}
		c.len = constSpan
	default:
		a, b := &tr.Values[i], &tr.Values[i+1]
		c.a = *a
		c.d = mgl32.Vec3{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
	}
}

// seek fills the cache for time t.
func (c *vecCache) seek(tr *formats.Vec3Track, t float64) {
	c.fill(tr, c.locate(tr.Times, t))
}

// enter fills the cache for the piece an event starts.
func (c *vecCache) enter(tr *formats.Vec3Track, e *keyEvent) {
	c.fill(tr, c.setEvent(tr.Times, e))
}

// How a cached rotation interval evaluates (quatCache.mode).
const (
	rotHold     uint8 = iota // q0 whatever the factor: a constant, a step
	rotSlerp                 // the flavour's slerp
	rotLerp                  // the flavour's normalised lerp (Prime)
	rotEqual                 // MP1: dot ≥ 1, q0 but for the end snap
	rotOpposite              // MP2: nearly opposite, q0 then q1 from 0.5
)

// quatCache is a rotation track's cache: the interval's keys (q1 already
// carrying its negate flag and, for the shortest arc, the flip) and
// whatever of the flavour's slerp does not depend on the factor.
type quatCache struct {
	span
	q0, q1 mgl32.Quat
	mode   uint8
	// The shortest arc: the angle θ, 1/sin θ and cos θ (the dot product).
	// Metroid Prime: angle is FastArcCosR of the dot. Echoes: angle is
	// acosf of it, invSin 1/sin(angle) in double precision.
	angle, invSin, cos float64
}

// holdQuat makes c a constant q for all time (a track without keys).
func (c *quatCache) holdQuat(q mgl32.Quat) {
	*c = quatCache{span: allTime(), q0: q, mode: rotHold}
}

// prepare fills the cache for piece i of the track (as set returns it)
// for the flavour: the keys, then the flavour's terms.
func (c *quatCache) prepare(tr *formats.QuatTrack, i int, interp formats.Interp) {
	if c.keys(tr, i) == 0 {
		return
	}
	switch interp {
	case formats.InterpPrime:
		c.setPrime()
	case formats.InterpPrime2:
		c.setPrime2()
	default:
		c.setArc()
	}
}

// seek fills the cache for time t.
func (c *quatCache) seek(tr *formats.QuatTrack, t float64, interp formats.Interp) {
	c.prepare(tr, c.locate(tr.Times, t), interp)
}

// enter fills the cache for the piece an event starts.
func (c *quatCache) enter(tr *formats.QuatTrack, e *keyEvent, interp formats.Interp) {
	c.prepare(tr, c.setEvent(tr.Times, e), interp)
}

// keys fills the keys for piece i and returns the sign the later key
// takes (its negate flag), or 0 when the piece is a constant (then set as
// rotHold).
func (c *quatCache) keys(tr *formats.QuatTrack, i int) float32 {
	c.mode = rotHold
	c.q1 = mgl32.Quat{}
	switch {
	case i == beforeFirst:
		c.q0 = tr.Values[0]
		return 0
	case i == afterLast:
		c.q0 = tr.Values[len(tr.Values)-1]
		return 0
	}
	c.q0 = tr.Values[i]
	sign := float32(1)
	if tr.Flags != nil {
		fl := tr.Flags[i+1]
		if fl&formats.KeyStep != 0 {
			c.len = constSpan
			return 0
		}
		if fl&formats.KeyNegate != 0 {
			sign = -1
		}
	}
	// The product with ±1 is exact.
	q1 := &tr.Values[i+1]
	c.q1 = mgl32.Quat{W: sign * q1.W, V: mgl32.Vec3{sign * q1.V[0], sign * q1.V[1], sign * q1.V[2]}}
	return sign
}

// boneCache is a trackSampler's state of one bone: a cache per track.
type boneCache struct {
	t, s vecCache
	r    quatCache
}

// noPiece marks a track cache that holds no piece of its track yet.
const noPiece cursor = -2

// trackSampler samples clips whose tracks have timelines of their own
// (MilkShape's joints, the demo; Metroid Prime or Echoes clips built so)
// by key events (keyEvents): a cache per track holds its current
// interval's terms, and the events of a frame move just the tracks that
// cross a key. At a jump it samples the keys directly (directPose), as a
// seek costs no more that way.
type trackSampler struct {
	sampled
	keyEvents
	cache []boneCache
	// entered[k][j] is the cache of translation (k = trackT) or scale
	// (trackS) that event j of events[k] makes, filled in advance: a
	// sample applies the events in stream order, so it reads these in
	// order too rather than the keys of a hundred tracks scattered
	// through the clip.
	entered [3][]vecCache
	// enteredR is the same for rotations: the caches with the flavour's
	// angle terms, so that crossing a key costs no trigonometry either.
	enteredR []quatCache
	// evTimes[k] is the times of events[k], all that applying them reads
	// of the events (the caches carry their bone).
	evTimes [3][]float64
	// start is the caches before every key event: where a jump back
	// starts again (keyEvents.rewind).
	start []boneCache
	// lenSq is a bone's squared rotation length between the two passes
	// of a Metroid Prime or Echoes sample.
	lenSq []float32
	// jump is the key cursors of direct samples (at jumps), and the
	// hints the next seek starts its searches from.
	jump []directCursors
	// vis is the visibility tracks' cursors; anyVis says that some bone
	// has a visibility track.
	vis    []cursor
	anyVis bool
}

func newTrackSampler(sk *formats.Skeleton, clip *formats.Clip) *trackSampler {
	n := len(sk.Bones)
	s := &trackSampler{sampled: newSampled(sk, clip), cache: make([]boneCache, n), lenSq: make([]float32, n),
		jump: make([]directCursors, n), vis: make([]cursor, n), anyVis: hasVisibility(sk, clip)}
	for i := range s.vis {
		s.vis[i] = -1
	}
	for i := range s.cache {
		c, bind, tr := &s.cache[i], &sk.Bones[i].Bind, &clip.Tracks[i]
		// Channels without keys hold the bind value for all time and
		// have no events.
		c.t.holdVec(bind.Translation)
		c.r.holdQuat(bind.Rotation)
		c.s.holdVec(bind.Scale)
		// A track with keys has no piece yet.
		if len(tr.Translation.Times) > 0 {
			c.t.i = noPiece
		}
		if len(tr.Rotation.Times) > 0 {
			c.r.i = noPiece
		}
		if len(tr.Scale.Times) > 0 {
			c.s.i = noPiece
		}
		s.jump[i] = directCursors{t: noPiece, r: noPiece, s: noPiece}
	}
	s.build(sk, clip)
	for _, k := range []int{trackT, trackS} {
		s.entered[k] = make([]vecCache, len(s.events[k]))
		for j := range s.events[k] {
			e, tr := &s.events[k][j], &clip.Tracks[s.events[k][j].bone]
			if k == trackT {
				s.entered[k][j].enter(&tr.Translation, e)
			} else {
				s.entered[k][j].enter(&tr.Scale, e)
			}
			s.entered[k][j].bone = e.bone
		}
	}
	s.enteredR = make([]quatCache, len(s.events[trackR]))
	for j := range s.events[trackR] {
		e := &s.events[trackR][j]
		s.enteredR[j].enter(&clip.Tracks[e.bone].Rotation, e, clip.Interp)
		s.enteredR[j].bone = e.bone
	}
	for k, ev := range s.events {
		s.evTimes[k] = make([]float64, len(ev))
		for j := range ev {
			s.evTimes[k][j] = ev[j].time
		}
	}
	// Before its first key a track holds its first key's value
	// (span.set's piece -1).
	s.start = slices.Clone(s.cache)
	for i := range s.start {
		c, tr := &s.start[i], &clip.Tracks[i]
		if len(tr.Translation.Times) > 0 {
			c.t.fill(&tr.Translation, c.t.set(tr.Translation.Times, beforeFirst))
		}
		if len(tr.Rotation.Times) > 0 {
			c.r.prepare(&tr.Rotation, c.r.set(tr.Rotation.Times, beforeFirst), clip.Interp)
		}
		if len(tr.Scale.Times) > 0 {
			c.s.fill(&tr.Scale, c.s.set(tr.Scale.Times, beforeFirst))
		}
	}
	return s
}

// Sample writes the clip's pose at time t into p. Components without a
// channel take the bind value.
func (s *trackSampler) Sample(t float64, p *Pose) {
	n := len(s.skel.Bones)
	t = finiteTime(t)
	if s.advance(t, s) {
		s.sampleCaches(t, p.Local[:n])
	} else {
		directPose(s.skel.Bones, s.clip.Tracks, s.clip.Interp, t, s.jump, s.lenSq, p.Local[:n])
	}
	sampleVisibility(s.clip.Tracks[:n], t, s.vis, p.Visible[:n], s.anyVis)
	copyMask(p.Translated, s.hasT)
}

// sampleCaches writes the pose at t from the track caches, which hold the
// pieces of t.
func (s *trackSampler) sampleCaches(t float64, local []formats.Transform) {
	n := len(local)
	cache := s.cache[:n]
	// One loop per flavour, so that the rotation's branch is not taken
	// per bone. Products are rounded (float32(…)) before they are added in
	// every lerp of the player (vecCache.at, lerp3): no target then
	// fuses them, and the sampler's paths agree to the bit wherever the
	// compiler may fuse multiply-adds (GOAMD64=v3, arm64).
	switch s.clip.Interp {
	case formats.InterpPrime:
		// The lerp branch, which keys a few degrees apart take, inline
		// (evalPrime's rotLerp case); the rest through evalPrime. The
		// normalisation waits for a second pass: one bone's lerp is a
		// long chain of dependent operations ending in a double-precision
		// square root and division, so that a loop doing all of it
		// waited on that chain, bone after bone; the second pass's
		// chains are short and independent. lenSq holds each bone's
		// squared length, 1 for the bones evalPrime wrote
		// (InvSqrtMP1(1) = 1, and multiplying by 1 changes nothing).
		lenSq := s.lenSq[:n]
		for i := range cache {
			c, out := &cache[i], &local[i]
			c.t.at(c.t.factor(t), &out.Translation)
			lenSq[i] = 1
			if r := &c.r; r.mode == rotLerp {
				if u := r.factor(t); u > primeSnapStart && u < primeSnapEnd {
					x, y, z, w := lerpPrime(&r.q0, &r.q1, 1, u)
					lenSq[i] = primeLenSq(w, x, y, z)
					out.Rotation = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
				} else {
					r.evalPrime(t, &out.Rotation)
				}
			} else {
				r.evalPrime(t, &out.Rotation)
			}
			c.s.at(c.s.factor(t), &out.Scale)
		}
		normalizeLerps(local, lenSq, false)
	case formats.InterpPrime2:
		// The lerp branch inline and its normalisation in a second pass,
		// as for Metroid Prime (evalPrime2's rotLerp case: lerpPrimeTo
		// for Echoes; InvSqrtMP2(1) = 1). The two loops share lerpPrime,
		// which inlines; one loop for both flavours would test the
		// flavour per bone.
		lenSq := s.lenSq[:n]
		for i := range cache {
			c, out := &cache[i], &local[i]
			c.t.at(c.t.factor(t), &out.Translation)
			lenSq[i] = 1
			if r := &c.r; r.mode == rotLerp {
				u := r.factor(t)
				x, y, z, w := lerpPrime(&r.q0, &r.q1, 1, u)
				lenSq[i] = primeLenSq(w, x, y, z)
				out.Rotation = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
			} else {
				r.evalPrime2(t, &out.Rotation)
			}
			c.s.at(c.s.factor(t), &out.Scale)
		}
		normalizeLerps(local, lenSq, true)
	default:
		// The rotation's cache evaluated inline (unless held): slerpArc's
		// steps, sincosSeries and sumArc, which the compiler inlines.
		// slerpArc itself it does not, and with no callee-saved
		// registers each call spilled the loop's state.
		for len(cache) > 0 && len(local) > 0 {
			c, out := &cache[0], &local[0]
			cache, local = cache[1:], local[1:]
			c.t.at(c.t.factor(t), &out.Translation)
			if r := &c.r; r.mode == rotHold {
				out.Rotation = r.q0
			} else {
				sn, cs := sincosSeries(float64(r.factor(t)) * r.angle)
				wb := sn * r.invSin
				wa := cs - r.cos*wb
				q := &out.Rotation
				q.W, q.V[0], q.V[1], q.V[2] = sumArc(&r.q0, &r.q1, wa, wb)
			}
			c.s.at(c.s.factor(t), &out.Scale)
		}
	}
}

// apply applies the key events after the last applied up to t, copying
// the cache each prepared into its bone's. Only the event times and the
// caches are read, in stream order.
func (s *trackSampler) apply(t float64) {
	cache := s.cache
	for _, k := range [...]int{trackT, trackS} {
		times, pre, j := s.evTimes[k], s.entered[k], s.next[k]
		pre = pre[:len(times)]
		for ; j < len(times) && times[j] <= t; j++ {
			e := &pre[j]
			c := &cache[e.bone]
			if k == trackT {
				c.t = *e
			} else {
				c.s = *e
			}
		}
		s.next[k] = j
	}
	times, pre, j := s.evTimes[trackR], s.enteredR, s.next[trackR]
	pre = pre[:len(times)]
	for ; j < len(times) && times[j] <= t; j++ {
		e := &pre[j]
		cache[e.bone].r = *e
	}
	s.next[trackR] = j
}

// restart puts the caches back to their state before every key event.
func (s *trackSampler) restart() { copy(s.cache, s.start) }

// seek searches every track for t, from the cursors of the last direct
// sample.
func (s *trackSampler) seek(t float64) {
	tracks := s.clip.Tracks[:len(s.cache)]
	jump := s.jump[:len(s.cache)]
	for i := range s.cache {
		c, tr := &s.cache[i], &tracks[i]
		if len(tr.Translation.Times) > 0 {
			c.t.i = jump[i].t
			c.t.seek(&tr.Translation, t)
		}
		if len(tr.Rotation.Times) > 0 {
			c.r.i = jump[i].r
			c.r.seek(&tr.Rotation, t, s.clip.Interp)
		}
		if len(tr.Scale.Times) > 0 {
			c.s.i = jump[i].s
			c.s.seek(&tr.Scale, t)
		}
	}
}
