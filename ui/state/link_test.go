package state

import (
	"crypto/sha256"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/render"
)

// linkFile is a file of a view link with its real hash.
func linkFile(name, data string) LinkFile {
	return LinkFile{Name: name, Size: int64(len(data)), SHA256: sha256.Sum256([]byte(data))}
}

// TestLinkRoundTrip: a link written by String reads back equal, and a
// hand-written fragment (the README's example) reads as the fields say.
func TestLinkRoundTrip(t *testing.T) {
	full := Link{
		Files: []LinkFile{linkFile("person.cmx", "skill"), linkFile("a2o-scare.cfp", "keys"), linkFile("odd :&=#%name é.anim", "x")},
		View: LinkView{Entry: "minifig_wave", Clip: "Group/walk: fast & slow", Frame: 12, Speed: -0.5,
			Camera:    LinkCamera{Yaw: 30.5, Pitch: -12, Distance: 4.25, Target: [3]float64{0, 1.5, -2e-3}},
			HasCamera: true, Show: render.ShowMesh, HasShow: true,
			Toggles: ToggleGrid | ToggleFollow | ToggleLoop | ToggleCurvesEuler | ToggleDopeSheet | ToggleRootPath, HasToggles: true, Bone: "l_hand",
			Suits: [MaxLinkSuits]string{"none", "c001ma,odd"}, Tone: sims.ToneDark, HasTone: true},
	}
	for _, tc := range []struct {
		name string
		l    Link
	}{
		{"everything", full},
		{"version only: the view as the viewer chooses", Link{View: LinkView{Frame: -1}}},
		{"no toggles on", Link{View: LinkView{Frame: -1, HasToggles: true}}},
		{"demo view", Link{View: LinkView{Clip: "idle", Frame: 0, Camera: LinkCamera{Distance: 5}, HasCamera: true}}},
	} {
		s := tc.l.String()
		got, err := ParseLink("#" + s)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, s, err)
		}
		if !reflect.DeepEqual(got, tc.l) && !(len(got.Files) == 0 && len(tc.l.Files) == 0 && got.View == tc.l.View) {
			t.Errorf("%s: %s read back as %+v, want %+v", tc.name, s, got, tc.l)
		}
		if strings.ContainsAny(s, " #") {
			t.Errorf("%s: %q has a space or # unescaped", tc.name, s)
		}
	}
	if s := full.String(); !strings.HasPrefix(s, "v=1&file=person.cmx:5:") ||
		!strings.Contains(s, "&file=odd%20%3A%26%3D%23%25name%20%C3%A9.anim:1:") ||
		!strings.Contains(s, "&on=grid,follow,curves-euler,loop") || !strings.Contains(s, "&suit=none,c001ma%2Codd&tone=dark") || !strings.Contains(s, "&cam=30.5,-12,4.25,0,1.5,-0.002") {
		t.Errorf("the link is %s", s)
	}

	// The README's example, written by hand.
	l, err := ParseLink("v=1&file=walk.ms3d:1234:" + strings.Repeat("ab", 32) + "&clip=walk&frame=7&cam=30,20,5,0,1,0&show=bones&on=grid,ortho")
	if err != nil {
		t.Fatal(err)
	}
	want := LinkView{Clip: "walk", Frame: 7, Camera: LinkCamera{Yaw: 30, Pitch: 20, Distance: 5, Target: [3]float64{0, 1, 0}},
		HasCamera: true, Show: render.ShowBones, HasShow: true, Toggles: ToggleGrid | ToggleOrtho, HasToggles: true}
	if l.View != want || len(l.Files) != 1 || l.Files[0].Name != "walk.ms3d" || l.Files[0].Size != 1234 || l.Files[0].SHA256[31] != 0xab {
		t.Errorf("the README's example reads as %+v", l)
	}
}

