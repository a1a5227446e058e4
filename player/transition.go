package player

import (
	"math"

	"github.com/animview/animview/formats"
)

// Transition is a CAnimTreeTransition: the old source A gives way to the
// new source B over a duration, blended as a Blend with a weight that grows
// linearly, (1/duration)·timeInTransition
// (CAnimTreeTransition::VGetBlendingWeight; 1 at once when the duration is
// not positive). B starts with the transition; A stays where it was unless
// runA, and then stops at its end unless A had passed a "Loop" bool event
// set true when the transition began (the constructor reads
// VGetBoolPOIState("Loop"); CAnimTreeDoubleChild::AdvanceViewBothChildren
// advances A only with runA and only until its time remaining is 0 unless
// loopA). From weight 1 on the tree is B alone
// (CAnimTreeTransition::VSimplified).
type Transition struct {
	a     node
	a0    float64
	b     node
	dur   float64
	runA  bool
	loopA bool
	aRem  float64
	tweener
}

// NewTransition returns a linear transition (MetaTrans Trans) from a, whose
// local time a0 is where it stands when the transition begins, to b, which
// starts with it.
func NewTransition(sk *formats.Skeleton, a Source, a0 float64, b Source, dur float64, runA bool, rule BlendRule) *Transition {
	return newTransition(sk, a, a0, b, dur, runA, rule)
}

func newTransition(sk *formats.Skeleton, a node, a0 float64, b node, dur float64, runA bool, rule BlendRule) *Transition {
	return &Transition{
		a: a, a0: a0, b: b, dur: dur, runA: runA,
		loopA: a.loopState(a0), aRem: a.remaining(a0),
		tweener: newTweener(sk, rule),
	}
}

// NewPhaseTransition returns a phase transition (MetaTrans PhaseTrans,
// CMetaTransPhaseTrans::VGetTransitionTree): B is put at A's phase,
// 1 - remaining/duration of A's leaf of highest influence, clamped to
// [0, 1] (VSetPhase); A's rate ramps linearly from 1 to dA/dB and B's from
// dB/dA to 1 over the transition (CLinearAnimationTimeScale inside a
// CAnimTreeTimeScale), so that the two keep step; then it is a Transition.
// It sets b's phase, so b must be a fresh source.
func NewPhaseTransition(sk *formats.Skeleton, a Source, a0 float64, b Source, dur float64, runA bool, rule BlendRule) *Transition {
	return newPhaseTransition(sk, a, a0, b, dur, runA, rule)
}

func newPhaseTransition(sk *formats.Skeleton, a node, a0 float64, b node, dur float64, runA bool, rule BlendRule) *Transition {
	ca, cb := a.contrib(a0), b.contrib(0)
	ra, rb := 1.0, 1.0
	if ca.steady > 0 && cb.steady > 0 {
		ra, rb = ca.steady/cb.steady, cb.steady/ca.steady
	}
	if ca.steady > 0 {
		b.setPhase(math.Max(0, math.Min(1-ca.remaining/ca.steady, 1)))
	}
	ramp := dur
	if !(ramp > 0) {
		ramp = math.SmallestNonzeroFloat64
	}
	ta := newRamp(a, a0, 1, ra, ramp)
	tb := newRamp(b, 0, rb, 1, ramp)
	return newTransition(sk, ta, 0, tb, dur, runA, rule)
}

// Weight returns the weight of B at local time u:
// CAnimTreeTransition::VGetBlendingWeight (MP1 asm 0x802F5C78), in single
// precision (1/duration)·timeInTransition when the duration is positive,
// else 1. The game stops the transition at its duration; so does the
// weight here.
func (n *Transition) Weight(u float64) float32 {
	if !(n.dur > 0) {
		return 1
	}
	w := (1 / float32(n.dur)) * float32(clampTime(u))
	if w > 1 {
		w = 1
	}
	return w
}

// aTime is A's local time at transition time u.
func (n *Transition) aTime(u float64) float64 {
	u = clampTime(u)
	switch {
	case !n.runA:
		return n.a0
	case n.loopA:
		return n.a0 + u
	}
	return n.a0 + math.Min(u, math.Max(n.aRem, 0))
}

