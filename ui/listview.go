package ui

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/animview/animview/ui/table"
	"github.com/animview/animview/ui/task"
	"github.com/hajimehoshi/ebiten/v2"
)

// listView is the window's table over the 3D view (ui/table holds its
// model): the asset list of a container or a folder (assets.go) and the
// suit picker's list (suitlist.go). Typing filters the rows, ↑↓ PgUp PgDn
// move the highlight, Enter or a click opens the row, a click on a
// column's title or Ctrl+1… sorts by it (again: the other way round,
// Ctrl+0: the order given), the wheel scrolls, Esc or a click outside
// closes it. One list shows at a time.
type listView struct {
	tools
	// lay is the layout the list is drawn over the view of.
	lay  *places
	open bool
	// title heads the list; hint says what a row does.
	title, hint string
	m           table.Model
	// choose opens the row given as i (its index in the order given);
	// the list closes when it returns true.
	choose func(i int) bool
	// poll runs at each update while the list shows (a probe's
	// results); closed runs when it closes (a probe stops).
	poll   func()
	closed func()
	// probed is how many rows' probes are done, of probing in all
	// (0 of 0: none run).
	probed, probing int
	// version counts the changes the poll made, for the redraw key and
	// the trace; traced is what was last traced.
	version int
	traced  listKey
	// job is the probe running for the rows, nil for none.
	job *task.Job
	// holding is set while the list holds the action script until its
	// probe is done (the assets verb of a script).
	holding bool
}

// The list's layout over the view: the rows start listTop pixels down,
// listRowH apart, under a line of column titles.
const (
	listTop  = 78
	listRowH = 18
)

// show opens the list with columns (stateCol shows the rows' State, -1
// none) and rows; choose opens a row.
func (l *listView) show(title, hint string, stateCol int, cols []table.Column, rows []table.Row, choose func(i int) bool) {
	l.close()
	l.open, l.title, l.hint, l.choose = true, title, hint, choose
	l.poll, l.closed, l.probed, l.probing, l.job = nil, nil, 0, 0, nil
	l.m = table.Model{}
	l.m.SetColumns(stateCol, cols...)
	l.m.SetRows(rows)
	l.version++
	l.traced = listKey{}
}

// close closes the list, stopping its probe.
func (l *listView) close() {
	if !l.open {
		return
	}
	l.open = false
	if l.closed != nil {
		l.closed()
	}
	l.version++
}

// shows is what the list shows, for the redraw key, with the browser's
// probe at version probed.
func (l *listView) shows(probed int) listKey {
	if !l.open {
		return listKey{browserProbed: probed}
	}
	c, d := l.m.Sort()
	return listKey{true, l.version, l.m.Filter(), l.m.Cursor(), l.m.Top(), c, d, probed}
}

// listKey is what the list shows.
type listKey struct {
	open           bool
	version        int
	filter         string
	cursor, top    int
	sortCol        int
	sortDescending bool
	// browserProbed counts the results of the probe of Ctrl+O's
	// browser's rows (browserprobe.go).
	browserProbed int
}

// update runs the poll while the list shows, and lets the script s go
// on once the probe it holds for is done.
func (l *listView) update(s *script) {
	if l.open && l.poll != nil {
		l.poll()
	}
	if l.holding && (!l.open || l.probed >= l.probing) {
		l.holding, s.hold = false, false
	}
}

// area is where the rows are drawn: x, y, w of the first and how many
// show.
func (l *listView) area() (x, y, w float32, rows int) {
	vp := l.lay.viewport()
	x, y, w = vp.X+16, vp.Y+listTop, vp.W-32-scrollbarW-4
	rows = max(1, int((vp.H-listTop-16)/listRowH))
	return
}

// columnX are the left edges of the columns in a table w pixels wide
// starting at x, and its right edge last.
func (l *listView) columnX(x, w float32) []float32 {
	cols := l.m.Columns()
	total := float32(0)
	for _, c := range cols {
		total += c.Width
	}
	out := make([]float32, 0, len(cols)+1)
	for _, c := range cols {
		out = append(out, x)
		x += w * c.Width / max(total, 1e-6)
	}
	return append(out, x)
}

// rowAt is the row (from the top of the page shown) under (x, y), -1 for
// none.
func (l *listView) rowAt(x, y int) int {
	rx, ry, w, rows := l.area()
	fx, fy := float32(x), float32(y)
	if fx < rx || fx >= rx+w || fy < ry || int((fy-ry)/listRowH) >= rows {
		return -1
	}
	return int((fy - ry) / listRowH)
}

// columnAt is the column whose title is at (x, y), -1 for none.
func (l *listView) columnAt(x, y int) int {
	rx, ry, w, _ := l.area()
	fx, fy := float32(x), float32(y)
	if fx < rx || fx >= rx+w || fy < ry-listRowH || fy >= ry {
		return -1
	}
	xs := l.columnX(rx, w)
	for c := range len(xs) - 1 {
		if fx >= xs[c] && fx < xs[c+1] {
			return c
		}
	}
	return -1
}

