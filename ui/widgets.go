package ui

import (
	"image/color"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// palette of the panels; the 3D view's colours come from render.Theme.
var (
	colPanel     = color.NRGBA{0x24, 0x28, 0x31, 0xff}
	colPanelEdge = color.NRGBA{0x33, 0x38, 0x44, 0xff}
	colText      = color.NRGBA{0xe6, 0xe8, 0xee, 0xff}
	colDim       = color.NRGBA{0x8a, 0x90, 0x9c, 0xff}
	colButton    = color.NRGBA{0x35, 0x3b, 0x48, 0xff}
	colButtonHi  = color.NRGBA{0x45, 0x4d, 0x5e, 0xff}
	colButtonLo  = color.NRGBA{0x2a, 0x2f, 0x3a, 0xff}
	colAccent    = color.NRGBA{0x3d, 0x8b, 0xd9, 0xff}
	colAccentLo  = color.NRGBA{0x2b, 0x5f, 0x96, 0xff}
	// colSelect is the background of a highlighted row of a list, under
	// colText (contrast above 4.5:1, as WCAG asks of text).
	colSelect = color.NRGBA{0x1d, 0x45, 0x70, 0xff}
	colWarn   = color.NRGBA{0xff, 0xc8, 0x57, 0xff}
	colError  = color.NRGBA{0xff, 0x6b, 0x6b, 0xff}
)

// kit builds the few widget kinds the viewer uses with one look, and
// draws and fits text in its faces.
type kit struct {
	face, small text.Face
	// own and ownSmall are face and small in Go Regular alone; fallback
	// brings a system face for the scripts it lacks (fallbackfont.go).
	own, ownSmall *text.GoTextFace
	fallback      chan fallbackLoad
	// off and on are the button images of a toggle in either state.
	off, on *widget.ButtonImage
	textOp  text.DrawOptions
	// bordered holds the bordered colour slices made so far, by body and
	// border colour: each is an image of its own, and the window's
	// buttons and panels share a few (ebitenui caches the plain ones).
	bordered map[[2]color.Color]*eimage.NineSlice
}

// borderedSlice is eimage.NewBorderedNineSliceColor with a border of 1,
// made once for each pair of colours: a button's or panel's images are
// only drawn from, so the widgets can share them.
func (k *kit) borderedSlice(body, border color.Color) *eimage.NineSlice {
	key := [2]color.Color{body, border}
	if n := k.bordered[key]; n != nil {
		return n
	}
	if k.bordered == nil {
		k.bordered = map[[2]color.Color]*eimage.NineSlice{}
	}
	n := eimage.NewBorderedNineSliceColor(body, border, 1)
	k.bordered[key] = n
	return n
}

// drawText draws s at x, y in colour c.
func (k *kit) drawText(screen *ebiten.Image, s string, x, y float64, c color.Color, face text.Face) {
	op := &k.textOp
	*op = text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = face.Metrics().HAscent + face.Metrics().HDescent + 3
	text.Draw(screen, s, face, op)
}

// fitLeft cuts s from the left, with an ellipsis, until it fits w pixels.
func (k *kit) fitLeft(s string, face text.Face, w int) string {
	if wd, _ := text.Measure(s, face, 0); int(wd) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[1:]
		t := "…" + string(r)
		if wd, _ := text.Measure(t, face, 0); int(wd) <= w {
			return t
		}
	}
	return string(r)
}

// fitRight cuts s at the right, with an ellipsis, to w pixels of the
// small face.
func (k *kit) fitRight(s string, w int) string {
	if wd, _ := text.Measure(s, k.small, 0); int(wd) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if wd, _ := text.Measure(t, k.small, 0); int(wd) <= w {
			return t
		}
	}
	return s
}

// onImage is a button that is switched on.
func (k *kit) onImage() *widget.ButtonImage {
	return &widget.ButtonImage{
		Idle:     k.borderedSlice(colAccentLo, colPanelEdge),
		Hover:    k.borderedSlice(colAccent, colPanelEdge),
		Pressed:  k.borderedSlice(colButtonLo, colPanelEdge),
		Disabled: eimage.NewNineSliceColor(colButtonLo),
	}
}

