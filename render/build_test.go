package render

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// threeBones is root (0,0,0) -> spine (0,5,0) -> arm (5,5,10) in world
// space. Seen by frontCamera(20) in a 200×200 viewport (screen = 100 +
// 100·(x, -y)/(20 - z)):
//
//	root  depth 20 -> (100, 100)
//	spine depth 20 -> (100, 75)
//	arm   depth 10 -> (150, 50)
func threeBones() *Scene {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 5, 0}, mgl32.Vec3{5, 0, 10})
	return &Scene{Skeleton: sk, World: posed(sk), Selected: -1, Root: mgl32.Ident4()}
}

func sticksOnly() Options {
	o := DefaultOptions()
	o.Grid, o.Axes = false, false
	return o
}

var square = Viewport{0, 0, 200, 200}

func TestBuildThreeBonesByHand(t *testing.T) {
	var dl DrawList
	opt := sticksOnly()
	opt.Labels = true
	th := opt.Theme
	Build(&dl, threeBones(), frontCamera(20), square, opt)

	if dl.Background != th.Background {
		t.Errorf("background %v, want %v", dl.Background, th.Background)
	}
	wantLines := []Line{
		{A: mgl32.Vec2{100, 100}, B: mgl32.Vec2{100, 75}, Depth: 20, Width: boneWidth, Color: th.Bone, Kind: KindBone, Bone: 1},
		{A: mgl32.Vec2{100, 75}, B: mgl32.Vec2{150, 50}, Depth: 15, Width: boneWidth, Color: th.Bone, Kind: KindBone, Bone: 2},
	}
	if len(dl.Lines) != len(wantLines) {
		t.Fatalf("got %d lines %+v, want %d", len(dl.Lines), dl.Lines, len(wantLines))
	}
	for i, w := range wantLines {
		g := dl.Lines[i]
		if !near2(g.A, w.A, 1e-3) || !near2(g.B, w.B, 1e-3) || abs32(g.Depth-w.Depth) > 1e-4 ||
			g.Width != w.Width || g.Color != w.Color || g.Kind != w.Kind || g.Bone != w.Bone {
			t.Errorf("line %d = %+v, want %+v", i, g, w)
		}
	}
	wantDots := []Dot{
		{P: mgl32.Vec2{100, 100}, Depth: 20, Radius: jointRadius, Color: th.Joint, Bone: 0},
		{P: mgl32.Vec2{100, 75}, Depth: 20, Radius: jointRadius, Color: th.Joint, Bone: 1},
		{P: mgl32.Vec2{150, 50}, Depth: 10, Radius: jointRadius, Color: th.Joint, Bone: 2},
	}
	if len(dl.Dots) != len(wantDots) {
		t.Fatalf("got %d dots %+v, want %d", len(dl.Dots), dl.Dots, len(wantDots))
	}
	for i, w := range wantDots {
		g := dl.Dots[i]
		if !near2(g.P, w.P, 1e-3) || abs32(g.Depth-w.Depth) > 1e-4 || g.Radius != w.Radius || g.Color != w.Color || g.Bone != w.Bone {
			t.Errorf("dot %d = %+v, want %+v", i, g, w)
		}
	}
	off := float32(jointRadius + labelGap)
	wantLabels := []Label{
		{P: mgl32.Vec2{100 + off, 100 - off}, Text: "root", Color: th.Label, Bone: 0},
		{P: mgl32.Vec2{100 + off, 75 - off}, Text: "spine", Color: th.Label, Bone: 1},
		{P: mgl32.Vec2{150 + off, 50 - off}, Text: "arm", Color: th.Label, Bone: 2},
	}
	if len(dl.Labels) != len(wantLabels) {
		t.Fatalf("got %d labels, want %d", len(dl.Labels), len(wantLabels))
	}
	for i, w := range wantLabels {
		g := dl.Labels[i]
		if !near2(g.P, w.P, 1e-3) || g.Text != w.Text || g.Color != w.Color || g.Bone != w.Bone {
			t.Errorf("label %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestBuildSelectedBone(t *testing.T) {
	var dl DrawList
	sc := threeBones()
	sc.Selected = 2
	opt := sticksOnly()
	Build(&dl, sc, frontCamera(20), square, opt)
	l := mustLine(t, &dl, 2)
	if l.Color != opt.Theme.BoneSelected || l.Width != boneSelectedWidth {
		t.Errorf("selected stick %+v", l)
	}
	if l := mustLine(t, &dl, 1); l.Color != opt.Theme.Bone {
		t.Errorf("unselected stick coloured %v", l.Color)
	}
	for _, d := range dl.Dots {
		sel := d.Bone == 2
		if (d.Color == opt.Theme.BoneSelected) != sel || (d.Radius == jointSelectedRad) != sel {
			t.Errorf("dot %+v (selected %v)", d, sel)
		}
	}
}

func TestBuildHiddenAndInvisibleBones(t *testing.T) {
	tests := []struct {
		name            string
		visible, hidden []bool
		sticks, dots    []int
	}{
		{"all shown", nil, nil, []int{1, 2}, []int{0, 1, 2}},
		{"spine hidden", nil, []bool{false, true, false}, []int{2}, []int{0, 2}},
		{"spine invisible", []bool{true, false, true}, nil, []int{2}, []int{0, 2}},
		{"root hidden", nil, []bool{true}, []int{1, 2}, []int{1, 2}},
		{"arm invisible, spine hidden", []bool{true, true, false}, []bool{false, true, false}, nil, []int{0}},
		{"short slices mean shown", []bool{true}, []bool{false}, []int{1, 2}, []int{0, 1, 2}},
	}
	for _, tc := range tests {
		var dl DrawList
		sc := threeBones()
		sc.Visible, sc.Hidden = tc.visible, tc.hidden
		Build(&dl, sc, frontCamera(20), square, sticksOnly())
		var sticks, dots []int
		for _, l := range bonesOf(&dl) {
			sticks = append(sticks, l.Bone)
		}
		for _, d := range dl.Dots {
			dots = append(dots, d.Bone)
		}
		if !sameInts(sticks, tc.sticks) || !sameInts(dots, tc.dots) {
			t.Errorf("%s: sticks %v dots %v, want %v %v", tc.name, sticks, dots, tc.sticks, tc.dots)
		}
		// A child of a hidden bone still starts at that bone's joint.
		if contains(tc.sticks, 2) {
			if l := mustLine(t, &dl, 2); !near2(l.A, mgl32.Vec2{100, 75}, 1e-3) {
				t.Errorf("%s: arm starts at %v, want the spine joint", tc.name, l.A)
			}
		}
		// Hidden joints cannot be picked.
		for b := 0; b < 3; b++ {
			p := [3]mgl32.Vec2{{100, 100}, {100, 75}, {150, 50}}[b]
			if got := dl.Pick(p[0], p[1], 2); (got == b) != contains(tc.dots, b) {
				t.Errorf("%s: Pick at bone %d's joint = %d", tc.name, b, got)
			}
		}
	}
}

func TestBuildDepthOrder(t *testing.T) {
	// root (0,0,0) depth 20, b1 (0,0,10) depth 10, b2 (0,5,-10) depth 30:
	// stick 2 (mean 20) is behind stick 1 (mean 15), though it comes later
	// in bone order.
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 0, 10}, mgl32.Vec3{0, 5, -20})
	var dl DrawList
	Build(&dl, &Scene{Skeleton: sk, World: posed(sk), Selected: -1}, frontCamera(20), square, sticksOnly())
	if len(dl.Lines) != 2 || dl.Lines[0].Bone != 2 || dl.Lines[1].Bone != 1 {
		t.Fatalf("lines %+v, want bone 2 then bone 1", dl.Lines)
	}
	if dl.Lines[0].Depth != 20 || dl.Lines[1].Depth != 15 {
		t.Errorf("depths %v, %v", dl.Lines[0].Depth, dl.Lines[1].Depth)
	}
	want := []int{2, 0, 1}
	for i, d := range dl.Dots {
		if d.Bone != want[i] {
			t.Fatalf("dot order %+v, want bones %v", dl.Dots, want)
		}
	}
}

func TestBuildClipsAtNearPlane(t *testing.T) {
	// The child (0,10,30) is behind the eye at z=20. Projected naively it
	// would land below the centre (inverted); cut at the near plane the
	// stick heads upwards, off the top of the screen.
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 10, 30})
	var dl DrawList
	Build(&dl, &Scene{Skeleton: sk, World: posed(sk), Selected: -1}, frontCamera(20), square, sticksOnly())
	l := mustLine(t, &dl, 1)
	if !near2(l.A, mgl32.Vec2{100, 100}, 1e-3) {
		t.Errorf("stick starts at %v", l.A)
	}
	if !near2(l.B, mgl32.Vec2{100, -guardMargin}, 1e-2) {
		t.Errorf("stick ends at %v, want cut at the top guard (100, %d)", l.B, -guardMargin)
	}
	if hasDot(&dl, 1) || dl.Pick(100, 200, 50) == 1 {
		t.Error("the joint behind the camera has a dot or can be picked")
	}

	// Both ends behind: nothing.
	sk = chain(mgl32.Vec3{0, 0, 30}, mgl32.Vec3{0, 1, 0})
	Build(&dl, &Scene{Skeleton: sk, World: posed(sk), Selected: -1}, frontCamera(20), square, sticksOnly())
	if len(dl.Lines) != 0 || len(dl.Dots) != 0 {
		t.Errorf("scene behind the camera drew %d lines, %d dots", len(dl.Lines), len(dl.Dots))
	}
}

