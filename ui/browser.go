package ui

import (
	"image/color"
	"os"
	"path/filepath"
	"time"

	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// browser is the in-app file browser's window side: it lists folders
// (ui/folder) for the state's Browser, types into its field while it is
// open (its clicks, the wheel, Enter and Esc are the rows of
// browseCommands and windowCommands), and draws it over the 3D view: a
// field for a path (Tab completes it) or a filter, the places, recent
// files and the folder's rows, and a scrollbar. It holds the tools, the
// hooks, the layout and the parts it hands a choice to; the state comes
// with each call that reads or changes it.
type browser struct {
	tools
	hooks
	// lay is the layout the browser is drawn over the view of; exp the
	// export whose destination it picks, cmp the compare view it picks a
	// file for.
	lay *places
	exp *exporter
	cmp *comparer
	// compare says the file chosen is compared with the open one
	// (compare-dialog) rather than opened.
	compare bool
	// probe gives the rows the asset list's columns (browserprobe.go).
	probe browserProbe
}

// browserRowH is the height of a row of the in-app browser; wheelRows how
// many rows a notch of the wheel scrolls; scrollbarW the scrollbar's
// width.
const (
	browserRowH = 18
	wheelRows   = 3
	scrollbarW  = 10
)

// show opens the browser on folder dir ("" the open file's folder, else
// the working folder).
func (b *browser) show(st *state.State, dir string) {
	if dir == "" {
		dir = folder.Start(st.Path())
	}
	entries, err := folder.List(dir, st.Files().Exts())
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	st.ShowBrowser(dir, folder.Places(st.Files().Recent()), entries, msg)
	b.probe.start(dir, entries) // the rows' format and state (browserprobe.go)
}

// showSave opens the browser on folder dir to pick where an export
// writes name.
func (b *browser) showSave(st *state.State, dir, name string) {
	entries, err := folder.List(dir, st.Files().Exts())
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	st.ShowSaveBrowser(dir, string(filepath.Separator), name, entries, msg)
}

// choose picks row i: a folder opens in the browser, a file opens, the
// row that opens the folder shown opens it as a container; while an
// export's folder is picked, its first row exports there under the name
// typed (or offered).
func (b *browser) choose(st *state.State, i int) {
	name := st.Browser().Saving()
	if e, ok := st.ChooseInBrowser(i); ok {
		b.follow(st, e.Path, e.Dir && !e.Save && !e.Here, name)
	}
}

// goTo goes where the path in the field leads: a folder is listed, a
// file opens (while an export's folder is picked, the path is where it
// writes); a path that leads nowhere is said so.
func (b *browser) goTo(st *state.State, field string) {
	p := folder.Expand(field, st.Browser().Dir())
	fi, err := os.Stat(p)
	name := st.Browser().Saving()
	switch {
	case err == nil && fi.IsDir():
		b.follow(st, p, true, name)
	case err != nil && name == "":
		st.Notify("no such file or folder: "+p, time.Now())
	default:
		// An export's destination may be a file not written yet.
		st.CloseBrowser()
		b.follow(st, p, false, name)
	}
}

// follow goes to path p, a folder (dir) or a file, from the browser that
// was picking where an export writes name ("" when it was not): a folder
// is listed, in the same mode; a file opens, or is where the export
// writes.
func (b *browser) follow(st *state.State, p string, dir bool, name string) {
	switch {
	case dir && name != "":
		b.showSave(st, p, name)
	case dir:
		b.show(st, p)
	case name != "":
		b.exp.to(st, p, false)
	case b.compare:
		b.compare = false
		if err := b.cmp.open(st, p); err != nil {
			st.ShowError(err.Error())
		}
	default:
		b.open(p)
	}
}

// rows is where the browser's rows are drawn: most of the 3D view, less
// the scrollbar on the right.
func (b *browser) rows() (x, y, w float32, rows int) {
	vp := b.lay.viewport()
	x, y, w = vp.X+16, vp.Y+60, vp.W-32-scrollbarW-4
	rows = max(1, int((vp.H-80)/browserRowH))
	return
}

// rowAt is the row (from the top of the page shown) under (x, y), -1
// for none: the rows' area, past the last row too.
func (b *browser) rowAt(x, y int) int {
	rx, ry, w, rows := b.rows()
	row := int((float32(y) - ry) / browserRowH)
	if float32(x) >= rx && float32(x) < rx+w && float32(y) >= ry && row < rows {
		return row
	}
	return -1
}

// onBar reports whether (x, y) is on the scrollbar.
func (b *browser) onBar(x, y int) bool {
	rx, ry, w, rows := b.rows()
	barX := rx + w + 4
	return float32(x) >= barX && float32(x) < barX+scrollbarW && float32(y) >= ry && float32(y) < ry+float32(rows*browserRowH)
}

// thumbTo scrolls the rows so that the scrollbar's thumb has its middle
// at y.
func (b *browser) thumbTo(st *state.State, y int) {
	_, ry, _, rows := b.rows()
	n := len(st.Browser().Rows())
	f := (float32(y) - ry) / float32(rows*browserRowH)
	st.ScrollBrowser(int(f*float32(n)) - rows/2 - st.Browser().Top())
}

// enter goes where Enter leads (confirm): to the path typed, else the
// highlighted row.
func (b *browser) enter(st *state.State) {
	if f := st.Browser().Filter(); state.IsPath(f) {
		b.goTo(st, f)
	} else {
		b.choose(st, st.Browser().Cursor())
	}
}

// close closes the browser without a choice (Esc, a click outside the
// view): one that was picking an export's folder ends the export, so
// that Ctrl+E works again.
func (b *browser) close(st *state.State) {
	if st.Browser().Saving() != "" {
		b.exp.cancel(st)
	}
	st.CloseBrowser()
}

// key carries out key k in the browser's field and rows (Enter and Esc
// are confirm's and close's); it reports whether k repeats while held:
// Backspace and the moving keys.
func (b *browser) key(st *state.State, k ebiten.Key, mods modifier) (repeats bool) {
	switch k {
	case ebiten.KeyBackspace:
		st.BrowserBackspace()
	case ebiten.KeyDown:
		st.MoveBrowserCursor(1)
	case ebiten.KeyUp:
		st.MoveBrowserCursor(-1)
	case ebiten.KeyPageDown:
		st.MoveBrowserCursor(10)
	case ebiten.KeyPageUp:
		st.MoveBrowserCursor(-10)
	case ebiten.KeyL:
		if mods&modCtrl != 0 && st.Browser().Saving() == "" {
			// The folder's files in the asset list (ui/assets.go).
			st.CloseBrowser()
			b.showFolder(st.Browser().Dir())
		}
	case ebiten.KeyTab:
		st.SetBrowserField(folder.Complete(st.Browser().Filter(), st.Browser().Dir(), st.Files().Exts()))
	case ebiten.KeyV:
		if mods&modCtrl != 0 {
			if s, ok := pasteText(); ok {
				st.SetBrowserField(st.Browser().Filter() + s)
			}
		}
	}
	return movingKey(k)
}

// movingKey reports whether k is one of the keys that repeat while held
// in the browser and the lists: Backspace and the moving keys.
func movingKey(k ebiten.Key) bool {
	switch k {
	case ebiten.KeyBackspace, ebiten.KeyDown, ebiten.KeyUp, ebiten.KeyPageDown, ebiten.KeyPageUp:
		return true
	}
	return false
}

// browserRowColors are the background (nil: none) and the text colour of
// a row of the browser like e, highlighted or not: the highlighted row is
// light text on the selection's dark blue, whatever its kind (a folder's
// light blue on blue could not be read).
func browserRowColors(e state.BrowserEntry, highlighted bool) (bg, fg color.Color) {
	if highlighted {
		return colSelect, colText
	}
	switch {
	case e.Place:
		return nil, colDim
	case e.Dir, e.Save, e.Here:
		return nil, colAccent
	case e.Recent:
		return nil, colWarn
	}
	return nil, colText
}

// draw draws the in-app browser over the 3D view.
func (b *browser) draw(st *state.State, screen *ebiten.Image) {
	if !st.Browser().Open() {
		return
	}
	k := b.kit
	vp := b.lay.viewport()
	b.fill.rect(screen, vp.X+8, vp.Y+8, vp.W-16, vp.H-16, color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	face := k.small
	maxW := int(vp.W) - 40
	title := "Open: "
	if b.compare {
		title = "Compare with: "
	}
	if st.Browser().Saving() != "" {
		title = "Export to: "
	}
	k.drawText(screen, k.fitLeft(title+st.Browser().Dir(), k.face, maxW), float64(vp.X)+16, float64(vp.Y)+14, colAccent, k.face)
	hint := "path (Tab completes) or filter: " + st.Browser().Filter() + "_   ↑↓ Enter · wheel · Ctrl+L: as a table · Esc"
	if st.Browser().Saving() != "" {
		hint = "file name (or a path, Tab completes): " + st.Browser().Filter() + "_   ↑↓ Enter · wheel · Esc"
	}
	if st.Browser().Err() != "" {
		hint = st.Browser().Err()
	}
	k.drawText(screen, k.fitLeft(hint, face, maxW), float64(vp.X)+16, float64(vp.Y)+36, colDim, face)
	x, y, w, rows := b.rows()
	entries := st.Browser().Rows()
	first := st.Browser().Top()
	for i := 0; i < rows && first+i < len(entries); i++ {
		e := entries[first+i]
		ry := y + float32(i*browserRowH)
		bg, c := browserRowColors(e, first+i == st.Browser().Cursor())
		if bg != nil {
			b.fill.rect(screen, x-4, ry-1, w+8, browserRowH, bg)
		}
		nameW := b.probe.draw(st, screen, e, x, ry, w)
		k.drawText(screen, k.fitLeft(e.Name, face, int(nameW)), float64(x), float64(ry), c, face)
	}
	if len(entries) == 0 {
		k.drawText(screen, "no folder or readable file matches", float64(x), float64(y), colDim, face)
	}
	// The scrollbar: the track, and a thumb for the rows shown.
	if n := len(entries); n > rows {
		h := float32(rows * browserRowH)
		barX := x + w + 4
		b.fill.rect(screen, barX, y, scrollbarW, h, colButtonLo)
		b.fill.rect(screen, barX+1, y+h*float32(first)/float32(n), scrollbarW-2, max(8, h*float32(rows)/float32(n)), colButtonHi)
	}
}
