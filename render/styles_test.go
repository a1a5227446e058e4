package render

import (
	"testing"

	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// lineOf returns bone i's line of the given kind.
func lineOf(dl *DrawList, kind Kind, bone int) (Line, bool) {
	for _, l := range dl.Lines {
		if l.Kind == kind && l.Bone == bone {
			return l, true
		}
	}
	return Line{}, false
}

func dotOf(dl *DrawList, bone int) (Dot, bool) {
	for _, d := range dl.Dots {
		if d.Bone == bone {
			return d, true
		}
	}
	return Dot{}, false
}

// TestBuildStyles checks each bone style on the three-bone scene (root
// (100,100), spine (100,75), arm (150,50) in the 200×200 view).
func TestBuildStyles(t *testing.T) {
	th := DefaultTheme()
	tests := []struct {
		name   string
		set    func(sc *Scene, o *Options)
		kind   Kind
		bone   int
		width  float32
		colour func() [4]uint8
		dot    bool
		radius float32
	}{
		{"dim", func(sc *Scene, o *Options) { sc.Dim = []bool{false, false, true} },
			KindBone, 2, boneWidth, func() [4]uint8 { c := mix(th.Bone, th.Background, dimMix); return [4]uint8{c.R, c.G, c.B, c.A} }, true, jointRadius},
		{"helper", func(sc *Scene, o *Options) { sc.Helper = []bool{false, false, true} },
			KindBone, 2, helperWidth, func() [4]uint8 { c := mix(th.Bone, th.Background, helperMix); return [4]uint8{c.R, c.G, c.B, c.A} }, true, helperRadius},
		{"link", func(sc *Scene, o *Options) { sc.Links = []bool{false, true} },
			KindLink, 1, linkWidth, func() [4]uint8 { c := mix(th.Bone, th.Background, linkMix); return [4]uint8{c.R, c.G, c.B, c.A} }, true, jointRadius},
		{"selected beats helper", func(sc *Scene, o *Options) { sc.Helper = []bool{false, false, true}; sc.Selected = 2 },
			KindBone, 2, boneSelectedWidth, func() [4]uint8 { c := th.BoneSelected; return [4]uint8{c.R, c.G, c.B, c.A} }, true, jointSelectedRad},
	}
	for _, tc := range tests {
		sc := threeBones()
		opt := sticksOnly()
		tc.set(sc, &opt)
		var dl DrawList
		Build(&dl, sc, frontCamera(20), square, opt)
		l, ok := lineOf(&dl, tc.kind, tc.bone)
		if !ok {
			t.Errorf("%s: no %v line for bone %d in %+v", tc.name, tc.kind, tc.bone, dl.Lines)
			continue
		}
		c := tc.colour()
		if l.Width != tc.width || [4]uint8{l.Color.R, l.Color.G, l.Color.B, l.Color.A} != c {
			t.Errorf("%s: line %+v, want width %v colour %v", tc.name, l, tc.width, c)
		}
		d, ok := dotOf(&dl, tc.bone)
		if ok != tc.dot || (ok && d.Radius != tc.radius) {
			t.Errorf("%s: dot %+v (%v), want radius %v", tc.name, d, ok, tc.radius)
		}
	}

	// A link's scene root draws no dot; the figure's joints do.
	sc := threeBones()
	sc.Links = []bool{false, true}
	var dl DrawList
	Build(&dl, sc, frontCamera(20), square, sticksOnly())
	if _, ok := dotOf(&dl, 0); ok {
		t.Error("the scene root has a dot")
	}
	if _, ok := dotOf(&dl, 1); !ok {
		t.Error("the figure's top joint has no dot")
	}

	// Hidden helpers: no stick and no dot; the child still draws from it.
	sc = threeBones()
	sc.Helper = []bool{false, true}
	opt := sticksOnly()
	opt.HideHelpers = true
	Build(&dl, sc, frontCamera(20), square, opt)
	if _, ok := lineOf(&dl, KindBone, 1); ok {
		t.Error("hidden helper still has a stick")
	}
	if _, ok := dotOf(&dl, 1); ok {
		t.Error("hidden helper still has a dot")
	}
	if l, ok := lineOf(&dl, KindBone, 2); !ok || !near2(l.A, mgl32.Vec2{100, 75}, 1e-3) {
		t.Errorf("the helper's child: %+v %v", l, ok)
	}
}

// TestBuildGhostsBehind: a ghost pose shifted 2 units left draws faint
// thin sticks, listed before the scene's so they are painted first.
func TestBuildGhostsBehind(t *testing.T) {
	sc := threeBones()
	g := player.NewWorldPose(sc.Skeleton)
	pose := player.NewPose(sc.Skeleton)
	pose.Local[0].Translation = mgl32.Vec3{-2, 0, 0}
	player.ToWorld(sc.Skeleton, pose, g)
	// The ghost is nearer the camera than the scene: it still goes first.
	pose.Local[0].Translation = mgl32.Vec3{-2, 0, 5}
	near := player.NewWorldPose(sc.Skeleton)
	player.ToWorld(sc.Skeleton, pose, near)
	sc.Ghosts = []*player.WorldPose{g, near}
	var dl DrawList
	Build(&dl, sc, frontCamera(20), square, sticksOnly())
	if len(dl.Lines) != 6 {
		t.Fatalf("%d lines, want 2 ghosts × 2 + 2: %+v", len(dl.Lines), dl.Lines)
	}
	want := mix(DefaultTheme().Bone, DefaultTheme().Background, ghostMix)
	for i, l := range dl.Lines[:4] {
		if l.Kind != KindGhost || l.Width != ghostWidth || l.Color != want {
			t.Errorf("line %d: %+v", i, l)
		}
	}
	// Root (0,0,0) shifted by -2 at depth 20: x = 100 - 2·100/20 = 90.
	if l := dl.Lines[0]; !near2(l.A, mgl32.Vec2{90, 100}, 1e-3) {
		t.Errorf("ghost stick from %v, want (90, 100)", l.A)
	}
	if len(dl.Dots) != 3 {
		t.Errorf("ghosts drew dots: %+v", dl.Dots)
	}
}

// TestBuildSelectedAxes: the selected bone's local axes start at its joint,
// in the theme's axis colours, drawn last.
func TestBuildSelectedAxes(t *testing.T) {
	sc := threeBones()
	sc.Selected = 1
	opt := sticksOnly()
	opt.SelectedAxes = true
	opt.GridStep = 4 // axes 2 units long
	var dl DrawList
	Build(&dl, sc, frontCamera(20), square, opt)
	n := len(dl.Lines)
	if n < 3 {
		t.Fatalf("lines %+v", dl.Lines)
	}
	th := opt.Theme
	// Spine joint (0,5,0) at (100,75); X axis to (2,5,0): x 100+2·100/20 = 110;
	// Y axis to (0,7,0): y 100-7·5 = 65; Z toward the eye, (0,5,2) at depth
	// 18: (100, 100-5·100/18).
	want := []Line{
		{A: mgl32.Vec2{100, 75}, B: mgl32.Vec2{110, 75}, Color: th.AxisX},
		{A: mgl32.Vec2{100, 75}, B: mgl32.Vec2{100, 65}, Color: th.AxisY},
		{A: mgl32.Vec2{100, 75}, B: mgl32.Vec2{100, 100 - 500.0/18}, Color: th.AxisZ},
	}
	for i, w := range want {
		g := dl.Lines[n-3+i]
		if g.Kind != KindAxis || g.Bone != 1 || g.Color != w.Color || !near2(g.A, w.A, 1e-3) || !near2(g.B, w.B, 1e-3) {
			t.Errorf("axis %d = %+v, want %v-%v %v", i, g, w.A, w.B, w.Color)
		}
	}
	sc.Selected = -1
	Build(&dl, sc, frontCamera(20), square, opt)
	for _, l := range dl.Lines {
		if l.Kind == KindAxis {
			t.Errorf("axes without a selection: %+v", l)
		}
	}
}

// TestOrthographic: an orthographic camera shows the same height at the
// target as the perspective one, and depth no longer shrinks anything.
func TestOrthographic(t *testing.T) {
	persp := frontCamera(20)
	ortho := persp
	ortho.Ortho = true
	for _, tc := range []struct {
		p    mgl32.Vec3
		cam  Camera
		want mgl32.Vec2
	}{
		// At the target's depth both agree: 5 up at distance 20 with a 90°
		// field of view is a quarter of the height.
		{mgl32.Vec3{0, 5, 0}, persp, mgl32.Vec2{100, 75}},
		{mgl32.Vec3{0, 5, 0}, ortho, mgl32.Vec2{100, 75}},
		// 10 nearer: perspective doubles it, orthographic does not.
		{mgl32.Vec3{0, 5, 10}, persp, mgl32.Vec2{100, 50}},
		{mgl32.Vec3{0, 5, 10}, ortho, mgl32.Vec2{100, 75}},
	} {
		got, _, ok := tc.cam.ProjectPoint(tc.p, square)
		if !ok || !near2(got, tc.want, 1e-3) {
			t.Errorf("ortho %v, %v: %v, want %v", tc.cam.Ortho, tc.p, got, tc.want)
		}
	}
	// Framing fits the same way.
	b := Bounds{Min: mgl32.Vec3{-1, 0, -1}, Max: mgl32.Vec3{1, 2, 1}, Valid: true}
	ortho.FrameAspect(b, 1)
	top, _, _ := ortho.ProjectPoint(mgl32.Vec3{0, 2, 0}, square)
	bottom, _, _ := ortho.ProjectPoint(mgl32.Vec3{0, 0, 0}, square)
	if !(top[1] > 0 && bottom[1] < 200) {
		t.Errorf("framed orthographic view cuts the figure: %v..%v", top, bottom)
	}
}
