package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/report"
)

const (
	cylindroANM   = "../../formats/anm/testdata/cylindro.anm"
	cylindroModel = "../../formats/anm/testdata/cylindro.ms3d"
)

// TestInfoJSONANM checks that info --json on the ANM page's example lists its
// sets with their bones and its clips with ranges, actual start and end
// frames, durations and events (the model is found beside it by name).
func TestInfoJSONANM(t *testing.T) {
	out, errs, code := runCLI(t, "info", "--json", cylindroANM)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j struct {
		Format string `json:"format"`
		Coords struct {
			Up         string `json:"up"`
			LeftHanded bool   `json:"left_handed"`
		} `json:"coords"`
		Sets []struct {
			Name  string   `json:"name"`
			Bones []string `json:"bones"`
			Clips []string `json:"clips"`
		} `json:"sets"`
		Clips []struct {
			Name     string      `json:"name"`
			Group    string      `json:"group"`
			Duration float64     `json:"duration"`
			Info     []report.KV `json:"info"`
			Events   []struct {
				Time float64 `json:"time"`
				Name string  `json:"name"`
			} `json:"events"`
		} `json:"clips"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if j.Format != "anm" || j.Coords.Up != "y" || j.Coords.LeftHanded {
		t.Errorf("format %q coords %+v", j.Format, j.Coords)
	}
	sets := map[string]string{}
	for _, s := range j.Sets {
		sets[s.Name] = strings.Join(s.Bones, " ") + " | " + strings.Join(s.Clips, " ")
	}
	want := map[string]string{
		"LeftArm": "lShoulder lElbow lHand | LeftArm/Hello LeftArm/Wave",
		"Head":    "neck head | Head/Bobbing",
		"Legs":    "pelvis lHip lKnee lFoot rHip rKnee rFoot | Legs/walk Legs/jog Legs/run",
	}
	if len(j.Sets) != 3 || !mapsEqual(sets, want) {
		t.Errorf("sets %v, want %v", sets, want)
	}
	hello := j.Clips[0]
	info := map[string]string{}
	for _, kv := range hello.Info {
		info[kv.Key] = kv.Value
	}
	if hello.Name != "LeftArm/Hello" || hello.Group != "LeftArm" || info["range"] != "0-50" || info["start frame"] != "2" || info["end frame"] != "48" {
		t.Errorf("Hello: %+v", hello)
	}
	if math.Abs(hello.Duration-46.0/24) > 1e-6 || len(hello.Events) != 1 || hello.Events[0].Name != "Hi" || math.Abs(hello.Events[0].Time-46.0/24) > 1e-6 {
		t.Errorf("Hello: duration %v events %+v", hello.Duration, hello.Events)
	}
	text, _, code := runCLI(t, "info", cylindroANM)
	if code != 0 || !strings.Contains(text, `set "LeftArm": bones lShoulder lElbow lHand; clips LeftArm/Hello, LeftArm/Wave`) {
		t.Errorf("text info:\n%s", text)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func poseFile(t *testing.T, args ...string) poseOut {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"pose", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var p poseOut
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	return p
}

func boneByName(t *testing.T, p poseOut, name string) int {
	t.Helper()
	for i, b := range p.Bones {
		if b.Name == name {
			return i
		}
	}
	t.Fatalf("no bone %q", name)
	return -1
}

func near3(a, b [3]float64, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol && math.Abs(a[2]-b[2]) <= tol
}

// TestPoseJSONANM checks pose --json on ANM clips against values worked
// by hand from MilkShape's rules (docs/formats/milkshape-anm.md#evaluating-a-joint)
// on the Cylindro keys.
func TestPoseJSONANM(t *testing.T) {
	// LeftArm/Hello starts at lShoulder's key of frame 2, so t = 0.5 s is
	// frame 14, two thirds from the key of frame 2 (0° about Z) to the
	// key of frame 20 (120°): 80°. The reference turns -90° about Z:
	// local = Rz(-90°)·Rz(80°) = Rz(-10°), quaternion (0, 0, -sin 5°,
	// cos 5°); the translation is the reference (2, 3.5, 0). The pelvis
	// is outside the set: its reference, though it has keys at 0..50.
	p := poseFile(t, cylindroANM, "--clip", "LeftArm/Hello", "--time", "0.5")
	sh := p.Bones[boneByName(t, p, "lShoulder")].Local
	s5, c5 := math.Sin(5*math.Pi/180), math.Cos(5*math.Pi/180)
	if q := sh.Rotation; math.Abs(q[0]) > 1e-6 || math.Abs(q[1]) > 1e-6 || math.Abs(q[2]+s5) > 1e-6 || math.Abs(q[3]-c5) > 1e-6 {
		t.Errorf("lShoulder rotation %v, want [0 0 %v %v]", q, -s5, c5)
	}
	if !near3(sh.Translation, [3]float64{2, 3.5, 0}, 1e-6) {
		t.Errorf("lShoulder translation %v", sh.Translation)
	}
	pel := p.Bones[boneByName(t, p, "pelvis")].Local
	if !near3(pel.Translation, [3]float64{0, 10, 0}, 0) || pel.Rotation != [4]float64{0, 0, 0, 1} {
		t.Errorf("pelvis (outside the set) %+v, want its reference", pel)
	}

	// Legs/walk at 0.125 s (frame 3): the pelvis' pulled position keys
	// are frames 0, 6, 12, 18, 24 with y = 0, 0.5, 0, 0.5, 0 and z = y/2.
	// Looped tangents: key 0's neighbours are key 4 and key 1, tangent
	// y 0.5, dt1 = 0 - 1 s, dt2 = 0.25 s, Out = 0.5·0.25/-0.75 = -1/6;
	// key 1's neighbours are both 0: In = 0. At u = 0.5:
	// y = 0.125·(-1/6) + 0.5·0.5 = 0.2291667, z = half of it, added to
	// the reference (0, 10, 0). The baked track has a sample on every
	// frame, so the value is the curve's to float32 rounding.
	p = poseFile(t, cylindroANM, "--clip", "Legs/walk", "--frame", "3")
	pel = p.Bones[boneByName(t, p, "pelvis")].Local
	y := 0.25 - 0.125/6
	if !near3(pel.Translation, [3]float64{0, 10 + y, y / 2}, 2e-6) {
		t.Errorf("pelvis translation %v, want [0 %v %v]", pel.Translation, 10+y, y/2)
	}
}

// TestModelFlag checks --model, and the error that names what was tried
// when an ANM has no model beside it.
func TestModelFlag(t *testing.T) {
	dir := t.TempDir()
	anm := filepath.Join(dir, "walk.anm")
	data, err := os.ReadFile(cylindroANM)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(anm, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCLI(t, "info", anm)
	if code == 0 || !strings.Contains(errs, `"walk.ms3d" beside it (not found)`) || !strings.Contains(errs, "--model") {
		t.Errorf("without a model: exit %d, %s", code, errs)
	}
	out, errs, code := runCLI(t, "info", "--json", "--model", cylindroModel, anm)
	if code != 0 || !strings.Contains(out, `"LeftArm/Hello"`) {
		t.Errorf("--model: exit %d, %s", code, errs)
	}
	_, errs, code = runCLI(t, "info", "--model", cylindroModel, "--skeleton", cylindroModel, anm)
	if code == 0 || !strings.Contains(errs, "give one") {
		t.Errorf("--model with --skeleton: exit %d, %s", code, errs)
	}
}

// TestMS3DTimeline checks that a model opened on its own plays its whole
// timeline as one clip.
func TestMS3DTimeline(t *testing.T) {
	out, errs, code := runCLI(t, "list", cylindroModel)
	if code != 0 || strings.TrimSpace(out) != "Timeline\tclip" {
		t.Errorf("exit %d: %q %s", code, out, errs)
	}
}
