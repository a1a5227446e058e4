package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/render/raster"
)

// TestRenderFile: the extension chooses a PNG of one frame or a GIF of
// the clip; the bind pose has no GIF; other names are refused and write
// nothing.
func TestRenderFile(t *testing.T) {
	a := demo.New()
	dir := t.TempDir()
	fo := raster.FrameOptions{Width: 64, Height: 48, FPS: 10}
	for _, c := range []struct {
		name  string
		clip  int
		magic string
		err   string
	}{
		{"walk.png", 0, "\x89PNG", ""},
		{"BIND.PNG", -1, "\x89PNG", ""},
		{"walk.gif", 0, "GIF89a", ""},
		{"bind.gif", -1, "", "a GIF needs a clip"},
		{"walk.jpg", 0, "", "want a .png or .gif name"},
	} {
		out := filepath.Join(dir, c.name)
		err := renderFile(out, a, c.clip, 0.5, fo, true, nil)
		b, rerr := os.ReadFile(out)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || rerr == nil {
				t.Errorf("%s: %v (file written: %v), want %q and no file", c.name, err, rerr == nil, c.err)
			}
			continue
		}
		if err != nil || !bytes.HasPrefix(b, []byte(c.magic)) {
			t.Errorf("%s: %v, file starts %q", c.name, err, b[:min(len(b), 6)])
		}
	}
	walk, err := os.ReadFile(filepath.Join(dir, "walk.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(walk))
	if err != nil || img.Bounds().Dx() != 64 || img.Bounds().Dy() != 48 {
		t.Errorf("walk.png: %v, %v", err, img.Bounds())
	}
}

// TestRenderFrames: the demo's walk lasts 1.2 s at 30 frames a second,
// so its own rate gives 37 frames (0 to 1.2 s inclusive) and fo.FPS 10
// gives 13; each frame is a PNG named OUT_NNNN.png.
func TestRenderFrames(t *testing.T) {
	a := demo.New()
	fo := raster.FrameOptions{Width: 32, Height: 24, FPS: 10}
	for _, c := range []struct {
		own  bool
		want int
	}{{true, 37}, {false, 13}} {
		dir := t.TempDir()
		n, base, err := renderFrames(a, 0, filepath.Join(dir, "walk.png"), fo, c.own, true, nil)
		if err != nil || n != c.want || base != filepath.Join(dir, "walk") {
			t.Fatalf("own rate %v: %d frames, base %s, %v; want %d", c.own, n, base, err, c.want)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != c.want || ents[0].Name() != "walk_0000.png" || ents[c.want-1].Name() != fmt.Sprintf("walk_%04d.png", c.want-1) {
			t.Errorf("own rate %v: %d files from %s", c.own, len(ents), ents[0].Name())
		}
	}
	dir := t.TempDir()
	for _, c := range []struct {
		out  string
		clip int
		fps  float64
		err  string
	}{
		{"walk.gif", 0, 10, "--all-frames writes PNGs"},
		{"bind.png", -1, 10, "needs a clip"},
		{"long.png", 0, 1e6, "more than 100000"},
	} {
		fo.FPS = c.fps
		if _, _, err := renderFrames(a, c.clip, filepath.Join(dir, c.out), fo, false, true, nil); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.out, err, c.err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused sequences wrote %d files", len(ents))
	}
}
