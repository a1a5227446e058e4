package cuts

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want []Range
		err  string
	}{
		{spec: "walk=0-1.2,attack=1.2-2.5", want: []Range{
			{"walk", Bound{0, false}, Bound{1.2, false}},
			{"attack", Bound{1.2, false}, Bound{2.5, false}}}},
		{spec: "walk=f0-f30", want: []Range{{"walk", Bound{0, true}, Bound{30, true}}}},
		{spec: " jump = f10 - 2 ", want: []Range{{"jump", Bound{10, true}, Bound{2, false}}}},
		{spec: "a b=.5-1.", want: []Range{{"a b", Bound{0.5, false}, Bound{1, false}}}},
		{spec: "", err: "empty spec"},
		{spec: "walk", err: "want NAME=FROM-TO"},
		{spec: "=0-1", err: "empty name"},
		{spec: "walk=0", err: "wants FROM-TO"},
		{spec: "walk=0-", err: `"" is not a time`},
		{spec: "walk=x-1", err: `"x" is not a time`},
		{spec: "walk=1e3-2e3", err: "is not a time"},
		{spec: "walk=NaN-1", err: "is not a time"},
		{spec: "walk=-1-2", err: "is not a time"},
		{spec: "walk=f-1", err: "is not a time"},
		{spec: "walk=0-1,walk=1-2", err: "given twice"},
		{spec: "walk=0-1,", err: "want NAME=FROM-TO"},
		{spec: "a\tb=0-1", err: "control character"},
		{spec: strings.Repeat("n", 201) + "=0-1", err: "longer than 200"},
	} {
		got, err := ParseSpec(tc.spec)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrSpec) {
				t.Errorf("%q: error %v, want one with %q wrapping ErrSpec", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, %v; want %+v", tc.spec, got, err, tc.want)
		}
	}
}

// timeline is a two-bone clip of 2 s at 30 fps: bone 0 moves along x with
// keys every 0.5 s, bone 1 has no keys; one event at 1 s.
func timeline() *formats.Clip {
	times := []float64{0, 0.5, 1, 1.5, 2}
	c := &formats.Clip{Name: "Timeline", Duration: 2, FrameRate: 30, Loop: true,
		Tracks: make([]formats.BoneTracks, 2),
		Events: []formats.Event{{Time: 1, Name: "step", Bone: -1}, {Time: 1.9, Name: "late", Bone: -1}}}
	c.Tracks[0].Translation = formats.Vec3Track{Times: times,
		Values: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}}}
	c.Tracks[0].Rotation = formats.QuatTrack{Times: times, Values: []mgl32.Quat{
		mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()}}
	return c
}

func TestResolve(t *testing.T) {
	src := timeline()
	for _, tc := range []struct {
		spec string
		want []Cut
		err  string
	}{
		{spec: "walk=0-1.2,attack=1.2-2", want: []Cut{{"walk", "Timeline", 0, 1.2}, {"attack", "Timeline", 1.2, 2}}},
		{spec: "walk=f0-f30,end=f45-f60", want: []Cut{{"walk", "Timeline", 0, 1}, {"end", "Timeline", 1.5, 2}}},
		{spec: "a=0-2.5", err: "past the end"},
		{spec: "a=f0-f61", err: "past the end"},
		{spec: "a=1-1", err: "empty"},
		{spec: "a=1.5-1", err: "reversed"},
	} {
		rs, err := ParseSpec(tc.spec)
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		got, err := Resolve(rs, src)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrSpec) {
				t.Errorf("%q: error %v, want one with %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, %v; want %+v", tc.spec, got, err, tc.want)
		}
	}
	noRate := timeline()
	noRate.FrameRate = 0
	rs, _ := ParseSpec("a=f0-f3")
	if _, err := Resolve(rs, noRate); err == nil || !strings.Contains(err.Error(), "no frame rate") {
		t.Errorf("frames of a clip without a rate: %v", err)
	}
}

// TestMake checks the slicing by hand: a cut 0.7-1.2 of timeline keeps
// the keys 0.5, 1 and 1.5 (the one before, the one inside, the one
// after), shifted by -0.7, and the event at 1 s at 0.3 s.
func TestMake(t *testing.T) {
	src := timeline()
	c := Make(src, Cut{Name: "mid", Clip: "Timeline", From: 0.7, To: 1.2})
	if c.Name != "mid" || c.Group != Group || math.Abs(c.Duration-0.5) > 1e-15 || c.FrameRate != 30 || !c.Loop {
		t.Errorf("clip %q group %q duration %v rate %v loop %v", c.Name, c.Group, c.Duration, c.FrameRate, c.Loop)
	}
	tr := c.Tracks[0].Translation
	from := 0.7 // a variable: Go's constant arithmetic is exact
	wantT := []float64{0.5 - from, 1 - from, 1.5 - from}
	if !reflect.DeepEqual(tr.Times, wantT) || !reflect.DeepEqual(tr.Values, []mgl32.Vec3{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}) {
		t.Errorf("translation %v %v", tr.Times, tr.Values)
	}
	// One timeline shared by both channels stays shared.
	if &c.Tracks[0].Rotation.Times[0] != &tr.Times[0] {
		t.Error("the shared timeline was copied twice")
	}
	if c.Tracks[1].Animated() {
		t.Error("a bone without keys got some")
	}
	if len(c.Events) != 1 || c.Events[0].Name != "step" || math.Abs(c.Events[0].Time-0.3) > 1e-15 {
		t.Errorf("events %+v", c.Events)
	}
	if err := c.Validate(2); err != nil {
		t.Error(err)
	}
	// The source is untouched.
	if !reflect.DeepEqual(src, timeline()) {
		t.Error("Make changed the source")
	}
	// A range from a key to a key needs no key beyond its ends.
	c = Make(src, Cut{Name: "k", Clip: "Timeline", From: 0.5, To: 1})
	if got := c.Tracks[0].Translation.Times; !reflect.DeepEqual(got, []float64{0, 0.5}) {
		t.Errorf("key to key: times %v", got)
	}
}

