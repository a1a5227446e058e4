package export

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
)

// TestRunBatch runs a batch with a good job, a failing one, one without
// clips and a container whose entries join the batch as it runs.
func TestRunBatch(t *testing.T) {
	dir := t.TempDir()
	out := func(n string) string { return filepath.Join(dir, n+".glb") }
	demo := func() (*formats.Asset, error) { return assets.Demo(), nil }
	container := func(entry string) func() (*formats.Asset, error) {
		return func() (*formats.Asset, error) {
			a := assets.Demo()
			a.Entries = []formats.Entry{{Name: "one"}, {Name: "two"}, {Name: "three"}}
			a.Entry = entry
			return a, nil
		}
	}
	broken := errors.New("broken file")
	jobs := []Job{
		{Name: "demo", Out: out("demo"), Load: demo},
		{Name: "bad", Out: out("bad"), Load: func() (*formats.Asset, error) { return nil, broken }},
		{Name: "empty", Out: out("empty"), Load: func() (*formats.Asset, error) {
			a := assets.Demo()
			a.Clips = nil
			return a, nil
		}},
		{Name: "box", Out: out("box"), Load: container("one"), Expand: func(a *formats.Asset) (string, string, []Job) {
			var more []Job
			for _, e := range a.Entries[1:] {
				more = append(more, Job{Name: "box:" + e.Name, Out: out("box_" + e.Name), Load: container(e.Name)})
			}
			return "box:one", out("box_one"), more
		}},
	}
	var calls, lastTotal int
	res := RunBatch(context.Background(), jobs, 2, func(r *Result, done, total int) {
		calls++
		lastTotal = total
	})
	if len(res) != 6 || calls != 6 || lastTotal != 6 {
		t.Fatalf("%d results, %d progress calls, last total %d; want 6", len(res), calls, lastTotal)
	}
	byName := map[string]Result{}
	for _, r := range res {
		byName[r.Job.Name] = r
	}
	if r := byName["bad"]; !errors.Is(r.Err, broken) || r.Skipped {
		t.Errorf("bad: %+v", r)
	}
	if r := byName["empty"]; !r.Skipped || !errors.Is(r.Err, ErrSkip) {
		t.Errorf("empty: %+v", r)
	}
	for _, n := range []string{"demo", "box:one", "box:two", "box:three"} {
		if r := byName[n]; r.Err != nil || r.Clips != 2 {
			t.Errorf("%s: %+v", n, r)
		}
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	want := []string{"box_one.glb", "box_three.glb", "box_two.glb", "demo.glb"}
	if len(names) != len(want) {
		t.Fatalf("files %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("files %v, want %v", names, want)
		}
	}
}

// TestRunBatchCancelled checks that a cancelled batch starts nothing and
// writes nothing.
func TestRunBatchCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	jobs := []Job{{Name: "demo", Out: filepath.Join(dir, "demo.glb"), Load: func() (*formats.Asset, error) { return assets.Demo(), nil }}}
	res := RunBatch(ctx, jobs, 1, nil)
	if len(res) != 1 || !errors.Is(res[0].Err, context.Canceled) {
		t.Errorf("results %+v", res)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled batch wrote %v", ents)
	}
}
