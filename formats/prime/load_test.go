package prime

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// folder makes an input for name with the given sibling files.
func folder(t *testing.T, name string, files map[string][]byte) *formats.Input {
	t.Helper()
	fs := fstest.MapFS{}
	for n, b := range files {
		fs[n] = &fstest.MapFile{Data: b}
	}
	return &formats.Input{Name: name, Data: files[name], Siblings: formats.FSResolver{FS: fs}}
}

func demoFolder(t *testing.T) map[string][]byte {
	t.Helper()
	anim, cinf, evnt, err := DemoFiles()
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{DemoANIMName: anim, DemoCINFName: cinf, DemoEVNTName: evnt}
}

func info(kv []formats.KV, key string) string {
	for _, p := range kv {
		if p.Key == key {
			return p.Value
		}
	}
	return ""
}

func TestLoadDemo(t *testing.T) {
	a, err := LoadANIM(folder(t, DemoANIMName, demoFolder(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}
	if a.Coords.Up != formats.AxisZ || a.Format != LoaderANIM || a.Game != "Metroid Prime" || a.Version != "2" {
		t.Errorf("asset header %+v", a)
	}
	sk := a.Skeleton
	if len(sk.Bones) != len(DemoBonePositions()) || !strings.Contains(sk.Source, DemoCINFName) {
		t.Fatalf("%d bones from %q", len(sk.Bones), sk.Source)
	}
	if !strings.Contains(info(a.Info, "skeleton"), DemoCINFName) || info(a.Info, "bone ids") == "" {
		t.Errorf("asset info %v", a.Info)
	}
	c := a.Clips[0]
	if c.Interp != formats.InterpPrime || !c.Loop || c.Duration != 1 || !near(c.FrameRate, 30, 1e-4) {
		t.Errorf("clip %s interp %v loop %v duration %v rate %v", c.Name, c.Interp, c.Loop, c.Duration, c.FrameRate)
	}
	for _, k := range []string{"game", "version", "channels", "frames", "interval", "root bone",
		"rotation divisor", "translation multiplier", "bitmap keys", "event source", "looping"} {
		if info(c.Info, k) == "" {
			t.Errorf("clip info lacks %q: %v", k, c.Info)
		}
	}
	if got := info(c.Info, "event source"); !strings.HasPrefix(got, DemoEVNTName) {
		t.Errorf("event source %q", got)
	}
	if len(c.Events) != 5 {
		t.Fatalf("%d events", len(c.Events))
	}
	// Bones without a channel (the feet) keep their bind; the body's
	// translation channel replaces its bind offset
	// (docs/formats/metroid-prime.md#bind-pose).
	foot := sk.IndexByName("L_Back_Foot")
	if c.Tracks[foot].Animated() {
		t.Error("a foot has keys")
	}
	body := sk.IndexByName("Body")
	if got := c.Tracks[body].Translation.Values[0]; !vecNear(got, sk.Bones[body].Bind.Translation, 1e-4) {
		t.Errorf("body translation key 0 %v, bind %v", got, sk.Bones[body].Bind.Translation)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestLoadSiblingRules(t *testing.T) {
	files := demoFolder(t)
	anim, cinf, evnt := files[DemoANIMName], files[DemoCINFName], files[DemoEVNTName]
	small := &CINF{Game: MP1, Bones: []CINFBone{{ID: 3, Parent: 2}, {ID: 4, Parent: 3}}}
	smallData, _ := small.MarshalBinary()
	big := DemoCINF()
	big.Bones = append(big.Bones, CINFBone{ID: 60, Parent: 3, Linked: []uint32{3}})
	bigData, _ := big.MarshalBinary()

	tests := []struct {
		name     string
		files    map[string][]byte
		skeleton string // substring of Skeleton.Source
		events   int
	}{
		{"lower-case names with a prefix", map[string][]byte{DemoANIMName: anim,
			"crawler_5e6f7081.cinf": cinf, "scuttle_9c8d7e6f.evnt": evnt}, "crawler_5e6f7081.cinf", 5},
		{"no CINF: flat bones", map[string][]byte{DemoANIMName: anim}, "flat", 0},
		{"a CINF that lacks channels is skipped", map[string][]byte{DemoANIMName: anim, "00000001.CINF": smallData}, "flat", 0},
		{"the CINF with the fewest extra bones wins", map[string][]byte{DemoANIMName: anim,
			"00000001.CINF": bigData, "00000002.CINF": cinf}, "00000002.CINF", 0},
		{"a broken CINF is skipped", map[string][]byte{DemoANIMName: anim, "00000001.CINF": []byte{1, 2}}, "flat", 0},
	}
	for _, tc := range tests {
		a, err := LoadANIM(folder(t, DemoANIMName, tc.files))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !strings.Contains(a.Skeleton.Source, tc.skeleton) {
			t.Errorf("%s: skeleton source %q", tc.name, a.Skeleton.Source)
		}
		if len(a.Clips[0].Events) != tc.events {
			t.Errorf("%s: %d events", tc.name, len(a.Clips[0].Events))
		}
	}
	// Without a CINF, bones are the channels, flat, named by id.
	a, err := LoadANIM(folder(t, DemoANIMName, map[string][]byte{DemoANIMName: anim}))
	if err != nil {
		t.Fatal(err)
	}
	if b := a.Skeleton.Bones[0]; b.Name != "bone 3" || b.Parent != -1 || b.ID != 3 {
		t.Errorf("flat bone %+v", b)
	}
	// The missing EVNT is reported.
	if !strings.Contains(strings.Join(a.Warnings, "\n"), "9C8D7E6F") {
		t.Errorf("warnings %q", a.Warnings)
	}
}

func TestLoadSkeletonFlag(t *testing.T) {
	files := demoFolder(t)
	in := folder(t, DemoANIMName, map[string][]byte{DemoANIMName: files[DemoANIMName]})
	in.Skeleton = &formats.Input{Name: "chosen.cinf", Data: files[DemoCINFName]}
	a, err := LoadANIM(in)
	if err != nil {
		t.Fatal(err)
	}
	if a.Skeleton.Source != "--skeleton chosen.cinf" || len(a.Skeleton.Bones) != len(DemoBonePositions()) {
		t.Errorf("source %q", a.Skeleton.Source)
	}
	in.Skeleton.Data = []byte{0, 0}
	if _, err := LoadANIM(in); err == nil || !strings.Contains(err.Error(), "chosen.cinf") {
		t.Errorf("bad skeleton file: %v", err)
	}
}

func TestLoadGameOption(t *testing.T) {
	files := demoFolder(t)
	in := folder(t, DemoANIMName, files)
	in.Options = map[string]string{"game": "mp3"}
	if _, err := LoadANIM(in); err == nil {
		t.Error("game mp3 accepted")
	}
	// Forcing MP2's layout on an MP1 file fails cleanly.
	in.Options["game"] = "mp2"
	if _, err := LoadANIM(in); err == nil {
		t.Error("MP1 file read as MP2")
	}
	in.Options["game"] = "mp1"
	if _, err := LoadANIM(in); err != nil {
		t.Error(err)
	}
}

// Version 0 end of clip (docs/formats/metroid-prime.md#version-0-sampling):
// past the last frame the engine blends
// frame N-1 into frame 0; the loader adds a key at N·interval equal to key 0
// when the duration reaches past the last frame.
func TestLoadV0Wrap(t *testing.T) {
	k := &Keys{Frames: []int{0, 1, 2}, Channels: []ChannelKeys{{
		BoneID:      3,
		Rotation:    []mgl32.Quat{q(1, 0, 0, 0), q(0, 1, 0, 0), q(0, 0, 1, 0)},
		Translation: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}},
	}}}
	for _, tc := range []struct {
		duration float32
		keys     int
	}{{0.3, 4}, {0.2, 3}} {
		data, err := EncodeANIM(MP1, 0, Header{Interval: 0.1, Duration: tc.duration}, k)
		if err != nil {
			t.Fatal(err)
		}
		a, err := LoadANIM(&formats.Input{Name: "x.anim", Data: data})
		if err != nil {
			t.Fatal(err)
		}
		c := a.Clips[0]
		tr := c.Tracks[0]
		if len(tr.Rotation.Times) != tc.keys || len(tr.Translation.Values) != tc.keys || c.Loop {
			t.Fatalf("duration %v: %d keys, loop %v", tc.duration, len(tr.Rotation.Times), c.Loop)
		}
		if tc.keys == 4 {
			if !near(tr.Rotation.Times[3], 0.3, 1e-6) || tr.Rotation.Values[3] != tr.Rotation.Values[0] ||
				tr.Translation.Values[3] != tr.Translation.Values[0] {
				t.Errorf("wrap key %v %v %v", tr.Rotation.Times, tr.Rotation.Values[3], tr.Translation.Values[3])
			}
		}
	}
}

func TestLoadCINFAndEVNTAlone(t *testing.T) {
	files := demoFolder(t)
	a, err := LoadCINF(&formats.Input{Name: DemoCINFName, Data: files[DemoCINFName]})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) != 0 || len(a.Skeleton.Bones) != len(DemoBonePositions()) || a.Skeleton.Bones[0].Name != "Skeleton_Root" {
		t.Errorf("CINF asset %d clips %d bones", len(a.Clips), len(a.Skeleton.Bones))
	}
	e, err := LoadEVNT(&formats.Input{Name: DemoEVNTName, Data: files[DemoEVNTName]})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Clips) != 1 || len(e.Clips[0].Events) != 5 || !near(e.Clips[0].Duration, 0.75, 1e-6) {
		t.Errorf("EVNT asset %+v", e.Clips)
	}
}

