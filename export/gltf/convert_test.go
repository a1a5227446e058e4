package gltf

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// TestConversionTable checks the README's table: where each format's
// forward, up and right axes land in glTF (+Z front, +Y up, right-handed so
// that the figure's right hand is at -X when it faces +Z).
func TestConversionTable(t *testing.T) {
	tests := []struct {
		name   string
		coords formats.Coords
		// The file's forward and up directions.
		forward, up mgl32.Vec3
		mirrored    bool
		basis       mgl64.Mat3 // column-major
	}{
		// Demo: glTF's own convention.
		{"demo", formats.Coords{Up: formats.AxisY}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, false,
			mgl64.Mat3{1, 0, 0, 0, 1, 0, 0, 0, 1}},
		// Metroid Prime: Z up, +Y forward, right-handed: X→-X, Y→Z, Z→Y
		// (a proper rotation, det +1).
		{"prime", formats.Coords{Up: formats.AxisZ, FrontYaw: 180}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}, false,
			mgl64.Mat3{-1, 0, 0, 0, 0, 1, 0, 1, 0}},
		// LEGO Island and The Sims: Y up, left-handed, characters facing
		// the file's -Z seen through the view's mirror of Z, i.e. +Z in the
		// file: the conversion mirrors X.
		{"lego/sims", formats.Coords{Up: formats.AxisY, LeftHanded: true, FrontYaw: 180}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, true,
			mgl64.Mat3{-1, 0, 0, 0, 1, 0, 0, 0, 1}},
		// MilkShape 3D (.ms3d, .txt and ANM over them): OpenGL's frame,
		// right-handed, Y up, models facing +Z: glTF's own, unchanged.
		{"milkshape", ms3d.Coords, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, false,
			mgl64.Mat3{1, 0, 0, 0, 1, 0, 0, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ConversionFor(tt.coords)
			if c.Basis != tt.basis {
				t.Errorf("basis %v, want %v", c.Basis, tt.basis)
			}
			if c.Mirrors() != tt.mirrored {
				t.Errorf("mirrored %v, want %v", c.Mirrors(), tt.mirrored)
			}
			if f := c.Point(tt.forward); f != (mgl64.Vec3{0, 0, 1}) {
				t.Errorf("forward lands at %v, want +Z", f)
			}
			if u := c.Point(tt.up); u != (mgl64.Vec3{0, 1, 0}) {
				t.Errorf("up lands at %v, want +Y", u)
			}
		})
	}
}

// TestConversionKeepsRotations checks that a converted rotation rotates
// converted vectors as the original rotates the originals, mirror or not:
// B·(R·v) = R'·(B·v).
func TestConversionKeepsRotations(t *testing.T) {
	q := mgl32.QuatRotate(0.7, mgl32.Vec3{0.3, -0.5, 0.8}.Normalize())
	v := mgl32.Vec3{0.2, 1.5, -0.4}
	for _, co := range []formats.Coords{{Up: formats.AxisZ, FrontYaw: 180}, {Up: formats.AxisY, LeftHanded: true, FrontYaw: 180},
		{Up: formats.AxisZ, LeftHanded: true}} {
		c := ConversionFor(co)
		want := c.Point(q.Rotate(v))
		got := c.Quat(q).Rotate(c.Point(v))
		if got.Sub(want).Len() > 1e-6 {
			t.Errorf("%+v: %v, want %v", co, got, want)
		}
	}
}

// TestTRSMat checks the written-out T·R·S against mathgl's products.
func TestTRSMat(t *testing.T) {
	q := mgl64.QuatRotate(1.1, mgl64.Vec3{1, 2, -0.5}.Normalize())
	tr := trs{T: mgl64.Vec3{1, -2, 3}, R: q, S: mgl64.Vec3{0.5, 2, 1.5}}
	want := mgl64.Translate3D(1, -2, 3).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(0.5, 2, 1.5))
	if got := tr.mat(); !got.ApproxEqualThreshold(want, 1e-12) {
		t.Errorf("%v, want %v", got, want)
	}
}
