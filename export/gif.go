package export

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
)

// RecordGIF writes an asset's clip as an animated GIF at path (the
// viewer's "record GIF" key): fo chooses the size, camera and frame rate as
// for raster.EncodeGIF. progress, when not nil, is called after each frame
// with the frames done and the total; returning false cancels with
// raster.ErrCancelled. The file appears whole or not at all, so it may run
// on a goroutine while the window draws a bar from the callback.
func RecordGIF(path string, a *formats.Asset, clip int, fo raster.FrameOptions, progress func(done, total int) bool) error {
	if err := checkGIFName(path); err != nil {
		return err
	}
	return safefile.WriteAtomic(path, func(w io.Writer) error {
		return raster.EncodeGIFProgress(w, a, clip, fo, progress)
	})
}

// RecordGIFSource is RecordGIF for anything that plays, such as a Metroid
// Prime meta-animation tree or a transition preview: one pass of src from
// time 0 at fo.FPS (raster.EncodeGIFSampler). src must pose a's skeleton
// and must not be sampled elsewhere while this runs (samplers keep
// scratch state), so a window records with a fresh build of its tree.
func RecordGIFSource(path string, a *formats.Asset, src player.Sampler, fo raster.FrameOptions, progress func(done, total int) bool) error {
	p, err := PendingGIFSource(path, a, src, fo, progress)
	if err != nil {
		return err
	}
	return p.Commit()
}

// PendingGIFSource is RecordGIFSource stopping short of putting the file
// in place (safefile.WritePending): the caller commits or discards it, so a window
// that cancels a recording after its last frame still leaves no file.
func PendingGIFSource(path string, a *formats.Asset, src player.Sampler, fo raster.FrameOptions, progress func(done, total int) bool) (*safefile.Pending, error) {
	if err := checkGIFName(path); err != nil {
		return nil, err
	}
	return safefile.WritePending(path, true, func(w io.Writer) error {
		return raster.EncodeGIFSampler(w, a, src, fo, progress)
	})
}

// checkGIFName refuses a name that does not end in .gif.
func checkGIFName(path string) error {
	if !strings.EqualFold(filepath.Ext(path), ".gif") {
		return fmt.Errorf("export: %s: want a .gif name", path)
	}
	return nil
}
