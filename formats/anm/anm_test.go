package anm

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
)

// The committed model fixture is made by the ms3d writer here; the ANM
// fixture is the example of the ANM page (gillius.org/cg3/anmfile.htm),
// verbatim. Regenerate the model with
//
//	go test ./formats/anm -run TestFixtures -update
var update = flag.Bool("update", false, "rewrite the testdata fixtures")

const (
	modelFixture = "testdata/cylindro.ms3d"
	anmFixture   = "testdata/cylindro.anm"
)

const deg = math.Pi / 180

func fr(f float64) float32 { return float32(f / FPS) }

// rotKeys turns (frame, z degrees) pairs into rotation keys about axis.
func rotKeys(axis int, fd ...float64) []ms3d.RotationKey {
	var ks []ms3d.RotationKey
	for i := 0; i+1 < len(fd); i += 2 {
		var r [3]float32
		r[axis] = float32(fd[i+1] * deg)
		ks = append(ks, ms3d.RotationKey{Time: fr(fd[i]), Rotation: r})
	}
	return ks
}

// cylindro is a Cylindro-like figure: the skeleton the ANM page's example
// names, shaped so that its "same as" comment holds: lElbow's parent is
// lShoulder, and lShoulder's subtree is lShoulder, lElbow and lHand. Its
// one 24 fps timeline holds, one after the other, the keys the example's
// ranges cut out; the neck and the hips also have keys inside LeftArm's
// ranges, which must not count for LeftArm's clips.
func cylindro() *ms3d.File {
	down := [3]float32{0, 0, float32(-90 * deg)} // local +X points down
	var pelvisPos []ms3d.PositionKey
	for _, k := range [][2]float64{{0, 0}, {6, 0.5}, {12, 0}, {18, 0.5}, {24, 0}, {30, 0}, {35, 1}, {40, 0}, {45, 1}, {50, 0},
		{55, 0}, {60, 1.5}, {70, 0}, {80, 1.5}, {90, 0}, {100, 1.5}} {
		pelvisPos = append(pelvisPos, ms3d.PositionKey{Time: fr(k[0]), Position: [3]float32{0, float32(k[1]), float32(k[1] / 2)}})
	}
	legs := func(sign float64) []ms3d.RotationKey {
		return rotKeys(0, 0, 0, 6, 25*sign, 12, 0, 18, -25*sign, 24, 0, 30, 0, 35, 40*sign, 40, 0, 45, -40*sign, 50, 0,
			55, 0, 60, 60*sign, 70, -60*sign, 80, 60*sign, 90, -60*sign, 100, 0)
	}
	return &ms3d.File{
		Header:       ms3d.Header{ID: ms3d.Magic, Version: 4},
		AnimationFPS: 24, CurrentTime: 1, TotalFrames: 100,
		Joints: []ms3d.Joint{
			{Name: "pelvis", Position: [3]float32{0, 10, 0}, PositionKeys: pelvisPos},
			{Name: "spine", ParentName: "pelvis", Position: [3]float32{0, 3, 0}},
			{Name: "neck", ParentName: "spine", Position: [3]float32{0, 4, 0},
				RotationKeys: rotKeys(0, 0, 0, 12, 15, 25, 0, 37, 15, 50, 0)},
			{Name: "head", ParentName: "neck", Position: [3]float32{0, 1.5, 0},
				RotationKeys: rotKeys(1, 6, 0, 18, 30, 30, -30, 42, 0)},
			{Name: "lShoulder", ParentName: "spine", Position: [3]float32{2, 3.5, 0}, Rotation: down,
				RotationKeys: rotKeys(2, 2, 0, 20, 120, 40, 150, 48, 150, 58, 150, 70, 120, 82, 150, 94, 120)},
			{Name: "lElbow", ParentName: "lShoulder", Position: [3]float32{3, 0, 0},
				RotationKeys: rotKeys(2, 10, 0, 30, 60, 64, 90, 76, 30, 88, 90)},
			{Name: "lHand", ParentName: "lElbow", Position: [3]float32{3, 0, 0}},
			{Name: "rShoulder", ParentName: "spine", Position: [3]float32{-2, 3.5, 0}, Rotation: down},
			{Name: "rElbow", ParentName: "rShoulder", Position: [3]float32{3, 0, 0}},
			{Name: "rHand", ParentName: "rElbow", Position: [3]float32{3, 0, 0}},
			{Name: "lHip", ParentName: "pelvis", Position: [3]float32{1, 0, 0}, Rotation: down, RotationKeys: legs(1)},
			{Name: "lKnee", ParentName: "lHip", Position: [3]float32{4.5, 0, 0}},
			{Name: "lFoot", ParentName: "lKnee", Position: [3]float32{4.5, 0, 0}},
			{Name: "rHip", ParentName: "pelvis", Position: [3]float32{-1, 0, 0}, Rotation: down, RotationKeys: legs(-1)},
			{Name: "rKnee", ParentName: "rHip", Position: [3]float32{4.5, 0, 0}},
			{Name: "rFoot", ParentName: "rKnee", Position: [3]float32{4.5, 0, 0}},
		},
	}
}

