package state

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

func TestSubtreeHideAndBoneBox(t *testing.T) {
	s := demo()
	s.ClickBoneBox(6, true) // l_clavicle and the arm below it
	for i := 6; i <= 9; i++ {
		if !s.HiddenBones[i] {
			t.Errorf("bone %d not hidden with its parent's subtree", i)
		}
	}
	if s.HiddenBones[10] || s.HiddenBones[5] {
		t.Error("the subtree reached a sibling")
	}
	s.ClickBoneBox(7, false) // one bone back on
	if s.HiddenBones[7] || !s.HiddenBones[8] {
		t.Errorf("plain click: %v", s.HiddenBones[6:10])
	}
	s.ClickBoneBox(6, true) // l_clavicle was hidden: the subtree shows
	for i := 6; i <= 9; i++ {
		if s.HiddenBones[i] {
			t.Errorf("bone %d still hidden", i)
		}
	}
}

func TestAnimatedAndDimmed(t *testing.T) {
	s := demo()
	n := 0
	for _, a := range s.Animated {
		if a {
			n++
		}
	}
	if n != 13 || s.Dim != nil {
		t.Errorf("walk: %d animated bones, dim %v", n, s.Dim)
	}
	a := assets.Demo()
	a.Clips[1].Drives = make([]bool, len(a.Skeleton.Bones))
	a.Clips[1].Drives[4] = true
	s = New("demo:", a)
	s.SelectClip(1)
	if len(s.Dim) != 22 || s.Dim[4] || !s.Dim[0] {
		t.Errorf("a clip that drives the head only: dim %v", s.Dim)
	}
}

func TestClipGroups(t *testing.T) {
	a := assets.Demo()
	a.Clips = append(a.Clips, &formats.Clip{Name: "Set/Wave", Group: "Set", Duration: 1})
	a.Clips[0].Group, a.Clips[0].Name = "Set", "Set/walk"
	s := New("demo:", a)
	g := s.ClipGroups()
	if len(g) != 2 || g[0].Name != "Set" || len(g[0].Clips) != 2 || g[0].Clips[1] != 2 || g[1].Clips[0] != 1 {
		t.Fatalf("groups %+v", g)
	}
	if s.ClipLabel(2) != "Wave" || s.ClipLabel(1) != "idle" {
		t.Errorf("labels %q %q", s.ClipLabel(2), s.ClipLabel(1))
	}
}

func TestStepAnimation(t *testing.T) {
	s := demo()
	if e := s.StepAnimation(1); e != "" || s.Clip != 1 {
		t.Errorf("clips: entry %q clip %d", e, s.Clip)
	}
	s.StepAnimation(1)
	if s.Clip != 0 {
		t.Errorf("wraps to clip %d", s.Clip)
	}
	s.Asset.Entries = []formats.Entry{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	s.Asset.Entry = "a"
	if e := s.StepAnimation(-1); e != "c" {
		t.Errorf("container: previous entry %q", e)
	}
}

func TestWarnings(t *testing.T) {
	a := assets.Demo()
	a.Warnings = []string{"skeleton guessed"}
	s := New("demo:", a)
	if s.WarningsDismissed || len(s.Warnings) != 1 {
		t.Fatalf("banner: dismissed %v, %q", s.WarningsDismissed, s.Warnings)
	}
	s.DismissWarnings()
	if !s.WarningsDismissed || len(s.Warnings) != 1 {
		t.Error("dismissing dropped the warnings")
	}
	s.ToggleWarnings()
	if !s.ShowWarnings {
		t.Error("list not shown")
	}
	if demo().WarningsDismissed != true {
		t.Error("no warnings should show no banner")
	}
}

func TestInspect(t *testing.T) {
	s := demo()
	sk := s.Asset.Skeleton
	p, w := player.NewPose(sk), player.NewWorldPose(sk)
	if _, ok := s.Inspect(p, w); ok {
		t.Error("inspected without a selection")
	}
	s.SelectBone(4)
	// Turn the head 90° about Y and scale its parent by 2: world scale 2,
	// world rotation the head's, Euler (0, 90, 0) for local.
	p.Local[4].Rotation = mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 1, 0})
	p.Local[3].Scale = mgl32.Vec3{2, 2, 2}
	player.ToWorld(sk, p, w)
	info, ok := s.Inspect(p, w)
	if !ok || info.Name != "head" || info.Parent != "neck" {
		t.Fatalf("%+v", info)
	}
	if e := info.Local.Euler; math.Abs(e[1]-90) > 1e-3 || math.Abs(e[0]) > 1e-3 {
		t.Errorf("local euler %v", e)
	}
	if sc := info.World.Scale; math.Abs(float64(sc[0])-2) > 1e-5 || math.Abs(float64(sc[2])-2) > 1e-5 {
		t.Errorf("world scale %v", sc)
	}
	if q := info.World.Quat; math.Abs(float64(q[1])-math.Sqrt2/2) > 1e-4 {
		t.Errorf("world rotation %v", q)
	}
	wp := w.Position(4)
	if info.World.Translation != [3]float32(wp) {
		t.Errorf("world translation %v, want %v", info.World.Translation, wp)
	}
	var back BoneInfo
	if err := json.Unmarshal([]byte(info.JSON()), &back); err != nil || back != info {
		t.Errorf("JSON round trip: %v\n%s", err, info.JSON())
	}
	txt := info.Text()
	for _, want := range []string{"head", "parent neck", "local", "world", "x ", " w ", "XYZ°"} {
		if !strings.Contains(txt, want) {
			t.Errorf("inspector text lacks %q:\n%s", want, txt)
		}
	}
}

