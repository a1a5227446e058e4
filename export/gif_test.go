package export

import (
	"bytes"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
)

// TestRecordGIFSource checks the sampler recorder the viewer uses for
// animation trees: a plain clip's sampler gives the very file RecordGIF
// writes for that clip, any other source one frame per 1/FPS of its pass,
// and a cancelled recording leaves nothing.
func TestRecordGIFSource(t *testing.T) {
	dir := t.TempDir()
	a := demo.New()
	fo := raster.FrameOptions{Width: 64, Height: 48, FPS: 10, Yaw: 30, Pitch: 10}
	byClip := filepath.Join(dir, "clip.gif")
	if err := RecordGIF(byClip, a, 0, fo, nil); err != nil {
		t.Fatal(err)
	}
	bySampler := filepath.Join(dir, "sampler.gif")
	var calls, last, total int
	err := RecordGIFSource(bySampler, a, player.NewClipSampler(a.Skeleton, a.Clips[0]), fo, func(done, n int) bool {
		calls++
		last, total = done, n
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	// 1.2 s at 10 frames per second.
	if calls != 12 || last != 12 || total != 12 {
		t.Errorf("progress: %d calls, last %d of %d; want 12 of 12", calls, last, total)
	}
	want, _ := os.ReadFile(byClip)
	got, _ := os.ReadFile(bySampler)
	if len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("the clip's sampler gave %d bytes that differ from RecordGIF's %d", len(got), len(want))
	}

	// A source without a clip: 0.5 s at 10 frames per second is 5 frames
	// of 10 centiseconds.
	held := filepath.Join(dir, "held.gif")
	if err := RecordGIFSource(held, a, fixed{0.5, a.Skeleton}, fo, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 5 || raster.GIFFrames(0.5, 10) != 5 {
		t.Errorf("%d frames (GIFFrames %d), want 5", len(g.Image), raster.GIFFrames(0.5, 10))
	}
	for i, d := range g.Delay {
		if d != 10 {
			t.Errorf("frame %d: delay %d cs, want 10", i, d)
		}
	}

	before, _ := os.ReadDir(dir)
	cancelled := filepath.Join(dir, "cancelled.gif")
	err = RecordGIFSource(cancelled, a, fixed{1, a.Skeleton}, fo, func(done, n int) bool { return done < 3 })
	if err != raster.ErrCancelled {
		t.Errorf("cancel: %v, want raster.ErrCancelled", err)
	}
	if after, _ := os.ReadDir(dir); len(after) != len(before) {
		t.Errorf("cancelled recording left files: %v", after)
	}
}

// TestRecordGIFSourceRejects checks that a missing sampler, a pass that is
// not a length and a name that is not .gif are errors that write nothing.
func TestRecordGIFSourceRejects(t *testing.T) {
	dir := t.TempDir()
	a := demo.New()
	fo := raster.FrameOptions{Width: 32, Height: 24}
	tests := []struct {
		name string
		file string
		src  player.Sampler
	}{
		{"no sampler", "a.gif", nil},
		{"NaN pass", "b.gif", fixed{math.NaN(), a.Skeleton}},
		{"infinite pass", "c.gif", fixed{math.Inf(1), a.Skeleton}},
		{"negative pass", "d.gif", fixed{-1, a.Skeleton}},
		{"not a GIF name", "e.png", fixed{1, a.Skeleton}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := RecordGIFSource(filepath.Join(dir, tt.file), a, tt.src, fo, nil); err == nil {
				t.Error("no error")
			}
		})
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("rejected recordings left files: %v", ents)
	}
}