func TestFixtures(t *testing.T) {
	want, err := cylindro().Encode()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(modelFixture, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(modelFixture)
	if err != nil {
		t.Fatalf("%v (regenerate with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the writer makes now (regenerate with -update)", modelFixture)
	}
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// loadExample opens the ANM page's example beside the Cylindro model.
func loadExample(t testing.TB, anm []byte) *formats.Asset {
	t.Helper()
	fsys := fstest.MapFS{"cylindro.anm": {Data: anm}, "cylindro.ms3d": {Data: readFixture(t, modelFixture)}}
	a, err := Load(&formats.Input{Name: "cylindro.anm", Data: anm, Siblings: formats.FSResolver{FS: fsys}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func driven(a *formats.Asset, c *formats.Clip) []string {
	var names []string
	for i, d := range c.Drives {
		if d {
			names = append(names, a.Skeleton.Bones[i].Name)
		}
	}
	return names
}

func info(c *formats.Clip, key string) string {
	for _, kv := range c.Info {
		if kv.Key == key {
			return kv.Value
		}
	}
	return ""
}

// TestSeedExample checks the ANM page's own example against Cylindro: sets,
// bones, clip names, groups, actual start and end frames
// (docs/formats/milkshape-anm.md#frames-and-clips: the first and last key
// of a bone in the set, or event, inside the range),
// durations and events at clip times.
func TestSeedExample(t *testing.T) {
	a := loadExample(t, readFixture(t, anmFixture))
	type want struct {
		name, group, bones string
		start, end         float64
		events             []formats.Event
	}
	ev := func(name string, frame, start float64) formats.Event {
		return formats.Event{Time: (frame - start) / FPS, Name: name, Kind: formats.EventCallback, Bone: -1}
	}
	arm := "lShoulder lElbow lHand"
	legs := "pelvis lHip lKnee lFoot rHip rKnee rFoot"
	wants := []want{
		// lShoulder's keys in 0..50 run from frame 2 to 48 (the neck's
		// key at 0 and the pelvis' at 0 and 50 belong to other sets);
		// the event Hi is at 48.
		{"LeftArm/Hello", "LeftArm", arm, 2, 48, []formats.Event{ev("Hi", 48, 2)}},
		{"LeftArm/Wave", "LeftArm", arm, 58, 94, nil},
		{"Head/Bobbing", "Head", "neck head", 0, 50, nil},
		{"Legs/walk", "Legs", legs, 0, 24, []formats.Event{ev("footstep_sound", 5, 0), ev("footstep_sound", 10, 0)}},
		{"Legs/jog", "Legs", legs, 30, 50, nil},
		{"Legs/run", "Legs", legs, 55, 100, nil},
	}
	if len(a.Clips) != len(wants) {
		t.Fatalf("%d clips, want %d", len(a.Clips), len(wants))
	}
	for i, w := range wants {
		c := a.Clips[i]
		if c.Name != w.name || c.Group != w.group || strings.Join(driven(a, c), " ") != w.bones {
			t.Errorf("clip %d: %q group %q bones %v, want %q %q %q", i, c.Name, c.Group, driven(a, c), w.name, w.group, w.bones)
		}
		if math.Abs(c.Duration-(w.end-w.start)/FPS) > 1e-6 || info(c, "start frame") != ftoa(w.start) || info(c, "end frame") != ftoa(w.end) {
			t.Errorf("%s: duration %v, frames %s-%s, want %v, %v-%v", c.Name, c.Duration, info(c, "start frame"), info(c, "end frame"), (w.end-w.start)/FPS, w.start, w.end)
		}
		if len(c.Events) != len(w.events) {
			t.Errorf("%s: events %+v, want %+v", c.Name, c.Events, w.events)
			continue
		}
		for k, e := range c.Events {
			we := w.events[k]
			if math.Abs(e.Time-we.Time) > 1e-6 || e.Name != we.Name || e.Kind != we.Kind || e.Bone != -1 {
				t.Errorf("%s event %d: %+v, want %+v", c.Name, k, e, we)
			}
		}
		// Bones outside the set have no tracks: they keep the reference.
		for b, d := range c.Drives {
			if !d && c.Tracks[b].Animated() {
				t.Errorf("%s: bone %q is outside the set but animated", c.Name, a.Skeleton.Bones[b].Name)
			}
		}
		if c.FrameRate != FPS || !c.Loop {
			t.Errorf("%s: frame rate %v loop %v", c.Name, c.FrameRate, c.Loop)
		}
	}
	// Hello's lShoulder track starts at its first pulled key, at clip
	// time 0, and holds the keys of frames 2, 20, 40 and 48 only.
	sh := a.Skeleton.IndexByName("lShoulder")
	if got := a.Clips[0].Tracks[sh].Rotation.Times; len(got) != 4 || got[0] != 0 || math.Abs(got[3]-46.0/FPS) > 1e-6 {
		t.Errorf("Hello lShoulder key times %v", got)
	}
}

// TestSameAs checks the ANM page's comment
// (docs/formats/milkshape-anm.md#bone-sets): for Cylindro, "bl lShoulder
// +children" is the same as "bl lElbow +parent +children".
func TestSameAs(t *testing.T) {
	orig := readFixture(t, anmFixture)
	alt := bytes.Replace(orig, []byte("bl lShoulder +children"), []byte("bl lElbow +children +parent"), 1)
	alt2 := bytes.Replace(orig, []byte("bl lShoulder +children"), []byte("bl lElbow +parent +children"), 1)
	a, b, c := loadExample(t, orig), loadExample(t, alt), loadExample(t, alt2)
	for i := range a.Clips {
		if !reflect.DeepEqual(a.Clips[i].Drives, b.Clips[i].Drives) || !reflect.DeepEqual(a.Clips[i].Drives, c.Clips[i].Drives) {
			t.Errorf("%s: %v vs %v vs %v", a.Clips[i].Name, driven(a, a.Clips[i]), driven(b, b.Clips[i]), driven(c, c.Clips[i]))
		}
	}
	// Set union: naming a bone twice, or inside a subtree already in the
	// set, changes nothing.
	dup := bytes.Replace(orig, []byte("bl lShoulder +children\n"), []byte("bl lShoulder +children\nbl lHand\nbl lShoulder\n"), 1)
	d := loadExample(t, dup)
	if !reflect.DeepEqual(a.Clips[0].Drives, d.Clips[0].Drives) {
		t.Errorf("union: %v vs %v", driven(a, a.Clips[0]), driven(d, d.Clips[0]))
	}
}

// TestLineForms checks every line form: CRLF, tabs and runs of spaces,
// comments with leading blanks, a file without a final newline,
// fractional frames.
func TestLineForms(t *testing.T) {
	orig := readFixture(t, anmFixture)
	want := loadExample(t, orig)
	crlf := bytes.ReplaceAll(orig, []byte("\n"), []byte("\r\n"))
	spaced := bytes.ReplaceAll(orig, []byte(" "), []byte(" \t  "))
	noFinal := bytes.TrimSuffix(orig, []byte("\n"))
	commented := append([]byte("   # a comment after blanks\n\n\t\n"), orig...)
	for name, data := range map[string][]byte{"CRLF": crlf, "tabs and spaces": spaced, "no final newline": noFinal, "comments": commented} {
		got := loadExample(t, data)
		if len(got.Clips) != len(want.Clips) {
			t.Fatalf("%s: %d clips", name, len(got.Clips))
		}
		for i := range got.Clips {
			g, w := got.Clips[i], want.Clips[i]
			if g.Name != w.Name || g.Duration != w.Duration || !reflect.DeepEqual(g.Drives, w.Drives) || len(g.Events) != len(w.Events) {
				t.Errorf("%s: clip %d %q differs", name, i, g.Name)
			}
		}
	}
	f, err := Parse([]byte("as S\nbl neck\nev 12.5 half\nan 0.5 49.5 frac\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Sets[0].Events[0].Frame != 12.5 || f.Sets[0].Anims[0].Start != 0.5 || f.Sets[0].Anims[0].End != 49.5 {
		t.Errorf("%+v", f.Sets[0])
	}
}

// TestOrderErrors checks the order rules and every malformed line: each
// error names its line and what was expected.
func TestOrderErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"empty file", "", 1, "no animation set: expected an as line"},
		{"only comments", "# nothing\n\n", 2, "no animation set"},
		{"bl before as", "bl neck\n", 1, "expected an as line"},
		{"ev before as", "# c\nev 1 x\n", 2, "expected an as line"},
		{"an before as", "an 0 1 x\n", 1, "expected an as line"},
		{"ev right after as", "as A\nev 1 e\n", 2, "expected a bl line"},
		{"an right after as", "as A\nan 0 1 x\n", 2, "expected a bl line"},
		{"as right after as", "as A\nas B\n", 2, "expected a bl line"},
		{"as after bl, no an", "as A\nbl neck\nas B\n", 3, "expected a bl, ev or an line"},
		{"bl after ev", "as A\nbl neck\nev 1 e\nbl head\n", 4, "expected an ev or an line"},
		{"as after ev, no an", "as A\nbl neck\nev 1 e\nas B\n", 4, "expected an ev or an line"},
		{"bl after an", "as A\nbl neck\nan 0 1 x\nbl head\n", 4, "expected an an line or the next as line"},
		{"ev after an", "as A\nbl neck\nan 0 1 x\nev 3 e\n", 4, "expected an an line or the next as line"},
		{"end after as", "as A\n", 1, "set \"A\" at line 1: end of file in the set of line 1: expected a bl line"},
		{"end after bl", "as A\nbl neck\n\n", 3, "expected a bl, ev or an line"},
		{"end after ev", "as A\nbl neck\nev 1 e\n", 3, "expected an ev or an line"},
		{"upper case", "AS A\n", 1, "unknown line type \"AS\""},
		{"unknown type", "as A\nbl neck\nxx 1\n", 3, "unknown line type \"xx\""},
		{"as without name", "as\n", 1, "missing token"},
		{"bl without bone", "as A\nbl\n", 2, "missing token"},
		{"ev without name", "as A\nbl neck\nev 5\n", 3, "missing token"},
		{"an without name", "as A\nbl neck\nan 0 5\n", 3, "missing token"},
		{"extra token", "as A B\n", 1, "unexpected token \"B\""},
		{"unknown bl option", "as A\nbl neck +kids\n", 2, "unknown option \"+kids\""},
		{"repeated bl option", "as A\nbl neck +parent +parent\n", 2, "+parent given twice"},
		{"end before start", "as A\nbl neck\nan 10 5 x\n", 3, "endTime 5 is before startTime 10"},
		{"bad frame", "as A\nbl neck\nev x e\n", 3, "eventTime \"x\" is not a frame number"},
		{"negative frame", "as A\nbl neck\nan -1 5 x\n", 3, "startTime \"-1\""},
		// docs/formats/README.md#limits-and-non-finite-numbers
		{"NaN frame", "as A\nbl neck\nev NaN e\n", 3, "eventTime \"NaN\": not a finite number"},
		{"infinite frame", "as A\nbl neck\nan 0 inf x\n", 3, "endTime \"inf\": not a finite number"},
		{"frame past float64", "as A\nbl neck\nan 1e400 2 x\n", 3, "startTime \"1e400\": not a finite number"},
		{"set twice", "as A\nbl neck\nan 0 1 x\nas A\n", 4, "declared again (first at line 1)"},
		{"anim twice", "as A\nbl neck\nan 0 1 x\nan 2 3 x\n", 4, "declared again (first at line 3)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text))
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *formats.Error", err)
			}
			if fe.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q (line %d), want line %d and %q", err, fe.Line, tc.line, tc.want)
			}
			if crlf := strings.ReplaceAll(tc.text, "\n", "\r\n"); crlf != tc.text {
				if _, err2 := Parse([]byte(crlf)); err2 == nil || err2.Error() != err.Error() {
					t.Errorf("CRLF: %v, want %v", err2, err)
				}
			}
		})
	}
}

