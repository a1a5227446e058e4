package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Camera limits. The distance range covers skeletons modelled in
// millimetres as well as in kilometres; the pitch stops short of the poles
// so the orbit's up vector never lines up with the view direction.
const (
	defaultFovY = 45
	maxPitch    = 89
	minDistance = 1e-3
	maxDistance = 1e6
	// frameMargin leaves some air around a framed figure.
	frameMargin = 1.15
	// nearRatio and farRatio place the clip planes relative to the viewing
	// distance, so big and small skeletons get the same depth precision.
	nearRatio = 0.01
	farRatio  = 1000
)

// Camera is an orbit camera in view space (Y-up, right-handed).
type Camera struct {
	// Yaw turns the eye about +Y and Pitch raises it above the horizon, in
	// degrees. Yaw 0, pitch 0 puts the eye on +Z looking down -Z.
	Yaw, Pitch float64
	// Distance is how far the eye is from Target.
	Distance float64
	Target   mgl32.Vec3
	// FovY is the vertical field of view in degrees (45 when unset).
	FovY float64
	// Through, when non-nil, makes the view look from Through instead of
	// orbiting: the "view through the animation's camera" mode.
	Through *LookFrom
	// Ortho projects orthographically (front, side and top views), with
	// the height of the view at the target equal to what the perspective
	// view shows there.
	Ortho bool
}

// LookFrom is a fixed eye looking at a target, in view space.
type LookFrom struct{ Eye, Target, Up mgl32.Vec3 }

// DefaultCamera returns a three-quarter view from slightly above, 5 units
// from the origin.
func DefaultCamera() Camera {
	return Camera{Yaw: 30, Pitch: 20, Distance: 5, FovY: defaultFovY}
}

// fovY returns the usable vertical field of view in degrees.
func (c Camera) fovY() float64 {
	if !(c.FovY > 1 && c.FovY < 179) {
		return defaultFovY
	}
	return c.FovY
}

// distance returns the orbit distance within its limits.
func (c Camera) distance() float64 {
	return clampDistance(c.Distance)
}

func clampDistance(d float64) float64 {
	switch {
	case math.IsNaN(d) || d < minDistance:
		return minDistance
	case d > maxDistance:
		return maxDistance
	}
	return d
}

func clampPitch(p float64) float64 {
	switch {
	case math.IsNaN(p):
		return 0
	case p > maxPitch:
		return maxPitch
	case p < -maxPitch:
		return -maxPitch
	}
	return p
}

// through returns the look-from view when it is usable: finite, with the eye
// away from the target. Its up vector is repaired when it is missing or
// parallel to the view direction, so a file's odd camera never yields a
// singular view matrix.
func (c Camera) through() (LookFrom, bool) {
	if c.Through == nil {
		return LookFrom{}, false
	}
	l := *c.Through
	if !finite3(l.Eye) || !finite3(l.Target) {
		return LookFrom{}, false
	}
	fwd := l.Target.Sub(l.Eye)
	if fwd.Len() < 1e-6 {
		return LookFrom{}, false
	}
	l.Up = stableUp(fwd.Normalize(), l.Up)
	return l, true
}

// stableUp returns up, or a substitute when up is missing or (nearly)
// parallel to the unit view direction fwd: view +Y, or -Z when looking
// straight up or down.
func stableUp(fwd, up mgl32.Vec3) mgl32.Vec3 {
	if finite3(up) && up.Len() >= 1e-6 && up.Normalize().Cross(fwd).Len() >= 1e-3 {
		return up
	}
	if math.Abs(float64(fwd[1])) > 0.999 {
		return mgl32.Vec3{0, 0, -1}
	}
	return mgl32.Vec3{0, 1, 0}
}

// viewDistance is the distance from the eye to what it looks at.
func (c Camera) viewDistance() float64 {
	if l, ok := c.through(); ok {
		return float64(l.Target.Sub(l.Eye).Len())
	}
	return c.distance()
}

// Eye returns the eye position in view space.
func (c Camera) Eye() mgl32.Vec3 {
	if l, ok := c.through(); ok {
		return l.Eye
	}
	yaw := mgl32.DegToRad(float32(c.Yaw))
	pitch := mgl32.DegToRad(float32(clampPitch(c.Pitch)))
	d := float32(c.distance())
	cp := float32(math.Cos(float64(pitch)))
	off := mgl32.Vec3{
		d * cp * float32(math.Sin(float64(yaw))),
		d * float32(math.Sin(float64(pitch))),
		d * cp * float32(math.Cos(float64(yaw))),
	}
	return c.Target.Add(off)
}

// View returns the matrix from view space to eye space (the eye at the
// origin looking down -Z, +Y up).
func (c Camera) View() mgl32.Mat4 {
	if l, ok := c.through(); ok {
		return mgl32.LookAtV(l.Eye, l.Target, l.Up)
	}
	return mgl32.LookAtV(c.Eye(), c.Target, mgl32.Vec3{0, 1, 0})
}

