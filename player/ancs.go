package player

import (
	"errors"
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
)

// Errors of BuildAnim and BuildTransition, wrapped with the animation's
// name and the node's path.
var (
	// ErrNoAnimSet means the asset has no animation set or the index is
	// outside it.
	ErrNoAnimSet = errors.New("no such animation in the animation set")
	// ErrTree means a meta-animation or meta-transition is malformed: a
	// missing child or clip, a Blend without two children, an empty
	// Random or Sequence, probabilities that do not match the children.
	ErrTree = errors.New("malformed meta-animation")
	// ErrKind means a node type the games' factories do not know
	// (CMetaAnimFactory::CreateMetaAnim returns null for types >= 5).
	ErrKind = errors.New("unknown node kind")
	// ErrCycle means a tree refers back to one of its own ancestors.
	ErrCycle = errors.New("cyclic meta-animation")
	// ErrDepth means trees or transitions nest deeper than MaxDepth, or a
	// tree would build more than MaxNodes sources.
	ErrDepth = errors.New("meta-animation nests too deep")
	// ErrThresholds means a Random node's cumulative thresholds never
	// reach 100: some draws would match no child (the game would read past
	// its list, CMetaAnimRandom::VGetAnimationTree).
	ErrThresholds = errors.New("random thresholds never reach 100")
)

// Bounds on what a tree may build.
const (
	// MaxDepth bounds the nesting of meta-animations and of transitions
	// that play meta-animations.
	MaxDepth = 64
	// MaxNodes bounds the sources one build makes (sequences build their
	// later passes again, so nested sequences multiply).
	MaxNodes = 1 << 12
)

// Options are the choices a build makes where the games draw or the viewer
// overrides.
type Options struct {
	// Rand draws Random nodes' children; nil means a new generator seeded
	// with Seed. Pass the same generator to successive builds to go on
	// drawing from one sequence, as the game's CAnimSysContext does.
	Rand *Random16
	// Seed seeds the generator when Rand is nil (CRandom16's default
	// seed is 99).
	Seed uint32
	// Pins chooses a Random node's child by index instead of drawing.
	Pins map[*formats.MetaAnim]int
	// Weights overrides a Blend or PhaseBlend node's weight of B.
	Weights map[*formats.MetaAnim]float32
	// OnBuild, when set, is called with each meta-animation node and the
	// source built for it (a *ClipSource, *Blend, *PhaseBlend or
	// *Sequence; for a Random node, its chosen child's source), so that a
	// viewer can adjust a Blend's weight while it plays (SetWeight).
	OnBuild func(m *formats.MetaAnim, s Source)
	// OnRandom, when set, is called with each Random node and the index of
	// the child it drew (or was pinned to).
	OnRandom func(m *formats.MetaAnim, child int)
	// Skeleton is the skeleton the tree poses (a character's); nil means
	// Asset.Skeleton. Every played clip must have a track set per bone.
	Skeleton *formats.Skeleton
	// Rule is the per-bone blend rule; BlendAuto takes the one that goes
	// with the asset's first clip's interpolation flavour (BlendPrime for
	// Metroid Prime, BlendPrime2 for Echoes).
	Rule BlendRule
}

// Random16 is CRandom16, the games' random number generator: a linear
// congruential generator whose Next is the high half of
// seed = seed·0x41C64E6D + 0x3039 (Kyoto/CRandom16.cpp, matching
// decompilation).
type Random16 struct {
	Seed uint32
}

// NewRandom16 returns a generator with a seed.
func NewRandom16(seed uint32) *Random16 { return &Random16{Seed: seed} }

// Next is CRandom16::Next: 16 bits.
func (r *Random16) Next() int32 {
	r.Seed = r.Seed*0x41c64e6d + 0x3039
	return int32(r.Seed>>16) & 0xffff
}

// Range is CRandom16::Range(int, int): min + Next() % (max - min + 1).
func (r *Random16) Range(lo, hi int32) int32 {
	return lo + r.Next()%(hi-lo+1)
}

// builder builds the sources of one animation set.
type builder struct {
	asset  *formats.Asset
	sk     *formats.Skeleton
	set    *formats.AnimSet
	opts   Options
	rng    *Random16
	rule   BlendRule
	name   string
	nodes  int
	onPath map[*formats.MetaAnim]bool
	// joins are the transitions being built, outermost first: a
	// meta-animation transition builds joins to and from its middle
	// animation inside its own.
	joins []joinKey
	// prims names primitives, filled on first use (primName).
	prims map[uint32]string
}

