package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestRecordGIFKey drives the recorder as the keys and scripts do: Shift+P
// starts a recording the redraw check follows frame by frame, Esc cancels
// it (leaving no file), and record-gif holds the script until the file is
// written and a notice names it.
func TestRecordGIFKey(t *testing.T) {
	dir := t.TempDir()
	a := newApp(t, Options{Path: demo.Name, Open: opener, ShotDir: dir})
	if k := a.paintKey(); k.recording != 0 {
		t.Fatalf("paint key's recording %d with none running", k.recording)
	}

	a.press(ebiten.KeyP, modShift)
	j := a.rec.job
	if j == nil || !a.st.Recording().Active() {
		t.Fatal("Shift+P started no recording")
	}
	path := a.st.Recording().Path()
	if filepath.Dir(path) != dir || filepath.Ext(path) != ".gif" || a.st.Recording().Name() != "walk" {
		t.Errorf("recording %q of %q, want a .gif in %s of the walk", path, a.st.Recording().Name(), dir)
	}
	a.press(ebiten.KeyP, modShift) // a second one while the first runs is refused
	if a.rec.job != j || !strings.Contains(a.st.Messages().Notice(), "already recording") {
		t.Errorf("second Shift+P: notice %q", a.st.Messages().Notice())
	}
	a.runVerb("help")
	a.press(ebiten.KeyEscape, 0)
	if !j.Cancelled() || !a.st.Recording().Cancelled() || !a.st.Messages().Help() {
		t.Errorf("Esc: cancelled %v, help still open %v; want the recording cancelled first", j.Cancelled(), a.st.Messages().Help())
	}
	_ = j.Wait()
	a.rec.poll(a.st, &a.script)
	if a.rec.job != nil || a.st.Recording().Active() || a.st.Messages().Notice() != "GIF recording cancelled" || a.st.Messages().Err() != "" {
		t.Errorf("after cancelling: recording %v, notice %q, error %q", a.rec.job, a.st.Messages().Notice(), a.st.Messages().Err())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled recording left %v", ents)
	}

	acts, err := ParseActions("record-gif; pause")
	if err != nil {
		t.Fatal(err)
	}
	a.script.left = acts
	a.st.Play()
	a.runScript()
	j = a.rec.job
	if j == nil || !a.script.hold || len(a.script.left) != 1 {
		t.Fatalf("record-gif: recording %v, hold %v, %d actions left", j, a.script.hold, len(a.script.left))
	}
	path = a.st.Recording().Path()
	if err := j.Wait(); err != nil {
		t.Fatal(err)
	}
	a.runScript() // still held: the window has not seen the end yet
	if len(a.script.left) != 1 {
		t.Error("the script went on before the window saw the recording end")
	}
	done, total := j.Progress()
	if k := a.paintKey(); k.recording != done+1 || done != total || total != 36 {
		t.Errorf("paint key's recording %d after %d of %d frames; want %d of 36", k.recording, done, total, done+1)
	}
	a.rec.poll(a.st, &a.script)
	a.runScript()
	if a.rec.job != nil || a.script.hold || len(a.script.left) != 0 || a.st.Playback().Playing() {
		t.Errorf("after the end: recording %v, hold %v, %d actions left", a.rec.job, a.script.hold, len(a.script.left))
	}
	if !strings.Contains(a.st.Messages().Notice(), path) || a.paintKey().recording != 0 {
		t.Errorf("notice %q does not name %s", a.st.Messages().Notice(), path)
	}
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		t.Errorf("no GIF: %v", err)
	}
}

