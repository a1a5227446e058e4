package player

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// legoSampler samples LEGO Island clips
// (docs/formats/lego-island.md#evaluating-a-node), whose channels
// have rules of their own: nothing before the first key, inactive keys,
// the step and negate flags, a morph channel. It plays forward by key
// events (keyEvents) as trackSampler does, the events moving each
// channel's cursor and interval cache; at a jump each channel finds its
// keys as the game's FindKeys does.
//
// The per-bone state is a slice per channel, in the manner of
// ozz-animation: a sample's pass over one channel reads that channel's
// state and nothing else, and applying a key event writes one element.
type legoSampler struct {
	sampled
	keyEvents
	// vecT and vecS are the translation and scale channels' states, rot
	// the rotation channels', a bone each.
	vecT, vecS []legoVecState
	rot        []legoRotState
	// vis is the visibility tracks' cursors. visible is nil where some
	// bone has a visibility track; without one every bone is visible, and
	// a sample copies visible, all true, for a loop storing a byte a bone.
	vis     []cursor
	visible []bool
	// bone is the rest of each bone's state, which only the cases other
	// than the common one read; keys says which of a bone's channels have
	// keys (keysT, keysR, keysS), so that a rotation without them, such a
	// case too, need not read the tracks to find out.
	bone []legoBoneState
	keys []uint8
	// legoEntered is the rotation interval each rotation event starts,
	// prepared (key 0 after the last key).
	legoEntered []legoInterval
	// rotEvents and vecEvents are the key events (keyEvents.events) as
	// applying them reads them: the time, where they put the cursor and,
	// for translations (trackT) and scales (trackS), the interval cache
	// they start, so that an event is one read in stream order.
	rotEvents []legoRotEvent
	vecEvents [3][]legoVecEvent
	// startT, startS and startR are the channels' states before every key
	// event: where a jump back starts again (keyEvents.rewind).
	startT, startS []legoVecState
	startR         []legoRotState
	// The scratch of a sample's passes, a bone each: the bones a pass
	// leaves to its second loop; the slerps to evaluate, their angles
	// fθ, and the sine and cosine of each.
	other   []int32
	slerpAt []legoSlerpAt
	slerpX  []float64
	slerpSC [][2]float64
}

// legoVecState is a translation or scale channel's state: its key cursor
// and the interval cache.
type legoVecState struct {
	legoVecSpan
	cur cursor
}

// legoRotState is a rotation channel's state: its key cursor and the
// interval the key events put it on, legoSampler.legoEntered[rot] (an
// index rather than a copy: an interval is large), or -1 for the bone's
// own (legoBoneState.legoR), which a search fills.
type legoRotState struct {
	cur cursor
	rot int32
}

// entered returns the interval the key events put the channel on where
// it holds t, else nil.
func (c legoRotState) entered(pre []legoInterval, t float64) *legoInterval {
	if r := int(c.rot); uint(r) < uint(len(pre)) {
		if lc := &pre[r]; lc.holds(c.cur, t) {
			return lc
		}
	}
	return nil
}

// legoBoneState is the rest of a LEGO bone's state.
type legoBoneState struct {
	legoR legoInterval
	// angles is the bone's rotation intervals' angle terms, memoised.
	angles []legoTerms
}

// legoVecEvent is a translation or scale key event as the sampler applies
// it: from time on, the channel of bone is at key and span is its cache.
type legoVecEvent struct {
	time float64
	bone int32
	key  cursor
	span legoVecSpan
}

// legoRotEvent is a rotation key event as the sampler applies it: the
// interval cache is legoEntered at the event's index.
type legoRotEvent struct {
	time float64
	bone int32
	key  cursor
}

// legoSlerpAt is a bone whose rotation is the slerp branch of the
// interval legoEntered[rot].
type legoSlerpAt struct{ rot, bone int32 }