// joinKey is one transition being built: the primitives it joins and the
// table entry that joins them.
type joinKey struct {
	from, to uint32
	mt       *formats.MetaTrans
}

func newBuilder(asset *formats.Asset, opts Options) (*builder, error) {
	if asset == nil || asset.AnimSet == nil {
		return nil, fmt.Errorf("player: %w: the asset has none", ErrNoAnimSet)
	}
	sk := opts.Skeleton
	if sk == nil {
		sk = asset.Skeleton
	}
	if sk == nil {
		return nil, fmt.Errorf("player: %w: the asset has no skeleton", ErrTree)
	}
	b := &builder{asset: asset, sk: sk, set: asset.AnimSet, opts: opts, rng: opts.Rand,
		onPath: map[*formats.MetaAnim]bool{}}
	if b.rng == nil {
		b.rng = NewRandom16(opts.Seed)
	}
	b.rule = opts.Rule
	if b.rule == BlendAuto {
		// The clips of one set come from one game.
		b.rule = BlendShortest
		for _, c := range asset.Clips {
			if c != nil {
				b.rule = ruleFor(c.Interp)
				break
			}
		}
	}
	return b, nil
}

func (b *builder) errorf(path string, err error, format string, args ...any) error {
	return fmt.Errorf("player: animation %q: %s: %s: %w", b.name, shortPath(path), fmt.Sprintf(format, args...), err)
}

// shortPath writes a run of one step of a node's path once with its
// count ("transition/to-middle×64"), so that an error about a deep path
// stays readable.
func shortPath(path string) string {
	steps := strings.Split(path, "/")
	var sb strings.Builder
	for i := 0; i < len(steps); {
		j := i + 1
		for j < len(steps) && steps[j] == steps[i] {
			j++
		}
		if i > 0 {
			sb.WriteByte('/')
		}
		sb.WriteString(steps[i])
		if j-i > 1 {
			fmt.Fprintf(&sb, "×%d", j-i)
		}
		i = j
	}
	return sb.String()
}

// BuildAnim builds the tree of the animation set's animation setIndex
// (Asset.AnimSet.Animations, which Asset.Characters[i].Animations[j].
// SetIndex names) as the games' IMetaAnim::GetAnimationTree does: Random
// nodes draw their child now, Sequences build their joins now. The result
// starts at time 0. Errors name the animation and the node.
func BuildAnim(asset *formats.Asset, setIndex int, opts Options) (Source, error) {
	b, err := newBuilder(asset, opts)
	if err != nil {
		return nil, err
	}
	if setIndex < 0 || setIndex >= len(b.set.Animations) {
		return nil, fmt.Errorf("player: animation %d: %w (the set has %d)", setIndex, ErrNoAnimSet, len(b.set.Animations))
	}
	sa := &b.set.Animations[setIndex]
	b.name = sa.Name
	src, err := b.meta(sa.Tree, "tree", 0)
	if err != nil {
		return nil, err
	}
	if len(sa.Events) > 0 {
		return &annotated{Source: src, events: sa.Events}, nil
	}
	return src, nil
}

// BuildTransition builds the transition from the source from, as it stands
// at its time fromTime, to a fresh tree of the set's animation toSetIndex
// (CTreeUtils::GetTransitionTree): the meta-transition is looked up by the
// primitive indices of the two trees' leaves of highest influence
// (LookupTransition). The result starts at time 0 and owns from.
func BuildTransition(asset *formats.Asset, from Source, fromTime float64, toSetIndex int, opts Options) (Source, error) {
	b, err := newBuilder(asset, opts)
	if err != nil {
		return nil, err
	}
	if from == nil {
		return nil, fmt.Errorf("player: %w: no source to transition from", ErrTree)
	}
	if toSetIndex < 0 || toSetIndex >= len(b.set.Animations) {
		return nil, fmt.Errorf("player: animation %d: %w (the set has %d)", toSetIndex, ErrNoAnimSet, len(b.set.Animations))
	}
	sa := &b.set.Animations[toSetIndex]
	b.name = sa.Name
	to, err := b.meta(sa.Tree, "tree", 0)
	if err != nil {
		return nil, err
	}
	if len(sa.Events) > 0 {
		to = &annotated{Source: to, events: sa.Events}
	}
	return b.join(from, fromTime, to, "transition", 0)
}

