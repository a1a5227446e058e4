package player

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
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

// boneCursors are the LEGO sampler's per-bone state: four track cursors
// and the constant terms of each channel's current interval.
type boneCursors struct {
	t, r, s, v   cursor
	legoT, legoS legoVecSpan
	legoR        legoInterval
	// angles is the bone's rotation intervals' angle terms, memoised
	// (ClipSampler.angles).
	angles []legoTerms
	// keys says which of the bone's channels have keys (keysT, …), so
	// that playing forward need not read the tracks to find out.
	keys uint8
}

// The bits of boneCursors.keys.
const (
	keysT uint8 = 1 << iota
	keysR
	keysS
	keysV
)

// legoTerms memoises a LEGO rotation interval's angle terms: acos and sin
// cost more than the rest of a key crossing, and a looping clip crosses
// the same keys again and again. theta < 0 until they are computed.
type legoTerms struct{ theta, invSin float64 }

// noPiece marks a track cache that holds no piece of its track yet.
const noPiece cursor = -2

// boneCache is the other flavours' per-bone state: a cache per track
// (track.go) and the visibility cursor.
type boneCache struct {
	t, s vecCache
	r    quatCache
	v    cursor
}

// keyEvent is the moment a track moves to its next piece: from time on,
// piece key of the track of bone holds the time (see span.set). It
// carries the piece's length and its reciprocal, so that applying it
// reads nothing of the track's times.
type keyEvent struct {
	time, len, inv float64
	bone, key      int32
}

// The tracks of a bone, indexing ClipSampler.events.
const (
	trackT = iota
	trackR
	trackS
)

// ClipSampler samples one clip over one skeleton. It keeps per-track
// caches and so belongs to one playback; the clip itself is shared and
// never written.
//
// Playing forward, the sampler does as ozz-animation does: each kind of
// track has its key events in time order, and a sample first applies the
// events passed since the last one, moving just those tracks to their
// next interval, then evaluates every track from its cache without a test
// or a search. A jump back (a loop's wrap) or far ahead searches every
// track instead. Clips whose tracks share timelines (Metroid Prime's key
// bitmap, Sims frames) are sampled directly from their keys (direct.go).
type ClipSampler struct {
	skel *formats.Skeleton
	clip *formats.Clip
	// One of the two is set, by the clip's flavour.
	cache   []boneCache
	cursors []boneCursors
	events  [3][]keyEvent
	// entered[k][j] is the cache of translation (k = trackT) or scale
	// (trackS) that event j of events[k] makes, filled in advance: a
	// sample applies the events in stream order, so it reads these in
	// order too rather than the keys of a hundred tracks scattered
	// through the clip.
	entered [3][]vecCache
	// enteredR is the same for rotations: the caches with the flavour's
	// angle terms, so that crossing a key costs no trigonometry either.
	enteredR []quatCache
	// legoEntered is enteredR for LEGO clips: the rotation interval each
	// event starts, prepared (key 0 after the last key).
	legoEntered []legoInterval
	// legoEnteredV is the same for LEGO translations (trackT) and scales
	// (trackS): the interval cache each event starts.
	legoEnteredV [3][]legoVecSpan
	// lenSq is a bone's squared rotation length between the two passes
	// of a Metroid Prime or Echoes sample.
	lenSq []float32
	// evTimes[k] is the times of events[k], all that applying them reads
	// of the events (the caches carry their bone).
	evTimes [3][]float64
	// start and startCursors are the caches (cursors for LEGO clips)
	// before every key event: where a jump back starts again (rewind).
	start        []boneCache
	startCursors []boneCursors
	index        [3]eventIndex
	next         [3]int  // the first event not applied
	last         float64 // the time sampled last; NaN before the first
	valid        bool    // the caches hold the pieces of last
	// visTracks says that some bone has a visibility track; without one
	// every bone is visible, and a sample need not read the tracks.
	visTracks bool
	// shared says that some tracks share a Times slice: the clip is
	// sampled directly (direct.go), a search done for one track serving
	// the others.
	shared bool
}