func newLegoSampler(sk *formats.Skeleton, clip *formats.Clip) *legoSampler {
	nb := len(sk.Bones)
	s := &legoSampler{sampled: newSampled(sk, clip), vecT: make([]legoVecState, nb), vecS: make([]legoVecState, nb),
		rot: make([]legoRotState, nb), vis: make([]cursor, nb), bone: make([]legoBoneState, nb)}
	s.keys = make([]uint8, nb)
	for i := range s.keys {
		tr := &clip.Tracks[i]
		for j, n := range [...]int{len(tr.Translation.Times), len(tr.Rotation.Times), len(tr.Scale.Times)} {
			if n > 0 {
				s.keys[i] |= 1 << j
			}
		}
	}
	n := 0
	for i := range s.bone {
		if k := len(clip.Tracks[i].Rotation.Times); k > 1 {
			n += k - 1
		}
	}
	angles := make([]legoTerms, n)
	for i := range angles {
		angles[i].theta = -1
	}
	for i := range s.bone {
		if k := len(clip.Tracks[i].Rotation.Times); k > 1 {
			s.bone[i].angles, angles = angles[:k-1:k-1], angles[k-1:]
		}
	}
	s.build(sk, clip)
	s.legoEntered = make([]legoInterval, len(s.events[trackR]))
	s.rotEvents = make([]legoRotEvent, len(s.events[trackR]))
	for j := range s.events[trackR] {
		e := &s.events[trackR][j]
		s.rotEvents[j] = legoRotEvent{time: e.time, bone: e.bone, key: cursor(e.key)}
		tr := &clip.Tracks[e.bone].Rotation
		var sp legoSpan
		if legoEventSpan(&sp, tr.Times, e) {
			legoPrepareSpan(&s.legoEntered[j], tr, int(e.key), s.bone[e.bone].angles, sp)
		}
	}
	for _, k := range []int{trackT, trackS} {
		s.vecEvents[k] = make([]legoVecEvent, len(s.events[k]))
		for j := range s.events[k] {
			e := &s.events[k][j]
			tr, bind := &clip.Tracks[e.bone], &sk.Bones[e.bone].Bind
			ve, vt, b := &s.vecEvents[k][j], &tr.Translation, &bind.Translation
			if k == trackS {
				vt, b = &tr.Scale, &bind.Scale
			}
			*ve = legoVecEvent{time: e.time, bone: e.bone, key: cursor(e.key)}
			if legoEventSpan(&ve.span.legoSpan, vt.Times, e) {
				ve.span.fill(vt, int(e.key), b, k == trackT)
			}
		}
	}
	// Before its first key a channel is at piece -1, as cursor.piece puts
	// it; the spans are empty.
	s.startT, s.startS, s.startR = make([]legoVecState, nb), make([]legoVecState, nb), make([]legoRotState, nb)
	for i := range nb {
		s.startT[i].cur, s.startS[i].cur = beforeFirst, beforeFirst
		if s.keys[i]&keysT == 0 {
			s.startT[i] = keylessVec(sk.Bones[i].Bind.Translation)
		}
		if s.keys[i]&keysS == 0 {
			s.startS[i] = keylessVec(sk.Bones[i].Bind.Scale)
		}
		s.startR[i] = legoRotState{cur: beforeFirst, rot: -1}
		s.vis[i] = beforeFirst
	}
	s.restart()
	if !hasVisibility(sk, clip) {
		s.visible = make([]bool, nb)
		for i := range s.visible {
			s.visible[i] = true
		}
	}
	s.other, s.slerpAt = make([]int32, nb), make([]legoSlerpAt, nb)
	s.slerpX, s.slerpSC = make([]float64, nb), make([][2]float64, nb)
	return s
}

// Sample writes the clip's pose at time t into p: each channel by the
// game's rules, the bind value where a channel gives nothing.
func (s *legoSampler) Sample(t float64, p *Pose) {
	n := len(s.skel.Bones)
	local := p.Local[:n]
	vis := p.Visible[:n]
	copyMask(p.Translated, s.hasT)
	if !s.advance(t, s) || t > legoAllTime {
		s.sampleBones(t, local, vis)
		return
	}
	s.sampleVecs(t, local, false)
	s.sampleRotations(t, local)
	s.sampleVecs(t, local, true)
	if s.visible == nil {
		sampleVisibility(s.clip.Tracks[:n], t, s.vis, vis, true)
	} else {
		copy(vis, s.visible)
	}
}