// topDown looks straight down from (0, 10, 0) with screen-up = -Z, so
// ground point (x, 0, z) lands at (100 + 10x, 100 + 10z) in a 200×200 view.
func topDown() Camera {
	return Camera{FovY: 90, Through: &LookFrom{Eye: mgl32.Vec3{0, 10, 0}, Up: mgl32.Vec3{0, 0, -1}}}
}

func TestBuildGridAndAxes(t *testing.T) {
	for _, step := range []float32{1, 0} { // 0: NiceStep(10/10) = 1
		var dl DrawList
		opt := DefaultOptions()
		opt.GridStep = step
		Build(&dl, nil, topDown(), square, opt)
		th := opt.Theme
		// Lines k = -11..11 fall within the guard band (100 ± 110 px); minor
		// lines first, then the five major ones (k ≡ 0 mod 5) per direction.
		var minor, major, axes int
		for i, l := range dl.Lines {
			switch {
			case l.Kind == KindGrid && l.Color == th.Grid:
				minor++
				if major > 0 || axes > 0 {
					t.Errorf("minor grid line %d after major lines or axes", i)
				}
			case l.Kind == KindGrid && l.Color == th.GridMajor:
				major++
				if axes > 0 {
					t.Errorf("major grid line %d after axes", i)
				}
				vertical := abs32(l.A[0]-l.B[0]) < 1e-3
				pos := l.A[1]
				if vertical {
					pos = l.A[0]
				}
				if k := (pos - 100) / 10; abs32(k-float32(math.Round(float64(k)))) > 1e-3 || int(math.Round(float64(k)))%5 != 0 {
					t.Errorf("major line at %v (vertical %v) is not on a multiple of 5", pos, vertical)
				}
			case l.Kind == KindAxis:
				axes++
			default:
				t.Errorf("unexpected line %+v", l)
			}
			if l.Width <= 0 || l.Bone != -1 {
				t.Errorf("line %+v", l)
			}
		}
		if minor != 36 || major != 10 {
			t.Errorf("step %v: %d minor and %d major grid lines, want 36 and 10", step, minor, major)
		}
		// X runs right and Z down the screen, 2 steps long; Y points at the
		// eye and projects to nothing but stays in the list.
		want := map[[4]uint8][2]mgl32.Vec2{
			rgba(th.AxisX): {{100, 100}, {120, 100}},
			rgba(th.AxisY): {{100, 100}, {100, 100}},
			rgba(th.AxisZ): {{100, 100}, {100, 120}},
		}
		for _, l := range dl.Lines {
			if l.Kind != KindAxis {
				continue
			}
			w, ok := want[rgba(l.Color)]
			if !ok || !near2(l.A, w[0], 1e-3) || !near2(l.B, w[1], 1e-3) {
				t.Errorf("axis %+v, want %v", l, w)
			}
			delete(want, rgba(l.Color))
		}
		if len(want) != 0 {
			t.Errorf("missing axes %v", want)
		}
	}
}

