package player

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Pose is a skeleton's local transforms and bone visibility at one time,
// with which bones have a translation of their own: flat arrays, one
// entry per bone.
type Pose struct {
	Local   []formats.Transform
	Visible []bool
	// Translated says, per bone, whether the pose has a translation of
	// its own (the games' VHasOffset): a sampled clip's bones with a
	// translation track, and a blend's by its rule (BlendJob). Where it
	// is false, a pose a sampler or a tree wrote holds the bind
	// translation. Metroid Prime's blend reads it. The bits of its last
	// word past the skeleton's bones are not the pose's: the samplers
	// and blends, which work a word at a time, may write them and read
	// none.
	Translated BoneMask
}

// BoneMask is a set of bones as bits, bone i at bit i%64 of word i/64.
// A pose's translation mask is one: as a []bool beside Visible it made
// CopyFrom a third copy call and cost it 9% (BenchmarkBlendCopy), where
// a skeleton of the games' size fits its bits in two words, and the
// blends combine them a word at a time.
type BoneMask []uint64

// NewBoneMask returns an empty mask with room for n bones.
func NewBoneMask(n int) BoneMask { return make(BoneMask, maskWords(n)) }

// maskWords is how many words a mask of n bones takes.
func maskWords(n int) int { return (n + 63) / 64 }

// Has reports whether bone i is in the mask.
func (m BoneMask) Has(i int) bool { return m[uint(i)/64]>>(uint(i)%64)&1 != 0 }

// Set puts bone i in the mask if on, else takes it out.
func (m BoneMask) Set(i int, on bool) {
	bit := uint64(1) << (uint(i) % 64)
	if on {
		m[uint(i)/64] |= bit
	} else {
		m[uint(i)/64] &^= bit
	}
}

// NewPose returns a pose for a skeleton, set to its bind pose.
func NewPose(sk *formats.Skeleton) *Pose {
	p := &Pose{
		Local:      make([]formats.Transform, len(sk.Bones)),
		Visible:    make([]bool, len(sk.Bones)),
		Translated: NewBoneMask(len(sk.Bones)),
	}
	p.SetBind(sk)
	return p
}

// SetBind sets every bone to its bind transform, visible and without a
// translation of its own.
func (p *Pose) SetBind(sk *formats.Skeleton) {
	for i := range sk.Bones {
		p.Local[i] = sk.Bones[i].Bind
		p.Visible[i] = true
	}
	clear(p.Translated)
}

// CopyFrom copies another pose of the same skeleton.
func (p *Pose) CopyFrom(o *Pose) {
	copy(p.Local, o.Local)
	copy(p.Visible, o.Visible)
	copyMask(p.Translated, o.Translated)
}

// copyMask copies s into d, as copy does, a word at a time in a loop
// rather than a call of copy's: a mask is a word or two, and copy's call
// of memmove cost CopyFrom as much as the third slice did (+8%, where
// the loop costs under 2%).
func copyMask(d, s BoneMask) {
	s = s[:min(len(d), len(s))]
	//lint:ignore S1001 the loop is cheaper than copy's call for a word or two
	for i, x := range s {
		d[i] = x
	}
}

// fits reports whether the pose has room for n bones.
func (p *Pose) fits(n int) bool {
	return p != nil && len(p.Local) >= n && len(p.Visible) >= n && len(p.Translated) >= maskWords(n)
}

// WorldPose holds a skeleton's model-space matrices (column-vector
// convention: world = parentWorld · local for skeletons that compose by
// matrix product). Every bone matrix is affine, its last row 0, 0, 0, 1,
// so only the upper 3×4 part is stored: 48 bytes a bone rather than 64,
// and the local-to-world pass neither reads nor writes the constant row.
type WorldPose struct {
	m []affine
	// local holds the local matrices, the scratch of composing by matrix
	// product.
	local []affine
	// rot holds each bone's model-space rotation without scale, for
	// skeletons that compose as Echoes does (formats.ComposePrime2).
	rot []mgl32.Mat3
}

// affine is the upper 3×4 part of an affine matrix, column by column:
// the X, Y and Z axes, then the translation.
type affine [12]float32

// NewWorldPose returns a world pose sized for a skeleton.
func NewWorldPose(sk *formats.Skeleton) *WorldPose {
	w := &WorldPose{m: make([]affine, len(sk.Bones)), local: make([]affine, len(sk.Bones))}
	if sk.Compose == formats.ComposePrime2 {
		w.rot = make([]mgl32.Mat3, len(sk.Bones))
	}
	return w
}

// Len returns how many bones the pose holds.
func (w *WorldPose) Len() int { return len(w.m) }

