package ui

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// A character set (Metroid Prime's ANCS, alone or in a PAK) shows its
// characters as the clip list's container entries, the opened character's
// animations under it, and below the 3D view the tree panel: the playing
// animation's meta-animation tree, the controls for its blend weights,
// Random pins and seed, and the transition picker.

// animEntry is an animation of the opened character in the clip list.
type animEntry struct{ index int }

// treeEntry is a line of the tree panel's list.
type treeEntry struct{ line state.TreeLine }

// treePanelH is the tree panel's fixed height: four lines of the tree,
// the controls and the transition picker. It takes it from the 3D view
// while a character set is open and nothing otherwise.
const treePanelH = 150

// treeStep is how much the -/+ buttons change a blend weight.
const treeStep = 0.1

// treeWidgets are the tree panel's widgets and what they show.
type treeWidgets struct {
	panel            *widget.Container
	lines            *widget.List
	minus, plus, pin *widget.Button
	from, to         *widget.Button
	info             *widget.Text
	entries          []*treeEntry
	animEntries      []*animEntry
	gen              int
	asset            *formats.Asset
	anim             int
	transition       *state.TransitionPreview
	selected         string // the selected line's path
	width            int
	shownPanel       bool
	// selecting is the clip-list entry the panel selected itself:
	// ebitenui fires the selection event later, in its next update,
	// and the handler must not take it for a click.
	selecting any
}

// buildTreePanel makes the tree panel, hidden until a character set
// opens; windowLayout places it under the 3D view.
func (a *App) buildTreePanel(w *widgets) *widget.Container {
	k := &a.kit
	t := &w.tree
	t.gen, t.anim = -1, -2
	t.panel = k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false, false}),
		widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(6)),
		widget.GridLayoutOpts.Spacing(0, 4),
	))
	t.lines = k.list(60, a.treeLabel, a.onTreeLine)
	row := func(children ...widget.PreferredSizeLocateableWidget) *widget.Container {
		c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(4))))
		c.AddChild(children...)
		return c
	}
	t.minus = k.button("B −", 0, func() { a.nudgeWeight(-treeStep) })
	t.plus = k.button("B +", 0, func() { a.nudgeWeight(treeStep) })
	t.pin = k.button("Pin", 44, a.togglePin)
	t.info = widget.NewText(widget.TextOpts.Text("", &k.small, colDim),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 24)))
	t.from = k.button("", 0, func() { a.cyclePick(0) })
	t.to = k.button("", 0, func() { a.cyclePick(1) })
	t.panel.AddChild(t.lines,
		row(t.minus, t.plus, t.pin,
			k.button("Reseed", 0, func() { a.treeAction(a.st.Reseed(a.st.Tree.Seed + 1)) }),
			t.info),
		row(k.smallLabel("Transition", colAccent), t.from, k.smallLabel("→", colText), t.to,
			k.button("Play", 0, func() { a.treeAction(a.st.PlayTransition(a.st.Tree.From, a.st.Tree.To)) })))
	t.panel.GetWidget().SetVisibility(widget.Visibility_Hide)
	return t.panel
}

// treeAction finishes a user's change to the tree: errors show in the
// window, the lists follow, the figure is framed again.
func (a *App) treeAction(err error) {
	if err != nil {
		a.st.Err = err.Error()
	}
	a.syncTree()
}

// animLabel is an animation's line in the clip list, under its character.
func (a *App) animLabel(v *animEntry) string {
	list := a.st.AnimList()
	if v.index >= len(list) {
		return ""
	}
	kind := "clip"
	if m := a.treeOf(v.index); m != nil {
		kind = m.Kind.String()
	}
	indent := ""
	if len(a.st.Asset.Entries) > 0 {
		indent = "     "
	}
	return a.fitList(fmt.Sprintf("%s%s  · %s", indent, list[v.index].Name, kind))
}

// treeOf is animation i's tree (the character's own or the set's).
func (a *App) treeOf(i int) *formats.MetaAnim {
	ca := a.st.AnimList()[i]
	if ca.Meta != nil {
		return ca.Meta
	}
	if set := a.st.Asset.AnimSet; ca.SetIndex >= 0 && ca.SetIndex < len(set.Animations) {
		return set.Animations[ca.SetIndex].Tree
	}
	return nil
}

