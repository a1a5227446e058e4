package ui

import (
	"fmt"
	"image"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
)

// A character set (Metroid Prime's ANCS, alone or in a PAK) shows its
// characters as the clip list's container entries, the opened character's
// animations under it, and below the 3D view the tree panel: the playing
// animation's meta-animation tree, the controls for its blend weights,
// Random pins and seed, and the transition picker. The controls are
// command buttons (commands.go); the state's Tree keeps the panel's
// selected node.

// animEntry is an animation of the opened character in the clip list.
type animEntry struct{ index int }

// treeEntry is a line of the tree panel's list.
type treeEntry struct{ line state.TreeLine }

// treePanelH is the tree panel's fixed height: four lines of the tree,
// the controls and the transition picker. It takes it from the 3D view
// while a character set is open and nothing otherwise.
const treePanelH = 150

// treeWidgets are the tree panel's widgets and what they show.
type treeWidgets struct {
	panel       *widget.Container
	lines       *widget.List
	info        *widget.Text
	entries     []*treeEntry
	animEntries []*animEntry
	gen         int
	asset       *formats.Asset
	anim        int
	transition  state.TransitionPreview
	previewing  bool
	node        string
	from, to    int
	width       int
	shownPanel  bool
	// selecting is the clip-list entry the panel selected itself:
	// ebitenui fires the selection event later, in its next update,
	// and the handler must not take it for a click.
	selecting any
}

// buildTreePanel makes the tree panel, hidden until a character set
// opens; windowLayout places it under the 3D view.
func (w *widgets) buildTreePanel() *widget.Container {
	k := w.kit
	t := &w.tree
	t.gen, t.anim = -1, -2
	t.panel = k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false, false}),
		widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(6)),
		widget.GridLayoutOpts.Spacing(0, 4),
	))
	t.lines = k.list(60, w.treeLabel, w.queue(pickTree))
	t.info = widget.NewText(widget.TextOpts.Text("", &k.small, colDim),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 24)))
	t.panel.AddChild(t.lines,
		w.buttonRow(treeButtons, placed{100, t.info}),
		w.buttonRow(pickerButtons, placed{10, k.smallLabel("Transition", colAccent)}, placed{30, k.smallLabel("→", colText)}))
	t.panel.GetWidget().SetVisibility(widget.Visibility_Hide)
	return t.panel
}

// animLabel is an animation's line in the clip list, under its character.
func (w *widgets) animLabel(st *state.State, v *animEntry) string {
	tr := st.Tree()
	list := tr.AnimList()
	if v.index >= len(list) {
		return ""
	}
	kind := "clip"
	if m := treeOf(st.Asset(), list[v.index]); m != nil {
		kind = m.Kind.String()
	}
	indent := ""
	if len(st.Asset().Entries) > 0 {
		indent = "     "
	}
	return w.fitList(fmt.Sprintf("%s%s  · %s", indent, list[v.index].Name, kind))
}

// treeOf is an animation's tree (the character's own or the set's).
func treeOf(a *formats.Asset, ca formats.CharacterAnim) *formats.MetaAnim {
	if ca.Meta != nil {
		return ca.Meta
	}
	if set := a.AnimSet; ca.SetIndex >= 0 && ca.SetIndex < len(set.Animations) {
		return set.Animations[ca.SetIndex].Tree
	}
	return nil
}

// onAnimSelected plays the animation clicked in the clip list and frames
// it.
func (w *widgets) onAnimSelected(st *state.State, v *animEntry) {
	if t := &w.tree; t.selecting == v {
		t.selecting = nil
		return
	}
	tr := st.Tree()
	if _, previewing := tr.Transition(); v.index == tr.Anim() && !previewing {
		return
	}
	if err := st.SelectAnim(v.index); err != nil {
		st.ShowError(err.Error())
	}
	w.syncTree(st)
	w.clipChanged(st)
}

// refreshAnimEntries puts the opened character's animations into the clip
// list under its entry, in place of the raw clips, when a character set
// is open (refreshLists calls it last).
func (w *widgets) refreshAnimEntries(st *state.State) {
	t := &w.tree
	t.animEntries = t.animEntries[:0]
	if !st.Tree().HasAnims() {
		return
	}
	var entries []any
	addAnims := func() {
		for i := range st.Tree().AnimList() {
			e := &animEntry{index: i}
			t.animEntries = append(t.animEntries, e)
			entries = append(entries, e)
		}
	}
	for _, e := range st.Asset().Entries {
		entries = append(entries, &containerEntry{name: e.Name})
		if e.Name == st.Asset().Entry {
			addAnims()
		}
	}
	if len(t.animEntries) == 0 {
		addAnims()
	}
	w.setEntries(st, w.clips, entries)
	t.anim = -2
}

