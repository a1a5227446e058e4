package gltf

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Conversion is the change of basis from a format's coordinates to glTF's:
// p' = Units · Basis · p for positions, with Basis a signed permutation
// (columns: where the file's X, Y and Z axes land). A transform M becomes
// Basis·M·Basis⁻¹, which keeps every rotation a rotation even when Basis is
// a mirror (det -1): the mirror is applied to the data, never written as a
// node.
type Conversion struct {
	Basis mgl64.Mat3
	// Units scales translations to metres. It is 1 for every format so
	// far: none documents its unit (the demo and the Prime figures are
	// metre-sized; LEGO Island and The Sims are not), and a guessed scale
	// would be worse than the file's own.
	Units float64
}

// ConversionFor returns the conversion of a format's coordinates:
// render.SceneRoot (upright, right-handed, as the view shows it) followed
// by a turn about +Y by FrontYaw so that the figure faces +Z. FrontYaw is
// rounded to a quarter turn, which every format uses, so that Basis stays a
// signed permutation and scales only swap axes.
func ConversionFor(c formats.Coords) Conversion {
	root := render.SceneRoot(c)
	var b mgl64.Mat3
	for col := 0; col < 3; col++ {
		for row := 0; row < 3; row++ {
			b[col*3+row] = float64(root[col*4+row])
		}
	}
	quarter := math.Round(c.FrontYaw/90) * math.Pi / 2
	// Turning by the front's yaw brings the direction the view looks from
	// to +Z; the figure faces the viewer there.
	turn := mgl64.Rotate3DY(quarter)
	b = turn.Mul3(b)
	for i := range b {
		b[i] = math.Round(b[i])
	}
	return Conversion{Basis: b, Units: 1}
}

// Mirrors reports whether the conversion reflects (the source is
// left-handed).
func (c *Conversion) Mirrors() bool { return c.Basis.Det() < 0 }

// Point converts a position.
func (c *Conversion) Point(p mgl32.Vec3) mgl64.Vec3 {
	v := c.Basis.Mul3x1(mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])})
	return v.Mul(c.Units)
}

// Quat converts a rotation: its axis is a pseudovector, so under a mirror it
// turns with the mirror and flips (q' = (det·B·v, w)). The sign of the
// quaternion is kept, so a track stays continuous.
func (c *Conversion) Quat(q mgl32.Quat) mgl64.Quat {
	v := c.Basis.Mul3x1(mgl64.Vec3{float64(q.V[0]), float64(q.V[1]), float64(q.V[2])})
	if c.Mirrors() {
		v = v.Mul(-1)
	}
	return mgl64.Quat{W: float64(q.W), V: v}
}

// Scale converts a scale: a signed permutation moves each axis' factor to
// its new axis.
func (c *Conversion) Scale(s mgl32.Vec3) mgl64.Vec3 {
	var out mgl64.Vec3
	for row := 0; row < 3; row++ {
		for col := 0; col < 3; col++ {
			if c.Basis[col*3+row] != 0 {
				out[row] = float64(s[col])
			}
		}
	}
	return out
}

// Transform converts a local transform; the rotation is normalised (glTF
// requires unit quaternions; formats.Transform's matrix treats any
// quaternion as its normalised self, and a zero one as the identity).
func (c *Conversion) Transform(t *formats.Transform) trs {
	return trs{T: c.Point(t.Translation), R: unit(c.Quat(t.Rotation)), S: c.Scale(t.Scale)}
}

// trs is a converted local transform in double precision.
type trs struct {
	T mgl64.Vec3
	R mgl64.Quat
	S mgl64.Vec3
}

// mat returns T·R·S: the sampler composes one per bone for every
// midpoint it checks. R is a unit quaternion (Transform normalises it),
// so the factor 2/|q|² is 2 (formats.RotScale).
func (t *trs) mat() mgl64.Mat4 {
	var m mgl64.Mat4
	m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10] = formats.RotScale(t.R.W, t.R.V[0], t.R.V[1], t.R.V[2], 2, t.S[0], t.S[1], t.S[2])
	m[12], m[13], m[14], m[15] = t.T[0], t.T[1], t.T[2], 1
	return m
}

// matNoScale returns T·R: a bone node of a skeleton composed by Echoes'
// rule, whose scale sits on a helper below it.
func (t *trs) matNoScale() mgl64.Mat4 {
	u := trs{T: t.T, R: t.R, S: mgl64.Vec3{1, 1, 1}}
	return u.mat()
}

func unit(q mgl64.Quat) mgl64.Quat {
	n := q.Len()
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) {
		return mgl64.QuatIdent()
	}
	return q.Scale(1 / n)
}
