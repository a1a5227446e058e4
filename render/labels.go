package render

import (
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

// Bone names are placed where they overlap no name placed before them:
// beside the joint, up and right as always where that is free, else below
// or to the left, else a line or more further out; a name that finds no
// free place in the viewport is left out (the selected bone's never is:
// it is placed first). Around a figure's shoulders, hips and toes several
// joints fall within a few pixels and their names ran into one another.
// Labels are placed for Go Regular at LabelSize pixels, the face both
// backends draw them with (the window at 13 px, images at 12 px, whose
// names take less room).

// LabelSize is the text size, in pixels, bone names are placed for.
const LabelSize = 13

// Go Regular's metrics in font units (2048 per em): the advance of each
// printable ASCII character from the space on, the cap height and the
// descent (TestLabelMetrics checks them against the font).
var goRegularAdvance = [95]uint16{
	569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 1196, 1196, 648, 1196, 648, 569,
	1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 627, 627, 1196, 1196, 1196, 1139,
	2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 817, 1015, 1366, 1139, 1706, 1479, 1593,
	1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 960, 1139,
	682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 505, 519, 1024, 548, 1706, 1139, 1139,
	1139, 1139, 682, 1024, 579, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196,
}

const (
	goRegularUnits     = 2048
	goRegularCapHeight = 1480
	goRegularDescent   = 432
	// goRegularWide stands for characters outside ASCII: wider than any
	// ASCII letter but 'W' and '@', so that such names take enough room.
	goRegularWide = 1706
)

// LabelWidth is how wide text is drawn in Go Regular at size pixels: each
// character's advance rounded up to a whole pixel, as hinting may round
// it, so that the box is never narrower than the drawn text.
func LabelWidth(text string, size float32) float32 {
	var w float32
	for _, r := range text {
		adv := uint16(goRegularWide)
		if r >= ' ' && r <= '~' {
			adv = goRegularAdvance[r-' ']
		}
		w += ceil32(float32(adv) * size / goRegularUnits)
	}
	return w
}

func ceil32(x float32) float32 {
	i := float32(int32(x))
	if i < x {
		i++
	}
	return i
}

// labelAnchor is where a label's joint is and how far from it the label
// sits, for placing it.
type labelAnchor struct {
	joint mgl32.Vec2
	off   float32
}

// labelBox is a placed label's text box with a pixel of air around it.
type labelBox struct{ x0, y0, x1, y1 float32 }

func (a labelBox) overlaps(b labelBox) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// labelRing is how many lines further out than the four places beside the
// joint a label may go.
const labelRing = 3

// placeLabels moves each of dst.Labels (their anchors in dst.anchors) to
// the first place that overlaps no label placed before it, the selected
// bone's first, and drops those that find none inside vp.
func placeLabels(dst *DrawList, selected int, vp Viewport) {
	n := len(dst.Labels)
	if n == 0 {
		return
	}
	capH := ceil32(LabelSize * goRegularCapHeight / goRegularUnits)
	desc := ceil32(LabelSize * goRegularDescent / goRegularUnits)
	line := capH + desc + 2
	view := labelBox{vp.X, vp.Y, vp.X + vp.W, vp.Y + vp.H}
	dst.placed = dst.placed[:0]
	dst.keep = slices.Grow(dst.keep[:0], n)[:n]
	clear(dst.keep)
	boxAt := func(p mgl32.Vec2, w float32) labelBox {
		return labelBox{p[0] - 1, p[1] - capH - 1, p[0] + w + 1, p[1] + desc + 1}
	}
	free := func(b labelBox, inView bool) bool {
		if inView && (b.x0 < view.x0 || b.y0 < view.y0 || b.x1 > view.x1 || b.y1 > view.y1) {
			return false
		}
		for _, o := range dst.placed {
			if b.overlaps(o) {
				return false
			}
		}
		return true
	}
	place := func(i int) {
		l, a := &dst.Labels[i], dst.anchors[i]
		w := LabelWidth(l.Text, LabelSize)
		x, y := a.joint[0], a.joint[1]
		right, left := x+a.off, x-a.off-w
		up, down := y-a.off, y+a.off+capH
		for k := float32(0); k <= labelRing; k++ {
			for _, p := range [4]mgl32.Vec2{{right, up - k*line}, {right, down + k*line}, {left, up - k*line}, {left, down + k*line}} {
				if b := boxAt(p, w); free(b, true) {
					l.P = p
					dst.placed = append(dst.placed, b)
					dst.keep[i] = true
					return
				}
			}
		}
		if l.Bone == selected {
			// Where it always was, over whatever is there.
			dst.placed = append(dst.placed, boxAt(l.P, w))
			dst.keep[i] = true
		}
	}
	for i := range dst.Labels {
		if dst.Labels[i].Bone == selected {
			place(i)
		}
	}
	for i := range dst.Labels {
		if dst.Labels[i].Bone != selected {
			place(i)
		}
	}
	out := dst.Labels[:0]
	for i, l := range dst.Labels {
		if dst.keep[i] {
			out = append(out, l)
		}
	}
	dst.Labels = out
}
