package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// The dope sheet at 800×600 (ui/layout.go, ui/dopesheet.go,
// render/dopesheet): in the curves panel's place, the foot of the view's
// column from 287 (two fifths of its 478 rows) to the bar; its rows start
// 4 pixels in, 16 tall: the events row at 291, then 10 bone rows. The
// names column is a third of the 388 pixels inside (129⅓), so the marks
// run from x 341⅓ to 588, 246⅔ pixels for the walk's 1.2 s.
const (
	dopeRowsY = barTop - barTop*2/5 + 4
	dopeX0    = float64(sideW+6) + float64(winW-2*sideW-12)/3 + 6
	dopeX1    = winW - sideW - 6 - 6
)

// dopeX is the column of time tm on a sheet showing lo to hi.
func dopeX(tm, lo, hi float64) int { return int(dopeX0 + (dopeX1-dopeX0)*(tm-lo)/(hi-lo) + 0.5) }

// dopeRowY is the middle of the sheet's row i (0 the events row).
func dopeRowY(i int) int { return dopeRowsY + 16*i + 8 }

var (
	colKeyMark = color.RGBA{0xe8, 0xc5, 0x4a, 0xff} // ui/timeline.go's colKey
	colSelRow  = color.RGBA{0x1d, 0x45, 0x70, 0xff} // ui/widgets.go's colSelect
)

// TestWindowDopeSheet: D shows the dope sheet under the view; the
// selected bone's row (l_thigh, the demo's 15th bone, scrolled to the
// foot: row 10) is highlighted with a diamond at each of its 37 keys, at
// the columns of their times, and zooming the timeline spreads them;
// a click on a key seeks to it, on a name selects the bone, on an event
// seeks to it.
func TestWindowDopeSheet(t *testing.T) {
	displaytest.Need(t)
	t.Setenv("ANIMVIEW_TRACE", "1") // the window logs what a click on the sheet found
	bin := buildBinary(t)
	row := func(i int) image.Rectangle {
		return image.Rect(dopeX(0, 0, 1)-5, dopeRowsY+16*i, dopeX1+5, dopeRowsY+16*i+15)
	}
	plain, _ := shot(t, bin, "pause; select-bone l_thigh")
	img, _ := shot(t, bin, "pause; key d; select-bone l_thigh")
	if p, s := countIn(plain, row(10), colSelRow, 4), countIn(img, row(10), colSelRow, 4); p > 0 || s < 1500 {
		t.Errorf("selected row's band: %d pixels without the sheet, %d with it", p, s)
	}
	if n := countIn(img, row(10), colKeyMark, 30); n < 37*20 {
		t.Errorf("l_thigh's row has %d key pixels, want 37 diamonds", n)
	}
	y := dopeRowY(10)
	// Frame 18 (0.6 s) has a key; 0.35 s falls between frames 10 and 11.
	at := func(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }
	if c := at(img, dopeX(0.6, 0, 1.2), y); !closeTo(c, colKeyMark, 30) {
		t.Errorf("at 0.6 s on l_thigh's row: %v, want a key", c)
	}
	x35 := dopeX(0.35, 0, 1.2)
	if c := at(img, x35, y-3); !closeTo(c, colSelRow, 4) {
		t.Errorf("at 0.35 s on l_thigh's row: %v, want the row's band", c)
	}
	// Zoomed 2.5× around 0.6 s the sheet shows 0.36–0.84 s: the column
	// of 0.35 s is now 0.5 s, frame 15's key.
	zoomed, _ := shot(t, bin, "pause; dope-sheet; select-bone l_thigh; timeline-zoom 2.5 0.6")
	if x := dopeX(0.5, 0.36, 0.84); x != x35 {
		t.Fatalf("0.5 s zoomed at x %d, 0.35 s at %d", x, x35)
	}
	if c := at(zoomed, x35, y); !closeTo(c, colKeyMark, 30) {
		t.Errorf("zoomed, at 0.5 s: %v, want a key", c)
	}
	if a, b := countIn(img, row(10), colKeyMark, 30), countIn(zoomed, row(10), colKeyMark, 30); b > a*6/10 || b < a*3/10 {
		t.Errorf("zoomed to 0.48 s of 1.2 s: %d key pixels, %d for the whole clip", b, a)
	}
	// A range of 0.3–0.8 s dims the rest of the row, as on the timeline:
	// the band shows in its 0.5 s of the 1.2 s only (give or take the
	// range's edge columns).
	ranged, _ := shot(t, bin, "pause; dope-sheet; select-bone l_thigh; range 0.3 0.8")
	inside := image.Rect(dopeX(0.3, 0, 1.2)+1, dopeRowsY+160, dopeX(0.8, 0, 1.2)-1, dopeRowsY+175)
	if a, b, c := countIn(img, row(10), colSelRow, 4), countIn(ranged, row(10), colSelRow, 4), countIn(ranged, inside, colSelRow, 4); b-c > 2*15 || b > a*6/10 {
		t.Errorf("band pixels: %d without a range, %d with 0.3–0.8 s, %d of them inside it", a, b, c)
	}

	clicks := []struct {
		name  string
		x, y  int
		found string
		frame int
		sel   int // the row highlighted after the click
	}{
		{"a key", dopeX(0.6, 0, 1.2), y, "key of l_thigh at 0.6000 s", 18, 10},
		{"a name", sideW + 30, dopeRowY(9), "bone r_hand", 0, 9},
		{"an event", dopeX(0.3, 0, 1.2), dopeRowY(0), "event 0 at 0.3000 s", 9, 10},
	}
	for _, c := range clicks {
		img, out := shot(t, bin, fmt.Sprintf("pause; dope-sheet; select-bone l_thigh; wait 2; click %d %d", c.x, c.y))
		if want := fmt.Sprintf("dope sheet: click at %d,%d: %s", c.x, c.y, c.found); !strings.Contains(out, want) {
			t.Errorf("%s: no %q in the log:\n%s", c.name, want, out)
		}
		if f := shown(t, out); f != c.frame {
			t.Errorf("%s: frame %d, want %d", c.name, f, c.frame)
		}
		if n := countIn(img, row(c.sel), colSelRow, 4); n < 1000 {
			t.Errorf("%s: row %d has %d pixels of the selection's band", c.name, c.sel, n)
		}
	}
}

