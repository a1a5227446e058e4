package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/animview/animview/formats"
	fdemo "github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/internal/smallfs"
)

// TestRun runs a batch with a good job, a failing one, one without
// clips and a container whose entries join the batch as it runs.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	out := func(n string) string { return filepath.Join(dir, n+".glb") }
	demo := func() (*formats.Asset, error) { return fdemo.New(), nil }
	container := func(entry string) func() (*formats.Asset, error) {
		return func() (*formats.Asset, error) {
			a := fdemo.New()
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
			a := fdemo.New()
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
	res := Run(context.Background(), jobs, 2, func(r *Result, done, total int) {
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

// TestRunCancelled checks that a cancelled batch starts nothing and
// writes nothing.
func TestRunCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	jobs := []Job{{Name: "demo", Out: filepath.Join(dir, "demo.glb"), Load: func() (*formats.Asset, error) { return fdemo.New(), nil }}}
	res := Run(ctx, jobs, 1, nil)
	if len(res) != 1 || !errors.Is(res[0].Err, context.Canceled) {
		t.Errorf("results %+v", res)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a cancelled batch wrote %v", ents)
	}
}

// TestRunLeavesExistingFiles is issue 25's item 7 for a batch: a job
// whose file exists is not written and says so (Result.Exists), unless it
// may replace it (Force, which the jobs a container adds inherit).
func TestRunLeavesExistingFiles(t *testing.T) {
	dir := t.TempDir()
	out := func(n string) string { return filepath.Join(dir, n+".glb") }
	for _, n := range []string{"old", "box_two"} {
		if err := os.WriteFile(out(n), []byte("keep"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	container := func(entry string) func() (*formats.Asset, error) {
		return func() (*formats.Asset, error) {
			a := fdemo.New()
			a.Entries, a.Entry = []formats.Entry{{Name: "one"}, {Name: "two"}}, entry
			return a, nil
		}
	}
	jobs := func(force bool) []Job {
		return []Job{
			{Name: "old", Out: out("old"), Force: force, Load: func() (*formats.Asset, error) { return fdemo.New(), nil }},
			{Name: "new", Out: out("new"), Force: force, Load: func() (*formats.Asset, error) { return fdemo.New(), nil }},
			{Name: "box", Out: out("box"), Force: force, Load: container("one"), Expand: func(a *formats.Asset) (string, string, []Job) {
				return "box:one", out("box_one"), []Job{{Name: "box:two", Out: out("box_two"), Load: container("two")}}
			}},
		}
	}
	exists := func(res []Result) string {
		var names []string
		for _, r := range res {
			if r.Exists {
				if !errors.Is(r.Err, safefile.ErrExists) {
					t.Errorf("%s: %v", r.Job.Name, r.Err)
				}
				names = append(names, r.Job.Name)
			} else if r.Err != nil {
				t.Errorf("%s: %v", r.Job.Name, r.Err)
			}
		}
		sort.Strings(names)
		return strings.Join(names, " ")
	}
	if got := exists(Run(context.Background(), jobs(false), 2, nil)); got != "box:two old" {
		t.Errorf("not replaced: %q, want box:two and old", got)
	}
	for _, n := range []string{"old", "box_two"} {
		if b, _ := os.ReadFile(out(n)); string(b) != "keep" {
			t.Errorf("%s was replaced", n)
		}
	}
	if got := exists(Run(context.Background(), jobs(true), 2, nil)); got != "" {
		t.Errorf("with force, not replaced: %q", got)
	}
	for _, n := range []string{"old", "box_two", "new", "box_one"} {
		if b, _ := os.ReadFile(out(n)); !strings.HasPrefix(string(b), "glTF") {
			t.Errorf("%s holds %q", n, b[:min(len(b), 4)])
		}
	}
}

// TestRunFullDisk is issue 35's item 1 for a batch, on a real file system
// too small for the demo's export (a 16 KiB tmpfs): each job fails with
// ENOSPC, having written nothing, and no temporary is left behind.
func TestRunFullDisk(t *testing.T) {
	dir := smallfs.Mount(t, 16<<10)
	load := func() (*formats.Asset, error) { return fdemo.New(), nil }
	res := Run(context.Background(), []Job{
		{Name: "one", Out: filepath.Join(dir, "one.glb"), Load: load},
		{Name: "two", Out: filepath.Join(dir, "two.glb"), Load: load},
	}, 1, nil)
	for _, r := range res {
		if !errors.Is(r.Err, syscall.ENOSPC) || r.Clips != 0 {
			t.Errorf("batch job %s: %d clips, %v, want failed with ENOSPC", r.Job.Name, r.Clips, r.Err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("after the batch the folder holds %v, want nothing", ents)
	}
}
