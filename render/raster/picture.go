package raster

import (
	"errors"
	"fmt"
	"io"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// Encode writes a picture of clip ci of a (-1: the bind pose) to w: kind
// "png" draws the frame at time t, kind "gif" the whole clip (reporting
// its frames to progress, when not nil; false cancels with ErrCancelled).
// An image by itself (IsImage) is written as its first level, a PNG at
// its own size. The render command writes it to a file or to standard
// output.
func Encode(w io.Writer, kind string, a *formats.Asset, ci int, t float64, fo FrameOptions, progress func(done, total int) bool) error {
	if IsImage(a) {
		if kind != "png" {
			return fmt.Errorf("render: %s is a still image; want a PNG", a.Images[0].Name)
		}
		return EncodePNG(w, a.Images[0].Image())
	}
	switch kind {
	case "gif":
		if ci < 0 {
			return errors.New("a GIF needs a clip; the file has none")
		}
		return EncodeGIFProgress(w, a, ci, fo, progress)
	case "png":
		img, err := RenderFrame(a, ci, t, fo)
		if err != nil {
			return err
		}
		return EncodePNG(w, img)
	}
	return fmt.Errorf("render: %q: want png or gif", kind)
}

// EncodeSampler is Encode for whatever src plays on a's skeleton (a clip
// of another file, `--motion`): kind "png" the frame at time t, "gif" one
// pass (EncodeGIFSampler).
func EncodeSampler(w io.Writer, kind string, a *formats.Asset, src player.Sampler, t float64, fo FrameOptions, progress func(done, total int) bool) error {
	switch kind {
	case "gif":
		return EncodeGIFSampler(w, a, src, fo, progress)
	case "png":
		img, err := RenderFrameSampler(a, src, t, fo)
		if err != nil {
			return err
		}
		return EncodePNG(w, img)
	}
	return fmt.Errorf("render: %q: want png or gif", kind)
}

// IsImage reports whether the asset is an image by itself (a texture file
// opened alone): images, and no bones or meshes to draw.
func IsImage(a *formats.Asset) bool {
	return len(a.Images) > 0 && len(a.Meshes) == 0 && (a.Skeleton == nil || len(a.Skeleton.Bones) == 0)
}
