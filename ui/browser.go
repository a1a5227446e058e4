package ui

import (
	"image/color"
	"path/filepath"

	"github.com/animview/animview/ui/folder"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// browser is the in-app file browser's window side: it lists folders
// (ui/folder) for the state's Browser, takes the keys and clicks while the
// browser is open, and draws it over the 3D view.
type browser struct {
	a *App
}

// browserRowH is the height of a row of the in-app browser.
const browserRowH = 18

// show opens the browser on folder dir ("" the open file's folder, else
// the working folder).
func (b *browser) show(dir string) {
	if dir == "" {
		dir = folder.Start(b.a.st.Path())
	}
	entries, err := folder.List(dir, b.a.st.Files().Exts())
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	b.a.st.Browser().Show(dir, entries, msg)
}

// showSave opens the browser on folder dir to pick where an export
// writes name.
func (b *browser) showSave(dir, name string) {
	entries, err := folder.List(dir, b.a.st.Files().Exts())
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	b.a.st.Browser().ShowSave(dir, string(filepath.Separator), name, entries, msg)
}

// choose picks row i: a folder opens in the browser, a file opens; while
// an export's folder is picked, its first row exports there.
func (b *browser) choose(i int) {
	br := b.a.st.Browser()
	name := br.Saving()
	e, ok := br.Choose(i)
	switch {
	case !ok:
	case e.Save:
		b.a.exp.to(e.Path, false)
	case e.Dir && name != "":
		b.showSave(e.Path, name)
	case e.Dir:
		b.show(e.Path)
	default:
		b.a.open(e.Path)
	}
}

// rows is where the browser's rows are drawn: most of the 3D view.
func (b *browser) rows() (x, y, w float32, rows int) {
	vp := b.a.viewport()
	x, y, w = vp.X+16, vp.Y+60, vp.W-32
	rows = max(1, int((vp.H-80)/browserRowH))
	return
}

// browserFirst is the first row shown, keeping the cursor in sight.
func browserFirst(cursor, rows int) int { return max(0, cursor-rows+1) }

// input handles keys and clicks while the browser is open.
func (b *browser) input(mx, my int) {
	a := b.a
	br := a.st.Browser()
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	if len(a.chars) > 0 {
		br.Type(string(a.chars))
	}
	rep := func(k ebiten.Key) bool {
		d := inpututil.KeyPressDuration(k)
		return d == 1 || (d > 20 && d%3 == 0)
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		if br.Saving() != "" {
			a.exp.cancel()
		}
		br.Close()
	case rep(ebiten.KeyBackspace):
		br.Backspace()
	case rep(ebiten.KeyDown):
		br.Move(1)
	case rep(ebiten.KeyUp):
		br.Move(-1)
	case rep(ebiten.KeyPageDown):
		br.Move(10)
	case rep(ebiten.KeyPageUp):
		br.Move(-10)
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter), inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		b.choose(br.Cursor())
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		x, y, w, rows := b.rows()
		row := int((float32(my) - y) / browserRowH)
		if float32(mx) >= x && float32(mx) < x+w && float32(my) >= y && row < rows {
			b.choose(browserFirst(br.Cursor(), rows) + row)
		} else if !a.in.inView(mx, my) {
			br.Close()
		}
	}
}

// draw draws the in-app browser over the 3D view.
func (b *browser) draw(screen *ebiten.Image) {
	a := b.a
	br := a.st.Browser()
	if !br.Open() {
		return
	}
	k := &a.kit
	vp := a.viewport()
	a.fill.rect(screen, vp.X+8, vp.Y+8, vp.W-16, vp.H-16, color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	face := k.small
	maxW := int(vp.W) - 40
	title := "Open: "
	if br.Saving() != "" {
		title = "Export to: "
	}
	k.drawText(screen, k.fitLeft(title+br.Dir(), k.face, maxW), float64(vp.X)+16, float64(vp.Y)+14, colAccent, k.face)
	hint := "type to filter: " + br.Filter() + "_   ↑↓ Enter open · Esc close"
	if br.Err() != "" {
		hint = br.Err()
	}
	k.drawText(screen, k.fitLeft(hint, face, maxW), float64(vp.X)+16, float64(vp.Y)+36, colDim, face)
	x, y, w, rows := b.rows()
	entries := br.Rows()
	first := browserFirst(br.Cursor(), rows)
	for i := 0; i < rows && first+i < len(entries); i++ {
		e := entries[first+i]
		ry := y + float32(i*browserRowH)
		if first+i == br.Cursor() {
			a.fill.rect(screen, x-4, ry-1, w+8, browserRowH, colAccentLo)
		}
		c := colText
		switch {
		case e.Dir, e.Save:
			c = colAccent
		case e.Recent:
			c = colWarn
		}
		k.drawText(screen, k.fitLeft(e.Name, face, int(w)), float64(x), float64(ry), c, face)
	}
	if len(entries) == 0 {
		k.drawText(screen, "no folder or readable file matches", float64(x), float64(y), colDim, face)
	}
}
