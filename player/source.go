package player

import (
	"cmp"
	"math"
	"slices"

	"github.com/animview/animview/formats"
)

// Sampler samples a pose at any time: the one thing that framing a camera
// or drawing a still needs. ClipSampler and every Source satisfy it.
type Sampler interface {
	// Duration is the length in seconds of one pass.
	Duration() float64
	// Sample writes the pose at time t (seconds from the start).
	Sample(t float64, p *Pose)
}

// Source is a node of an animation tree as the games compose them (a clip,
// a blend, a phase blend, a time scale, a sequence, a transition).
//
// A tree is built once, which allocates (its scratch poses, the games'
// build-time choices such as Random's draw and a transition's phase); from
// then on every method runs without allocating. Its data is never written.
//
// A source is a pure function of its own local time once built: Sample(t)
// gives the pose t seconds after the source started, whatever was sampled
// before, so scrubbing backwards is as cheap as playing. It keeps no
// clock: a Clock plays the source a caller holds at the top, and a source
// used as a child is evaluated at the times its parent gives.
//
// The games' trees loop every leaf (CAnimSourceReader::VAdvanceView: a
// reader at its end shows the last frame and wraps on the next advance),
// so a source plays on past Duration: Duration is one pass (the games'
// CSteadyStateAnimInfo duration), not an end.
type Source interface {
	Sampler
	// Remaining is the time left at t before the source reaches the end
	// of its pass (the games' VGetTimeRemaining).
	Remaining(t float64) float64
	// Events appends to dst the events crossed going forward from time
	// from to time to, those in (from, to], with their times on this
	// source's timeline, sorted by time. Nothing is crossed when to <= from.
	Events(from, to float64, dst []TreeEvent) []TreeEvent

	node
}

// TreeEvent is an event crossed by playback of a tree.
type TreeEvent struct {
	// Time is when the event happens on the source's timeline.
	Time float64
	// Event is the event as its clip or animation holds it.
	Event *formats.Event
	// Clip indexes Asset.Clips of the clip the event belongs to, or -1
	// for an animation's own events (Metroid Prime 2's inline sets).
	Clip int
}

// node is what a parent needs of a child beyond the public methods.
type node interface {
	// steady is one pass's duration (CSteadyStateAnimInfo::GetDuration).
	steady() float64
	// remaining is VGetTimeRemaining at local time t.
	remaining(t float64) float64
	// sampleAt writes the pose at local time t, its translation mask
	// (VHasOffset) too. depth counts the tweens (blends and transitions)
	// above it.
	sampleAt(t float64, p *Pose, depth int)
	// contrib is GetContributionOfHighestInfluence at local time t.
	contrib(t float64) contribution
	// eventsIn appends the events crossed in (from, to] of local time,
	// reported at off + local time.
	eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent
	// setPhase is VSetPhase: put the source at a fraction of its pass.
	// It is called while a tree is built, before the source plays.
	setPhase(ph float64)
	// loopState is VGetBoolPOIState("Loop") at local time t.
	loopState(t float64) bool
}

// contribution is CAnimTreeEffectiveContribution: the leaf of highest
// influence and what a transition needs to know of it.
type contribution struct {
	weight    float32
	prim      uint32
	steady    float64
	remaining float64
}

// Clock plays a source: the one thing in a tree that holds a time. It is
// the source with its time since the source started; sources themselves
// are functions of the time they are given.
type Clock struct {
	Source
	now float64
}

// NewClock returns a clock playing s from time 0.
func NewClock(s Source) *Clock { return &Clock{Source: s} }

// Time returns the clock's time in seconds since the source started.
func (c *Clock) Time() float64 { return c.now }

// SetTime sets the clock.
func (c *Clock) SetTime(t float64) { c.now = t }

// Advance moves the clock forward by dt seconds.
func (c *Clock) Advance(dt float64) { c.now += dt }

// SampleNow writes the source's pose at the clock's time.
func (c *Clock) SampleNow(p *Pose) { c.Source.Sample(c.now, p) }

