package player

import (
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/go-gl/mathgl/mgl32"
)

func camVec(times []float64, values ...mgl32.Vec3) formats.Vec3Track {
	return formats.Vec3Track{Times: times, Values: values}
}

func camClose(a, b mgl32.Vec3) bool { return a.Sub(b).Len() <= 2e-6 }

// TestEvalCamera checks LegoAnimScene::CalculateCameraTransform
// (docs/formats/lego-island.md#camera) on cases worked by hand.
func TestEvalCamera(t *testing.T) {
	// Target (4,0,3) from the origin: forward (0.8, 0, 0.6);
	// right = (0,1,0) × forward = (0.6, 0, -0.8); up = forward × right
	// = (0, 0.36 + 0.64, 0). A roll of 0.5 gives
	// up' = -sin .5·right + cos .5·up = (-0.2876553, 0.8775826, 0.3835404).
	oblique := &formats.CameraTrack{
		Target: camVec([]float64{0}, mgl32.Vec3{4, 0, 3}),
		Roll:   formats.FloatTrack{Times: []float64{0}, Values: []float32{0.5}},
	}
	// Looking down +Z from (0,0,-10) at the (inactive, zero) target.
	ahead := &formats.CameraTrack{
		Position: camVec([]float64{0}, mgl32.Vec3{0, 0, -10}),
		Target:   formats.Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{}}, Flags: []formats.KeyFlags{formats.KeyInactive}},
		Roll: formats.FloatTrack{Times: []float64{1, 2}, Values: []float32{0.2, math.Pi / 2},
			Flags: []formats.KeyFlags{formats.KeyInactive, formats.KeyStep}},
	}
	// Walking in from an inactive origin key to (0,0,-4); no target keys.
	walkIn := &formats.CameraTrack{
		Position: formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{}, {0, 0, -4}},
			Flags: []formats.KeyFlags{formats.KeyInactive, 0}},
	}
	// From (0,0,5) at the origin: forward (0,0,-1), right (-1,0,0).
	behind := &formats.CameraTrack{Position: camVec([]float64{0}, mgl32.Vec3{0, 0, 5})}
	up := &formats.CameraTrack{Target: camVec([]float64{0}, mgl32.Vec3{0, 5, 0})}
	tests := []struct {
		name string
		c    *formats.CameraTrack
		t    float64
		want CameraPose
	}{
		{"no camera", nil, 0, CameraPose{}},
		{"oblique with roll", oblique, 3, CameraPose{Target: mgl32.Vec3{4, 0, 3},
			Up: mgl32.Vec3{-0.2876553, 0.8775826, 0.3835404}, Roll: 0.5, Valid: true}},
		{"before the first roll key: no roll", ahead, 0.5, CameraPose{Position: mgl32.Vec3{0, 0, -10},
			Up: mgl32.Vec3{0, 1, 0}, Valid: true}},
		{"between roll keys: key i's angle (the game's bug)", ahead, 1.9, CameraPose{Position: mgl32.Vec3{0, 0, -10},
			Up: mgl32.Vec3{-float32(math.Sin(0.2)), float32(math.Cos(0.2)), 0}, Roll: 0.2, Valid: true}},
		// right (1,0,0): up' = -1·right + cos(π/2)·up.
		{"at the last roll key: π/2, flags ignored", ahead, 2, CameraPose{Position: mgl32.Vec3{0, 0, -10},
			Up: mgl32.Vec3{-1, 0, 0}, Roll: math.Pi / 2, Valid: true}},
		{"position lerps from an inactive key", walkIn, 0.5, CameraPose{Position: mgl32.Vec3{0, 0, -2},
			Up: mgl32.Vec3{0, 1, 0}, Valid: true}},
		{"inactive position at its key: at the target, invalid", walkIn, 0, CameraPose{}},
		{"no target keys: looking at the origin", behind, 0, CameraPose{Position: mgl32.Vec3{0, 0, 5},
			Up: mgl32.Vec3{0, 1, 0}, Valid: true}},
		{"looking straight up: no right vector, invalid", up, 0, CameraPose{Target: mgl32.Vec3{0, 5, 0}}},
		{"before the position's first key: origin", walkIn, -1, CameraPose{}},
	}
	for _, tc := range tests {
		got := EvalCamera(tc.c, tc.t)
		if got.Valid != tc.want.Valid || got.Roll != tc.want.Roll || !camClose(got.Position, tc.want.Position) ||
			!camClose(got.Target, tc.want.Target) || !camClose(got.Up, tc.want.Up) {
			t.Errorf("%s: got %+v\nwant %+v", tc.name, got, tc.want)
		}
	}
	if f := EvalCamera(oblique, 0).Forward(); !camClose(f, mgl32.Vec3{0.8, 0, 0.6}) {
		t.Errorf("forward %v", f)
	}
}

// TestEvalCameraFixture evaluates the committed fixture's camera, which
// moves from (0,1.5,-5) to (2,1.5,-4.5) looking at (0,1,0.6) and rolls to
// 0.1 at 600 ms.
func TestEvalCameraFixture(t *testing.T) {
	data, err := os.ReadFile("../formats/lego/testdata/minifig_walk.ani")
	if err != nil {
		t.Fatal(err)
	}
	a, err := lego.LoadAni(&formats.Input{Name: "minifig_walk.ani", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	cam := a.Clips[0].Camera
	for _, tc := range []struct {
		t    float64
		pos  mgl32.Vec3
		roll float32
	}{
		{0, mgl32.Vec3{0, 1.5, -5}, 0},
		{0.6, mgl32.Vec3{1, 1.5, -4.75}, 0.1},
		{1.2, mgl32.Vec3{2, 1.5, -4.5}, 0.1},
	} {
		p := EvalCamera(cam, tc.t)
		if !p.Valid || !camClose(p.Position, tc.pos) || !camClose(p.Target, mgl32.Vec3{0, 1, 0.6}) || p.Roll != tc.roll {
			t.Errorf("t=%v: %+v", tc.t, p)
		}
		// Up is a unit vector perpendicular to the view.
		if math.Abs(float64(p.Up.Len())-1) > 1e-6 || math.Abs(float64(p.Up.Dot(p.Forward()))) > 1e-6 {
			t.Errorf("t=%v: up %v forward %v", tc.t, p.Up, p.Forward())
		}
	}
}
