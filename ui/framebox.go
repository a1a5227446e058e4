package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
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

// focus gives the box the keyboard, cleared: typing replaces the frame
// shown, as in a selected field.
func (b *frameBox) focus() { b.focused, b.text = true, "" }

// typeIn types the digits and '-' of typed into the box, up to
// frameBoxMaxLen.
func (b *frameBox) typeIn(typed []rune) {
	for _, c := range typed {
		if (c >= '0' && c <= '9' || c == '-') && len(b.text) < frameBoxMaxLen {
			b.text += string(c)
		}
	}
}

// backspace deletes the last character typed.
func (b *frameBox) backspace() {
	if b.text != "" {
		b.text = b.text[:len(b.text)-1]
	}
}
