package ui

import (
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestExporterDestinations: the export to a missing folder names the
// folder; a name without an extension gets .glb; an existing file is not
// touched until confirm; Esc keeps it; a job's end is reported.
func TestExporterDestinations(t *testing.T) {
	a := newTestApp(t)
	x := &a.exp
	dir := t.TempDir()
	run := func(what, path string) {
		t.Helper()
		if err := a.run(a.cmds.byVerb["export"], []string{what, path}, false); err != nil {
			t.Fatal(err)
		}
	}
	missing := filepath.Join(dir, "nowhere", "a.glb")
	run("clip", missing)
	if msg := a.st.Messages().Err(); !strings.Contains(msg, "the folder "+filepath.Join(dir, "nowhere")+" does not exist") {
		t.Errorf("missing folder: %q", msg)
	}
	a.st.CloseMessages()
	run("all", filepath.Join(dir, "bare"))
	if err := x.job.Wait(); err != nil {
		t.Fatal(err)
	}
	x.poll(a.st, &a.script)
	if _, err := os.Stat(filepath.Join(dir, "bare.glb")); err != nil || a.st.Export().Stage() != state.ExportIdle {
		t.Errorf("a bare name: %v, stage %v", err, a.st.Export().Stage())
	}
	before, _ := os.ReadFile(filepath.Join(dir, "bare.glb"))
	run("clip", filepath.Join(dir, "bare.glb"))
	if a.st.Export().Stage() != state.ExportAsking || x.job != nil {
		t.Fatalf("onto an existing file: stage %v", a.st.Export().Stage())
	}
	a.runVerb("close") // Esc keeps the file
	if after, _ := os.ReadFile(filepath.Join(dir, "bare.glb")); a.st.Export().Stage() != state.ExportIdle || string(after) != string(before) {
		t.Errorf("Esc: stage %v, file changed %v", a.st.Export().Stage(), string(after) != string(before))
	}
	if _, err := exportWhat("bones"); err == nil {
		t.Error("export bones was taken")
	}
	if got := x.defaultName(a.st, state.ExportClip); got != "demo-walk.glb" {
		t.Errorf("default name for the clip: %q", got)
	}
}

// TestBrowserCloseEndsExport: the built-in browser picking an export's
// folder, closed without one (Esc, a click outside the view: browser.close),
// ends the export, so that Ctrl+E asks again.
func TestBrowserCloseEndsExport(t *testing.T) {
	a := newApp(t, Options{Path: demo.Name, Open: opener, NoSystemChooser: true, ShotDir: t.TempDir()})
	a.exp.begin(a.st)
	a.exp.choose(a.st, state.ExportClip)
	if a.st.Export().Stage() != state.ExportDestination || a.st.Browser().Saving() == "" {
		t.Fatalf("after choosing: stage %v, browser saving %q", a.st.Export().Stage(), a.st.Browser().Saving())
	}
	a.browser.close(a.st)
	if a.st.Export().Stage() != state.ExportIdle || a.st.Browser().Open() {
		t.Errorf("after close: stage %v, browser open %v", a.st.Export().Stage(), a.st.Browser().Open())
	}
	a.exp.begin(a.st)
	if a.st.Export().Stage() != state.ExportChoosing {
		t.Errorf("Ctrl+E again: stage %v", a.st.Export().Stage())
	}
}

// TestBrowserSaveTakesName: in the built-in browser picking where an
// export writes (issue 33, item 4), what is typed is the file's name: it
// filters nothing, the first row shows the file that will be written,
// and Enter writes it there (.glb added); a sub-folder entered keeps the
// name typed.
func TestBrowserSaveTakesName(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := newApp(t, Options{Path: demo.Name, Open: opener, NoSystemChooser: true, ShotDir: dir})
	a.exp.begin(a.st)
	a.exp.choose(a.st, state.ExportClip)
	rows := len(a.st.Browser().Rows())
	a.st.TypeInBrowser("mine")
	if len(a.st.Browser().Rows()) != rows || rows < 3 {
		t.Fatalf("typing a name filtered the rows: %d of %d", len(a.st.Browser().Rows()), rows)
	}
	if r := a.st.Browser().Rows()[a.st.Browser().Cursor()]; !r.Save || r.Name != "export here as mine.glb" || r.Path != filepath.Join(dir, "mine.glb") {
		t.Errorf("highlighted row after typing mine: %+v", r)
	}
	// Enter a sub-folder: the name goes along.
	for i, r := range a.st.Browser().Rows() {
		if r.Name == "sub/" {
			a.browser.choose(a.st, i)
		}
	}
	if a.st.Browser().Dir() != filepath.Join(dir, "sub") || a.st.Browser().Rows()[0].Name != "export here as mine.glb" {
		t.Fatalf("in sub/: dir %q, first row %q", a.st.Browser().Dir(), a.st.Browser().Rows()[0].Name)
	}
	a.press(ebiten.KeyEnter, 0)
	if a.exp.job == nil {
		t.Fatalf("Enter did not export: stage %v, error %q", a.st.Export().Stage(), a.st.Messages().Err())
	}
	if err := a.exp.job.Wait(); err != nil {
		t.Fatal(err)
	}
	a.exp.poll(a.st, &a.script)
	if _, err := os.Stat(filepath.Join(dir, "sub", "mine.glb")); err != nil {
		t.Errorf("the export named mine: %v", err)
	}
}

// TestBrowserRowsReadable: every kind of row of the built-in browser,
// highlighted, has text that contrasts with its background by 4.5:1 at
// least (WCAG 2's ratio for text; issue 33, item 4: a folder's row was
// light blue on blue, 1.6:1).
func TestBrowserRowsReadable(t *testing.T) {
	for _, e := range []state.BrowserEntry{{Name: "a.anim"}, {Dir: true}, {Save: true}, {Here: true}, {Place: true, Dir: true}, {Recent: true}} {
		bg, fg := browserRowColors(e, true)
		if bg == nil {
			t.Errorf("%+v: the highlighted row has no background", e)
			continue
		}
		if r := contrast(bg, fg); r < 4.5 {
			t.Errorf("%+v: highlighted row contrast %.2f:1, want 4.5:1", e, r)
		}
	}
}

// contrast is WCAG 2's contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		lin := func(v uint32) float64 {
			s := float64(v) / 0xffff
			if s <= 0.03928 {
				return s / 12.92
			}
			return math.Pow((s+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestExportOneChoice: a file with one thing to export skips the question
// of what (issue 33, item 9: Ctrl+E asked "what?" with one choice), and
// the notice of an export of one animation says "1 animation".
func TestExportOneChoice(t *testing.T) {
	dir := t.TempDir()
	one := func(p string) (*formats.Asset, error) {
		a := demo.New()
		a.Clips = a.Clips[:1]
		return a, nil
	}
	a := newApp(t, Options{Path: demo.Name, Open: one, NoSystemChooser: true, ShotDir: dir})
	a.exp.begin(a.st)
	if a.st.Export().Stage() != state.ExportDestination || !a.st.Browser().Open() {
		t.Fatalf("Ctrl+E with one choice: stage %v, browser open %v", a.st.Export().Stage(), a.st.Browser().Open())
	}
	a.press(ebiten.KeyEnter, 0)
	if a.exp.job == nil {
		t.Fatalf("Enter did not export: stage %v, error %q", a.st.Export().Stage(), a.st.Messages().Err())
	}
	if err := a.exp.job.Wait(); err != nil {
		t.Fatal(err)
	}
	a.exp.poll(a.st, &a.script)
	if n := a.st.Messages().Notice(); !strings.HasPrefix(n, "exported 1 animation to ") {
		t.Errorf("notice %q, want exported 1 animation to …", n)
	}
}

// TestOneExportAtATime: an export asked for while the last one's job has
// not been picked up (a file opened in between moves the window's stage
// on) is refused, rather than started beside it: the two jobs wrote the
// exporter's one finish at once (the race detector found it in
// TestVerbsRun), and the first was never ended.
func TestOneExportAtATime(t *testing.T) {
	dir := t.TempDir()
	a := newApp(t, Options{Path: demo.Name, Open: opener, NoSystemChooser: true, ShotDir: dir})
	first := filepath.Join(dir, "first.glb")
	if err := a.action(Action{Verb: "export", Args: []string{"all", first}}); err != nil {
		t.Fatal(err)
	}
	job := a.exp.job
	if job == nil {
		t.Fatalf("export did not start: %q", a.st.Messages().Err())
	}
	if err := a.action(Action{Verb: "open", Args: []string{demo.Name}}); err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "second.glb")
	if err := a.action(Action{Verb: "export", Args: []string{"all", second}}); !errors.Is(err, errExportRunning) {
		t.Errorf("a second export while the first runs: %v, want %v", err, errExportRunning)
	}
	a.exp.start(a.st, second, false) // where the browser's and the question's answers end
	if a.exp.job != job {
		t.Errorf("the browser's export started a second job beside the first")
	}
	if err := job.Wait(); err != nil {
		t.Fatal(err)
	}
	a.exp.poll(a.st, &a.script)
	if a.exp.job != nil {
		t.Fatal("poll did not end the first export")
	}
	if _, err := os.Stat(first); err != nil {
		t.Errorf("the first export's file: %v", err)
	}
	if _, err := os.Stat(second); err == nil {
		t.Errorf("the refused export wrote %s", second)
	}
}