// TestUnknownBone checks that an unknown bone is an error on its line that
// names the bone and the closest names.
func TestUnknownBone(t *testing.T) {
	fsys := fstest.MapFS{"c.ms3d": {Data: readFixture(t, modelFixture)}}
	for _, tc := range []struct {
		text, want string
		line       int
	}{
		{"as A\nbl lshoulder\nan 0 1 x\n", `unknown bone "lshoulder" in set "A"; closest names: "lShoulder"`, 2},
		{"as A\nbl neck\nbl rElbw +children\nan 0 1 x\n", `unknown bone "rElbw" in set "A"; closest names: "rElbow"`, 3},
	} {
		_, err := Load(&formats.Input{Name: "c.anm", Data: []byte(tc.text), Siblings: formats.FSResolver{FS: fsys}})
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v, want line %d and %q", err, tc.line, tc.want)
		}
	}
}

// TestFindModel checks where an ANM finds its model.
func TestFindModel(t *testing.T) {
	model := readFixture(t, modelFixture)
	anm := readFixture(t, anmFixture)
	for _, tc := range []struct {
		name   string
		files  []string
		chosen bool
		want   string // the model used, or a part of the error
		fails  bool
	}{
		{"same base name", []string{"walk.anm", "walk.ms3d", "other.ms3d"}, false, "walk.ms3d", false},
		{"same base name, other case", []string{"walk.anm", "WALK.MS3D", "other.ms3d"}, false, "WALK.MS3D", false},
		{"the only one", []string{"walk.anm", "cylindro.ms3d", "notes.txt"}, false, "cylindro.ms3d", false},
		{"chosen", []string{"walk.anm", "walk.ms3d"}, true, "chosen.ms3d", false},
		{"none", []string{"walk.anm"}, false, `tried --model FILE (not given); "walk.ms3d" beside it (not found); the only .ms3d beside it (there is none)`, true},
		{"two", []string{"walk.anm", "a.ms3d", "b.ms3d"}, false, "there are 2: a.ms3d, b.ms3d", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, n := range tc.files {
				fsys[n] = &fstest.MapFile{Data: model}
			}
			in := &formats.Input{Name: "walk.anm", Data: anm, Siblings: formats.FSResolver{FS: fsys}}
			if tc.chosen {
				in.Skeleton = &formats.Input{Name: "chosen.ms3d", Data: model}
			}
			a, err := Load(in)
			if tc.fails {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Info[0].Value != tc.want {
				t.Errorf("model %q, want %q", a.Info[0].Value, tc.want)
			}
		})
	}
}

