package raster

import (
	"bytes"
	"image/color"
	"image/gif"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

func TestEncodeGIFFramesAndDelays(t *testing.T) {
	withDuration := func(d float64) *formats.Asset {
		a := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
		a.Clips[0].Duration = d
		return a
	}
	tests := []struct {
		name   string
		asset  *formats.Asset
		clip   int
		fps    float64
		frames int
		delays []int // nil: only the sum and the range are checked
		sum    int
		lo, hi int // every delay within [lo, hi]
	}{
		{"1 s at the default 30 fps", withDuration(1), 0, 0, 30, nil, 100, 3, 4},
		{"0.5 s at 20 fps", withDuration(0.5), 0, 20, 10, []int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, 50, 5, 5},
		{"0.25 s at 10 fps: short last frame", withDuration(0.25), 0, 10, 3, []int{10, 10, 5}, 25, 5, 10},
		// 1.001 s: the 1 ms tail would round to a 0 cs frame; it merges.
		{"sliver merged", withDuration(1.001), 0, 30, 30, nil, 100, 3, 4},
		{"fps capped at 50", withDuration(1), 0, 1000, 50, nil, 100, 2, 2},
		{"bind pose", withDuration(1), -1, 30, 1, []int{0}, 0, 0, 0},
		{"zero-length clip", withDuration(0), 0, 30, 1, []int{0}, 0, 0, 0},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		fo := FrameOptions{Width: 64, Height: 48, FPS: tc.fps}
		if err := EncodeGIF(&buf, tc.asset, tc.clip, fo); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		g, err := gif.DecodeAll(&buf)
		if err != nil {
			t.Fatalf("%s: decode: %v", tc.name, err)
		}
		if len(g.Image) != tc.frames || len(g.Delay) != tc.frames {
			t.Errorf("%s: %d frames, %d delays, want %d", tc.name, len(g.Image), len(g.Delay), tc.frames)
			continue
		}
		// image/gif writes the loop extension only for animations; a still
		// decodes as "no loop" (-1).
		if tc.frames > 1 && g.LoopCount != 0 {
			t.Errorf("%s: LoopCount %d", tc.name, g.LoopCount)
		}
		sum := 0
		for i, d := range g.Delay {
			sum += d
			if d < tc.lo || d > tc.hi {
				t.Errorf("%s: delay %d = %d outside [%d, %d]", tc.name, i, d, tc.lo, tc.hi)
			}
			if tc.delays != nil && d != tc.delays[i] {
				t.Errorf("%s: delays %v, want %v", tc.name, g.Delay, tc.delays)
				break
			}
		}
		if sum != tc.sum {
			t.Errorf("%s: delays add up to %d cs, want %d", tc.name, sum, tc.sum)
		}
		if g.Config.Width != 64 || g.Config.Height != 48 {
			t.Errorf("%s: size %dx%d", tc.name, g.Config.Width, g.Config.Height)
		}
	}
}

func TestEncodeGIFPixels(t *testing.T) {
	th := render.DefaultTheme()
	opt := render.DefaultOptions()
	opt.Grid, opt.Axes, opt.Joints = false, false, false
	a := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
	fo := FrameOptions{Width: 160, Height: 120, Options: opt, FPS: 10}
	var buf bytes.Buffer
	if err := EncodeGIF(&buf, a, 0, fo); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// Each frame matches RenderFrame at its time: fully covered pixels keep
	// the exact bone colour (it is in the palette) and the background stays.
	for i, pm := range g.Image {
		want, err := RenderFrame(a, 0, float64(i)/10, fo)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 120; y++ {
			for x := 0; x < 160; x++ {
				w := want.RGBAAt(x, y)
				if w != th.Bone && w != th.Background {
					continue
				}
				if got := color.RGBAModel.Convert(pm.At(x, y)).(color.RGBA); got != w {
					t.Fatalf("frame %d pixel (%d,%d) = %v, want %v", i, x, y, got, w)
				}
			}
		}
	}
	if bytes.Equal(g.Image[0].Pix, g.Image[5].Pix) {
		t.Error("frames 0 and 5 are identical: the arm did not move")
	}
}

func TestGIFPaletteHasThemeAndRamps(t *testing.T) {
	th := render.DefaultTheme()
	pal := gifPalette(&th)
	if len(pal) > 256 || len(pal) < 11+10*(rampSteps-1)-5 {
		t.Errorf("palette of %d colours", len(pal))
	}
	if pal[0] != th.Background {
		t.Errorf("first colour %v, want the background", pal[0])
	}
	half := blend(th.Background, th.Bone, 0.5)
	if got := pal[pal.Index(half)]; got != half {
		t.Errorf("half-covered bone edge maps to %v, want %v", got, half)
	}
}

func TestEncodeGIFRefusesHugeOutput(t *testing.T) {
	a := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
	a.Clips[0].Duration = 1e6
	err := EncodeGIF(&bytes.Buffer{}, a, 0, FrameOptions{Width: 640, Height: 480})
	if err == nil {
		t.Fatal("a million-second GIF was attempted")
	}
}
