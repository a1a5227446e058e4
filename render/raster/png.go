package raster

import (
	"fmt"
	"image"
	"image/png"
	"io"
)

// EncodePNG writes img as a PNG.
func EncodePNG(w io.Writer, img image.Image) error {
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("raster: encode PNG: %w", err)
	}
	return nil
}