// TestEmptyRange checks a range with no key and no event: a clip of no
// length at the range's start, with a warning.
func TestEmptyRange(t *testing.T) {
	a := loadExample(t, []byte("as A\nbl rShoulder +children\nan 10 20 still\n"))
	c := a.Clips[0]
	if c.Duration != 0 || info(c, "start frame") != "10" || len(a.Warnings) != 1 {
		t.Errorf("duration %v, start %q, warnings %v", c.Duration, info(c, "start frame"), a.Warnings)
	}
}

// TestModelFPS checks that frames stay at 24 fps on a model of another
// rate, with a warning.
func TestModelFPS(t *testing.T) {
	m := cylindro()
	m.AnimationFPS = 30
	a, err := Build(mustParse(t, "as A\nbl lShoulder\nan 0 50 x\n"), m, "c.ms3d", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], "30 fps") || info(a.Clips[0], "start frame") != "2" {
		t.Errorf("warnings %v, start %q", a.Warnings, info(a.Clips[0], "start frame"))
	}
}

func mustParse(t *testing.T, text string) *File {
	t.Helper()
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTextModel checks that an ASCII export serves as the model too.
func TestTextModel(t *testing.T) {
	text := cylindro().EncodeText()
	a, err := Load(&formats.Input{Name: "c.anm", Data: readFixture(t, anmFixture), Skeleton: &formats.Input{Name: "c.txt", Data: text}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) != 6 || a.Clips[0].Name != "LeftArm/Hello" {
		t.Errorf("%d clips", len(a.Clips))
	}
}

// FuzzANM checks that no input panics or hangs, and that every accepted
// file gives an asset over Cylindro that validates.
func FuzzANM(f *testing.F) {
	f.Add(readFixture(f, anmFixture))
	f.Add([]byte("as A\r\nbl lShoulder +parent +children\r\nev 1 x\r\nan 0 100 all\r\n"))
	f.Add([]byte("as A\nbl neck\nan 5 1 x\n"))
	f.Add([]byte("AS A\n"))
	model, err := ms3d.Parse(readFixture(f, modelFixture))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			var fe *formats.Error
			if !errors.As(err, &fe) || fe.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		a, err := Build(file, model, "cylindro.ms3d", nil)
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("accepted input does not validate: %v", err)
		}
	})
}

