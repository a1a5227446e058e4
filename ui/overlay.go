package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/version"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// eventColour gives each event kind its marker colour.
func eventColour(k formats.EventKind) color.NRGBA {
	switch k {
	case formats.EventSound:
		return color.NRGBA{0x6b, 0xd3, 0x8a, 0xff}
	case formats.EventEffect:
		return color.NRGBA{0xff, 0x8c, 0x42, 0xff}
	case formats.EventLoop:
		return color.NRGBA{0x9a, 0xa5, 0xb8, 0xff}
	case formats.EventProp:
		return color.NRGBA{0xc7, 0x7d, 0xff, 0xff}
	}
	return color.NRGBA{0x4f, 0xc3, 0xf7, 0xff}
}

// overlay draws what the state's Messages hold over the 3D view: the
// error, the warnings, the event flashes, the notice and the help (its
// entries from the command table, cmds), with the state given to draw.
type overlay struct {
	tools
	cmds       *commandSet
	bannerRect image.Rectangle
	// help are the help's entries (helpItems); helpHead, the line above
	// them that names the build, and helpColW, the width of their
	// columns: all made once, at the first drawHelp (in the web page the
	// first frame would wait for the code that makes them to compile).
	help     []string
	helpHead string
	helpColW float32
	// helpBox is where the help was last drawn (the trace logs a change).
	helpBox image.Rectangle
}

// draw draws the error, the warnings, the event flashes, the notice and
// the help in the view.
func (o *overlay) draw(st *state.State, screen *ebiten.Image, vp render.Viewport) {
	k := o.kit
	x := float64(vp.X) + 10
	y := float64(vp.Y) + 8
	o.bannerRect = image.Rectangle{}
	cols := int(vp.W / 7)
	if err := st.Messages().Err(); err != "" {
		msg := wrap(err, cols)
		lines := strings.Count(msg, "\n") + 2
		o.fill.rect(screen, vp.X+4, vp.Y+4, vp.W-8, float32(18*lines+10), color.NRGBA{0x40, 0x10, 0x14, 0xe8})
		k.drawText(screen, "Error (Esc to dismiss):\n"+msg, x, y, colError, k.small)
		y += float64(18*lines + 14)
	}
	if ws := st.Messages().Warnings(); len(ws) > 0 && !st.Messages().WarningsDismissed() {
		head := fmt.Sprintf("%d warning(s) — click or Esc: dismiss · W: list", len(ws))
		if len(ws) == 1 {
			head = "warning — click or Esc: dismiss · W: list"
		}
		msg := wrap(ws[0], cols)
		lines := strings.Count(msg, "\n") + 2
		if lines > 6 {
			parts := strings.SplitN(msg, "\n", 6)
			msg, lines = strings.Join(parts[:5], "\n")+" …", 6
		}
		h := float32(18*lines + 10)
		o.fill.rect(screen, vp.X+4, float32(y)-4, vp.W-8, h, color.NRGBA{0x3a, 0x30, 0x10, 0xe8})
		o.bannerRect = image.Rect(int(vp.X+4), int(y)-4, int(vp.X+vp.W-4), int(float32(y)-4+h))
		k.drawText(screen, head+"\n"+msg, x, y, colWarn, k.small)
		y += float64(h + 6)
	}
	if st.Messages().ShowingWarnings() {
		o.drawWarnings(st, screen, vp, cols)
	}
	if c := st.CurrentClip(); c != nil {
		p := st.Playback()
		var buf [16]state.Fired
		fired := p.Fired(buf[:0])
		if len(fired) > 6 {
			fired = fired[len(fired)-6:] // a catch-up tick can cross a whole loop
		}
		for _, f := range fired {
			age := p.Clock() - f.At
			if age > 1.5 || f.Event >= len(c.Events) {
				continue
			}
			e := c.Events[f.Event]
			col := eventColour(e.Kind)
			col.A = uint8(255 * (1 - age/1.5))
			k.drawText(screen, "● "+e.Name+"  ("+string(e.Kind)+")", x, y, col, k.face)
			y += 20
		}
	}
	if n := st.Messages().NoticeAt(time.Now()); n != "" {
		msg := k.fitLeft(n, k.small, int(vp.W)-24)
		o.fill.rect(screen, vp.X+4, vp.Y+vp.H-52, vp.W-8, 22, color.NRGBA{0x10, 0x30, 0x20, 0xe8})
		k.drawText(screen, msg, x, float64(vp.Y+vp.H)-50, colText, k.small)
	}
	if st.View().Through() {
		k.drawText(screen, "viewing through the animation's camera (C to leave)", x, float64(vp.Y+vp.H)-44, colDim, k.small)
	}
	if st.Messages().Help() {
		o.drawHelp(screen, vp)
	} else {
		k.drawText(screen, "F1: keys", float64(vp.X+vp.W)-64, float64(vp.Y+vp.H)-22, colDim, k.small)
	}
}

// helpHeaderH is the height of the help's first line, which names the
// build (internal/version).
const helpHeaderH = 22

// helpRowH is the height of one row of the help.
const helpRowH = 18

