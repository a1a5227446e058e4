package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	evntFixture = "../../formats/prime/testdata/9C8D7E6F.EVNT"
	legoWalk    = "../../formats/lego/testdata/minifig_walk.ani"
)

// TestCommandLineErrors: each mistake exits with its status (1 for the
// input, 2 for a usage error) and a message that says what is wrong (and
// what to do), never ending in a stray ": usage" or ": bad value".
func TestCommandLineErrors(t *testing.T) {
	png := filepath.Join(t.TempDir(), "out.png")
	tests := []struct {
		name string
		args []string
		// want are substrings of stderr's first line.
		want []string
		// usage says the usage text follows.
		usage bool
		// code is the exit status.
		code int
	}{
		{"pose of an EVNT alone", []string{"pose", "--json", evntFixture, "--time", "0"},
			[]string{"no skeleton", "open the ANIM"}, false, exitFailed},
		{"render of an EVNT alone", []string{"render", evntFixture, "-o", png},
			[]string{"no skeleton", "open the ANIM"}, false, exitFailed},
		{"frame past the end", []string{"pose", "--json", "demo:", "--frame", "37"},
			[]string{`--frame 37 is outside the clip "walk": frames are 0 to 36`}, false, exitFailed},
		{"negative frame", []string{"pose", "--json", "demo:", "--frame", "-1"},
			[]string{"--frame -1 is outside"}, false, exitFailed},
		{"LEGO frame past the end", []string{"pose", "--json", legoWalk, "--frame", "37"},
			[]string{"frames are 0 to 36"}, false, exitFailed},
		{"unknown command", []string{"frobnicate", "demo:"},
			[]string{`unknown command "frobnicate"`, "info, pose, render, export, list"}, true, exitUsage},
		{"missing FILE", []string{"info"}, []string{"info needs one FILE"}, true, exitUsage},
		{"demo without its colon", []string{"demo"}, []string{`unknown command "demo" (the built-in demo is "demo:")`}, true, exitUsage},
		{"bad follow", []string{"render", "demo:", "-o", png, "--follow", "maybe"},
			[]string{`--follow "maybe": want on, off or auto`}, false, exitUsage},
		{"bad render name", []string{"render", "demo:", "-o", "x.jpg"}, []string{"-o x.jpg: want a .png or .gif name"}, false, exitUsage},
		{"bad render format", []string{"render", "demo:", "-o", "-", "--format", "bmp"}, []string{`--format "bmp": want png or gif`}, false, exitUsage},
		{"sequence to stdout", []string{"render", "demo:", "-o", "-", "--all-frames"}, []string{"--all-frames writes many files"}, false, exitUsage},
		{"bad export name", []string{"export", "demo:", "-o", "x.fbx"}, []string{"export writes glTF 2.0"}, false, exitUsage},
		{"bad size", []string{"render", "demo:", "-o", png, "--size", "big"}, []string{"--size"}, false, exitUsage},
		{"unknown clip", []string{"pose", "--json", "demo:", "--clip", "fly", "--time", "0"}, []string{"fly"}, false, exitFailed},
		{"folder to stdout", []string{"export", "../../formats/lego/testdata", "-o", "-"}, []string{"-o -: a folder exports one file per animation"}, false, exitUsage},
	}
	for _, tc := range tests {
		out, errs, code := runCLI(t, tc.args...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stdout %q)", tc.name, code, tc.code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(first, w) {
				t.Errorf("%s: %q does not say %q", tc.name, first, w)
			}
		}
		if strings.HasSuffix(strings.TrimSpace(first), "usage") || strings.HasSuffix(strings.TrimSpace(first), "bad value") {
			t.Errorf("%s: stray usage suffix in %q", tc.name, first)
		}
		if got := strings.Contains(errs, "usage:\n"); got != tc.usage {
			t.Errorf("%s: usage text shown %v, want %v", tc.name, got, tc.usage)
		}
		if out != "" {
			t.Errorf("%s: stdout %q", tc.name, out)
		}
	}
	if _, err := os.Stat(png); err == nil {
		t.Error("a failed render left its output file")
	}
	// The last frame is fine.
	if _, errs, code := runCLI(t, "pose", "--json", "demo:", "--frame", "36"); code != 0 {
		t.Errorf("frame 36: exit %d: %s", code, errs)
	}
}

func TestUnknownCommandOrFile(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "walk")
	os.WriteFile(existing, []byte("x"), 0o644)
	for _, tc := range []struct {
		arg     string
		unknown bool
	}{
		{"frobnicate", true},
		{"Info", true},
		{"walk.anim", false},     // has an extension: a FILE (the viewer shows its error)
		{"demo:", false},         // the demo
		{"--clip", false},        // a flag of the viewer
		{existing, false},        // exists
		{"missing/thing", false}, // a path
	} {
		if got := unknownCommand(tc.arg) != nil; got != tc.unknown {
			t.Errorf("%q: unknown %v, want %v", tc.arg, got, tc.unknown)
		}
	}
}

// TestInfoFrameCountAsTheViewer: a LEGO .ani keys in milliseconds and has
// no frame rate; info gives the frames and rate the viewer steps through
// (ui/state), not "0 frames at 0 fps".
func TestInfoFrameCountAsTheViewer(t *testing.T) {
	out, errs, code := runCLI(t, "info", legoWalk)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "1.2 s, 37 frames at 30 fps (the file gives no rate") {
		t.Errorf("info text:\n%s", out)
	}
	out, _, _ = runCLI(t, "info", "--json", legoWalk)
	var j struct {
		Clips []struct {
			FrameRate float64 `json:"frame_rate"`
			Frames    int     `json:"frames"`
			Assumed   bool    `json:"frame_rate_assumed"`
		} `json:"clips"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if c := j.Clips[0]; c.FrameRate != 30 || c.Frames != 37 || !c.Assumed {
		t.Errorf("JSON clip %+v", c)
	}
	// A rate from the file is not marked assumed.
	out, _, _ = runCLI(t, "info", "--json", "demo:")
	if strings.Contains(out, "frame_rate_assumed") {
		t.Error("the demo's own rate is marked assumed")
	}
}

// TestEVNTAlone: an EVNT opened alone says, as a warning that info and
// the window show and in pose's and render's errors, that it holds events
// only and which ANIM beside it to open (issue 24: the viewer showed 0
// bones without a word). Alone in a folder, it says how an ANIM finds it.
func TestEVNTAlone(t *testing.T) {
	const want = "an EVNT holds events only (no skeleton, no motion): open the ANIM that plays them, 1A2B3C4D.ANIM beside it"
	out, errs, code := runCLI(t, "info", evntFixture)
	if code != 0 || !strings.Contains(out, "warning: "+want) {
		t.Errorf("info %d %s:\n%s", code, errs, out)
	}
	png := filepath.Join(t.TempDir(), "out.png")
	for _, args := range [][]string{{"pose", "--json", evntFixture, "--time", "0"}, {"render", evntFixture, "-o", png}} {
		if _, errs, code := runCLI(t, args...); code != 1 || !strings.Contains(errs, want) {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
	dir := t.TempDir()
	alone := filepath.Join(dir, "9C8D7E6F.EVNT")
	b, _ := os.ReadFile(evntFixture)
	os.WriteFile(alone, b, 0o644)
	var j struct{ Warnings []string }
	out, _, _ = runCLI(t, "info", "--json", alone)
	if err := json.Unmarshal([]byte(out), &j); err != nil || len(j.Warnings) == 0 ||
		!strings.Contains(j.Warnings[0], "no ANIM beside it names this EVNT") {
		t.Errorf("alone: %v %q", err, j.Warnings)
	}
}
