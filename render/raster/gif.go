package raster

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
)

const (
	defaultFPS = 30
	// maxFPS keeps every delay at 2 centiseconds or more; browsers play
	// shorter delays at 10.
	maxFPS = 50
	// maxGIFBytes bounds the paletted frames held for gif.EncodeAll.
	maxGIFBytes = 512 << 20
	// rampSteps is the number of blends between the background and each
	// theme colour in the palette, for the anti-aliased edges.
	rampSteps = 8
)

// EncodeGIF writes the whole clip as a looping animated GIF: frames at
// fo.FPS from time 0, each shown until the next frame's time (the last until
// the clip's end), with the delays rounded cumulatively so they add up to
// the clip's duration to the centisecond. clip -1 gives a single frame of
// the bind pose. Frames use a fixed palette made from the theme's colours
// and their blends with the background, so edges stay smooth without
// dithering noise, and where meshes are drawn the colours they show most
// (meshPalette).
func EncodeGIF(w io.Writer, a *formats.Asset, clip int, fo FrameOptions) error {
	return EncodeGIFProgress(w, a, clip, fo, nil)
}

// ErrCancelled is returned when a progress callback stops an encoding.
var ErrCancelled = errors.New("raster: cancelled")

// EncodeGIFProgress is EncodeGIF reporting progress: after each frame it
// calls progress (when not nil) with the frames drawn and the total, and
// stops with ErrCancelled, writing nothing, when progress returns false.
// It suits a window that records in the background and shows a bar.
func EncodeGIFProgress(w io.Writer, a *formats.Asset, clip int, fo FrameOptions, progress func(done, total int) bool) error {
	r, err := newRenderer(a, clip, fo)
	if err != nil {
		return err
	}
	return encodeGIF(w, r, fo, progress)
}

// EncodeGIFSampler is EncodeGIFProgress for whatever src plays, such as a
// Metroid Prime meta-animation tree that no clip index names: one pass of
// src (its Duration) from time 0, framed and timed as a clip is. src must
// pose a's skeleton and is sampled on the calling goroutine only, so a
// viewer records with a sampler of its own, not the one it draws with.
func EncodeGIFSampler(w io.Writer, a *formats.Asset, src player.Sampler, fo FrameOptions, progress func(done, total int) bool) error {
	r, err := newSamplerRenderer(a, src, fo)
	if err != nil {
		return err
	}
	return encodeGIF(w, r, fo, progress)
}

// GIFFrames is the number of frames a GIF of a pass of dur seconds at fps
// holds (fps as FrameOptions.FPS: 0 means 30, at most 50).
func GIFFrames(dur, fps float64) int {
	fps = gifFPS(fps)
	// One frame per 1/fps, except that a last sliver shorter than half a
	// centisecond would get a zero delay (which players stretch to 0.1 s):
	// the frame before absorbs it.
	if dur > 0 {
		return max(1, int(math.Ceil((dur-0.005)*fps-1e-6)))
	}
	return 1
}

// gifFPS is the frame rate a GIF is drawn at.
func gifFPS(fps float64) float64 {
	if !(fps > 0) || math.IsInf(fps, 0) {
		fps = defaultFPS
	}
	return min(fps, maxFPS)
}

func encodeGIF(w io.Writer, r *renderer, fo FrameOptions, progress func(done, total int) bool) error {
	fps := gifFPS(fo.FPS)
	dur := r.duration()
	n := GIFFrames(dur, fo.FPS)
	if bytes := float64(n) * float64(r.w) * float64(r.h); bytes > maxGIFBytes {
		return fmt.Errorf("raster: GIF of %d frames at %d×%d needs %.0f MiB (limit %d MiB); lower the size or frame rate",
			n, r.w, r.h, bytes/(1<<20), maxGIFBytes>>20)
	}
	pal := gifPalette(&r.opt.Theme)
	bounds := image.Rect(0, 0, r.w, r.h)
	rgba := image.NewRGBA(bounds)
	pal = r.meshPalette(pal, rgba, n, fps)
	g := &gif.GIF{
		Image:     make([]*image.Paletted, 0, n),
		Delay:     make([]int, 0, n),
		LoopCount: 0,
		Config:    image.Config{ColorModel: pal, Width: r.w, Height: r.h},
	}
	q := quantizer{pal: pal, cache: make(map[color.RGBA]uint8)}
	shown := 0 // centiseconds elapsed at the end of the previous frame
	for i := 0; i < n; i++ {
		r.frame(rgba, float64(i)/fps)
		pm := image.NewPaletted(bounds, pal)
		q.convert(pm, rgba)
		end := int(math.Round(min(float64(i+1)/fps, dur) * 100))
		g.Image = append(g.Image, pm)
		g.Delay = append(g.Delay, end-shown)
		shown = end
		if progress != nil && !progress(i+1, n) {
			return ErrCancelled
		}
	}
	if err := gif.EncodeAll(w, g); err != nil {
		return fmt.Errorf("raster: encode GIF: %w", err)
	}
	return nil
}

