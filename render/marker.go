package render

import "github.com/go-gl/mathgl/mgl32"

// CameraMarker is a camera in the file's coordinates (Scene.Root applies).
type CameraMarker struct{ Position, Target, Up mgl32.Vec3 }

// LookFrom returns the marker's camera in view space, for Camera.Through.
func (m CameraMarker) LookFrom(root mgl32.Mat4) LookFrom {
	if root == (mgl32.Mat4{}) {
		root = mgl32.Ident4()
	}
	return LookFrom{Eye: affine(&root, m.Position), Target: affine(&root, m.Target), Up: direction(&root, m.Up)}
}

// addCameraMarker draws a camera as a pyramid from its eye to a rectangle
// size units ahead, a triangle on the rectangle's top edge to show which way
// is up, and a line to its target.
func addCameraMarker(dst *DrawList, pr *projector, root *mgl32.Mat4, m *CameraMarker, size float32, th *Theme) {
	l := m.LookFrom(*root)
	if !finite3(l.Eye) || !finite3(l.Target) {
		return
	}
	fwd := l.Target.Sub(l.Eye)
	hasTarget := fwd.Len() > 1e-6
	if hasTarget {
		fwd = fwd.Normalize()
	} else {
		fwd = mgl32.Vec3{0, 0, -1}
	}
	right := fwd.Cross(stableUp(fwd, l.Up)).Normalize()
	up := right.Cross(fwd)
	centre := l.Eye.Add(fwd.Mul(size))
	hw, hh := right.Mul(size*0.5), up.Mul(size*0.35)
	corners := [4]mgl32.Vec3{
		centre.Sub(hw).Add(hh), centre.Add(hw).Add(hh),
		centre.Add(hw).Sub(hh), centre.Sub(hw).Sub(hh),
	}
	apex := centre.Add(up.Mul(size * 0.7))
	toEye := func(p mgl32.Vec3) mgl32.Vec3 { return pr.toEye(&pr.view, p) }
	eye := toEye(l.Eye)
	seg := func(a, b mgl32.Vec3) { addSegment(dst, pr, a, b, cameraWidth, th.Camera, KindCamera, -1) }
	for i := range corners {
		ci, cn := toEye(corners[i]), toEye(corners[(i+1)%4])
		seg(eye, ci)
		seg(ci, cn)
	}
	seg(toEye(corners[0]), toEye(apex))
	seg(toEye(apex), toEye(corners[1]))
	if hasTarget {
		seg(eye, toEye(l.Target))
	}
}
