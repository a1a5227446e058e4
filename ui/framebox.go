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