func TestNiceStep(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{1, 1}, {1.3, 1}, {1.5, 2}, {3, 2}, {3.3, 5}, {7, 5}, {7.2, 10}, {0.5, 0.5}, {0.013, 0.01},
		{250, 200}, {0, 1}, {-3, 1}, {math.NaN(), 1}, {math.Inf(1), 1},
	}
	for _, tc := range tests {
		if got := NiceStep(tc.in); math.Abs(got-tc.want) > tc.want*1e-9 {
			t.Errorf("NiceStep(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestBuildCameraMarker(t *testing.T) {
	opt := sticksOnly()
	opt.GridStep = 1
	tests := []struct {
		name     string
		root     mgl32.Mat4
		marker   CameraMarker
		eye, tgt mgl32.Vec2
	}{
		{"view space", mgl32.Ident4(), CameraMarker{Position: mgl32.Vec3{4, 0, 0}, Up: mgl32.Vec3{0, 1, 0}}, mgl32.Vec2{120, 100}, mgl32.Vec2{100, 100}},
		// File (0,0,4) in a Z-up file is 4 units up in the view: 20 px above.
		{"Z-up file", SceneRoot(zUp), CameraMarker{Position: mgl32.Vec3{0, 0, 4}, Up: mgl32.Vec3{0, 1, 0}}, mgl32.Vec2{100, 80}, mgl32.Vec2{100, 100}},
		{"degenerate up", mgl32.Ident4(), CameraMarker{Position: mgl32.Vec3{4, 0, 0}, Up: mgl32.Vec3{-1, 0, 0}}, mgl32.Vec2{120, 100}, mgl32.Vec2{100, 100}},
	}
	for _, tc := range tests {
		var dl DrawList
		sc := &Scene{Selected: -1, Root: tc.root, CameraMarker: &tc.marker}
		Build(&dl, sc, frontCamera(20), square, opt)
		n, found := 0, false
		for _, l := range dl.Lines {
			if l.Kind != KindCamera || l.Color != opt.Theme.Camera || l.Bone != -1 {
				t.Errorf("%s: line %+v", tc.name, l)
				continue
			}
			n++
			for _, v := range []float32{l.A[0], l.A[1], l.B[0], l.B[1]} {
				if math.IsNaN(float64(v)) {
					t.Fatalf("%s: NaN in %+v", tc.name, l)
				}
			}
			if near2(l.A, tc.eye, 1e-3) && near2(l.B, tc.tgt, 1e-3) {
				found = true
			}
		}
		if n != 11 || !found {
			t.Errorf("%s: %d camera lines (want 11), line to target found %v", tc.name, n, found)
		}
	}
}

func TestPick(t *testing.T) {
	var dl DrawList
	Build(&dl, threeBones(), frontCamera(20), square, sticksOnly())
	tests := []struct {
		x, y, r float32
		want    int
	}{
		{100, 75, 5, 1},
		{103, 77, 5, 1},
		{150, 50, 0.01, 2},
		{100, 88, 5, -1},
		{100, 88, 12.5, 0}, // root 12 away, spine 13
		{100, 87.5, 20, 0}, // root and spine both 12.5 away at the same depth: the first stays
		{0, 0, 10, -1},
		{150, 50, -1, -1},
		{float32(math.NaN()), 50, 10, -1},
	}
	for _, tc := range tests {
		if got := dl.Pick(tc.x, tc.y, tc.r); got != tc.want {
			t.Errorf("Pick(%v, %v, %v) = %d, want %d", tc.x, tc.y, tc.r, got, tc.want)
		}
	}

	// Joints on top of each other on screen: the one nearer the eye wins,
	// and picking works with the dots switched off.
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 0, 5})
	opt := sticksOnly()
	opt.Joints = false
	Build(&dl, &Scene{Skeleton: sk, World: posed(sk), Selected: -1}, frontCamera(20), square, opt)
	if len(dl.Dots) != 0 {
		t.Errorf("dots drawn with Joints off")
	}
	if got := dl.Pick(100, 100, 3); got != 1 {
		t.Errorf("Pick on stacked joints = %d, want the nearer bone 1", got)
	}
	var empty DrawList
	if got := empty.Pick(0, 0, 100); got != -1 {
		t.Errorf("Pick on an empty list = %d", got)
	}
}

