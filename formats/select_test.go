package formats

import (
	"strings"
	"testing"
)

// selectAsset has names that tell the rule's steps apart: an exact name
// that differs from another only in case, a name that is a number, and
// a name that only matches ignoring case.
func selectAsset() *Asset {
	set := &AnimSet{Animations: []SetAnim{{Name: "walk"}, {Name: "Idle"}, {Name: "run"}, {Name: "jump"}}}
	return &Asset{
		Clips: []*Clip{{Name: "Walk"}, {Name: "walk"}, {Name: "2"}, {Name: "Run"}},
		Characters: []Character{
			{Name: "Crawler", Animations: []CharacterAnim{
				{Name: "idle", SetIndex: 1, Clip: -1},
				{Name: "Walk", SetIndex: 0, Clip: -1},
				{Name: "wave", SetIndex: -1, Clip: 3},
				{Name: "broken", SetIndex: -1, Clip: -1},
			}},
			{Name: "crawler_calm"},
		},
		Character: 1,
		AnimSet:   set,
	}
}

// TestSelectionRule: exact name first, then the name ignoring case, then an
// index from 0; the same rule for characters and a character's
// animations (the window's `anim NAME` and the CLI's --anim).
func TestSelectionRule(t *testing.T) {
	a := selectAsset()
	tests := []struct {
		what string
		got  func(sel string) int
		sel  string
		want int
	}{
		{"clip exact beats case", a.ClipIndex, "walk", 1},
		{"clip exact, other case", a.ClipIndex, "Walk", 0},
		{"clip ignoring case", a.ClipIndex, "WALK", 0},
		{"clip ignoring case, one only", a.ClipIndex, "run", 3},
		{"clip name that is a number", a.ClipIndex, "2", 2},
		{"clip index", a.ClipIndex, "3", 3},
		{"clip index out of range", a.ClipIndex, "4", -1},
		{"clip negative index", a.ClipIndex, "-1", -1},
		{"clip none", a.ClipIndex, "fly", -1},
		{"clip empty", a.ClipIndex, "", -1},
		{"character exact", a.CharacterIndex, "crawler_calm", 1},
		{"character ignoring case", a.CharacterIndex, "CRAWLER", 0},
		{"character index", a.CharacterIndex, "1", 1},
		{"character none", a.CharacterIndex, "Crawler_Angry", -1},
		{"anim exact", func(s string) int { return a.CharacterAnimIndex(0, s) }, "Walk", 1},
		{"anim ignoring case", func(s string) int { return a.CharacterAnimIndex(0, s) }, "IDLE", 0},
		{"anim index", func(s string) int { return a.CharacterAnimIndex(0, s) }, "2", 2},
		{"anim of a character without any", func(s string) int { return a.CharacterAnimIndex(1, s) }, "0", -1},
		{"anim of no character", func(s string) int { return a.CharacterAnimIndex(-1, s) }, "idle", -1},
		{"anim of a character out of range", func(s string) int { return a.CharacterAnimIndex(2, s) }, "idle", -1},
	}
	for _, tt := range tests {
		if got := tt.got(tt.sel); got != tt.want {
			t.Errorf("%s: %q gives %d, want %d", tt.what, tt.sel, got, tt.want)
		}
	}
}

// TestFindAnim: the character's animations by the rule, then the set's by
// the same rule; an animation with neither tree nor clip is an error.
func TestFindAnim(t *testing.T) {
	a := selectAsset()
	tests := []struct {
		ci   int
		sel  string
		want AnimRef
		err  string
	}{
		{0, "idle", AnimRef{Name: "idle", SetIndex: 1, Clip: -1}, ""},
		{0, "walk", AnimRef{Name: "Walk", SetIndex: 0, Clip: -1}, ""},
		{0, "1", AnimRef{Name: "Walk", SetIndex: 0, Clip: -1}, ""},
		{0, "wave", AnimRef{Name: "wave", SetIndex: -1, Clip: 3}, ""},
		{0, "RUN", AnimRef{Name: "run", SetIndex: 2, Clip: -1}, ""},
		{0, "broken", AnimRef{}, "neither a tree nor a clip"},
		{0, "fly", AnimRef{}, `no animation "fly"`},
		{-1, "idle", AnimRef{Name: "Idle", SetIndex: 1, Clip: -1}, ""},
		{-1, "3", AnimRef{Name: "jump", SetIndex: 3, Clip: -1}, ""},
		{1, "walk", AnimRef{Name: "walk", SetIndex: 0, Clip: -1}, ""},
		{-1, "4", AnimRef{}, `no animation "4"`},
	}
	for _, tt := range tests {
		got, err := a.FindAnim(tt.ci, tt.sel)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("FindAnim(%d, %q) = %+v, %v; want an error with %q", tt.ci, tt.sel, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("FindAnim(%d, %q) = %+v, %v; want %+v", tt.ci, tt.sel, got, err, tt.want)
		}
	}
	if _, err := (&Asset{}).FindAnim(-1, "walk"); err == nil {
		t.Error("FindAnim on an asset without animations: no error")
	}
}

