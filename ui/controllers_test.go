package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// clickAt is the input of a left click at (x, y) within one tick.
func clickAt(x, y int) tickInput {
	return tickInput{x: x, y: y, pressed: [3]bool{true}, released: [3]bool{true}, anyButton: true}
}

// TestFrameBoxControl: the frame box through the window's input: a click
// on it gives it the keyboard and clears it (the frame-box region), a
// click elsewhere gives the keys back and goes on to what is under it,
// digits and '-' are typed, Backspace deletes, Enter (confirm) goes to
// the frame typed and Esc (close) leaves it.
func TestFrameBoxControl(t *testing.T) {
	a, d := laidOut(t, Options{})
	r := a.w.frameBox.rect()
	if r.Dx() < 10 {
		t.Fatalf("the frame box at %v", r)
	}
	bx, by := r.Min.X+4, r.Min.Y+4
	x0, x1, top, bottom := a.tl.trackSpan()
	mid, ty := int(x0+x1)/2, int(top+bottom)/2
	for _, c := range []struct {
		name        string
		focused     bool
		text        string
		in          tickInput
		wantFocused bool
		wantText    string
	}{
		{"a click on the box focuses and clears it", false, "12", clickAt(bx, by), true, ""},
		{"a click on it again clears it", true, "12", clickAt(bx, by), true, ""},
		{"keys without focus pass", false, "3", typing("4", ebiten.Key4), false, "3"},
		{"digits and minus are typed", true, "", typing("-1a2"), true, "-12"},
		{"at most frameBoxMaxLen", true, "123456", typing("789"), true, "1234567"},
		{"Backspace deletes", true, "12", typing("", ebiten.KeyBackspace), true, "1"},
		{"a right press elsewhere is the box's", true, "3", withButton(clickAt(mid, ty), 1), true, "3"},
		{"Esc gives the keys back", true, "12", typing("", ebiten.KeyEscape), false, "12"},
	} {
		a.w.frameBox.focused, a.w.frameBox.text = c.focused, c.text
		a.inp = c.in
		a.handleInput(&a.inp)
		if b := a.w.frameBox; b.focused != c.wantFocused || b.text != c.wantText {
			t.Errorf("%s: focused %v, text %q; want %v, %q", c.name, b.focused, b.text, c.wantFocused, c.wantText)
		}
		d.tick(tickInput{})
	}
	// Enter goes to the frame typed.
	a.runVerb("frame-box")
	a.inp = typing("12")
	a.handleInput(&a.inp)
	a.inp = typing("", ebiten.KeyEnter)
	a.handleInput(&a.inp)
	if f, _ := a.st.Frame(); f != 12 || a.w.frameBox.focused {
		t.Errorf("12 and Enter: frame %d, focused %v", f, a.w.frameBox.focused)
	}
	// A click elsewhere leaves the box, and seeks on the track.
	a.runVerb("frame-box")
	a.inp = press(mid, ty)
	a.handleInput(&a.inp)
	d.tick(release(mid, ty))
	if got, want := a.st.Playback().Time(), a.tl.timeAt(a.st, mid); a.w.frameBox.focused || got != want {
		t.Errorf("a click on the track with the box focused: focused %v, time %v, want %v", a.w.frameBox.focused, got, want)
	}
}