// onAnimSelected plays the animation clicked in the clip list.
func (a *App) onAnimSelected(v *animEntry) {
	if t := &a.w.tree; t.selecting == v {
		t.selecting = nil
		return
	}
	if v.index == a.st.Tree.Anim && a.st.Tree.Transition == nil {
		return
	}
	a.treeAction(a.st.SelectAnim(v.index))
	a.clipChanged()
}

// refreshAnimEntries puts the opened character's animations into the clip
// list under its entry, in place of the raw clips, when a character set
// is open (refreshLists calls it last).
func (a *App) refreshAnimEntries() {
	st := a.st
	t := &a.w.tree
	t.animEntries = t.animEntries[:0]
	if !st.HasAnims() {
		return
	}
	var entries []any
	addAnims := func() {
		for i := range st.AnimList() {
			e := &animEntry{index: i}
			t.animEntries = append(t.animEntries, e)
			entries = append(entries, e)
		}
	}
	for _, e := range st.Asset.Entries {
		entries = append(entries, &containerEntry{name: e.Name})
		if e.Name == st.Asset.Entry {
			addAnims()
		}
	}
	if len(t.animEntries) == 0 {
		addAnims()
	}
	a.w.clips.SetEntries(entries)
	t.anim = -2
}

// treeLabel is a tree line: indented by depth, dim where a Random's
// child did not play.
func (a *App) treeLabel(e any) string {
	l := e.(*treeEntry).line
	s := strings.Repeat("    ", min(l.Depth, 10)) + l.Text
	if !l.Active {
		s = strings.Repeat("    ", min(l.Depth, 10)) + "· " + l.Text
	}
	return a.fitWidth(s, a.treeListWidth())
}

func (a *App) treeListWidth() int {
	w := a.w.tree.lines.GetWidget().Rect.Dx()
	if w <= 0 {
		_, v, _, _ := panelRects(image.Rect(0, 0, max(a.width, a.opt.Width), max(a.height, a.opt.Height)))
		w = v.Dx() - 12
	}
	return w - listChrome
}

// fitWidth cuts s at the right to w pixels of the small face.
func (a *App) fitWidth(s string, w int) string {
	if wd, _ := text.Measure(s, a.kit.small, 0); int(wd) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if wd, _ := text.Measure(t, a.kit.small, 0); int(wd) <= w {
			return t
		}
	}
	return s
}

func (a *App) onTreeLine(e, _ any) {
	a.w.tree.selected = e.(*treeEntry).line.Path
	a.updateTreeControls()
}

// selectedLine is the tree line the user selected (the root when none).
func (a *App) selectedLine() (state.TreeLine, bool) {
	t := &a.w.tree
	for _, e := range t.entries {
		if e.line.Path == t.selected {
			return e.line, true
		}
	}
	if len(t.entries) > 0 {
		return t.entries[0].line, true
	}
	return state.TreeLine{}, false
}

// blendLine is the Blend the weight buttons change: the selected line if
// it is one, else the first Blend of the tree.
func (a *App) blendLine() (state.TreeLine, bool) {
	isBlend := func(m *formats.MetaAnim) bool {
		return m.Kind == formats.MetaBlend || m.Kind == formats.MetaPhaseBlend
	}
	if l, ok := a.selectedLine(); ok && isBlend(l.Node) {
		return l, true
	}
	for _, e := range a.w.tree.entries {
		if isBlend(e.line.Node) {
			return e.line, true
		}
	}
	return state.TreeLine{}, false
}

func (a *App) nudgeWeight(d float32) {
	l, ok := a.blendLine()
	if !ok {
		return
	}
	// Keep the steps on round values.
	w := math.Round(float64(a.st.BlendWeight(l.Node)+d)*100) / 100
	a.treeAction(a.st.SetBlendWeight(l.Node, float32(w)))
}