// gifPalette returns the theme's colours, background first, followed by
// rampSteps-1 blends of the background towards each of them.
func gifPalette(th *render.Theme) color.Palette {
	fg := []color.RGBA{th.Bone, th.BoneSelected, th.Joint, th.Label, th.Grid, th.GridMajor, th.AxisX, th.AxisY, th.AxisZ, th.Camera}
	pal := color.Palette{th.Background}
	seen := map[color.RGBA]bool{th.Background: true}
	add := func(c color.RGBA) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range fg {
		add(c)
	}
	for _, c := range fg {
		for k := 1; k < rampSteps; k++ {
			add(blend(th.Background, c, float64(k)/rampSteps))
		}
	}
	// Joints sit on bone sticks: their fringe blends the two.
	for k := 1; k < 4; k++ {
		add(blend(th.Bone, th.Joint, float64(k)/4))
	}
	return pal
}

// meshPalette fills the palette's free entries with the colours the
// meshes show (their materials' and textures', lit), when they are drawn:
// the most frequent of the mesh layer's colours over the first, middle
// and last of n frames, each the mean of the pixels whose colour falls
// in one cell of a 16×16×16 grid (a popularity palette). rgba is
// scratch for the frames.
func (r *renderer) meshPalette(pal color.Palette, rgba *image.RGBA, n int, fps float64) color.Palette {
	if r.opt.Show == render.ShowBones || len(r.scene.Meshes) == 0 || len(pal) >= 256 {
		return pal
	}
	type cell struct{ r, g, b, n int }
	cells := make([]cell, 1<<12)
	for _, i := range []int{0, n / 2, n - 1} {
		r.frame(rgba, float64(i)/fps)
		ml := r.dl.MeshLayer()
		if ml == nil {
			continue
		}
		p := ml.Image.Pix
		for k := 0; k+3 < len(p); k += 4 {
			if p[k+3] != 255 {
				continue
			}
			c := &cells[int(p[k]>>4)<<8|int(p[k+1]>>4)<<4|int(p[k+2]>>4)]
			c.r, c.g, c.b, c.n = c.r+int(p[k]), c.g+int(p[k+1]), c.b+int(p[k+2]), c.n+1
		}
	}
	order := make([]int, 0, len(cells))
	for i, c := range cells {
		if c.n > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cells[b].n - cells[a].n })
	out := slices.Clone(pal)
	for _, i := range order {
		if len(out) >= 256 {
			break
		}
		c := cells[i]
		out = append(out, color.RGBA{uint8((c.r + c.n/2) / c.n), uint8((c.g + c.n/2) / c.n), uint8((c.b + c.n/2) / c.n), 255})
	}
	return out
}

func blend(a, b color.RGBA, f float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}

// quantizer maps pixels to their nearest palette entry, remembering the
// answers: a frame has few distinct colours and long runs of one.
type quantizer struct {
	pal   color.Palette
	cache map[color.RGBA]uint8
}

func (q *quantizer) convert(dst *image.Paletted, src *image.RGBA) {
	b := src.Bounds()
	var last color.RGBA
	lastIdx, have := uint8(0), false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := src.Pix[src.PixOffset(b.Min.X, y):]
		out := dst.Pix[dst.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			c := color.RGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			if !have || c != last {
				idx, ok := q.cache[c]
				if !ok {
					idx = uint8(q.pal.Index(c))
					q.cache[c] = idx
				}
				last, lastIdx, have = c, idx, true
			}
			out[x] = lastIdx
		}
	}
}