// loopPos is a looping leaf's position in its clip for an unwrapped
// position x: within [0, d], and at an exact multiple of d past the start
// the clip's end (the reader shows its last frame there and wraps on the
// next advance: CAnimSourceReader::VAdvanceView).
func loopPos(x, d float64) float64 {
	if !(d > 0) || math.IsNaN(x) || x <= 0 {
		return 0
	}
	if x <= d {
		return x
	}
	m := math.Mod(x, d)
	if m == 0 {
		return d
	}
	return m
}

// maxWraps bounds the loop passes an event query walks, so a huge interval
// costs a bounded time.
const maxWraps = 64

// sortEvents sorts dst by time, keeping the order of events at the same
// time (A's before B's, a clip's in file order). slices.SortStableFunc
// sorts in place without allocating.
func sortEvents(dst []TreeEvent) {
	slices.SortStableFunc(dst, func(a, b TreeEvent) int { return cmp.Compare(a.Time, b.Time) })
}

// events is Source.Events for any node.
func events(n node, from, to float64, dst []TreeEvent) []TreeEvent {
	if !(to > from) {
		return dst
	}
	start := len(dst)
	dst = n.eventsIn(from, to, 0, dst)
	sortEvents(dst[start:])
	return dst
}

// clampTime keeps sampling times finite and not before the start.
func clampTime(t float64) float64 {
	if !(t > 0) || math.IsInf(t, 1) {
		return 0
	}
	return t
}

// ClipSource plays one clip as a Metroid Prime Play node does
// (CMetaAnimPlay::VGetAnimationTree, MP1 asm 0x802E0BBC: a reader from
// CAllFormatsAnimSource::GetNewReader at the node's start time): it starts
// at its start time and loops, showing the last frame at each exact end.
type ClipSource struct {
	sampler ClipSampler
	clip    *formats.Clip
	index   int
	start   float64
	prim    uint32
	loops   []loopEvent
}

// loopEvent is a bool event named "Loop" (a CBoolPOINode).
type loopEvent struct {
	time  float64
	value bool
}

// NewClipSource returns a source playing clip (Asset.Clips[index], index
// -1 if it is not an asset's) over sk from start seconds on. The clip must
// have a track set per bone of sk (formats.Clip.Validate), as for
// NewClipSampler. prim is the
// animation-database index that transitions look the clip up by (a Play
// node's primitive index; 0 for a clip that is no ANCS primitive).
func NewClipSource(sk *formats.Skeleton, clip *formats.Clip, index int, start float64, prim uint32) *ClipSource {
	c := &ClipSource{
		sampler: NewClipSampler(sk, clip),
		clip:    clip,
		index:   index,
		start:   start,
		prim:    prim,
	}
	for i := range clip.Events {
		e := &clip.Events[i]
		if e.Kind == formats.EventLoop && e.Name == "Loop" {
			v := false
			for _, kv := range e.Payload {
				if kv.Key == "value" {
					v = kv.Value != "0" && kv.Value != ""
				}
			}
			c.loops = append(c.loops, loopEvent{e.Time, v})
		}
	}
	return c
}

// Clip returns the played clip.
func (c *ClipSource) Clip() *formats.Clip { return c.clip }

// ClipTime returns the position in the clip at local time t.
func (c *ClipSource) ClipTime(t float64) float64 {
	return loopPos(c.start+clampTime(t), c.clip.Duration)
}

// Duration returns the clip's duration.
func (c *ClipSource) Duration() float64 { return c.clip.Duration }

// Sample writes the pose at time t.
func (c *ClipSource) Sample(t float64, p *Pose) { c.sampleAt(t, p, 0) }

// Remaining returns the time left in the clip at t.
func (c *ClipSource) Remaining(t float64) float64 { return c.remaining(t) }

// Events appends the clip's events crossed in (from, to].
func (c *ClipSource) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(c, from, to, dst)
}

func (c *ClipSource) steady() float64 { return c.clip.Duration }

func (c *ClipSource) remaining(t float64) float64 { return c.clip.Duration - c.ClipTime(t) }

func (c *ClipSource) sampleAt(t float64, p *Pose, _ int) {
	c.sampler.Sample(c.ClipTime(t), p)
}

func (c *ClipSource) contrib(t float64) contribution {
	return contribution{weight: 1, prim: c.prim, steady: c.clip.Duration, remaining: c.remaining(t)}
}

