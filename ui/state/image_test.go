package state

import (
	"image"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestImage: an image opened alone shows its first level; Step moves
// between levels and stops at the ends; the status line says which; a
// file with bones is no image, and opening another file shows level 0.
func TestImage(t *testing.T) {
	tex := &formats.Texture{Name: "a.TXTR", Format: "GX CMPR", Levels: []*image.NRGBA{
		image.NewNRGBA(image.Rect(0, 0, 8, 4)), image.NewNRGBA(image.Rect(0, 0, 4, 2)), image.NewNRGBA(image.Rect(0, 0, 2, 1))}}
	a := &formats.Asset{Format: "prime-txtr", Skeleton: &formats.Skeleton{}, Images: []*formats.Texture{tex}}
	s := New("a.TXTR", a)
	im := s.Image()
	if im.Texture() != tex || im.Level() != 0 {
		t.Fatalf("texture %v level %d", im.Texture(), im.Level())
	}
	for i, want := range []bool{true, true, false} {
		if got := im.Step(1); got != want {
			t.Errorf("step %d down: changed %v", i, got)
		}
	}
	if im.Level() != 2 {
		t.Errorf("stepping down: level %d", im.Level())
	}
	if got := s.Status(); !strings.Contains(got, "image GX CMPR 2×1, mip level 3 of 3") {
		t.Errorf("status %q", got)
	}
	if !im.Step(-5) || im.Level() != 0 {
		t.Errorf("stepping up: level %d", im.Level())
	}
	im.Step(1)
	s.SetAsset("a.TXTR", a)
	if im.Level() != 0 {
		t.Errorf("reopened at level %d", im.Level())
	}
	if demo().Image().Texture() != nil || demo().Image().Step(1) {
		t.Error("the demo is an image")
	}
}
