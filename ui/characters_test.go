package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
)

// newPakApp opens the demo character set's PAK (formats/prime/pak's
// fixture) in an App, with its entries openable.
func newPakApp(t *testing.T) *App {
	t.Helper()
	path := filepath.Join("..", "formats", "prime", "pak", "testdata", "DemoSet-mp1.pak")
	a := newApp(t, Options{Path: path, Width: 800, Height: 600})
	// ebitenui makes a button's text when it validates the widgets.
	a.w.root.Validate()
	a.w.sync(a.st)
	return a
}

// clipLabels are the clip list's lines.
func clipLabels(a *App) []string {
	var out []string
	for _, e := range a.w.clips.Entries() {
		out = append(out, strings.TrimSpace(a.w.clipLabel(a.st, e)))
	}
	return out
}

func treeLabels(a *App) []string {
	var out []string
	for _, e := range a.w.tree.entries {
		out = append(out, a.w.treeLabel(e))
	}
	return out
}

func animEntryNamed(t *testing.T, a *App, name string) *animEntry {
	t.Helper()
	for _, e := range a.w.tree.animEntries {
		if a.st.Tree().AnimList()[e.index].Name == name {
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
	// The list's own entry: a click on one it no longer holds is ignored.
	var calm any
	for _, e := range a.w.clips.Entries() {
		if c, ok := e.(*containerEntry); ok && c.name == "Crawler_Calm" {
			calm = e
		}
	}
	a.w.onClipSelected(a.st, calm, nil)
	a.w.sync(a.st)
	if got := clipLabels(a); len(got) != 9 || got[0] != "[Crawler]" || got[1] != "> [Crawler_Calm]" || got[2] != "walk  · Play" {
		t.Errorf("after opening Crawler_Calm: %q", got)
	}
	// A file without a character set hides the panel.
	d := newTestApp(t)
	d.w.sync(d.st)
	if d.w.tree.panel.GetWidget().GetVisibility() != widget.Visibility_Hide {
		t.Error("the tree panel shows for the demo")
	}
}

func TestTreePanel(t *testing.T) {
	a := newPakApp(t)
	a.w.onClipSelected(a.st, animEntryNamed(t, a, "walk_blend"), nil)
	a.w.sync(a.st)
	if got := strings.Join(treeLabels(a), "|"); got != "Blend  B 0.30|    A: Play walk  #0|    B: Play idle  #1" {
		t.Errorf("tree lines %q", got)
	}
	b := a.w.buttons
	if b["weight-down"].GetWidget().Disabled || !b["toggle-pin"].GetWidget().Disabled {
		t.Error("a Blend's tree: the weight buttons are off or the pin is on")
	}
	click(t, a, "weight-up")
	a.w.sync(a.st)
	if w := a.st.Tree().BlendWeight(a.st.Tree().CurrentTree()); w != 0.4 {
		t.Errorf("weight after +: %v", w)
	}
	if got := treeLabels(a)[0]; got != "Blend  B 0.40 (file 0.30)" {
		t.Errorf("root line after +: %q", got)
	}
	for i := 0; i < 10; i++ {
		click(t, a, "weight-down")
	}
	if w := a.st.Tree().BlendWeight(a.st.Tree().CurrentTree()); w != 0 {
		t.Errorf("weight after ten -: %v", w)
	}

	// A Random's child line pins it; the button then unpins.
	a.w.onClipSelected(a.st, animEntryNamed(t, a, "random_idle"), nil)
	a.w.sync(a.st)
	child := a.w.tree.entries[2]
	a.w.onTreeLine(a.st, child, nil)
	if b["toggle-pin"].GetWidget().Disabled || !b["weight-down"].GetWidget().Disabled {
		t.Error("a Random's child: the pin is off or the weight buttons on")
	}
	click(t, a, "toggle-pin")
	a.w.sync(a.st)
	root := a.st.Tree().CurrentTree()
	p, ok := a.st.Tree().Pin(root)
	if drawn, _ := a.st.Tree().Drawn(root); !ok || p != 1 || drawn != 1 {
		t.Errorf("pin: %v %v, drawn %d", p, ok, drawn)
	}
	if got := b["toggle-pin"].Text().Label; got != "Unpin" {
		t.Errorf("pin button %q", got)
	}
	if got := treeLabels(a); !strings.Contains(got[0], "pinned 2") || !strings.Contains(got[2], "← plays") {
		t.Errorf("tree lines %q", got)
	}
	click(t, a, "toggle-pin")
	if _, ok := a.st.Tree().Pin(root); ok {
		t.Error("still pinned")
	}

	// The picker: from is the animation chosen, to cycles; Play previews.
	if a.st.TreePanel().From() != a.st.Tree().AnimByName("random_idle") {
		t.Errorf("from %d", a.st.TreePanel().From())
	}
	to := a.st.TreePanel().To()
	click(t, a, "pick-to")
	a.w.sync(a.st)
	if a.st.TreePanel().To() != (to+1)%len(a.st.Tree().AnimList()) || b["pick-to"].Text().Label != a.st.Tree().AnimList()[a.st.TreePanel().To()].Name {
		t.Errorf("to %d labelled %q", a.st.TreePanel().To(), b["pick-to"].Text().Label)
	}
	click(t, a, "transition")
	a.w.sync(a.st)
	tp, previewing := a.st.Tree().Transition()
	if !previewing || !strings.HasPrefix(a.w.tree.info.Label, "previewing") || a.st.Messages().Err() != "" {
		t.Errorf("preview %+v, info %q, err %q", tp, a.w.tree.info.Label, a.st.Messages().Err())
	}
	// The preview's events are the event list's.
	if len(a.w.eventEntries) != len(a.st.CurrentClip().Events) || tp.From != a.st.TreePanel().From() {
		t.Errorf("event list %d, events %d", len(a.w.eventEntries), len(a.st.CurrentClip().Events))
	}
}

// TestTreeTickDoesNotAllocate: playing a tree (a blend, a sequence, a
// transition preview) samples without allocating, and a paused tick syncs
// the tree panel without allocating.
func TestTreeTickDoesNotAllocate(t *testing.T) {
	a := newPakApp(t)
	for _, script := range []string{"anim walk_blend", "anim sequence", "transition walk phase"} {
		acts, err := ParseActions(script)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.action(acts[0]); err != nil {
			t.Fatal(err)
		}
		a.w.sync(a.st)
		a.st.Play()
		if n := testing.AllocsPerRun(50, func() {
			a.crossed = a.st.Advance(1.0/60, a.crossed[:0])
			a.st.Sampler().Sample(a.st.Playback().Time(), a.scene.pose)
		}); n != 0 {
			t.Errorf("%s: %v allocations per played frame", script, n)
		}
		a.st.Pause()
		a.w.sync(a.st)
		if n := testing.AllocsPerRun(50, func() { a.w.sync(a.st) }); n != 0 {
			t.Errorf("%s: %v allocations per paused tick", script, n)
		}
	}
}

// click clicks command verb's button, as the mouse does when the button
// is enabled (buttonRow makes the button run the verb; ebitenui would
// deliver the click at its next update).
func click(t *testing.T, a *App, verb string) {
	t.Helper()
	b := a.w.buttons[verb]
	if b == nil {
		t.Fatalf("no button for %s", verb)
	}
	if !b.GetWidget().Disabled {
		a.runVerb(verb)
	}
}

// TestTreeActions runs the tree's verbs as a script does.
func TestTreeActions(t *testing.T) {
	a := newPakApp(t)
	acts, err := ParseActions("anim walk_blend; weight / 1; pin 0 1; reseed 5; transition walk idle; transition-at walk idle 0.2")
	if err != nil {
		t.Fatal(err)
	}
	for i, act := range acts {
		err := a.action(act)
		switch {
		case i == 2 && err == nil:
			t.Errorf("pin on a Play succeeded")
		case i != 2 && err != nil:
			t.Errorf("%s: %v", act, err)
		}
		if i == 1 && a.st.Tree().BlendWeight(a.st.Tree().CurrentTree()) != 1 {
			t.Errorf("weight / 1: %v", a.st.Tree().BlendWeight(a.st.Tree().CurrentTree()))
		}
		if i == 3 && a.st.Tree().Seed() != 5 {
			t.Errorf("reseed: %v", a.st.Tree().Seed())
		}
	}
	if tp, ok := a.st.Tree().Transition(); !ok || tp.FromTime != 0.2 {
		t.Errorf("transition-at: %+v", tp)
	}
	for _, bad := range []string{"anim nothing", "weight 5 0.5", "weight / x", "transition walk", "reseed -1", "select-node 9"} {
		acts, err := ParseActions(bad)
		if err == nil {
			err = a.action(acts[0])
		}
		if err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
