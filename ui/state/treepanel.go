package state

import (
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// TreePanel is the panel that shows a character set's playing tree
// (Tree): its lines, the node the user selected, which the weight and pin
// buttons act on, and the transition picker's two animations.
type TreePanel struct {
	// node is the path (NodeAt) of the selected node ("" the root).
	node string
	// from and to are the transition picker's animations (AnimList
	// indices).
	from, to int
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
	t := &s.tree
	root := t.CurrentTree()
	if root == nil {
		return dst
	}
	var walk func(m, parent *formats.MetaAnim, child, depth int, path string, active bool)
	walk = func(m, parent *formats.MetaAnim, child, depth int, path string, active bool) {
		if m == nil || len(dst) >= maxTreeLines || depth > player.MaxDepth {
			return
		}
		dst = append(dst, TreeLine{Node: m, Parent: parent, Child: child, Depth: depth, Path: path, Active: active,
			Text: t.lineText(m, parent, child)})
		drawn, hasDrawn := t.drawn[m]
		for k, c := range m.Children {
			act := active
			if m.Kind == formats.MetaRandom {
				act = active && hasDrawn && drawn == k
			}
			cp := strconv.Itoa(k)
			if path != "" {
				cp = path + "/" + cp
			}
			walk(c, m, k, depth+1, cp, act)
		}
	}
	walk(root, nil, 0, 0, "", true)
	return dst
}

// From and To are the transition picker's animations (AnimList indices).
func (p TreePanel) From() int { return p.from }

// To is the transition picker's second animation.
func (p TreePanel) To() int { return p.to }

// setPick sets the picker's from (which == 0) or to animation.
func (s *State) setPick(which, i int) {
	if i < 0 || i >= len(s.tree.AnimList()) {
		return
	}
	if which == 0 {
		s.panel.from = i
	} else {
		s.panel.to = i
	}
}

// Node is the path of the tree panel's selected node ("" the root).
func (p TreePanel) Node() string { return p.node }

// SelectNode selects the node at path (NodeAt) in the tree panel, for
// the weight and pin buttons.
func (s *State) SelectNode(path string) error {
	if _, err := s.tree.NodeAt(path); err != nil {
		return err
	}
	s.panel.node = strings.Trim(path, "/")
	return nil
}

// selectedTreeLine is the tree panel's selected line: the selected node's, or
// the root's when that node is not in the playing tree.
func (s *State) selectedTreeLine() (TreeLine, bool) {
	lines := s.TreeLines(nil)
	for _, l := range lines {
		if l.Path == s.panel.node {
			return l, true
		}
	}
	if len(lines) > 0 {
		return lines[0], true
	}
	return TreeLine{}, false
}

func isBlend(m *formats.MetaAnim) bool {
	return m.Kind == formats.MetaBlend || m.Kind == formats.MetaPhaseBlend
}

// BlendTarget is the Blend the weight buttons change: the selected line
// if it is one, else the first Blend of the tree.
func (s *State) BlendTarget() (TreeLine, bool) {
	if l, ok := s.selectedTreeLine(); ok && isBlend(l.Node) {
		return l, true
	}
	for _, l := range s.TreeLines(nil) {
		if isBlend(l.Node) {
			return l, true
		}
	}
	return TreeLine{}, false
}

// NudgeWeight changes the weight of BlendTarget's Blend by d, on round
// hundredths; without a Blend it does nothing.
func (s *State) NudgeWeight(d float32) error {
	l, ok := s.BlendTarget()
	if !ok {
		return nil
	}
	w := math.Round(float64(s.tree.BlendWeight(l.Node)+d)*100) / 100
	return s.SetBlendWeight(l.Node, float32(w))
}

// PinTarget is the Random and child the pin button acts on: the selected
// line when it is a Random's child, or the selected Random itself (child
// -1: it can only be unpinned).
func (s *State) PinTarget() (m *formats.MetaAnim, child int, ok bool) {
	l, ok := s.selectedTreeLine()
	if !ok {
		return nil, 0, false
	}
	if l.Parent != nil && l.Parent.Kind == formats.MetaRandom {
		return l.Parent, l.Child, true
	}
	if l.Node.Kind == formats.MetaRandom {
		return l.Node, -1, true
	}
	return nil, 0, false
}

// PinsTarget reports whether the pin button would unpin: PinTarget's
// Random is pinned to its child (or, for the Random itself, at all).
func (s *State) PinsTarget() bool {
	m, child, ok := s.PinTarget()
	if !ok {
		return false
	}
	pin, pinned := s.tree.pins[m]
	return pinned && (child < 0 || pin == child)
}

// TogglePin pins PinTarget's Random to its child, or unpins it when
// PinsTarget.
func (s *State) TogglePin() error {
	m, child, ok := s.PinTarget()
	switch {
	case !ok:
		return nil
	case s.PinsTarget():
		return s.Unpin(m)
	case child >= 0:
		return s.PinRandom(m, child)
	}
	return nil
}

// CyclePick moves the transition picker's from (which == 0) or to to the
// next animation.
func (s *State) CyclePick(which int) {
	n := len(s.tree.AnimList())
	if n == 0 {
		return
	}
	cur := s.panel.from
	if which == 1 {
		cur = s.panel.to
	}
	s.setPick(which, (cur+1)%n)
}

// PlayPick plays the picker's transition (State.PlayTransition).
func (s *State) PlayPick() error { return s.PlayTransition(s.panel.from, s.panel.to) }