func TestBuildNamelessBoneLabels(t *testing.T) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	sk.Bones[1].Name = ""
	opt := sticksOnly()
	opt.Labels, opt.Joints = true, false
	var dl DrawList
	Build(&dl, &Scene{Skeleton: sk, World: posed(sk), Selected: -1}, frontCamera(20), square, opt)
	if len(dl.Labels) != 2 || dl.Labels[0].Text != "root" || dl.Labels[1].Text != "#101" {
		t.Errorf("labels %+v", dl.Labels)
	}
	if off := float32(2 + labelGap); !near2(dl.Labels[0].P, mgl32.Vec2{100 + off, 100 - off}, 1e-3) {
		t.Errorf("label without a dot at %v", dl.Labels[0].P)
	}
}

func TestBuildSurvivesBadInput(t *testing.T) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 1, 0})
	nan := float32(math.NaN())
	broken := posed(sk)
	m := broken.Matrix(1)
	m[12] = nan
	broken.SetMatrix(1, m)
	short := player.NewWorldPose(&formats.Skeleton{Bones: sk.Bones[:1]})
	short.SetMatrix(0, posed(sk).Matrix(0))
	scenes := []*Scene{
		nil,
		{},
		{Skeleton: sk, Selected: -1},
		{Skeleton: sk, World: short, Selected: 7},
		{Skeleton: sk, World: broken, Selected: -1},
		{Skeleton: sk, World: posed(sk), Root: mgl32.Mat4{}, Selected: -1, CameraMarker: &CameraMarker{Position: mgl32.Vec3{nan}}},
	}
	cams := []Camera{frontCamera(20), {Distance: math.NaN(), FovY: math.Inf(1), Yaw: math.NaN()}, {Through: &LookFrom{}}}
	vps := []Viewport{square, {}, {0, 0, -5, 10}, {nan, 0, 10, 10}}
	opt := DefaultOptions()
	opt.Labels = true
	var dl DrawList
	for _, sc := range scenes {
		for _, c := range cams {
			for _, vp := range vps {
				Build(&dl, sc, c, vp, opt)
				for _, l := range dl.Lines {
					if !finite32(l.A[0], l.A[1], l.B[0], l.B[1], l.Depth) {
						t.Fatalf("non-finite line %+v", l)
					}
				}
				for _, d := range dl.Dots {
					if !finite32(d.P[0], d.P[1], d.Depth) {
						t.Fatalf("non-finite dot %+v", d)
					}
				}
			}
		}
	}
	// A NaN joint draws no stick to it and no dot; its child's stick is gone
	// too (it starts at the NaN joint), the root stays.
	Build(&dl, &Scene{Skeleton: sk, World: broken, Selected: -1}, frontCamera(20), square, sticksOnly())
	if len(bonesOf(&dl)) != 0 || len(dl.Dots) != 2 || hasDot(&dl, 1) {
		t.Errorf("broken joint: lines %+v dots %+v", dl.Lines, dl.Dots)
	}
}

