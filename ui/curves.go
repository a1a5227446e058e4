package ui

import (
	"github.com/animview/animview/render"
	"image"
	"image/color"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render/curves"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// curvesPanelH is the curves panel's height at most (it takes at most two
// fifths of the view's column).
const curvesPanelH = 240

// Colours of the curves: x red, y green, z blue (as the view's axes), w
// grey.
var curveColours = [...]color.NRGBA{
	{0xe8, 0x5a, 0x5a, 0xff}, {0x6c, 0xd0, 0x6c, 0xff}, {0x5a, 0x9a, 0xf0, 0xff}, {0xb0, 0xb4, 0xbc, 0xff},
}

// curvesPanel draws the selected bone's channels over the span the
// timeline shows (render/curves lays them out), with its keys and the
// current time; a click or drag on it seeks. It samples again only when
// what it plots changes. It holds the tools and the layout; the state
// comes with each call that reads it.
type curvesPanel struct {
	tools
	// lay is where the panel goes; cmp the compare view whose
	// differences it plots; look how the view draws (its theme).
	lay    *places
	cmp    *comparer
	look   *render.Options
	series curves.Series
	plot   curves.Plot
	last   curvesKey
}

// curvesKey is what the sampled series depends on.
type curvesKey struct {
	asset          *formats.Asset
	clip           *formats.Clip
	anim           int
	seed           uint32
	bone           int
	lo, hi         float64
	rect           image.Rectangle
	euler, inPlace bool
	// compare is the compare view's generation (comparer.gen).
	compare int
}

// rect is the panel's area, empty while it is hidden.
func (c *curvesPanel) rect() image.Rectangle {
	w := c.lay.curves.GetWidget()
	if w.GetVisibility() == widget.Visibility_Hide {
		return image.Rectangle{}
	}
	return w.Rect
}

// area is the plotting area inside the panel.
func (c *curvesPanel) area() curves.Rect {
	r := c.rect()
	return curves.Rect{X: float32(r.Min.X + 6), Y: float32(r.Min.Y + 4), W: float32(r.Dx() - 12), H: float32(r.Dy() - 8)}
}

// contains reports whether (x, y) is on the plot.
func (c *curvesPanel) contains(x, y int) bool {
	r := c.rect()
	return image.Pt(x, y).In(r) && float32(x) >= c.plot.X0
}

// timeAt is the clip time under column x.
func (c *curvesPanel) timeAt(st *state.State, x int) float64 {
	lo, hi := st.Timeline().Span()
	return c.plot.TimeAt(float32(x), lo, hi)
}

// show shows or hides the panel as the state says.
func (c *curvesPanel) show(st *state.State) {
	w := c.lay.curves.GetWidget()
	want := widget.Visibility_Hide
	if st.Curves().Shown() {
		want = widget.Visibility_Show
	}
	if w.GetVisibility() != want {
		w.SetVisibility(want)
		c.lay.root.RequestRelayout()
	}
}

// update samples the selected bone again when what it plots changed,
// and lays the plot out for the current time.
func (c *curvesPanel) update(st *state.State) {
	r := c.rect()
	if r.Empty() {
		return
	}
	lo, hi := st.Timeline().Span()
	k := curvesKey{asset: st.Asset(), clip: st.CurrentClip(), anim: st.Tree().Anim(), seed: st.Tree().Seed(),
		bone: st.Visibility().Selected(), lo: lo, hi: hi, rect: r, euler: st.Curves().Euler(), inPlace: st.Visibility().InPlace(), compare: c.cmp.gen}
	if k != c.last {
		c.last = k
		src, _, err := st.RecordSource() // a sampler of its own: sampling it leaves playback alone
		if err != nil || k.bone < 0 {
			src = nil
		}
		var euler func(mgl32.Quat) [3]float64
		if k.euler {
			euler = state.Euler // the inspector's angles
		}
		n := max(2, min(int(c.area().W)/2, 400))
		curves.Sample(src, st.Asset().Skeleton, k.bone, lo, hi, n, euler, &c.series)
		c.cmp.curves(st, &c.series, k.bone)
	}
	var keys curves.Keys
	if st.Playback().Clip() >= 0 {
		keys = curves.TrackKeys(st.CurrentClip(), k.bone)
	}
	c.plot = curves.Layout(&c.series, keys, lo, hi, st.Playback().Time(), c.area())
}

// draw draws the plot: each strip's title, range and zero line, its
// channels, their keys, and the current time.
func (c *curvesPanel) draw(st *state.State, screen *ebiten.Image) {
	r := c.rect()
	if r.Empty() {
		return
	}
	c.update(st)
	k := c.kit
	face := k.small
	ar := c.area()
	if len(c.series.Times) == 0 {
		msg := "Curves: select a bone (click a joint or a name) to plot its channels"
		k.drawText(screen, k.fitLeft(msg, face, r.Dx()-16), float64(ar.X), float64(ar.Y), colDim, face)
		return
	}
	p := &c.plot
	for _, s := range p.Strips {
		c.fill.rect(screen, p.X0, s.Top, p.X1-p.X0, s.Bottom-s.Top, colButtonLo)
		if s.Zero >= 0 {
			c.fill.rect(screen, p.X0, s.Zero, p.X1-p.X0, 1, colTick)
		}
		k.drawText(screen, s.Title, float64(ar.X), float64(s.Top), colText, face)
		k.drawText(screen, short(s.Max), float64(ar.X), float64(s.PlotTop), colDim, face)
		_, lh := text.Measure("0", face, 0)
		k.drawText(screen, short(s.Min), float64(ar.X), float64(s.Bottom)-lh, colDim, face)
		for _, x := range s.Keys {
			c.fill.rect(screen, x, s.Bottom-5, 1, 5, colKey)
		}
		for i, line := range s.Lines {
			c.fill.polyline(screen, c.colour(s, i), 2, line)
		}
		// The legend: the channels' names in their colours, in the band
		// the layout keeps clear of the curves at the strip's top.
		lx := float64(p.X1) - 4
		names := channelNames[:]
		if s.Names != nil {
			names = s.Names
		}
		for i := len(s.Channels) - 1; i >= 0; i-- {
			w, _ := text.Measure(names[i], face, 0)
			lx -= w + 6
		}
		c.fill.rect(screen, float32(lx)-4, s.Top, p.X1-float32(lx)+4, curves.LegendH, colButtonLo)
		for i := range s.Channels {
			name := names[i]
			w, _ := text.Measure(name, face, 0)
			k.drawText(screen, name, lx, float64(s.Top), c.colour(s, i), face)
			lx += w + 6
		}
	}
	if p.NowShown {
		c.fill.rect(screen, p.Now, ar.Y, 1, ar.H, colHead)
	}
	// The span's ends under the plot's first and last columns.
	lo, hi := st.Timeline().Span()
	last := p.Strips[len(p.Strips)-1]
	_, lh := text.Measure("0", face, 0)
	ends := [2]string{strconv.FormatFloat(lo, 'f', 2, 64) + " s", strconv.FormatFloat(hi, 'f', 2, 64) + " s"}
	k.drawText(screen, ends[0], float64(p.X0)+3, float64(last.Bottom)-lh, colDim, face)
	ew, _ := text.Measure(ends[1], face, 0)
	k.drawText(screen, ends[1], float64(p.X1)-3-ew, float64(last.Bottom)-lh, colDim, face)
}

// colour is the colour of strip s's channel i: the compare view's for a
// difference from the compared file.
func (c *curvesPanel) colour(s curves.Strip, i int) color.Color {
	if ch := s.Channels[i]; ch == curves.DP || ch == curves.DR {
		return c.look.Theme.Compare
	}
	return curveColours[i%len(curveColours)]
}

// channelNames name a strip's channels in order.
var channelNames = [...]string{"x", "y", "z", "w"}

// short prints a strip's range end in a few characters.
func short(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }
