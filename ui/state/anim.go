package state

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// AnimState is what the viewer plays when the open asset is a character
// set (Metroid Prime's ANCS, alone or in a PAK): the opened character's
// animations, each a meta-animation tree built by the player, and the
// user's choices for those trees (blend weights, pinned Random children,
// the seed of the Random draws, a transition preview).
//
// While a tree plays, State.CurrentClip is a clip made for the viewer (the
// tree's name, its duration and its events over one pass, no tracks), so
// that the timeline, the event list, stepping and looping work as for a
// plain clip, and State.Sampler is the tree.
type AnimState struct {
	// Anim indexes the character's animations (AnimList), -1 when none
	// plays (plain clips).
	Anim int
	// Seed seeds the Random draws of every build (CRandom16).
	Seed uint32
	// Weights and Pins are the user's overrides, kept across rebuilds
	// and animations until another asset opens.
	Weights map[*formats.MetaAnim]float32
	Pins    map[*formats.MetaAnim]int
	// Drawn is the child each Random node played in the last build.
	Drawn map[*formats.MetaAnim]int
	// From and To are the transition picker's animations (AnimList
	// indices).
	From, To int
	// Transition describes the transition preview playing, nil when an
	// animation plays by itself.
	Transition *TransitionPreview
	// Gen changes whenever a new tree is built, for widgets that follow
	// the tree.
	Gen int

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

// resetAnims clears the tree state for a newly opened asset and plays the
// character's first animation when it has a set.
func (s *State) resetAnims() {
	s.Tree = AnimState{Anim: -1, Weights: map[*formats.MetaAnim]float32{}, Pins: map[*formats.MetaAnim]int{}}
	if len(s.AnimList()) > 0 {
		s.Tree.To = min(1, len(s.AnimList())-1)
		_ = s.SelectAnim(0) // an error shows in s.Err
	}
}

// leaveAnims stops playing a tree (a plain clip was chosen).
func (s *State) leaveAnims() {
	s.Tree.Anim, s.Tree.src, s.Tree.view, s.Tree.Transition = -1, nil, nil, nil
}

// HasAnims reports whether the open asset is a character set whose
// character has animations: the clip list then shows them.
func (s *State) HasAnims() bool { return len(s.AnimList()) > 0 }

// AnimList returns the opened character's animations, or nil when the
// asset has no animation set.
func (s *State) AnimList() []formats.CharacterAnim {
	a := s.Asset
	if a == nil || a.AnimSet == nil || a.Character < 0 || a.Character >= len(a.Characters) {
		return nil
	}
	return a.Characters[a.Character].Animations
}

// CharacterName is the opened character's name, "" without one.
func (s *State) CharacterName() string {
	a := s.Asset
	if a == nil || a.Character < 0 || a.Character >= len(a.Characters) {
		return ""
	}
	return a.Characters[a.Character].Name
}

// AnimByName returns the index in AnimList of the animation called name
// (or numbered so), or -1.
func (s *State) AnimByName(name string) int {
	list := s.AnimList()
	for i := range list {
		if list[i].Name == name {
			return i
		}
	}
	for i := range list {
		if strings.EqualFold(list[i].Name, name) {
			return i
		}
	}
	if i, err := strconv.Atoi(name); err == nil && i >= 0 && i < len(list) {
		return i
	}
	return -1
}

// CurrentTree returns the root of the playing animation's tree, nil when
// none plays or the animation plays a plain clip.
func (s *State) CurrentTree() *formats.MetaAnim {
	list := s.AnimList()
	if s.Tree.Anim < 0 || s.Tree.Anim >= len(list) {
		return nil
	}
	return s.animTree(s.Tree.Anim)
}

// animTree is animation i's tree: the character's own, else the set's.
func (s *State) animTree(i int) *formats.MetaAnim {
	ca := s.AnimList()[i]
	if ca.Meta != nil {
		return ca.Meta
	}
	if set := s.Asset.AnimSet; ca.SetIndex >= 0 && ca.SetIndex < len(set.Animations) {
		return set.Animations[ca.SetIndex].Tree
	}
	return nil
}

// SelectAnim plays animation i of the character (AnimList) from the
// start. A tree that fails to build leaves the bind pose with the error
// shown and returned.
func (s *State) SelectAnim(i int) error {
	if i < 0 || i >= len(s.AnimList()) {
		return fmt.Errorf("no animation %d (the character has %d)", i, len(s.AnimList()))
	}
	s.Clip = -1
	s.Tree.Anim, s.Tree.Transition = i, nil
	s.Tree.From = i
	if s.Tree.To == i && len(s.AnimList()) > 1 {
		s.Tree.To = (i + 1) % len(s.AnimList())
	}
	s.Time, s.Fired, s.HiddenEvents = 0, nil, nil
	return s.rebuild()
}

// buildOptions are the player options of one build: the user's overrides
// and a generator shared by every tree of the build (as the game's
// CAnimSysContext), recording the drawn children and the played clips.
func (s *State) buildOptions(leaves *[]*formats.Clip) player.Options {
	s.Tree.Drawn = map[*formats.MetaAnim]int{}
	return player.Options{
		Rand: player.NewRandom16(s.Tree.Seed), Pins: s.Tree.Pins, Weights: s.Tree.Weights,
		// The clips are indexed against Asset.Skeleton (the opened
		// character's), and the view poses it.
		Skeleton: s.Asset.Skeleton,
		OnRandom: func(m *formats.MetaAnim, child int) { s.Tree.Drawn[m] = child },
		OnBuild: func(m *formats.MetaAnim, src player.Source) {
			if c, ok := src.(*player.ClipSource); ok && m.Kind == formats.MetaPlay {
				*leaves = append(*leaves, c.Clip())
			}
		},
	}
}

// buildAnim builds animation i fresh: its tree, or a plain clip the
// character plays without one.
func (s *State) buildAnim(i int, opts player.Options, leaves *[]*formats.Clip) (player.Source, error) {
	ca := s.AnimList()[i]
	if ca.SetIndex >= 0 && ca.SetIndex < len(s.Asset.AnimSet.Animations) {
		return player.BuildAnim(s.Asset, ca.SetIndex, opts)
	}
	if ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(s.Asset.Clips) {
		sk := opts.Skeleton
		c := s.Asset.Clips[ca.Clip]
		if len(c.Tracks) != len(sk.Bones) {
			return nil, fmt.Errorf("animation %q: clip %q has %d track sets for %d bones", ca.Name, c.Name, len(c.Tracks), len(sk.Bones))
		}
		*leaves = append(*leaves, c)
		return player.NewClipSource(sk, c, ca.Clip, 0, 0), nil
	}
	return nil, fmt.Errorf("animation %q has neither a tree in the set nor a clip", ca.Name)
}

// rebuild builds what plays again with the current overrides, keeping the
// time (clamped to the new duration).
func (s *State) rebuild() error {
	if s.Tree.Transition != nil {
		p := *s.Tree.Transition
		return s.playTransition(p.From, p.To, p.FromTime, false)
	}
	i := s.Tree.Anim
	if i < 0 || i >= len(s.AnimList()) {
		return nil
	}
	var leaves []*formats.Clip
	src, err := s.buildAnim(i, s.buildOptions(&leaves), &leaves)
	if err != nil {
		s.failTree(err)
		return err
	}
	s.setTree(src, s.AnimList()[i].Name, leaves, true)
	return nil
}

// failTree shows a build error and the bind pose.
func (s *State) failTree(err error) {
	s.Err = err.Error()
	s.Tree.src, s.Tree.view = nil, nil
	s.HiddenEvents, s.Animated, s.Dim, s.mover = nil, nil, nil, -1
	s.Tree.Gen++
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
	s.Tree.src, s.Tree.view = src, v
	s.Tree.Gen++
	if len(s.HiddenEvents) != len(v.Events) {
		s.HiddenEvents = make([]bool, len(v.Events))
	}
	s.Time = math.Max(0, math.Min(s.Time, d))
	n := len(s.Asset.Skeleton.Bones)
	s.Animated = resize(s.Animated, n)
	s.Dim, s.mover = nil, -1
	for _, c := range leaves {
		for b := 0; b < n && b < len(c.Tracks); b++ {
			s.Animated[b] = s.Animated[b] || c.Tracks[b].Animated()
		}
	}
	if len(leaves) > 0 {
		s.findMover(leaves[0])
	}
	s.ThroughCamera = false
}

// NodeAt returns the node of the playing tree at path: child indices from
// the root separated by '/' ("" or "/" is the root, "1/0" the first child
// of the root's second child).
func (s *State) NodeAt(path string) (*formats.MetaAnim, error) {
	n := s.CurrentTree()
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
func (s *State) BlendWeight(m *formats.MetaAnim) float32 {
	if w, ok := s.Tree.Weights[m]; ok {
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
	s.Tree.Weights[m] = max(0, min(w, 1))
	return s.rebuild()
}

// ResetBlendWeight goes back to the file's weight.
func (s *State) ResetBlendWeight(m *formats.MetaAnim) error {
	delete(s.Tree.Weights, m)
	return s.rebuild()
}

// PinRandom makes Random node m play child instead of drawing.
func (s *State) PinRandom(m *formats.MetaAnim, child int) error {
	if m == nil || m.Kind != formats.MetaRandom {
		return fmt.Errorf("pin: the node is not a Random")
	}
	if child < 0 || child >= len(m.Children) {
		return fmt.Errorf("pin: the Random has no child %d (it has %d)", child, len(m.Children))
	}
	s.Tree.Pins[m] = child
	return s.rebuild()
}

// Unpin lets Random node m draw again.
func (s *State) Unpin(m *formats.MetaAnim) error {
	delete(s.Tree.Pins, m)
	return s.rebuild()
}

// Reseed draws the Random nodes again from another seed.
func (s *State) Reseed(seed uint32) error {
	s.Tree.Seed = seed
	return s.rebuild()
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
	list := s.AnimList()
	if from < 0 || from >= len(list) || to < 0 || to >= len(list) {
		return fmt.Errorf("transition: no animation %d or %d (the character has %d)", from, to, len(list))
	}
	lead := -1.0
	if s.Tree.Transition == nil && s.Tree.Anim == from && s.Tree.src != nil {
		lead = s.Time
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
	list := s.AnimList()
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
	list := s.AnimList()
	if list[to].SetIndex < 0 {
		err := fmt.Errorf("transition: animation %q has no tree in the set to transition to", list[to].Name)
		s.Err = err.Error()
		return err
	}
	var leaves []*formats.Clip
	opts := s.buildOptions(&leaves)
	a, err := s.buildAnim(from, opts, &leaves)
	if err != nil {
		s.failTree(err)
		return err
	}
	if lead < 0 {
		lead = defaultLead * a.Duration()
	}
	a.SetTime(lead)
	tr, err := player.BuildTransition(s.Asset, a, list[to].SetIndex, opts)
	if err != nil {
		s.failTree(err)
		return err
	}
	s.Tree.Anim, s.Tree.From, s.Tree.To = to, from, to
	s.Tree.Transition = &TransitionPreview{From: from, To: to, FromTime: lead, Kind: s.transitionKind(from, to)}
	if rewind {
		s.Time, s.Fired, s.Playing, s.HiddenEvents = 0, nil, true, nil
	}
	s.Clip = -1
	s.setTree(&transitionPreview{a: a, lead: lead, trans: tr}, list[from].Name+" → "+list[to].Name, leaves, false)
	return nil
}

// transitionKind names the table's meta-transition when both trees are
// plain plays, whose primitives are then the lookup's keys.
func (s *State) transitionKind(from, to int) string {
	a, b := s.animTree(from), s.animTree(to)
	if a == nil || b == nil || a.Kind != formats.MetaPlay || b.Kind != formats.MetaPlay {
		return ""
	}
	mt := player.LookupTransition(s.Asset.AnimSet, a.Prim, b.Prim)
	if mt.Kind == formats.MetaTransTrans || mt.Kind == formats.MetaTransPhase {
		return fmt.Sprintf("%s %.2f s", mt.Kind, mt.Duration)
	}
	return mt.Kind.String()
}

// StopTransition plays the transition's target by itself again.
func (s *State) StopTransition() error {
	if s.Tree.Transition == nil {
		return nil
	}
	to := s.Tree.Transition.To
	s.Tree.Transition = nil
	return s.SelectAnim(to)
}

// SetTransitionPick sets the picker's from (which == 0) or to animation.
func (s *State) SetTransitionPick(which, i int) {
	if i < 0 || i >= len(s.AnimList()) {
		return
	}
	if which == 0 {
		s.Tree.From = i
	} else {
		s.Tree.To = i
	}
}

// stepTree moves d animations on through the character's list; past
// either end it goes to the neighbouring container entry (returned for
// the caller to open) when there is one, else it wraps. ok is false when
// no tree plays.
func (s *State) stepTree(d int) (entry string, ok bool) {
	n := len(s.AnimList())
	if n == 0 || s.Tree.Anim < 0 {
		return "", false
	}
	j := s.Tree.Anim + d
	if j >= 0 && j < n {
		_ = s.SelectAnim(j)
		return "", true
	}
	if es := s.Asset.Entries; len(es) > 1 {
		cur := 0
		for i, e := range es {
			if e.Name == s.Asset.Entry {
				cur = i
			}
		}
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

// TreeLine is one line of the tree panel: a node of the playing tree in
// depth-first order.
type TreeLine struct {
	Node *formats.MetaAnim
	// Parent is the node's parent (nil for the root) and Child its index
	// there.
	Parent *formats.MetaAnim
	Child  int
	Depth  int
	// Path is the node's path for NodeAt and the action script.
	Path string
	// Active is false for a Random's children that the build did not
	// play.
	Active bool
	// Text is the line as the panel shows it, without indentation.
	Text string
}

// maxTreeLines bounds the lines listed (trees are bounded by the player's
// MaxNodes; a panel needs far fewer).
const maxTreeLines = 512

// TreeLines lists the playing animation's tree, appended to dst.
func (s *State) TreeLines(dst []TreeLine) []TreeLine {
	root := s.CurrentTree()
	if root == nil {
		return dst
	}
	var walk func(m, parent *formats.MetaAnim, child, depth int, path string, active bool)
	walk = func(m, parent *formats.MetaAnim, child, depth int, path string, active bool) {
		if m == nil || len(dst) >= maxTreeLines || depth > player.MaxDepth {
			return
		}
		dst = append(dst, TreeLine{Node: m, Parent: parent, Child: child, Depth: depth, Path: path, Active: active,
			Text: s.lineText(m, parent, child)})
		drawn, hasDrawn := s.Tree.Drawn[m]
		for k, c := range m.Children {
			act := active
			if m.Kind == formats.MetaRandom {
				act = active && hasDrawn && drawn == k
			}
			p := strconv.Itoa(k)
			if path != "" {
				p = path + "/" + p
			}
			walk(c, m, k, depth+1, p, act)
		}
	}
	walk(root, nil, 0, 0, "", true)
	return dst
}

// lineText describes node m, child number child of parent.
func (s *State) lineText(m, parent *formats.MetaAnim, child int) string {
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
		fmt.Fprintf(&b, "%s  B %.2f", name, s.BlendWeight(m))
		if _, ok := s.Tree.Weights[m]; ok {
			fmt.Fprintf(&b, " (file %.2f)", m.Weight)
		}
	case formats.MetaRandom:
		b.WriteString("Random")
		if p, ok := s.Tree.Pins[m]; ok {
			fmt.Fprintf(&b, "  pinned %d", p+1)
		} else if d, ok := s.Tree.Drawn[m]; ok {
			fmt.Fprintf(&b, "  drew %d", d+1)
		}
	case formats.MetaSequence:
		fmt.Fprintf(&b, "Sequence  %d parts", len(m.Children))
	default:
		fmt.Fprintf(&b, "kind %d", m.Kind)
	}
	if parent != nil && parent.Kind == formats.MetaRandom {
		if d, ok := s.Tree.Drawn[parent]; ok && d == child {
			b.WriteString("  ← plays")
		}
	}
	return b.String()
}

// treeVerbs are the action-script verbs of the animation trees, with
// their argument count (-1: one or more, joined by spaces).
var treeVerbs = map[string]int{
	"anim": -1, "weight": 2, "pin": 2, "unpin": 1, "reseed": 1,
	"transition": 2, "transition-at": 3,
}

// applyTree carries out a tree verb; ok is false for other verbs.
//
//	anim NAME                 play the character's animation NAME (or index)
//	weight PATH W             set the Blend at tree path PATH (NodeAt) to W
//	pin PATH CHILD            pin the Random at PATH to child CHILD (from 1)
//	unpin PATH                let the Random at PATH draw again
//	reseed N                  draw the Random nodes from seed N
//	transition FROM TO        play FROM, then the transition to TO
//	transition-at FROM TO S   the same with FROM played S seconds first
func (s *State) applyTree(a Action) (ok bool, err error) {
	if _, ok := treeVerbs[a.Verb]; !ok {
		return false, nil
	}
	anim := func(name string) (int, error) {
		if i := s.AnimByName(name); i >= 0 {
			return i, nil
		}
		return -1, fmt.Errorf("%s: the character has no animation %q", a.Verb, name)
	}
	node := func() (*formats.MetaAnim, error) {
		m, err := s.NodeAt(a.Args[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Verb, err)
		}
		return m, nil
	}
	switch a.Verb {
	case "anim":
		i, err := anim(a.Args[0])
		if err != nil {
			return true, err
		}
		return true, s.SelectAnim(i)
	case "weight":
		m, err := node()
		if err != nil {
			return true, err
		}
		w, err := strconv.ParseFloat(a.Args[1], 32)
		if err != nil {
			return true, fmt.Errorf("weight: %q is not a number", a.Args[1])
		}
		return true, s.SetBlendWeight(m, float32(w))
	case "pin":
		m, err := node()
		if err != nil {
			return true, err
		}
		c, err := strconv.Atoi(a.Args[1])
		if err != nil {
			return true, fmt.Errorf("pin: %q is not a child number (1 is the first)", a.Args[1])
		}
		return true, s.PinRandom(m, c-1)
	case "unpin":
		m, err := node()
		if err != nil {
			return true, err
		}
		return true, s.Unpin(m)
	case "reseed":
		n, err := strconv.ParseUint(a.Args[0], 10, 32)
		if err != nil {
			return true, fmt.Errorf("reseed: %q is not a seed", a.Args[0])
		}
		return true, s.Reseed(uint32(n))
	}
	from, err := anim(a.Args[0])
	if err != nil {
		return true, err
	}
	to, err := anim(a.Args[1])
	if err != nil {
		return true, err
	}
	if a.Verb == "transition" {
		return true, s.PlayTransition(from, to)
	}
	t, err := strconv.ParseFloat(a.Args[2], 64)
	if err != nil {
		return true, fmt.Errorf("transition-at: %q is not a time", a.Args[2])
	}
	return true, s.PlayTransitionAt(from, to, t)
}