func TestBuildAllocationFree(t *testing.T) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1})
	sk.Bones[3].Name = ""
	sc := &Scene{
		Skeleton: sk, World: posed(sk), Selected: 2, Root: SceneRoot(zUp),
		Hidden: []bool{false, true}, CameraMarker: &CameraMarker{Position: mgl32.Vec3{3, 3, 3}, Up: mgl32.Vec3{0, 0, 1}},
		// Every style: dimmed, helper and link sticks, two ghosts, a
		// compared figure.
		Dim: []bool{false, false, true}, Helper: []bool{false, false, false, true}, Links: []bool{false, true},
		Ghosts:  []*player.WorldPose{posed(sk), posed(sk)},
		Compare: &Figure{Skeleton: sk, World: posed(sk)},
	}
	opt := DefaultOptions()
	opt.Labels = true
	opt.SelectedAxes = true
	cam := DefaultCamera()
	vp := Viewport{0, 0, 640, 480}
	var dl DrawList
	Build(&dl, sc, cam, vp, opt)
	if allocs := testing.AllocsPerRun(100, func() {
		cam.Orbit(3, 1)
		Build(&dl, sc, cam, vp, opt)
	}); allocs != 0 {
		t.Errorf("Build allocates %v times per call in the steady state", allocs)
	}
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
