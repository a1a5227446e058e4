package main

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowFolderOfManyKeepsTree opens a folder of 50 FreeSO clips (one
// of formats/sims/testdata/tso under 50 names) at the minimum window size
// and at the default: the clip list scrolls within its share of the left
// panel, and the Bones heading and the bone tree keep their room above
// the tree's buttons, with the tree's rows drawn, and the list is
// scrolled to the open clip (issue 33 item 1: the list pushed them under
// the buttons, one row peeking out).
func TestWindowFolderOfManyKeepsTree(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	names := map[string]string{}
	for i := 1; i <= 50; i++ {
		names[fmt.Sprintf("clip-%02d.anim", i)] = "a2o-lever-pull-complete.db9ea02800000007.anim"
	}
	copyTSO(t, dir, names)
	t.Setenv("ANIMVIEW_TRACE", "1") // the window logs its left panel's layout
	num := `\((\d+),(\d+)\)-\((\d+),(\d+)\)`
	re := regexp.MustCompile(`layout: left panel ` + num + `, clip list ` + num + `, Bones heading ` + num + `, bone tree ` + num + `, bone buttons ` + num)
	colAccent := color.RGBA{0x3d, 0x8b, 0xd9, 0xff} // ui's headings
	for _, size := range []image.Point{{800, 600}, {1280, 800}} {
		img, out := screenshot(t, bin, "--no-recent", "--size", fmt.Sprintf("%dx%d", size.X, size.Y), "--after", "20", dir)
		ms := re.FindAllStringSubmatch(out, -1)
		if ms == nil {
			t.Fatalf("%v: the window logged no layout of its left panel:\n%s", size, out)
		}
		m := ms[len(ms)-1]
		var rs [5]image.Rectangle
		for i := range rs {
			var n [4]int
			for j := range n {
				n[j], _ = strconv.Atoi(m[1+4*i+j])
			}
			rs[i] = image.Rect(n[0], n[1], n[2], n[3])
		}
		panel, list, heading, tree, buttons := rs[0], rs[1], rs[2], rs[3], rs[4]
		if !heading.In(panel) || !tree.In(panel) || !buttons.In(panel) {
			t.Errorf("%v: the Bones heading %v, the tree %v or its buttons %v leave the panel %v", size, heading, tree, buttons, panel)
		}
		if list.Max.Y > heading.Min.Y || heading.Max.Y > tree.Min.Y || tree.Max.Y > buttons.Min.Y {
			t.Errorf("%v: rows overlap: clip list %v, Bones heading %v, tree %v, buttons %v", size, list, heading, tree, buttons)
		}
		if tree.Dy() < 80 || tree.Dy() < list.Dy()/2 {
			t.Errorf("%v: the tree is %d tall beside a clip list %d tall", size, tree.Dy(), list.Dy())
		}
		// The pixels: the heading in the accent colour, the tree's rows in
		// the panel's text colour.
		if n := countIn(img, heading, colAccent, 12); n < 30 {
			t.Errorf("%v: the Bones heading at %v has %d accent pixels", size, heading, n)
		}
		// The open clip's row, listed after the 50 entries, is scrolled
		// into the list: its accent background shows there.
		if n := countIn(img, list, colAccent, 12); n < 1000 {
			t.Errorf("%v: the clip list at %v has %d accent pixels; want the open clip's row", size, list, n)
		}
		if n := countIn(img, tree, colPanelText, 40); n < 300 {
			t.Errorf("%v: the bone tree at %v has %d text pixels; want its rows", size, tree, n)
		}
	}
}
