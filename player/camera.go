package player

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// CameraPose is a clip's camera at one time, in the file's coordinates.
type CameraPose struct {
	// Position and Target are the evaluated position and look-at tracks;
	// a track without keys, or before its first key, gives the origin.
	Position, Target mgl32.Vec3
	// Up is the camera's up vector after the roll, a unit vector
	// perpendicular to the view direction.
	Up mgl32.Vec3
	// Roll is the roll angle in radians that the game applies.
	Roll float32
	// Valid is false when the game would leave its camera unchanged: the
	// view direction, or its cross product with world up, has no length.
	Valid bool
}

// Forward returns the unit view direction of a valid pose.
func (p CameraPose) Forward() mgl32.Vec3 {
	d := p.Target.Sub(p.Position)
	legoUnitize(&d)
	return d
}

// EvalCamera evaluates a LEGO camera track at clip time t (seconds) as
// LegoAnimScene::CalculateCameraTransform does, with the identity as the
// incoming world matrix (the game passes the animation root's, or the
// identity when it has none):
//
//  1. the target track, through the translation rules (FindKeys, active
//     flags), into what starts as the origin;
//  2. the position track likewise;
//  3. forward = normalize(target - position), else the camera is left
//     as it was (Valid false);
//  4. right = normalize((0,1,0) × forward), else left as it was;
//  5. up = forward × right;
//  6. the position is not rotated by the incoming matrix (a quirk that
//     the identity hides);
//  7. roll: with one key found, that key's angle; with two keys the game
//     computes the interpolated angle and then applies key i's angle
//     anyway (a bug kept here), so the roll is a step function; before
//     the first key there is no roll; roll flags are not consulted;
//  8. the roll turns the camera about its forward axis: RotateZ of the
//     incoming matrix times the camera basis, whose up row is
//     -sin(roll)·right + cos(roll)·up.
//
// The arithmetic is single precision, as the game's vectors are.
func EvalCamera(c *formats.CameraTrack, t float64) CameraPose {
	var p CameraPose
	if c == nil {
		return p
	}
	var origin mgl32.Vec3
	if len(c.Target.Times) > 0 {
		var cur cursor
		var sp legoVecSpan
		legoVec3Keys(&c.Target, t, &cur, &sp, &origin, &p.Target, true)
	}
	if len(c.Position.Times) > 0 {
		var cur cursor
		var sp legoVecSpan
		legoVec3Keys(&c.Position, t, &cur, &sp, &origin, &p.Position, true)
	}
	var cur cursor
	if i, k := legoKeys(c.Roll.Times, t, &cur); k > 0 {
		p.Roll = c.Roll.Values[i]
	}
	forward := p.Target.Sub(p.Position)
	if !legoUnitize(&forward) {
		return p
	}
	right := legoCross(mgl32.Vec3{0, 1, 0}, forward)
	if !legoUnitize(&right) {
		return p
	}
	up := legoCross(forward, right)
	s := float32(math.Sin(float64(p.Roll)))
	co := float32(math.Cos(float64(p.Roll)))
	p.Up = mgl32.Vec3{up[0]*co - right[0]*s, up[1]*co - right[1]*s, up[2]*co - right[2]*s}
	p.Valid = true
	return p
}

// legoCross is Vector3::EqualsCross(a, b): the usual a × b.
func legoCross(a, b mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// legoUnitize is Vector2::Unitize as Vector3 inherits it: divide by the
// length when the squared length and its root are positive, else report
// failure and leave v alone.
func legoUnitize(v *mgl32.Vec3) bool {
	sq := v[0]*v[0] + v[1]*v[1] + v[2]*v[2]
	if !(sq > 0) {
		return false
	}
	root := float32(math.Sqrt(float64(sq)))
	if !(root > 0) {
		return false
	}
	v[0] /= root
	v[1] /= root
	v[2] /= root
	return true
}
