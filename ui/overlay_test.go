package ui

import (
	"bytes"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

// TestHelpLayoutFits: every entry of the help has its rectangle inside
// the window, clear of the others and wide enough for its text, at the
// minimum window size and at the default (issue 33 item 7: at 800×600 the
// help stopped at "Shift+O: onion skin", the rest below the view).
func TestHelpLayoutFits(t *testing.T) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		t.Fatal(err)
	}
	face := &text.GoTextFace{Source: src, Size: 13} // the kit's small face (newKit)
	items := helpItems(commandTable())
	var colW float32
	for _, it := range items {
		w, _ := text.Measure(it, face, 0)
		colW = max(colW, float32(w)+18)
	}
	for _, size := range []image.Point{{minWindowW, minWindowH}, {defaultWindowW, defaultWindowH}, {1024, 600}, {800, 1000}} {
		win := image.Rectangle{Max: size}
		_, view, _, _ := panelRects(win)
		box, cells := helpLayout(len(items), colW, view, win)
		if len(cells) != len(items) {
			t.Fatalf("%v: %d cells for %d entries", size, len(cells), len(items))
		}
		if !box.In(win) {
			t.Errorf("%v: the help's box %v leaves the window", size, box)
		}
		for i, c := range cells {
			w, _ := text.Measure(items[i], face, 0)
			if !c.In(box) {
				t.Errorf("%v: %q at %v is outside the help's box %v", size, items[i], c, box)
			}
			if c.Dx() < int(w) {
				t.Errorf("%v: %q is %.0f pixels wide in a cell of %d", size, items[i], w, c.Dx())
			}
			for j := range i {
				if c.Overlaps(cells[j]) {
					t.Errorf("%v: %q at %v overlaps %q at %v", size, items[i], c, items[j], cells[j])
				}
			}
		}
	}
}
