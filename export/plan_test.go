package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/open"
)

// TestIsBatchOutput is README.md's rule for -o (section "Export"): .glb
// and .gltf name a file; a folder that exists, a name ending in a
// separator and a name without an extension name a batch's folder; any
// other extension is an error.
func TestIsBatchOutput(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "shots.v2")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		out   string
		batch bool
		err   string
	}{
		{"walk.glb", false, ""},
		{"WALK.GLTF", false, ""},
		{"out", true, ""},
		{"out" + string(filepath.Separator), true, ""},
		{"out.d/", true, ""},
		{folder, true, ""},
		{"walk.fbx", false, `not ".fbx"`},
		{filepath.Join(dir, "missing.v3"), false, `not ".v3"`},
	} {
		batch, err := IsBatchOutput(c.out)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one saying %s", c.out, err, c.err)
			}
			continue
		}
		if err != nil || batch != c.batch {
			t.Errorf("%s: batch %v, %v; want %v", c.out, batch, err, c.batch)
		}
	}
}

// TestTakes: every clip by default, one by name or index, and the errors
// for a missing skeleton, clip or character.
func TestTakes(t *testing.T) {
	a := demo.New()
	names := func(takes []Take) string {
		var s []string
		for _, tk := range takes {
			s = append(s, tk.Name)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct{ clip, want string }{{"", "walk idle"}, {"idle", "idle"}, {"0", "walk"}} {
		takes, warns, err := Takes(a, c.clip, "")
		if err != nil || len(warns) != 0 || names(takes) != c.want {
			t.Errorf("clip %q: takes %q, warnings %v, %v; want %q", c.clip, names(takes), warns, err, c.want)
		}
	}
	if _, _, err := Takes(a, "run", ""); err == nil {
		t.Error("clip run: no error")
	}
	if _, _, err := Takes(a, "", "Samus"); err == nil || !strings.Contains(err.Error(), "the file has no characters") {
		t.Errorf("character on a file without: %v", err)
	}
	bare := demo.New()
	bare.Skeleton = nil
	if _, _, err := Takes(bare, "", ""); err == nil || !strings.Contains(err.Error(), "no skeleton") {
		t.Errorf("no skeleton: %v", err)
	}
}

// batchFolder is a folder of two animation files, a README (skipped), a
// broken MilkShape file (fails) and an output file that exists already.
func batchFolder(t *testing.T) (src, out string) {
	t.Helper()
	src, out = t.TempDir(), t.TempDir()
	for from, to := range map[string]string{
		"../formats/anm/testdata/cylindro.anm":   "cylindro.anm",
		"../formats/anm/testdata/cylindro.ms3d":  "cylindro.ms3d",
		"../formats/sims/testdata/tso/README.md": "README.md",
	} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, to), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(src, "broken.ms3d"), []byte("MS3D000000\x04\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "cylindro_ms3d.glb"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	return src, out
}

// TestBatch plans and runs a batch of a folder and checks its summary:
// the counts, the text and the error, with and without Force.
func TestBatch(t *testing.T) {
	src, out := batchFolder(t)
	if err := os.WriteFile(filepath.Join(out, ".cylindro_anm.glb.animview-tmp"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	b := Batch{Src: src, OutDir: out, Ext: ".glb", Workers: 2}
	plan, err := b.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Jobs) != 4 {
		t.Fatalf("%d jobs, want 4", len(plan.Jobs))
	}
	var lines []string
	sum := plan.Run(context.Background(), func(r *Result, done, total int) {
		lines = append(lines, r.Job.Name+": "+r.Status())
	})
	if sum.Files != 1 || sum.Clips != 6 || sum.Skipped != 1 || len(sum.Exist) != 1 || len(sum.Failed) != 1 || sum.Total != 4 {
		t.Errorf("summary %+v", sum)
	}
	var text bytes.Buffer
	sum.WriteText(&text)
	want := regexp.MustCompile(`^exported 6 clips to 1 files in \S+ \(\S+ clips/s\); 1 skipped \(no animation of their own\)
1 not written, their files exist \(--force replaces them\):
  \S*cylindro\.ms3d: \S+cylindro_ms3d\.glb
1 failed:
  \S*broken\.ms3d: broken\.ms3d: ms3d: .+
$`)
	if !want.MatchString(text.String()) {
		t.Errorf("summary text:\n%s", text.String())
	}
	if err := sum.Err(); err == nil || err.Error() != "1 of 4 exports failed, 1 not written because their files exist" {
		t.Errorf("Err: %v", err)
	}
	status := strings.Join(lines, "\n")
	for _, s := range []string{"cylindro.anm: ok, 6 clips", "cylindro.ms3d: exists, not replaced", "broken.ms3d: FAILED", "README.md: "} {
		if !strings.Contains(status, s) {
			t.Errorf("progress lines lack %q:\n%s", s, status)
		}
	}

	b.Force = true
	if plan, err = b.Plan(); err != nil {
		t.Fatal(err)
	}
	sum = plan.Run(context.Background(), nil)
	if len(sum.Exist) != 0 || sum.Files != 2 {
		t.Errorf("with Force: %+v", sum)
	}
	if err := sum.Err(); err == nil || err.Error() != "1 of 4 exports failed" {
		t.Errorf("with Force, Err: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "cylindro_ms3d.glb")); !bytes.HasPrefix(b, []byte("glTF")) {
		t.Errorf("with Force the existing file holds %q", b[:min(len(b), 4)])
	}
}

// TestBatchPlanErrors: a source with no animation file fails before
// anything runs.
func TestBatchPlanErrors(t *testing.T) {
	empty := t.TempDir()
	if _, err := (Batch{Src: empty, OutDir: t.TempDir(), Ext: ".glb"}).Plan(); err == nil || !strings.HasSuffix(err.Error(), ": no animation files") {
		t.Errorf("empty folder: %v", err)
	}
}

// TestBatchJobsSkip: open's ErrSkip (a README) becomes RunBatch's skip.
func TestBatchJobsSkip(t *testing.T) {
	// An item's Load wraps open's ErrSkip with its reason.
	err := fmt.Errorf("%w", open.ErrSkip)
	if !errors.Is(err, ErrSkip) {
		t.Error("open's skip is not ErrSkip")
	}
	r := Result{Skipped: true, Err: err}
	if r.Status() != open.ErrSkip.Error() {
		t.Errorf("status %q", r.Status())
	}
}
