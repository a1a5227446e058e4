package raster

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
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

// TestMedianCutPalette: the background comes first and exact; a frame of
// few colours keeps them all exactly; many colours get 256 entries.
func TestMedianCutPalette(t *testing.T) {
	bg := color.RGBA{20, 22, 28, 255}
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	few := []color.RGBA{bg, {200, 200, 200, 255}, {10, 200, 30, 255}}
	for i := 0; i < 64*64; i++ {
		c := few[i%3]
		copy(img.Pix[4*i:], []uint8{c.R, c.G, c.B, 255})
	}
	h := newColourHistogram()
	h.add(img)
	pal := h.medianCut([]color.RGBA{bg}, 256)
	if len(pal) != 3 || pal[0] != bg {
		t.Errorf("few colours: palette %v", pal)
	}
	for i := 0; i < 64*64; i++ {
		copy(img.Pix[4*i:], []uint8{uint8(i), uint8(i >> 4), uint8(i * 7), 255})
	}
	h = newColourHistogram()
	h.add(img)
	if pal = h.medianCut([]color.RGBA{bg}, 256); len(pal) != 256 || pal[0] != bg {
		t.Errorf("many colours: %d entries, first %v", len(pal), pal[0])
	}
}

// TestGIFKeepsMeshColours: a grey shaded mesh in a GIF keeps its colours
// (issue 32: the theme's fixed palette tinted grey meshes, mean error
// 12.6 on the figure's pixels). The mean error over the pixels that are
// not background, against the frame drawn directly, must stay under 4.
func TestGIFKeepsMeshColours(t *testing.T) {
	data, err := os.ReadFile("../../formats/ms3d/testdata/tube_v4.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	a, err := ms3d.Load(&formats.Input{Name: "tube_v4.ms3d", Data: data})
	if err != nil || len(a.Meshes) == 0 {
		t.Fatalf("%v, %d meshes", err, len(a.Meshes))
	}
	for _, m := range a.Meshes {
		for i := range m.Materials {
			m.Materials[i].Diffuse = [4]float32{0.6, 0.6, 0.6, 1}
		}
	}
	fo := FrameOptions{Width: 160, Height: 120, FPS: 10}
	var buf bytes.Buffer
	if err := EncodeGIF(&buf, a, 0, fo); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	bg := render.DefaultTheme().Background
	var sum, n float64
	for i, pm := range g.Image {
		want, err := RenderFrame(a, 0, float64(i)/10, fo)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 120; y++ {
			for x := 0; x < 160; x++ {
				w := want.RGBAAt(x, y)
				if w == bg {
					continue
				}
				got := color.RGBAModel.Convert(pm.At(x, y)).(color.RGBA)
				sum += math.Abs(float64(got.R)-float64(w.R)) + math.Abs(float64(got.G)-float64(w.G)) + math.Abs(float64(got.B)-float64(w.B))
				n += 3
			}
		}
	}
	if n == 0 {
		t.Fatal("the mesh drew no pixels")
	}
	if mean := sum / n; mean >= 4 {
		t.Errorf("mean error %.2f on %v figure pixels, want under 4", mean, n/3)
	} else {
		t.Logf("mean error %.2f on %v figure pixels", mean, n/3)
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
