package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/ui/state"
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
	a.st.Messages().Close()
	run("all", filepath.Join(dir, "bare"))
	if err := x.job.Wait(); err != nil {
		t.Fatal(err)
	}
	x.poll()
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
	if got := x.defaultName(state.ExportClip); got != "demo-walk.glb" {
		t.Errorf("default name for the clip: %q", got)
	}
}

// TestBrowserCloseEndsExport: the built-in browser picking an export's
// folder, closed without one (Esc, a click outside the view: browser.close),
// ends the export, so that Ctrl+E asks again.
func TestBrowserCloseEndsExport(t *testing.T) {
	a := newApp(t, Options{Path: assets.DemoName, Open: opener, NoSystemChooser: true, ShotDir: t.TempDir()})
	e := a.st.Export()
	a.exp.begin()
	a.exp.choose(state.ExportClip)
	if e.Stage() != state.ExportDestination || a.st.Browser().Saving() == "" {
		t.Fatalf("after choosing: stage %v, browser saving %q", e.Stage(), a.st.Browser().Saving())
	}
	a.browser.close()
	if e.Stage() != state.ExportIdle || a.st.Browser().Open() {
		t.Errorf("after close: stage %v, browser open %v", e.Stage(), a.st.Browser().Open())
	}
	a.exp.begin()
	if e.Stage() != state.ExportChoosing {
		t.Errorf("Ctrl+E again: stage %v", e.Stage())
	}
}
