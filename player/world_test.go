package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/go-gl/mathgl/mgl32"
)

// refToWorld is the local-to-world pass by matrix product written the
// plain way, on 4×4 matrices: each local matrix built by
// Transform.WriteMat4, then parent · local over the 3×4 part (every bone
// matrix's last row is 0, 0, 0, 1), each product rounded before it is
// added, the translation column summed before the parent's translation is
// added. A parent that is not an earlier bone is read as want holds it
// before the bone is written.
func refToWorld(sk *formats.Skeleton, p *Pose, want []mgl32.Mat4) {
	for i, b := range sk.Bones {
		var m mgl32.Mat4
		p.Local[i].WriteMat4(&m)
		if b.Parent < 0 {
			want[i] = m
			continue
		}
		a := want[b.Parent]
		o := &want[i]
		for c := 0; c < 4; c++ {
			b0, b1, b2 := m[c*4], m[c*4+1], m[c*4+2]
			o[c*4+0] = float32(a[0]*b0) + float32(a[4]*b1) + float32(a[8]*b2)
			o[c*4+1] = float32(a[1]*b0) + float32(a[5]*b1) + float32(a[9]*b2)
			o[c*4+2] = float32(a[2]*b0) + float32(a[6]*b1) + float32(a[10]*b2)
			o[c*4+3] = 0
		}
		o[12] += a[12]
		o[13] += a[13]
		o[14] += a[14]
		o[15] = 1
	}
}

