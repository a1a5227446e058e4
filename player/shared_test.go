package player_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
)

// sharesTimelines reports whether some of the clip's tracks share a Times
// slice, as the player told the families apart before the loaders said
// so (formats.Clip.SharedTimeline).
func sharesTimelines(clip *formats.Clip) bool {
	seen := map[*float64]bool{}
	for i := range clip.Tracks {
		tr := &clip.Tracks[i]
		for _, times := range [3][]float64{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times} {
			if len(times) > 0 {
				if seen[&times[0]] {
					return true
				}
				seen[&times[0]] = true
			}
		}
	}
	return false
}

// TestLoadersSetSharedTimeline: every clip of the formats' test files
// that has tracks sharing a timeline says so (SharedTimeline), and no
// clip whose tracks have their own timelines does, so that the player
// samples each with the family it sampled it with when it looked for
// shared slices itself. (A clip flagged with at most one keyed track, as
// a Prime ANIM of one channel, shares nothing to look for.)
func TestLoadersSetSharedTimeline(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../formats", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "fuzz" || d.Name() == "corpus") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.Contains(path, "testdata") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	clips := 0
	for _, path := range files {
		a, err := open.Path(path, open.Options{})
		if err != nil {
			continue // not an animation on its own (a texture, a model a file needs)
		}
		for _, c := range a.Clips {
			keyed := 0
			for i := range c.Tracks {
				if c.Tracks[i].Animated() {
					keyed++
				}
			}
			if shared := sharesTimelines(c); c.SharedTimeline != shared && (shared || keyed > 1) {
				t.Errorf("%s: clip %q: SharedTimeline %v, tracks sharing a timeline %v", path, c.Name, c.SharedTimeline, shared)
			}
			clips++
		}
	}
	if clips < 20 {
		t.Errorf("%d clips checked, want the test files' 20 or more", clips)
	}
	t.Logf("%d clips of %d files", clips, len(files))
}
