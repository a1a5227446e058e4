package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
)

// newPakApp opens the demo character set's PAK (formats/prime/pak's
// fixture) in an App, with its entries openable.
func newPakApp(t *testing.T) *App {
	t.Helper()
	path := filepath.Join("..", "formats", "prime", "pak", "testdata", "DemoSet-mp1.pak")
	a, err := NewApp(Options{Path: path, Log: func(string) {}, Width: 800, Height: 600})
	if err != nil {
		t.Fatal(err)
	}
	// ebitenui makes a button's text when it validates the widgets.
	a.w.root.Validate()
	a.syncWidgets()
	return a
}

// clipLabels are the clip list's lines.
func clipLabels(a *App) []string {
	var out []string
	for _, e := range a.w.clips.Entries() {
		out = append(out, strings.TrimSpace(a.clipLabel(e)))
	}
	return out
}

func treeLabels(a *App) []string {
	var out []string
	for _, e := range a.w.tree.entries {
		out = append(out, a.treeLabel(e))
	}
	return out
}

func animEntryNamed(t *testing.T, a *App, name string) *animEntry {
	t.Helper()
	for _, e := range a.w.tree.animEntries {
		if a.st.AnimList()[e.index].Name == name {
			return e
		}
	}
	t.Fatalf("no animation %q in the list", name)
	return nil
}

func TestCharacterList(t *testing.T) {
	a := newPakApp(t)
	want := "> [Crawler]|walk  · Play|idle  · Play|walk_blend  · Blend|phase  · PhaseBlend|random_idle  · Random|sequence  · Sequence|[Crawler_Calm]|[A0000000.ANIM]"
	if got := strings.Join(clipLabels(a), "|"); got != want {
		t.Errorf("clip list %q, want %q", got, want)
	}
	if a.w.tree.panel.GetWidget().GetVisibility() != widget.Visibility_Show {
		t.Error("the tree panel is hidden for a character set")
	}
	// The other character opens with its animations under it.
	a.onClipSelected(&containerEntry{name: "Crawler_Calm"}, nil)
	a.syncWidgets()
	if got := clipLabels(a); len(got) != 9 || got[0] != "[Crawler]" || got[1] != "> [Crawler_Calm]" || got[2] != "walk  · Play" {
		t.Errorf("after opening Crawler_Calm: %q", got)
	}
	// A file without a character set hides the panel.
	d := newTestApp(t)
	d.syncWidgets()
	if d.w.tree.panel.GetWidget().GetVisibility() != widget.Visibility_Hide {
		t.Error("the tree panel shows for the demo")
	}
}

func TestTreePanel(t *testing.T) {
	a := newPakApp(t)
	a.onClipSelected(animEntryNamed(t, a, "walk_blend"), nil)
	a.syncWidgets()
	if got := strings.Join(treeLabels(a), "|"); got != "Blend  B 0.30|    A: Play walk  #0|    B: Play idle  #1" {
		t.Errorf("tree lines %q", got)
	}
	if a.w.tree.minus.GetWidget().Disabled || !a.w.tree.pin.GetWidget().Disabled {
		t.Error("a Blend's tree: the weight buttons are off or the pin is on")
	}
	a.nudgeWeight(treeStep)
	a.syncWidgets()
	if w := a.st.BlendWeight(a.st.CurrentTree()); w != 0.4 {
		t.Errorf("weight after +: %v", w)
	}
	if got := treeLabels(a)[0]; got != "Blend  B 0.40 (file 0.30)" {
		t.Errorf("root line after +: %q", got)
	}
	for i := 0; i < 10; i++ {
		a.nudgeWeight(-treeStep)
	}
	if w := a.st.BlendWeight(a.st.CurrentTree()); w != 0 {
		t.Errorf("weight after ten -: %v", w)
	}

	// A Random's child line pins it; the button then unpins.
	a.onClipSelected(animEntryNamed(t, a, "random_idle"), nil)
	a.syncWidgets()
	child := a.w.tree.entries[2]
	a.onTreeLine(child, nil)
	if a.w.tree.pin.GetWidget().Disabled || !a.w.tree.minus.GetWidget().Disabled {
		t.Error("a Random's child: the pin is off or the weight buttons on")
	}
	a.togglePin()
	a.syncWidgets()
	root := a.st.CurrentTree()
	if p, ok := a.st.Tree.Pins[root]; !ok || p != 1 || a.st.Tree.Drawn[root] != 1 {
		t.Errorf("pin: %v %v, drawn %d", p, ok, a.st.Tree.Drawn[root])
	}
	if got := a.w.tree.pin.Text().Label; got != "Unpin" {
		t.Errorf("pin button %q", got)
	}
	if got := treeLabels(a); !strings.Contains(got[0], "pinned 2") || !strings.Contains(got[2], "← plays") {
		t.Errorf("tree lines %q", got)
	}
	a.togglePin()
	if _, ok := a.st.Tree.Pins[root]; ok {
		t.Error("still pinned")
	}

	// The picker: from is the animation chosen, to cycles; Play previews.
	if a.st.Tree.From != a.st.AnimByName("random_idle") {
		t.Errorf("from %d", a.st.Tree.From)
	}
	to := a.st.Tree.To
	a.cyclePick(1)
	if a.st.Tree.To != (to+1)%len(a.st.AnimList()) || a.w.tree.to.Text().Label != a.st.AnimList()[a.st.Tree.To].Name {
		t.Errorf("to %d labelled %q", a.st.Tree.To, a.w.tree.to.Text().Label)
	}
	a.treeAction(a.st.PlayTransition(a.st.Tree.From, a.st.Tree.To))
	a.syncWidgets()
	if a.st.Tree.Transition == nil || !strings.HasPrefix(a.w.tree.info.Label, "previewing") || a.st.Err != "" {
		t.Errorf("preview %+v, info %q, err %q", a.st.Tree.Transition, a.w.tree.info.Label, a.st.Err)
	}
	// The preview's events are the event list's.
	if len(a.w.eventEntries) != len(a.st.CurrentClip().Events) {
		t.Errorf("event list %d, events %d", len(a.w.eventEntries), len(a.st.CurrentClip().Events))
	}
}

// TestTreeTickDoesNotAllocate: playing a tree (a blend, a sequence, a
// transition preview) samples without allocating, and a paused tick syncs
// the tree panel without allocating.
func TestTreeTickDoesNotAllocate(t *testing.T) {
	a := newPakApp(t)
	for _, script := range []string{"anim walk_blend", "anim sequence", "transition walk phase"} {
		acts, err := state.ParseActions(script)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.st.Apply(acts[0]); err != nil {
			t.Fatal(err)
		}
		a.syncWidgets()
		a.st.Playing = true
		if n := testing.AllocsPerRun(50, func() {
			a.crossed = a.st.Advance(1.0/60, a.crossed[:0])
			a.st.Sampler().Sample(a.st.Time, a.pose)
		}); n != 0 {
			t.Errorf("%s: %v allocations per played frame", script, n)
		}
		a.st.Playing = false
		a.syncWidgets()
		if n := testing.AllocsPerRun(50, func() { a.syncWidgets() }); n != 0 {
			t.Errorf("%s: %v allocations per paused tick", script, n)
		}
	}
}
