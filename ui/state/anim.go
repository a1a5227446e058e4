package state

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// Tree is what the viewer plays when the open asset is a character set
// (Metroid Prime's ANCS, alone or in a PAK): the opened character's
// animations, each a meta-animation tree built by the player, the user's
// choices for those trees (blend weights, pinned Random children, the
// seed of the Random draws, a transition preview). TreePanel is the panel
// that shows the playing tree.
//
// While a tree plays, State.CurrentClip is a clip made for the viewer (the
// tree's name, its duration and its events over one pass, no tracks), so
// that the timeline, the event list, stepping and looping work as for a
// plain clip, and State.Sampler is the tree.
type Tree struct {
	// asset is the open asset (State.asset).
	asset *formats.Asset
	// anim indexes the character's animations (AnimList), -1 when none
	// plays (plain clips).
	anim int
	// seed seeds the Random draws of every build (CRandom16).
	seed uint32
	// weights and pins are the user's overrides, kept across rebuilds
	// and animations until another asset opens.
	weights map[*formats.MetaAnim]float32
	pins    map[*formats.MetaAnim]int
	// drawn is the child each Random node played in the last build.
	drawn map[*formats.MetaAnim]int
	// transition describes the transition preview playing, nil when an
	// animation plays by itself.
	transition *TransitionPreview
	// gen changes whenever a new tree is built, for widgets that follow
	// the tree.
	gen int

	src  player.Sampler
	view *formats.Clip
}

// TransitionPreview is a played transition: From plays FromTime seconds,
// then the set's transition to To begins.
type TransitionPreview struct {
	From, To int
	FromTime float64
	// Kind is the meta-transition the set's table gives for the two
	// trees' roots when both are Play nodes ("" when the roots are not
	// plain plays: the player looks it up by the leaves of highest
	// influence as the tree stands).
	Kind string
}

// maxViewEvents bounds the events one pass of a tree lists on the
// timeline (a sequence of many short clips could report many).
const maxViewEvents = 256

// resetTree clears the tree state for a newly opened asset and plays the
// character's first animation when it has a set.
func (s *State) resetTree() {
	s.tree = Tree{asset: s.asset, anim: -1, weights: map[*formats.MetaAnim]float32{}, pins: map[*formats.MetaAnim]int{}}
	if len(s.tree.AnimList()) > 0 {
		s.panel.to = min(1, len(s.tree.AnimList())-1)
		_ = s.SelectAnim(0) // an error shows as the window's error
	}
}

// leave stops playing a tree (a plain clip was chosen).
func (t *Tree) leave() {
	t.anim, t.src, t.view, t.transition = -1, nil, nil, nil
}

// HasAnims reports whether the open asset is a character set whose
// character has animations: the clip list then shows them.
func (t Tree) HasAnims() bool { return len(t.AnimList()) > 0 }

// AnimList returns the opened character's animations, or nil when the
// asset has no animation set.
func (t Tree) AnimList() []formats.CharacterAnim {
	a := t.asset
	if a == nil || a.AnimSet == nil || a.Character < 0 || a.Character >= len(a.Characters) {
		return nil
	}
	return a.Characters[a.Character].Animations
}

// characterName is the opened character's name, "" without one.
func (t Tree) characterName() string {
	a := t.asset
	if a == nil || a.Character < 0 || a.Character >= len(a.Characters) {
		return ""
	}
	return a.Characters[a.Character].Name
}

// AnimByName returns the index in AnimList of the animation name names
// (Asset.CharacterAnimIndex, the rule of --anim), or -1.
func (t Tree) AnimByName(name string) int {
	if t.AnimList() == nil {
		return -1
	}
	return t.asset.CharacterAnimIndex(t.asset.Character, name)
}

// CurrentTree returns the root of the playing animation's tree, nil when
// none plays or the animation plays a plain clip.
func (t Tree) CurrentTree() *formats.MetaAnim {
	list := t.AnimList()
	if t.anim < 0 || t.anim >= len(list) {
		return nil
	}
	return t.animTree(t.anim)
}

// animTree is animation i's tree: the character's own, else the set's.
func (t Tree) animTree(i int) *formats.MetaAnim {
	ca := t.AnimList()[i]
	if ca.Meta != nil {
		return ca.Meta
	}
	if set := t.asset.AnimSet; ca.SetIndex >= 0 && ca.SetIndex < len(set.Animations) {
		return set.Animations[ca.SetIndex].Tree
	}
	return nil
}

