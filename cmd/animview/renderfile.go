package main

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

// maxFrames bounds a PNG sequence (renderFrames).
const maxFrames = 100000

// renderFile draws clip ci of a (-1: the bind pose) to out, chosen by
// out's extension: a .png of the frame at time t, or a .gif of the whole
// clip (raster.Encode). The file is written whole or not at all: a failure
// leaves what was there. It replaces a file only when replace is true
// (else the error wraps safefile.ErrExists, even for a file that appeared
// while it was drawn) and reports a GIF's frames to progress (when not
// nil; false cancels).
func renderFile(out string, a *formats.Asset, ci int, t float64, fo raster.FrameOptions, replace bool, progress func(done, total int) bool) error {
	return writePicture(out, replace, func(w io.Writer, kind string) error { return raster.Encode(w, kind, a, ci, t, fo, progress) })
}

// renderSamplerFile is renderFile for whatever src plays on a's skeleton
// (raster.EncodeSampler).
func renderSamplerFile(out string, a *formats.Asset, src player.Sampler, t float64, fo raster.FrameOptions, replace bool, progress func(done, total int) bool) error {
	return writePicture(out, replace, func(w io.Writer, kind string) error { return raster.EncodeSampler(w, kind, a, src, t, fo, progress) })
}

// writePicture writes out whole or not at all through encode, given the
// kind out's extension names (png or gif).
func writePicture(out string, replace bool, encode func(w io.Writer, kind string) error) error {
	kind := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
	if kind != "png" && kind != "gif" {
		return fmt.Errorf("-o %s: want a .png or .gif name", out)
	}
	p, err := safefile.WritePending(out, replace, func(w io.Writer) error { return encode(w, kind) })
	if err != nil {
		return err
	}
	return p.Commit()
}

// renderFrames writes clip ci of a as a numbered PNG sequence beside out
// (OUT_0000.png, ...; base is out without its extension) and returns the
// number of frames. The rate is the clip's own, or fo.FPS when the clip
// has none or ownRate is false. Each file is written whole or not at all,
// and replaces no file unless replace is true (every name is checked
// before the first frame is drawn, and again as each is written). Each
// frame is reported to progress (when not nil; false cancels with
// raster.ErrCancelled).
func renderFrames(a *formats.Asset, ci int, out string, fo raster.FrameOptions, ownRate, replace bool, progress func(done, total int) bool) (n int, base string, err error) {
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
	if n > maxFrames {
		return 0, "", fmt.Errorf("%d frames is more than %d; lower --fps", n, maxFrames)
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
