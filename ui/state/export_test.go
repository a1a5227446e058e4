package state

import (
	"testing"

	"github.com/animview/animview/formats"
)

// TestExportChoicesAndStages: a character set offers its character's
// animations first, the demo every clip then what plays; the stages run
// choosing, destination, asking, running and back.
func TestExportChoicesAndStages(t *testing.T) {
	set := demoSet(t)
	ch := set.ExportChoices()
	if len(ch) != 3 || ch[0].What != ExportCharacter || ch[1].What != ExportAllClips || ch[2].What != ExportClip {
		t.Errorf("character set offers %+v", ch)
	}
	s := demo()
	ch = s.ExportChoices()
	if len(ch) != 2 || ch[0].What != ExportAllClips || ch[1].What != ExportClip || ch[1].Label != `"walk" (what plays)` {
		t.Errorf("demo offers %+v", ch)
	}
	if !s.BeginExport() || s.Export().Stage() != ExportChoosing || len(s.Export().Offered()) != 2 {
		t.Fatalf("Begin: stage %v, offered %v", s.Export().Stage(), s.Export().Offered())
	}
	s.ChooseExport(ExportClip)
	s.AskExport("/x/walk.glb")
	if s.Export().Stage() != ExportAsking || s.Export().What() != ExportClip || s.Export().Path() != "/x/walk.glb" {
		t.Errorf("asking: stage %v what %v path %q", s.Export().Stage(), s.Export().What(), s.Export().Path())
	}
	s.StartExport("/x/walk.glb")
	s.SetExportProgress(1, 2)
	if s.Export().Stage() != ExportRunning || s.Export().Fraction() != 0.5 {
		t.Errorf("running: stage %v fraction %v", s.Export().Stage(), s.Export().Fraction())
	}
	s.FinishExport()
	if s.Export().Stage() != ExportIdle || s.Export().Path() != "" {
		t.Errorf("finished: stage %v path %q", s.Export().Stage(), s.Export().Path())
	}
	empty := New("none", emptyForTest())
	if empty.BeginExport() {
		t.Error("a file without a skeleton began an export")
	}
}

// TestBrowserSave: picking an export's folder lists only sub-folders
// under a first row that writes the file in the folder shown, and
// choosing that row closes the browser.
func TestBrowserSave(t *testing.T) {
	s := demo()
	s.AddRecent("/old/walk.anim")
	s.ShowSaveBrowser("/out", "/", "demo.glb", []BrowserEntry{
		{Name: "../", Path: "/", Dir: true}, {Name: "sub/", Path: "/out/sub", Dir: true}, {Name: "a.anim", Path: "/out/a.anim"},
	}, "")
	rows := s.Browser().Rows()
	if s.Browser().Saving() != "demo.glb" || len(rows) != 3 || !rows[0].Save || rows[0].Path != "/out/demo.glb" || rows[2].Name != "sub/" {
		t.Fatalf("save rows %+v", rows)
	}
	if e, ok := s.ChooseInBrowser(2); !ok || !e.Dir || !s.Browser().Open() {
		t.Errorf("a folder row: %+v %v, open %v", e, ok, s.Browser().Open())
	}
	if e, ok := s.ChooseInBrowser(0); !ok || !e.Save || s.Browser().Open() {
		t.Errorf("the save row: %+v %v, open %v", e, ok, s.Browser().Open())
	}
	s.ShowBrowser("/in", nil, nil, "")
	if s.Browser().Saving() != "" {
		t.Error("opening a file still saves")
	}
}

// emptyForTest is an asset with no bones, as the window opens after a
// failed load.
func emptyForTest() *formats.Asset {
	return &formats.Asset{Format: "none", Skeleton: &formats.Skeleton{Name: "(nothing open)"}}
}