// helpLayout places the help's n entries, in columns colW wide filled
// top to bottom, over the view when they all fit there and else over the
// whole window (at 800×600 the view is one column wide and shows less
// than half of them; issue 33 item 7). box is the backdrop; cells[i] is
// entry i's rectangle, its text drawn at its top left corner. When even
// the window is too low for the columns that fit across it, the columns
// narrow until every row fits (in a window below the minimum size: a
// wide entry then runs into its neighbour rather than below the window).
func helpLayout(n int, colW float32, view, window image.Rectangle) (box image.Rectangle, cells []image.Rectangle) {
	fit := func(area image.Rectangle) (rows int, ok bool) {
		cols := max(1, int(float32(area.Dx()-32)/colW))
		rows = (n + cols - 1) / cols
		return rows, rows*helpRowH+20+helpHeaderH <= area.Dy()-16
	}
	area, w := view, colW
	rows, ok := fit(area)
	if !ok {
		area = window
		if rows, ok = fit(area); !ok {
			rows = max(1, (area.Dy()-16-20-helpHeaderH)/helpRowH)
			w = float32(area.Dx()-32) / float32((n+rows-1)/rows)
		}
	}
	h := rows*helpRowH + 20 + helpHeaderH
	top := max(area.Min.Y+8, area.Min.Y+area.Dy()/2-h/2)
	box = image.Rect(area.Min.X+8, top, area.Max.X-8, top+h)
	cells = make([]image.Rectangle, n)
	for i := range cells {
		c, r := i/rows, i%rows
		x := area.Min.X + 16 + int(float32(c)*w)
		y := top + 10 + helpHeaderH + r*helpRowH
		cells[i] = image.Rect(x, y, x+int(w)-18, y+helpRowH)
	}
	return box, cells
}

// drawHelp draws the build's version and the help's entries in columns
// that fit the view, or the window when the view is too small
// (helpLayout).
func (o *overlay) drawHelp(screen *ebiten.Image, vp render.Viewport) {
	face := o.kit.small
	if o.helpHead == "" {
		o.help = helpItems(o.cmds.list)
		o.helpHead = "animview " + version.Get().Short()
		for _, it := range o.help {
			w, _ := text.Measure(it, face, 0)
			o.helpColW = max(o.helpColW, float32(w)+18)
		}
	}
	view := image.Rect(int(vp.X), int(vp.Y), int(vp.X+vp.W), int(vp.Y+vp.H))
	box, cells := helpLayout(len(o.help), o.helpColW, view, screen.Bounds())
	if o.opt.Trace && box != o.helpBox {
		last := cells[len(cells)-1]
		o.opt.Log(fmt.Sprintf("help: %d entries in %v, the last at %d,%d-%d,%d", len(cells), box, last.Min.X, last.Min.Y, last.Max.X, last.Max.Y))
	}
	o.helpBox = box
	o.fill.rect(screen, float32(box.Min.X), float32(box.Min.Y), float32(box.Dx()), float32(box.Dy()), color.NRGBA{0x10, 0x12, 0x18, 0xf0})
	o.kit.drawText(screen, o.helpHead, float64(box.Min.X+8), float64(box.Min.Y+10), colAccent, face)
	for i, it := range o.help {
		o.kit.drawText(screen, it, float64(cells[i].Min.X), float64(cells[i].Min.Y), colText, face)
	}
}

// drawWarnings lists every warning over the view.
func (o *overlay) drawWarnings(st *state.State, screen *ebiten.Image, vp render.Viewport, cols int) {
	var b strings.Builder
	b.WriteString("Warnings (W or Esc: close)\n")
	ws := st.Messages().Warnings()
	if len(ws) == 0 {
		b.WriteString("none: the file loaded without problems")
	}
	for _, w := range ws {
		b.WriteString(wrap("• "+w, cols))
		b.WriteByte('\n')
	}
	msg := b.String()
	lines := min(strings.Count(msg, "\n")+1, int((vp.H-40)/18))
	if parts := strings.SplitN(msg, "\n", lines+1); len(parts) > lines {
		msg = strings.Join(parts[:lines], "\n")
	}
	top := vp.Y + 40
	o.fill.rect(screen, vp.X+8, top, vp.W-16, float32(18*lines+16), color.NRGBA{0x14, 0x17, 0x1e, 0xf4})
	o.kit.drawText(screen, msg, float64(vp.X)+16, float64(top)+8, colWarn, o.kit.small)
}

// onBanner reports whether (x, y) is on the warnings banner.
func (o *overlay) onBanner(x, y int) bool { return image.Pt(x, y).In(o.bannerRect) }

func wrap(s string, width int) string {
	if width < 20 {
		width = 20
	}
	var b strings.Builder
	// Each line of s stays a line (a LoadError gives one loader's error
	// per line, two spaces in), wrapped on its own; its continuation
	// lines keep its indent and four spaces more, so that they are not
	// taken for the next loader's.
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		n := 0
		for _, word := range strings.Fields(line) {
			switch {
			case n == 0:
				b.WriteString(indent)
				n = len(indent)
			case n+len(word)+1 > width:
				b.WriteString("\n" + indent + "    ")
				n = len(indent) + 4
			default:
				b.WriteByte(' ')
				n++
			}
			b.WriteString(word)
			n += len(word)
		}
	}
	return b.String()
}
