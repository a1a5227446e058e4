package state

import (
	"fmt"

	"github.com/animview/animview/formats"
)

// Image is the view of a file that is an image by itself (a Metroid Prime
// TXTR): which of its mip levels is shown.
type Image struct {
	level int
}

// Image is the image view's state (a copy: changes go through State).
func (s *State) Image() Image { return s.img }

// Texture returns the open image, or nil when the asset is not an image
// by itself (it has bones or meshes, or no image).
func (s *State) Texture() *formats.Texture {
	a := s.asset
	if a == nil || len(a.Images) == 0 || len(a.Meshes) > 0 || (a.Skeleton != nil && len(a.Skeleton.Bones) > 0) {
		return nil
	}
	return a.Images[0]
}

// Level returns the shown mip level (0, the largest, by default).
func (im Image) Level() int { return im.level }

// StepImageLevel shows the mip level d levels smaller (d < 0: larger), stopping at
// the first and the last. It reports whether the level changed.
func (s *State) StepImageLevel(d int) bool {
	im := &s.img
	t := s.Texture()
	if t == nil {
		return false
	}
	l := max(0, min(len(t.Levels)-1, im.level+d))
	changed := l != im.level
	im.level = l
	return changed
}

// imageStatus describes the image shown for the status line.
func (s *State) imageStatus() string {
	im := &s.img
	t := s.Texture()
	l := t.Levels[im.level]
	return fmt.Sprintf("image %s %d×%d, mip level %d of %d (, and . step)", t.Format, l.Rect.Dx(), l.Rect.Dy(), im.level+1, len(t.Levels))
}
