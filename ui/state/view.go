package state

import (
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// View is the camera: the orbit camera the user moves, follow mode, and
// looking through the clip's own camera.
type View struct {
	camera render.Camera
	// follow keeps the camera on the root bone as it travels.
	follow bool
	// through views through the clip's animated camera.
	through bool
}

// reset turns the camera to the format's front, at the default distance.
func (v *View) reset(frontYaw float64) {
	v.camera = render.DefaultCamera()
	v.camera.Yaw += frontYaw
	v.through = false
}

// Camera is the orbit camera.
func (v View) Camera() render.Camera { return v.camera }

// SetCamera replaces the orbit camera (a framing the window computed).
func (s *State) SetCamera(c render.Camera) { s.view.camera = c }

// Orbit turns the camera by yaw and pitch degrees.
func (s *State) Orbit(yaw, pitch float64) { s.view.camera.Orbit(yaw, pitch) }

// Pan moves the orbit target by dx, dy pixels of a view h pixels high.
func (s *State) Pan(dx, dy, h float64) { s.view.camera.Pan(dx, dy, h) }

// Zoom multiplies the camera's distance by f.
func (s *State) Zoom(f float64) { s.view.camera.Zoom(f) }

// Follow reports whether the camera follows the figures.
func (v View) Follow() bool { return v.follow }

// SetFollow turns follow mode on or off.
func (s *State) SetFollow(on bool) { s.view.follow = on }

// Through reports whether the view looks through the clip's camera.
func (v View) Through() bool { return v.through }

// ToggleThrough looks through the clip's animated camera or stops; a clip
// without a camera has nothing to look through: it reports false.
func (s *State) ToggleThrough() bool {
	if c := s.CurrentClip(); c != nil && c.Camera != nil {
		s.view.through = !s.view.through
		return true
	}
	return false
}

// ToggleOrtho switches between perspective and orthographic projection.
func (s *State) ToggleOrtho() { s.view.camera.Ortho = !s.view.camera.Ortho }

// Direction is a standard view direction.
type Direction int

// Standard views, as Blender's numpad 1, 3 and 7.
const (
	ViewFront Direction = iota
	ViewSide
	ViewTop
)

// SetDirection turns the camera to a standard view, relative to the
// format's front.
func (s *State) SetDirection(d Direction) {
	front := 0.0
	if a := s.asset; a != nil {
		front = a.Coords.FrontYaw
	}
	switch d {
	case ViewFront:
		s.view.camera.Yaw, s.view.camera.Pitch = front, 0
	case ViewSide:
		s.view.camera.Yaw, s.view.camera.Pitch = front+90, 0
	case ViewTop:
		s.view.camera.Yaw, s.view.camera.Pitch = front, 89
	}
}

// ZoomTo frames a sphere of radius r around the model-space point p seen
// through root (the scene root that turns the data upright), for Z; it
// leaves follow mode.
func (s *State) ZoomTo(root mgl32.Mat4, p mgl32.Vec3, r float32, aspect float64) {
	c := root.Mul4x1(p.Vec4(1)).Vec3()
	d := mgl32.Vec3{r, r, r}
	s.view.follow = false
	s.view.camera.FrameAspect(render.Bounds{Min: c.Sub(d), Max: c.Add(d), Valid: true}, aspect)
}
