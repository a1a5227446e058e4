package render

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

func TestSceneRootAxes(t *testing.T) {
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	tests := []struct {
		name    string
		coords  formats.Coords
		x, y, z mgl32.Vec3 // where file +X, +Y, +Z land
		det     float32
	}{
		{"Y-up right-handed", formats.Coords{Up: formats.AxisY}, x, y, z, 1},
		{"Z-up right-handed (Prime)", formats.Coords{Up: formats.AxisZ}, x, z.Mul(-1), y, 1},
		{"Y-up left-handed (LEGO, Sims)", formats.Coords{Up: formats.AxisY, LeftHanded: true}, x, y, z.Mul(-1), -1},
		{"Z-up left-handed", formats.Coords{Up: formats.AxisZ, LeftHanded: true}, x, z, y, -1},
	}
	for _, tc := range tests {
		m := SceneRoot(tc.coords)
		for i, want := range []mgl32.Vec3{tc.x, tc.y, tc.z} {
			var in mgl32.Vec3
			in[i] = 2
			if got := affine(&m, in); !near3(got, want.Mul(2), 1e-6) {
				t.Errorf("%s: file axis %d ×2 -> %v, want %v", tc.name, i, got, want.Mul(2))
			}
		}
		if d := m.Det(); abs32(d-tc.det) > 1e-6 {
			t.Errorf("%s: det %v, want %v", tc.name, d, tc.det)
		}
		if got := affine(&m, mgl32.Vec3{}); got != (mgl32.Vec3{}) {
			t.Errorf("%s: origin moves to %v", tc.name, got)
		}
	}
}

// figure is a stick figure's head, nose and left hand, pelvis at the origin.
type figure struct{ head, nose, leftHand mgl32.Vec3 }

// chirality is (up × forward)·left evaluated with the right-handed cross
// product: positive for a true (unmirrored) figure in a right-handed space.
// A person standing up (+Y) and facing the viewer (+Z) has their left hand
// on the viewer's right (+X), and Y × Z = +X.
func (f figure) chirality(m mgl32.Mat4) float32 {
	head, nose, hand := affine(&m, f.head), affine(&m, f.nose), affine(&m, f.leftHand)
	return head.Cross(nose.Sub(head)).Dot(hand)
}

func TestSceneRootKeepsFiguresUnmirroredAndUpright(t *testing.T) {
	tests := []struct {
		name   string
		coords formats.Coords
		fig    figure
	}{
		// LEGO Island is a D3D world: X right, Y up, Z into the screen. Its
		// default camera looks down +Z, so a figure facing that camera faces
		// -Z, and its left hand is on the camera's right: +X. In a
		// right-handed reading the same numbers are a mirrored person
		// (Y × -Z = -X, the opposite side from the hand).
		{"LEGO (Y-up, left-handed)", formats.Coords{LeftHanded: true},
			figure{head: mgl32.Vec3{0, 1, 0}, nose: mgl32.Vec3{0, 1, -0.1}, leftHand: mgl32.Vec3{0.5, 0.5, 0}}},
		// Z-up, left-handed: X right, Z up and +Y towards the viewer. A
		// figure facing the viewer (+Y) has its left hand on the viewer's
		// right, +X; read right-handed it is mirrored (Z × Y = -X).
		{"Z-up left-handed", formats.Coords{Up: formats.AxisZ, LeftHanded: true},
			figure{head: mgl32.Vec3{0, 0, 1}, nose: mgl32.Vec3{0, 0.1, 1}, leftHand: mgl32.Vec3{0.5, 0, 0.5}}},
		// Metroid Prime: right-handed Z-up, Samus faces +Y, so her left hand
		// is at Z × Y = -X.
		{"Prime (Z-up, right-handed)", formats.Coords{Up: formats.AxisZ},
			figure{head: mgl32.Vec3{0, 0, 1}, nose: mgl32.Vec3{0, 0.1, 1}, leftHand: mgl32.Vec3{-0.5, 0, 0.5}}},
	}
	for _, tc := range tests {
		raw := tc.fig.chirality(mgl32.Ident4())
		m := SceneRoot(tc.coords)
		got := tc.fig.chirality(m)
		if tc.coords.LeftHanded && raw >= 0 {
			t.Fatalf("%s: test figure is not a left-handed figure (raw %v)", tc.name, raw)
		}
		if got <= 0 {
			t.Errorf("%s: figure mirrored in the view (chirality %v)", tc.name, got)
		}
		if head := affine(&m, tc.fig.head); !near3(head, mgl32.Vec3{0, 1, 0}, 1e-6) {
			t.Errorf("%s: head at %v, want straight up", tc.name, head)
		}
	}
}

func TestLEGOFigureSeenFromTheFront(t *testing.T) {
	// The LEGO figure above, through SceneRoot, faces +Z: the yaw-0 camera
	// (on +Z) sees it from the front, as the game's camera did, and must see
	// its left hand on the right of the screen (x > centre), as in the game.
	m := SceneRoot(formats.Coords{LeftHanded: true})
	nose := affine(&m, mgl32.Vec3{0, 1, -0.1})
	if nose[2] <= 0 {
		t.Fatalf("nose at %v: figure does not face the front camera", nose)
	}
	vp := Viewport{0, 0, 200, 200}
	hand, _, ok := frontCamera(10).ProjectPoint(affine(&m, mgl32.Vec3{0.5, 0.5, 0}), vp)
	if !ok || hand[0] <= 100 {
		t.Errorf("left hand at %v: on the viewer's left, the figure is mirrored", hand)
	}
}
