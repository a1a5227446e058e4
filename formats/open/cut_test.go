package open

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/cuts"
)

// TestPathCuts: Path adds the sidecar's cuts that fit after the file's
// clips, warns of one that no longer fits, passes over one of a clip the
// file lacks (another entry's), and adds --split's after them.
func TestPathCuts(t *testing.T) {
	p := filepath.Join(t.TempDir(), "arm.ms3d")
	data, err := os.ReadFile("../ms3d/testdata/arm_v4.ms3d") // one 2 s Timeline at 24 fps
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := cuts.Save(p, []cuts.Cut{
		{Name: "walk", Clip: "Timeline", From: 0, To: 1},
		{Name: "long", Clip: "Timeline", From: 1, To: 3},
		{Name: "other", Clip: "Other entry's clip", From: 0, To: 1},
	}); err != nil {
		t.Fatal(err)
	}
	a, err := Path(p, Options{Split: "jump=f24-f48", SplitClip: "walk"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range a.Clips {
		names = append(names, c.Name+"/"+c.Group)
	}
	if got := strings.Join(names, " "); got != "Timeline/ walk/cuts jump/cuts" {
		t.Errorf("clips %s", got)
	}
	// The sidecar's cut that no longer fits is the one cuts warning (the
	// fixture's missing texture may warn too).
	var cutWarnings []string
	for _, w := range a.Warnings {
		if strings.HasPrefix(w, "cuts sidecar") {
			cutWarnings = append(cutWarnings, w)
		}
	}
	if len(cutWarnings) != 1 || !strings.Contains(cutWarnings[0], `cut "long"`) || !strings.Contains(cutWarnings[0], "past the end") {
		t.Errorf("warnings %q", a.Warnings)
	}
	// --clip naming a cut: the file's first clip is cut.
	if a.Clips[2].Duration != 1 {
		t.Errorf("jump lasts %v s", a.Clips[2].Duration)
	}
	if _, err := Path(p, Options{Split: "walk=0-1"}); !errors.Is(err, cuts.ErrSpec) || !strings.Contains(err.Error(), "already has") {
		t.Errorf("a --split name the sidecar has: %v", err)
	}
}
