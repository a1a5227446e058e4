package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// frontView projects an asset's pose at time t as the viewer's front
// camera sees it, and returns each named bone's screen point and depth.
func frontView(t *testing.T, a *formats.Asset, tm float64) map[string]render.Dot {
	t.Helper()
	sk := a.Skeleton
	pose := player.NewPose(sk)
	if len(a.Clips) > 0 {
		player.NewClipSampler(sk, a.Clips[0]).Sample(tm, pose)
	}
	world := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, world)
	root := render.SceneRoot(a.Coords)
	cam := render.DefaultCamera()
	cam.Yaw, cam.Pitch = a.Coords.FrontYaw, 0
	var b render.Bounds
	for i := range sk.Bones {
		b.Add(root.Mul4x1(world.Position(i).Vec4(1)).Vec3())
	}
	cam.Frame(b)
	var dl render.DrawList
	opt := render.DefaultOptions()
	opt.Grid, opt.Axes = false, false
	render.Build(&dl, &render.Scene{Skeleton: sk, World: world, Selected: -1, Root: root}, cam,
		render.Viewport{W: 400, H: 400}, opt)
	dots := map[string]render.Dot{}
	for _, d := range dl.Dots {
		dots[sk.Bones[d.Bone].Name] = d
	}
	return dots
}

// checkFront asserts what a person sees looking at a figure from the
// front: it stands upright (head above feet on screen), it is not mirrored
// (its left hand on the viewer's right), and it faces the viewer (toes
// nearer than heels, when the skeleton has toes).
func checkFront(t *testing.T, dots map[string]render.Dot, head, foot, left, right, toe string) {
	t.Helper()
	for _, n := range []string{head, foot, left, right} {
		if _, ok := dots[n]; !ok {
			t.Fatalf("no joint %s on screen", n)
		}
	}
	if dots[head].P.Y() >= dots[foot].P.Y() {
		t.Errorf("upside down: head at y=%v, foot at y=%v", dots[head].P.Y(), dots[foot].P.Y())
	}
	if dots[left].P.X() <= dots[right].P.X() {
		t.Errorf("mirrored: left hand at x=%v, right hand at x=%v (seen from the front the left is on the right)",
			dots[left].P.X(), dots[right].P.X())
	}
	if toe != "" {
		if dots[toe].Depth >= dots[foot].Depth {
			t.Errorf("facing away: toe depth %v, ankle depth %v", dots[toe].Depth, dots[foot].Depth)
		}
	}
}

// TestSimsBindPoseFromTheFront checks the Sims sample's first frame on the
// fallback skeleton (the Sims keep their left side on the file's -X and
// face its +Z, in a left-handed frame).
func TestSimsBindPoseFromTheFront(t *testing.T) {
	a, err := open.Path("../../formats/sims/testdata/tso/a2o-skeledeco-idle.0557534f00000007.anim", open.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkFront(t, frontView(t, a, 0), "HEAD", "L_FOOT", "L_HAND", "R_HAND", "L_TOE0")
}

// simsTPose is a small Sims skeleton in a T-pose, arms straight out along
// the file's X axis (left arm to -X), with the standard bones' names.
func simsTPose() *sims.Skeleton {
	id := sims.FileQuat{0, 0, 0, 1}
	bone := func(name, parent string, x, y, z float32) sims.SkelBone {
		return sims.SkelBone{Name: name, Parent: parent, Translation: mgl32.Vec3{x, y, z}, Rotation: id,
			CanTranslate: 1, CanRotate: 1, CanBlend: 1}
	}
	return &sims.Skeleton{Version: 1, Name: "tpose", Bones: []sims.SkelBone{
		bone("ROOT", "NULL", 0, 3, 0),
		bone("PELVIS", "ROOT", 0, 0, 0),
		bone("SPINE", "PELVIS", 0, 1, 0),
		bone("NECK", "SPINE", 0, 1.2, 0),
		bone("HEAD", "NECK", 0, 0.5, 0),
		bone("L_ARM", "NECK", -0.3, -0.1, 0),
		bone("L_HAND", "L_ARM", -1.4, 0, 0),
		bone("R_ARM", "NECK", 0.3, -0.1, 0),
		bone("R_HAND", "R_ARM", 1.4, 0, 0),
		bone("L_LEG", "PELVIS", -0.25, 0, 0),
		bone("L_FOOT", "L_LEG", 0, -2.8, 0),
		bone("L_TOE0", "L_FOOT", 0, -0.2, 0.3),
		bone("R_LEG", "PELVIS", 0.25, 0, 0),
		bone("R_FOOT", "R_LEG", 0, -2.8, 0),
	}}
}

// TestSimsTPoseFromTheFront builds a T-pose .skel with our writer, arms
// straight out along the file's X axis (left arm to -X), and opens it like
// a user would.
func TestSimsTPoseFromTheFront(t *testing.T) {
	data, err := sims.EncodeSkel(simsTPose())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tpose.skel")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := open.Path(path, open.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("ANIMVIEW_TPOSE_PNG"); out != "" {
		// For looking at it: ANIMVIEW_TPOSE_PNG=/tmp/t.png go test -run TPose
		if _, errs, code := runCLI(t, "render", path, "-o", out, "--yaw", "0", "--pitch", "0", "--labels"); code != 0 {
			t.Fatal(errs)
		}
	}
	dots := frontView(t, a, 0)
	checkFront(t, dots, "HEAD", "L_FOOT", "L_HAND", "R_HAND", "L_TOE0")
	// Arms straight out: both hands level with the shoulders.
	if d := dots["L_HAND"].P.Y() - dots["L_ARM"].P.Y(); d*d > 1 {
		t.Errorf("left arm not level: %v px", d)
	}
}

// TestDemoAndLegoFromTheFront applies the same checks to the demo (Y-up,
// right-handed, left on +X, facing +Z) and the LEGO fixture (left-handed,
// left on -X, facing +Z).
func TestDemoAndLegoFromTheFront(t *testing.T) {
	demo, err := open.Path("demo:", open.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkFront(t, frontView(t, demo, 0), "head", "l_foot", "l_hand", "r_hand", "l_toe")
	lego, err := open.Path("../../formats/lego/testdata/minifig_walk.ani", open.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkFront(t, frontView(t, lego, 0.6), "HEAD", "LEG-LFT-END", "ARM-LFT-END", "ARM-RT-END", "")
}

// TestPrimeDemoFromTheFront applies the checks to the Metroid Prime demo
// crawler (right-handed, Z up, facing +Y, so its left is the file's -X):
// its L_ legs must be on the viewer's right and its front feet nearer than
// its back feet. It has no arms; its middle feet stand for the hands.
func TestPrimeDemoFromTheFront(t *testing.T) {
	for _, path := range []string{"../../formats/prime/testdata/1A2B3C4D.ANIM", "../../formats/prime/pak/testdata/DemoSet-mp2.pak"} {
		a, err := open.Path(path, open.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if x := a.Skeleton.Bones[a.Skeleton.IndexByName("L_Mid_Foot")].Bind.Translation.X(); x >= 0 {
			t.Errorf("%s: L_Mid_Foot's bind offset has X %v: the creature's left is the file's -X", path, x)
		}
		dots := frontView(t, a, 0)
		checkFront(t, dots, "Head", "L_Back_Foot", "L_Mid_Foot", "R_Mid_Foot", "")
		if dots["L_Front_Foot"].Depth >= dots["L_Back_Foot"].Depth {
			t.Errorf("%s: facing away: front foot depth %v, back foot depth %v", path, dots["L_Front_Foot"].Depth, dots["L_Back_Foot"].Depth)
		}
	}
}
