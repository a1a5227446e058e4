package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestRecordGIFKey drives the recorder as the keys and scripts do: Shift+P
// starts a recording the redraw check follows frame by frame, Esc cancels
// it (leaving no file), and record-gif holds the script until the file is
// written and a notice names it.
func TestRecordGIFKey(t *testing.T) {
	dir := t.TempDir()
	a, err := NewApp(Options{Path: assets.DemoName, Open: opener, Log: func(string) {}, ShotDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if k := a.paintKey(); k.recording != 0 {
		t.Fatalf("paint key's recording %d with none running", k.recording)
	}

	a.press(ebiten.KeyP, true, false)
	r := a.rec.cur
	if r == nil {
		t.Fatal("Shift+P started no recording")
	}
	if filepath.Dir(r.Path) != dir || filepath.Ext(r.Path) != ".gif" || r.Name != "walk" {
		t.Errorf("recording %q of %q, want a .gif in %s of the walk", r.Path, r.Name, dir)
	}
	a.press(ebiten.KeyP, true, false) // a second one while the first runs is refused
	if a.rec.cur != r || !strings.Contains(a.st.Notice, "already recording") {
		t.Errorf("second Shift+P: notice %q", a.st.Notice)
	}
	a.st.Help = true
	a.press(ebiten.KeyEscape, false, false)
	if !r.Cancelled() || !a.st.Help {
		t.Errorf("Esc: cancelled %v, help still open %v; want the recording cancelled first", r.Cancelled(), a.st.Help)
	}
	_ = r.Wait()
	a.pollRecording()
	if a.rec.cur != nil || a.st.Notice != "GIF recording cancelled" || a.st.Err != "" {
		t.Errorf("after cancelling: recording %v, notice %q, error %q", a.rec.cur, a.st.Notice, a.st.Err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled recording left %v", ents)
	}

	acts, err := state.ParseActions("record-gif; pause")
	if err != nil {
		t.Fatal(err)
	}
	a.script = acts
	a.st.Playing = true
	a.runScript()
	r = a.rec.cur
	if r == nil || !a.rec.hold || len(a.script) != 1 {
		t.Fatalf("record-gif: recording %v, hold %v, %d actions left", r, a.rec.hold, len(a.script))
	}
	if err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	a.runScript() // still held: the window has not seen the end yet
	if len(a.script) != 1 {
		t.Error("the script went on before the window saw the recording end")
	}
	done, total := r.Progress()
	if k := a.paintKey(); k.recording != done+1 || done != total || total != 36 {
		t.Errorf("paint key's recording %d after %d of %d frames; want %d of 36", k.recording, done, total, done+1)
	}
	a.pollRecording()
	a.runScript()
	if a.rec.cur != nil || a.rec.hold || len(a.script) != 0 || a.st.Playing {
		t.Errorf("after the end: recording %v, hold %v, %d actions left", a.rec.cur, a.rec.hold, len(a.script))
	}
	if !strings.Contains(a.st.Notice, r.Path) || a.paintKey().recording != 0 {
		t.Errorf("notice %q does not name %s", a.st.Notice, r.Path)
	}
	if st, err := os.Stat(r.Path); err != nil || st.Size() == 0 {
		t.Errorf("no GIF: %v", err)
	}
}

// TestRecordOptions checks the GIF's framing: the view's aspect within
// 640 pixels, the camera's direction and the frame rate capped at 30.
func TestRecordOptions(t *testing.T) {
	a := newTestApp(t)
	a.w.view.GetWidget().Rect.Max = a.w.view.GetWidget().Rect.Min.Add(image.Pt(1000, 500))
	a.st.Camera.Yaw, a.st.Camera.Pitch = 40, 15
	a.st.Asset.Clips[0].FrameRate = 60
	defer func() { a.st.Asset.Clips[0].FrameRate = 30 }()
	fo := a.recordOptions()
	if fo.Width != 640 || fo.Height != 320 || fo.Yaw != 40 || fo.Pitch != 15 || fo.FPS != 30 {
		t.Errorf("options %d×%d yaw %v pitch %v at %v fps; want 640×320, 40, 15, 30", fo.Width, fo.Height, fo.Yaw, fo.Pitch, fo.FPS)
	}
	a.st.Asset.Clips[0].FrameRate = 12
	if fo := a.recordOptions(); fo.FPS != 12 {
		t.Errorf("a 12 fps clip records at %v fps", fo.FPS)
	}
}
