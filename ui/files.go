package ui

import (
	"image/color"
	"strings"
	"time"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// openSibling opens the next (d > 0) or previous readable file in the
// open file's folder (Ctrl+PgDn, Ctrl+PgUp).
func (a *App) openSibling(d int) {
	p, ok := a.st.SiblingFile(a.st.Path, d)
	if !ok {
		a.st.Notify("no other readable file in this folder", time.Now())
		return
	}
	a.open(p)
}

// rememberRecent adds path to the recent files and saves them, quietly:
// a read-only config folder must not stop the viewer.
func (a *App) rememberRecent(path string) {
	if a.opt.RecentFile == "" {
		return
	}
	a.st.AddRecent(path)
	if err := a.st.SaveRecent(a.opt.RecentFile); err != nil {
		a.opt.Log("recent files: " + err.Error())
	}
}

// browserRowH is the height of a row of the in-app browser.
const browserRowH = 18

// browserRect is where the browser is drawn: most of the 3D view.
func (a *App) browserRows() (x, y, w float32, rows int) {
	vp := a.viewport()
	x, y, w = vp.X+16, vp.Y+60, vp.W-32
	rows = max(1, int((vp.H-80)/browserRowH))
	return
}

// browserFirst is the first row shown, keeping the cursor in sight.
func browserFirst(cursor, rows int) int { return max(0, cursor-rows+1) }

// browserInput handles keys and clicks while the browser is open.
func (a *App) browserInput(mx, my int) {
	st := a.st
	b := st.Browser
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	if len(a.chars) > 0 {
		st.BrowserType(string(a.chars))
	}
	rep := func(k ebiten.Key) bool {
		d := inpututil.KeyPressDuration(k)
		return d == 1 || (d > 20 && d%3 == 0)
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		st.CloseBrowser()
	case rep(ebiten.KeyBackspace):
		st.BrowserBackspace()
	case rep(ebiten.KeyDown):
		st.BrowserMove(1)
	case rep(ebiten.KeyUp):
		st.BrowserMove(-1)
	case rep(ebiten.KeyPageDown):
		st.BrowserMove(10)
	case rep(ebiten.KeyPageUp):
		st.BrowserMove(-10)
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter), inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		if p := st.BrowserChoose(b.Cursor); p != "" {
			a.open(p)
		}
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		x, y, w, rows := a.browserRows()
		row := int((float32(my) - y) / browserRowH)
		if float32(mx) >= x && float32(mx) < x+w && float32(my) >= y && row < rows {
			i := browserFirst(b.Cursor, rows) + row
			if p := st.BrowserChoose(i); p != "" {
				a.open(p)
			}
		} else if !a.inView(mx, my) {
			st.CloseBrowser()
		}
	}
}

// drawBrowser draws the in-app browser over the 3D view.
func (a *App) drawBrowser(screen *ebiten.Image) {
	b := a.st.Browser
	if b == nil {
		return
	}
	vp := a.viewport()
	a.fill.rect(screen, vp.X+8, vp.Y+8, vp.W-16, vp.H-16, color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	face := a.kit.small
	maxW := int(vp.W) - 40
	a.drawText(screen, a.fitText("Open: "+b.Dir, a.kit.face, maxW), float64(vp.X)+16, float64(vp.Y)+14, colAccent, a.kit.face)
	hint := "type to filter: " + b.Filter + "_   ↑↓ Enter open · Esc close"
	if b.Err != "" {
		hint = b.Err
	}
	a.drawText(screen, a.fitText(hint, face, maxW), float64(vp.X)+16, float64(vp.Y)+36, colDim, face)
	x, y, w, rows := a.browserRows()
	first := browserFirst(b.Cursor, rows)
	for k := 0; k < rows && first+k < len(b.Entries); k++ {
		e := b.Entries[first+k]
		ry := y + float32(k*browserRowH)
		if first+k == b.Cursor {
			a.fill.rect(screen, x-4, ry-1, w+8, browserRowH, colAccentLo)
		}
		c := colText
		switch {
		case e.Dir:
			c = colAccent
		case e.Recent:
			c = colWarn
		}
		a.drawText(screen, a.fitText(e.Name, face, int(w)), float64(x), float64(ry), c, face)
	}
	if len(b.Entries) == 0 {
		a.drawText(screen, "no folder or readable file matches", float64(x), float64(y), colDim, face)
	}
}

// requestScreenshot saves the next frame beside the working folder's
// other screenshots, under a name no file has yet.
func (a *App) requestScreenshot() {
	a.pendingShot = state.ScreenshotName(a.opt.ShotDir, time.Now())
}

// safeName keeps a bone name usable in a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '_'
		}
		return r
	}, s)
}
