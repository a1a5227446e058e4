package ms3d

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// This file is MilkShape's own joint evaluation
// (docs/formats/milkshape-anm.md#evaluating-a-joint, from the
// author's msModel.cpp EvaluateJoint and SetupTangents and its mathlib),
// written the way MilkShape writes it: 3x4 row-major matrices of float32
// (sines, and here some products, are taken in double precision and
// rounded, which moves a result by at most a float32 step or two).
// It is the reference that the baked tracks of bake.go are checked
// against; the viewer itself plays the baked tracks.

// Mat34 is a MilkShape 3x4 matrix: rotation in [r][0..2], translation in
// [r][3]; it transforms column vectors.
type Mat34 [3][4]float32

// AngleQuaternion is mathlib's AngleQuaternion: the quaternion of
// R = Rz(a[2])·Ry(a[1])·Rx(a[0]), X applied first
// (docs/formats/milkshape-anm.md#euler-angles).
func AngleQuaternion(a [3]float32) mgl32.Quat {
	sy, cy := math.Sincos(float64(a[2]) * 0.5)
	sp, cp := math.Sincos(float64(a[1]) * 0.5)
	sr, cr := math.Sincos(float64(a[0]) * 0.5)
	return mgl32.Quat{
		W: float32(cr*cp*cy + sr*sp*sy),
		V: mgl32.Vec3{
			float32(sr*cp*cy - cr*sp*sy),
			float32(cr*sp*cy + sr*cp*sy),
			float32(cr*cp*sy - sr*sp*cy),
		},
	}
}

// AngleMatrix is mathlib's AngleMatrix
// (docs/formats/milkshape-anm.md#euler-angles): R = Rz·Ry·Rx with the
// angles x, y, z in radians, no translation.
func AngleMatrix(a [3]float32) Mat34 {
	sy, cy := math.Sincos(float64(a[2]))
	sp, cp := math.Sincos(float64(a[1]))
	sr, cr := math.Sincos(float64(a[0]))
	var m Mat34
	m[0][0] = float32(cp * cy)
	m[1][0] = float32(cp * sy)
	m[2][0] = float32(-sp)
	m[0][1] = float32(sr*sp*cy - cr*sy)
	m[1][1] = float32(sr*sp*sy + cr*cy)
	m[2][1] = float32(sr * cp)
	m[0][2] = float32(cr*sp*cy + sr*sy)
	m[1][2] = float32(cr*sp*sy - sr*cy)
	m[2][2] = float32(cr * cp)
	return m
}

// QuaternionMatrix is mathlib's QuaternionMatrix (x, y, z, w order
// there): 1 − 2y² − 2z², 2xy + 2wz, … with each doubled product rounded
// before it is added, which is formats.RotScale with the factor 2 and no
// scale (doubling is exact, so 2·round(a·b) is round(2·a·b)).
func QuaternionMatrix(q mgl32.Quat) Mat34 {
	var m Mat34
	m[0][0], m[1][0], m[2][0], m[0][1], m[1][1], m[2][1], m[0][2], m[1][2], m[2][2] =
		formats.RotScale(q.W, q.V[0], q.V[1], q.V[2], 2, 1, 1, 1)
	return m
}

// ConcatTransforms is mathlib's R_ConcatTransforms: a·b.
func ConcatTransforms(a, b Mat34) Mat34 {
	var m Mat34
	for r := 0; r < 3; r++ {
		for c := 0; c < 4; c++ {
			m[r][c] = a[r][0]*b[0][c] + a[r][1]*b[1][c] + a[r][2]*b[2][c]
		}
		m[r][3] += a[r][3]
	}
	return m
}

// QuaternionSlerp is mathlib's QuaternionSlerp: q is negated when
// |p - q|² > |p + q|² (the shortest arc); a plain lerp, not normalised,
// when 1 - cos ≤ 1e-8; the opposite case (1 + cos ≤ 1e-8) cannot occur
// after the flip but is kept as written.
func QuaternionSlerp(p, q mgl32.Quat, t float32) mgl32.Quat {
	pa := [4]float32{p.V[0], p.V[1], p.V[2], p.W}
	qa := [4]float32{q.V[0], q.V[1], q.V[2], q.W}
	var a, b float32
	for i := range pa {
		a += (pa[i] - qa[i]) * (pa[i] - qa[i])
		b += (pa[i] + qa[i]) * (pa[i] + qa[i])
	}
	if a > b {
		for i := range qa {
			qa[i] = -qa[i]
		}
	}
	cosom := pa[0]*qa[0] + pa[1]*qa[1] + pa[2]*qa[2] + pa[3]*qa[3]
	var out [4]float32
	if 1+float64(cosom) > 1e-8 {
		var sclp, sclq float32
		if 1-float64(cosom) > 1e-8 {
			omega := math.Acos(float64(cosom))
			sinom := math.Sin(omega)
			sclp = float32(math.Sin((1-float64(t))*omega) / sinom)
			sclq = float32(math.Sin(float64(t)*omega) / sinom)
		} else {
			sclp, sclq = 1-t, t
		}
		for i := range out {
			out[i] = sclp*pa[i] + sclq*qa[i]
		}
	} else {
		out = [4]float32{-pa[1], pa[0], -pa[3], pa[2]}
		sclp := float32(math.Sin((1 - float64(t)) * 0.5 * math.Pi))
		sclq := float32(math.Sin(float64(t) * 0.5 * math.Pi))
		for i := 0; i < 3; i++ {
			out[i] = sclp*pa[i] + sclq*out[i]
		}
	}
	return mgl32.Quat{W: out[3], V: mgl32.Vec3{out[0], out[1], out[2]}}
}

