package render

import (
	"math"
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

// labelGrid files placed label boxes by the cells of the view they cover,
// so that a new box is checked against the boxes near it, not all placed
// before it: with thousands of labels (a deep chain's, issue 35) the
// checks of every box against every other were most of a frame.
type labelGrid struct {
	x0, y0, cw, ch float32
	cols, rows     int
	// head is each cell's first entry (-1 for none); entries chain the
	// boxes filed in a cell. Flat, so that a frame reuses the last
	// frame's memory whatever cells its labels fall in.
	head    []int32
	entries []gridEntry
}

// gridEntry files placed box box in a cell whose next entry is next.
type gridEntry struct{ box, next int32 }

// maxGridCells bounds the grid's side however large the view.
const maxGridCells = 256

// reset empties the grid and sizes it for view with cells of about cw×ch.
func (g *labelGrid) reset(view labelBox, cw, ch float32) {
	side := func(length, cell float32) (int, float32) {
		if !(length > 0) || !(cell > 0) || math.IsInf(float64(length), 0) {
			return 1, 1
		}
		n := min(int(length/cell)+1, maxGridCells)
		return n, length / float32(n)
	}
	g.x0, g.y0 = view.x0, view.y0
	g.cols, g.cw = side(view.x1-view.x0, cw)
	g.rows, g.ch = side(view.y1-view.y0, ch)
	g.head = slices.Grow(g.head[:0], g.cols*g.rows)[:g.cols*g.rows]
	for i := range g.head {
		g.head[i] = -1
	}
	g.entries = g.entries[:0]
}

// span is the range of cells b covers, clamped to the grid: a box outside
// the view is filed in the edge cells, where any box it overlaps inside
// the view is too.
func (g *labelGrid) span(b labelBox) (c0, c1, r0, r1 int) {
	cell := func(v, origin, size float32, n int) int {
		f := (v - origin) / size
		switch {
		case !(f > 0): // and NaN
			return 0
		case f >= float32(n):
			return n - 1
		}
		return int(f)
	}
	return cell(b.x0, g.x0, g.cw, g.cols), cell(b.x1, g.x0, g.cw, g.cols),
		cell(b.y0, g.y0, g.ch, g.rows), cell(b.y1, g.y0, g.ch, g.rows)
}

// add files placed box i.
func (g *labelGrid) add(b labelBox, i int) {
	c0, c1, r0, r1 := g.span(b)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			k := r*g.cols + c
			g.entries = append(g.entries, gridEntry{box: int32(i), next: g.head[k]})
			g.head[k] = int32(len(g.entries) - 1)
		}
	}
}

// free reports whether b overlaps none of the placed boxes.
func (g *labelGrid) free(b labelBox, placed []labelBox, checks *int) bool {
	c0, c1, r0, r1 := g.span(b)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			for e := g.head[r*g.cols+c]; e >= 0; e = g.entries[e].next {
				*checks++
				if b.overlaps(placed[g.entries[e].box]) {
					return false
				}
			}
		}
	}
	return true
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
	dst.grid.reset(view, 8*line, line)
	dst.keep = slices.Grow(dst.keep[:0], n)[:n]
	clear(dst.keep)
	boxAt := func(p mgl32.Vec2, w float32) labelBox {
		return labelBox{p[0] - 1, p[1] - capH - 1, p[0] + w + 1, p[1] + desc + 1}
	}
	free := func(b labelBox, inView bool) bool {
		if inView && (b.x0 < view.x0 || b.y0 < view.y0 || b.x1 > view.x1 || b.y1 > view.y1) {
			return false
		}
		return dst.grid.free(b, dst.placed, &dst.checks)
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
					dst.grid.add(b, len(dst.placed))
					dst.placed = append(dst.placed, b)
					dst.keep[i] = true
					return
				}
			}
		}
		if l.Bone == selected {
			// Where it always was, over whatever is there.
			b := boxAt(l.P, w)
			dst.grid.add(b, len(dst.placed))
			dst.placed = append(dst.placed, b)
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