// eventsIn walks the clip's events over the unwrapped positions
// (start+from, start+to]: an event at e is crossed at e + k·d.
func (c *ClipSource) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	d := c.clip.Duration
	if len(c.clip.Events) == 0 || !(to > from) {
		return dst
	}
	x0, x1 := c.start+math.Max(from, 0), c.start+to
	if !(x1 > x0) {
		return dst
	}
	if !(d > 0) {
		// A clip without length: its events happen once, at the start.
		for i := range c.clip.Events {
			if e := c.clip.Events[i].Time; e > x0 && e <= x1 {
				dst = append(dst, TreeEvent{Time: off + e - c.start, Event: &c.clip.Events[i], Clip: c.index})
			}
		}
		return dst
	}
	if x1-x0 > maxWraps*d {
		x0 = x1 - maxWraps*d
	}
	k0 := math.Max(math.Floor(x0/d)-1, 0)
	// Count passes with an integer: past 2⁵³ a float k++ stands still.
	for i := 0; i <= maxWraps+4; i++ {
		k := k0 + float64(i)
		if k*d > x1 {
			break
		}
		for j := range c.clip.Events {
			e := c.clip.Events[j].Time + k*d
			if e > x0 && e <= x1 {
				dst = append(dst, TreeEvent{Time: off + e - c.start, Event: &c.clip.Events[j], Clip: c.index})
			}
		}
	}
	return dst
}

func (c *ClipSource) setPhase(ph float64) {
	c.start = math.Max(0, math.Min(ph, 1)) * c.clip.Duration
}

func (c *ClipSource) loopState(t float64) bool {
	pos := c.ClipTime(t)
	v := false
	for _, l := range c.loops {
		if l.time <= pos {
			v = l.value
		}
	}
	return v
}

// Blend is a CAnimTreeBlend: two sources advanced together and blended
// with a fixed weight of B (CMetaAnimBlend; MP1 CAnimTreeTweenBase
// VGetSegStatementSet for the per-bone rule, see BlendJob).
type Blend struct {
	tweener
	a, b node
	w    float32
}

// NewBlend returns a blend of a and b with weight w of b under rule.
// Building allocates one scratch pose.
func NewBlend(sk *formats.Skeleton, a, b Source, w float32, rule BlendRule) *Blend {
	return newBlend(sk, a, b, w, rule)
}

func newBlend(sk *formats.Skeleton, a, b node, w float32, rule BlendRule) *Blend {
	return &Blend{a: a, b: b, w: w, tweener: newTweener(sk, rule)}
}

// Weight returns the weight of B.
func (n *Blend) Weight() float32 { return n.w }

// SetWeight changes the weight of B (CAnimTreeBlend::SetBlendingWeight).
func (n *Blend) SetWeight(w float32) { n.w = w }

// Duration is the longer child's pass (CAnimTreeBlend::VGetSteadyStateAnimInfo).
func (n *Blend) Duration() float64 { return n.steady() }

// Sample writes the blended pose at time t.
func (n *Blend) Sample(t float64, p *Pose) { n.sampleAt(t, p, 0) }

// Remaining is the longer of the children's (CAnimTreeBlend::VGetTimeRemaining).
func (n *Blend) Remaining(t float64) float64 { return n.remaining(t) }

// Events appends both children's events crossed in (from, to].
func (n *Blend) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(n, from, to, dst)
}

func (n *Blend) steady() float64 { return math.Max(n.a.steady(), n.b.steady()) }

func (n *Blend) remaining(t float64) float64 { return math.Max(n.a.remaining(t), n.b.remaining(t)) }

func (n *Blend) sampleAt(t float64, p *Pose, depth int) {
	n.tween(n.w, n.a, t, n.b, t, p, depth)
}

// tweener is what a node that blends two children holds: the rule, the
// skeleton and the pose B is sampled into.
type tweener struct {
	rule    BlendRule
	sk      *formats.Skeleton
	scratch *Pose
}

func newTweener(sk *formats.Skeleton, rule BlendRule) tweener {
	return tweener{rule: rule, sk: sk, scratch: NewPose(sk)}
}

