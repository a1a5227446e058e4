package ui

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFrameBoxControl: the frame box as a controller of its own text and
// focus, given a tick's input and where it lies on screen.
func TestFrameBoxControl(t *testing.T) {
	r := image.Rect(100, 10, 152, 34)
	click := func(x, y int) tickInput { return tickInput{x: x, y: y, pressed: [3]bool{true}} }
	for _, c := range []struct {
		name        string
		focused     bool
		text        string
		in          tickInput
		took        bool
		ev          frameEvent
		wantFocused bool
		wantText    string
	}{
		{"a click on the box focuses and clears it", false, "12", click(110, 20), true, frameNone, true, ""},
		{"a click elsewhere gives the keys back", true, "3", click(10, 20), false, frameLeft, false, "3"},
		{"a click elsewhere while unfocused", false, "3", click(10, 20), false, frameNone, false, "3"},
		{"keys without focus pass", false, "3", typing("4", ebiten.Key4), false, frameNone, false, "3"},
		{"digits and minus are typed", true, "", typing("-1a2"), true, frameNone, true, "-12"},
		{"at most frameBoxMaxLen", true, "123456", typing("789"), true, frameNone, true, "1234567"},
		{"Backspace deletes", true, "12", typing("", ebiten.KeyBackspace), true, frameNone, true, "1"},
		{"Enter submits", true, "12", typing("", ebiten.KeyEnter), true, frameSubmit, true, "12"},
		{"Esc gives the keys back", true, "12", typing("", ebiten.KeyEscape), true, frameLeft, false, "12"},
	} {
		b := frameBox{focused: c.focused, text: c.text}
		took, ev := b.control(&c.in, r)
		if took != c.took || ev != c.ev || b.focused != c.wantFocused || b.text != c.wantText {
			t.Errorf("%s: took %v, event %d, focused %v, text %q; want %v, %d, %v, %q",
				c.name, took, ev, b.focused, b.text, c.took, c.ev, c.wantFocused, c.wantText)
		}
	}
}

// TestNamePromptControl: the cut's name prompt as a controller of its
// text, given a tick's input.
func TestNamePromptControl(t *testing.T) {
	for _, c := range []struct {
		name     string
		in       []tickInput
		took     bool
		rename   string
		naming   bool
		wantText string
	}{
		{"typing replaces the name shown", []tickInput{typing("ab")}, true, "", true, "ab"},
		{"Backspace first clears it", []tickInput{typing("", ebiten.KeyBackspace)}, true, "", true, ""},
		{"then deletes a character", []tickInput{typing("añ"), typing("", ebiten.KeyBackspace)}, true, "", true, "a"},
		{"',' and '=' are not typed", []tickInput{typing("a,b=c")}, true, "", true, "abc"},
		{"Enter renames", []tickInput{typing("new "), typing("", ebiten.KeyEnter)}, true, "new", false, "new "},
		{"Enter with the old name does not", []tickInput{typing("", ebiten.KeyEnter)}, true, "", false, "walk"},
		{"Esc gives up", []tickInput{typing("x"), typing("", ebiten.KeyEscape)}, true, "", false, "x"},
	} {
		p := namePrompt{naming: true, old: "walk", text: "walk", fresh: true}
		var took bool
		var rename string
		for i := range c.in {
			took, rename = p.control(&c.in[i])
		}
		if took != c.took || rename != c.rename || p.naming != c.naming || p.text != c.wantText {
			t.Errorf("%s: took %v, rename %q, naming %v, text %q; want %v, %q, %v, %q",
				c.name, took, rename, p.naming, p.text, c.took, c.rename, c.naming, c.wantText)
		}
	}
	var idle namePrompt
	if took, _ := idle.control(&tickInput{typed: []rune("a")}); took {
		t.Error("a prompt that does not ask took the input")
	}
}

// TestDropAnswer: the verb the dropped motion's question is answered
// with, by key or by a click on its rows.
func TestDropAnswer(t *testing.T) {
	rows := [2]image.Rectangle{image.Rect(0, 0, 100, 24), image.Rect(0, 24, 100, 48)}
	click := func(x, y int) tickInput { return tickInput{x: x, y: y, pressed: [3]bool{true}} }
	for _, c := range []struct {
		name string
		in   tickInput
		want string
	}{
		{"Enter", typing("", ebiten.KeyEnter), "play-here"},
		{"keypad Enter", typing("", ebiten.KeyNumpadEnter), "play-here"},
		{"P", typing("p", ebiten.KeyP), "play-here"},
		{"O", typing("o", ebiten.KeyO), "open-instead"},
		{"Esc", typing("", ebiten.KeyEscape), "close"},
		{"a click on Play here", click(50, 10), "play-here"},
		{"a click on Open instead", click(50, 30), "open-instead"},
		{"a click beside them", click(150, 30), ""},
		{"the cursor over a row without a click", tickInput{x: 50, y: 10}, ""},
		{"another key", typing("x", ebiten.KeyX), ""},
	} {
		if got := dropAnswer(&c.in, rows); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