// Matrix returns bone i's model-space matrix (column-major).
func (w *WorldPose) Matrix(i int) mgl32.Mat4 {
	m := &w.m[i]
	return mgl32.Mat4{
		m[0], m[1], m[2], 0,
		m[3], m[4], m[5], 0,
		m[6], m[7], m[8], 0,
		m[9], m[10], m[11], 1,
	}
}

// SetMatrix sets bone i's model-space matrix to the upper 3×4 part of m
// (for callers that build a pose themselves, such as tests).
func (w *WorldPose) SetMatrix(i int, m mgl32.Mat4) {
	w.m[i] = affine{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]}
}

// Position returns the origin of bone i in model space.
func (w *WorldPose) Position(i int) mgl32.Vec3 {
	m := &w.m[i]
	return mgl32.Vec3{m[9], m[10], m[11]}
}

// ToWorld is WorldJob's Run without its checks, for callers that built
// the pose and the world pose for sk (NewPose, NewWorldPose).
func ToWorld(sk *formats.Skeleton, p *Pose, w *WorldPose) {
	if sk.Compose == formats.ComposePrime2 {
		toWorldPrime2(sk, p, w)
		return
	}
	if len(w.local) < len(sk.Bones) {
		w.local = make([]affine, len(sk.Bones))
	}
	toWorldMatrix(sk.Bones, p.Local, w.m, w.local)
}

// toWorldMatrix composes by matrix product: each bone's local matrix
// built as Transform.WriteMat4 builds it, then parent · local over the
// 3×4 parts, each product rounded before it is added (so that no target
// fuses them), the translation column summed before the parent's
// translation is added. A bone whose parent is not an earlier bone (a
// skeleton that formats.Skeleton.Validate refuses) takes that parent's
// matrix as it stands.
//
// The two steps are passes of their own, as ozz-animation's
// LocalToModelJob takes them: the local matrices into scratch, then the
// products in parent-before-child order. The local matrices depend on
// nothing but their transform, so the processor overlaps many bones'
// work.
func toWorldMatrix(bones []formats.Bone, local []formats.Transform, out, scratch []affine) {
	n := len(bones)
	local, out, scratch = local[:n], out[:n], scratch[:n]
	localMatrices(local, scratch, true)
	for i := range bones {
		l, o := &scratch[i], &out[i]
		pi := bones[i].Parent
		if uint(pi) >= uint(i) {
			if pi < 0 {
				*o = *l
			} else {
				composeAffine(&out[pi], l, o)
			}
			continue
		}
		// The parent's rotation part stays in registers and the local
		// matrix comes in a column at a time: each value is loaded once,
		// where holding the local matrix instead left too few registers
		// and the compiler reloaded it for every row. (The parent is an
		// earlier bone, so o is not p and the stores leave p as read.)
		p := &out[pi]
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
		b0, b1, b2 := l[0], l[1], l[2]
		o[0] = float32(a0*b0) + float32(a3*b1) + float32(a6*b2)
		o[1] = float32(a1*b0) + float32(a4*b1) + float32(a7*b2)
		o[2] = float32(a2*b0) + float32(a5*b1) + float32(a8*b2)
		b0, b1, b2 = l[3], l[4], l[5]
		o[3] = float32(a0*b0) + float32(a3*b1) + float32(a6*b2)
		o[4] = float32(a1*b0) + float32(a4*b1) + float32(a7*b2)
		o[5] = float32(a2*b0) + float32(a5*b1) + float32(a8*b2)
		b0, b1, b2 = l[6], l[7], l[8]
		o[6] = float32(a0*b0) + float32(a3*b1) + float32(a6*b2)
		o[7] = float32(a1*b0) + float32(a4*b1) + float32(a7*b2)
		o[8] = float32(a2*b0) + float32(a5*b1) + float32(a8*b2)
		b0, b1, b2 = l[9], l[10], l[11]
		o[9] = (float32(a0*b0) + float32(a3*b1) + float32(a6*b2)) + p[9]
		o[10] = (float32(a1*b0) + float32(a4*b1) + float32(a7*b2)) + p[10]
		o[11] = (float32(a2*b0) + float32(a5*b1) + float32(a8*b2)) + p[11]
	}
}