// legoAllTime bounds the times a sample plays forward by key events: a
// translation or scale channel without keys holds its bind value from
// -legoAllTime on (keylessVec), and a later time samples the keys
// directly.
const legoAllTime = 1e300

// keylessVec is the state of a translation or scale channel without keys:
// one interval from -legoAllTime on, whose value is v whatever the time,
// so that the channel is its pass's common case rather than an
// exception. The factor is +0 (t - t0 is positive, and finite up to
// legoAllTime; invSpan is 0), d·f is -0, and v + -0 is v, -0 too.
func keylessVec(v mgl32.Vec3) legoVecState {
	z := float32(math.Copysign(0, -1))
	return legoVecState{legoVecSpan: legoVecSpan{legoSpan: legoSpan{key: 1, t0: -legoAllTime}, a: v, d: mgl32.Vec3{z, z, z}}}
}

// The passes of a sample played forward, a channel each. Each loop
// evaluates the channels its caches hold and leaves every other (a search
// after a jump, a step or inactive key, the keys' other branches) to a
// loop of its own after it: a loop with a call in it keeps none of its
// state in registers across the call, and the common case then paid for
// the rare one.

// sampleVecs writes every bone's translation at t, or with scale its
// scale: a channel from its cache where that holds t, else (second loop)
// by its keys.
func (s *legoSampler) sampleVecs(t float64, local []formats.Transform, scale bool) {
	n := len(local)
	st, other := s.vecT[:n], s.other[:n]
	if scale {
		st = s.vecS[:n]
	}
	m := 0
	for i := range st {
		out := &local[i].Translation
		if scale {
			out = &local[i].Scale
		}
		if c := &st[i]; c.holds(c.cur, t) {
			c.at(float32((t-c.t0)*c.invSpan), out)
		} else {
			other[m] = int32(i)
			m++
		}
	}
	bones, tracks := s.skel.Bones[:n], s.clip.Tracks[:n]
	for _, i := range other[:m] {
		tr, bind, out := &tracks[i].Translation, &bones[i].Bind.Translation, &local[i].Translation
		if scale {
			tr, bind, out = &tracks[i].Scale, &bones[i].Bind.Scale, &local[i].Scale
		}
		c := &st[i]
		legoVec3Keys(tr, t, &c.cur, &c.legoVecSpan, bind, out, !scale)
	}
}

// sampleRotations writes every bone's rotation at t. The slerps, nearly
// every rotation of a clip, go in three passes: each one's angle fθ
// (slerpAngles); the sine and cosine of every angle (slerpSeries); the
// weights and products (slerpProducts). One slerp is a long chain of
// dependent operations, and a loop doing all of it bone after bone waited
// on it; each pass's chains are short and independent from one bone to
// the next. Each pass is a function of its own, whose few values the
// compiler keeps in registers.
func (s *legoSampler) sampleRotations(t float64, local []formats.Transform) {
	n := len(local)
	at, xs, other := s.slerpAt[:n], s.slerpX[:n], s.other[:n]
	k, m := slerpAngles(s.rot[:n], s.legoEntered, t, at, xs, other)
	slerpSeries(xs[:k], s.slerpSC[:k])
	slerpProducts(at[:k], s.slerpSC[:k], s.legoEntered, local)
	bones, keys := s.skel.Bones[:n], s.keys[:n]
	rs, pre := s.rot[:n], s.legoEntered
	for _, i := range other[:m] {
		if keys[i]&keysR == 0 {
			local[i].Rotation = bones[i].Bind.Rotation
		} else if lc := rs[i].entered(pre, t); lc != nil && lc.mode == legoHold {
			// sampleRotation would do the same; written here, a step
			// key's interval costs no call (SampleLego40, a sixth of
			// whose intervals are held, is about 10% slower without it).
			local[i].Rotation = s.clip.Tracks[i].Rotation.Values[rs[i].cur]
		} else {
			s.sampleRotation(int(i), t, &local[i].Rotation)
		}
	}
}