// key carries out key k in the list's filter and rows (Enter and Esc are
// confirm's and close's); it reports whether k repeats while held:
// Backspace and the moving keys.
func (l *listView) key(k ebiten.Key, ctrl bool) (repeats bool) {
	switch {
	case k == ebiten.KeyBackspace:
		l.m.Backspace()
	case k == ebiten.KeyDown:
		l.m.Move(1)
	case k == ebiten.KeyUp:
		l.m.Move(-1)
	case k == ebiten.KeyPageDown:
		l.m.Move(l.m.Page())
	case k == ebiten.KeyPageUp:
		l.m.Move(-l.m.Page())
	case k == ebiten.KeyHome && ctrl:
		l.m.Move(-l.m.Len())
	case k == ebiten.KeyEnd && ctrl:
		l.m.Move(l.m.Len())
	case ctrl && k >= ebiten.KeyDigit0 && k <= ebiten.KeyDigit9:
		l.m.SortBy(int(k-ebiten.KeyDigit0) - 1)
	}
	return movingKey(k)
}

// chooseSelected opens the highlighted row.
func (l *listView) chooseSelected() {
	i, ok := l.m.Selected()
	if !ok || l.choose == nil {
		return
	}
	if l.choose(i) {
		l.close()
	}
}

// stateColor is the colour of a row's state word.
func stateColor(s table.State) color.Color {
	switch s {
	case table.Readable:
		return colText
	case table.Warning:
		return colWarn
	case table.Error:
		return colError
	}
	return colDim
}

// draw draws the list over the 3D view (probed: the browser probe's
// version, for the trace).
func (l *listView) draw(screen *ebiten.Image, probed int) {
	if !l.open {
		return
	}
	k := l.kit
	vp := l.lay.viewport()
	l.fill.rect(screen, vp.X+8, vp.Y+8, vp.W-16, vp.H-16, color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	face := k.small
	maxW := int(vp.W) - 40
	title := l.title
	if l.probing > 0 && l.probed < l.probing {
		title += fmt.Sprintf("  (probing %d of %d)", l.probed, l.probing)
	}
	k.drawText(screen, k.fitLeft(title, k.face, maxW), float64(vp.X)+16, float64(vp.Y)+14, colAccent, k.face)
	hint := "filter: " + l.m.Filter() + "_   " + l.hint + " · Ctrl+1… sorts · Esc"
	k.drawText(screen, k.fitRight(hint, maxW), float64(vp.X)+16, float64(vp.Y)+36, colDim, face)
	x, y, w, rows := l.area()
	xs := l.columnX(x, w)
	sortCol, desc := l.m.Sort()
	for c, col := range l.m.Columns() {
		t := col.Title
		if c == sortCol {
			t += map[bool]string{false: " ▲", true: " ▼"}[desc]
		}
		k.drawText(screen, k.fitRight(t, int(xs[c+1]-xs[c])-8), float64(xs[c]), float64(y-listRowH), colAccent, face)
	}
	l.fill.rect(screen, x-4, y-2, w+8, 1, colPanelEdge)
	top := l.m.Top()
	cols := len(l.m.Columns())
	for i := 0; i < rows && top+i < l.m.Len(); i++ {
		r, _ := l.m.Row(top + i)
		ry := y + float32(i*listRowH)
		fg := colText
		if r.Mark {
			fg = colDim
		}
		if top+i == l.m.Cursor() {
			l.fill.rect(screen, x-4, ry-1, w+8, listRowH, colSelect)
			fg = colText
		}
		for c := 0; c < cols && c < len(r.Cells); c++ {
			var cc color.Color = fg
			if c == l.m.StateCol() {
				cc = stateColor(r.State)
			}
			k.drawText(screen, k.fitRight(r.Cells[c], int(xs[c+1]-xs[c])-8), float64(xs[c]), float64(ry), cc, face)
		}
	}
	if l.m.Len() == 0 {
		k.drawText(screen, "no row matches", float64(x), float64(y), colDim, face)
	}
	if n := l.m.Len(); n > rows {
		h := float32(rows * listRowH)
		barX := x + w + 4
		l.fill.rect(screen, barX, y, scrollbarW, h, colButtonLo)
		l.fill.rect(screen, barX+1, y+h*float32(top)/float32(n), scrollbarW-2, max(8, h*float32(rows)/float32(n)), colButtonHi)
	}
	l.trace(probed)
}

// trace logs the rows shown when they changed (Options.Trace), for the
// tests that drive the window: a line for the list, then one a row, its
// cells separated by " | ", marked rows ending in " | marked".
func (l *listView) trace(probed int) {
	key := l.shows(probed)
	c, _ := l.m.Sort()
	if !l.opt.Trace || key == l.traced {
		return
	}
	l.traced = key
	l.opt.Log(fmt.Sprintf("list: %s: %d of %d rows, %d of %d probed, filter %q, sorted by %d, highlight %d",
		l.title, l.m.Len(), l.m.Items(), l.probed, l.probing, l.m.Filter(), c, l.m.Cursor()))
	for i := range min(l.m.Len(), 200) {
		r, _ := l.m.Row(i)
		line := "list row: " + strings.ReplaceAll(strings.Join(r.Cells, " | "), "\n", " ")
		if r.Mark {
			line += " | marked"
		}
		l.opt.Log(line)
	}
}
