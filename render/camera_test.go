package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestCameraEye(t *testing.T) {
	s3 := float32(math.Sqrt(3))
	sin89, cos89 := float32(math.Sin(89*math.Pi/180)), float32(math.Cos(89*math.Pi/180))
	tests := []struct {
		name string
		cam  Camera
		want mgl32.Vec3
	}{
		{"front", Camera{Distance: 10}, mgl32.Vec3{0, 0, 10}},
		{"yaw 90 looks from +X", Camera{Yaw: 90, Distance: 10}, mgl32.Vec3{10, 0, 0}},
		{"yaw -90 pitch 45", Camera{Yaw: -90, Pitch: 45, Distance: math.Sqrt2}, mgl32.Vec3{-1, 1, 0}},
		{"pitch 30", Camera{Pitch: 30, Distance: 2}, mgl32.Vec3{0, 1, s3}},
		{"yaw 180 around a target", Camera{Yaw: 180, Distance: 2, Target: mgl32.Vec3{1, 2, 3}}, mgl32.Vec3{1, 2, 1}},
		{"pitch clamps to 89", Camera{Pitch: 120, Distance: 10}, mgl32.Vec3{0, 10 * sin89, 10 * cos89}},
		{"pitch clamps to -89", Camera{Pitch: -95, Distance: 10}, mgl32.Vec3{0, -10 * sin89, 10 * cos89}},
		{"zero distance clamps", Camera{}, mgl32.Vec3{0, 0, minDistance}},
		{"through", Camera{Distance: 10, Through: &LookFrom{Eye: mgl32.Vec3{4, 5, 6}, Target: mgl32.Vec3{0, 5, 0}}}, mgl32.Vec3{4, 5, 6}},
	}
	for _, tc := range tests {
		if got := tc.cam.Eye(); !near3(got, tc.want, 1e-5) {
			t.Errorf("%s: Eye() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTargetProjectsToViewportCentre(t *testing.T) {
	cams := []Camera{
		DefaultCamera(),
		{Yaw: 123, Pitch: -40, Distance: 0.01, Target: mgl32.Vec3{5, 6, 7}, FovY: 30},
		{Yaw: -170, Pitch: 89, Distance: 5000, Target: mgl32.Vec3{-100, 3, 2}, FovY: 70},
		{Through: &LookFrom{Eye: mgl32.Vec3{3, 4, 5}, Target: mgl32.Vec3{-1, 0, 2}, Up: mgl32.Vec3{0, 1, 0}}},
		// Up parallel to the view direction must be repaired, not yield NaN.
		{Through: &LookFrom{Eye: mgl32.Vec3{0, 10, 0}, Target: mgl32.Vec3{0, 0, 0}, Up: mgl32.Vec3{0, 1, 0}}},
	}
	vps := []Viewport{{0, 0, 640, 480}, {100, 50, 200, 400}}
	for i, c := range cams {
		for _, vp := range vps {
			p, depth, ok := c.ProjectPoint(c.lookTarget(), vp)
			want := mgl32.Vec2{vp.X + vp.W/2, vp.Y + vp.H/2}
			if !ok || !near2(p, want, 1e-2) {
				t.Errorf("camera %d, %v: target at %v (ok %v), want %v", i, vp, p, ok, want)
			}
			if wantD := float32(c.viewDistance()); abs32(depth-wantD) > wantD*1e-4 {
				t.Errorf("camera %d: depth %v, want %v", i, depth, wantD)
			}
		}
	}
}

func TestProjectPointFrontCamera(t *testing.T) {
	// Eye at (0,0,10), FOV 90°, 200×200: screen = 100 + 100·(x, -y)/(10 - z).
	c := frontCamera(10)
	vp := Viewport{0, 0, 200, 200}
	tests := []struct {
		p     mgl32.Vec3
		want  mgl32.Vec2
		depth float32
		ok    bool
	}{
		{mgl32.Vec3{0, 0, 0}, mgl32.Vec2{100, 100}, 10, true},
		{mgl32.Vec3{5, 0, 0}, mgl32.Vec2{150, 100}, 10, true},
		{mgl32.Vec3{0, 5, 5}, mgl32.Vec2{100, 0}, 5, true},
		{mgl32.Vec3{-2, -2, 8}, mgl32.Vec2{0, 200}, 2, true},
		{mgl32.Vec3{0, 0, 10}, mgl32.Vec2{}, 0, false},   // at the eye
		{mgl32.Vec3{0, 0, 9.95}, mgl32.Vec2{}, 0, false}, // inside the near plane (0.1)
		{mgl32.Vec3{1, 1, 20}, mgl32.Vec2{}, 0, false},   // behind
		{mgl32.Vec3{0, 0, 9.8}, mgl32.Vec2{100, 100}, 0.2, true},
	}
	for _, tc := range tests {
		got, depth, ok := c.ProjectPoint(tc.p, vp)
		if ok != tc.ok || (ok && (!near2(got, tc.want, 1e-3) || abs32(depth-tc.depth) > 1e-4)) {
			t.Errorf("ProjectPoint(%v) = %v, %v, %v; want %v, %v, %v", tc.p, got, depth, ok, tc.want, tc.depth, tc.ok)
		}
	}
}

func TestFrameFitsBounds(t *testing.T) {
	boxes := []Bounds{
		{Min: mgl32.Vec3{-1, 0, -1}, Max: mgl32.Vec3{1, 2, 1}, Valid: true},
		{Min: mgl32.Vec3{100, 0, 200}, Max: mgl32.Vec3{180, 300, 230}, Valid: true},  // centimetres, off centre
		{Min: mgl32.Vec3{0, 0, 0}, Max: mgl32.Vec3{0.01, 0.002, 0.003}, Valid: true}, // tiny
		{Min: mgl32.Vec3{3, 3, 3}, Max: mgl32.Vec3{3, 3, 3}, Valid: true},            // one joint
	}
	views := []struct {
		yaw, pitch float64
		vp         Viewport
	}{
		{0, 0, Viewport{0, 0, 640, 480}},
		{45, 30, Viewport{0, 0, 800, 600}},
		{-135, -60, Viewport{10, 20, 300, 300}},
		{200, 89, Viewport{0, 0, 240, 640}}, // portrait: needs FrameAspect
	}
	for bi, b := range boxes {
		for _, v := range views {
			c := Camera{Yaw: v.yaw, Pitch: v.pitch, FovY: 45}
			c.FrameAspect(b, float64(v.vp.W/v.vp.H))
			if !near3(c.Target, b.Min.Add(b.Max).Mul(0.5), 1e-4) {
				t.Errorf("box %d: target %v is not the centre", bi, c.Target)
			}
			for k := 0; k < 8; k++ {
				corner := b.Min
				for a := 0; a < 3; a++ {
					if k&(1<<a) != 0 {
						corner[a] = b.Max[a]
					}
				}
				p, _, ok := c.ProjectPoint(corner, v.vp)
				if !ok || p[0] < v.vp.X || p[0] > v.vp.X+v.vp.W || p[1] < v.vp.Y || p[1] > v.vp.Y+v.vp.H {
					t.Errorf("box %d view %+v: corner %v projects to %v (ok %v), outside", bi, v, corner, p, ok)
				}
			}
		}
	}
	// Frame assumes a landscape viewport and agrees with FrameAspect there.
	var a, b Camera
	a.Frame(boxes[0])
	b.FrameAspect(boxes[0], 1.5)
	if a.Distance != b.Distance || a.Target != b.Target {
		t.Errorf("Frame %v/%v differs from FrameAspect(1.5) %v/%v", a.Distance, a.Target, b.Distance, b.Target)
	}
	// An empty box changes nothing.
	c := DefaultCamera()
	c.Frame(Bounds{})
	if c != DefaultCamera() {
		t.Errorf("Frame(empty) changed the camera to %+v", c)
	}
}

func TestOrbitAndZoom(t *testing.T) {
	tests := []struct {
		name             string
		yaw, pitch       float64
		dYaw, dPitch     float64
		wantYaw, wantPit float64
	}{
		{"plain", 10, 20, 5, -5, 15, 15},
		{"yaw wraps past 180", 170, 0, 20, 0, -170, 0},
		{"yaw wraps below -180", -170, 0, -20, 0, 170, 0},
		{"pitch clamps up", 0, 80, 0, 30, 0, 89},
		{"pitch clamps down", 0, -80, 0, -30, 0, -89},
		{"NaN ignored", 10, 20, math.NaN(), math.NaN(), 10, 20},
	}
	for _, tc := range tests {
		c := Camera{Yaw: tc.yaw, Pitch: tc.pitch, Distance: 1}
		c.Orbit(tc.dYaw, tc.dPitch)
		if math.Abs(c.Yaw-tc.wantYaw) > 1e-9 || math.Abs(c.Pitch-tc.wantPit) > 1e-9 {
			t.Errorf("%s: got yaw %v pitch %v, want %v %v", tc.name, c.Yaw, c.Pitch, tc.wantYaw, tc.wantPit)
		}
	}
	zooms := []struct {
		d, f, want float64
	}{
		{10, 0.5, 5},
		{10, 2, 20},
		{10, 0, 10},
		{10, -1, 10},
		{10, math.NaN(), 10},
		{10, math.Inf(1), 10},
		{0.002, 0.1, minDistance},
		{5e5, 10, maxDistance},
	}
	for _, z := range zooms {
		c := Camera{Distance: z.d}
		c.Zoom(z.f)
		if math.Abs(c.Distance-z.want) > 1e-9 {
			t.Errorf("Zoom(%v) from %v = %v, want %v", z.f, z.d, c.Distance, z.want)
		}
	}
}

func TestClipPlanesFollowDistance(t *testing.T) {
	// A point 1% of the distance in front of the eye is the nearest drawn,
	// for a tiny and a huge skeleton alike.
	for _, d := range []float64{0.05, 1, 3000} {
		c := frontCamera(d)
		vp := Viewport{0, 0, 100, 100}
		fd := float32(d)
		if _, _, ok := c.ProjectPoint(mgl32.Vec3{0, 0, fd - fd*0.011}, vp); !ok {
			t.Errorf("d=%v: point just beyond the near plane not drawn", d)
		}
		if _, _, ok := c.ProjectPoint(mgl32.Vec3{0, 0, fd - fd*0.009}, vp); ok {
			t.Errorf("d=%v: point inside the near plane drawn", d)
		}
		if _, _, ok := c.ProjectPoint(mgl32.Vec3{0, 0, -fd * 500}, vp); !ok {
			t.Errorf("d=%v: far point not drawn", d)
		}
	}
}

func TestPanFollowsDrag(t *testing.T) {
	vp := Viewport{0, 0, 400, 300}
	for _, c := range []Camera{DefaultCamera(), {Yaw: -60, Pitch: 45, Distance: 30, FovY: 60}} {
		before := c.Target
		c.Pan(40, -25, float64(vp.H))
		p, _, ok := c.ProjectPoint(before, vp)
		if !ok || !near2(p, mgl32.Vec2{240, 125}, 0.05) {
			t.Errorf("old target now at %v, want (240, 125)", p)
		}
	}
}
