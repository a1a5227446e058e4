package export

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render/raster"
)

// MaxFrames bounds a PNG sequence (RenderFrames).
const MaxFrames = 100000

// RenderFile draws clip ci of a (-1: the bind pose) to out, chosen by
// out's extension: a .png of the frame at time t, or a .gif of the whole
// clip. An image by itself (IsImage) is written as its first level
// (RenderImage). The file is written whole or not at all: a failure leaves what
// was there.
func RenderFile(out string, a *formats.Asset, ci int, t float64, fo raster.FrameOptions) error {
	if IsImage(a) {
		return RenderImage(out, a.Images[0])
	}
	switch strings.ToLower(filepath.Ext(out)) {
	case ".gif":
		if ci < 0 {
			return errors.New("a GIF needs a clip; the file has none")
		}
		return RecordGIF(out, a, ci, fo, nil)
	case ".png":
		img, err := raster.RenderFrame(a, ci, t, fo)
		if err != nil {
			return err
		}
		return WriteAtomic(out, func(w io.Writer) error { return raster.EncodePNG(w, img) })
	}
	return fmt.Errorf("-o %s: want a .png or .gif name", out)
}

// IsImage reports whether the asset is an image by itself (a texture file
// opened alone): images, and no bones or meshes to draw.
func IsImage(a *formats.Asset) bool {
	return len(a.Images) > 0 && len(a.Meshes) == 0 && (a.Skeleton == nil || len(a.Skeleton.Bones) == 0)
}

// RenderImage writes a texture's first level to out, a .png, at its own
// size with its alpha (non-premultiplied 8-bit RGBA; PNG's encoder leaves
// the alpha channel out of an image that is opaque throughout). The file
// is written whole or not at all.
func RenderImage(out string, t *formats.Texture) error {
	if !strings.EqualFold(filepath.Ext(out), ".png") {
		return fmt.Errorf("-o %s: %s is a still image; want a .png name", out, t.Name)
	}
	img := t.Image()
	if img == nil {
		return fmt.Errorf("%s has no image", t.Name)
	}
	return WriteAtomic(out, func(w io.Writer) error { return raster.EncodePNG(w, img) })
}

// RenderFrames writes clip ci of a as a numbered PNG sequence beside out
// (OUT_0000.png, ...; base is out without its extension) and returns the
// number of frames. The rate is the clip's own, or fo.FPS when the clip
// has none or ownRate is false. Each file is written whole or not at all.
func RenderFrames(a *formats.Asset, ci int, out string, fo raster.FrameOptions, ownRate bool) (n int, base string, err error) {
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
	for k := 0; k < n; k++ {
		img, err := raster.RenderFrame(a, ci, min(float64(k)/rate, c.Duration), fo)
		if err != nil {
			return 0, "", err
		}
		name := fmt.Sprintf("%s_%04d.png", base, k)
		if err := WriteAtomic(name, func(w io.Writer) error { return raster.EncodePNG(w, img) }); err != nil {
			return 0, "", err
		}
	}
	return n, base, nil
}
