package player

import (
	"cmp"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
)

// span is the piece of a track's timeline that a track cache holds: the
// terms of the interpolation factor over the piece. Before the first key
// and after the last the span is a constant (inv = 0), and an empty track
// is one span for all time.
type span struct {
	t0  float64 // the interval's first key time
	len float64 // t1 - t0, for the factor's exact fallback
	inv float64 // 1 / (t1 - t0), 0 for a constant
	i   cursor  // the interval index for the next search
	// bone is the bone whose track the span is a piece of, set only in
	// the caches the key events carry (ClipSampler.entered), where
	// applying an event reads it from the cache it copies rather than
	// from the event. It fills what would be padding.
	bone int32
}

// allTime is the span of a constant over all time.
func allTime() span { return span{i: -1} }

// factor is float32((t - t0) / (t1 - t0)) clamped to 1, the factor the
// sampler has always used, with the division replaced by the cached
// reciprocal. The product is within 2⁻⁵² of the quotient (relative), so
// wherever the two could round to different float32 values the bracket
// q(1 ± 2⁻⁵⁰) straddles a float32 rounding boundary; only then is the
// division done. The factor, and so every result built on it, stays the
// same to the bit.
func (s *span) factor(t float64) float32 {
	d := t - s.t0
	q := d * s.inv
	e := q * 0x1p-50
	if float32(q-e) != float32(q+e) {
		q = d / s.len
	}
	if q > 1 {
		q = 1
	}
	return float32(q)
}

// The pieces of a track's timeline: before the first key (t ≤ times[0]),
// interval i (times[i] ≤ t < times[i+1], opened to times[0] < t for
// i = 0, so that a time at the first key gives the key itself as it
// always has), after the last key (t ≥ times[n-1]). set and locate
// return the interval index or one of these.
const (
	beforeFirst = -1
	afterLast   = -2
)

// set moves s to piece k of times: -1 before the first key, n-1 (or
// more) after the last, else interval k.
func (s *span) set(times []float64, k int) int {
	n := len(times)
	switch {
	case k < 0:
		*s = span{i: -1}
		return beforeFirst
	case k >= n-1:
		*s = span{i: cursor(n - 1)}
		return afterLast
	}
	t0 := times[k]
	*s = span{t0: t0, len: times[k+1] - t0, i: cursor(k)}
	if s.len > 0 {
		s.inv = 1 / s.len
	}
	return k
}

// setEvent is set for the piece an event starts, from the terms the event
// carries: no loads from the track but the first key's time.
func (s *span) setEvent(times []float64, e *keyEvent) int {
	k := int(e.key)
	if k >= len(times)-1 {
		*s = span{i: cursor(len(times) - 1)}
		return afterLast
	}
	*s = span{t0: e.time, len: e.len, inv: e.inv, i: cursor(k)}
	if k == 0 {
		s.t0 = times[0] // the event is just after it
	}
	return k
}

