package ui

import (
	"fmt"
	"image"

	"github.com/ebitenui/ebitenui/widget"
)

// Panel sizes. The side panels' widths follow the window's width only, so
// they do not change from file to file; at 800 pixels wide the view keeps
// half the window.
const (
	minSide     = 200
	maxLeft     = 280
	maxRight    = 300
	bottomH     = 122
	minWindowW  = 800
	minWindowH  = 600
	sideShare   = 0.25 // of the window's width, each side at most
	panelMargin = 8
)

// Window sizes: the size a window opens at when the screen has room, and
// the share of the screen's width and height it takes at most (leaving a
// taskbar and the title bar their room).
const (
	defaultWindowW = 1280
	defaultWindowH = 800
	screenShareW   = 0.9
	screenShareH   = 0.85
)

// WindowSize is the size the window opens at on a screen (monitor) of
// sw×sh device-independent pixels (0×0: unknown): 1280×800 where that
// fits, else what fits, never below the minimum, minWindowW×minWindowH,
// at which every panel still shows whole.
func WindowSize(sw, sh int) (w, h int) {
	w, h = defaultWindowW, defaultWindowH
	if sw > 0 && sh > 0 {
		w = min(w, int(float64(sw)*screenShareW))
		h = min(h, int(float64(sh)*screenShareH))
	}
	return max(w, minWindowW), max(h, minWindowH)
}

// panelRects splits a window into the left panel, the 3D view, the right
// panel and the bottom bar.
func panelRects(r image.Rectangle) (left, view, right, bottom image.Rectangle) {
	w := r.Dx()
	side := func(most int) int {
		return max(min(int(float64(w)*sideShare), most), min(minSide, w/4))
	}
	lw, rw := side(maxLeft), side(maxRight)
	bh := min(bottomH, r.Dy()/3)
	top := r.Max.Y - bh
	left = image.Rect(r.Min.X, r.Min.Y, r.Min.X+lw, top)
	right = image.Rect(r.Max.X-rw, r.Min.Y, r.Max.X, top)
	view = image.Rect(left.Max.X, r.Min.Y, right.Min.X, top)
	bottom = image.Rect(r.Min.X, top, r.Max.X, r.Max.Y)
	return
}

// windowLayout places the root's four children (left, view, right,
// bottom), and a fifth to seventh under the view when they show, at panelRects, whatever their contents would prefer: ebitenui's
// grid sizes columns by content, which made panels jump between files.
type windowLayout struct{}

// PreferredSize is the smallest window the layout is made for.
func (windowLayout) PreferredSize([]widget.PreferredSizeLocateableWidget) (int, int) {
	return minWindowW, minWindowH
}

// Layout places the children.
func (windowLayout) Layout(ws []widget.PreferredSizeLocateableWidget, r image.Rectangle) {
	if len(ws) < 4 {
		return
	}
	l, v, rt, b := panelRects(r)
	// A fifth child (the tree panel of a character set, characters.go)
	// takes the bottom of the view's column while it shows.
	if len(ws) > 4 {
		if tp := ws[4]; tp.GetWidget().GetVisibility() != widget.Visibility_Hide {
			h := min(treePanelH, v.Dy()/2)
			tp.SetLocation(image.Rect(v.Min.X, v.Max.Y-h, v.Max.X, v.Max.Y))
			v.Max.Y -= h
		}
	}
	// A sixth (the curves panel, curves.go) takes the bottom of what
	// is left while it shows, and a seventh (the dope sheet,
	// dopesheet.go) likewise: the state shows them one at a time.
	for _, p := range [...]struct{ child, most int }{{5, curvesPanelH}, {6, dopePanelH}} {
		if p.child >= len(ws) {
			continue
		}
		if cp := ws[p.child]; cp.GetWidget().GetVisibility() != widget.Visibility_Hide {
			h := min(p.most, v.Dy()*2/5)
			cp.SetLocation(image.Rect(v.Min.X, v.Max.Y-h, v.Max.X, v.Max.Y))
			v.Max.Y -= h
		}
	}
	ws[0].SetLocation(l)
	ws[1].SetLocation(v)
	ws[2].SetLocation(rt)
	ws[3].SetLocation(b)
}

// The left panel's rows (buildWidgets): the file, its summary, the Clips
// heading, the clip list, the Bones heading, the tree's hint, the bone
// tree, its buttons and the cut buttons.
const (
	leftClipsRow = 3
	leftBonesRow = 6
	leftRows     = 9
	// clipShare is the most of the lists' room the clip list takes when
	// its entries would fill more: it scrolls within it, and the tree
	// keeps the rest.
	clipShare = 0.5
	// minTreeH is the least height the bone tree keeps (k.list's 80).
	minTreeH = 80
)

// leftLayout lays out the left panel with its grid, the clip list's height
// capped first (clipListCap) so that a folder of many files does not push
// the bone tree below the panel (issue 33 item 1). log, when not nil, is
// told where the clip list, the Bones heading and the tree are each time
// that changes, for tests that drive the window.
type leftLayout struct {
	grid *widget.GridLayout
	log  func(string)
	last string
}

// PreferredSize is the grid's.
func (l *leftLayout) PreferredSize(ws []widget.PreferredSizeLocateableWidget) (int, int) {
	return l.grid.PreferredSize(ws)
}

// Layout caps the clip list and lays the rows out.
func (l *leftLayout) Layout(ws []widget.PreferredSizeLocateableWidget, r image.Rectangle) {
	if len(ws) != leftRows {
		l.grid.Layout(ws, r)
		return
	}
	fixed := make([]int, 0, leftRows-2)
	for i, w := range ws {
		if i != leftClipsRow && i != leftBonesRow {
			_, h := w.PreferredSize()
			fixed = append(fixed, h)
		}
	}
	ws[leftClipsRow].GetWidget().LayoutData = widget.GridLayoutData{MaxHeight: clipListCap(r.Dy(), fixed)}
	l.grid.Layout(ws, r)
	if l.log == nil {
		return
	}
	rect := func(i int) image.Rectangle { return ws[i].GetWidget().Rect }
	s := fmt.Sprintf("layout: left panel %v, clip list %v, Bones heading %v, bone tree %v, bone buttons %v",
		r, rect(leftClipsRow), rect(leftBonesRow-2), rect(leftBonesRow), rect(leftBonesRow+1))
	if s != l.last {
		l.last = s
		l.log(s)
	}
}

// clipListCap is the most height the clip list takes in a left panel h
// tall whose other rows, the lists aside, are fixed tall: clipShare of
// the room the two lists share, and never so much that the tree has less
// than minTreeH.
func clipListCap(h int, fixed []int) int {
	room := h - 2*panelMargin - leftRowSpacing*(leftRows-1)
	for _, f := range fixed {
		room -= f
	}
	return max(1, min(int(float64(room)*clipShare), room-minTreeH))
}

// leftRowSpacing is the gap between the left panel's rows.
const leftRowSpacing = 4
