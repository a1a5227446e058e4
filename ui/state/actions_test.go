package state

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/animview/animview/formats"
	fdemo "github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// clickBoneBox is the bone tree's check box: it flips bone i, and with
// subtree sets the bone's whole subtree to the bone's new state.
func clickBoneBox(s *State, i int, subtree bool) {
	s.SetBoneHidden(i, !s.Visibility().BoneHidden(i), subtree)
}

func TestSubtreeHideAndBoneBox(t *testing.T) {
	s := demo()
	clickBoneBox(s, 6, true) // l_clavicle and the arm below it
	for i := 6; i <= 9; i++ {
		if !s.Visibility().HiddenBones(nil)[i] {
			t.Errorf("bone %d not hidden with its parent's subtree", i)
		}
	}
	if s.Visibility().HiddenBones(nil)[10] || s.Visibility().HiddenBones(nil)[5] {
		t.Error("the subtree reached a sibling")
	}
	clickBoneBox(s, 7, false) // one bone back on
	if s.Visibility().HiddenBones(nil)[7] || !s.Visibility().HiddenBones(nil)[8] {
		t.Errorf("plain click: %v", s.Visibility().HiddenBones(nil)[6:10])
	}
	clickBoneBox(s, 6, true) // l_clavicle was hidden: the subtree shows
	for i := 6; i <= 9; i++ {
		if s.Visibility().HiddenBones(nil)[i] {
			t.Errorf("bone %d still hidden", i)
		}
	}
}

func TestAnimatedAndDimmed(t *testing.T) {
	s := demo()
	n := 0
	for i := range s.Visibility().animatedCount() {
		if s.Visibility().Animated(i) {
			n++
		}
	}
	if n != 13 || len(s.Visibility().Dim(nil)) != 0 {
		t.Errorf("walk: %d animated bones, dim %v", n, s.Visibility().Dim(nil))
	}
	a := fdemo.New()
	a.Clips[1].Drives = make([]bool, len(a.Skeleton.Bones))
	a.Clips[1].Drives[4] = true
	s = New("demo:", a)
	s.SelectClip(1)
	if len(s.Visibility().Dim(nil)) != 22 || s.Visibility().Dim(nil)[4] || !s.Visibility().Dim(nil)[0] {
		t.Errorf("a clip that drives the head only: dim %v", s.Visibility().Dim(nil))
	}
}