func TestSniff(t *testing.T) {
	files := demoFolder(t)
	v0, err := EncodeANIM(MP2, 0, Header{Interval: 1.0 / 30}, testKeys(MP2, 3, []int{0, 1}))
	if err != nil {
		t.Fatal(err)
	}
	mp2, err := EncodeANIM(MP2, 2, Header{Interval: 1.0 / 30}, testKeys(MP2, 3, []int{0, 2, 3}))
	if err != nil {
		t.Fatal(err)
	}
	// The Sims' .anim: u32 BE 2, u16 BE name length, ASCII name, then
	// little-endian floats (duration 1000 ms, distance 0), a moving byte,
	// and big-endian counts.
	sims := append([]byte{0, 0, 0, 2, 0, 12}, "a2o-sus-dead"...)
	sims = append(sims, 0, 0, 0x7A, 0x44, 0, 0, 0, 0, 1, 0, 0, 0, 19)
	sims = append(sims, make([]byte, 64)...)
	// A one-letter Sims name puts distance 0.0 and moving = 1 where MP1
	// keeps unk0 = 1; the interval check still rejects it.
	sims1 := []byte{0, 0, 0, 2, 0, 1, 'a', 0, 0, 0x7A, 0x44, 0, 0, 0, 0, 1, 0, 0, 0, 19,
		0, 0, 0xC0, 0x3F, 0, 0, 0, 0, 0, 0, 0x80, 0x3F}
	sims1 = append(sims1, make([]byte, 64)...)
	tests := []struct {
		name       string
		data       []byte
		anim, cinf bool
	}{
		{"demo ANIM", files[DemoANIMName], true, false},
		{"MP2 v2", mp2, true, false},
		{"MP2 v0", v0, true, false},
		{"demo CINF", files[DemoCINFName], false, true},
		{"EVNT", files[DemoEVNTName], false, false},
		{"Sims anim", sims, false, false},
		{"Sims anim, one-letter name", sims1, false, false},
		{"empty", nil, false, false},
		{"zeros", make([]byte, 256), false, false},
	}
	for _, tc := range tests {
		if got := SniffANIM(tc.data); got != tc.anim {
			t.Errorf("%s: SniffANIM = %v", tc.name, got)
		}
		if got := SniffCINF(tc.data); got != tc.cinf {
			t.Errorf("%s: SniffCINF = %v", tc.name, got)
		}
	}
	// Through a registry, a CINF is recognised by its content alone.
	reg := formats.NewRegistry(Loaders()...)
	l, err := reg.Detect(&formats.Input{Name: "whatever.bin", Data: files[DemoCINFName]})
	if err != nil || l.Name != LoaderCINF {
		t.Errorf("CINF by content: %v %v", l, err)
	}
}

