package ui

import (
	"image"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
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

// frameBoxInput handles a click on the box and, while it has the
// keyboard, what is typed into it. It reports whether it took the input,
// so that typed digits do not also change the view.
func (a *App) frameBoxInput(x, y int) bool {
	b := a.w.frameBox
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if image.Pt(x, y).In(b.rect()) {
			// Typing replaces the shown frame, as a selected field would.
			b.focused, b.text = true, ""
			return true
		}
		if b.focused {
			b.focused = false
			a.w.frameShown = -1
		}
	}
	if !b.focused {
		return false
	}
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	for _, r := range a.chars {
		if (r >= '0' && r <= '9' || r == '-') && len(b.text) < frameBoxMaxLen {
			b.text += string(r)
		}
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyBackspace) && b.text != "":
		b.text = b.text[:len(b.text)-1]
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		a.submitFrame(b.text)
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		b.focused = false
		a.w.frameShown = -1
	}
	return true
}

// drawFrameBox draws the box over its placeholder: a bordered field, the
// text, and a caret while it has the keyboard.
func (a *App) drawFrameBox(screen *ebiten.Image) {
	b := a.w.frameBox
	r := b.rect()
	if r.Dx() <= 2 || r.Dy() <= 2 {
		return
	}
	edge := colPanelEdge
	if b.focused {
		edge = colAccent
	}
	x, y, w, h := float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy())
	a.fill.rect(screen, x, y, w, h, edge)
	a.fill.rect(screen, x+1, y+1, w-2, h-2, colButtonLo)
	face := a.kit.small
	m := face.Metrics()
	ty := float64(y) + (float64(h)-(m.HAscent+m.HDescent))/2
	a.drawText(screen, strings.TrimSpace(b.text), float64(x)+5, ty, colText, face)
	if b.focused {
		tw, _ := text.Measure(b.text, face, 0)
		a.fill.rect(screen, x+5+float32(tw)+1, y+5, 1, h-10, colText)
	}
}