// TestToWorldMatchesProduct checks the local-to-world pass against
// refToWorld, to the bit, on the realistic skeleton with random
// transforms.
func TestToWorldMatchesProduct(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	sk, _ := realisticClip(formats.InterpShortestArc)
	p := NewPose(sk)
	for i := range p.Local {
		axis := mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}.Normalize()
		p.Local[i] = formats.Transform{
			Translation: mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())},
			Rotation:    mgl32.QuatRotate(float32(rng.Float64()*7), axis),
			Scale:       mgl32.Vec3{float32(0.5 + rng.Float64()), float32(0.5 + rng.Float64()), float32(0.5 + rng.Float64())},
		}
	}
	w := NewWorldPose(sk)
	ToWorld(sk, p, w)
	want := make([]mgl32.Mat4, len(sk.Bones))
	refToWorld(sk, p, want)
	for i := range want {
		got := w.Matrix(i)
		for k := range want[i] {
			if math.Float32bits(got[k]) != math.Float32bits(want[i][k]) {
				t.Fatalf("bone %d element %d: %v, product %v", i, k, got[k], want[i][k])
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() { ToWorld(sk, p, w) }); n != 0 {
		t.Errorf("local-to-world allocates %v times", n)
	}
}

// TestToWorldPrime2ScaledParent works a grandchild of a scaled bone by
// hand under Echoes' rule (docs/formats/metroid-prime.md#world-pose;
// PrimeWorldEditor CBone::UpdateTransform): the root scales by 2; the child sits at (1,0,0)
// turned 90° about Z with local scale (1, 0.5, 1); the grandchild sits at
// (1,1,0) unturned and unscaled.
//
//	child:      P = (0,0,0) + I·(2,2,2)⊙(1,0,0)      = (2,0,0)
//	            M = T(2,0,0)·Rz90·S(1,0.5,1): columns (0,1,0), (-0.5,0,0), (0,0,1)
//	grandchild: P = (2,0,0) + Rz90·(1,0.5,1)⊙(1,1,0) = (2,0,0) + Rz90·(1,0.5,0)
//	              = (2,0,0) + (-0.5,1,0)              = (1.5,1,0)
//	            M = T(1.5,1,0)·Rz90: columns (0,1,0), (-1,0,0), (0,0,1)
//
// A product of scaled matrices puts the grandchild at (2,0,0) +
// 2·Rz90·(1,0.5,0) = (1,2,0) and doubles its axes: the root's scale is
// inherited there and not here.
func TestToWorldPrime2ScaledParent(t *testing.T) {
	rz90 := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})
	tr := func(t, s mgl32.Vec3, r mgl32.Quat) formats.Transform {
		return formats.Transform{Translation: t, Rotation: r, Scale: s}
	}
	sk := &formats.Skeleton{Compose: formats.ComposePrime2, Bones: []formats.Bone{
		{ID: 0, Parent: -1, Bind: tr(mgl32.Vec3{}, mgl32.Vec3{2, 2, 2}, mgl32.QuatIdent())},
		{ID: 1, Parent: 0, Bind: tr(mgl32.Vec3{1, 0, 0}, mgl32.Vec3{1, 0.5, 1}, rz90)},
		{ID: 2, Parent: 1, Bind: tr(mgl32.Vec3{1, 1, 0}, mgl32.Vec3{1, 1, 1}, mgl32.QuatIdent())},
	}}
	p := NewPose(sk)
	w := NewWorldPose(sk)
	ToWorld(sk, p, w)
	want := []mgl32.Mat4{
		{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1},
		{0, 1, 0, 0, -0.5, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1},
		{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1.5, 1, 0, 1},
	}
	for i := range want {
		for k := range want[i] {
			if !near(w.Matrix(i)[k], want[i][k], 1e-6) {
				t.Errorf("bone %d: got %v, want %v", i, w.Matrix(i), want[i])
				break
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() { ToWorld(sk, p, w) }); n != 0 {
		t.Errorf("Echoes' local-to-world allocates %v times", n)
	}
	// The same skeleton by matrix product, for contrast.
	sk.Compose = formats.ComposeMatrix
	w2 := NewWorldPose(sk)
	ToWorld(sk, p, w2)
	if got := w2.Position(2); !vecNear(got, mgl32.Vec3{1, 2, 0}, 1e-6) {
		t.Errorf("matrix product: grandchild at %v, want (1,2,0)", got)
	}
	// A world pose made for the other rule still works: the rotations'
	// scratch is made on first use.
	sk.Compose = formats.ComposePrime2
	ToWorld(sk, p, w2)
	if got := w2.Position(2); !vecNear(got, mgl32.Vec3{1.5, 1, 0}, 1e-6) {
		t.Errorf("late Prime2: grandchild at %v, want (1.5,1,0)", got)
	}
}

// A skeleton from an Echoes CINF composes as Echoes does; Metroid Prime's
// by matrix product (its bones carry no scale).
func TestPrimeCINFCompose(t *testing.T) {
	for _, c := range []struct {
		game prime.Game
		want formats.Compose
	}{{prime.MP1, formats.ComposeMatrix}, {prime.MP2, formats.ComposePrime2}} {
		cinf := &prime.CINF{Game: c.game, Bones: []prime.CINFBone{{ID: 0, Parent: 99}, {ID: 1, Parent: 0}}}
		sk, _, err := cinf.Skeleton("s")
		if err != nil {
			t.Fatal(err)
		}
		if sk.Compose != c.want {
			t.Errorf("%v: compose %v, want %v", c.game, sk.Compose, c.want)
		}
	}
}

// TestToWorldSpecialInputs checks ToWorld against refToWorld to the bit
// (NaN payloads aside): skeletons of every length from 1 to 13 bones;
// roots in the middle of the order; parents that are not earlier bones
// (which Skeleton.Validate refuses: the pass must still not fail); and
// rotations that are zero, unnormalised, huge, infinite or NaN.
func TestToWorldSpecialInputs(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	f := func() float32 {
		switch rng.Intn(40) {
		case 0:
			return 0
		case 1:
			return float32(math.Copysign(0, -1))
		case 2:
			return float32(math.NaN())
		case 3:
			return float32(math.Inf(1 - 2*rng.Intn(2)))
		case 4:
			return float32(rng.NormFloat64() * 1e20)
		}
		return float32(rng.NormFloat64())
	}
	for trial := 0; trial < 3000; trial++ {
		n := 1 + trial%13
		sk := &formats.Skeleton{Bones: make([]formats.Bone, n)}
		p := &Pose{Local: make([]formats.Transform, n), Visible: make([]bool, n)}
		for i := range sk.Bones {
			parent := -1
			switch r := rng.Intn(10); {
			case i == 0 || r == 0:
			case r == 1:
				parent = i + rng.Intn(n-i) // itself or a later bone
			default:
				parent = rng.Intn(i)
			}
			sk.Bones[i] = formats.Bone{ID: i, Parent: parent}
			q := mgl32.Quat{W: f(), V: mgl32.Vec3{f(), f(), f()}}
			if rng.Intn(2) == 0 {
				q = q.Normalize()
			}
			if rng.Intn(20) == 0 {
				q = mgl32.Quat{}
			}
			p.Local[i] = formats.Transform{Translation: mgl32.Vec3{f(), f(), f()}, Rotation: q, Scale: mgl32.Vec3{f(), f(), f()}}
		}
		w := NewWorldPose(sk)
		want := make([]mgl32.Mat4, n)
		// Later parents read matrices the pass has not written yet: start
		// both from the same junk (affine, as every world matrix is).
		for i := range want {
			for k := range want[i] {
				want[i][k] = float32(i*16 + k)
			}
			want[i][3], want[i][7], want[i][11], want[i][15] = 0, 0, 0, 1
			w.SetMatrix(i, want[i])
		}
		ToWorld(sk, p, w)
		refToWorld(sk, p, want)
		for i := range want {
			got := w.Matrix(i)
			for k := range want[i] {
				if !sameBits(got[k], want[i][k]) {
					t.Fatalf("trial %d, %d bones, bone %d (parent %d) element %d: %v, product %v",
						trial, n, i, sk.Bones[i].Parent, k, got[k], want[i][k])
				}
			}
		}
	}
}
