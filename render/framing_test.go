package render

import (
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// farScene loads the LEGO fixture made by formats/lego's writer: a static
// scene root at the origin and two 2.4-unit figures about 3 units apart,
// 46 units from the root (formats/lego/scene_fixture_test.go).
func farScene(t *testing.T) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile("../formats/lego/testdata/scene_far.ani")
	if err != nil {
		t.Fatal(err)
	}
	f, err := lego.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := f.Asset("scene_far")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func boneIndex(t *testing.T, sk *formats.Skeleton, name string) int {
	t.Helper()
	for i, b := range sk.Bones {
		if b.Name == name {
			return i
		}
	}
	t.Fatalf("no bone %q", name)
	return -1
}

func TestClipFramingLegoScene(t *testing.T) {
	a := farScene(t)
	sk := a.Skeleton
	root := SceneRoot(a.Coords)
	f := ClipFraming(sk, player.NewClipSampler(sk, a.Clips[0]), root, 16)
	pepper, mama := boneIndex(t, sk, "pepper"), boneIndex(t, sk, "mama")
	if !f.Scene[0] {
		t.Error("the static scene root is not recognised")
	}
	for i := range sk.Bones {
		if i != 0 && f.Scene[i] {
			t.Errorf("bone %d %q taken for a scene root", i, sk.Bones[i].Name)
		}
		if want := i == pepper || i == mama; f.Link[i] != want {
			t.Errorf("bone %d %q: link %v, want %v", i, sk.Bones[i].Name, f.Link[i], want)
		}
	}
	if len(f.Anchors) != 2 || f.Anchors[0] != pepper || f.Anchors[1] != mama {
		t.Errorf("anchors %v, want [%d %d]", f.Anchors, pepper, mama)
	}
	// The figures stand at x 44 and 46 (the view keeps LEGO's X), 2.4 units
	// tall: the bounds hold them and not the origin.
	if !f.Whole.Valid || f.Whole.Min[0] < 43 || f.Whole.Max[0] > 47 || diag(f.Whole) > 6 || f.Whole.Max[1] < 2.3 {
		t.Errorf("figures' bounds %v..%v", f.Whole.Min, f.Whole.Max)
	}
	if f.Travels {
		t.Error("figures marking time on the spot do not travel")
	}
	// ClipBounds, the older entry point, frames the same.
	if b := ClipBounds(sk, player.NewClipSampler(sk, a.Clips[0]), root, 16); b != f.Whole {
		t.Errorf("ClipBounds %v, ClipFraming %v", b, f.Whole)
	}
	// The camera aimed by the framing looks at the figures, close.
	cam := DefaultCamera()
	f.Aim(&cam, 4.0/3, false)
	if cam.Target[0] < 43 || cam.Target[0] > 47 || cam.Distance > 15 {
		t.Errorf("camera at %v from %v", cam.Target, cam.Distance)
	}
}

func TestClipFramingRules(t *testing.T) {
	id := mgl32.Ident4()
	// A static root with a bare leaf far away is no scene root: there is
	// no figure under it to frame instead.
	leaf := chain(mgl32.Vec3{}, mgl32.Vec3{0, 50, 0})
	if f := ClipFraming(leaf, nil, id, 2); f.Scene[0] || f.Link[1] || len(f.Anchors) != 1 || f.Anchors[0] != 0 {
		t.Errorf("leaf: %+v", f)
	}
	// A root with a figure close by is no scene root either.
	close := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 1, 0})
	if f := ClipFraming(close, nil, id, 2); f.Scene[0] || f.Whole.Min != (mgl32.Vec3{}) || f.Whole.Max != (mgl32.Vec3{0, 3, 0}) {
		t.Errorf("close: %+v", f)
	}
	// The same figure 40 units away: the root is left out.
	far := chain(mgl32.Vec3{}, mgl32.Vec3{40, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 1, 0})
	f := ClipFraming(far, nil, id, 2)
	if !f.Scene[0] || !f.Link[1] || f.Whole.Min != (mgl32.Vec3{40, 0, 0}) || f.Whole.Max != (mgl32.Vec3{40, 2, 0}) {
		t.Errorf("far: %+v", f)
	}
	// A root that moves is not static, however far its figure.
	sk, clip := moving([]float64{0, 1}, mgl32.Vec3{40, 0, 0}, mgl32.Vec3{40, 0, 0})
	clip.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{}, {0, 5, 0}}}
	sk.Bones = append(sk.Bones, formats.Bone{Parent: 1, Bind: formats.Identity()})
	sk.Bones[2].Bind.Translation = mgl32.Vec3{0, 1, 0}
	clip.Tracks = append(clip.Tracks, formats.BoneTracks{})
	if f := ClipFraming(sk, player.NewClipSampler(sk, clip), id, 5); f.Scene[0] {
		t.Errorf("moving root taken for a scene root: %+v", f)
	}
}