// BenchmarkLoad opens the ANM page's example over Cylindro: parsing, the model
// lookup and the bake of MilkShape's evaluation into every clip.
func BenchmarkLoad(b *testing.B) {
	text := readFixture(b, anmFixture)
	fsys := fstest.MapFS{"cylindro.ms3d": {Data: readFixture(b, modelFixture)}}
	in := &formats.Input{Name: "cylindro.anm", Data: text, Siblings: formats.FSResolver{FS: fsys}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Load(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSymlinkedModel is issue 25's item 9 for ANM: the .ms3d beside the
// file is found when it is a symbolic link to a model elsewhere.
func TestSymlinkedModel(t *testing.T) {
	real, dir := t.TempDir(), t.TempDir()
	model := filepath.Join(real, "cylindro-model.ms3d")
	if err := os.WriteFile(model, readFixture(t, modelFixture), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(model, filepath.Join(dir, "cylindro.ms3d")); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	anm := readFixture(t, anmFixture)
	a, err := Load(&formats.Input{Name: "cylindro.anm", Data: anm, Siblings: formats.FSResolver{FS: os.DirFS(dir)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) == 0 || len(a.Skeleton.Bones) == 0 {
		t.Errorf("%d clips on %d bones", len(a.Clips), len(a.Skeleton.Bones))
	}
}

// TestModelMesh: an ANM shows its model's mesh, skinned to the same bones.
func TestModelMesh(t *testing.T) {
	model, err := os.ReadFile("../ms3d/testdata/tube_v4.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Load(&formats.Input{Name: "tube.anm", Data: []byte("as Tube\nbl base +children\nan 0 48 bend\n"),
		Skeleton: &formats.Input{Name: "tube_v4.ms3d", Data: model}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Meshes) != 1 || !a.Meshes[0].Skinned() || a.Meshes[0].Triangles() != 128 || len(a.Clips) != 1 {
		t.Fatalf("%d meshes, %d clips; warnings %q", len(a.Meshes), len(a.Clips), a.Warnings)
	}
}