func TestEulerOrder(t *testing.T) {
	// Rz(30)·Ry(20)·Rx(10): the angles come back in X, Y, Z.
	q := mgl32.QuatRotate(mgl32.DegToRad(30), mgl32.Vec3{0, 0, 1}).
		Mul(mgl32.QuatRotate(mgl32.DegToRad(20), mgl32.Vec3{0, 1, 0})).
		Mul(mgl32.QuatRotate(mgl32.DegToRad(10), mgl32.Vec3{1, 0, 0}))
	e := Euler(q)
	for k, want := range []float64{10, 20, 30} {
		if math.Abs(e[k]-want) > 1e-3 {
			t.Errorf("euler %v, want 10 20 30", e)
		}
	}
}

func TestKeysEventsAndFrames(t *testing.T) {
	s := demo()
	s.SelectBone(16) // l_foot
	keys := s.KeyTimes(16, nil)
	if len(keys) == 0 {
		t.Fatal("no keys on l_foot")
	}
	s.Seek(0)
	if !s.JumpKey(1) || s.Time != keys[1] && s.Time != keys[0] {
		t.Errorf("next key: %v of %v", s.Time, keys[:3])
	}
	s.Seek(0.5)
	s.JumpEvent(1)
	if math.Abs(s.Time-0.9) > 1e-9 {
		t.Errorf("next event from 0.5: %v", s.Time)
	}
	s.JumpEvent(-1)
	if math.Abs(s.Time-0.3) > 1e-9 {
		t.Errorf("previous event from 0.9: %v", s.Time)
	}
	s.SeekFrame(12)
	if f, _ := s.Frame(); f != 12 || s.Playing {
		t.Errorf("frame box: frame %d", f)
	}
	s.SeekFrame(999)
	if f, n := s.Frame(); f != n-1 {
		t.Errorf("frame past the end: %d of %d", f, n)
	}
	s.SeekFraction(0.5)
	if math.Abs(s.Time-0.6) > 1e-9 {
		t.Errorf("timeline click at the middle: %v", s.Time)
	}
}

func TestReplayWithoutLoop(t *testing.T) {
	s := demo()
	s.Loop, s.Playing = false, false
	s.Reverse()
	s.Home()
	s.TogglePlay() // backwards at frame 0: from the end
	if !s.Playing || s.Time != s.Duration() {
		t.Errorf("reverse at 0: playing %v at %v", s.Playing, s.Time)
	}
	s.Advance(0.1, nil)
	if s.Time >= s.Duration() {
		t.Error("reverse play did not move back")
	}
	s.Reverse()
	s.End()
	s.TogglePlay() // forwards at the end: from the start
	if s.Time != 0 {
		t.Errorf("forward at the end: %v", s.Time)
	}
}

func TestOnionInPlaceAndViews(t *testing.T) {
	s := demo()
	if g := s.GhostTimes(nil); len(g) != 0 {
		t.Errorf("ghosts with onion off: %v", g)
	}
	s.ToggleOnion()
	s.Seek(0.05)
	g := s.GhostTimes(nil)
	if len(g) != 4 || math.Abs(g[0]-(1.2-0.15)) > 1e-9 || math.Abs(g[3]-0.25) > 1e-9 {
		t.Errorf("ghosts %v", g)
	}
	s.Loop = false
	if g := s.GhostTimes(nil); len(g) != 2 {
		t.Errorf("ghosts before 0 without loop: %v", g)
	}
	// In place: the hips' horizontal translation stays at its first key.
	sk := s.Asset.Skeleton
	p := player.NewPose(sk)
	s.Sampler().Sample(0.6, p)
	before := p.Local[0].Translation
	s.ToggleInPlace()
	s.HoldInPlace(p)
	got := p.Local[0].Translation
	first := s.CurrentClip().Tracks[0].Translation.Values[0]
	if got[0] != first[0] || got[2] != first[2] || got[1] != before[1] {
		t.Errorf("in place: %v (was %v, first key %v)", got, before, first)
	}
	s.SetView(ViewTop)
	if s.Camera.Pitch != 89 {
		t.Errorf("top view pitch %v", s.Camera.Pitch)
	}
	s.ToggleOrtho()
	s.ToggleAxes()
	s.ToggleHelpers()
	if !s.Camera.Ortho || !s.Axes || !s.HideHelpers {
		t.Error("toggles")
	}
	s.ZoomTo(mgl32.Ident4(), mgl32.Vec3{1, 2, 3}, 0.5, 1)
	if s.Camera.Target != (mgl32.Vec3{1, 2, 3}) || s.Camera.Distance > 3 {
		t.Errorf("zoom to bone: %+v", s.Camera)
	}
}