// Duration is the longer of the transition and B's pass
// (CAnimTreeTransition::VGetSteadyStateAnimInfo).
func (n *Transition) Duration() float64 { return n.steady() }

// Sample writes the pose at time u.
func (n *Transition) Sample(u float64, p *Pose) { n.sampleAt(u, p, 0) }

// Remaining is the longer of the transition's time left and B's
// (CAnimTreeTransition::VGetTimeRemaining).
func (n *Transition) Remaining(u float64) float64 { return n.remaining(u) }

// Events appends B's events, and A's while it runs, crossed in (from, to].
func (n *Transition) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(n, from, to, dst)
}

func (n *Transition) steady() float64 { return math.Max(n.dur, n.b.steady()) }

func (n *Transition) remaining(u float64) float64 {
	return math.Max(n.dur-clampTime(u), n.b.remaining(u))
}

func (n *Transition) sampleAt(u float64, p *Pose, depth int) {
	n.tween(n.Weight(u), n.a, n.aTime(u), n.b, u, p, depth)
}

func (n *Transition) contrib(u float64) contribution {
	w := n.Weight(u)
	if w >= 1 {
		return n.b.contrib(u)
	}
	return tweenContrib(w, n.a.contrib(n.aTime(u)), n.b.contrib(u))
}

func (n *Transition) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	if n.runA && from < n.dur {
		// A runs at rate 1 from a0 until it stops, so its local times
		// map back to transition times by subtracting a0.
		dst = n.a.eventsIn(n.aTime(from), n.aTime(math.Min(to, n.dur)), off-n.a0, dst)
	}
	return n.b.eventsIn(from, to, off, dst)
}

func (n *Transition) setPhase(ph float64) { n.b.setPhase(ph) }

func (n *Transition) loopState(u float64) bool { return n.b.loopState(u) }

// segment is one stretch of a Sequence: a source played from its local
// time 0 for length seconds.
type segment struct {
	n      Source
	length float64
}

// Sequence is a CAnimTreeSequence: sources back to back, each join made by
// the transition table (CTreeUtils::GetTransitionTree), so a join is a
// Transition from the previous source, as it stands at its end, to the
// next one; segment i lasts that transition's time remaining, the longer
// of its duration and the next source's (CSequenceHelper::
// ComputeSequenceFundamentals adds VGetTimeRemaining of each node), and
// the events of each segment are offset by the time before it.
//
// When the last source ends, CAnimTreeSequence::VAdvanceView starts again
// with a transition from the last source to a freshly built first one, so
// later passes begin with that join instead of the first source alone.
// The games rebuild every child for each pass (drawing Random again); the
// player builds the later passes once.
//
// A Sequence without later passes (a MetaAnim transition's A to C to B)
// plays its last segment on for ever.
type Sequence struct {
	first []segment
	loop  []segment
	d0    float64
	d1    float64
}

func newSequence(first, loop []segment) *Sequence {
	s := &Sequence{first: first, loop: loop}
	for _, g := range first {
		s.d0 += g.length
	}
	for _, g := range loop {
		s.d1 += g.length
	}
	return s
}

// locate returns the segment playing at time t and its local time. A time
// on a boundary belongs to the segment that ends there (the reader shows
// its last frame).
func (s *Sequence) locate(t float64) (node, float64) {
	t = clampTime(t)
	segs, base := s.first, 0.0
	if t > s.d0 && s.loop != nil {
		segs = s.loop
		if !(s.d1 > 0) {
			g := segs[len(segs)-1]
			return g.n, g.length
		}
		k := math.Ceil((t-s.d0)/s.d1) - 1
		base = s.d0 + math.Max(k, 0)*s.d1
	}
	for i, g := range segs {
		if t <= base+g.length || i == len(segs)-1 {
			return g.n, t - base
		}
		base += g.length
	}
	return nil, 0 // unreachable: a sequence has at least one segment
}

// Duration is the first pass's length (the sequence fundamentals' duration).
func (s *Sequence) Duration() float64 { return s.d0 }

// Sample writes the pose at time t.
func (s *Sequence) Sample(t float64, p *Pose) { s.sampleAt(t, p, 0) }