// SelectAnim plays animation i of the character (AnimList) from the
// start. A tree that fails to build leaves the bind pose with the error
// shown and returned.
func (s *State) SelectAnim(i int) error {
	if i < 0 || i >= len(s.tree.AnimList()) {
		return fmt.Errorf("no animation %d (the character has %d)", i, len(s.tree.AnimList()))
	}
	s.play.clip = -1
	s.tree.anim, s.tree.transition = i, nil
	pn := &s.panel
	pn.from = i
	if pn.to == i && len(s.tree.AnimList()) > 1 {
		pn.to = (i + 1) % len(s.tree.AnimList())
	}
	s.play.time, s.play.fired, s.vis.mutedEvents = 0, nil, nil
	return s.rebuildTree()
}

// buildOptions are the player options of one build: the user's overrides
// and a generator shared by every tree of the build (as the game's
// CAnimSysContext), recording the drawn children and the played clips.
func (t *Tree) buildOptions(leaves *[]*formats.Clip) player.Options {
	t.drawn = map[*formats.MetaAnim]int{}
	return player.Options{
		Rand: player.NewRandom16(t.seed), Pins: t.pins, Weights: t.weights,
		// The clips are indexed against Asset.Skeleton (the opened
		// character's), and the view poses it.
		Skeleton: t.asset.Skeleton,
		OnRandom: func(m *formats.MetaAnim, child int) { t.drawn[m] = child },
		OnBuild: func(m *formats.MetaAnim, src player.Source) {
			if c, ok := src.(*player.ClipSource); ok && m.Kind == formats.MetaPlay {
				*leaves = append(*leaves, c.Clip())
			}
		},
	}
}

// buildAnim builds animation i fresh: its tree, or a plain clip the
// character plays without one.
func (t Tree) buildAnim(i int, opts player.Options, leaves *[]*formats.Clip) (player.Source, error) {
	ca := t.AnimList()[i]
	if ca.SetIndex >= 0 && ca.SetIndex < len(t.asset.AnimSet.Animations) {
		return player.BuildAnim(t.asset, ca.SetIndex, opts)
	}
	if ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(t.asset.Clips) {
		sk := opts.Skeleton
		c := t.asset.Clips[ca.Clip]
		if len(c.Tracks) != len(sk.Bones) {
			return nil, fmt.Errorf("animation %q: clip %q has %d track sets for %d bones", ca.Name, c.Name, len(c.Tracks), len(sk.Bones))
		}
		*leaves = append(*leaves, c)
		return player.NewClipSource(sk, c, ca.Clip, 0, 0), nil
	}
	return nil, fmt.Errorf("animation %q has neither a tree in the set nor a clip", ca.Name)
}

// rebuildTree builds what plays again with the current overrides, keeping the
// time (clamped to the new duration).
func (s *State) rebuildTree() error {
	if s.tree.transition != nil {
		p := *s.tree.transition
		return s.playTransition(p.From, p.To, p.FromTime, false)
	}
	i := s.tree.anim
	if i < 0 || i >= len(s.tree.AnimList()) {
		return nil
	}
	var leaves []*formats.Clip
	src, err := s.tree.buildAnim(i, s.tree.buildOptions(&leaves), &leaves)
	if err != nil {
		s.failTree(err)
		return err
	}
	s.setTree(src, s.tree.AnimList()[i].Name, leaves, true)
	return nil
}

// failTree shows a build error and the bind pose.
func (s *State) failTree(err error) {
	s.msg.err = err.Error()
	s.tree.src, s.tree.view = nil, nil
	s.vis.mutedEvents, s.vis.animated, s.vis.dim, s.vis.mover = nil, nil, nil, -1
	s.tree.gen++
}

