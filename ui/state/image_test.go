package state

import (
	"image"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestImage: an image opened alone shows its first level; StepImageLevel moves
// between levels and stops at the ends; the status line says which; a
// file with bones is no image, and opening another file shows level 0.
func TestImage(t *testing.T) {
	tex := &formats.Texture{Name: "a.TXTR", Format: "GX CMPR", Levels: []*image.NRGBA{
		image.NewNRGBA(image.Rect(0, 0, 8, 4)), image.NewNRGBA(image.Rect(0, 0, 4, 2)), image.NewNRGBA(image.Rect(0, 0, 2, 1))}}
	a := &formats.Asset{Format: "prime-txtr", Skeleton: &formats.Skeleton{}, Images: []*formats.Texture{tex}}
	s := New("a.TXTR", a)
	if s.Texture() != tex || s.Image().Level() != 0 {
		t.Fatalf("texture %v level %d", s.Texture(), s.Image().Level())
	}
	for i, want := range []bool{true, true, false} {
		if got := s.StepImageLevel(1); got != want {
			t.Errorf("step %d down: changed %v", i, got)
		}
	}
	if s.Image().Level() != 2 {
		t.Errorf("stepping down: level %d", s.Image().Level())
	}
	if got := s.Status(); !strings.Contains(got, "image GX CMPR 2×1, mip level 3 of 3") {
		t.Errorf("status %q", got)
	}
	if !s.StepImageLevel(-5) || s.Image().Level() != 0 {
		t.Errorf("stepping up: level %d", s.Image().Level())
	}
	s.StepImageLevel(1)
	s.SetAsset("a.TXTR", a)
	if s.Image().Level() != 0 {
		t.Errorf("reopened at level %d", s.Image().Level())
	}
	if demo().Texture() != nil || demo().StepImageLevel(1) {
		t.Error("the demo is an image")
	}
}