// localMatrices writes each transform's matrix, as Transform.WriteMat4
// builds it, into the 3×4 scratch; without scaled, its rotation and
// translation alone (the scale taken as 1, which leaves every product as
// it is). It is the player's one quaternion to matrix, for both
// composition rules: formats.RotScale (after formats.QuatFactor) through
// its halves, QuatProducts and RotScaleOf, which the compiler inlines
// where it does not inline RotScale itself (cost 136 over a budget of
// 80), and a call per bone slows this pass by about 8%
// (BenchmarkFrame100Realistic's world); TestLocalMatricesAreRotScale
// holds it to RotScale's bits.
func localMatrices(local []formats.Transform, scratch []affine, scaled bool) {
	// The loop walks the slices rather than indexing them: the compiler
	// then addresses each field from the element's pointer, where an
	// index times the 40-byte stride costs it address arithmetic per
	// field.
	ls := local
	for i := 0; i < len(scratch) && len(ls) > 0; i, ls = i+1, ls[1:] {
		l, m := &ls[0], &scratch[i]
		w, x, y, z := l.Rotation.W, l.Rotation.V[0], l.Rotation.V[1], l.Rotation.V[2]
		xx, yy, zz, xy, xz, yz, wx, wy, wz := formats.QuatProducts(w, x, y, z, formats.QuatFactor(w, x, y, z))
		sx, sy, sz := l.Scale[0], l.Scale[1], l.Scale[2]
		if !scaled {
			sx, sy, sz = 1, 1, 1
		}
		m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8] = formats.RotScaleOf(xx, yy, zz, xy, xz, yz, wx, wy, wz, sx, sy, sz)
		m[9], m[10], m[11] = l.Translation[0], l.Translation[1], l.Translation[2]
	}
}

// composeAffine writes p · l into o, reading all of p before it writes o
// (which may be p).
func composeAffine(p, l, o *affine) {
	a0, a1, a2, a3, a4, a5, a6, a7, a8 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
	t0, t1, t2 := p[9], p[10], p[11]
	var r affine
	for c := 0; c < 12; c += 3 {
		b0, b1, b2 := l[c], l[c+1], l[c+2]
		r[c] = float32(a0*b0) + float32(a3*b1) + float32(a6*b2)
		r[c+1] = float32(a1*b0) + float32(a4*b1) + float32(a7*b2)
		r[c+2] = float32(a2*b0) + float32(a5*b1) + float32(a8*b2)
	}
	r[9] += t0
	r[10] += t1
	r[11] += t2
	*o = r
}

// toWorldPrime2 composes as Metroid Prime 2: Echoes builds
// CPoseAsTransforms (and PrimeWorldEditor's CBone::UpdateTransform does
// the same, docs/formats/metroid-prime.md#world-pose): rotations chain
// without scale, R_w = R_w(parent)·R; the position is P_w = P_w(parent) +
// R_w(parent)·(S_parent ⊙ T), the translation scaled by the parent's
// local scale only; a bone's matrix is T(P_w)·R_w·S with its own local
// scale. Scale is therefore never inherited, and a grandchild of a scaled
// bone is placed differently from a product of scaled matrices.
//
// The local rotations are a pass of their own (localMatrices, unscaled),
// as for the matrix product.
func toWorldPrime2(sk *formats.Skeleton, p *Pose, w *WorldPose) {
	bones := sk.Bones
	if len(w.rot) < len(bones) {
		w.rot = make([]mgl32.Mat3, len(bones))
	}
	if len(w.local) < len(bones) {
		w.local = make([]affine, len(bones))
	}
	local := p.Local[:len(bones)]
	out := w.m[:len(bones)]
	rot := w.rot[:len(bones)]
	scratch := w.local[:len(bones)]
	localMatrices(local, scratch, false)
	for i := range bones {
		l, o, r := &local[i], &out[i], &rot[i]
		lr := (*mgl32.Mat3)(scratch[i][:9])
		pos := l.Translation
		if pi := bones[i].Parent; pi >= 0 {
			pr, ps, pp := &rot[pi], &local[pi].Scale, &out[pi]
			for c := 0; c < 3; c++ {
				b0, b1, b2 := lr[c*3], lr[c*3+1], lr[c*3+2]
				r[c*3+0] = pr[0]*b0 + pr[3]*b1 + pr[6]*b2
				r[c*3+1] = pr[1]*b0 + pr[4]*b1 + pr[7]*b2
				r[c*3+2] = pr[2]*b0 + pr[5]*b1 + pr[8]*b2
			}
			v := mgl32.Vec3{ps[0] * pos[0], ps[1] * pos[1], ps[2] * pos[2]}
			pos = mgl32.Vec3{
				pp[9] + pr[0]*v[0] + pr[3]*v[1] + pr[6]*v[2],
				pp[10] + pr[1]*v[0] + pr[4]*v[1] + pr[7]*v[2],
				pp[11] + pr[2]*v[0] + pr[5]*v[1] + pr[8]*v[2],
			}
		} else {
			*r = *lr
		}
		for c := 0; c < 3; c++ {
			s := l.Scale[c]
			o[c*3+0], o[c*3+1], o[c*3+2] = r[c*3]*s, r[c*3+1]*s, r[c*3+2]*s
		}
		o[9], o[10], o[11] = pos[0], pos[1], pos[2]
	}
}
