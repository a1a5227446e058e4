package main

import (
	"bytes"
	"encoding/json"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestInfoJSONDemo(t *testing.T) {
	out, errs, code := runCLI(t, "info", "--json", "demo:")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j struct {
		Format   string `json:"format"`
		Skeleton struct {
			Bones []struct {
				Index, ID, Parent int
				Name              string
			} `json:"bones"`
		} `json:"skeleton"`
		Clips []struct {
			Name      string  `json:"name"`
			Duration  float64 `json:"duration"`
			FrameRate float64 `json:"frame_rate"`
			Frames    int     `json:"frames"`
			Loop      bool    `json:"loop"`
			Events    []struct {
				Time float64 `json:"time"`
				Name string  `json:"name"`
				Kind string  `json:"kind"`
				Bone int     `json:"bone"`
			} `json:"events"`
		} `json:"clips"`
		Characters []any `json:"characters"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if j.Format != "demo" || len(j.Skeleton.Bones) < 15 || j.Skeleton.Bones[0].Parent != -1 {
		t.Errorf("unexpected skeleton: %+v", j.Skeleton)
	}
	if j.Characters == nil {
		t.Error("characters must be present (an empty list)")
	}
	w := j.Clips[0]
	if w.Name != "walk" || w.Duration != 1.2 || w.FrameRate != 30 || w.Frames != 37 || !w.Loop || len(w.Events) < 2 {
		t.Errorf("walk clip: %+v", w)
	}
	if w.Events[0].Name != "footstep_left" || w.Events[0].Time != 0.3 || w.Events[0].Kind != "sound" {
		t.Errorf("first event: %+v", w.Events[0])
	}
}

type poseOut struct {
	Clip  string  `json:"clip"`
	Time  float64 `json:"time"`
	Bones []struct {
		Index   int    `json:"index"`
		Name    string `json:"name"`
		Parent  int    `json:"parent"`
		Visible bool   `json:"visible"`
		Local   struct {
			Translation [3]float64 `json:"translation"`
			Rotation    [4]float64 `json:"rotation"`
			Scale       [3]float64 `json:"scale"`
		} `json:"local"`
		World struct {
			Translation [3]float64 `json:"translation"`
			Rotation    [4]float64 `json:"rotation"`
			Scale       [3]float64 `json:"scale"`
		} `json:"world"`
	} `json:"bones"`
}

func pose(t *testing.T, args ...string) poseOut {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"pose", "--json", "demo:"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var p poseOut
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	return p
}

// TestPoseJSONDemo checks the demo walk at two times against values worked
// out from the demo's definition: at t=0 the hips sit at (0, 0.95+0.03, 0)
// (bob cos(0)=1) with yaw 0; at a quarter cycle (0.3 s) the hips are at
// x=0.02·sin(π/2)=0.02, y=0.95+0.03·cos(π)=0.92, yawed 6° about +Y.
func TestPoseJSONDemo(t *testing.T) {
	p0 := pose(t, "--time", "0")
	p1 := pose(t, "--frame", "9") // 9/30 s = 0.3 s
	if p0.Clip != "walk" || len(p0.Bones) != len(p1.Bones) {
		t.Fatalf("clip %q, %d/%d bones", p0.Clip, len(p0.Bones), len(p1.Bones))
	}
	if math.Abs(p1.Time-0.3) > 1e-9 {
		t.Errorf("frame 9 is time %v", p1.Time)
	}
	h0, h1 := p0.Bones[0], p1.Bones[0]
	wantT := func(got, want [3]float64) bool {
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-5 {
				return false
			}
		}
		return true
	}
	if !wantT(h0.Local.Translation, [3]float64{0, 0.98, 0}) {
		t.Errorf("hips at t=0: %v", h0.Local.Translation)
	}
	if !wantT(h1.Local.Translation, [3]float64{0.02, 0.92, 0}) {
		t.Errorf("hips at t=0.3: %v", h1.Local.Translation)
	}
	// 6° about +Y: (x,y,z,w) = (0, sin 3°, 0, cos 3°).
	r := h1.Local.Rotation
	if math.Abs(r[1]-math.Sin(3*math.Pi/180)) > 1e-5 || math.Abs(r[3]-math.Cos(3*math.Pi/180)) > 1e-5 {
		t.Errorf("hips rotation at t=0.3: %v", r)
	}
	// World recomposes from locals: the root's world equals its local.
	if !wantT(h1.World.Translation, h1.Local.Translation) {
		t.Errorf("root world %v != local %v", h1.World.Translation, h1.Local.Translation)
	}
	// The spine's world position is the hips' plus the rotated offset (0, 0.12, 0):
	// a rotation about Y leaves a Y offset alone.
	sp := p1.Bones[1]
	if !wantT(sp.World.Translation, [3]float64{0.02, 0.92 + 0.12, 0}) {
		t.Errorf("spine world at t=0.3: %v", sp.World.Translation)
	}
	// The left leg moves between the two times.
	for i, b := range p0.Bones {
		if b.Name == "l_thigh" && b.Local.Rotation == p1.Bones[i].Local.Rotation {
			t.Error("l_thigh did not move between t=0 and t=0.3")
		}
	}
}

func TestPoseErrors(t *testing.T) {
	cases := [][]string{
		{"pose", "--json", "demo:"},                                // no time
		{"pose", "--json", "demo:", "--time", "1", "--frame", "2"}, // both
		{"pose", "--json", "demo:", "--clip", "nope", "--time", "0"},
		{"info", "/no/such/file.anim"},
		{"render", "demo:"},
	}
	for _, c := range cases {
		_, errs, code := runCLI(t, c...)
		if code == 0 || errs == "" || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: exit %d, stderr %q", c, code, errs)
		}
	}
}

func TestUnknownFormatIsAnError(t *testing.T) {
	p := filepath.Join(t.TempDir(), "junk.xyz")
	os.WriteFile(p, []byte("not an animation at all"), 0o644)
	_, errs, code := runCLI(t, "info", p)
	if code == 0 || !strings.Contains(errs, "unknown format") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestRenderGIFDemo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "walk.gif")
	if _, errs, code := runCLI(t, "render", "demo:", "-o", out, "--size", "160x120"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	// 1.2 s at 30 fps.
	if len(g.Image) < 30 || len(g.Image) > 37 {
		t.Errorf("%d frames", len(g.Image))
	}
	total := 0
	for _, d := range g.Delay {
		total += d
	}
	if total < 115 || total > 125 {
		t.Errorf("delays sum to %d cs, want about 120", total)
	}
}