// TestRecordOptions checks the GIF's framing: the view's aspect within
// 640 pixels, the camera's direction and the frame rate capped at 30.
func TestRecordOptions(t *testing.T) {
	a := newTestApp(t)
	a.w.view.GetWidget().Rect.Max = a.w.view.GetWidget().Rect.Min.Add(image.Pt(1000, 500))
	cam := a.st.View().Camera()
	cam.Yaw, cam.Pitch = 40, 15
	a.st.SetCamera(cam)
	a.st.Asset().Clips[0].FrameRate = 60
	defer func() { a.st.Asset().Clips[0].FrameRate = 30 }()
	fo := a.rec.options(a.st, a.viewport(), a.scene.opts)
	if fo.Width != 640 || fo.Height != 320 || fo.Yaw != 40 || fo.Pitch != 15 || fo.FPS != 30 {
		t.Errorf("options %d×%d yaw %v pitch %v at %v fps; want 640×320, 40, 15, 30", fo.Width, fo.Height, fo.Yaw, fo.Pitch, fo.FPS)
	}
	a.st.Asset().Clips[0].FrameRate = 12
	if fo := a.rec.options(a.st, a.viewport(), a.scene.opts); fo.FPS != 12 {
		t.Errorf("a 12 fps clip records at %v fps", fo.FPS)
	}
}

// TestCancelAfterLastFrame is the race a loaded machine lost: the job
// has written every frame and returned, but the window asks to cancel
// (Esc, or the window closing) before it picks the result up. The cancel
// wins: no file is left, and the log says "cancelled" with the file gone.
// The same holds for the export to glTF.
func TestCancelAfterLastFrame(t *testing.T) {
	dir := t.TempDir()
	var log []string
	a := newApp(t, Options{Path: demo.Name, Open: opener, ShotDir: dir, Log: func(s string) {
		if strings.HasPrefix(s, "cancelled") || strings.HasPrefix(s, "export cancelled") {
			// Logged only once the file is gone.
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Errorf("%q logged while the folder holds %v", s, ents)
			}
		}
		log = append(log, s)
	}})
	empty := func(when string) {
		t.Helper()
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s: the folder holds %v", when, ents)
		}
	}
	last := func() string { return log[len(log)-1] }

	// Esc after the last frame, before the window's poll.
	a.press(ebiten.KeyP, modShift)
	j, path := a.rec.job, a.st.Recording().Path()
	if err := j.Wait(); err != nil {
		t.Fatal(err)
	}
	if done, total := j.Progress(); done != total || total == 0 {
		t.Fatalf("the job returned after %d of %d frames", done, total)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("the GIF is at its name before the window picked the job up")
	}
	a.press(ebiten.KeyEscape, 0)
	a.rec.poll(a.st, &a.script)
	if m := a.st.Messages(); m.Notice() != "GIF recording cancelled" || last() != "cancelled "+path {
		t.Errorf("Esc after the last frame: notice %q, log %q", m.Notice(), last())
	}
	empty("Esc after the last frame")

	// The window closing after the last frame.
	a.press(ebiten.KeyP, modShift)
	path = a.st.Recording().Path()
	if err := a.rec.job.Wait(); err != nil {
		t.Fatal(err)
	}
	a.rec.stop(a.st, &a.script)
	if last() != "cancelled "+path || a.rec.job != nil || a.st.Recording().Active() {
		t.Errorf("closing after the last frame: log %q", last())
	}
	empty("closing after the last frame")

	// The export: written, then Esc, then the poll.
	glb := filepath.Join(dir, "late.glb")
	if err := a.run(a.cmds.byVerb["export"], []string{"clip", glb}, false); err != nil {
		t.Fatal(err)
	}
	if err := a.exp.job.Wait(); err != nil {
		t.Fatal(err)
	}
	if !a.exp.cancel(a.st) {
		t.Fatal("Esc found no export to cancel")
	}
	a.exp.poll(a.st, &a.script)
	if m := a.st.Messages(); m.Notice() != "export cancelled" || last() != "export cancelled" {
		t.Errorf("export cancelled after writing: notice %q, log %q", m.Notice(), last())
	}
	empty("export cancelled after writing")
	// And closing the window on a written export.
	if err := a.run(a.cmds.byVerb["export"], []string{"clip", glb}, false); err != nil {
		t.Fatal(err)
	}
	if err := a.exp.job.Wait(); err != nil {
		t.Fatal(err)
	}
	a.exp.stop(a.st, &a.script)
	if last() != "export cancelled" || a.st.Export().Stage() != state.ExportIdle {
		t.Errorf("closing on a written export: log %q, stage %v", last(), a.st.Export().Stage())
	}
	empty("closing on a written export")
}