// Remaining is the time left in the current pass.
func (s *Sequence) Remaining(t float64) float64 { return s.remaining(t) }

// Events appends the events of the segments crossed in (from, to].
func (s *Sequence) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(s, from, to, dst)
}

func (s *Sequence) steady() float64 { return s.d0 }

func (s *Sequence) remaining(t float64) float64 {
	t = clampTime(t)
	if s.loop == nil {
		last := s.first[len(s.first)-1]
		base := s.d0 - last.length
		if t <= base {
			return s.d0 - t + last.n.remaining(last.length)
		}
		return last.n.remaining(t - base)
	}
	if t <= s.d0 || !(s.d1 > 0) {
		return math.Max(s.d0-t, 0)
	}
	k := math.Ceil((t - s.d0) / s.d1)
	return s.d0 + k*s.d1 - t
}

func (s *Sequence) sampleAt(t float64, p *Pose, depth int) {
	n, u := s.locate(t)
	n.sampleAt(u, p, depth)
}

func (s *Sequence) contrib(t float64) contribution {
	n, u := s.locate(t)
	return n.contrib(u)
}

func (s *Sequence) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	from = math.Max(from, 0)
	dst = segEvents(s.first, 0, s.loop == nil, from, to, off, dst)
	if s.loop == nil || !(s.d1 > 0) || to <= s.d0 {
		return dst
	}
	k := math.Max(math.Floor((from-s.d0)/s.d1), 0)
	if last := math.Floor((to - s.d0) / s.d1); last-k > maxWraps {
		k = last - maxWraps
	}
	for i := 0; i <= maxWraps+1; i++ {
		base := s.d0 + (k+float64(i))*s.d1
		if base >= to {
			break
		}
		dst = segEvents(s.loop, base, false, from, to, off, dst)
	}
	return dst
}

// segEvents collects the events of segments starting at base that fall in
// (from, to]. With open, the last segment has no end.
func segEvents(segs []segment, base float64, open bool, from, to, off float64, dst []TreeEvent) []TreeEvent {
	for i, g := range segs {
		end := base + g.length
		if open && i == len(segs)-1 {
			end = math.Inf(1)
		}
		lo, hi := math.Max(from, base), math.Min(to, end)
		if hi > lo {
			dst = g.n.eventsIn(lo-base, hi-base, off+base, dst)
		}
		base = end
		if base >= to {
			break
		}
	}
	return dst
}

func (s *Sequence) setPhase(ph float64) { s.first[0].n.setPhase(ph) }

func (s *Sequence) loopState(t float64) bool {
	n, u := s.locate(t)
	return n.loopState(u)
}

// annotated adds an animation's own events (Metroid Prime 2's inline
// event sets) to its tree: they repeat with every pass of the tree.
type annotated struct {
	Source
	events []formats.Event
}

// Events appends the tree's events and the animation's own crossed in
// (from, to].
func (a *annotated) Events(from, to float64, dst []TreeEvent) []TreeEvent {
	return events(a, from, to, dst)
}

func (a *annotated) eventsIn(from, to, off float64, dst []TreeEvent) []TreeEvent {
	dst = a.Source.eventsIn(from, to, off, dst)
	d := a.steady()
	from = math.Max(from, 0)
	if !(to > from) {
		return dst
	}
	if !(d > 0) {
		for i := range a.events {
			if e := a.events[i].Time; e > from && e <= to {
				dst = append(dst, TreeEvent{Time: off + e, Event: &a.events[i], Clip: -1})
			}
		}
		return dst
	}
	k0 := math.Max(math.Floor(from/d)-1, 0)
	if k1 := math.Floor(to / d); k1-k0 > maxWraps {
		k0 = k1 - maxWraps
	}
	for j := 0; j <= maxWraps+2; j++ {
		k := k0 + float64(j)
		if k*d > to {
			break
		}
		for i := range a.events {
			if e := a.events[i].Time + k*d; e > from && e <= to {
				dst = append(dst, TreeEvent{Time: off + e, Event: &a.events[i], Clip: -1})
			}
		}
	}
	return dst
}