// TestLinkBadInput: a bad fragment is an error that names the field and
// where it is, never a panic; over-long ones are refused before reading.
func TestLinkBadInput(t *testing.T) {
	sha := strings.Repeat("0", 64)
	for _, tc := range []struct{ frag, want string }{
		{"", `must begin with v=1`},
		{"clip=walk", `field "clip": the link must begin with v=1`},
		{"v=2", `version 2: this page reads version 1`},
		{"v=one", `version "one" is not a number`},
		{"v=1&v=1", `byte 4, field "v": v again`},
		{"v=1&clip", `byte 4, field "clip": no =`},
		{"v=1&clip=a&clip=b", `byte 11, field "clip": given twice`},
		{"v=1&zoom=2", `field "zoom": not a field of version 1`},
		{"v=1&clip=%zz", `invalid URL escape`},
		{"v=1&clip=%ff", `not UTF-8`},
		{"v=1&clip=a%0Ab", `control character`},
		{"v=1&clip=" + strings.Repeat("a", 300), `a name of 300 bytes`},
		{"v=1&entry=" + strings.Repeat("a", 256), `a name of 256 bytes`},
		{"v=1&frame=-1", `not a frame number`},
		{"v=1&frame=99999999999", `not a frame number`},
		{"v=1&speed=0", `not a speed`},
		{"v=1&speed=NaN", `not a speed`},
		{"v=1&cam=1,2,3", `not YAW,PITCH,DISTANCE,X,Y,Z`},
		{"v=1&cam=0,0,Inf,0,0,0", `not a finite number`},
		{"v=1&cam=0,0,1e300,0,0,0", `not a finite number`},
		{"v=1&cam=0,95,5,0,0,0", `pitch 95`},
		{"v=1&cam=0,0,0,0,0,0", `distance 0 is not positive`},
		{"v=1&show=wire", `not mesh, mesh+bones or bones`},
		{"v=1&on=grid,wire", `"wire" is not a toggle`},
		{"v=1&suit=a,b,c,d,e", `more than 4 suits`},
		{"v=1&suit=a,,b", `an empty suit name`},
		{"v=1&suit=a%2", `invalid URL escape`},
		{"v=1&tone=pink", `"pink" is not light, medium or dark`},
		{"v=1&tone=", `"" is not light, medium or dark`},
		{"v=1&file=a.anim", `not NAME:SIZE:SHA256`},
		{"v=1&file=a.anim:12:" + sha + ":x", `not NAME:SIZE:SHA256`},
		{"v=1&file=:12:" + sha, `"" is not a file name`},
		{"v=1&file=a%2Fb:12:" + sha, `"a/b" is not a file name`},
		{"v=1&file=a.anim:-1:" + sha, `size "-1"`},
		{"v=1&file=a.anim:12:" + strings.Repeat("A", 64), `not 64 lowercase hex digits`},
		{"v=1&file=a.anim:12:" + strings.Repeat("g", 64), `not 64 lowercase hex digits`},
		{"v=1&file=a.anim:12:abc", `not 64 lowercase hex digits`},
		{"v=1" + strings.Repeat("&file=a:1:"+sha, maxLinkFiles+1), `more than 32 files`},
		{"v=1&clip=" + strings.Repeat("a", maxLinkLen), `more than the 8192 read`},
	} {
		_, err := ParseLink(tc.frag)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "view link: ") {
			t.Errorf("ParseLink(%.60q): %v, want an error with %q", tc.frag, err, tc.want)
		}
	}
}

// TestLinkTooManyFiles: a set too large for the address records its
// first files, the opened one first, and stays within the bounds.
func TestLinkTooManyFiles(t *testing.T) {
	l := Link{View: LinkView{Frame: -1}}
	for i := range 200 {
		l.Files = append(l.Files, linkFile(strings.Repeat("x", 40)+string(rune('a'+i%26))+".anim", "data"))
	}
	s := l.String()
	got, err := ParseLink(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) > maxLinkLen || len(got.Files) == 0 || len(got.Files) > maxLinkFiles || got.Files[0] != l.Files[0] {
		t.Errorf("%d files in %d bytes, the first %v", len(got.Files), len(s), got.Files[0])
	}
}