// slerpAngles finds the rotation channels whose interval the key events
// entered, holds t and takes legoInterval.eval's common case, the slerp
// by the series: it writes each one's bone and interval to at and its
// angle fθ to xs, and every other channel's bone to other, and returns how
// many of each.
func slerpAngles(rs []legoRotState, pre []legoInterval, t float64, at []legoSlerpAt, xs []float64, other []int32) (k, m int) {
	at, xs, other = at[:len(rs)], xs[:len(rs)], other[:len(rs)]
	for i, c := range rs {
		if lc := c.entered(pre, t); lc != nil && lc.mode == legoSlerp {
			if x := float64(float32((t-lc.t0)*lc.invSpan)) * lc.theta; x >= 0 && x <= 0.5 {
				at[k] = legoSlerpAt{c.rot, int32(i)}
				xs[k] = x
				k++
				continue
			}
		}
		other[m] = int32(i)
		m++
	}
	return k, m
}

// slerpSeries writes the sine and cosine of each angle in xs to sc, as
// legoInterval.eval's series does.
func slerpSeries(xs []float64, sc [][2]float64) {
	k := legoSeriesTerms{1, as1, as2, as3, as4, as5, as6, ac1, ac2, ac3, ac4, ac5, ac6, ac7}
	sc = sc[:len(xs)]
	for j, x := range xs {
		y := x * x
		y2 := y * y
		y4 := y2 * y2
		sc[j] = [2]float64{
			x * ((k.one + k.s1*y) + y2*(k.s2+k.s3*y) + y4*((k.s4+k.s5*y)+y2*k.s6)),
			(k.one + k.c1*y) + y2*(k.c2+k.c3*y) + y4*((k.c4+k.c5*y)+y2*(k.c6+k.c7*y)),
		}
	}
}

// legoSeriesTerms is legoInterval.eval's series coefficients as a table
// that slerpSeries keeps in memory rather than as constants: the
// compiler then adds each term to a product straight from memory, where a
// constant is first loaded into a register of its own, and the loop is
// bound by how many operations it issues. The values are the same, so
// are the results.
type legoSeriesTerms struct {
	one, s1, s2, s3, s4, s5, s6, c1, c2, c3, c4, c5, c6, c7 float64
}

// slerpProducts writes the slerps' rotations from the sines and cosines
// in sc, as legoInterval.eval does.
func slerpProducts(at []legoSlerpAt, sc [][2]float64, pre []legoInterval, local []formats.Transform) {
	sc = sc[:len(at)]
	for j, e := range at {
		lc := &pre[e.rot]
		wb := sc[j][0] * lc.invSin
		wa := sc[j][1] - lc.d*wb
		out := &local[e.bone].Rotation
		out.W, out.V[0], out.V[1], out.V[2] = sumLego(&lc.a, &lc.b, wa, wb)
	}
}

// sampleRotation writes the rotation at t of bone i, whose channel has
// keys: from the interval cache the channel is on where it holds t, else
// by its keys.
func (s *legoSampler) sampleRotation(i int, t float64, out *mgl32.Quat) {
	c, b := &s.rot[i], &s.bone[i]
	bind := &s.skel.Bones[i].Bind.Rotation
	if lc := s.rotation(i); lc.holds(c.cur, t) {
		switch lc.mode {
		case legoNone:
			*out = *bind
		case legoHold:
			*out = s.clip.Tracks[i].Rotation.Values[c.cur]
		default:
			lc.eval(float32((t-lc.t0)*lc.invSpan), out)
		}
	} else {
		legoQuatKeys(&s.clip.Tracks[i].Rotation, t, &c.cur, &b.legoR, b.angles, bind, out)
		c.rot = -1
	}
}