// TestClipFramingTravel: a root that travels 10 units with a 1-unit child
// travels (follow it); the tracked point is the root plus the centre of the
// figure around it.
func TestClipFramingTravel(t *testing.T) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	clip := &formats.Clip{Duration: 1, Tracks: make([]formats.BoneTracks, 2)}
	clip.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{0, 0, 0}, {10, 0, 0}}}
	src := player.NewClipSampler(sk, clip)
	f := ClipFraming(sk, src, mgl32.Ident4(), 5)
	if !f.Travels {
		t.Errorf("travel not seen: whole %v..%v around %v..%v", f.Whole.Min, f.Whole.Max, f.Around.Min, f.Around.Max)
	}
	pose, world := player.NewPose(sk), player.NewWorldPose(sk)
	src.Sample(0.5, pose)
	player.ToWorld(sk, pose, world)
	if got := f.Track(world, mgl32.Mat4{}); !near3(got, mgl32.Vec3{5, 0.5, 0}, 1e-5) {
		t.Errorf("track %v, want (5, 0.5, 0)", got)
	}
	// Following frames the 1-unit figure, not the 10-unit trip.
	wide, tight := DefaultCamera(), DefaultCamera()
	f.Aim(&wide, 1, false)
	f.Aim(&tight, 1, true)
	if !(tight.Distance < wide.Distance/5) {
		t.Errorf("follow distance %v, whole-clip distance %v", tight.Distance, wide.Distance)
	}
	if f := ClipFraming(nil, nil, mgl32.Ident4(), 3); f.Whole.Valid || f.Travels {
		t.Errorf("nil skeleton: %+v", f)
	}
}

func TestHelperBones(t *testing.T) {
	names := []string{"ROOT", "PELVIS", "L_ARM", "L_HAND", "R_ARM_IK", "RAHB", "HEAD_TARGET", "L_L_TRACK", "L_ARM_P", "LAHM", "llht", "PROP", "RAHX", "_P", "FINGER", "TIP"}
	parents := []int{-1, 0, 1, 2, 0, 4, 1, 2, 2, 2, 0, 1, 0, 0, 3, 14}
	sk := &formats.Skeleton{}
	for i, n := range names {
		sk.Bones = append(sk.Bones, formats.Bone{Name: n, Parent: parents[i], Bind: formats.Identity()})
	}
	clip := &formats.Clip{Tracks: make([]formats.BoneTracks, len(names))}
	for _, i := range []int{0, 1, 2, 3, 12, 13} {
		clip.Tracks[i].Rotation = formats.QuatTrack{Times: []float64{0}, Values: []mgl32.Quat{mgl32.QuatIdent()}}
	}
	got := HelperBones(sk, []*formats.Clip{clip})
	// By name: the FreeSO rig helpers (RAHX and a bare "_P" are not). By
	// structure: PROP has no children and no keys and branches off PELVIS
	// beside L_ARM; TIP, unkeyed and childless too, ends the single chain
	// L_HAND-FINGER-TIP and is kept.
	want := []bool{false, false, false, false, true, true, true, true, true, true, true, true, false, false, false, false}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: helper %v, want %v", names[i], got[i], want[i])
		}
	}
	// Without clips, only names count.
	if h := HelperBones(sk, nil); h[11] || !h[4] {
		t.Errorf("without clips: PROP %v, R_ARM_IK %v", h[11], h[4])
	}
	if HelperBones(nil, nil) != nil {
		t.Error("nil skeleton")
	}
}

// fallingFigure is a Sims-like rig: a ROOT the clip never moves, and under
// it a 2.6-unit figure whose PELVIS carries the motion: it stands for 85%
// of the clip, then falls 18 units through the floor (FreeSO's
// a2o-trapfall clips: ROOT stays at the origin, the figure ends 18 units
// below it).
func fallingFigure() (*formats.Skeleton, *formats.Clip) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0.8, 0}, mgl32.Vec3{0, 0.8, 0})
	sk.Bones = append(sk.Bones, formats.Bone{ID: 104, Name: "leg", Parent: 1, Bind: formats.Identity()})
	sk.Bones[4].Bind.Translation = mgl32.Vec3{0, -1, 0}
	clip := &formats.Clip{Name: "trapfall", Duration: 1, Tracks: make([]formats.BoneTracks, len(sk.Bones))}
	clip.Tracks[1].Translation = formats.Vec3Track{Times: []float64{0, 0.85, 1}, Values: []mgl32.Vec3{{0, 1, 0}, {0, 1, 0}, {0, -17, 0}}}
	return sk, clip
}