// TestLinkViewApply: the view a link records of one state, applied to a
// fresh one, records the same; the demo's clip, frame, camera, toggles
// and bone carry over.
func TestLinkViewApply(t *testing.T) {
	s := demo()
	s.SelectClip(s.ClipByName("idle"))
	s.SeekFrame(17)
	s.Orbit(40, -10)
	s.Zoom(1.5)
	s.ToggleOrtho()
	s.ToggleGrid()
	s.ToggleLabels()
	s.CycleShow()
	s.ToggleCurves()
	s.SelectBone(s.BoneByName("l_hand"))
	v := s.LinkView()
	if v.Clip != "idle" || v.Frame != 17 || !v.HasCamera || v.Bone != "l_hand" ||
		v.Toggles&(ToggleGrid|ToggleLabels|ToggleOrtho|ToggleCurves) != ToggleLabels|ToggleOrtho|ToggleCurves {
		t.Fatalf("the view recorded: %+v", v)
	}
	l, err := ParseLink(Link{View: v}.String())
	if err != nil {
		t.Fatal(err)
	}
	fresh := demo()
	if notes := fresh.ApplyLink(l.View); len(notes) != 0 {
		t.Errorf("notes: %v", notes)
	}
	if got := fresh.LinkView(); got != v {
		t.Errorf("applied to a fresh state: %+v, want %+v", got, v)
	}
	if fresh.Playback().Playing() {
		t.Error("a link with a frame plays; it shows that frame paused")
	}

	// The dope sheet and the root's path (which came after the curves)
	// are recorded and applied too.
	s.ToggleDopeSheet()
	s.ToggleRootPath()
	v = s.LinkView()
	if v.Toggles&(ToggleDopeSheet|ToggleRootPath|ToggleCurves) != ToggleDopeSheet|ToggleRootPath {
		t.Errorf("dope sheet and root path on: toggles %b", v.Toggles)
	}
	fresh = demo()
	fresh.ApplyLink(v)
	if !fresh.DopeSheet().Shown() || !fresh.RootPathShown() || fresh.Curves().Shown() {
		t.Errorf("applied: dope sheet %v, root path %v, curves %v", fresh.DopeSheet().Shown(), fresh.RootPathShown(), fresh.Curves().Shown())
	}

	// Playing: no frame is recorded, and the link plays from the start.
	s.Play()
	if v := s.LinkView(); v.Frame != -1 {
		t.Errorf("playing: frame %d recorded", v.Frame)
	}
	// What the file does not have is said, and the rest applies.
	notes := demo().ApplyLink(LinkView{Clip: "fly", Bone: "tail", Frame: -1, HasToggles: true, Toggles: ToggleClipCamera})
	if len(notes) != 3 || !strings.Contains(notes[0], `clip "fly"`) || !strings.Contains(notes[1], "camera") || !strings.Contains(notes[2], `bone "tail"`) {
		t.Errorf("notes: %q", notes)
	}
}

// TestCompareLinkFiles: a file whose hash differs, and one missing, are
// said; one opened beyond the link's, or renamed, is not.
func TestCompareLinkFiles(t *testing.T) {
	want := []LinkFile{linkFile("person.cmx", "skill"), linkFile("a2o-scare.cfp", "keys")}
	if n := CompareLinkFiles(want, append(want, linkFile("extra.skn", "s"))); len(n) != 0 {
		t.Errorf("the same files: %q", n)
	}
	if n := CompareLinkFiles(want, []LinkFile{linkFile("person.cmx", "skill"), linkFile("renamed.cfp", "keys")}); len(n) != 0 {
		t.Errorf("a file renamed: %q", n)
	}
	n := CompareLinkFiles(want, []LinkFile{linkFile("person.cmx", "skill, edited")})
	if len(n) != 2 || !strings.Contains(n[0], "person.cmx differs from the link's file: SHA-256 ") ||
		!strings.Contains(n[0], "(13 bytes), the link's ") || !strings.Contains(n[1], "a2o-scare.cfp (4 bytes), which was not opened") {
		t.Errorf("notes: %q", n)
	}
}

// FuzzParseLink: any fragment reads without a panic, and one that reads
// writes back to a link that reads the same.
func FuzzParseLink(f *testing.F) {
	f.Add("v=1&file=walk.ms3d:1234:" + strings.Repeat("ab", 32) + "&clip=walk&frame=7&cam=30,20,5,0,1,0&show=bones&on=grid,ortho")
	f.Add("#v=1&clip=a%20b&bone=l_hand&speed=-2")
	f.Add("v=1&on=")
	f.Add("v=1&suit=b001fa,none,c%2Cx&tone=medium")
	f.Add("v=1&speed=1.0000001&cam=1.23456789,0,1e-9,0,0,0")
	f.Fuzz(func(t *testing.T, frag string) {
		l, err := ParseLink(frag)
		if err != nil {
			return
		}
		again, err := ParseLink(l.String())
		if err != nil {
			t.Fatalf("%q wrote %q, which does not read: %v", frag, l.String(), err)
		}
		if again.View != l.View || len(again.Files) != len(l.Files) {
			t.Fatalf("%q read back as %+v, want %+v", frag, again, l)
		}
	})
}

// TestLinkViewAllocates: the page asks for the view's link after each
// drawn frame; reading it allocates nothing.
func TestLinkViewAllocates(t *testing.T) {
	s := demo()
	s.SeekFrame(4)
	s.SelectBone(2)
	if n := testing.AllocsPerRun(100, func() { _ = s.LinkView() }); n != 0 {
		t.Errorf("LinkView allocates %v times", n)
	}
}
