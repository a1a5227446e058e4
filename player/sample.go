package player

import (
	"cmp"
	"math"
	"slices"

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

// ClipSampler samples one clip over one skeleton. It keeps per-track
// state and so belongs to one playback; the clip itself is shared and
// never written.
type ClipSampler interface {
	Sampler
	// Clip returns the sampled clip.
	Clip() *formats.Clip
	// boneCount is how many bones a pose it writes has.
	boneCount() int
}

// NewClipSampler returns a sampler of clip over sk, the one for the
// clip's family: LEGO Island's channels (legoSampler); tracks that share
// one timeline (formats.Clip.SharedTimeline, as Metroid Prime's key
// bitmap and The Sims' frames give: frameSampler); tracks with timelines of their own, as MilkShape's
// joints and the demo have (trackSampler). Each family keeps the state
// its clips are fastest with, and a sample runs one family's loop with
// no choice made per bone. The clip must have been validated against the
// skeleton (formats.Asset.Validate).
func NewClipSampler(sk *formats.Skeleton, clip *formats.Clip) ClipSampler {
	switch {
	case clip.Interp == formats.InterpLego:
		return newLegoSampler(sk, clip)
	case clip.SharedTimeline:
		return newFrameSampler(sk, clip)
	}
	return newTrackSampler(sk, clip)
}

// sampled is what every sampler holds: the skeleton, the clip and which
// bones it has a translation track for (Pose.Translated).
type sampled struct {
	skel *formats.Skeleton
	clip *formats.Clip
	hasT BoneMask
}

func newSampled(sk *formats.Skeleton, clip *formats.Clip) sampled {
	return sampled{sk, clip, translationMask(clip, len(sk.Bones))}
}

// translationMask returns, per bone, whether clip has a translation track
// for it: the static half of the games' VHasOffset.
func translationMask(clip *formats.Clip, bones int) BoneMask {
	m := NewBoneMask(bones)
	for i := range min(bones, len(clip.Tracks)) {
		m.Set(i, len(clip.Tracks[i].Translation.Times) > 0)
	}
	return m
}

// Clip returns the sampled clip.
func (s *sampled) Clip() *formats.Clip { return s.clip }

// Duration returns the clip's duration.
func (s *sampled) Duration() float64 { return s.clip.Duration }

func (s *sampled) boneCount() int { return len(s.skel.Bones) }

// hasVisibility reports whether some bone of the clip has a visibility
// track; without one every bone is visible, and a sample need not read
// the tracks.
func hasVisibility(sk *formats.Skeleton, clip *formats.Clip) bool {
	for i := range sk.Bones {
		if len(clip.Tracks[i].Visibility.Times) > 0 {
			return true
		}
	}
	return false
}

// sampleVisibility writes each bone's visibility at t: its track's key
// at or before t, visible without a track or before its first key.
func sampleVisibility(tracks []formats.BoneTracks, t float64, cur []cursor, vis []bool, any bool) {
	if !any {
		for i := range vis {
			vis[i] = true
		}
		return
	}
	tracks, cur = tracks[:len(vis)], cur[:len(vis)]
	for i := range vis {
		vis[i] = len(tracks[i].Visibility.Times) == 0 || sampleBool(&tracks[i].Visibility, t, &cur[i])
	}
}

// finiteTime keeps a sampling time finite: a time that is not would make
// the factor NaN on constant spans. NaN samples the start, as ClipTime
// maps it, and ±Inf the ends.
func finiteTime(t float64) float64 {
	if !(t >= -math.MaxFloat64 && t <= math.MaxFloat64) {
		t = math.Max(-math.MaxFloat64, math.Min(t, math.MaxFloat64))
		if t != t {
			t = 0
		}
	}
	return t
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

// The pieces of a track's timeline: before the first key (t ≤ times[0]),
// interval i (times[i] ≤ t < times[i+1], opened to times[0] < t for the
// keys at the first key's time, so that a time at the first key gives the
// key itself as it always has), after the last key (t ≥ times[n-1]). span.set and
// span.locate return the interval index or one of these.
const (
	beforeFirst = -1
	afterLast   = -2
)

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

// keyStart is when piece k begins: the time from which span.set(times, k)
// is the piece that holds t, as cursor.piece and the searches find it. A
// time at the first key is before it, so the pieces of every key at the
// first key's time begin just after it, and the pieces of keys that share
// any time begin together: their events then apply in key order, and the
// last of them holds the time, as every search takes the last key at or
// before a time (docs/formats/lego-island.md#finding-keys,
// docs/formats/milkshape-anm.md#rotation-keys). Starting only key 0 late
// put its event after key 1's where the two share a time, and playing
// forward then held key 0 where a jump takes interval 1.
func keyStart(times []float64, k int) float64 {
	if len(times) > 1 && times[k] == times[0] {
		return math.Nextafter(times[0], math.Inf(1))
	}
	return times[k]
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

// keyEvent is the moment a track moves to its next piece: from time on,
// piece key of the track of bone holds the time (see span.set). It
// carries the piece's length and its reciprocal, so that applying it
// reads nothing of the track's times.
type keyEvent struct {
	time, len, inv float64
	bone, key      int32
}

// The tracks of a bone, indexing keyEvents.events.
const (
	trackT = iota
	trackR
	trackS
)

// keyEvents is what the samplers that play forward by key events share
// (legoSampler, trackSampler), in the manner of ozz-animation: each kind
// of track has its key events in time order, and a sample first applies
// the events passed since the last one, moving just those tracks to their
// next interval, then evaluates every track from its cache without a test
// or a search. A jump back (a loop's wrap) or far ahead searches every
// track instead.
type keyEvents struct {
	events [3][]keyEvent
	index  [3]eventIndex
	next   [3]int  // the first event not applied
	last   float64 // the time sampled last; NaN before the first
	valid  bool    // the caches hold the pieces of last
	bones  int
}

// eventCaches is what keyEvents.advance asks of a sampler's caches.
type eventCaches interface {
	// restart puts the caches back to their state before every event.
	restart()
	// apply applies the events from next on up to t.
	apply(t float64)
	// seek searches every track for t (keyEvents.seek has placed the
	// event positions after it).
	seek(t float64)
}

// build makes every track's key events and sorts them.
func (e *keyEvents) build(sk *formats.Skeleton, clip *formats.Clip) {
	e.last, e.bones = math.NaN(), len(sk.Bones)
	var counts [3]int
	for i := range sk.Bones {
		tr := &clip.Tracks[i]
		for k, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			counts[k] += len(times)
		}
	}
	for k := range e.events {
		e.events[k] = make([]keyEvent, 0, counts[k])
	}
	for i := range sk.Bones {
		tr := &clip.Tracks[i]
		for k, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			for key := range times {
				ev := keyEvent{time: keyStart(times, key), bone: int32(i), key: int32(key)}
				if key+1 < len(times) {
					if ev.len = times[key+1] - times[key]; ev.len > 0 {
						ev.inv = 1 / ev.len
					}
				}
				e.events[k] = append(e.events[k], ev)
			}
		}
	}
	// Each kind's events in time order (a track's own in key order where
	// times are equal).
	for k := range e.events {
		slices.SortFunc(e.events[k], func(a, b keyEvent) int {
			if c := cmp.Compare(a.time, b.time); c != 0 {
				return c
			}
			if c := cmp.Compare(a.bone, b.bone); c != 0 {
				return c
			}
			return cmp.Compare(a.key, b.key)
		})
		e.index[k].build(e.events[k])
	}
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
func (e *keyEvents) advance(t float64, c eventCaches) bool {
	last := e.last
	e.last = t
	if !(t >= last) { // back, or the first sample
		if last == last && t >= 0 && e.rewind(t, c) { // a loop's wrap
			e.valid = true
			return true
		}
		e.valid = false
		return false
	}
	if !e.valid {
		if t-last > resumeGap {
			return false
		}
		for k, ev := range e.events {
			e.next[k] = e.index[k].search(ev, t)
		}
		c.seek(t)
		e.valid = true
		return true
	}
	for k := range e.events {
		ev := e.events[k]
		if j := e.next[k] + e.bones; j < len(ev) && ev[j].time <= t {
			e.valid = false
			return false
		}
	}
	c.apply(t)
	return true
}

// rewind plays from the start again after a jump back to t (a looping
// clip's wrap): the caches return to their state before every key event
// and the events up to t are applied, when there are at most two frames'
// worth of them. That costs a copy and the events rather than a search of
// every track, twice (a direct sample now, a seek on the next frame). It
// reports whether it did.
func (e *keyEvents) rewind(t float64, c eventCaches) bool {
	limit := 2 * e.bones
	for k, ev := range e.events {
		if e.index[k].search(ev, t) > limit {
			return false
		}
	}
	e.next = [3]int{}
	c.restart()
	c.apply(t)
	return true
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

// lerp3 is a + (b - a)·f, each product rounded before the sum (no target
// fuses them).
func lerp3(a, b mgl32.Vec3, f float32) mgl32.Vec3 {
	return mgl32.Vec3{a[0] + float32((b[0]-a[0])*f), a[1] + float32((b[1]-a[1])*f), a[2] + float32((b[2]-a[2])*f)}
}
