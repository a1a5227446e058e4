package main

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowCompare is issue 31's compare view in the real window: two
// versions of walker, written by our writer, the second with its hand
// renamed Palm and the arm's key at 0.5 s edited. Opened with --compare
// and --map, paused at diff's worst time: the status line gives diff's
// largest difference and its bone; the compared figure's colour shows in
// the view outside the panel (and not when the file is compared with
// itself, whose figure the first covers); a click on the list's row of a
// bone selects that bone, drawn in the selection's colour.
func TestWindowCompare(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	t.Setenv("ANIMVIEW_TRACE", "1")
	a := walker(t, "a.ms3d", nil)
	b := walker(t, "b.ms3d", func(f *ms3d.File) {
		f.Joints[2].Name = "Palm"
		f.Joints[1].RotationKeys[1].Rotation[2] = 0.8
	})
	d := diffJSON(t, 0, a, b, "--map", "hand=Palm")
	if d.Worst.Bone != "hand" || d.Worst.Time != 0.5 {
		t.Fatalf("diff: worst %+v", d.Worst)
	}
	th := render.DefaultTheme()
	at := fmt.Sprintf("pause; seek %v", d.Worst.Time)

	img, out := screenshot(t, bin, "--actions", at, a, "--compare", b, "--map", "hand=Palm")
	want := fmt.Sprintf("vs B: %.4g (%.3g%%) at hand", d.MaxPosition, 100*d.MaxPositionRelative)
	if !strings.Contains(shownLine(out), want) {
		t.Errorf("status line %q, want it to hold %q (diff's value)", shownLine(out), want)
	}
	panel, rows := comparePanel(t, out)
	ghost := countOutside(img, th.Compare, 24, panel)
	same, sout := screenshot(t, bin, "--actions", at, a, "--compare", a)
	samePanel, _ := comparePanel(t, sout)
	covered := countOutside(same, th.Compare, 24, samePanel)
	t.Logf("%d pixels of the compared figure's colour; %d comparing the file with itself", ghost, covered)
	if ghost < 40 || covered > ghost/10 {
		t.Errorf("%d pixels of the compared figure's colour, %d with the file itself: want at least 40, and the file itself hidden", ghost, covered)
	}
	if !strings.Contains(sout, "vs B: same") {
		t.Errorf("the file against itself: %q", shownLine(sout))
	}

	// The list: hand differs most, then arm (a rotation alone), root.
	if len(rows) != 3 || rows[0].name != "hand" || rows[1].name != "arm" {
		t.Fatalf("rows %+v", rows)
	}
	if n := count(img, th.BoneSelected, 24); n != 0 {
		t.Errorf("%d selection-coloured pixels before any selection", n)
	}
	r := rows[1]
	sel, sout := screenshot(t, bin, "--actions", fmt.Sprintf("%s; click %d %d", at, r.x, r.y), a, "--compare", b, "--map", "hand=Palm")
	if !strings.Contains(sout, "compare: selected arm") {
		t.Errorf("the click on arm's row selected no arm:\n%s", lastLines(sout, 20))
	}
	if n := count(sel, th.BoneSelected, 24); n < 20 {
		t.Errorf("%d selection-coloured pixels after the click: no bone drawn selected", n)
	}
}

// shownLine is the "shown:" line a screenshot run logs.
func shownLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "shown: "); i >= 0 {
			return l[i:]
		}
	}
	return ""
}

func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}

type compareRow struct {
	name string
	x, y int
}

var (
	panelRe = regexp.MustCompile(`compare panel \((\d+),(\d+)\)-\((\d+),(\d+)\), rows:(.*)`)
	rowRe   = regexp.MustCompile(` (\S+) at (\d+),(\d+)`)
)

// comparePanel reads the compare panel's place and its rows' centres from
// the last trace line that gives them.
func comparePanel(t *testing.T, out string) (image.Rectangle, []compareRow) {
	t.Helper()
	m := panelRe.FindAllStringSubmatch(out, -1)
	if len(m) == 0 {
		t.Fatalf("no compare panel in the trace:\n%s", lastLines(out, 20))
	}
	last := m[len(m)-1]
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	r := image.Rect(n(last[1]), n(last[2]), n(last[3]), n(last[4]))
	var rows []compareRow
	for _, rm := range rowRe.FindAllStringSubmatch(last[5], -1) {
		rows = append(rows, compareRow{rm[1], n(rm[2]), n(rm[3])})
	}
	return r, rows
}

// countOutside counts the pixels of img close to want outside r.
func countOutside(img *image.RGBA, want color.RGBA, tol int, r image.Rectangle) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !image.Pt(x, y).In(r) && closeTo(img.RGBAAt(x, y), want, tol) {
				n++
			}
		}
	}
	return n
}

// TestCompareMapUsage: --map with both --motion and --compare is a usage
// error (each reads the map the other way round), before any window.
func TestCompareMapUsage(t *testing.T) {
	_, errs, code := runCLI(t, "--compare", "demo:", "--motion", "demo:", "--map", "a=b", "demo:")
	if code != 2 || !strings.Contains(errs, "--map with both --motion and --compare") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