// setTree makes src what plays: the viewer's clip gets its duration and
// the events of one pass, the bone marks its played clips. fold puts an
// event at the pass's very end at its start instead, where a looping
// animation shows it.
func (s *State) setTree(src player.Sampler, name string, leaves []*formats.Clip, fold bool) {
	d := src.Duration()
	v := &formats.Clip{Name: name, Duration: d, FrameRate: 30, Loop: true}
	if len(leaves) > 0 {
		v.Interp = leaves[0].Interp
		if leaves[0].FrameRate > 0 {
			v.FrameRate = leaves[0].FrameRate
		}
	}
	if ev, ok := src.(interface {
		Events(from, to float64, dst []player.TreeEvent) []player.TreeEvent
	}); ok && d > 0 {
		for _, te := range ev.Events(0, d, nil) {
			if len(v.Events) >= maxViewEvents {
				break
			}
			e := *te.Event
			e.Time = te.Time
			if fold && te.Time >= d-1e-9 {
				e.Time = 0
			}
			v.Events = append(v.Events, e)
		}
	}
	s.tree.src, s.tree.view = src, v
	s.tree.gen++
	if len(s.vis.mutedEvents) != len(v.Events) {
		s.vis.mutedEvents = make([]bool, len(v.Events))
	}
	s.play.time = math.Max(0, math.Min(s.play.time, d))
	n := len(s.asset.Skeleton.Bones)
	s.vis.animated = resize(s.vis.animated, n)
	s.vis.dim, s.vis.mover = nil, -1
	for _, c := range leaves {
		for b := 0; b < n && b < len(c.Tracks); b++ {
			s.vis.animated[b] = s.vis.animated[b] || c.Tracks[b].Animated()
		}
	}
	if len(leaves) > 0 {
		s.vis.findMover(leaves[0])
	}
	s.view.through = false
}

// NodeAt returns the node of the playing tree at path: child indices from
// the root separated by '/' ("" or "/" is the root, "1/0" the first child
// of the root's second child).
func (t Tree) NodeAt(path string) (*formats.MetaAnim, error) {
	n := t.CurrentTree()
	if n == nil {
		return nil, fmt.Errorf("no animation tree plays")
	}
	for _, f := range strings.Split(strings.Trim(path, "/"), "/") {
		if f == "" {
			continue
		}
		k, err := strconv.Atoi(f)
		if err != nil || k < 0 || k >= len(n.Children) {
			return nil, fmt.Errorf("tree path %q: node has no child %q", path, f)
		}
		n = n.Children[k]
		if n == nil {
			return nil, fmt.Errorf("tree path %q: missing node", path)
		}
	}
	return n, nil
}

// BlendWeight is the weight of B that node m plays with: the user's, else
// the file's.
func (t Tree) BlendWeight(m *formats.MetaAnim) float32 {
	if w, ok := t.weights[m]; ok {
		return w
	}
	return m.Weight
}

// SetBlendWeight sets a Blend or PhaseBlend node's weight of B (clamped to
// [0, 1]) and rebuilds the tree with it, at the same time: a weight
// changes a phase blend's pass and which leaf leads a sequence's joins, so
// the tree is built again rather than only re-weighted.
func (s *State) SetBlendWeight(m *formats.MetaAnim, w float32) error {
	if m == nil || (m.Kind != formats.MetaBlend && m.Kind != formats.MetaPhaseBlend) {
		return fmt.Errorf("weight: the node is not a Blend or PhaseBlend")
	}
	if w != w {
		return fmt.Errorf("weight: not a number")
	}
	s.tree.weights[m] = max(0, min(w, 1))
	return s.rebuildTree()
}

// resetBlendWeight goes back to the file's weight.
func (s *State) resetBlendWeight(m *formats.MetaAnim) error {
	delete(s.tree.weights, m)
	return s.rebuildTree()
}

// PinRandom makes Random node m play child instead of drawing.
func (s *State) PinRandom(m *formats.MetaAnim, child int) error {
	if m == nil || m.Kind != formats.MetaRandom {
		return fmt.Errorf("pin: the node is not a Random")
	}
	if child < 0 || child >= len(m.Children) {
		return fmt.Errorf("pin: the Random has no child %d (it has %d)", child, len(m.Children))
	}
	s.tree.pins[m] = child
	return s.rebuildTree()
}

// Unpin lets Random node m draw again.
func (s *State) Unpin(m *formats.MetaAnim) error {
	delete(s.tree.pins, m)
	return s.rebuildTree()
}

// Reseed draws the Random nodes again from another seed.
func (s *State) Reseed(seed uint32) error {
	s.tree.seed = seed
	return s.rebuildTree()
}

// defaultLead is how long the animation transitioned from plays first when
// it is not the one playing, as a fraction of its pass.
const defaultLead = 0.5

// PlayTransition plays animation from, then the set's transition to
// animation to, from the start. When from is the animation playing, it
// leaves it where it stands now (the preview then starts from 0 and
// reaches the transition at the current time); otherwise from plays half
// of its pass first.
func (s *State) PlayTransition(from, to int) error {
	list := s.tree.AnimList()
	if from < 0 || from >= len(list) || to < 0 || to >= len(list) {
		return fmt.Errorf("transition: no animation %d or %d (the character has %d)", from, to, len(list))
	}
	lead := -1.0
	if s.tree.transition == nil && s.tree.anim == from && s.tree.src != nil {
		lead = s.play.time
	}
	return s.playTransition(from, to, lead, true)
}

