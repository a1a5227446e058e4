package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

const (
	// gridHalf is the number of grid steps drawn on each side of the centre.
	gridHalf = 20
	// gridMajorEvery makes every fifth line (counted from the origin) major.
	gridMajorEvery = 5
)

// NiceStep returns the round number (1, 2 or 5 × 10^k) nearest to x on a
// log scale, for grid spacing. Values that are not positive give 1.
func NiceStep(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	m := x / p
	switch {
	case m < math.Sqrt(2):
		m = 1
	case m < math.Sqrt(10):
		m = 2
	case m < math.Sqrt(50):
		m = 5
	default:
		m = 10
	}
	return m * p
}

// addGrid draws the ground plane y = 0 of view space as lines every step
// units, centred on the grid line nearest below the view's target so the
// grid follows the camera while its lines stay put.
func addGrid(dst *DrawList, pr *projector, target mgl32.Vec3, step float32, th *Theme) {
	cx, cz := gridIndex(target[0], step), gridIndex(target[2], step)
	lo, hi := float32(-gridHalf), float32(gridHalf)
	// Minor lines first, so major lines are painted over them.
	for pass := 0; pass < 2; pass++ {
		major := pass == 1
		clr := th.Grid
		if major {
			clr = th.GridMajor
		}
		for k := int64(-gridHalf); k <= gridHalf; k++ {
			if isMajor(cx+k) == major {
				x := float32(cx+k) * step
				a := mgl32.Vec3{x, 0, (float32(cz) + lo) * step}
				b := mgl32.Vec3{x, 0, (float32(cz) + hi) * step}
				addSegment(dst, pr, pr.toEye(&pr.view, a), pr.toEye(&pr.view, b), gridWidth, clr, KindGrid, -1)
			}
			if isMajor(cz+k) == major {
				z := float32(cz+k) * step
				a := mgl32.Vec3{(float32(cx) + lo) * step, 0, z}
				b := mgl32.Vec3{(float32(cx) + hi) * step, 0, z}
				addSegment(dst, pr, pr.toEye(&pr.view, a), pr.toEye(&pr.view, b), gridWidth, clr, KindGrid, -1)
			}
		}
	}
}

func isMajor(i int64) bool { return i%gridMajorEvery == 0 }

// gridIndex returns the index of the grid line nearest v, kept in a range
// where float32 still resolves single steps.
func gridIndex(v, step float32) int64 {
	f := math.Round(float64(v / step))
	if math.IsNaN(f) {
		return 0
	}
	return int64(max(-1e6, min(1e6, f)))
}

// addAxes draws the file's X, Y and Z axes (Root applied) from its origin, so
// the user sees which way the format's own axes point.
func addAxes(dst *DrawList, pr *projector, root *mgl32.Mat4, length float32, th *Theme) {
	eyeFromFile := pr.view.Mul4(*root)
	o := pr.toEye(&eyeFromFile, mgl32.Vec3{})
	for i, clr := range [3]color.RGBA{th.AxisX, th.AxisY, th.AxisZ} {
		var tip mgl32.Vec3
		tip[i] = length
		addSegment(dst, pr, o, pr.toEye(&eyeFromFile, tip), axisWidth, clr, KindAxis, -1)
	}
}