// TestWindowDopeSheetMouse drives the dope sheet with the X server's
// mouse (xdotool): D shows it, a click on the hips' key at 0.6 s seeks
// there and selects them, two notches of the wheel down scroll six rows
// (row 1 is then l_clavicle, the demo's seventh bone, which a click on
// its name selects), Ctrl with the wheel up over the sheet zooms the
// timeline around the time under the pointer, and a right drag pans it.
func TestWindowDopeSheetMouse(t *testing.T) {
	w := startDriven(t)
	w.key("d", "D")
	x := dopeX(0.6, 0, 1.2)
	dopeClick(w, x, dopeRowY(1), "key of hips at 0.6000 s")
	for range 2 {
		w.xdo("click", "--window", w.wid, "5")
		w.handled(fmt.Sprintf("wheel 0,-1 at %d,%d", x, dopeRowY(1)))
	}
	dopeClick(w, sideW+30, dopeRowY(1), "bone l_clavicle")
	w.move(x, dopeRowY(3))
	w.keyDown("ctrl", "Control")
	w.xdo("click", "--window", w.wid, "4")
	w.handled(fmt.Sprintf("wheel 0,1 at %d,%d", x, dopeRowY(3)))
	w.keyUp("ctrl", "Control")
	// A right drag 20 pixels to the left shows later times: 20 of the
	// marks' 246⅔ pixels of the span.
	w.xdo("mousedown", "3")
	w.handled(fmt.Sprintf("right button down at %d,%d", x, dopeRowY(3)))
	w.move(x-20, dopeRowY(3))
	w.xdo("mouseup", "3")
	w.handled(fmt.Sprintf("right button up at %d,%d", x-20, dopeRowY(3)))
	w.screenshot()
	out := w.out.String()
	if f := shown(t, out); f != 18 {
		t.Errorf("after a click on the key at 0.6 s: frame %d, want 18", f)
	}
	// A notch zooms 0.81×, keeping 0.6 s (the span's middle) where it
	// is; the drag then pans.
	lo, hi, ok := spans(t, out, "timeline")
	width := 1.2 * 0.81
	wantLo := 0.6 - width/2 + 20*width/(dopeX1-dopeX0)
	if !ok || math.Abs(hi-lo-width) > 2e-3 || math.Abs(lo-wantLo) > 2e-3 {
		t.Errorf("Ctrl+wheel and a right drag over the sheet: timeline %v–%v (%v), want %.3f–%.3f\n%s", lo, hi, ok, wantLo, wantLo+width, out)
	}
}

// dopeClick clicks at (x, y) with the mouse and waits for the sheet to
// report that it found what (the sheet acts on the press, which the
// program logs before it logs the press).
func dopeClick(w *driven, x, y int, what string) {
	w.t.Helper()
	w.move(x, y)
	w.xdo("mousedown", "1")
	w.await(regexp.MustCompile(fmt.Sprintf(`(?m)^animview: dope sheet: click at %d,%d: %s$`, x, y, regexp.QuoteMeta(what))))
	w.handled(fmt.Sprintf("left button down at %d,%d", x, y))
	w.release()
}

// TestWindowDopeSheetChain: on a chain of 5,000 joints (issue 35's deep
// chain, as TestDeepChain) the sheet scrolls to the selected joint,
// 3,750 deep (its row the last of the ten, highlighted, with its two
// keys), and a click on the name above it selects its parent. (The
// sheet lays out the rows on screen only; render/dopesheet's tests run
// it on 20,000 joints, where the window itself, drawing every joint,
// took 45 to 52 s to its picture at a load of 17, with or without the
// sheet, and the screenshot's 90 s ran out under go test.)
func TestWindowDopeSheetChain(t *testing.T) {
	if testing.Short() {
		t.Skip("a 5,000-joint model in the window")
	}
	displaytest.Need(t)
	t.Setenv("ANIMVIEW_TRACE", "1")
	bin := buildBinary(t)
	p := chainFile(t, t.TempDir(), 5000)
	row := image.Rect(dopeX(0, 0, 1)-5, dopeRowsY+16*10, dopeX1+5, dopeRowsY+16*10+15)
	img, out := shot(t, bin, fmt.Sprintf("pause; dope-sheet; select-bone j3750; wait 2; click %d %d", sideW+30, dopeRowY(9)), p)
	if want := fmt.Sprintf("dope sheet: click at %d,%d: bone j3749", sideW+30, dopeRowY(9)); !strings.Contains(out, want) {
		t.Errorf("no %q in the log:\n%s", want, out)
	}
	// After the click j3749's row (9) is the selected one; j3750's row
	// keeps its keys.
	if n := countIn(img, row.Sub(image.Pt(0, 16)), colSelRow, 4); n < 1500 {
		t.Errorf("j3749's row has %d pixels of the selection's band", n)
	}
	if n := countIn(img, row, colKeyMark, 30); n < 2*20 {
		t.Errorf("j3750's row has %d key pixels, want two diamonds", n)
	}
}