// PlayTransitionAt plays from for fromTime seconds and then the transition
// to to: `pose --transition-from FROM --from-time S --anim TO` at preview
// time S + T shows the pose T seconds into the transition.
func (s *State) PlayTransitionAt(from, to int, fromTime float64) error {
	if math.IsNaN(fromTime) || fromTime < 0 {
		return fmt.Errorf("transition: %v is not a time from the start", fromTime)
	}
	list := s.tree.AnimList()
	if from < 0 || from >= len(list) || to < 0 || to >= len(list) {
		return fmt.Errorf("transition: no animation %d or %d (the character has %d)", from, to, len(list))
	}
	return s.playTransition(from, to, fromTime, true)
}

// transitionPreview samples animation A up to lead, then the transition
// from A (as it stood at lead) to B.
type transitionPreview struct {
	a     player.Source
	lead  float64
	trans player.Source
}

func (p *transitionPreview) Duration() float64 { return p.lead + p.trans.Duration() }

func (p *transitionPreview) Sample(t float64, pose *player.Pose) {
	if t < p.lead {
		p.a.Sample(t, pose)
		return
	}
	p.trans.Sample(t-p.lead, pose)
}

// Events appends A's events before the transition and the transition's
// after it.
func (p *transitionPreview) Events(from, to float64, dst []player.TreeEvent) []player.TreeEvent {
	if from < p.lead {
		dst = p.a.Events(from, math.Min(to, p.lead), dst)
	}
	if to > p.lead {
		start := len(dst)
		dst = p.trans.Events(math.Max(from, p.lead)-p.lead, to-p.lead, dst)
		for k := start; k < len(dst); k++ {
			dst[k].Time += p.lead
		}
	}
	return dst
}

// playTransition builds the preview; lead < 0 means half of from's pass.
func (s *State) playTransition(from, to int, lead float64, rewind bool) error {
	list := s.tree.AnimList()
	if list[to].SetIndex < 0 {
		err := fmt.Errorf("transition: animation %q has no tree in the set to transition to", list[to].Name)
		s.msg.err = err.Error()
		return err
	}
	var leaves []*formats.Clip
	opts := s.tree.buildOptions(&leaves)
	a, err := s.tree.buildAnim(from, opts, &leaves)
	if err != nil {
		s.failTree(err)
		return err
	}
	if lead < 0 {
		lead = defaultLead * a.Duration()
	}
	tr, err := player.BuildTransition(s.asset, a, lead, list[to].SetIndex, opts)
	if err != nil {
		s.failTree(err)
		return err
	}
	s.tree.anim, s.panel.from, s.panel.to = to, from, to
	s.tree.transition = &TransitionPreview{From: from, To: to, FromTime: lead, Kind: s.tree.transitionKind(from, to)}
	if rewind {
		s.play.time, s.play.fired, s.play.playing, s.vis.mutedEvents = 0, nil, true, nil
	}
	s.play.clip = -1
	s.setTree(&transitionPreview{a: a, lead: lead, trans: tr}, list[from].Name+" → "+list[to].Name, leaves, false)
	return nil
}

// transitionKind names the table's meta-transition when both trees are
// plain plays, whose primitives are then the lookup's keys.
func (t Tree) transitionKind(from, to int) string {
	a, b := t.animTree(from), t.animTree(to)
	if a == nil || b == nil || a.Kind != formats.MetaPlay || b.Kind != formats.MetaPlay {
		return ""
	}
	mt := player.LookupTransition(t.asset.AnimSet, a.Prim, b.Prim)
	if mt.Kind == formats.MetaTransTrans || mt.Kind == formats.MetaTransPhase {
		return fmt.Sprintf("%s %.2f s", mt.Kind, mt.Duration)
	}
	return mt.Kind.String()
}

// stopTransition plays the transition's target by itself again.
func (s *State) stopTransition() error {
	if s.tree.transition == nil {
		return nil
	}
	to := s.tree.transition.To
	s.tree.transition = nil
	return s.SelectAnim(to)
}