// lineHeight is the distance between lines of face in a widget.Text.
func (k *kit) lineHeight(face text.Face) int {
	m := face.Metrics()
	return int(m.HAscent+m.HDescent+m.HLineGap+0.999) + 1
}

func (k *kit) smallLabel(s string, c color.Color) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(s, &k.small, c))
}

func (k *kit) panel(layout widget.Layouter, opts ...widget.WidgetOpt) *widget.Container {
	return widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(k.borderedSlice(colPanel, colPanelEdge)),
		widget.ContainerOpts.Layout(layout),
		widget.ContainerOpts.WidgetOpts(opts...),
	)
}

func (k *kit) label(s string, c color.Color) *widget.Text {
	return widget.NewText(
		widget.TextOpts.Text(s, &k.face, c),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
}

func (k *kit) heading(s string) *widget.Text {
	return widget.NewText(
		widget.TextOpts.Text(s, &k.face, colAccent),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
}

func (k *kit) buttonImage() *widget.ButtonImage {
	return &widget.ButtonImage{
		Idle:     k.borderedSlice(colButton, colPanelEdge),
		Hover:    k.borderedSlice(colButtonHi, colPanelEdge),
		Pressed:  k.borderedSlice(colButtonLo, colPanelEdge),
		Disabled: eimage.NewNineSliceColor(colButtonLo),
	}
}

func (k *kit) button(label string, minW int, onClick func()) *widget.Button {
	return widget.NewButton(
		widget.ButtonOpts.Image(k.buttonImage()),
		widget.ButtonOpts.Text(label, &k.small, &widget.ButtonTextColor{Idle: colText, Disabled: colDim}),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: buttonPad, Right: buttonPad, Top: 3, Bottom: 3}),
		widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(minW, 24)),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	)
}

func (k *kit) list(minH int, label func(any) string, onSelect func(entry, prev any)) *widget.List {
	trackIdle := eimage.NewNineSliceColor(colButtonLo)
	handle := k.buttonImage()
	return widget.NewList(
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(0, minH),
			widget.WidgetOpts.LayoutData(widget.GridLayoutData{}),
		)),
		widget.ListOpts.ScrollContainerImage(&widget.ScrollContainerImage{
			Idle:     eimage.NewNineSliceColor(colButtonLo),
			Disabled: eimage.NewNineSliceColor(colButtonLo),
			Mask:     eimage.NewNineSliceColor(colButtonLo),
		}),
		widget.ListOpts.SliderParams(&widget.SliderParams{
			TrackImage:  &widget.SliderTrackImage{Idle: trackIdle, Hover: trackIdle},
			HandleImage: handle,
		}),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntryFontFace(&k.small),
		widget.ListOpts.EntryColor(&widget.ListEntryColor{
			Unselected:                 colText,
			Selected:                   color.White,
			DisabledUnselected:         colDim,
			DisabledSelected:           colDim,
			SelectingBackground:        colButtonHi,
			SelectedBackground:         colAccent,
			FocusedBackground:          colButtonHi,
			SelectingFocusedBackground: colButtonHi,
			SelectedFocusedBackground:  colAccent,
			DisabledSelectedBackground: colButtonLo,
		}),
		widget.ListOpts.EntryTextPadding(&widget.Insets{Left: 4, Right: 4, Top: 2, Bottom: 2}),
		widget.ListOpts.EntryTextPosition(widget.TextPositionStart, widget.TextPositionCenter),
		widget.ListOpts.EntryLabelFunc(label),
		widget.ListOpts.DisableDefaultKeys(true),
		widget.ListOpts.AllowReselect(),
		widget.ListOpts.EntrySelectedHandler(func(args *widget.ListEntrySelectedEventArgs) { onSelect(args.Entry, args.PreviousEntry) }),
	)
}