// TestNamePromptControl: the cut's name prompt through the window's
// input: typing replaces the name shown, Backspace first clears it and
// then deletes, Enter (confirm) renames the cut when the name changed,
// Esc (close) gives up; while it asks, a click reaches nothing below.
func TestNamePromptControl(t *testing.T) {
	a, d := laidOut(t, Options{})
	x0, x1, top, bottom := a.tl.trackSpan()
	mid, ty := int(x0+x1)/2, int(top+bottom)/2
	for _, c := range []struct {
		name     string
		in       []tickInput
		renamed  bool // the rename was tried: the demo has no sidecar
		naming   bool
		wantText string
	}{
		{"typing replaces the name shown", []tickInput{typing("ab")}, false, true, "ab"},
		{"Backspace first clears it", []tickInput{typing("", ebiten.KeyBackspace)}, false, true, ""},
		{"then deletes a character", []tickInput{typing("añ"), typing("", ebiten.KeyBackspace)}, false, true, "a"},
		{"',' and '=' are not typed", []tickInput{typing("a,b=c")}, false, true, "abc"},
		{"Enter renames", []tickInput{typing("new "), typing("", ebiten.KeyEnter)}, true, false, "new "},
		{"Enter with the old name does not", []tickInput{typing("", ebiten.KeyEnter)}, false, false, "walk"},
		{"Esc gives up", []tickInput{typing("x"), typing("", ebiten.KeyEscape)}, false, false, "x"},
		{"a click is the prompt's", []tickInput{clickAt(mid, ty)}, false, true, "walk"},
	} {
		a.st.ShowError("")
		a.runVerb("seek", "0.5")
		a.cuts.ask("walk")
		for i := range c.in {
			a.inp = c.in[i]
			a.handleInput(&a.inp)
		}
		renamed := strings.Contains(a.st.Messages().Err(), "rename cut")
		if renamed != c.renamed || a.cuts.naming != c.naming || a.cuts.text != c.wantText || a.st.Playback().Time() != 0.5 {
			t.Errorf("%s: renamed %v, naming %v, text %q, time %v; want %v, %v, %q",
				c.name, renamed, a.cuts.naming, a.cuts.text, a.st.Playback().Time(), c.renamed, c.naming, c.wantText)
		}
		a.cuts.naming = false
		d.tick(tickInput{})
	}
}

// TestDropAnswer: the dropped motion's question answered by its keys
// (Enter or P: play-here, O: open-instead, Esc: close) or a click on its
// rows; a click beside them, or another key, leaves it asking.
func TestDropAnswer(t *testing.T) {
	for _, c := range []struct {
		name string
		in   func(a *App) tickInput
		want string
	}{
		{"Enter", func(*App) tickInput { return typing("", ebiten.KeyEnter) }, "play-here"},
		{"keypad Enter", func(*App) tickInput { return typing("", ebiten.KeyNumpadEnter) }, "play-here"},
		{"P", func(*App) tickInput { return typing("p", ebiten.KeyP) }, "play-here"},
		{"O", func(*App) tickInput { return typing("o", ebiten.KeyO) }, "open-instead"},
		{"P typed twice in a slow frame answers once", func(*App) tickInput { return typing("pp", ebiten.KeyP) }, "play-here"},
		{"Esc", func(*App) tickInput { return typing("", ebiten.KeyEscape) }, "close"},
		{"a click on Play here", func(a *App) tickInput { _, r := a.drop.dialog(); return clickAt(r[0].Min.X+4, r[0].Min.Y+4) }, "play-here"},
		{"a click on Open instead", func(a *App) tickInput { _, r := a.drop.dialog(); return clickAt(r[1].Min.X+4, r[1].Min.Y+4) }, "open-instead"},
		{"a click beside them", func(a *App) tickInput { b, _ := a.drop.dialog(); return clickAt(b.Min.X+2, b.Max.Y-2) }, ""},
		{"the cursor over a row without a click", func(a *App) tickInput {
			_, r := a.drop.dialog()
			return tickInput{x: r[0].Min.X + 4, y: r[0].Min.Y + 4}
		}, ""},
		{"another key", func(*App) tickInput { return typing("x", ebiten.KeyX) }, ""},
	} {
		a, _ := laidOut(t, Options{Path: "figure.ms3d", Open: dropFiles(t)})
		a.runVerb("drop", "paw.ms3d")
		a.inp = c.in(a)
		a.handleInput(&a.inp)
		got := ""
		switch {
		case a.drop.asking():
		case a.st.Path() == "paw.ms3d":
			got = "open-instead"
		case len(a.st.Asset().Clips) == 2:
			got = "play-here"
		default:
			got = "close"
		}
		if a.shots.key != "" {
			got += " and a screenshot" // a key went on to the window
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