// Tangent is a position key's incoming and outgoing tangent.
type Tangent struct {
	In, Out [3]float32
}

// SetupTangents is msModel::SetupTangents for one joint's position keys:
// zero with two keys or fewer; otherwise, with the neighbours taken
// cyclically, tangent = P[k+1] - P[k-1] split by the time steps dt1 and dt2
// into In = tangent·dt1/dt and Out = tangent·dt2/dt (dt1 or dt2 is
// negative at the wrapped ends, kept as written:
// docs/formats/milkshape-anm.md#position-keys).
// Where dt is 0 MilkShape divides by zero; the tangent is left zero here.
func SetupTangents(keys []PositionKey) []Tangent {
	n := len(keys)
	ts := make([]Tangent, n)
	if n <= 2 {
		return ts
	}
	for k := 0; k < n; k++ {
		k0, k2 := k-1, k+1
		if k0 < 0 {
			k0 = n - 1
		}
		if k2 >= n {
			k2 = 0
		}
		dt1 := keys[k].Time - keys[k0].Time
		dt2 := keys[k2].Time - keys[k].Time
		dt := dt1 + dt2
		if dt == 0 {
			continue
		}
		for c := 0; c < 3; c++ {
			tan := keys[k2].Position[c] - keys[k0].Position[c]
			ts[k].In[c] = tan * dt1 / dt
			ts[k].Out[c] = tan * dt2 / dt
		}
	}
	return ts
}

// hermite returns h1 P0 + h3 Out0 + h2 P1 + h4 In1 at u in [0, 1].
func hermite(p0, p1 *PositionKey, t0, t1 *Tangent, u float64) [3]float64 {
	u2 := u * u
	u3 := u2 * u
	h1 := 2*u3 - 3*u2 + 1
	h2 := -2*u3 + 3*u2
	h3 := u3 - 2*u2 + u
	h4 := u3 - u2
	var p [3]float64
	for c := 0; c < 3; c++ {
		p[c] = h1*float64(p0.Position[c]) + h3*float64(t0.Out[c]) + h2*float64(p1.Position[c]) + h4*float64(t1.In[c])
	}
	return p
}

// findKey is EvaluateJoint's linear search: the first i with
// k[i] <= t < k[i+1], else -1.
func findKey(n int, time func(int) float32, t float32) int {
	for i := 0; i < n-1; i++ {
		if t >= time(i) && t < time(i+1) {
			return i
		}
	}
	return -1
}

// EvaluateJoint is msModel::EvaluateJoint for a joint's reference and the
// given keys at time t in seconds (the frame is t·fps in MilkShape, and
// only ratios of times enter the result): the local matrix
// reference × (rotation key, position key).
func EvaluateJoint(ref *Joint, rot []RotationKey, pos []PositionKey, t float32) Mat34 {
	var p [3]float32
	if n := len(pos); n > 0 {
		i := findKey(n, func(i int) float32 { return pos[i].Time }, t)
		switch {
		case i >= 0:
			tan := SetupTangents(pos)
			u := (t - pos[i].Time) / (pos[i+1].Time - pos[i].Time)
			h := hermite(&pos[i], &pos[i+1], &tan[i], &tan[i+1], float64(u))
			p = [3]float32{float32(h[0]), float32(h[1]), float32(h[2])}
		case t < pos[0].Time:
			p = pos[0].Position
		case t >= pos[n-1].Time:
			p = pos[n-1].Position
		}
	}
	q := mgl32.QuatIdent()
	if n := len(rot); n > 0 {
		i := findKey(n, func(i int) float32 { return rot[i].Time }, t)
		switch {
		case i >= 0:
			u := (t - rot[i].Time) / (rot[i+1].Time - rot[i].Time)
			q = QuaternionSlerp(AngleQuaternion(rot[i].Rotation), AngleQuaternion(rot[i+1].Rotation), u)
		case t < rot[0].Time:
			q = AngleQuaternion(rot[0].Rotation)
		case t >= rot[n-1].Time:
			q = AngleQuaternion(rot[n-1].Rotation)
		}
	}
	anim := QuaternionMatrix(q)
	anim[0][3], anim[1][3], anim[2][3] = p[0], p[1], p[2]
	return ConcatTransforms(ReferenceMatrix(ref), anim)
}

// ReferenceMatrix is a joint's matLocalSkeleton: AngleMatrix of the
// reference rotation with the reference position.
func ReferenceMatrix(j *Joint) Mat34 {
	m := AngleMatrix(j.Rotation)
	m[0][3], m[1][3], m[2][3] = j.Position[0], j.Position[1], j.Position[2]
	return m
}

// Mat4 returns m as a column-major 4x4 matrix.
func (m Mat34) Mat4() mgl32.Mat4 {
	return mgl32.Mat4{
		m[0][0], m[1][0], m[2][0], 0,
		m[0][1], m[1][1], m[2][1], 0,
		m[0][2], m[1][2], m[2][2], 0,
		m[0][3], m[1][3], m[2][3], 1,
	}
}
