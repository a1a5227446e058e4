package task

import (
	"errors"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/state"
)

// TestProgressAndCancel drives a Job with work that goes one step at a
// time on the test's signal: the progress the window reads follows each
// report, Poll does not wait, and Cancel turns the work's next report
// false.
func TestProgressAndCancel(t *testing.T) {
	errStopped := errors.New("stopped")
	step := make(chan struct{})
	reported := make(chan bool)
	j := Start(func(progress func(done, total int) bool) error {
		for i := 1; i <= 4; i++ {
			<-step
			ok := progress(i, 4)
			reported <- ok
			if !ok {
				return errStopped
			}
		}
		return nil
	})
	if d, n := j.Progress(); d != 0 || n != 0 {
		t.Errorf("before the first step: %d of %d", d, n)
	}
	if done, _ := j.Poll(); done {
		t.Fatal("Poll says finished before the work returned")
	}
	tests := []struct {
		cancel   bool
		wantOK   bool
		wantDone int
	}{
		{false, true, 1},
		{false, true, 2},
		{true, false, 3},
	}
	for _, tt := range tests {
		if tt.cancel {
			j.Cancel()
		}
		step <- struct{}{}
		if ok := <-reported; ok != tt.wantOK {
			t.Errorf("step %d: progress returned %v, want %v", tt.wantDone, ok, tt.wantOK)
		}
		if d, n := j.Progress(); d != tt.wantDone || n != 4 {
			t.Errorf("after step %d: %d of %d", tt.wantDone, d, n)
		}
	}
	if err := j.Wait(); err != errStopped {
		t.Errorf("Wait: %v, want the work's error", err)
	}
	if done, err := j.Poll(); !done || err != errStopped || !j.Cancelled() {
		t.Errorf("Poll after the end: %v, %v (cancelled %v)", done, err, j.Cancelled())
	}
}

// TestRecordTreeGIF records a character's Sequence tree as the window
// does: the state's own sampler of what plays, written by the export on a
// Job into a free name. The GIF has one frame per 1/fps of the pass;
// cancelled, it leaves nothing.
func TestRecordTreeGIF(t *testing.T) {
	path := filepath.Join("..", "..", "formats", "prime", "pak", "testdata", "DemoSet-mp1.pak")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := pak.Load(&formats.Input{Name: filepath.Base(path), Data: data})
	if err != nil {
		t.Fatal(err)
	}
	s := state.New("DemoSet-mp1.pak", a)
	if err := s.SelectAnim(s.Tree().AnimByName("sequence")); err != nil {
		t.Fatal(err)
	}
	src, _, err := s.RecordSource()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fo := raster.FrameOptions{Width: 48, Height: 32, FPS: 15}
	write := func(path string) func(func(int, int) bool) error {
		return func(progress func(int, int) bool) error {
			return safefile.WriteAtomic(path, func(w io.Writer) error { return raster.EncodeGIFSampler(w, s.Asset(), src, fo, progress) })
		}
	}
	cancelled := Start(write(filepath.Join(dir, "c.gif")))
	cancelled.Cancel()
	if err := cancelled.Wait(); !errors.Is(err, raster.ErrCancelled) {
		t.Errorf("cancelled: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled recording left %v", ents)
	}
	out := folder.FreeName(dir, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), ".gif")
	j := Start(write(out))
	if err := j.Wait(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	want := raster.GIFFrames(src.Duration(), 15)
	if d, n := j.Progress(); len(g.Image) != want || d != want || n != want {
		t.Errorf("%d frames, progress %d of %d; want %d for %.3f s", len(g.Image), d, n, want, src.Duration())
	}
}
