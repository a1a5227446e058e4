package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// frameBox is the transport row's frame-number box. It is drawn by hand
// over an empty placeholder widget because ebitenui's TextInput draws its
// text through two window-sized masking images: 25 to 35 MB of textures
// under a software GL driver (scripts/measure-window.sh), for a box 52
// pixels wide.
type frameBox struct {
	slot    *widget.Container
	text    string
	focused bool
}

// frameBoxMaxLen bounds what can be typed: frame numbers, not essays.
const frameBoxMaxLen = 7

func newFrameBox(minW int) *frameBox {
	return &frameBox{slot: widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(minW, 24)))}
}

// GetText returns the box's text.
func (b *frameBox) GetText() string { return b.text }

// SetText replaces the box's text.
func (b *frameBox) SetText(s string) { b.text = s }

// IsFocused reports whether the box takes the keyboard.
func (b *frameBox) IsFocused() bool { return b.focused }

func (b *frameBox) rect() image.Rectangle { return b.slot.GetWidget().Rect }

// frameEvent is what the box's input asks of the window.
type frameEvent int

const (
	frameNone   frameEvent = iota
	frameSubmit            // Enter: go to the frame typed
	frameLeft              // the box gave the keyboard back (Esc, a click elsewhere)
)

// control takes a tick's input for the box at r on screen: a click on it
// gives it the keyboard and clears it (typing replaces the frame shown,
// as in a selected field), a click elsewhere or Esc takes the keyboard
// back; while it has the keyboard, digits and '-' are typed into it,
// Backspace deletes and Enter submits. It reports whether the box took
// the input, so that typed digits do not also reach the commands, and
// what the window is to do.
func (b *frameBox) control(in *tickInput, r image.Rectangle) (took bool, ev frameEvent) {
	if in.clicked() {
		if image.Pt(in.x, in.y).In(r) {
			b.focused, b.text = true, ""
			return true, frameNone
		}
		if b.focused {
			b.focused = false
			ev = frameLeft
		}
	}
	if !b.focused {
		return false, ev
	}
	for _, c := range in.typed {
		if (c >= '0' && c <= '9' || c == '-') && len(b.text) < frameBoxMaxLen {
			b.text += string(c)
		}
	}
	switch {
	case in.justPressed(ebiten.KeyBackspace) && b.text != "":
		b.text = b.text[:len(b.text)-1]
	case in.enter():
		ev = frameSubmit
	case in.justPressed(ebiten.KeyEscape):
		b.focused = false
		ev = frameLeft
	}
	return true, ev
}
