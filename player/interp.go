package player

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// SlerpShortest is spherical linear interpolation along the shortest arc:
// q1 is negated when the dot product is negative. Near-equal keys fall back
// to a normalised lerp to avoid dividing by a vanishing sine.
func SlerpShortest(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	d := dot4(&q0, &q1)
	if d < 0 {
		q1 = mgl32.Quat{W: -q1.W, V: mgl32.Vec3{-q1.V[0], -q1.V[1], -q1.V[2]}}
		d = -d
	}
	return slerpNoFlip(q0, q1, d, f)
}

func slerpNoFlip(q0, q1 mgl32.Quat, d, f float32) mgl32.Quat {
	if d > 0.9995 {
		return nlerp(q0, q1, f)
	}
	if d > 1 {
		d = 1
	} else if d < -1 {
		d = -1
	}
	theta := math.Acos(float64(d))
	s := math.Sin(theta)
	a := float32(math.Sin((1-float64(f))*theta) / s)
	b := float32(math.Sin(float64(f)*theta) / s)
	return mgl32.Quat{W: a*q0.W + b*q1.W, V: q0.V.Mul(a).Add(q1.V.Mul(b))}
}

func nlerp(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	// Scalar arithmetic: mgl32's value methods copy more than the sampler
	// can afford in its innermost loop.
	w := q0.W + (q1.W-q0.W)*f
	x := q0.V[0] + (q1.V[0]-q0.V[0])*f
	y := q0.V[1] + (q1.V[1]-q0.V[1])*f
	z := q0.V[2] + (q1.V[2]-q0.V[2])*f
	l2 := w*w + x*x + y*y + z*z
	if l2 == 0 {
		return q0
	}
	inv := float32(1 / math.Sqrt(float64(l2)))
	return mgl32.Quat{W: w * inv, V: mgl32.Vec3{x * inv, y * inv, z * inv}}
}

func dot4(a, b *mgl32.Quat) float32 {
	return a.W*b.W + a.V[0]*b.V[0] + a.V[1]*b.V[1] + a.V[2]*b.V[2]
}

// SlerpPrime is Retro's CAnimMathUtils::Slerp as Metroid Prime 1 and 2 run
// it (spec 3.5.10): no flip to the shortest arc; u ≤ 1e-5 gives the start,
// u ≥ 0.99999 the end; dot ≥ 1 gives the start; dot > 0.95 a normalised
// lerp; otherwise the classic slerp with acos(dot), even the long way round.
func SlerpPrime(q0, q1 mgl32.Quat, u float32) mgl32.Quat {
	if u <= 1e-5 {
		return q0
	}
	if u >= 0.99999 {
		return q1
	}
	d := q0.Dot(q1)
	if d >= 1 {
		return q0
	}
	if d > 0.95 {
		return nlerp(q0, q1, u)
	}
	if d < -1 {
		d = -1
	}
	theta := math.Acos(float64(d))
	s := math.Sin(theta)
	if s == 0 {
		return q0
	}
	a := float32(math.Sin((1-float64(u))*theta) / s)
	b := float32(math.Sin(float64(u)*theta) / s)
	return mgl32.Quat{W: a*q0.W + b*q1.W, V: q0.V.Mul(a).Add(q1.V.Mul(b))}
}

// SlerpLego is MxQuaternionTransformer::Interpolate (LEGO spec 1.3). Its
// inputs and result are in the model's column-vector convention; the game
// works on the conjugates, which matters only for its opposite-keys quirk,
// so the function conjugates in and out.
func SlerpLego(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	// Game convention: (x, y, z, w) = conjugate of the model quaternion.
	ax, ay, az, aw := -float64(q0.V[0]), -float64(q0.V[1]), -float64(q0.V[2]), float64(q0.W)
	bx, by, bz, bw := -float64(q1.V[0]), -float64(q1.V[1]), -float64(q1.V[2]), float64(q1.W)
	d := ax*bx + ay*by + az*bz + aw*bw
	ff := float64(f)
	var rx, ry, rz, rw float64
	switch {
	case d+1 > 1e-5 && 1-d > 1e-5:
		theta := math.Acos(d)
		s := math.Sin(theta)
		a := math.Sin((1-ff)*theta) / s
		b := math.Sin(ff*theta) / s
		rx, ry, rz, rw = a*ax+b*bx, a*ay+b*by, a*az+b*bz, a*aw+b*bw
	case 1-d <= 1e-5:
		// Near-equal keys: a plain lerp, not normalised; the game's matrix
		// builder divides by |q|² so the rotation stays pure.
		a, b := 1-ff, ff
		rx, ry, rz, rw = a*ax+b*bx, a*ay+b*by, a*az+b*bz, a*aw+b*bw
	default:
		// Opposite keys: the game mixes q0 with a perpendicular p for x, y, z
		// and leaves w as p's w (a decomp quirk kept for exactness).
		px, py, pz, pw := -ay, ax, -aw, az
		a := math.Sin((1 - ff) * math.Pi / 2)
		b := math.Sin(ff * math.Pi / 2)
		rx, ry, rz, rw = a*ax+b*px, a*ay+b*py, a*az+b*pz, pw
	}
	return mgl32.Quat{W: float32(rw), V: mgl32.Vec3{-float32(rx), -float32(ry), -float32(rz)}}
}

func lerp3(a, b mgl32.Vec3, f float32) mgl32.Vec3 {
	return mgl32.Vec3{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f, a[2] + (b[2]-a[2])*f}
}
