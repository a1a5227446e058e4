package formats

// This file is the common model of a character's animation set (Metroid
// Prime's ANCS AnimationSet): named meta-animation trees, the transition
// table that joins them, and the facts a viewer shows. Loaders fill it; the
// player builds sources from it without knowing which file it came from.

// AnimSet is an animation set: what a character may play and how one
// animation gives way to the next. Data is immutable after load.
type AnimSet struct {
	// Animations are the set's named trees, indexed by animation-set index
	// (what a character's animation-id map and an ANCS transition's own
	// indices refer to).
	Animations []SetAnim
	// Transitions is the (from, to) table, keyed by Play primitive indices.
	Transitions []Transition
	// DefaultTransition is used when neither a pair nor a half transition
	// matches.
	DefaultTransition MetaTrans
	// HalfTransitions are keyed by the primitive index of the animation
	// being transitioned to.
	HalfTransitions []HalfTransition
	// Additive lists the additive animations with their fades (table count
	// > 1); DefaultAdditive is the fade for animations not listed.
	Additive        []AdditiveAnim
	DefaultAdditive AdditiveFade
	// Resources are MP1's (ANIM, EVNT) id pairs (table count > 3).
	Resources []AnimResource
	// TableCount is the file's table count (which optional tables exist).
	TableCount int
}

// SetAnim is one named animation of a set.
type SetAnim struct {
	Name string
	Tree *MetaAnim
	// Events are the animation's own events (Metroid Prime 2's inline event
	// sets, matched by animation index), in seconds on the tree's timeline.
	// MP1 events belong to the clips instead (Clip.Events).
	Events []Event
}

// MetaTransKind is the type of a meta-transition.
type MetaTransKind uint8

// Meta-transition types, numbered as the ANCS file numbers them.
const (
	// MetaTransAnim plays a meta-animation between the two.
	MetaTransAnim MetaTransKind = iota
	// MetaTransTrans cross-fades linearly over a duration.
	MetaTransTrans
	// MetaTransPhase cross-fades while matching the two animations' phase.
	MetaTransPhase
	// MetaTransSnap cuts to the new animation at once.
	MetaTransSnap
)

// String names the kind for info output.
func (k MetaTransKind) String() string {
	switch k {
	case MetaTransAnim:
		return "anim"
	case MetaTransTrans:
		return "trans"
	case MetaTransPhase:
		return "phase-trans"
	case MetaTransSnap:
		return "snap"
	}
	return "unknown"
}

// MetaTrans is how one animation gives way to the next.
type MetaTrans struct {
	Kind MetaTransKind
	// Anim is the animation played in between (MetaTransAnim).
	Anim *MetaAnim
	// Duration is the cross-fade's length in seconds (Trans, PhaseTrans);
	// DurationState is the CharAnimTime state word stored with it.
	Duration      float64
	DurationState uint32
	// Unused is the byte the games read and never use for poses.
	Unused uint8
	// RunA keeps the old animation advancing during the fade.
	RunA bool
	// Flags is the blend-root mask (1 offset, 2 rotation), which affects
	// root-motion deltas only.
	Flags uint32
}

// Transition is one (from, to) row of the transition table.
type Transition struct {
	// ID is the record's own id word, which the lookup ignores.
	ID uint32
	// From and To are Play primitive indices.
	From, To uint32
	Trans    MetaTrans
}

// HalfTransition is a transition keyed by its destination alone.
type HalfTransition struct {
	To    uint32
	Trans MetaTrans
}

// AdditiveFade is an additive animation's fade-in and fade-out, in seconds.
type AdditiveFade struct {
	FadeIn, FadeOut float32
}

// AdditiveAnim marks an animation (by animation-set index) as additive.
type AdditiveAnim struct {
	Anim uint32
	Fade AdditiveFade
}

// AnimResource is an MP1 (ANIM, EVNT) id pair.
type AnimResource struct {
	Anim, Event uint32
}
