package export

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
)

// MaxFrames bounds a PNG sequence (RenderFrames).
const MaxFrames = 100000

// RenderFile draws clip ci of a (-1: the bind pose) to out, chosen by
// out's extension: a .png of the frame at time t, or a .gif of the whole
// clip. An image by itself (IsImage) is written as its first level, a
// PNG at its own size. The file is written whole or not at all: a failure
// leaves what was there.
func RenderFile(out string, a *formats.Asset, ci int, t float64, fo raster.FrameOptions) error {
	return RenderFileProgress(out, a, ci, t, fo, true, nil)
}

// RenderFileProgress is RenderFile that replaces a file only when replace
// is true (else the error wraps safefile.ErrExists, even for a file that appeared
// while it was drawn) and reports a GIF's frames to progress (when not
// nil; false cancels).
func RenderFileProgress(out string, a *formats.Asset, ci int, t float64, fo raster.FrameOptions, replace bool, progress func(done, total int) bool) error {
	kind := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
	if kind != "png" && kind != "gif" {
		return fmt.Errorf("-o %s: want a .png or .gif name", out)
	}
	p, err := safefile.WritePending(out, replace, func(w io.Writer) error { return RenderTo(w, kind, a, ci, t, fo, progress) })
	if err != nil {
		return err
	}
	return p.Commit()
}

// RenderTo writes what RenderFile writes to w: kind "png" draws the frame
// at time t, kind "gif" the whole clip ci.
func RenderTo(w io.Writer, kind string, a *formats.Asset, ci int, t float64, fo raster.FrameOptions, progress func(done, total int) bool) error {
	if IsImage(a) {
		if kind != "png" {
			return fmt.Errorf("render: %s is a still image; want a PNG", a.Images[0].Name)
		}
		return raster.EncodePNG(w, a.Images[0].Image())
	}
	switch kind {
	case "gif":
		if ci < 0 {
			return errors.New("a GIF needs a clip; the file has none")
		}
		return raster.EncodeGIFProgress(w, a, ci, fo, progress)
	case "png":
		img, err := raster.RenderFrame(a, ci, t, fo)
		if err != nil {
			return err
		}
		return raster.EncodePNG(w, img)
	}
	return fmt.Errorf("render: %q: want png or gif", kind)
}

// IsImage reports whether the asset is an image by itself (a texture file
// opened alone): images, and no bones or meshes to draw.
func IsImage(a *formats.Asset) bool {
	return len(a.Images) > 0 && len(a.Meshes) == 0 && (a.Skeleton == nil || len(a.Skeleton.Bones) == 0)
}

// RenderSamplerTo is RenderTo for whatever src plays on a's skeleton (a
// clip of another file, `--motion`): kind "png" the frame at time t, "gif"
// one pass.
func RenderSamplerTo(w io.Writer, kind string, a *formats.Asset, src player.Sampler, t float64, fo raster.FrameOptions, progress func(done, total int) bool) error {
	switch kind {
	case "gif":
		return raster.EncodeGIFSampler(w, a, src, fo, progress)
	case "png":
		img, err := raster.RenderFrameSampler(a, src, t, fo)
		if err != nil {
			return err
		}
		return raster.EncodePNG(w, img)
	}
	return fmt.Errorf("render: %q: want png or gif", kind)
}

// RenderSamplerFile is RenderFileProgress for whatever src plays on a's
// skeleton.
func RenderSamplerFile(out string, a *formats.Asset, src player.Sampler, t float64, fo raster.FrameOptions, replace bool, progress func(done, total int) bool) error {
	kind := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
	if kind != "png" && kind != "gif" {
		return fmt.Errorf("-o %s: want a .png or .gif name", out)
	}
	p, err := safefile.WritePending(out, replace, func(w io.Writer) error { return RenderSamplerTo(w, kind, a, src, t, fo, progress) })
	if err != nil {
		return err
	}
	return p.Commit()
}

// RenderFrames writes clip ci of a as a numbered PNG sequence beside out
// (OUT_0000.png, ...; base is out without its extension) and returns the
// number of frames. The rate is the clip's own, or fo.FPS when the clip
// has none or ownRate is false. Each file is written whole or not at all.
func RenderFrames(a *formats.Asset, ci int, out string, fo raster.FrameOptions, ownRate bool) (n int, base string, err error) {
	return RenderFramesProgress(a, ci, out, fo, ownRate, true, nil)
}

// RenderFramesProgress is RenderFrames that replaces no file unless
// replace is true (every name is checked before the first frame is drawn,
// and again as each is written) and reports each frame to progress (when
// not nil; false cancels with raster.ErrCancelled).
func RenderFramesProgress(a *formats.Asset, ci int, out string, fo raster.FrameOptions, ownRate, replace bool, progress func(done, total int) bool) (n int, base string, err error) {
	if !strings.EqualFold(filepath.Ext(out), ".png") {
		return 0, "", fmt.Errorf("-o %s: --all-frames writes PNGs; want a .png name", out)
	}
	if ci < 0 {
		return 0, "", errors.New("--all-frames needs a clip; the file has none")
	}
	c := a.Clips[ci]
	rate := fo.FPS
	if ownRate && c.FrameRate > 0 {
		rate = c.FrameRate
	}
	n = int(c.Duration*rate+1e-6) + 1
	if n > MaxFrames {
		return 0, "", fmt.Errorf("%d frames is more than %d; lower --fps", n, MaxFrames)
	}
	base = strings.TrimSuffix(out, filepath.Ext(out))
	if err := safefile.CheckFolder(out); err != nil {
		return 0, "", err
	}
	for k := 0; k < n; k++ {
		if err := safefile.CheckOverwrite(fmt.Sprintf("%s_%04d.png", base, k), replace); err != nil {
			return 0, "", err
		}
	}
	for k := 0; k < n; k++ {
		img, err := raster.RenderFrame(a, ci, min(float64(k)/rate, c.Duration), fo)
		if err != nil {
			return 0, "", err
		}
		name := fmt.Sprintf("%s_%04d.png", base, k)
		p, err := safefile.WritePending(name, replace, func(w io.Writer) error { return raster.EncodePNG(w, img) })
		if err == nil {
			err = p.Commit()
		}
		if err != nil {
			return 0, "", err
		}
		if progress != nil && !progress(k+1, n) {
			return 0, "", raster.ErrCancelled
		}
	}
	return n, base, nil
}