// stepTree moves d animations on through the character's list; past
// either end it goes to the neighbouring container entry (returned for
// the caller to open) when there is one, else it wraps. ok is false when
// no tree plays.
func (s *State) stepTree(d int) (entry string, ok bool) {
	n := len(s.tree.AnimList())
	if n == 0 || s.tree.anim < 0 {
		return "", false
	}
	j := s.tree.anim + d
	if j >= 0 && j < n {
		_ = s.SelectAnim(j)
		return "", true
	}
	if es := s.asset.Entries; len(es) > 1 {
		cur := s.entryIndex()
		// Past the ends the next entry is one step away, however far
		// the step went.
		step, m := 1, len(es)
		if d < 0 {
			step = -1
		}
		return es[((cur+step)%m+m)%m].Name, true
	}
	_ = s.SelectAnim(((j % n) + n) % n)
	return "", true
}

// Anim is the playing animation's index in AnimList, -1 when none plays.
func (t Tree) Anim() int { return t.anim }

// Seed seeds the Random draws.
func (t Tree) Seed() uint32 { return t.seed }

// Pin returns the child Random node m is pinned to, if it is.
func (t Tree) Pin(m *formats.MetaAnim) (child int, ok bool) {
	child, ok = t.pins[m]
	return child, ok
}

// Overrides returns the user's choices for the trees: the seed, and
// copies of the pinned Random children and the Blend weights, for a
// build away from the viewer (an export) that the viewer's later edits
// must not touch.
func (t Tree) Overrides() (seed uint32, pins map[*formats.MetaAnim]int, weights map[*formats.MetaAnim]float32) {
	return t.seed, maps.Clone(t.pins), maps.Clone(t.weights)
}

// Drawn returns the child Random node m played in the last build.
func (t Tree) Drawn(m *formats.MetaAnim) (child int, ok bool) {
	child, ok = t.drawn[m]
	return child, ok
}

// Transition describes the transition preview playing; ok is false when
// an animation plays by itself.
func (t Tree) Transition() (p TransitionPreview, ok bool) {
	if t.transition == nil {
		return TransitionPreview{}, false
	}
	return *t.transition, true
}

// Gen changes whenever a new tree is built, for widgets that follow it.
func (t Tree) Gen() int { return t.gen }

// lineText describes node m, child number child of parent.
func (t Tree) lineText(m, parent *formats.MetaAnim, child int) string {
	var b strings.Builder
	if parent != nil {
		switch parent.Kind {
		case formats.MetaBlend, formats.MetaPhaseBlend:
			b.WriteString([]string{"A: ", "B: "}[min(child, 1)])
		case formats.MetaRandom:
			lo := uint32(0)
			if child > 0 && child-1 < len(parent.Probabilities) {
				lo = parent.Probabilities[child-1]
			}
			if child < len(parent.Probabilities) {
				fmt.Fprintf(&b, "%d–%d%%: ", lo+1, parent.Probabilities[child])
			}
		case formats.MetaSequence:
			fmt.Fprintf(&b, "%d. ", child+1)
		}
	}
	switch m.Kind {
	case formats.MetaPlay:
		fmt.Fprintf(&b, "Play %s  #%d", m.Name, m.Prim)
		if m.StartTime != 0 {
			fmt.Fprintf(&b, "  from %.2f s", m.StartTime)
		}
		if m.Clip < 0 {
			b.WriteString("  (missing)")
		}
	case formats.MetaBlend, formats.MetaPhaseBlend:
		name := "Blend"
		if m.Kind == formats.MetaPhaseBlend {
			name = "PhaseBlend"
		}
		fmt.Fprintf(&b, "%s  B %.2f", name, t.BlendWeight(m))
		if _, ok := t.weights[m]; ok {
			fmt.Fprintf(&b, " (file %.2f)", m.Weight)
		}
	case formats.MetaRandom:
		b.WriteString("Random")
		if p, ok := t.pins[m]; ok {
			fmt.Fprintf(&b, "  pinned %d", p+1)
		} else if d, ok := t.drawn[m]; ok {
			fmt.Fprintf(&b, "  drew %d", d+1)
		}
	case formats.MetaSequence:
		fmt.Fprintf(&b, "Sequence  %d parts", len(m.Children))
	default:
		fmt.Fprintf(&b, "kind %d", m.Kind)
	}
	if parent != nil && parent.Kind == formats.MetaRandom {
		if d, ok := t.drawn[parent]; ok && d == child {
			b.WriteString("  ← plays")
		}
	}
	return b.String()
}
