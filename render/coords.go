package render

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// SceneRoot returns the one matrix that turns a format's coordinates into
// view space (Y-up, right-handed). Its columns are where the file's X, Y and
// Z axes land:
//
//   - Y-up right-handed: unchanged.
//   - Z-up right-handed (Metroid Prime): a -90° turn about X, so file +Z
//     becomes view +Y and file +Y (Retro's forward) becomes view -Z.
//   - Y-up left-handed (LEGO Island, The Sims): a mirror of Z. A left-handed
//     file read by a right-handed viewer shows every figure mirrored; a single
//     reflection undoes that, and reflecting the depth axis keeps up as up and
//     the file's +X as the viewer's +X.
//   - Z-up left-handed: the same reflection of the depth axis (file Y) and the
//     turn upright, which together swap Y and Z.
//
// The reflection is applied after the file's own matrices are composed, as
// docs/formats/lego-island.md#row-vectors-and-the-conjugate asks: bones are
// built the engine's way, then mirrored once.
func SceneRoot(c formats.Coords) mgl32.Mat4 {
	x := mgl32.Vec4{1, 0, 0, 0}
	o := mgl32.Vec4{0, 0, 0, 1}
	switch {
	case c.Up == formats.AxisZ && c.LeftHanded:
		return mgl32.Mat4FromCols(x, mgl32.Vec4{0, 0, 1, 0}, mgl32.Vec4{0, 1, 0, 0}, o)
	case c.Up == formats.AxisZ:
		return mgl32.Mat4FromCols(x, mgl32.Vec4{0, 0, -1, 0}, mgl32.Vec4{0, 1, 0, 0}, o)
	case c.LeftHanded:
		return mgl32.Mat4FromCols(x, mgl32.Vec4{0, 1, 0, 0}, mgl32.Vec4{0, 0, -1, 0}, o)
	}
	return mgl32.Ident4()
}