// LookupTransition is CTransitionDatabaseGame::GetMetaTrans (MP1 asm
// 0x8006E13C): the (from, to) pair's meta-transition, else the half
// transition keyed by to, else the default. The game keeps the tables
// sorted and binary-searches them; with duplicate keys the first in file
// order is taken here.
func LookupTransition(set *formats.AnimSet, from, to uint32) *formats.MetaTrans {
	for i := range set.Transitions {
		if t := &set.Transitions[i]; t.From == from && t.To == to {
			return &t.Trans
		}
	}
	for i := range set.HalfTransitions {
		if h := &set.HalfTransitions[i]; h.To == to {
			return &h.Trans
		}
	}
	return &set.DefaultTransition
}

// join builds the transition from a at its local time a0 to b starting
// now.
func (b *builder) join(a Source, a0 float64, to Source, path string, depth int) (Source, error) {
	if depth > MaxDepth {
		return nil, b.errorf(path, ErrDepth, "transitions nest more than %d deep", MaxDepth)
	}
	if b.nodes++; b.nodes > MaxNodes {
		return nil, b.errorf(path, ErrDepth, "more than %d sources", MaxNodes)
	}
	key := joinKey{from: a.contrib(a0).prim, to: to.contrib(0).prim}
	key.mt = LookupTransition(b.set, key.from, key.to)
	mt := key.mt
	if mt.Kind == formats.MetaTransAnim && !drawsRandom(mt.Anim) {
		// The same join inside itself builds the same joins inside it
		// again, without end: what a join builds depends only on the two
		// primitives, the table and the middle animation, which draws
		// nothing. (One that draws may draw its way out, as in the game:
		// MaxDepth bounds it; docs/formats/metroid-prime.md#transitions.)
		for i, k := range b.joins {
			if k.from == key.from && k.to == key.to {
				return nil, b.errorf(path, ErrCycle, "%s", b.cycle(b.joins[i:]))
			}
		}
		b.joins = append(b.joins, key)
		defer func() { b.joins = b.joins[:len(b.joins)-1] }()
	}
	switch mt.Kind {
	case formats.MetaTransSnap:
		// CMetaTransSnap::VGetTransitionTree returns B.
		return to, nil
	case formats.MetaTransTrans:
		// CMetaTransTrans::VGetTransitionTree: a CAnimTreeTransition.
		return newTransition(b.sk, a, a0, to, mt.Duration, mt.RunA, b.rule), nil
	case formats.MetaTransPhase:
		return newPhaseTransition(b.sk, a, a0, to, mt.Duration, mt.RunA, b.rule), nil
	case formats.MetaTransAnim:
		// CMetaTransMetaAnim::VGetTransitionTree builds a
		// CAnimTreeLoopIn: A gives way to the middle animation C through
		// the table, C plays to its end, then gives way to B.
		c, err := b.meta(mt.Anim, path+"/middle", depth+1)
		if err != nil {
			return nil, err
		}
		ac, err := b.join(a, a0, c, path+"/to-middle", depth+1)
		if err != nil {
			return nil, err
		}
		l1 := ac.remaining(0)
		cb, err := b.join(ac, l1, to, path+"/from-middle", depth+1)
		if err != nil {
			return nil, err
		}
		return newSequence([]segment{{ac, l1}, {cb, cb.remaining(0)}}, nil), nil
	}
	return nil, b.errorf(path, ErrKind, "meta-transition kind %d", mt.Kind)
}

// cycle describes a cycle of joins (the first needs the second, ..., the
// last needs the first again) and the set's entry that starts it:
// "cyclic transition: idle → turn needs idle → turn again (the set's
// transition 3, id 7, idle → turn, plays turn in between)".
func (b *builder) cycle(keys []joinKey) string {
	pair := func(k joinKey) string { return b.primName(k.from) + " → " + b.primName(k.to) }
	var sb strings.Builder
	sb.WriteString("cyclic transition: ")
	for _, k := range keys {
		sb.WriteString(pair(k))
		sb.WriteString(" needs ")
	}
	fmt.Fprintf(&sb, "%s again (%s, plays %s in between)", pair(keys[0]), b.transEntry(keys[0].mt), b.metaName(keys[0].mt.Anim))
	return sb.String()
}