// rotation returns the rotation interval bone i's channel is on.
func (s *legoSampler) rotation(i int) *legoInterval {
	if r := s.rot[i].rot; r >= 0 {
		return &s.legoEntered[r]
	}
	return &s.bone[i].legoR
}

// apply applies the key events after the last applied up to t: they move
// the cursors and set the caches. An event after a channel's last key
// carries an empty cache (key 0), which matches no cursor, so that the
// channel is sampled by its keys; the loops then need no test but the
// time's.
func (s *legoSampler) apply(t float64) {
	s.next[trackT] = applyVec(s.vecEvents[trackT], s.next[trackT], t, s.vecT)
	s.next[trackS] = applyVec(s.vecEvents[trackS], s.next[trackS], t, s.vecS)
	ev, rs, j := s.rotEvents, s.rot, s.next[trackR]
	for ; j < len(ev) && ev[j].time <= t; j++ {
		e := &ev[j]
		rs[e.bone] = legoRotState{cur: e.key, rot: int32(j)}
	}
	s.next[trackR] = j
}

// applyVec applies the translation or scale events from j on up to t to
// the channels' states st and returns the first it did not apply.
func applyVec(ev []legoVecEvent, j int, t float64, st []legoVecState) int {
	for ; j < len(ev) && ev[j].time <= t; j++ {
		e := &ev[j]
		c := &st[e.bone]
		c.legoVecSpan, c.cur = e.span, e.key
	}
	return j
}

// restart puts the channels back to their state before every key event.
// The visibility cursors and the bones' own rotation intervals stay as
// they are: a cursor is where a search starts, and an interval serves
// only the cursor whose key it carries.
func (s *legoSampler) restart() {
	copy(s.vecT, s.startT)
	copy(s.vecS, s.startS)
	copy(s.rot, s.startR)
}

// seek moves every channel's cursor to the piece that holds t.
func (s *legoSampler) seek(t float64) {
	tracks := s.clip.Tracks[:len(s.bone)]
	for i := range tracks {
		tr := &tracks[i]
		s.vecT[i].cur.piece(tr.Translation.Times, t)
		s.rot[i].cur.piece(tr.Rotation.Times, t)
		s.vecS[i].cur.piece(tr.Scale.Times, t)
	}
}

// The bits of legoSampler.keys.
const (
	keysT uint8 = 1 << iota
	keysR
	keysS
)

// legoTerms memoises a LEGO rotation interval's angle terms: acos and sin
// cost more than the rest of a key crossing, and a looping clip crosses
// the same keys again and again. theta < 0 until they are computed.
type legoTerms struct{ theta, invSin float64 }

