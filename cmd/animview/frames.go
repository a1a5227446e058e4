package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/export"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/render/raster"
)

// maxFrames bounds a PNG sequence.
const maxFrames = 100000

// fpsSet reports whether the user gave --fps.
func fpsSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "fps" })
	return set
}

// renderFrames is `render --all-frames`: the clip's frames as a numbered PNG
// sequence beside OUT (OUT_0000.png, ...), at the clip's frame rate unless
// --fps is given (30 for clips without one). Each file is written whole or
// not at all.
func renderFrames(a *formats.Asset, ci int, out string, fo raster.FrameOptions, fpsGiven bool, stdout io.Writer) error {
	if !strings.EqualFold(filepath.Ext(out), ".png") {
		return fmt.Errorf("-o %s: --all-frames writes PNGs; want a .png name", out)
	}
	if ci < 0 {
		return errors.New("--all-frames needs a clip; the file has none")
	}
	c := a.Clips[ci]
	rate := fo.FPS
	if !fpsGiven && c.FrameRate > 0 {
		rate = c.FrameRate
	}
	n := int(c.Duration*rate+1e-6) + 1
	if n > maxFrames {
		return fmt.Errorf("%d frames is more than %d; lower --fps", n, maxFrames)
	}
	base := strings.TrimSuffix(out, filepath.Ext(out))
	for k := 0; k < n; k++ {
		img, err := raster.RenderFrame(a, ci, min(float64(k)/rate, c.Duration), fo)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%s_%04d.png", base, k)
		if err := export.WriteAtomic(name, func(w io.Writer) error { return raster.EncodePNG(w, img) }); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "wrote %d frames %s_0000.png ... %s_%04d.png\n", n, base, base, n-1)
	return nil
}