// transEntry names the entry of the set's transition tables mt is.
func (b *builder) transEntry(mt *formats.MetaTrans) string {
	for i := range b.set.Transitions {
		if t := &b.set.Transitions[i]; &t.Trans == mt {
			return fmt.Sprintf("the set's transition %d, id %d, %s → %s", i, t.ID, b.primName(t.From), b.primName(t.To))
		}
	}
	for i := range b.set.HalfTransitions {
		if h := &b.set.HalfTransitions[i]; &h.Trans == mt {
			return fmt.Sprintf("the set's half transition %d, to %s", i, b.primName(h.To))
		}
	}
	return "the set's default transition"
}

// metaName names a meta-animation for a message: a Play node by its
// primitive's name, another by its kind.
func (b *builder) metaName(m *formats.MetaAnim) string {
	switch {
	case m == nil:
		return "nothing"
	case m.Kind == formats.MetaPlay:
		return b.primName(m.Prim)
	}
	return "a " + m.Kind.String() + " tree"
}

// primName is the name the set's Play nodes give primitive p, or
// "primitive p".
func (b *builder) primName(p uint32) string {
	if b.prims == nil {
		b.prims = map[uint32]string{}
		seen := map[*formats.MetaAnim]bool{}
		visit := func(m *formats.MetaAnim) {
			walkMeta(m, seen, func(m *formats.MetaAnim) {
				if _, ok := b.prims[m.Prim]; m.Kind == formats.MetaPlay && m.Name != "" && !ok {
					b.prims[m.Prim] = m.Name
				}
			})
		}
		for i := range b.set.Animations {
			visit(b.set.Animations[i].Tree)
		}
		for i := range b.set.Transitions {
			visit(b.set.Transitions[i].Trans.Anim)
		}
		for i := range b.set.HalfTransitions {
			visit(b.set.HalfTransitions[i].Trans.Anim)
		}
		visit(b.set.DefaultTransition.Anim)
	}
	if n, ok := b.prims[p]; ok {
		return n
	}
	return fmt.Sprintf("primitive %d", p)
}

// walkMeta calls f on every node under m once (seen keeps the nodes
// visited: a malformed tree may hold a node twice or contain itself).
func walkMeta(m *formats.MetaAnim, seen map[*formats.MetaAnim]bool, f func(*formats.MetaAnim)) {
	if m == nil || seen[m] {
		return
	}
	seen[m] = true
	f(m)
	for _, c := range m.Children {
		walkMeta(c, seen, f)
	}
}

// drawsRandom reports whether a tree has a Random node.
func drawsRandom(m *formats.MetaAnim) bool {
	found := false
	walkMeta(m, map[*formats.MetaAnim]bool{}, func(m *formats.MetaAnim) { found = found || m.Kind == formats.MetaRandom })
	return found
}

// meta builds one meta-animation node (IMetaAnim::GetAnimationTree).
func (b *builder) meta(m *formats.MetaAnim, path string, depth int) (Source, error) {
	if m == nil {
		return nil, b.errorf(path, ErrTree, "missing node")
	}
	if depth > MaxDepth {
		return nil, b.errorf(path, ErrDepth, "more than %d levels", MaxDepth)
	}
	if b.onPath[m] {
		return nil, b.errorf(path, ErrCycle, "a node contains itself")
	}
	if b.nodes++; b.nodes > MaxNodes {
		return nil, b.errorf(path, ErrDepth, "more than %d sources", MaxNodes)
	}
	b.onPath[m] = true
	defer delete(b.onPath, m)
	s, err := b.metaKind(m, path, depth)
	if err == nil && b.opts.OnBuild != nil {
		b.opts.OnBuild(m, s)
	}
	return s, err
}