// NewClipSampler returns a sampler of clip over sk. The clip must have been
// validated against the skeleton (formats.Asset.Validate).
func NewClipSampler(sk *formats.Skeleton, clip *formats.Clip) *ClipSampler {
	s := &ClipSampler{skel: sk, clip: clip, last: math.NaN()}
	for i := range sk.Bones {
		s.visTracks = s.visTracks || len(clip.Tracks[i].Visibility.Times) > 0
	}
	if clip.Interp == formats.InterpLego {
		s.cursors = make([]boneCursors, len(sk.Bones))
		for i := range s.cursors {
			tr := &clip.Tracks[i]
			for j, n := range [...]int{len(tr.Translation.Times), len(tr.Rotation.Times), len(tr.Scale.Times), len(tr.Visibility.Times)} {
				if n > 0 {
					s.cursors[i].keys |= 1 << j
				}
			}
		}
		n := 0
		for i := range s.cursors {
			if k := len(clip.Tracks[i].Rotation.Times); k > 1 {
				n += k - 1
			}
		}
		angles := make([]legoTerms, n)
		for i := range angles {
			angles[i].theta = -1
		}
		for i := range s.cursors {
			if k := len(clip.Tracks[i].Rotation.Times); k > 1 {
				s.cursors[i].angles, angles = angles[:k-1:k-1], angles[k-1:]
			}
		}
		s.buildEvents(clip)
		s.legoEntered = make([]legoInterval, len(s.events[trackR]))
		for j := range s.events[trackR] {
			e := &s.events[trackR][j]
			tr, c := &clip.Tracks[e.bone].Rotation, &s.cursors[e.bone]
			var sp legoSpan
			if legoEventSpan(&sp, tr.Times, e) {
				legoPrepareSpan(&s.legoEntered[j], tr, int(e.key), c.angles, sp)
			}
		}
		for _, k := range []int{trackT, trackS} {
			s.legoEnteredV[k] = make([]legoVecSpan, len(s.events[k]))
			for j := range s.events[k] {
				e := &s.events[k][j]
				tr, bind := &clip.Tracks[e.bone], &sk.Bones[e.bone].Bind
				sp, vt, b := &s.legoEnteredV[k][j], &tr.Translation, &bind.Translation
				if k == trackS {
					vt, b = &tr.Scale, &bind.Scale
				}
				if legoEventSpan(&sp.legoSpan, vt.Times, e) {
					sp.fill(vt, int(e.key), b, k == trackT)
				}
			}
		}
		// Before its first key a channel is at piece -1, as
		// cursor.piece puts it; the spans are empty.
		s.startCursors = make([]boneCursors, len(s.cursors))
		for i, c := range s.cursors {
			c.t, c.r, c.s, c.v = beforeFirst, beforeFirst, beforeFirst, beforeFirst
			s.startCursors[i] = c
		}
		copy(s.cursors, s.startCursors)
		return s
	}
	s.cache = make([]boneCache, len(sk.Bones))
	s.lenSq = make([]float32, len(sk.Bones))
	seen := map[*float64]bool{}
	for i := range s.cache {
		tr := &clip.Tracks[i]
		for _, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			if len(times) > 0 {
				s.shared = s.shared || seen[&times[0]]
				seen[&times[0]] = true
			}
		}
	}
	for i := range s.cache {
		c, bind, tr := &s.cache[i], &sk.Bones[i].Bind, &clip.Tracks[i]
		// Channels without keys hold the bind value for all time and
		// have no events.
		c.t.holdVec(bind.Translation)
		c.r.holdQuat(bind.Rotation)
		c.s.holdVec(bind.Scale)
		c.v = -1
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
	}
	if !s.shared { // else no key events: sampled directly
		s.buildEvents(clip)
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
	}
	return s
}

// buildEvents makes every track's key events and sorts them.
func (s *ClipSampler) buildEvents(clip *formats.Clip) {
	var counts [3]int
	for i := range s.skel.Bones {
		tr := &clip.Tracks[i]
		for k, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			counts[k] += len(times)
		}
	}
	for k := range s.events {
		s.events[k] = make([]keyEvent, 0, counts[k])
	}
	for i := range s.skel.Bones {
		tr := &clip.Tracks[i]
		for k, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			for key := range times {
				e := keyEvent{time: keyStart(times, key), bone: int32(i), key: int32(key)}
				if key+1 < len(times) {
					if e.len = times[key+1] - times[key]; e.len > 0 {
						e.inv = 1 / e.len
					}
				}
				s.events[k] = append(s.events[k], e)
			}
		}
	}
	s.sortEvents()
}

// Clip returns the sampled clip.
func (s *ClipSampler) Clip() *formats.Clip { return s.clip }