func TestClipGroups(t *testing.T) {
	a := fdemo.New()
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
	if e := s.StepAnimation(1); e != "" || s.Playback().Clip() != 1 {
		t.Errorf("clips: entry %q clip %d", e, s.Playback().Clip())
	}
	s.StepAnimation(1)
	if s.Playback().Clip() != 0 {
		t.Errorf("wraps to clip %d", s.Playback().Clip())
	}
	s.Asset().Entries = []formats.Entry{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	s.Asset().Entry = "a"
	if e := s.StepAnimation(-1); e != "c" {
		t.Errorf("container: previous entry %q", e)
	}
	// Entries known not to open are passed over (issue 33 item 2).
	s.Asset().Entries[1].Err, s.Asset().Entries[2].Err = "the file is empty (0 bytes)", "damaged"
	s.Asset().Entries = append(s.Asset().Entries, formats.Entry{Name: "d"})
	if e := s.StepAnimation(1); e != "d" {
		t.Errorf("next entry past two broken ones: %q, want d", e)
	}
	if e := s.StepAnimation(-1); e != "d" {
		t.Errorf("previous entry past two broken ones: %q, want d (wrapping)", e)
	}
	s.Asset().Entries[3].Err = "damaged"
	if e := s.StepAnimation(1); e != "" {
		t.Errorf("no other entry opens, yet stepped to %q", e)
	}
}

func TestWarnings(t *testing.T) {
	a := fdemo.New()
	a.Warnings = []string{"skeleton guessed"}
	s := New("demo:", a)
	if s.Messages().WarningsDismissed() || len(s.Messages().Warnings()) != 1 {
		t.Fatalf("banner: dismissed %v, %q", s.Messages().WarningsDismissed(), s.Messages().Warnings())
	}
	s.DismissWarnings()
	if !s.Messages().WarningsDismissed() || len(s.Messages().Warnings()) != 1 {
		t.Error("dismissing dropped the warnings")
	}
	s.ToggleWarnings()
	if !s.Messages().ShowingWarnings() {
		t.Error("list not shown")
	}
	if !demo().Messages().WarningsDismissed() {
		t.Error("no warnings should show no banner")
	}
}

func TestInspect(t *testing.T) {
	s := demo()
	sk := s.Asset().Skeleton
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
	// Copy JSON's data (ui builds the JSON): the transforms as sampled.
	if info.Sampled != p.Local[4] || info.WorldMatrix != w.Matrix(4) {
		t.Errorf("sampled %v %v, want the pose's %v %v", info.Sampled, info.WorldMatrix, p.Local[4], w.Matrix(4))
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
	if !s.JumpKey(1) || s.Playback().Time() != keys[1] && s.Playback().Time() != keys[0] {
		t.Errorf("next key: %v of %v", s.Playback().Time(), keys[:3])
	}
	s.Seek(0.5)
	s.JumpEvent(1)
	if math.Abs(s.Playback().Time()-0.9) > 1e-9 {
		t.Errorf("next event from 0.5: %v", s.Playback().Time())
	}
	s.JumpEvent(-1)
	if math.Abs(s.Playback().Time()-0.3) > 1e-9 {
		t.Errorf("previous event from 0.9: %v", s.Playback().Time())
	}
	s.SeekFrame(12)
	if f, _ := s.Frame(); f != 12 || s.Playback().Playing() {
		t.Errorf("frame box: frame %d", f)
	}
	s.SeekFrame(999)
	if f, n := s.Frame(); f != n-1 {
		t.Errorf("frame past the end: %d of %d", f, n)
	}
	s.seekFraction(0.5)
	if math.Abs(s.Playback().Time()-0.6) > 1e-9 {
		t.Errorf("timeline click at the middle: %v", s.Playback().Time())
	}
}

func TestReplayWithoutLoop(t *testing.T) {
	s := demo()
	s.SetLoop(false)
	s.Pause()
	s.Reverse()
	s.Home()
	s.TogglePlay() // backwards at frame 0: from the end
	if !s.Playback().Playing() || s.Playback().Time() != s.Duration() {
		t.Errorf("reverse at 0: playing %v at %v", s.Playback().Playing(), s.Playback().Time())
	}
	s.Advance(0.1, nil)
	if s.Playback().Time() >= s.Duration() {
		t.Error("reverse play did not move back")
	}
	s.Reverse()
	s.End()
	s.TogglePlay() // forwards at the end: from the start
	if s.Playback().Time() != 0 {
		t.Errorf("forward at the end: %v", s.Playback().Time())
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
	s.SetLoop(false)
	if g := s.GhostTimes(nil); len(g) != 2 {
		t.Errorf("ghosts before 0 without loop: %v", g)
	}
	// In place: the hips' horizontal translation stays at its first key.
	sk := s.Asset().Skeleton
	p := player.NewPose(sk)
	s.Sampler().Sample(0.6, p)
	before := p.Local[0].Translation
	s.ToggleInPlace()
	s.Visibility().HoldInPlace(p)
	got := p.Local[0].Translation
	first := s.CurrentClip().Tracks[0].Translation.Values[0]
	if got[0] != first[0] || got[2] != first[2] || got[1] != before[1] {
		t.Errorf("in place: %v (was %v, first key %v)", got, before, first)
	}
	s.SetDirection(ViewTop)
	if s.View().Camera().Pitch != 89 {
		t.Errorf("top view pitch %v", s.View().Camera().Pitch)
	}
	s.ToggleOrtho()
	s.ToggleAxes()
	s.ToggleHelpers()
	if !s.View().Camera().Ortho || !s.Visibility().Axes() || !s.Visibility().HideHelpers() {
		t.Error("toggles")
	}
	s.SetFollow(true)
	s.ZoomTo(mgl32.Ident4(), mgl32.Vec3{1, 2, 3}, 0.5, 1)
	if c := s.View().Camera(); c.Target != (mgl32.Vec3{1, 2, 3}) || c.Distance > 3 || s.View().Follow() {
		t.Errorf("zoom to bone: %+v, follow %v", c, s.View().Follow())
	}
}

// TestBrowserAndRecent: the browser lists the recent files above the
// folder's listing, filters by what is typed, and a chosen file closes
// it; the recent list keeps the newest first, once each, at most ten.
func TestBrowserAndRecent(t *testing.T) {
	s := demo()
	s.AddRecent("/data/c.ani")
	listing := []BrowserEntry{{Name: "../", Path: "/", Dir: true}, {Name: "sub/", Path: "/data/sub", Dir: true},
		{Name: "a.anim", Path: "/data/a.anim"}, {Name: "c.ani", Path: "/data/c.ani"}, {Name: "d.ANIM", Path: "/data/d.ANIM"}}
	s.ShowBrowser("/data", nil, listing, "")
	var names []string
	for _, e := range s.Browser().Rows() {
		names = append(names, e.Name)
	}
	if got := strings.Join(names, "|"); got != "recent: /data/c.ani|open this folder: /data|../|sub/|a.anim|c.ani|d.ANIM" || !s.Browser().Open() || s.Browser().Dir() != "/data" {
		t.Errorf("browser rows %q", got)
	}
	s.TypeInBrowser("ANI")
	if len(s.Browser().Rows()) != 4 { // recent c.ani, a.anim, c.ani, d.ANIM
		t.Errorf("filtered %v", s.Browser().Rows())
	}
	s.MoveBrowserCursor(2)
	if s.Browser().Cursor() != 2 {
		t.Errorf("cursor %d", s.Browser().Cursor())
	}
	for range 3 {
		s.BrowserBackspace()
	}
	if e, ok := s.ChooseInBrowser(3); !ok || !e.Dir || e.Path != "/data/sub" || !s.Browser().Open() {
		t.Errorf("folder: %+v %v, open %v", e, ok, s.Browser().Open())
	}
	s.ShowBrowser("/data/sub", nil, nil, "permission denied")
	if s.Browser().Err() != "permission denied" || len(s.Browser().Rows()) != 1 || s.Browser().Filter() != "" {
		t.Errorf("unreadable folder: %q, rows %v", s.Browser().Err(), s.Browser().Rows())
	}
	s.ShowBrowser("/data", nil, listing, "")
	if e, ok := s.ChooseInBrowser(4); !ok || e.Path != "/data/a.anim" || s.Browser().Open() {
		t.Errorf("file: %+v, open %v", e, s.Browser().Open())
	}
	if _, ok := s.ChooseInBrowser(0); ok {
		t.Error("chose a row of a closed browser")
	}

	s.AddRecent("/data/a.anim")
	s.AddRecent("/data/c.ani") // moves to the front
	s.AddRecent("demo:")       // the demo is no file
	if got := strings.Join(s.Files().Recent(), " "); got != "/data/c.ani /data/a.anim" {
		t.Errorf("recent %q", got)
	}
	for i := range 12 {
		s.AddRecent(fmt.Sprintf("/f%d", i))
	}
	if r := s.Files().Recent(); len(r) != MaxRecent || r[0] != "/f11" {
		t.Errorf("recent %q", r)
	}

	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s.Notify("saved x.png", now)
	if s.Messages().NoticeAt(now.Add(time.Second)) == "" || s.Messages().NoticeAt(now.Add(time.Minute)) != "" || s.Messages().Notice() != "saved x.png" {
		t.Error("notice timing")
	}
}

// TestBrowserScrollAndPath: places head the rows; the wheel scrolls the
// page without moving the cursor, to the last page at most; moving the
// cursor scrolls to keep it in sight; a field that is a path filters
// nothing.
func TestBrowserScrollAndPath(t *testing.T) {
	s := demo()
	var listing []BrowserEntry
	for i := range 30 {
		listing = append(listing, BrowserEntry{Name: fmt.Sprintf("f%02d.anim", i), Path: fmt.Sprintf("/d/f%02d.anim", i)})
	}
	places := []BrowserEntry{{Name: "home: /home/u", Path: "/home/u", Dir: true, Place: true}}
	s.ShowBrowser("/d", places, listing, "")
	s.SetBrowserPage(10)
	if len(s.Browser().Rows()) != 32 || !s.Browser().Rows()[0].Place || !s.Browser().Rows()[1].Here || s.Browser().Cursor() != 1 {
		t.Fatalf("rows %v", s.Browser().Rows())
	}
	s.ScrollBrowser(15)
	if s.Browser().Top() != 15 || s.Browser().Cursor() != 1 {
		t.Errorf("scrolled 15: top %d cursor %d", s.Browser().Top(), s.Browser().Cursor())
	}
	s.ScrollBrowser(100)
	if s.Browser().Top() != 22 {
		t.Errorf("scrolled past the end: top %d, want 22 (the last page)", s.Browser().Top())
	}
	s.ScrollBrowser(-100)
	s.MoveBrowserCursor(12)
	if s.Browser().Top() != 4 || s.Browser().Cursor() != 13 {
		t.Errorf("moved to 12: top %d cursor %d", s.Browser().Top(), s.Browser().Cursor())
	}
	s.TypeInBrowser("/d/f0")
	if !IsPath(s.Browser().Filter()) || len(s.Browser().Rows()) != 32 {
		t.Errorf("a path filtered the rows: %d", len(s.Browser().Rows()))
	}
	s.SetBrowserField("f2")
	if IsPath(s.Browser().Filter()) || len(s.Browser().Rows()) != 10 {
		t.Errorf("filter f2: %d rows", len(s.Browser().Rows()))
	}
}

// TestBrowserOpensFolder: the browser opening a file heads a folder's
// listing with a row that opens the folder itself (a container, as
// `animview DIR` opens it), and its cursor starts there, on the listing
// rather than on the first place, after each folder entered (issue 33,
// item 8); choosing the row closes the browser and hands back the
// folder. An unreadable folder has no such row; an export's browser
// neither.
func TestBrowserOpensFolder(t *testing.T) {
	s := demo()
	s.AddRecent("/data/c.ani")
	places := []BrowserEntry{{Name: "home: /home/u", Path: "/home/u", Dir: true, Place: true},
		{Name: "working folder: /w", Path: "/w", Dir: true, Place: true}}
	s.ShowBrowser("/data", places, []BrowserEntry{{Name: "../", Path: "/", Dir: true}, {Name: "sub/", Path: "/data/sub", Dir: true}}, "")
	if c := s.Browser().Rows()[s.Browser().Cursor()]; !c.Here || c.Path != "/data" || s.Browser().Cursor() != 3 {
		t.Fatalf("cursor %d on %+v, want 3 on the row opening /data", s.Browser().Cursor(), c)
	}
	e, ok := s.ChooseInBrowser(5)
	if !ok || e.Path != "/data/sub" {
		t.Fatalf("chose %+v", e)
	}
	s.ShowBrowser("/data/sub", places, []BrowserEntry{{Name: "../", Path: "/data", Dir: true}, {Name: "a.anim", Path: "/data/sub/a.anim"}}, "")
	if c := s.Browser().Rows()[s.Browser().Cursor()]; !c.Here || c.Path != "/data/sub" {
		t.Errorf("after entering sub/: cursor %d on %+v", s.Browser().Cursor(), c)
	}
	if e, ok := s.ChooseInBrowser(s.Browser().Cursor()); !ok || !e.Here || e.Dir || e.Path != "/data/sub" || s.Browser().Open() {
		t.Errorf("opening the folder: %+v, browser open %v", e, s.Browser().Open())
	}
	s.ShowBrowser("/locked", places, []BrowserEntry{{Name: "../", Path: "/", Dir: true}}, "permission denied")
	for _, r := range s.Browser().Rows() {
		if r.Here {
			t.Errorf("an unreadable folder offers to open: %+v", r)
		}
	}
	if c := s.Browser().Rows()[s.Browser().Cursor()]; c.Name != "../" {
		t.Errorf("unreadable folder: cursor on %+v", c)
	}
	s.ShowSaveBrowser("/out", "/", "demo.glb", []BrowserEntry{{Name: "../", Path: "/", Dir: true}}, "")
	for _, r := range s.Browser().Rows() {
		if r.Here {
			t.Errorf("an export's browser offers to open the folder: %+v", r)
		}
	}
}