// treeLabel is a tree line: indented by depth, dim where a Random's
// child did not play.
func (w *widgets) treeLabel(e any) string {
	l := e.(*treeEntry).line
	s := strings.Repeat("    ", min(l.Depth, 10)) + l.Text
	if !l.Active {
		s = strings.Repeat("    ", min(l.Depth, 10)) + "· " + l.Text
	}
	return w.kit.fitRight(s, w.treeListWidth())
}

func (w *widgets) treeListWidth() int {
	wd := w.tree.lines.GetWidget().Rect.Dx()
	if wd <= 0 {
		_, v, _, _ := panelRects(image.Rect(0, 0, max(w.in.w, w.opt.Width), max(w.in.h, w.opt.Height)))
		wd = v.Dx() - 12
	}
	return wd - listChrome
}

// onTreeLine selects the clicked node for the weight and pin buttons (a
// line of the playing tree: it is there).
func (w *widgets) onTreeLine(st *state.State, e, _ any) {
	_ = st.SelectNode("/" + e.(*treeEntry).line.Path)
	w.updateTreeControls(st)
}

// syncTree follows the state once per tick: the panel shows while a
// character set is open, its lines are rebuilt when a new tree was built,
// the clip list's selection follows the playing animation.
func (w *widgets) syncTree(st *state.State) {
	t := &w.tree
	tr := st.Tree()
	show := tr.HasAnims()
	if show != t.shownPanel {
		t.shownPanel = show
		if show {
			t.panel.GetWidget().SetVisibility(widget.Visibility_Show)
		} else {
			t.panel.GetWidget().SetVisibility(widget.Visibility_Hide)
		}
		w.root.RequestRelayout()
		w.scene.needFrame = true
	}
	if !show {
		return
	}
	if wd := t.lines.GetWidget().Rect.Dx(); wd != t.width {
		t.width = wd
		t.gen = -1
	}
	if tr.Gen() != t.gen || st.Asset() != t.asset {
		t.gen, t.asset = tr.Gen(), st.Asset()
		t.entries = t.entries[:0]
		var es []any
		for _, l := range st.TreeLines(nil) {
			e := &treeEntry{line: l}
			t.entries = append(t.entries, e)
			es = append(es, e)
		}
		w.setEntries(st, t.lines, es)
		t.node = "\x00" // select the state's node again
		// A new tree has its own events and played bones (an action
		// script or a weight changes them without the clip list).
		w.refreshEvents(st)
		w.refreshBoneLabels(st)
		w.updateTreeControls(st)
		// The status line shows the frame count, which a tree of another
		// length changes at the same time and clip index.
		w.status.Label = ""
	}
	pn := st.TreePanel()
	if pn.Node() != t.node {
		t.node = pn.Node()
		for _, e := range t.entries {
			if e.line.Path == t.node && t.lines.SelectedEntry() != e {
				t.lines.SetSelectedEntry(e)
			}
		}
		w.updateTreeControls(st)
	}
	tp, previewing := tr.Transition()
	if tr.Anim() != t.anim || tp != t.transition || previewing != t.previewing {
		t.anim, t.transition, t.previewing = tr.Anim(), tp, previewing
		for _, e := range t.animEntries {
			if e.index == tr.Anim() && w.clips.SelectedEntry() != e {
				t.selecting = e
				w.clips.SetSelectedEntry(e)
			}
		}
		w.updateTreeControls(st)
	}
	if pn.From() != t.from || pn.To() != t.to {
		w.updateTreeControls(st)
	}
}

// updateTreeControls enables the buttons that apply to the selection and
// labels the picker.
func (w *widgets) updateTreeControls(st *state.State) {
	tr, pn, t := st.Tree(), st.TreePanel(), &w.tree
	_, blend := st.BlendTarget()
	w.buttons["weight-down"].GetWidget().Disabled = !blend
	w.buttons["weight-up"].GetWidget().Disabled = !blend
	// Pin acts on a Random's child line; on the Random itself it can
	// only unpin.
	_, child, ok := st.PinTarget()
	label, can := "Pin", ok && child >= 0
	if st.PinsTarget() {
		label, can = "Unpin", true
	}
	w.buttons["toggle-pin"].GetWidget().Disabled = !can
	setButtonText(w.buttons["toggle-pin"], label)
	list := tr.AnimList()
	name := func(i int) string {
		if i >= 0 && i < len(list) {
			return list[i].Name
		}
		return "—"
	}
	t.from, t.to = pn.From(), pn.To()
	setButtonText(w.buttons["pick-from"], w.kit.fitRight(name(t.from), pickNameW))
	setButtonText(w.buttons["pick-to"], w.kit.fitRight(name(t.to), pickNameW))
	info := fmt.Sprintf("seed %d", tr.Seed())
	if tp, ok := tr.Transition(); ok {
		info = "previewing"
		if tp.Kind != "" {
			info += " (" + tp.Kind + ")"
		}
	}
	t.info.Label = info
}
