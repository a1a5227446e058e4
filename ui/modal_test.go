package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/animview/animview/ui/state"
)

// sameAsVerbs gives m the ticks and runs verbs on v, worked out before
// the ticks, and fails when what seen shows of the two differs: the
// mouse did what its verbs do.
func sameAsVerbs[V comparable](t *testing.T, name string, m, v *App, d *driver, ticks []tickInput, verbs [][]string, seen func(*App) V) {
	t.Helper()
	for _, in := range ticks {
		d.tick(in)
	}
	for _, s := range verbs {
		if err := v.run(v.cmds.byVerb[s[0]], s[1:], false); err != nil {
			t.Fatalf("%s: %v: %v", name, s, err)
		}
	}
	if got, want := seen(m), seen(v); got != want {
		t.Errorf("%s: %+v, %v gives %+v", name, got, verbs, want)
	}
}

// mouseCase is what the mouse does in a modal (ticks) and the verbs that
// do the same, both worked out on the window the mouse drives.
type mouseCase struct {
	name  string
	ticks func(m *App) []tickInput
	verbs func(m *App) [][]string
}

// modalPair is two windows on the same file, one driven by the mouse and
// one by the verbs, with the same modal opened in both by open.
func modalPair(t *testing.T, opt Options, open func(a *App)) (m, v *App, d *driver) {
	t.Helper()
	m, d = laidOut(t, opt)
	v, dv := laidOut(t, opt)
	open(m)
	open(v)
	d.tick(tickInput{})
	dv.tick(tickInput{})
	return m, v, d
}

// TestBrowserMouseRunsItsVerb: in the built-in browser a click on a row
// runs choose-row with that row, the wheel scroll-rows, a click outside
// the view close; a click in the view off the rows reaches nothing
// below (no orbit, no pick); the scrollbar's drag scrolls.
func TestBrowserMouseRunsItsVerb(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("sub%02d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", dir)
	open := func(a *App) { a.browser.show(a.st, dir) }
	type view struct {
		open      bool
		dir       string
		top       int
		selected  int
		camera    string
		exportsAt state.ExportStage
		dragging  bool
	}
	seen := func(a *App) view {
		b := a.st.Browser()
		return view{b.Open(), b.Dir(), b.Top(), a.st.Visibility().Selected(), fmt.Sprint(a.st.View().Camera()),
			a.st.Export().Stage(), a.in.drag != nil}
	}
	for _, c := range []mouseCase{
		{"a click on a row", func(m *App) []tickInput {
			x, y, _, _ := m.browser.rows()
			return []tickInput{clickAt(int(x)+20, int(y)+3*browserRowH+4)}
		}, func(m *App) [][]string { return [][]string{{"choose-row", strconv.Itoa(m.st.Browser().Top() + 3)}} }},
		{"the wheel", func(m *App) []tickInput {
			return []tickInput{{x: 300, y: 300, wheelY: -2}}
		}, func(*App) [][]string { return [][]string{{"scroll-rows", "6"}} }},
		{"a click outside the view", func(m *App) []tickInput {
			x0, x1, top, bottom := m.tl.trackSpan()
			return []tickInput{clickAt(int(x0+x1)/2, int(top+bottom)/2)}
		}, func(*App) [][]string { return [][]string{{"close"}} }},
		{"a click and a drag in the view off the rows", func(m *App) []tickInput {
			vp := m.w.viewport()
			x, y := int(vp.X+vp.W/2), int(vp.Y)+20
			return []tickInput{press(x, y), hold(x+40, y+30), release(x+40, y+30)}
		}, func(*App) [][]string { return nil }},
	} {
		m, v, d := modalPair(t, Options{}, open)
		sameAsVerbs(t, c.name, m, v, d, c.ticks(m), c.verbs(m), seen)
	}
	// The scrollbar: a press at its foot and a drag up.
	m, _, d := modalPair(t, Options{}, open)
	x, y, w, rows := m.browser.rows()
	bx, foot := int(x+w+4)+2, int(y)+rows*browserRowH-2
	d.tick(press(bx, foot))
	last := m.st.Browser().Top()
	if last == 0 {
		t.Errorf("a press at the scrollbar's foot left the rows at the top")
	}
	d.tick(hold(bx, int(y)+2))
	d.tick(release(bx, int(y)+2))
	if got := m.st.Browser().Top(); got != 0 || !m.st.Browser().Open() {
		t.Errorf("the thumb dragged to the top: rows from %d, open %v", got, m.st.Browser().Open())
	}
}

