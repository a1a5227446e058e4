package formats

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestTransformMat4 checks the hand-built T·R·S against mathgl's own
// matrices, and that a non-unit quaternion still gives a pure rotation.
func TestTransformMat4(t *testing.T) {
	q := mgl32.QuatRotate(0.7, mgl32.Vec3{1, 2, 3}.Normalize())
	tr := Transform{Translation: mgl32.Vec3{1, -2, 3}, Rotation: q, Scale: mgl32.Vec3{2, 0.5, 1.5}}
	want := mgl32.Translate3D(1, -2, 3).Mul4(q.Mat4()).Mul4(mgl32.Scale3D(2, 0.5, 1.5))
	for _, scaled := range []float32{1, 3} {
		tr.Rotation = q.Scale(scaled)
		got := tr.Mat4()
		for i := range got {
			if math.Abs(float64(got[i]-want[i])) > 1e-5 {
				t.Fatalf("|q|=%v: element %d = %v, want %v", scaled, i, got[i], want[i])
			}
		}
	}
	tr.Rotation = mgl32.Quat{}
	tr.Scale = mgl32.Vec3{1, 1, 1}
	if m := tr.Mat4(); m.Mat3() != mgl32.Ident3() {
		t.Errorf("zero quaternion: %v", m)
	}
}

func TestValidateRejectsBrokenModels(t *testing.T) {
	good := func() *Asset {
		return &Asset{Skeleton: &Skeleton{Bones: []Bone{{Parent: -1, Bind: Identity()}, {Parent: 0, Bind: Identity()}}},
			Clips: []*Clip{{Name: "c", Duration: 1, Tracks: make([]BoneTracks, 2)}}}
	}
	if err := good().Validate(); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(a *Asset){
		"child before parent": func(a *Asset) { a.Skeleton.Bones[0].Parent = 1 },
		"track count":         func(a *Asset) { a.Clips[0].Tracks = a.Clips[0].Tracks[:1] },
		"times descend": func(a *Asset) {
			a.Clips[0].Tracks[1].Rotation = QuatTrack{Times: []float64{1, 0}, Values: make([]mgl32.Quat, 2)}
		},
		"values short": func(a *Asset) {
			a.Clips[0].Tracks[1].Translation = Vec3Track{Times: []float64{0, 1}, Values: make([]mgl32.Vec3, 1)}
		},
		"NaN time": func(a *Asset) {
			a.Clips[0].Tracks[0].Scale = Vec3Track{Times: []float64{math.NaN()}, Values: make([]mgl32.Vec3, 1)}
		},
		"NaN duration": func(a *Asset) { a.Clips[0].Duration = math.NaN() },
		"event bone":   func(a *Asset) { a.Clips[0].Events = []Event{{Bone: 5}} },
		"no skeleton":  func(a *Asset) { a.Skeleton = nil },
	}
	for name, breakIt := range cases {
		a := good()
		breakIt(a)
		if err := a.Validate(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// BenchmarkTransformMat4 times WriteMat4 over a run of non-unit
// quaternions (RotScale's float32 instantiation behind it).
func BenchmarkTransformMat4(b *testing.B) {
	ts := make([]Transform, 64)
	for i := range ts {
		f := float32(i)
		ts[i] = Transform{Translation: mgl32.Vec3{f, 1, 2}, Rotation: mgl32.Quat{W: 1 + f/10, V: mgl32.Vec3{f / 7, -f / 9, 0.25}}, Scale: mgl32.Vec3{1, 2, 3}}
	}
	ms := make([]mgl32.Mat4, len(ts))
	b.ReportAllocs()
	for b.Loop() {
		for i := range ts {
			ts[i].WriteMat4(&ms[i])
		}
	}
}
