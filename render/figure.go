package render

import (
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Figure is a second posed skeleton drawn with a scene (Scene.Compare):
// its own bones, axes and pose.
type Figure struct {
	Skeleton *formats.Skeleton
	World    *player.WorldPose
	// Root is SceneRoot of the figure's asset; the zero matrix counts as
	// identity.
	Root mgl32.Mat4
}

// addFigure draws f as sticks figureWidth wide in the theme's Compare
// colour, with no joints or labels, each line marked KindGhost with its
// bone in f.
func addFigure(dst *DrawList, pr *projector, f *Figure, opt *Options) {
	sk := f.Skeleton
	if sk == nil || f.World == nil {
		return
	}
	root := mgl32.Ident4()
	if f.Root != (mgl32.Mat4{}) {
		root = f.Root
	}
	n := min(len(sk.Bones), f.World.Len())
	dst.ghost = slices.Grow(dst.ghost[:0], n)[:n]
	eyeFromFile := pr.view.Mul4(root)
	for i := 0; i < n; i++ {
		dst.ghost[i] = pr.toEye(&eyeFromFile, f.World.Position(i))
	}
	for i := 0; i < n; i++ {
		if p := sk.Bones[i].Parent; p >= 0 && p < i {
			addSegment(dst, pr, dst.ghost[p], dst.ghost[i], figureWidth, opt.Theme.Compare, KindGhost, i)
		}
	}
}