// tween samples a at ta and b at tb and blends them into p with weight w
// of b, as CAnimTreeTweenBase::VGetSegStatementSet does (MP1 asm
// 0x802F7360). The game counts the tweens it is inside (a static counter
// raised on entry): from the fourth level down it stops blending and
// shows one child, B if w > 0.5 else A. A weight of 1 or more shows B; at
// the first three levels a weight below 1e-4 shows A (BlendJob). Only
// the child that shows is sampled.
func (tw *tweener) tween(w float32, a node, ta float64, b node, tb float64, p *Pose, depth int) {
	depth++
	if tw.rule == BlendPrime || tw.rule == BlendPrime2 {
		switch {
		case w >= blendAllB:
			b.sampleAt(tb, p, depth)
			return
		case depth > maxTweenDepth:
			if w > 0.5 {
				b.sampleAt(tb, p, depth)
			} else {
				a.sampleAt(ta, p, depth)
			}
			return
		case w < blendAllA:
			a.sampleAt(ta, p, depth)
			return
		}
	} else if w <= 0 {
		a.sampleAt(ta, p, depth)
		return
	} else if w >= 1 {
		b.sampleAt(tb, p, depth)
		return
	}
	a.sampleAt(ta, p, depth)
	b.sampleAt(tb, tw.scratch, depth)
	blendPoses(tw.rule, w, tw.sk, p, tw.scratch, true)
}

// maxTweenDepth is the deepest tween that still blends
// (CAnimTreeTweenBase::VGetSegStatementSet: cmpwi 3).
const maxTweenDepth = 3

func (n *Blend) contrib(t float64) contribution {
	return tweenContrib(n.w, n.a.contrib(t), n.b.contrib(t))
}

// tweenContrib is CAnimTreeTweenBase::VGetContributionOfHighestInfluence:
// (1-w) times A's weight against w times B's, ties going to B.
func tweenContrib(w float32, ca, cb contribution) contribution {
	wa, wb := (1-w)*ca.weight, w*cb.weight
	if wa > wb {
		ca.weight = wa
		return ca
	}
	cb.weight = wb
	return cb
}

func (n *Blend) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	dst = n.a.eventsIn(from, to, off, dst)
	return n.b.eventsIn(from, to, off, dst)
}

func (n *Blend) setPhase(ph float64) {
	n.a.setPhase(ph)
	n.b.setPhase(ph)
}

func (n *Blend) loopState(t float64) bool {
	if n.w >= 0.5 {
		return n.b.loopState(t)
	}
	return n.a.loopState(t)
}

// TimeScale is a CAnimTreeTimeScale: its child's time runs at a rate that
// goes linearly from r0 to r1 over the first ramp seconds and is 1 after
// (CLinearAnimationTimeScale, the phase transition's ramps; the tree
// simplifies to the child once the ramp is done), or at a constant rate
// (CConstantAnimationTimeScale, the phase blend's) when ramp is infinite.
// The child starts at origin.
type TimeScale struct {
	child  node
	origin float64
	r0, r1 float64
	ramp   float64
}

func newRamp(child node, origin, r0, r1, ramp float64) *TimeScale {
	return &TimeScale{child: child, origin: origin, r0: r0, r1: r1, ramp: ramp}
}

// Rate returns the rate at local time t.
func (n *TimeScale) Rate(t float64) float64 {
	if math.IsInf(n.ramp, 1) {
		return n.r0
	}
	if t >= n.ramp {
		return 1
	}
	return n.r0 + (n.r1-n.r0)*t/n.ramp
}

// SetRate makes the rate constant.
func (n *TimeScale) SetRate(rate float64) { n.r0, n.r1, n.ramp = rate, rate, math.Inf(1) }

// g is the child's time for local time t: the integral of the rate
// (VTimeScaleIntegral).
func (n *TimeScale) g(t float64) float64 {
	t = clampTime(t)
	if math.IsInf(n.ramp, 1) {
		return n.origin + n.r0*t
	}
	if t <= n.ramp {
		return n.origin + n.r0*t + (n.r1-n.r0)*t*t/(2*n.ramp)
	}
	return n.origin + (n.r0+n.r1)*n.ramp/2 + (t - n.ramp)
}