// legoEventSpan sets sp to the interval an event starts, from the
// reciprocal the event carries (the one legoSpan.factor computes), and
// reports whether the event starts an interval rather than the time after
// the last key. The interval begins at its key's time, which the event's
// is not for the keys at the first key's time (keyStart).
func legoEventSpan(sp *legoSpan, times []float64, e *keyEvent) bool {
	k := int(e.key)
	if k >= len(times)-1 {
		return false
	}
	*sp = legoSpan{key: int32(k + 1), t0: times[k], invSpan: e.inv}
	return true
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
	case n == 0 || !(t >= times[0]): // NaN too
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

// sampleBones samples every bone's LEGO channels
// (docs/formats/lego-island.md#evaluating-a-node) at t by their keys into
// local and vis. An empty channel costs no call.
func (s *legoSampler) sampleBones(t float64, local []formats.Transform, vis []bool) {
	n := len(local)
	tracks, bones, vis := s.clip.Tracks[:n], s.skel.Bones[:n], vis[:n]
	vt, vs, rs, bs, vc := s.vecT[:n], s.vecS[:n], s.rot[:n], s.bone[:n], s.vis[:n]
	for i := range local {
		tr, bind, out := &tracks[i], &bones[i].Bind, &local[i]
		if len(tr.Translation.Times) == 0 {
			out.Translation = bind.Translation
		} else {
			c := &vt[i]
			legoVec3Keys(&tr.Translation, t, &c.cur, &c.legoVecSpan, &bind.Translation, &out.Translation, true)
		}
		if len(tr.Rotation.Times) == 0 {
			out.Rotation = bind.Rotation
		} else {
			c, b := &rs[i], &bs[i]
			legoQuatKeys(&tr.Rotation, t, &c.cur, &b.legoR, b.angles, &bind.Rotation, &out.Rotation)
			c.rot = -1
		}
		if len(tr.Scale.Times) == 0 {
			out.Scale = bind.Scale
		} else {
			c := &vs[i]
			legoVec3Keys(&tr.Scale, t, &c.cur, &c.legoVecSpan, &bind.Scale, &out.Scale, false)
		}
		vis[i] = len(tr.Visibility.Times) == 0 || sampleBool(&tr.Visibility, t, &vc[i])
	}
}

// legoVecSpan is a LEGO translation or scale channel's interval cache:
// the interval's time terms and out = a + d·f, with a key i and d key
// i+1 - key i (in float32, as the lerp always formed them), or, where the
// channel gives its bind value (a translation between two inactive
// keys), a the bind value and d -0, which leaves any value as it is
// (x + -0 = x, for -0 too).
type legoVecSpan struct {
	legoSpan
	a, d mgl32.Vec3
}

// fill fills the values for interval i of the channel: translation
// (activeRule) honours the recomputed active flag, scale ignores every
// flag.
func (c *legoVecSpan) fill(tr *formats.Vec3Track, i int, bind *mgl32.Vec3, activeRule bool) {
	if activeRule && tr.Flags != nil && tr.Flags[i]&tr.Flags[i+1]&formats.KeyInactive != 0 {
		z := float32(math.Copysign(0, -1))
		c.a, c.d = *bind, mgl32.Vec3{z, z, z}
		return
	}
	a, b := &tr.Values[i], &tr.Values[i+1]
	c.a = *a
	c.d = mgl32.Vec3{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
}

// at writes the value at factor f: a + d·f, the product rounded before the
// sum, as lerp3.
func (c *legoVecSpan) at(f float32, out *mgl32.Vec3) {
	*out = mgl32.Vec3{c.a[0] + float32(c.d[0]*f), c.a[1] + float32(c.d[1]*f), c.a[2] + float32(c.d[2]*f)}
}

// legoSpan caches the time terms of the key interval last used, so that
// the factor is a multiplication.
type legoSpan struct {
	key         int32 // interval index + 1; 0 when empty
	t0, invSpan float64
}

// holds reports whether the span is the interval a channel's cursor c is
// on and holds t: a cursor before the first key or after the last (or an
// empty span, key 0) matches none, and the interval begins after t0.
func (sp *legoSpan) holds(c cursor, t float64) bool {
	return c >= 0 && sp.key == int32(c)+1 && t > sp.t0
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
// keeping the values off the per-bone loop's return path, and leaves the
// interval it used in sp.
func legoVec3Keys(tr *formats.Vec3Track, t float64, c *cursor, sp *legoVecSpan, bind, out *mgl32.Vec3, activeRule bool) {
	i, k := int(*c), 2
	if !c.inside(tr.Times, t) {
		i, k = legoFindKeys(tr.Times, t, c)
	}
	switch k {
	case 1:
		if !activeRule || tr.Flags == nil || tr.Flags[i]&formats.KeyInactive == 0 {
			*out = tr.Values[i]
			return
		}
	case 2:
		if sp.key != int32(i+1) { // factor moves the time terms along
			sp.fill(tr, i, bind, activeRule)
		}
		sp.at(sp.factor(tr.Times, i, t), out)
		return
	}
	*out = *bind
}

// legoQuatKeys evaluates a LEGO rotation channel with keys (GetRotation,
// docs/formats/lego-island.md#rotation): the 0x04 step and 0x02 negate
// flags are read on the later key. All that does not depend on the factor
// is decided once per interval and cached in lc.
func legoQuatKeys(tr *formats.QuatTrack, t float64, c *cursor, lc *legoInterval, angles []legoTerms, bind, out *mgl32.Quat) {
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
			legoPrepare(lc, tr, i, angles)
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

// legoPrepare fills the cache for interval i of a rotation channel,
// taking the angle terms from angles (the track's memo) when it has them.
func legoPrepare(lc *legoInterval, tr *formats.QuatTrack, i int, angles []legoTerms) {
	legoPrepareSpan(lc, tr, i, angles, legoSpan{key: int32(i + 1), t0: tr.Times[i], invSpan: 1 / (tr.Times[i+1] - tr.Times[i])})
}

// legoPrepareSpan is legoPrepare with the interval's time terms given.
func legoPrepareSpan(lc *legoInterval, tr *formats.QuatTrack, i int, angles []legoTerms, sp legoSpan) {
	lc.legoSpan = sp
	var this, next formats.KeyFlags
	if tr.Flags != nil {
		this, next = tr.Flags[i], tr.Flags[i+1]
	}
	sign := 1.0
	switch {
	case this&next&formats.KeyInactive != 0:
		lc.mode = legoNone
		return
	case next&formats.KeyStep != 0:
		lc.mode = legoHold
		return
	case next&formats.KeyNegate != 0:
		sign = -1
	}
	if !lc.setKeys(&tr.Values[i], &tr.Values[i+1], sign) {
		return
	}
	if i < len(angles) {
		m := &angles[i]
		if m.theta < 0 {
			m.theta, m.invSin = legoAngle(lc.d)
		}
		lc.theta, lc.invSin = m.theta, m.invSin
		return
	}
	lc.theta, lc.invSin = legoAngle(lc.d)
}

// SlerpLego is MxQuaternionTransformer::Interpolate
// (docs/formats/lego-island.md#rotation-interpolation). Its inputs and result are in the model's column-vector convention; the game
// works on the conjugates, which matters only for its opposite-keys quirk,
// so the function conjugates in and out.
func SlerpLego(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	var c legoInterval
	c.set(&q0, &q1, 1)
	var out mgl32.Quat
	c.eval(f, &out)
	return out
}

// How a LEGO rotation interval evaluates; everything but the factor is
// fixed per interval, so the sampler decides once and caches it.
const (
	legoNone     uint8 = iota // both keys inactive: the channel gives nothing
	legoHold                  // 0x04 on the later key: key i's value
	legoSlerp                 // the slerp branch
	legoLerp                  // near-equal keys: lerp without normalising
	legoOpposite              // opposite keys: the perpendicular quirk
)

// legoInterval is one rotation interval prepared for
// MxQuaternionTransformer::Interpolate: the keys in the game's convention
// (x, y, z, w of the conjugates, the later one already multiplied by the
// 0x02 sign), their dot product and the slerp angle terms.
type legoInterval struct {
	legoSpan // the sampler's interval and time terms
	mode     uint8
	a, b     [4]float64
	d, theta float64
	invSin   float64
}

// set prepares the interpolation from q0 to sign·q1 (model convention).
func (c *legoInterval) set(q0, q1 *mgl32.Quat, sign float64) {
	if c.setKeys(q0, q1, sign) {
		c.theta, c.invSin = legoAngle(c.d)
	}
}

// legoAngle is the slerp branch's angle terms for the dot product d: θ =
// acos d and 1/sin θ, in double precision as the game computes them.
func legoAngle(d float64) (theta, invSin float64) {
	theta = math.Acos(d)
	return theta, 1 / math.Sin(theta)
}

// setKeys is set but for the slerp branch's angle terms, which it reports
// are needed (the mode is legoSlerp): the sampler takes them from its
// memo of each interval's (legoAngles) rather than computing them at every
// key it crosses.
func (c *legoInterval) setKeys(q0, q1 *mgl32.Quat, sign float64) bool {
	c.a = [4]float64{-float64(q0.V[0]), -float64(q0.V[1]), -float64(q0.V[2]), float64(q0.W)}
	c.b = [4]float64{-sign * float64(q1.V[0]), -sign * float64(q1.V[1]), -sign * float64(q1.V[2]), sign * float64(q1.W)}
	// The game computes the dot product in double precision.
	c.d = c.a[0]*c.b[0] + c.a[1]*c.b[1] + c.a[2]*c.b[2] + c.a[3]*c.b[3]
	switch d := c.d; {
	case d+1 > 1e-5 && 1-d > 1e-5:
		c.mode = legoSlerp
		return true
	case 1-d <= 1e-5:
		c.mode = legoLerp
	default: // includes a NaN dot product, as in the game
		c.mode = legoOpposite
	}
	return false
}

// eval writes the interpolation at factor f, back in the model's
// convention. The slerp branch writes sin((1-f)θ) as
// sin θ cos fθ - cos θ sin fθ, so one sincos serves both weights; in
// double precision this gives the game's weights far below float32
// resolution.
func (c *legoInterval) eval(f float32, out *mgl32.Quat) {
	ff := float64(f)
	a, b := &c.a, &c.b
	if c.mode == legoSlerp {
		// The common case first, written straight into out, with
		// legoSincos's steps (its series, sincosSeries, inlines; the
		// function does not) and sumLego: it is most of a LEGO clip's
		// sampling time.
		x := ff * c.theta
		var sf, cf float64
		if x >= 0 && x <= 0.5 {
			sf, cf = sincosSeries(x)
		} else {
			sf, cf = math.Sincos(x)
		}
		wb := sf * c.invSin
		wa := cf - c.d*wb
		out.W, out.V[0], out.V[1], out.V[2] = sumLego(a, b, wa, wb)
		return
	}
	var r [4]float64
	switch c.mode {
	case legoLerp:
		// A plain lerp, not normalised; the game's matrix builder divides
		// by |q|² so the rotation stays pure.
		wa, wb := 1-ff, ff
		r = [4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]}
	default:
		// Opposite keys: the game mixes q0 with the perpendicular
		// p = (-y, x, -w, z) for x, y, z and leaves w as p's w (a decomp
		// quirk kept for exactness).
		wa := math.Sin((1 - ff) * math.Pi / 2)
		wb := math.Sin(ff * math.Pi / 2)
		r = [4]float64{wa*a[0] - wb*a[1], wa*a[1] + wb*a[0], wa*a[2] - wb*a[3], a[2]}
	}
	*out = mgl32.Quat{W: float32(r[3]), V: mgl32.Vec3{-float32(r[0]), -float32(r[1]), -float32(r[2])}}
}

// legoSincos is math.Sincos, with a short cut for 0 <= x <= 0.5, the
// common case of keys less than a radian apart: sincosSeries, whose
// remainders there (below 3e-17) are under double rounding.
// legoInterval.eval takes the same steps inline, and slerpSeries the same
// series over many angles; TestLegoSincos checks this one against the
// math package, TestSlerpLegoMatchesGameFormula the sampler's.
func legoSincos(x float64) (sin, cos float64) {
	if !(x >= 0 && x <= 0.5) {
		return math.Sincos(x)
	}
	return sincosSeries(x)
}

// sumLego is the LEGO slerp's weighted sum wa·a + wb·b of the keys in the
// game's convention (x, y, z, w of the conjugates), conjugated back into
// the model's: the one definition for legoInterval.eval and
// slerpProducts, which the compiler inlines.
func sumLego(a, b *[4]float64, wa, wb float64) (w, x, y, z float32) {
	return float32(wa*a[3] + wb*b[3]), -float32(wa*a[0] + wb*b[0]), -float32(wa*a[1] + wb*b[1]), -float32(wa*a[2] + wb*b[2])
}