// MP2 clips carry scale tracks, and a channel without rotation leaves the
// bone's bind rotation (docs/formats/metroid-prime.md#bones-without-a-channel).
func TestLoadMP2Scale(t *testing.T) {
	k := testKeys(MP2, 4, []int{0, 2, 3})
	data, err := EncodeANIM(MP2, 2, Header{Interval: 0.1}, k)
	if err != nil {
		t.Fatal(err)
	}
	a, err := LoadANIM(&formats.Input{Name: "0A0B0C0D.ANIM", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if a.Game != MP2.Title() || info(a.Clips[0].Info, "scale multiplier") == "" {
		t.Errorf("game %q info %v", a.Game, a.Clips[0].Info)
	}
	tr := a.Clips[0].Tracks
	// testKeys: channel 0 scales, channel 3 has no rotation.
	if len(tr[0].Scale.Values) != 3 || !vecNear(tr[0].Scale.Values[2], k.Channels[0].Scale[2], 1e-3) {
		t.Errorf("scale track %v", tr[0].Scale)
	}
	if len(tr[3].Rotation.Times) != 0 || len(tr[3].Translation.Times) != 0 {
		t.Errorf("channel 3 tracks %+v", tr[3])
	}
	// Key times are frame · interval.
	if times := tr[0].Scale.Times; !near(times[1], 0.2, 1e-6) || !near(times[2], 0.3, 1e-6) {
		t.Errorf("times %v", times)
	}
}

// Each game's clips carry its engine's slerp (the two games'
// CAnimMathUtils::Slerp differ), whatever the version, and so do the clips
// of a lone EVNT.
func TestLoadInterpFlavour(t *testing.T) {
	for _, tc := range []struct {
		game    Game
		version int
		want    formats.Interp
	}{
		{MP1, 0, formats.InterpPrime},
		{MP1, 2, formats.InterpPrime},
		{MP2, 0, formats.InterpPrime2},
		{MP2, 2, formats.InterpPrime2},
	} {
		data, err := EncodeANIM(tc.game, tc.version, Header{Interval: 0.1}, testKeys(tc.game, 3, []int{0, 1, 2}))
		if err != nil {
			t.Fatal(err)
		}
		a, err := LoadANIM(&formats.Input{Name: "x.anim", Data: data})
		if err != nil {
			t.Fatalf("%v v%d: %v", tc.game, tc.version, err)
		}
		if got := a.Clips[0].Interp; got != tc.want {
			t.Errorf("%v v%d: interp %v, want %v", tc.game, tc.version, got, tc.want)
		}
	}
	for _, game := range []Game{MP1, MP2} {
		e := DemoEVNT()
		e.Game = game
		if game == MP2 {
			e.Effects[0].Bone, e.Effects[0].BoneID = "", 22
		}
		data, err := e.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		a, err := LoadEVNT(&formats.Input{Name: "x.evnt", Data: data})
		if err != nil {
			t.Fatalf("%v EVNT: %v", game, err)
		}
		if got := a.Clips[0].Interp; got != game.Interp() {
			t.Errorf("%v EVNT: interp %v", game, got)
		}
	}
	if MP1.Interp().String() != "prime" || MP2.Interp().String() != "prime2" {
		t.Errorf("flavour names %q %q", MP1.Interp(), MP2.Interp())
	}
}