// TestFramingFollowsAFall: a figure that falls far below its still root
// is followed (its moving PELVIS tracked, the root left out of framing),
// so it fills the view all through the clip as `render` and the viewer
// draw it (issue 24: framed on the whole fall, the figure stayed small for
// 90% of a2o-trapfall).
func TestFramingFollowsAFall(t *testing.T) {
	sk, clip := fallingFigure()
	src := player.NewClipSampler(sk, clip)
	f := ClipFraming(sk, src, mgl32.Ident4(), 61)
	if !f.Travels || !f.Scene[0] || len(f.Anchors) != 1 || f.Anchors[0] != 1 {
		t.Fatalf("travels %v, root left out %v, anchors %v", f.Travels, f.Scene[0], f.Anchors)
	}
	// The stick from the still ROOT to the PELVIS is drawn faint, as a
	// LEGO scene root's far stick is (issue 33, item 9: drawn bright, it
	// read as a broken leg), and the ROOT draws no dot.
	if !f.Link[1] || f.Link[2] || f.Link[4] {
		t.Errorf("links %v, want the root's stick to PELVIS (bone 1) only", f.Link)
	}
	vp := Viewport{0, 0, 640, 480}
	cam := Camera{Yaw: 30, Pitch: 15, FovY: defaultFovY}
	f.Aim(&cam, 640.0/480, f.Travels)
	pose, world := player.NewPose(sk), player.NewWorldPose(sk)
	sc := &Scene{Skeleton: sk, World: world, Selected: -1, Root: mgl32.Ident4()}
	var dl DrawList
	large := 0
	const frames = 61
	for k := 0; k < frames; k++ {
		src.Sample(float64(k)/(frames-1), pose)
		player.ToWorld(sk, pose, world)
		if f.Travels {
			cam.Target = f.Track(world, mgl32.Ident4())
		}
		Build(&dl, sc, cam, vp, DefaultOptions())
		top, bottom := float32(math.Inf(1)), float32(math.Inf(-1))
		for _, d := range dl.Dots {
			if d.Bone != 0 {
				top, bottom = min(top, d.P[1]), max(bottom, d.P[1])
			}
		}
		if bottom-top >= 0.4*vp.H && top >= 0 && bottom <= vp.H {
			large++
		}
	}
	if large < frames*9/10 {
		t.Errorf("the figure fills 40%% of the view's height, inside it, in %d of %d frames", large, frames)
	}
	// Drawn with the framing's links, as the viewer and render draw: the
	// ROOT→PELVIS stick at the end of the fall is a faint link.
	sc.Links = f.Link
	Build(&dl, sc, cam, vp, DefaultOptions())
	kinds := map[Kind]int{}
	for _, l := range dl.Lines {
		if l.Bone == 1 {
			kinds[l.Kind]++
		}
	}
	if kinds[KindLink] == 0 || kinds[KindBone] != 0 {
		t.Errorf("the ROOT→PELVIS stick is drawn as %v, want a faint link only", kinds)
	}
	// A still root whose figure only sways stays in the framing's anchors'
	// place: the figure does not travel.
	clip.Tracks[1].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{0, 1, 0}, {0.05, 1.02, 0}}}
	if f := ClipFraming(sk, player.NewClipSampler(sk, clip), mgl32.Ident4(), 61); f.Travels || f.Link[1] {
		t.Errorf("a swaying figure travels (or its root's stick is faint): whole %v..%v around %v..%v", f.Whole.Min, f.Whole.Max, f.Around.Min, f.Around.Max)
	}
}

// TestAddMeshesWithoutBones: a model opened alone (no bones, a static
// mesh) is framed by its vertices, about the origin.
func TestAddMeshesWithoutBones(t *testing.T) {
	var f Framing
	m := &formats.Mesh{Positions: []mgl32.Vec3{{-1, 0, 0}, {3, 2, 1}}}
	f.AddMeshes(&formats.Skeleton{}, []*formats.Mesh{m}, mgl32.Mat4{})
	if !f.Whole.Valid || f.Whole.Min != (mgl32.Vec3{-1, 0, 0}) || f.Whole.Max != (mgl32.Vec3{3, 2, 1}) || f.Around.Max != (mgl32.Vec3{3, 2, 1}) {
		t.Errorf("whole %+v around %+v", f.Whole, f.Around)
	}
}