// TestListMouseRunsItsVerb: in the asset list a click on a column's
// title runs sort-list with that column, on a row choose-row, the wheel
// scroll-rows, a click outside the view close.
func TestListMouseRunsItsVerb(t *testing.T) {
	opt := Options{Path: filepath.Join("..", "formats", "prime", "pak", "testdata", "DemoSet-mp1.pak")}
	open := func(a *App) {
		a.showAssets()
		if a.list.job != nil {
			_ = a.list.job.Wait()
		}
	}
	type view struct {
		open             bool
		entry            string
		top, cursor, col int
		desc             bool
	}
	seen := func(a *App) view {
		c, desc := a.list.m.Sort()
		return view{a.list.open, a.st.Asset().Entry, a.list.m.Top(), a.list.m.Cursor(), c, desc}
	}
	for _, c := range []mouseCase{
		{"a click on the second title", func(m *App) []tickInput {
			x, y, w, _ := m.list.area()
			xs := m.list.columnX(x, w)
			return []tickInput{clickAt(int(xs[1])+4, int(y)-listRowH/2)}
		}, func(*App) [][]string { return [][]string{{"sort-list", "2"}} }},
		{"a click on a row", func(m *App) []tickInput {
			x, y, _, _ := m.list.area()
			return []tickInput{clickAt(int(x)+10, int(y)+listRowH+4)}
		}, func(m *App) [][]string { return [][]string{{"choose-row", strconv.Itoa(m.list.m.Top() + 1)}} }},
		{"the wheel", func(*App) []tickInput { return []tickInput{{x: 300, y: 300, wheelY: -1}} },
			func(*App) [][]string { return [][]string{{"scroll-rows", "3"}} }},
		{"a click outside the view", func(m *App) []tickInput {
			x0, x1, top, bottom := m.tl.trackSpan()
			return []tickInput{clickAt(int(x0+x1)/2, int(top+bottom)/2)}
		}, func(*App) [][]string { return [][]string{{"close"}} }},
	} {
		m, v, d := modalPair(t, opt, open)
		if !m.list.open || m.list.m.Len() < 3 {
			t.Fatalf("the asset list: open %v, %d rows", m.list.open, m.list.m.Len())
		}
		sameAsVerbs(t, c.name, m, v, d, c.ticks(m), c.verbs(m), seen)
	}
}

// TestExportQuestionMouse: a click on a choice of the export's question
// runs export-what with it; on Keep (the file exists) close; a left
// click in its box off the rows reaches nothing below, one outside it
// does.
func TestExportQuestionMouse(t *testing.T) {
	a, d := laidOut(t, Options{NoSystemChooser: true, ShotDir: t.TempDir()})
	a.runVerb("export-dialog")
	if a.st.Export().Stage() != state.ExportChoosing {
		t.Skipf("the demo's export asks nothing: stage %v", a.st.Export().Stage())
	}
	box, rows := a.exp.dialog(a.st)
	d.tick(clickAt(box.Min.X+2, box.Min.Y+2))
	if a.st.Export().Stage() != state.ExportChoosing {
		t.Errorf("a click in the box off the rows: stage %v", a.st.Export().Stage())
	}
	want := a.st.Export().Offered()[len(rows)-1].What
	d.tick(clickAt(rows[len(rows)-1].Min.X+4, rows[len(rows)-1].Min.Y+4))
	if a.st.Export().Stage() != state.ExportDestination || a.st.Export().What() != want {
		t.Errorf("a click on the last choice: stage %v, what %v, want %v", a.st.Export().Stage(), a.st.Export().What(), want)
	}
	a.runVerb("close")
	a.runVerb("export-dialog")
	x0, x1, top, bottom := a.tl.trackSpan()
	mid, ty := int(x0+x1)/2, int(top+bottom)/2
	d.tick(clickAt(mid, ty))
	if got, want := a.st.Playback().Time(), a.tl.timeAt(a.st, mid); got != want || a.st.Export().Stage() != state.ExportChoosing {
		t.Errorf("a click on the track with the question open: time %v, want %v; stage %v", got, want, a.st.Export().Stage())
	}
}
