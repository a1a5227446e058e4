package ui

import (
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
// bottom), and a fifth and sixth under the view when they show, at panelRects, whatever their contents would prefer: ebitenui's
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
	// is left while it shows.
	if len(ws) > 5 {
		if cp := ws[5]; cp.GetWidget().GetVisibility() != widget.Visibility_Hide {
			h := min(curvesPanelH, v.Dy()*2/5)
			cp.SetLocation(image.Rect(v.Min.X, v.Max.Y-h, v.Max.X, v.Max.Y))
			v.Max.Y -= h
		}
	}
	ws[0].SetLocation(l)
	ws[1].SetLocation(v)
	ws[2].SetLocation(rt)
	ws[3].SetLocation(b)
}
