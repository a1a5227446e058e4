package render

import (
	"testing"

	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// TestBuildCompareFigure: a second figure (the compare view's) shifted 2
// units left draws its own two sticks in the Compare colour, figureWidth
// wide, after the mesh layer's place and before the scene's sticks, so
// the scene's bones are painted over it; its root is its own.
func TestBuildCompareFigure(t *testing.T) {
	sc := threeBones()
	other := threeBones()
	pose := player.NewPose(other.Skeleton)
	pose.Local[0].Translation = mgl32.Vec3{-2, 0, 0}
	w := player.NewWorldPose(other.Skeleton)
	player.ToWorld(other.Skeleton, pose, w)
	sc.Compare = &Figure{Skeleton: other.Skeleton, World: w}
	var dl DrawList
	Build(&dl, sc, frontCamera(20), square, sticksOnly())
	if len(dl.Lines) != 4 || dl.MeshAt != 0 {
		t.Fatalf("%d lines, mesh at %d; want 2 + 2 lines, mesh at 0: %+v", len(dl.Lines), dl.MeshAt, dl.Lines)
	}
	for i, l := range dl.Lines[:2] {
		if l.Kind != KindGhost || l.Width != figureWidth || l.Color != DefaultTheme().Compare || l.Bone != i+1 {
			t.Errorf("line %d: %+v", i, l)
		}
	}
	// Root (0,0,0) shifted by -2 at depth 20: x = 100 - 2·100/20 = 90.
	if l := dl.Lines[0]; !near2(l.A, mgl32.Vec2{90, 100}, 1e-3) {
		t.Errorf("figure's stick from %v, want (90, 100)", l.A)
	}
	for i, l := range dl.Lines[2:] {
		if l.Kind != KindBone {
			t.Errorf("scene line %d: %+v", i, l)
		}
	}
	if len(dl.Dots) != 3 {
		t.Errorf("%d joints: the figure draws none", len(dl.Dots))
	}
}