// inv is g's inverse: the local time at which the child reaches x
// (VFindUpperLimit, solved in closed form rather than by Newton steps).
func (n *TimeScale) inv(x float64) float64 {
	x -= n.origin
	if math.IsInf(n.ramp, 1) {
		if n.r0 <= 0 {
			return math.Inf(1)
		}
		return x / n.r0
	}
	gr := (n.r0 + n.r1) * n.ramp / 2
	if x >= gr {
		return n.ramp + (x - gr)
	}
	a := (n.r1 - n.r0) / (2 * n.ramp)
	b := n.r0
	disc := b*b + 4*a*x
	if disc < 0 {
		disc = 0
	}
	den := b + math.Sqrt(disc)
	if den == 0 {
		return n.ramp
	}
	return 2 * x / den
}

// Duration is the child's pass at this rate.
func (n *TimeScale) Duration() float64 { return n.steady() }

// Sample writes the child's pose at its time for t.
func (n *TimeScale) Sample(t float64, p *Pose) { n.sampleAt(t, p, 0) }

// Remaining is the real time left in the child's pass.
func (n *TimeScale) Remaining(t float64) float64 { return n.remaining(t) }

// Events appends the child's events at their scaled times.
func (n *TimeScale) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(n, from, to, dst)
}

func (n *TimeScale) steady() float64 {
	cs := n.child.steady()
	if !(cs > 0) {
		return 0
	}
	return n.inv(n.origin+cs) - n.inv(n.origin)
}

func (n *TimeScale) remaining(t float64) float64 {
	ct := n.g(t)
	return math.Max(0, n.inv(ct+n.child.remaining(ct))-clampTime(t))
}

func (n *TimeScale) sampleAt(t float64, p *Pose, depth int) {
	n.child.sampleAt(n.g(t), p, depth)
}

// contrib is the child's leaf with this node's pass and time left
// (CAnimTreeTimeScale::VGetContributionOfHighestInfluence).
func (n *TimeScale) contrib(t float64) contribution {
	c := n.child.contrib(n.g(t))
	c.steady = n.steady()
	c.remaining = n.remaining(t)
	return c
}

func (n *TimeScale) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	start := len(dst)
	dst = n.child.eventsIn(n.g(from), n.g(to), 0, dst)
	for i := start; i < len(dst); i++ {
		dst[i].Time = off + n.inv(dst[i].Time)
	}
	return dst
}

func (n *TimeScale) setPhase(ph float64) { n.child.setPhase(ph) }

func (n *TimeScale) loopState(t float64) bool { return n.child.loopState(n.g(t)) }

// PhaseBlend is a CMetaAnimPhaseBlend tree: both children time-scaled to
// a common pass d = dA + (dB - dA)·w, child i at rate d_i/d
// (CConstantAnimationTimeScale), then blended as a Blend. The durations are
// those of each child's leaf of highest influence, taken when the tree is
// built.
type PhaseBlend struct {
	Blend
	sa, sb *TimeScale
	da, db float64
}

// NewPhaseBlend returns a phase blend of a and b with weight w of b.
func NewPhaseBlend(sk *formats.Skeleton, a, b Source, w float32, rule BlendRule) *PhaseBlend {
	return newPhaseBlend(sk, a, b, w, rule)
}

func newPhaseBlend(sk *formats.Skeleton, a, b node, w float32, rule BlendRule) *PhaseBlend {
	n := &PhaseBlend{da: a.contrib(0).steady, db: b.contrib(0).steady}
	n.sa = &TimeScale{child: a, r0: 1, r1: 1, ramp: math.Inf(1)}
	n.sb = &TimeScale{child: b, r0: 1, r1: 1, ramp: math.Inf(1)}
	n.Blend = *newBlend(sk, n.sa, n.sb, w, rule)
	n.SetWeight(w)
	return n
}

// SetWeight changes the weight of B and the common pass with it.
func (n *PhaseBlend) SetWeight(w float32) {
	n.w = w
	d := n.da + (n.db-n.da)*float64(w)
	ra, rb := 1.0, 1.0
	if d > 0 {
		ra, rb = n.da/d, n.db/d
	}
	n.sa.SetRate(ra)
	n.sb.SetRate(rb)
}

// Sample writes the blended pose at time t.
func (n *PhaseBlend) Sample(t float64, p *Pose) { n.sampleAt(t, p, 0) }

// Events appends both children's events at their scaled times.
func (n *PhaseBlend) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(n, from, to, dst)
}