func TestActionsScript(t *testing.T) {
	acts, err := ParseActions("open demo:; select-bone HEAD; hide-bone l_hand\n seek 0.5; key space")
	if err != nil || len(acts) != 5 || acts[1].Args[0] != "HEAD" {
		t.Fatalf("%v %v", acts, err)
	}
	s := demo()
	for _, a := range acts {
		err := s.Apply(a)
		if a.Verb == "open" || a.Verb == "key" {
			if err == nil {
				t.Errorf("%s applied by the state", a)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", a, err)
		}
	}
	if s.Selected != 4 || !s.HiddenBones[9] || s.Time != 0.5 {
		t.Errorf("after the script: selected %d, l_hand hidden %v, time %v", s.Selected, s.HiddenBones[9], s.Time)
	}
	for _, bad := range []string{"fly away", "seek", "seek 1 2", "open"} {
		if _, err := ParseActions(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if err := s.Apply(Action{Verb: "select-bone", Args: []string{"tail"}}); err == nil {
		t.Error("a missing bone is not an error")
	}
}

func TestFilesBrowserAndRecent(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.anim", "b.txt", "c.ani", "d.ANIM"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	s := demo()
	s.Exts = []string{"anim", "ani"}
	s.AddRecent(filepath.Join(dir, "c.ani"))
	s.OpenBrowser(dir)
	var names []string
	for _, e := range s.Browser.Entries {
		names = append(names, e.Name)
	}
	want := "recent: " + filepath.Join(dir, "c.ani") + "|../|sub/|a.anim|c.ani|d.ANIM"
	if strings.Join(names, "|") != want {
		t.Errorf("browser rows %q", names)
	}
	s.BrowserType("ANI")
	if len(s.Browser.Entries) != 4 { // recent c.ani, a.anim, c.ani, d.ANIM
		t.Errorf("filtered %v", s.Browser.Entries)
	}
	s.BrowserBackspace()
	s.BrowserBackspace()
	s.BrowserBackspace()
	if p := s.BrowserChoose(2); p != "" || s.Browser == nil || s.Browser.Dir != filepath.Join(dir, "sub") {
		t.Errorf("folder: %q %+v", p, s.Browser)
	}
	s.OpenBrowser(dir)
	if p := s.BrowserChoose(3); p != filepath.Join(dir, "a.anim") || s.Browser != nil {
		t.Errorf("file: %q", p)
	}

	next, ok := s.SiblingFile(filepath.Join(dir, "a.anim"), 1)
	if !ok || filepath.Base(next) != "c.ani" {
		t.Errorf("next file %q", next)
	}
	prev, _ := s.SiblingFile(filepath.Join(dir, "a.anim"), -1)
	if filepath.Base(prev) != "d.ANIM" {
		t.Errorf("previous file wraps to %q", prev)
	}

	rf := filepath.Join(dir, "cfg", "animview", "recent")
	s.AddRecent(filepath.Join(dir, "a.anim"))
	s.AddRecent(filepath.Join(dir, "c.ani")) // moves to the front
	if err := s.SaveRecent(rf); err != nil {
		t.Fatal(err)
	}
	s2 := demo()
	if err := s2.LoadRecent(rf); err != nil || len(s2.Recent) != 2 || filepath.Base(s2.Recent[0]) != "c.ani" {
		t.Errorf("recent %v %v", s2.Recent, err)
	}

	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := ScreenshotName(dir, now)
	os.WriteFile(a, nil, 0o644)
	b := ScreenshotName(dir, now)
	if a == b || filepath.Base(b) != "animview-20260102-030405-2.png" {
		t.Errorf("names %q %q", a, b)
	}
	s.Notify("saved "+b, now)
	if s.NoticeAt(now.Add(time.Second)) == "" || s.NoticeAt(now.Add(time.Minute)) != "" {
		t.Error("notice timing")
	}
}