// metaKind builds a node by its kind.
func (b *builder) metaKind(m *formats.MetaAnim, path string, depth int) (Source, error) {
	switch m.Kind {
	case formats.MetaPlay:
		// CMetaAnimPlay::VGetAnimationTree: a reader of the ANIM from
		// the node's start time.
		if m.Clip < 0 || m.Clip >= len(b.asset.Clips) || b.asset.Clips[m.Clip] == nil {
			return nil, b.errorf(path, ErrTree, "Play %q (ANIM %08X, primitive %d) has no clip", m.Name, uint32(m.AnimID), m.Prim)
		}
		clip := b.asset.Clips[m.Clip]
		if len(clip.Tracks) != len(b.sk.Bones) {
			return nil, b.errorf(path, ErrTree, "Play %q: clip %q has %d track sets for %d bones", m.Name, clip.Name, len(clip.Tracks), len(b.sk.Bones))
		}
		return NewClipSource(b.sk, clip, m.Clip, m.StartTime, m.Prim), nil
	case formats.MetaBlend, formats.MetaPhaseBlend:
		if len(m.Children) != 2 {
			return nil, b.errorf(path, ErrTree, "%s with %d children", m.Kind.String(), len(m.Children))
		}
		x, err := b.meta(m.Children[0], path+"/A", depth+1)
		if err != nil {
			return nil, err
		}
		y, err := b.meta(m.Children[1], path+"/B", depth+1)
		if err != nil {
			return nil, err
		}
		w := m.Weight
		if o, ok := b.opts.Weights[m]; ok {
			w = o
		}
		if m.Kind == formats.MetaBlend {
			// CMetaAnimBlend::VGetAnimationTree: a CAnimTreeBlend.
			return newBlend(b.sk, x, y, w, b.rule), nil
		}
		// CMetaAnimPhaseBlend::VGetAnimationTree: a CAnimTreeBlend of two
		// CAnimTreeTimeScales.
		return newPhaseBlend(b.sk, x, y, w, b.rule), nil
	case formats.MetaRandom:
		return b.random(m, path, depth)
	case formats.MetaSequence:
		return b.sequence(m, path, depth)
	}
	return nil, b.errorf(path, ErrKind, "meta-animation kind %d", m.Kind)
}

// random is CMetaAnimRandom::VGetAnimationTree (MP1 asm 0x802E1394):
// r = CRandom16::Range(1, 100), then the first child whose cumulative
// threshold is at least r.
func (b *builder) random(m *formats.MetaAnim, path string, depth int) (Source, error) {
	n := len(m.Children)
	if n == 0 || len(m.Probabilities) != n {
		return nil, b.errorf(path, ErrTree, "Random with %d children and %d thresholds", n, len(m.Probabilities))
	}
	top := uint32(0)
	for _, p := range m.Probabilities {
		top = max(top, p)
	}
	if top < 100 {
		return nil, b.errorf(path, ErrThresholds, "highest threshold %d", top)
	}
	pick := -1
	if p, ok := b.opts.Pins[m]; ok {
		if p < 0 || p >= n {
			return nil, b.errorf(path, ErrTree, "pinned child %d of %d", p, n)
		}
		pick = p
	} else {
		r := uint32(b.rng.Range(1, 100))
		for i, th := range m.Probabilities {
			if r <= th {
				pick = i
				break
			}
		}
	}
	if b.opts.OnRandom != nil {
		b.opts.OnRandom(m, pick)
	}
	return b.meta(m.Children[pick], fmt.Sprintf("%s/random[%d]", path, pick), depth+1)
}

// sequence builds a CAnimTreeSequence: the children, the joins between them
// through the table, and the later passes that start with the join from the
// last child to a new first one.
func (b *builder) sequence(m *formats.MetaAnim, path string, depth int) (Source, error) {
	if len(m.Children) == 0 {
		return nil, b.errorf(path, ErrTree, "empty Sequence")
	}
	pass := func(prev Source, prevAt float64) ([]segment, error) {
		segs := make([]segment, 0, len(m.Children))
		for i, cm := range m.Children {
			c, err := b.meta(cm, fmt.Sprintf("%s/seq[%d]", path, i), depth+1)
			if err != nil {
				return nil, err
			}
			node := c
			if prev != nil {
				if node, err = b.join(prev, prevAt, c, fmt.Sprintf("%s/seq[%d]/join", path, i), depth+1); err != nil {
					return nil, err
				}
			}
			l := node.remaining(0)
			segs = append(segs, segment{node, l})
			// The next join starts from this segment's tree as it
			// stands at the segment's end: by then its own join is done
			// and it shows the child alone.
			prev, prevAt = node, l
		}
		return segs, nil
	}
	first, err := pass(nil, 0)
	if err != nil {
		return nil, err
	}
	lastChild := first[len(first)-1]
	// The join from the last child: its A is the last segment's node (the
	// child once its own join is done), at the segment's end.
	loop, err := pass(lastChild.n, lastChild.length)
	if err != nil {
		return nil, err
	}
	return newSequence(first, loop), nil
}
