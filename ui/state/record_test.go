package state

import (
	"errors"
	"image/gif"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/export"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
)

// TestRecordingProgressAndCancel drives a Recording with a writer that
// goes one frame at a time on the test's signal: the progress the window
// reads follows each report, Poll does not wait, and Cancel turns the
// writer's next report false.
func TestRecordingProgressAndCancel(t *testing.T) {
	errStopped := errors.New("stopped")
	step := make(chan struct{})
	reported := make(chan bool)
	r := StartRecording("x.gif", "walk", func(progress func(done, total int) bool) error {
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
	if d, n := r.Progress(); d != 0 || n != 0 || r.Fraction() != 0 {
		t.Errorf("before the first frame: %d of %d (%v)", d, n, r.Fraction())
	}
	if done, _ := r.Poll(); done {
		t.Fatal("Poll says finished before the writer returned")
	}
	tests := []struct {
		cancel   bool
		wantOK   bool
		wantDone int
		wantFrac float64
	}{
		{false, true, 1, 0.25},
		{false, true, 2, 0.5},
		{true, false, 3, 0.75},
	}
	for _, tt := range tests {
		if tt.cancel {
			r.Cancel()
		}
		step <- struct{}{}
		if ok := <-reported; ok != tt.wantOK {
			t.Errorf("frame %d: progress returned %v, want %v", tt.wantDone, ok, tt.wantOK)
		}
		if d, n := r.Progress(); d != tt.wantDone || n != 4 || r.Fraction() != tt.wantFrac {
			t.Errorf("after frame %d: %d of %d (%v), want %v", tt.wantDone, d, n, r.Fraction(), tt.wantFrac)
		}
	}
	if err := r.Wait(); err != errStopped {
		t.Errorf("Wait: %v, want the writer's error", err)
	}
	if done, err := r.Poll(); !done || err != errStopped || !r.Cancelled() {
		t.Errorf("Poll after the end: %v, %v (cancelled %v)", done, err, r.Cancelled())
	}
}

// TestRecordSourceTree checks that what a recording samples is what
// plays: for a meta-animation tree, a transition preview, a plain clip
// and in-place mode, the recording's own sampler gives the viewer's poses
// at every frame time, and it is a different object from the one the
// window draws with.
func TestRecordSourceTree(t *testing.T) {
	tests := []struct {
		name  string
		held  bool // in-place mode holds the root
		setup func(t *testing.T) *State
	}{
		{"random tree", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.Reseed(7); err != nil {
				t.Fatal(err)
			}
			if err := s.SelectAnim(s.AnimByName("random_idle")); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"blend", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.SelectAnim(s.AnimByName("walk_blend")); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"transition", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.PlayTransitionAt(s.AnimByName("walk"), s.AnimByName("idle"), 0.3); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"clip in place", true, func(t *testing.T) *State {
			s := New("demo:", assets.Demo())
			s.SelectClip(0)
			s.ToggleInPlace()
			return s
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.setup(t)
			src, name, err := s.RecordSource()
			if err != nil {
				t.Fatal(err)
			}
			if name != s.CurrentClip().Name {
				t.Errorf("name %q, want %q", name, s.CurrentClip().Name)
			}
			if _, ok := src.(*heldSampler); ok != tt.held {
				t.Errorf("root held: %v, want %v", ok, tt.held)
			}
			if any(src) == any(s.Sampler()) {
				t.Fatal("the recording shares the window's sampler")
			}
			if src.Duration() != s.Sampler().Duration() {
				t.Errorf("duration %v, want %v", src.Duration(), s.Sampler().Duration())
			}
			got := player.NewPose(s.Asset.Skeleton)
			want := player.NewPose(s.Asset.Skeleton)
			for k := 0; k < 20; k++ {
				tm := src.Duration() * float64(k) / 20
				src.Sample(tm, got)
				s.Sampler().Sample(tm, want)
				s.HoldInPlace(want)
				if d := poseDiff(got, want); d > 1e-6 {
					t.Fatalf("at %.3f s the recording's pose is %g off the viewer's", tm, d)
				}
			}
		})
	}
}

// TestRecordTreeGIF records a tree through the export the window uses:
// the GIF has one frame per 1/fps of the pass; cancelled, it leaves nothing.
func TestRecordTreeGIF(t *testing.T) {
	s := demoSet(t)
	if err := s.SelectAnim(s.AnimByName("sequence")); err != nil {
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
			return export.RecordGIFSource(path, s.Asset, src, fo, progress)
		}
	}
	cancelled := StartRecording(filepath.Join(dir, "c.gif"), "sequence", write(filepath.Join(dir, "c.gif")))
	cancelled.Cancel()
	if err := cancelled.Wait(); !errors.Is(err, raster.ErrCancelled) {
		t.Errorf("cancelled: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled recording left %v", ents)
	}
	path := OutputName(dir, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), ".gif")
	if filepath.Base(path) != "animview-20260102-030405.gif" {
		t.Errorf("name %q", path)
	}
	r := StartRecording(path, "sequence", write(path))
	if err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	want := raster.GIFFrames(src.Duration(), 15)
	if d, n := r.Progress(); len(g.Image) != want || d != want || n != want {
		t.Errorf("%d frames, progress %d of %d; want %d for %.3f s", len(g.Image), d, n, want, src.Duration())
	}
	if next := OutputName(dir, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), ".gif"); filepath.Base(next) != "animview-20260102-030405-2.gif" {
		t.Errorf("second name %q", next)
	}
}