// Duration returns the clip's duration.
func (s *ClipSampler) Duration() float64 { return s.clip.Duration }

// Sample writes the clip's pose at time t into p. Components without a
// channel take the bind value.
func (s *ClipSampler) Sample(t float64, p *Pose) {
	n := len(s.skel.Bones)
	tracks := s.clip.Tracks[:n]
	local := p.Local[:n]
	vis := p.Visible[:n]
	if s.cache == nil {
		bones := s.skel.Bones[:n]
		cur := s.cursors[:n]
		if !s.advance(t) {
			for i := range bones {
				vis[i] = legoBone(&tracks[i], t, &cur[i], &bones[i].Bind, &local[i])
			}
			return
		}
		for i := range bones {
			vis[i] = legoBoneForward(&tracks[i], t, &cur[i], &bones[i].Bind, &local[i])
		}
		return
	}
	// A time that is not finite would make the factor NaN on constant
	// spans: NaN samples the start, as ClipTime maps it, and ±Inf the
	// ends.
	if !(t >= -math.MaxFloat64 && t <= math.MaxFloat64) {
		t = math.Max(-math.MaxFloat64, math.Min(t, math.MaxFloat64))
		if t != t {
			t = 0
		}
	}
	if s.shared || !s.advance(t) {
		s.sampleDirect(t, p)
		for i := range tracks {
			vis[i] = len(tracks[i].Visibility.Times) == 0 || sampleBool(&tracks[i].Visibility, t, &s.cache[i].v)
		}
		return
	}
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
		// call spilled the loop's state as slerpArc's did. The
		// normalisation waits for a second pass: one bone's lerp is a
		// long chain of dependent operations ending in a double-precision
		// square root and division, so that a loop doing all of it
		// waited on that chain, bone after bone; the second pass's
		// chains are short and independent, and the divider takes them
		// one after the other. lenSq holds each bone's squared length,
		// 1 for the bones evalPrime wrote (InvSqrtMP1(1) = 1, and
		// multiplying by 1 changes nothing).
		lenSq := s.lenSq[:n]
		for i := range cache {
			c, out := &cache[i], &local[i]
			c.t.at(c.t.factor(t), &out.Translation)
			lenSq[i] = 1
			if r := &c.r; r.mode == rotLerp {
				if u := r.factor(t); u > primeSnapStart && u < primeSnapEnd {
					q0, q1 := &r.q0, &r.q1
					x := q0.V[0] + float32(u*(q1.V[0]-q0.V[0]))
					y := q0.V[1] + float32(u*(q1.V[1]-q0.V[1]))
					z := q0.V[2] + float32(u*(q1.V[2]-q0.V[2]))
					w := retromath.FMAddS(u, q1.W-q0.W, q0.W)
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
		// for Echoes; InvSqrtMP2(1) = 1). The lerp is written out in both
		// loops: as a function it does not inline (+6% instructions), and
		// one loop for both flavours tests the flavour per bone (+1 to 4%).
		lenSq := s.lenSq[:n]
		for i := range cache {
			c, out := &cache[i], &local[i]
			c.t.at(c.t.factor(t), &out.Translation)
			lenSq[i] = 1
			if r := &c.r; r.mode == rotLerp {
				u := r.factor(t)
				q0, q1 := &r.q0, &r.q1
				x := q0.V[0] + float32(u*(q1.V[0]-q0.V[0]))
				y := q0.V[1] + float32(u*(q1.V[1]-q0.V[1]))
				z := q0.V[2] + float32(u*(q1.V[2]-q0.V[2]))
				w := retromath.FMAddS(u, q1.W-q0.W, q0.W)
				lenSq[i] = primeLenSq(w, x, y, z)
				out.Rotation = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
			} else {
				r.evalPrime2(t, &out.Rotation)
			}
			c.s.at(c.s.factor(t), &out.Scale)
		}
		normalizeLerps(local, lenSq, true)
	default:
		// The rotation's cache evaluated inline (unless held): slerpArc
		// with arcSincos. The compiler inlines neither, and with no
		// callee-saved registers each call spilled the loop's state
		// (-14%).
		for i := range cache {
			c, out := &cache[i], &local[i]
			c.t.at(c.t.factor(t), &out.Translation)
			if r := &c.r; r.mode == rotHold {
				out.Rotation = r.q0
			} else {
				x := float64(r.factor(t)) * r.angle
				y := x * x
				y2 := y * y
				y4 := y2 * y2
				sn := x * (((1 + as1*y) + y2*(as2+as3*y)) + y4*((as4+as5*y)+y2*as6))
				cs := ((1 + ac1*y) + y2*(ac2+ac3*y)) + y4*((ac4+ac5*y)+y2*(ac6+ac7*y))
				wb := sn * r.invSin
				wa := cs - r.cos*wb
				out.Rotation.W = float32(wa*float64(r.q0.W) + wb*float64(r.q1.W))
				out.Rotation.V[0] = float32(wa*float64(r.q0.V[0]) + wb*float64(r.q1.V[0]))
				out.Rotation.V[1] = float32(wa*float64(r.q0.V[1]) + wb*float64(r.q1.V[1]))
				out.Rotation.V[2] = float32(wa*float64(r.q0.V[2]) + wb*float64(r.q1.V[2]))
			}
			c.s.at(c.s.factor(t), &out.Scale)
		}
	}
	if !s.visTracks {
		for i := range vis {
			vis[i] = true
		}
		return
	}
	for i := range cache {
		vis[i] = len(tracks[i].Visibility.Times) == 0 || sampleBool(&tracks[i].Visibility, t, &cache[i].v)
	}
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
		legoQuatKeys(&tr.Rotation, t, &c.r, &c.legoR, c.angles, &bind.Rotation, &out.Rotation)
	}
	if len(tr.Scale.Times) == 0 {
		out.Scale = bind.Scale
	} else {
		legoVec3Keys(&tr.Scale, t, &c.s, &c.legoS, &bind.Scale, &out.Scale, false)
	}
	return len(tr.Visibility.Times) == 0 || sampleBool(&tr.Visibility, t, &c.v)
}

// legoBoneForward is legoBone for playing forward: the key events have
// put each channel's cursor on the piece that holds t (ClipSampler.advance),
// so a channel whose cache is that piece's interval and t not its first key
// evaluates without a search; any other case (a key crossed since the last
// sample, a time on a key, before the first or after the last) takes
// legoBone's path, which fills the cache. Otherwise it reads the tracks
// only for a held rotation and visibility keys.
func legoBoneForward(tr *formats.BoneTracks, t float64, c *boneCursors, bind, out *formats.Transform) bool {
	if c.keys&keysT == 0 {
		out.Translation = bind.Translation
	} else if sp := &c.legoT; c.t >= 0 && sp.key == int32(c.t)+1 && t > sp.t0 {
		sp.at(float32((t-sp.t0)*sp.invSpan), &out.Translation)
	} else {
		legoVec3Keys(&tr.Translation, t, &c.t, &c.legoT, &bind.Translation, &out.Translation, true)
	}
	if c.keys&keysR == 0 {
		out.Rotation = bind.Rotation
	} else if lc := &c.legoR; c.r >= 0 && lc.key == int32(c.r)+1 && t > lc.t0 {
		switch lc.mode {
		case legoNone:
			out.Rotation = bind.Rotation
		case legoHold:
			out.Rotation = tr.Rotation.Values[c.r]
		default:
			lc.eval(float32((t-lc.t0)*lc.invSpan), &out.Rotation)
		}
	} else {
		legoQuatKeys(&tr.Rotation, t, &c.r, &c.legoR, c.angles, &bind.Rotation, &out.Rotation)
	}
	if c.keys&keysS == 0 {
		out.Scale = bind.Scale
	} else if sp := &c.legoS; c.s >= 0 && sp.key == int32(c.s)+1 && t > sp.t0 {
		sp.at(float32((t-sp.t0)*sp.invSpan), &out.Scale)
	} else {
		legoVec3Keys(&tr.Scale, t, &c.s, &c.legoS, &bind.Scale, &out.Scale, false)
	}
	return c.keys&keysV == 0 || sampleBool(&tr.Visibility, t, &c.v)
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
	out[0] = c.a[0] + float32(c.d[0]*f)
	out[1] = c.a[1] + float32(c.d[1]*f)
	out[2] = c.a[2] + float32(c.d[2]*f)
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

// legoQuatKeys evaluates a LEGO rotation channel with keys (spec 1.3
// GetRotation): the 0x04 step and 0x02 negate flags are read on the later
// key. All that does not depend on the factor is decided once per
// interval and cached in lc.
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