// clipPlanes returns the near and far plane distances.
func (c Camera) clipPlanes() (near, far float64) {
	d := c.viewDistance()
	return d * nearRatio, d * farRatio
}

// Projection returns the projection for a viewport of the given
// width/height ratio: perspective, or with Ortho (and no Through view)
// orthographic with the view's height equal to what the perspective view
// shows at the target, so toggling keeps the figure's size. The clip planes
// follow the viewing distance.
func (c Camera) Projection(aspect float64) mgl32.Mat4 {
	if !(aspect > 0) || math.IsInf(aspect, 0) {
		aspect = 1
	}
	near, far := c.clipPlanes()
	if _, through := c.through(); c.Ortho && !through {
		h := c.distance() * math.Tan(float64(mgl32.DegToRad(float32(c.fovY())))/2)
		w := h * aspect
		return mgl32.Ortho(float32(-w), float32(w), float32(-h), float32(h), float32(near), float32(far))
	}
	return mgl32.Perspective(mgl32.DegToRad(float32(c.fovY())), float32(aspect), float32(near), float32(far))
}

// Orbit turns the orbit camera by the given yaw and pitch, in degrees. Yaw
// wraps into [-180, 180); pitch stays within ±89.
func (c *Camera) Orbit(dYaw, dPitch float64) {
	if !math.IsNaN(dYaw) && !math.IsInf(dYaw, 0) {
		c.Yaw = math.Mod(c.Yaw+dYaw+180, 360)
		if c.Yaw < 0 {
			c.Yaw += 360
		}
		c.Yaw -= 180
	}
	if !math.IsNaN(dPitch) {
		c.Pitch = clampPitch(c.Pitch + dPitch)
	}
}

// Zoom multiplies the orbit distance by factor (below 1 moves closer),
// keeping it within sane limits. A factor that is not a positive number is
// ignored.
func (c *Camera) Zoom(factor float64) {
	if !(factor > 0) || math.IsInf(factor, 0) {
		return
	}
	c.Distance = clampDistance(c.distance() * factor)
}

// Frame aims the orbit camera at the centre of b and backs off until the
// bounds' sphere fits the vertical field of view with a margin. It assumes a
// viewport at least as wide as it is tall; see FrameAspect.
func (c *Camera) Frame(b Bounds) {
	c.FrameAspect(b, 1)
}

// FrameAspect is Frame for a viewport of the given width/height ratio: the
// sphere fits whichever of the two fields of view is narrower.
func (c *Camera) FrameAspect(b Bounds, aspect float64) {
	if !b.Valid || !finite3(b.Min) || !finite3(b.Max) {
		return
	}
	centre := b.Min.Add(b.Max).Mul(0.5)
	r := float64(b.Max.Sub(b.Min).Len()) / 2
	if !(r > 0) {
		// A single joint: show a unit's worth of space around it.
		r = 1
	}
	half := mgl32.DegToRad(float32(c.fovY())) / 2
	halfAngle := float64(half)
	if aspect > 0 && aspect < 1 {
		halfAngle = math.Atan(math.Tan(halfAngle) * aspect)
	}
	c.Target = centre
	c.Distance = clampDistance(r * frameMargin / math.Sin(halfAngle))
}

// Pan moves the orbit target so that the scene follows a drag of (dx, dy)
// pixels in a viewport vpHeight pixels tall (screen y grows downwards).
func (c *Camera) Pan(dx, dy, vpHeight float64) {
	if !(vpHeight > 0) || math.IsNaN(dx) || math.IsNaN(dy) || math.IsInf(dx, 0) || math.IsInf(dy, 0) {
		return
	}
	v := c.View()
	right := v.Row(0).Vec3()
	up := v.Row(1).Vec3()
	perPixel := 2 * c.distance() * math.Tan(float64(mgl32.DegToRad(float32(c.fovY())))/2) / vpHeight
	c.Target = c.Target.Sub(right.Mul(float32(dx * perPixel))).Add(up.Mul(float32(dy * perPixel)))
}

// ProjectPoint returns where the view-space point p lands in vp and its
// depth (distance along the view direction). ok is false when p is behind
// the near plane.
func (c Camera) ProjectPoint(p mgl32.Vec3, vp Viewport) (screen mgl32.Vec2, depth float32, ok bool) {
	pr := newProjector(c, vp)
	e := pr.toEye(&pr.view, p)
	if !pr.inFront(e) {
		return mgl32.Vec2{}, 0, false
	}
	return pr.screen(e), -e[2], true
}

func finite3(v mgl32.Vec3) bool {
	return finite32(v[0], v[1], v[2])
}

func finite32(xs ...float32) bool {
	for _, x := range xs {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}