// TestFindClipAndCharacter: "" is the default (the file's clip, the
// asset's own character); a name matching nothing is an error saying
// how many there are.
func TestFindClipAndCharacter(t *testing.T) {
	a := selectAsset()
	if i, err := a.FindClip("WALK", ""); err != nil || i != 0 {
		t.Errorf("FindClip(WALK) = %d, %v; want 0", i, err)
	}
	if _, err := a.FindClip("fly", ""); err == nil || !strings.Contains(err.Error(), "has 4 clips") {
		t.Errorf("FindClip(fly): %v", err)
	}
	if _, err := (&Asset{}).FindClip("", ""); err == nil {
		t.Error("FindClip on an asset without clips: no error")
	}
	tests := []struct {
		a    *Asset
		sel  string
		want int
		err  bool
	}{
		{a, "", 1, false},
		{&Asset{Characters: a.Characters, Character: -1}, "", 0, false},
		{&Asset{}, "", -1, false},
		{a, "CRAWLER", 0, false},
		{a, "5", -1, true},
	}
	for _, tt := range tests {
		got, err := tt.a.FindCharacter(tt.sel)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("FindCharacter(%q) = %d, %v; want %d (error %v)", tt.sel, got, err, tt.want, tt.err)
		}
	}
}

// TestDefaultClip: the clip a file opens on is its namesake when that has
// keys, else the first clip with keys, else the first (issue 33 item 6).
func TestDefaultClip(t *testing.T) {
	keyed := func(name string) *Clip {
		return &Clip{Name: name, Tracks: []BoneTracks{{}, {Rotation: QuatTrack{Times: []float64{0}}}}}
	}
	bare := func(name string) *Clip {
		return &Clip{Name: name, Tracks: make([]BoneTracks, 2)}
	}
	camera := &Clip{Name: "cam", Tracks: make([]BoneTracks, 2), Camera: &CameraTrack{}}
	tests := []struct {
		name  string
		file  string
		entry string
		clips []*Clip
		want  int
	}{
		{"no clips", "x.cmx", "", nil, -1},
		{"first with keys", "x.cmx", "", []*Clip{keyed("a"), keyed("b")}, 0},
		{"keyless first skipped", "x.cmx", "", []*Clip{bare("a"), bare("b"), keyed("c")}, 2},
		{"none has keys: the first", "x.cmx", "", []*Clip{bare("a"), bare("b")}, 0},
		{"namesake", "dir/ross-walking-loop.cmx", "", []*Clip{keyed("a"), keyed("ROSS-Walking-Loop")}, 1},
		{"namesake after a prefix", "ross-walking-loop.cmx", "", []*Clip{keyed("a2o-walking-loop"), keyed("a2o-ross-walking-loop")}, 1},
		{"namesake without keys", "ross-walking-loop.cmx", "", []*Clip{bare("ross-walking-loop"), bare("a"), keyed("b")}, 2},
		{"a suffix is not a namesake", "loop.cmx", "", []*Clip{keyed("a"), keyed("walkloop")}, 0},
		{"a container's entry names it", "set.pak", "walk.anim", []*Clip{keyed("run"), keyed("walk")}, 1},
		{"a camera is a key", "x", "", []*Clip{bare("a"), camera}, 1},
		{"no file", "", "", []*Clip{bare(""), keyed("b")}, 1},
	}
	for _, tt := range tests {
		a := &Asset{Clips: tt.clips, Entry: tt.entry}
		if got := a.DefaultClip(tt.file); got != tt.want {
			t.Errorf("%s: DefaultClip = %d, want %d", tt.name, got, tt.want)
		}
		if len(tt.clips) > 0 {
			if got, err := a.FindClip("", tt.file); err != nil || got != tt.want {
				t.Errorf("%s: FindClip(\"\") = %d, %v; want %d", tt.name, got, err, tt.want)
			}
		}
	}
}

// TestStem: the one stem every loader, the batch and the window's export
// name use: folders ('/' or '\') and the last extension go.
func TestStem(t *testing.T) {
	tests := []struct{ name, want string }{
		{"walk.ANIM", "walk"},
		{"dir/sub/ross-walking-loop.cmx", "ross-walking-loop"},
		{`Lego\Scripts\Act1.si`, "Act1"},
		{"a.b.c", "a.b"},
		{"noext", "noext"},
		{".ani", ""},
		{"", ""},
		{"/", ""},
		{"demo:", "demo:"},
	}
	for _, tt := range tests {
		if got := Stem(tt.name); got != tt.want {
			t.Errorf("Stem(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if got := (&Input{Name: tt.name}).Stem(); got != tt.want {
			t.Errorf("Input{%q}.Stem() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
