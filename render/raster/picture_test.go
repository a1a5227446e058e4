package raster

import (
	"bytes"
	"image/gif"
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
)

// still is a source of a given duration that holds the bind pose.
type still struct {
	d  float64
	sk *formats.Skeleton
}

func (f still) Duration() float64                { return f.d }
func (f still) Sample(t float64, p *player.Pose) { p.SetBind(f.sk) }

// TestEncodeGIFSampler checks the sampler recorder the viewer uses for
// animation trees: a plain clip's sampler gives the very bytes
// EncodeGIFProgress writes for that clip, with progress after every frame
// up to the total; any other source gives one frame per 1/FPS of its
// pass; a cancel ends either with ErrCancelled.
func TestEncodeGIFSampler(t *testing.T) {
	a := demo.New()
	fo := FrameOptions{Width: 64, Height: 48, FPS: 10, Yaw: 30, Pitch: 10}
	var byClip, bySampler bytes.Buffer
	var calls, last, total int
	count := func(done, n int) bool {
		calls++
		last, total = done, n
		return true
	}
	if err := EncodeGIFProgress(&byClip, a, 0, fo, count); err != nil {
		t.Fatal(err)
	}
	// 1.2 s at 10 frames per second.
	if calls != 12 || last != 12 || total != 12 {
		t.Errorf("clip's progress: %d calls, last %d of %d; want 12 of 12", calls, last, total)
	}
	calls, last, total = 0, 0, 0
	if err := EncodeGIFSampler(&bySampler, a, player.NewClipSampler(a.Skeleton, a.Clips[0]), fo, count); err != nil {
		t.Fatal(err)
	}
	if calls != 12 || last != 12 || total != 12 {
		t.Errorf("sampler's progress: %d calls, last %d of %d; want 12 of 12", calls, last, total)
	}
	if byClip.Len() == 0 || !bytes.Equal(bySampler.Bytes(), byClip.Bytes()) {
		t.Errorf("the clip's sampler gave %d bytes that differ from the clip's %d", bySampler.Len(), byClip.Len())
	}

	// A source without a clip: 0.5 s at 10 frames per second is 5 frames
	// of 10 centiseconds.
	var held bytes.Buffer
	if err := EncodeGIFSampler(&held, a, still{0.5, a.Skeleton}, fo, nil); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&held)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 5 || GIFFrames(0.5, 10) != 5 {
		t.Errorf("%d frames (GIFFrames %d), want 5", len(g.Image), GIFFrames(0.5, 10))
	}
	for i, d := range g.Delay {
		if d != 10 {
			t.Errorf("frame %d: delay %d cs, want 10", i, d)
		}
	}

	stop := func(done, n int) bool { return done < 3 }
	if err := EncodeGIFSampler(&bytes.Buffer{}, a, still{1, a.Skeleton}, fo, stop); err != ErrCancelled {
		t.Errorf("cancel a source: %v, want ErrCancelled", err)
	}
	if err := EncodeGIFProgress(&bytes.Buffer{}, a, 0, fo, stop); err != ErrCancelled {
		t.Errorf("cancel a clip: %v, want ErrCancelled", err)
	}
}

// TestEncodeGIFSamplerRejects checks that a missing sampler and a pass
// that is not a length are errors.
func TestEncodeGIFSamplerRejects(t *testing.T) {
	a := demo.New()
	fo := FrameOptions{Width: 32, Height: 24}
	tests := []struct {
		name string
		src  player.Sampler
	}{
		{"no sampler", nil},
		{"NaN pass", still{math.NaN(), a.Skeleton}},
		{"infinite pass", still{math.Inf(1), a.Skeleton}},
		{"negative pass", still{-1, a.Skeleton}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := EncodeGIFSampler(&bytes.Buffer{}, a, tt.src, fo, nil); err == nil {
				t.Error("no error")
			}
		})
	}
}

// TestEncodeKinds: kind "png" writes a PNG of one frame, "gif" a GIF of
// the clip; the bind pose has no GIF and other kinds are refused, with
// nothing written.
func TestEncodeKinds(t *testing.T) {
	a := demo.New()
	fo := FrameOptions{Width: 64, Height: 48, FPS: 10}
	src := player.NewClipSampler(a.Skeleton, a.Clips[0])
	for _, c := range []struct {
		kind  string
		clip  int
		magic string
		err   string
	}{
		{"png", 0, "\x89PNG", ""},
		{"png", -1, "\x89PNG", ""},
		{"gif", 0, "GIF89a", ""},
		{"gif", -1, "", "a GIF needs a clip"},
		{"jpg", 0, "", `"jpg": want png or gif`},
	} {
		for _, sampler := range []bool{false, true} {
			if sampler && c.clip < 0 {
				continue
			}
			var b bytes.Buffer
			var err error
			if sampler {
				err = EncodeSampler(&b, c.kind, a, src, 0.5, fo, nil)
			} else {
				err = Encode(&b, c.kind, a, c.clip, 0.5, fo, nil)
			}
			switch {
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || b.Len() != 0):
				t.Errorf("%s clip %d (sampler %v): %v, %d bytes; want %q and nothing", c.kind, c.clip, sampler, err, b.Len(), c.err)
			case c.err == "" && (err != nil || !bytes.HasPrefix(b.Bytes(), []byte(c.magic))):
				t.Errorf("%s clip %d (sampler %v): %v, starts %q", c.kind, c.clip, sampler, err, b.Bytes()[:min(b.Len(), 6)])
			}
		}
	}
}