// pinTarget is the Random and child the pin button acts on: the selected
// line when it is a Random's child, or the selected Random itself (child
// -1: unpin).
func (a *App) pinTarget() (m *formats.MetaAnim, child int, ok bool) {
	l, ok := a.selectedLine()
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

func (a *App) togglePin() {
	m, child, ok := a.pinTarget()
	if !ok {
		return
	}
	if p, pinned := a.st.Tree.Pins[m]; pinned && (child < 0 || p == child) {
		a.treeAction(a.st.Unpin(m))
		return
	}
	if child >= 0 {
		a.treeAction(a.st.PinRandom(m, child))
	}
}

// cyclePick moves the transition picker's from (0) or to (1) to the next
// animation.
func (a *App) cyclePick(which int) {
	n := len(a.st.AnimList())
	if n == 0 {
		return
	}
	cur := a.st.Tree.From
	if which == 1 {
		cur = a.st.Tree.To
	}
	a.st.SetTransitionPick(which, (cur+1)%n)
	a.updateTreeControls()
}

// syncTree follows the state once per tick: the panel shows while a
// character set is open, its lines are rebuilt when a new tree was built,
// the clip list's selection follows the playing animation.
func (a *App) syncTree() {
	st, t := a.st, &a.w.tree
	show := st.HasAnims()
	if show != t.shownPanel {
		t.shownPanel = show
		if show {
			t.panel.GetWidget().SetVisibility(widget.Visibility_Show)
		} else {
			t.panel.GetWidget().SetVisibility(widget.Visibility_Hide)
		}
		a.w.root.RequestRelayout()
		a.needFrame = true
	}
	if !show {
		return
	}
	if w := t.lines.GetWidget().Rect.Dx(); w != t.width {
		t.width = w
		t.gen = -1
	}
	if st.Tree.Gen != t.gen || st.Asset != t.asset {
		t.gen, t.asset = st.Tree.Gen, st.Asset
		t.entries = t.entries[:0]
		var es []any
		var sel any
		for _, l := range st.TreeLines(nil) {
			e := &treeEntry{line: l}
			t.entries = append(t.entries, e)
			es = append(es, e)
			if l.Path == t.selected {
				sel = e
			}
		}
		t.lines.SetEntries(es)
		if sel != nil {
			t.lines.SetSelectedEntry(sel)
		}
		// A new tree has its own events and played bones (an action
		// script or a weight changes them without the clip list).
		a.refreshEvents()
		a.refreshBoneLabels()
		a.updateTreeControls()
		// The status line shows the frame count, which a tree of another
		// length changes at the same time and clip index.
		a.w.status.Label = ""
	}
	if st.Tree.Anim != t.anim || st.Tree.Transition != t.transition {
		t.anim, t.transition = st.Tree.Anim, st.Tree.Transition
		for _, e := range t.animEntries {
			if e.index == st.Tree.Anim && a.w.clips.SelectedEntry() != e {
				t.selecting = e
				a.w.clips.SetSelectedEntry(e)
			}
		}
		a.updateTreeControls()
	}
}

// updateTreeControls enables the buttons that apply to the selection and
// labels the picker.
func (a *App) updateTreeControls() {
	st, t := a.st, &a.w.tree
	_, blend := a.blendLine()
	t.minus.GetWidget().Disabled = !blend
	t.plus.GetWidget().Disabled = !blend
	// Pin acts on a Random's child line; on the Random itself it can
	// only unpin.
	m, child, ok := a.pinTarget()
	label, can := "Pin", ok && child >= 0
	if ok {
		if p, pinned := st.Tree.Pins[m]; pinned && (child < 0 || p == child) {
			label, can = "Unpin", true
		}
	}
	t.pin.GetWidget().Disabled = !can
	setButtonText(t.pin, label)
	list := st.AnimList()
	name := func(i int) string {
		if i >= 0 && i < len(list) {
			return list[i].Name
		}
		return "—"
	}
	setButtonText(t.from, a.fitWidth(name(st.Tree.From), 90))
	setButtonText(t.to, a.fitWidth(name(st.Tree.To), 90))
	info := fmt.Sprintf("seed %d", st.Tree.Seed)
	if tp := st.Tree.Transition; tp != nil {
		info = "previewing"
		if tp.Kind != "" {
			info += " (" + tp.Kind + ")"
		}
	}
	t.info.Label = info
}
