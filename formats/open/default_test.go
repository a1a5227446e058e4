package open

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
)

// TestDefaultClip: the clip a file opens on is its namesake when that has
// keys, else the first clip with keys, else the first (issue 33 item 6).
func TestDefaultClip(t *testing.T) {
	keyed := func(name string) *formats.Clip {
		return &formats.Clip{Name: name, Tracks: []formats.BoneTracks{{}, {Rotation: formats.QuatTrack{Times: []float64{0}}}}}
	}
	bare := func(name string) *formats.Clip {
		return &formats.Clip{Name: name, Tracks: make([]formats.BoneTracks, 2)}
	}
	camera := &formats.Clip{Name: "cam", Tracks: make([]formats.BoneTracks, 2), Camera: &formats.CameraTrack{}}
	tests := []struct {
		name  string
		file  string
		entry string
		clips []*formats.Clip
		want  int
	}{
		{"no clips", "x.cmx", "", nil, -1},
		{"first with keys", "x.cmx", "", []*formats.Clip{keyed("a"), keyed("b")}, 0},
		{"keyless first skipped", "x.cmx", "", []*formats.Clip{bare("a"), bare("b"), keyed("c")}, 2},
		{"none has keys: the first", "x.cmx", "", []*formats.Clip{bare("a"), bare("b")}, 0},
		{"namesake", "dir/ross-walking-loop.cmx", "", []*formats.Clip{keyed("a"), keyed("ROSS-Walking-Loop")}, 1},
		{"namesake after a prefix", "ross-walking-loop.cmx", "", []*formats.Clip{keyed("a2o-walking-loop"), keyed("a2o-ross-walking-loop")}, 1},
		{"namesake without keys", "ross-walking-loop.cmx", "", []*formats.Clip{bare("ross-walking-loop"), bare("a"), keyed("b")}, 2},
		{"a suffix is not a namesake", "loop.cmx", "", []*formats.Clip{keyed("a"), keyed("walkloop")}, 0},
		{"a container's entry names it", "set.pak", "walk.anim", []*formats.Clip{keyed("run"), keyed("walk")}, 1},
		{"a camera is a key", "x", "", []*formats.Clip{bare("a"), camera}, 1},
		{"no file", "", "", []*formats.Clip{bare(""), keyed("b")}, 1},
	}
	for _, tt := range tests {
		a := &formats.Asset{Clips: tt.clips, Entry: tt.entry}
		if got := DefaultClip(a, tt.file); got != tt.want {
			t.Errorf("%s: DefaultClip = %d, want %d", tt.name, got, tt.want)
		}
		if len(tt.clips) > 0 {
			if got, err := FindClip(a, "", tt.file); err != nil || got != tt.want {
				t.Errorf("%s: FindClip(\"\") = %d, %v; want %d", tt.name, got, err, tt.want)
			}
		}
	}
}

// TestDefaultClipOfSkills opens a skill file whose first two skills have
// no .cfp beside it (simstest.WalkSkills): they have no keys, and the
// file's namesake, third, is the default.
func TestDefaultClipOfSkills(t *testing.T) {
	b, err := os.ReadFile("../sims/testdata/tso/a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim")
	if err != nil {
		t.Fatal(err)
	}
	anim, err := sims.DecodeAnim(b)
	if err != nil {
		t.Fatal(err)
	}
	files, err := simstest.WalkSkills(anim)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "ross-walking-loop.cmx")
	a, err := Path(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []bool
	for _, c := range a.Clips {
		keys = append(keys, HasKeys(c))
	}
	if len(a.Clips) != 3 || keys[0] || keys[1] || !keys[2] {
		t.Fatalf("%d clips, with keys %v; want 3, the third only", len(a.Clips), keys)
	}
	if i := DefaultClip(a, path); i != 2 || a.Clips[i].Name != "a2o-ross-walking-loop" {
		t.Errorf("default clip %d, want 2 (a2o-ross-walking-loop)", i)
	}
	if !strings.Contains(strings.Join(a.Warnings, "\n"), "a2o-walking-start") {
		t.Errorf("no warning names the skill without its .cfp: %q", a.Warnings)
	}
}