func TestApply(t *testing.T) {
	a := &formats.Asset{Clips: []*formats.Clip{timeline()}}
	errs := Apply(a, []Cut{
		{"walk", "Timeline", 0, 1},
		{"walk", "Timeline", 1, 2},     // a name taken
		{"Timeline", "Timeline", 1, 2}, // the file's own clip's name
		{"x", "Missing", 0, 1},         // no such clip
		{"y", "Timeline", 1, 3},        // past the end
		{"z", "walk", 0, 0.5},          // a cut is no source
	})
	if len(a.Clips) != 2 || a.Clips[1].Name != "walk" {
		t.Fatalf("%d clips", len(a.Clips))
	}
	if len(errs) != 5 {
		t.Fatalf("errors %v", errs)
	}
	for i, want := range []string{"already has", "already has", `no clip "Missing"`, "past the end", `no clip "walk"`} {
		if !strings.Contains(errs[i].Error(), want) || !errors.Is(errs[i], ErrSpec) {
			t.Errorf("error %d %v, want %q", i, errs[i], want)
		}
	}
}

func TestSidecarRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "model.ms3d")
	if cs, err := Load(file); cs != nil || err != nil {
		t.Fatalf("no sidecar: %v %v", cs, err)
	}
	want := []Cut{{"walk", "Timeline", 0, 1.2}, {"attack, low", "Timeline", 1.2, 2.5}}
	want[1].Name = "attack low"
	if err := Save(file, want); err != nil {
		t.Fatal(err)
	}
	got, err := Load(file)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v %v", got, err)
	}
	data, _ := os.ReadFile(SidecarPath(file))
	if !strings.Contains(string(data), `"schema": "animview.cuts/1"`) || !strings.Contains(string(data), `"from": 1.2`) {
		t.Errorf("sidecar:\n%s", data)
	}
	// Saving again keeps the previous sidecar as .bak, and leaves no
	// temporary file.
	if err := Save(file, want[:1]); err != nil {
		t.Fatal(err)
	}
	bak, err := os.ReadFile(SidecarPath(file) + BackupExt)
	if err != nil || string(bak) != string(data) {
		t.Errorf("backup %q %v", bak, err)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := []string{"model.ms3d.animview.json", "model.ms3d.animview.json.bak"}; !reflect.DeepEqual(names, want) {
		t.Errorf("folder holds %v, want %v", names, want)
	}
}

func TestSidecarBroken(t *testing.T) {
	for _, tc := range []struct{ data, err string }{
		{`{"schema": "animview.cuts/1", "cuts": [`, "unexpected EOF"},
		{`{"schema": "animview.cuts/1", "cuts": [}`, "byte 40"},
		{`{"schema": "animview.cuts/9", "cuts": []}`, `schema "animview.cuts/9"`},
		{`{"cuts": []}`, `schema ""`},
		{`{"schema": "animview.cuts/1", "cuts": [{"name": "", "clip": "T", "from": 0, "to": 1}]}`, "empty name"},
		{`{"schema": "animview.cuts/1", "cuts": [{"name": "a", "clip": "T", "from": 0, "to": 1}, {"name": "a", "clip": "T", "from": 1, "to": 2}]}`, "given twice"},
		{`{"schema": "animview.cuts/1", "cuts": [{"name": "a", "from": "x"}]}`, "cannot unmarshal"},
	} {
		dir := t.TempDir()
		file := filepath.Join(dir, "f.ms3d")
		p := SidecarPath(file)
		if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(file); err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want an error naming the sidecar with %q", tc.data, err, tc.err)
		}
		if b, _ := os.ReadFile(p); string(b) != tc.data {
			t.Errorf("%s: the sidecar changed", tc.data)
		}
	}
}

func TestWriteAtomicFails(t *testing.T) {
	// A sidecar that cannot be written leaves nothing behind.
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "f.ms3d")
	if err := Save(missing, nil); err == nil {
		t.Fatal("saved into a folder that does not exist")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}
