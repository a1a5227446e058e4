package formats

// Float is the floating-point types the shared math kernels take: each
// gets its own instantiation (the compiler stencils generics by shape,
// and float32 and float64 are different shapes), so no dictionary slows
// the arithmetic.
type Float interface{ ~float32 | ~float64 }

// QuatFactor returns 2/|q|² for the quaternion (w, x, y, z), or 0 for a
// zero quaternion: the factor with which RotScale makes any quaternion's
// matrix that of its normalised self, and a zero one the identity (as
// LEGO Island's FromQuaternion does). The squares are each rounded before
// they are added, so that no target fuses them.
func QuatFactor[T Float](w, x, y, z T) T {
	n := T(w*w) + T(x*x) + T(y*y) + T(z*z)
	if n > 0 {
		return 2 / n
	}
	return 0
}

// RotScale returns the column-major 3×3 R·S of the rotation (w, x, y, z)
// and the scale (sx, sy, sz): mIJ is row I, column J. s is 2/|q|²
// (QuatFactor) for any quaternion, or 2 for a quaternion known to be a
// unit one. It is the project's one quaternion-to-matrix: Transform's
// matrix, the glTF exporter's double-precision check and MilkShape's
// QuaternionMatrix build it here, and the player's local-to-world pass
// from its two halves, QuatProducts and RotScaleOf, which the compiler
// inlines where it does not inline RotScale (cost 136 over a budget of
// 80; a call per bone cost that pass about 8%);
// player.TestLocalMatricesAreRotScale holds that pass to these bits.
//
// Each product is rounded by an explicit conversion before it is added,
// so that no target fuses a multiply-add (Go spec, "Floating-point
// operators"): the matrix is the same on every architecture. With s = 2
// each product equals 2·a·b exactly (a power of two scales without
// rounding), so a caller that wrote 2*a*b gets the same bits.
func RotScale[T Float](w, x, y, z, s, sx, sy, sz T) (m00, m10, m20, m01, m11, m21, m02, m12, m22 T) {
	xx, yy, zz, xy, xz, yz, wx, wy, wz := QuatProducts(w, x, y, z, s)
	return RotScaleOf(xx, yy, zz, xy, xz, yz, wx, wy, wz, sx, sy, sz)
}

// RotScaleOf is RotScale's second half: the matrix of QuatProducts'
// products and the scale. It works out the entries that share products
// in pairs, so that each product is done with early: inlined in the
// player's local-to-world loop, column by column left one value too many
// for the registers, and it spilled.
func RotScaleOf[T Float](xx, yy, zz, xy, xz, yz, wx, wy, wz, sx, sy, sz T) (m00, m10, m20, m01, m11, m21, m02, m12, m22 T) {
	m10, m01 = (xy+wz)*sx, (xy-wz)*sy
	m20, m02 = (xz-wy)*sx, (xz+wy)*sz
	m21, m12 = (yz+wx)*sy, (yz-wx)*sz
	m00, m11, m22 = (1-yy-zz)*sx, (1-xx-zz)*sy, (1-xx-yy)*sz
	return
}

// QuatProducts is RotScale's first half: the products of the
// quaternion's components that its matrix is made of, each scaled by s
// and rounded.
func QuatProducts[T Float](w, x, y, z, s T) (xx, yy, zz, xy, xz, yz, wx, wy, wz T) {
	return T(x * x * s), T(y * y * s), T(z * z * s), T(x * y * s), T(x * z * s), T(y * z * s),
		T(w * x * s), T(w * y * s), T(w * z * s)
}