// keyStart is when piece k begins: the time from which set(times, k) is
// the piece that holds t.
func keyStart(times []float64, k int) float64 {
	if k == 0 && len(times) > 1 {
		return math.Nextafter(times[0], math.Inf(1))
	}
	return times[k]
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

// piece moves c to the piece of times that holds t, as span.locate does:
// where the key events would have put it.
func (c *cursor) piece(times []float64, t float64) {
	n := len(times)
	switch {
	case n == 0:
	case !(t > times[0]):
		*c = beforeFirst
	case t >= times[n-1]:
		*c = cursor(n - 1)
	default:
		c.find(times, t)
	}
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
		c.inv = 0
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
			c.inv = 0
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

// setArc prepares the slerp from q0 to q1 along the shortest arc: q1 is
// negated when the dot product is negative, so θ = acos(dot) lies in
// [0, π/2]. θ comes from a polynomial (arcAngle); keys a rounding apart
// (dot ≥ 1) keep a tiny θ, where the weights are the lerp's, 1 - f and f.
func (c *quatCache) setArc() {
	q0, q1 := &c.q0, &c.q1
	d := float64(q0.W)*float64(q1.W) + float64(q0.V[0])*float64(q1.V[0]) +
		float64(q0.V[1])*float64(q1.V[1]) + float64(q0.V[2])*float64(q1.V[2])
	if d < 0 {
		d = -d
		*q1 = mgl32.Quat{W: -q1.W, V: mgl32.Vec3{-q1.V[0], -q1.V[1], -q1.V[2]}}
	}
	c.mode = rotSlerp
	if !(d < 1) { // keys a rounding apart, or NaN
		d = 1
	}
	theta, sin := arcAngle(d)
	if !(sin > 1e-150) {
		theta, sin, d = 1e-150, 1e-150, 1
	}
	c.angle, c.invSin, c.cos = theta, 1/sin, d
}

// slerpArc writes the slerp at factor f: sin((1-f)θ)/sin θ is written as
// cos fθ - cos θ · sin fθ / sin θ, so one polynomial sine and cosine of fθ
// give both weights, and the sum is formed in double precision.
func (c *quatCache) slerpArc(f float32, out *mgl32.Quat) {
	s, co := arcSincos(float64(f) * c.angle)
	wb := s * c.invSin
	wa := co - c.cos*wb
	q0, q1 := &c.q0, &c.q1
	out.W = float32(wa*float64(q0.W) + wb*float64(q1.W))
	out.V[0] = float32(wa*float64(q0.V[0]) + wb*float64(q1.V[0]))
	out.V[1] = float32(wa*float64(q0.V[1]) + wb*float64(q1.V[1]))
	out.V[2] = float32(wa*float64(q0.V[2]) + wb*float64(q1.V[2]))
}

// arcAngle returns θ = acos(d) and sin θ for d in [0, 1): θ by Abramowitz
// and Stegun 4.4.45, acos x = √(1-x)·(a0 + a1x + … + a7x⁷), whose error
// is below 2.2e-8, and 1.8e-8 of θ (TestArcSincos); sin θ = √((1-d)(1+d)).
// The slerp's weights then err by about as much as θ does, relatively:
// float32 resolution, far inside the 1e-6 the flavour promises.
func arcAngle(d float64) (theta, sin float64) {
	const (
		a0, a1, a2, a3 = 1.5707963050, -0.2145988016, 0.0889789874, -0.0501743046
		a4, a5, a6, a7 = 0.0308918810, -0.0170881256, 0.0066700901, -0.0012624911
	)
	d2 := d * d
	d4 := d2 * d2
	p := (a0 + a1*d) + d2*(a2+a3*d) + d4*((a4+a5*d)+d2*(a6+a7*d))
	return math.Sqrt(1-d) * p, math.Sqrt((1 - d) * (1 + d))
}

// arcSincos is sin x and cos x for x in [0, π/2] by their Taylor series
// to x¹³ and x¹⁴, whose remainders there are below 7e-10 (the slerp
// promises 1e-6, and arcAngle's θ is good to 2e-8), summed in Estrin's
// order to keep the dependency chains short.
func arcSincos(x float64) (sin, cos float64) {
	y := x * x
	y2 := y * y
	y4 := y2 * y2
	sin = x * (((1 + as1*y) + y2*(as2+as3*y)) + y4*((as4+as5*y)+y2*as6))
	cos = ((1 + ac1*y) + y2*(ac2+ac3*y)) + y4*((ac4+ac5*y)+y2*(ac6+ac7*y))
	return sin, cos
}

// arcSincos's coefficients: Taylor's, (-1)ⁿ/(2n+1)! and (-1)ⁿ/(2n)!
// (as7 and as8 serve sinTo).
const (
	as1, as2, as3 = -1.0 / 6, 1.0 / 120, -1.0 / 5040
	as4, as5, as6 = 1.0 / 362880, -1.0 / 39916800, 1.0 / 6227020800
	as7, as8      = -1.0 / 1307674368000, 1.0 / 355687428096000
	ac1, ac2, ac3 = -1.0 / 2, 1.0 / 24, -1.0 / 720
	ac4, ac5, ac6 = 1.0 / 40320, -1.0 / 3628800, 1.0 / 479001600
	ac7           = -1.0 / 87178291200
)

// setPrime selects Metroid Prime's branch for the keys by their dot
// product and, for the slerp branch, caches the angle: all of SlerpPrime
// that does not depend on the factor.
func (c *quatCache) setPrime() {
	d := primeDot(&c.q0, &c.q1)
	switch {
	case d >= 1:
		c.mode = rotEqual
	case d > primeLerpDot:
		c.mode = rotLerp
	default: // NaN too, as SlerpPrime takes it
		c.mode = rotSlerp
		c.angle = float64(retromath.FastArcCosR(d))
	}
}

// setPrime2 is setPrime for Echoes' slerp (SlerpPrime2).
func (c *quatCache) setPrime2() {
	d := primeDot(&c.q0, &c.q1)
	switch {
	case d < prime2OppositeDot:
		c.mode = rotOpposite
	case d >= prime2LerpDot:
		c.mode = rotLerp
	default: // NaN too, as SlerpPrime2 takes it
		c.mode = rotSlerp
		c.angle, c.invSin = prime2Angle(d)
	}
}

// evalPrime writes Metroid Prime's rotation at t, which the span holds:
// SlerpPrime's branches in its order, the end snaps first.
func (c *quatCache) evalPrime(t float64, out *mgl32.Quat) {
	if c.mode == rotHold {
		*out = c.q0
		return
	}
	u := c.factor(t)
	switch {
	case u <= primeSnapStart:
		*out = c.q0
	case u >= primeSnapEnd:
		*out = c.q1
	case c.mode == rotLerp:
		// lerpPrimeTo(out, &c.q0, &c.q1, 1, u, false), inlined by hand:
		// the call cost Metroid Prime clips a tenth of their sampling time.
		q0, q1 := &c.q0, &c.q1
		x := q0.V[0] + float32(u*(q1.V[0]-q0.V[0]))
		y := q0.V[1] + float32(u*(q1.V[1]-q0.V[1]))
		z := q0.V[2] + float32(u*(q1.V[2]-q0.V[2]))
		w := retromath.FMAddS(u, q1.W-q0.W, q0.W)
		inv := retromath.InvSqrtMP1(primeLenSq(w, x, y, z))
		out.W = inv * w
		out.V[0] = inv * x
		out.V[1] = inv * y
		out.V[2] = inv * z
	case c.mode == rotSlerp:
		slerpPrimeTo(out, &c.q0, &c.q1, float32(c.angle), u)
	default: // rotEqual
		*out = c.q0
	}
}

// evalPrime2 writes Echoes' rotation at t (SlerpPrime2's branches).
func (c *quatCache) evalPrime2(t float64, out *mgl32.Quat) {
	switch c.mode {
	case rotHold:
		*out = c.q0
	case rotLerp:
		lerpPrimeTo(out, &c.q0, &c.q1, 1, c.factor(t), true)
	case rotSlerp:
		slerpPrime2To(out, &c.q0, &c.q1, c.angle, c.invSin, c.factor(t))
	default: // rotOpposite
		if c.factor(t) < 0.5 {
			*out = c.q0
		} else {
			*out = c.q1
		}
	}
}

// sortEvents puts each kind of track's key events in time order (a track's
// own in key order where times are equal).
func (s *ClipSampler) sortEvents() {
	for k := range s.events {
		slices.SortFunc(s.events[k], func(a, b keyEvent) int {
			if c := cmp.Compare(a.time, b.time); c != 0 {
				return c
			}
			if c := cmp.Compare(a.bone, b.bone); c != 0 {
				return c
			}
			return cmp.Compare(a.key, b.key)
		})
		s.index[k].build(s.events[k])
	}
}

// eventIndex is a coarse index of an event stream by time (ozz-animation
// keeps one for its seeks): the stream's time range cut into equal
// buckets, and the first event of each. A seek's binary search then runs
// within one bucket, a few cache lines, not over the whole stream.
type eventIndex struct {
	t0, scale float64 // bucket(t) = (t - t0) · scale, clamped
	first     []int32 // first[b]: the first event whose bucket is ≥ b
}

// eventBuckets is how many events a bucket holds on average.
const eventBuckets = 32

func (x *eventIndex) bucket(t float64) int {
	b := (t - x.t0) * x.scale
	switch {
	case !(b >= 0): // before the first event, or NaN
		return 0
	case b >= float64(len(x.first)-2):
		return len(x.first) - 2
	}
	return int(b)
}

func (x *eventIndex) build(ev []keyEvent) {
	nb := len(ev)/eventBuckets + 1
	x.first = make([]int32, nb+1)
	if len(ev) == 0 {
		return
	}
	x.t0 = ev[0].time
	if r := ev[len(ev)-1].time - x.t0; r > 0 {
		x.scale = float64(nb) / r
	}
	// The bucket is monotonic in time, so each bucket's events are a run.
	b := 0
	for j := range ev {
		for eb := x.bucket(ev[j].time); b < eb; {
			b++
			x.first[b] = int32(j)
		}
	}
	for b++; b <= nb; b++ {
		x.first[b] = int32(len(ev))
	}
}

// search returns the first event later than t.
func (x *eventIndex) search(ev []keyEvent, t float64) int {
	if len(ev) == 0 || t != t {
		return len(ev) // NaN: none, so the next sample searches again
	}
	b := x.bucket(t)
	lo, hi := int(x.first[b]), int(x.first[b+1])
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ev[m].time <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// resumeGap is how far ahead of the last sample a sample may be for the
// sampler to bring its caches back after a jump: playback resumed, not
// another jump (seconds; a playback tick is a few hundredths).
const resumeGap = 0.25

// advance brings every track's cache to a span holding t and reports
// whether it did: by the events since the last sample when t is at or
// after it and they are fewer than the bones (a frame's worth); by the
// events from the start when t is behind it but has at most two frames'
// worth before it, a looping clip's wrap (rewind); by searching every
// track when the caches were dropped at a jump and t is just after it,
// playback resuming. Anything else is a jump: the caches are dropped and
// the caller samples the keys directly, as a seek costs no more that way
// than before the caches existed.
func (s *ClipSampler) advance(t float64) bool {
	last := s.last
	s.last = t
	if !(t >= last) { // back, or the first sample
		if last == last && t >= 0 && s.rewind(t) { // a loop's wrap
			s.valid = true
			return true
		}
		s.valid = false
		return false
	}
	if !s.valid {
		if t-last > resumeGap {
			return false
		}
		s.seek(t)
		s.valid = true
		return true
	}
	n := len(s.skel.Bones)
	for k := range s.events {
		ev := s.events[k]
		if j := s.next[k] + n; j < len(ev) && ev[j].time <= t {
			s.valid = false
			return false
		}
	}
	if s.cache == nil { // LEGO: the events move the cursors and fill the caches
		s.applyLegoEvents(t)
		return true
	}
	s.applyEvents(t)
	return true
}

// applyLegoEvents is applyEvents for LEGO clips: the events move the
// cursors and fill the caches.
func (s *ClipSampler) applyLegoEvents(t float64) {
	cur := s.cursors
	for _, k := range [...]int{trackT, trackS} {
		ev, pre, j := s.events[k], s.legoEnteredV[k], s.next[k]
		pre = pre[:len(ev)]
		for ; j < len(ev) && ev[j].time <= t; j++ {
			e, sp := &ev[j], &pre[j]
			c := &cur[e.bone]
			if k == trackT {
				c.t = cursor(e.key)
				if sp.key != 0 {
					c.legoT = *sp
				}
			} else {
				c.s = cursor(e.key)
				if sp.key != 0 {
					c.legoS = *sp
				}
			}
		}
		s.next[k] = j
	}
	ev, pre, j := s.events[trackR], s.legoEntered, s.next[trackR]
	pre = pre[:len(ev)]
	for ; j < len(ev) && ev[j].time <= t; j++ {
		e, lc := &ev[j], &pre[j]
		c := &cur[e.bone]
		c.r = cursor(e.key)
		if lc.key != 0 {
			c.legoR = *lc
		}
	}
	s.next[trackR] = j
}

// applyEvents applies the key events after the last applied up to t,
// copying the cache each prepared into its bone's. Only the event times
// and the caches are read, in stream order.
func (s *ClipSampler) applyEvents(t float64) {
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

// rewind plays from the start again after a jump back to t (a looping
// clip's wrap): the caches return to their state before every key event
// (ClipSampler.start) and the events up to t are applied, when there are
// at most two frames' worth of them. That costs a copy and the events
// rather than a search of every track, twice (a direct sample now, a seek
// on the next frame). It reports whether it did.
func (s *ClipSampler) rewind(t float64) bool {
	limit := 2 * len(s.skel.Bones)
	for k, ev := range s.events {
		if s.index[k].search(ev, t) > limit {
			return false
		}
	}
	s.next = [3]int{}
	if s.cache == nil {
		copy(s.cursors, s.startCursors)
		s.applyLegoEvents(t)
		return true
	}
	copy(s.cache, s.start)
	s.applyEvents(t)
	return true
}

// legoEventSpan sets sp to the interval an event starts, from the terms
// the event carries (the reciprocal is the one legoSpan.factor computes),
// and reports whether the event starts an interval rather than the time
// after the last key.
func legoEventSpan(sp *legoSpan, times []float64, e *keyEvent) bool {
	k := int(e.key)
	if k >= len(times)-1 {
		return false
	}
	*sp = legoSpan{key: int32(k + 1), t0: e.time, invSpan: e.inv}
	if k == 0 {
		sp.t0 = times[0] // the event is just after it
	}
	return true
}

// seek searches every track for t and places the event positions after
// it.
func (s *ClipSampler) seek(t float64) {
	if s.cache == nil {
		tracks := s.clip.Tracks[:len(s.cursors)]
		for i := range s.cursors {
			c, tr := &s.cursors[i], &tracks[i]
			c.t.piece(tr.Translation.Times, t)
			c.r.piece(tr.Rotation.Times, t)
			c.s.piece(tr.Scale.Times, t)
		}
		for k, ev := range s.events {
			s.next[k] = s.index[k].search(ev, t)
		}
		return
	}
	tracks := s.clip.Tracks[:len(s.cache)]
	for i := range s.cache {
		c, tr := &s.cache[i], &tracks[i]
		if len(tr.Translation.Times) > 0 {
			c.t.seek(&tr.Translation, t)
		}
		if len(tr.Rotation.Times) > 0 {
			c.r.seek(&tr.Rotation, t, s.clip.Interp)
		}
		if len(tr.Scale.Times) > 0 {
			c.s.seek(&tr.Scale, t)
		}
	}
	for k, ev := range s.events {
		s.next[k] = s.index[k].search(ev, t)
	}
}
