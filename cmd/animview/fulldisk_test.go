package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/animview/animview/internal/smallfs"
)

// TestExportFullDisk is issue 35's item 1 through the command line, on a
// 20 KiB tmpfs: a single export with --force that does not fit fails
// (exit 1, ENOSPC named, no "wrote") and keeps the good file it was to
// replace; a batch lists the file that did not fit as failed and keeps
// the one that did; no temporary is left.
func TestExportFullDisk(t *testing.T) {
	dir := smallfs.Mount(t, 20<<10)
	out := filepath.Join(dir, "demo.glb")
	if err := os.WriteFile(out, []byte("the good old file"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := runCLI(t, "export", "demo:", "-o", out, "--force")
	if code != 1 || strings.Contains(stdout, "wrote") || !strings.Contains(errs, "demo.glb") ||
		!strings.Contains(errs, "no space left on device") {
		t.Errorf("export on a full disk: exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "the good old file" {
		t.Errorf("the old file was replaced by %d bytes", len(b))
	}
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}
	// minifig_wave's export (12 KB) fits, minifig_walk's (32 KB) does not.
	batch := filepath.Join(dir, "batch")
	stdout, errs, code = runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", batch+"/", "--all", "--jobs", "1")
	if code != 1 || !strings.Contains(stdout, "1 failed:") || !strings.Contains(stdout, "minifig_walk: export: ") ||
		!strings.Contains(stdout, "no space left on device") {
		t.Errorf("batch on a full disk: exit %d\n%s%s", code, stdout, errs)
	}
	ents, _ := os.ReadDir(batch)
	if len(ents) != 1 || ents[0].Name() != "minifig_minifig_wave.glb" {
		t.Errorf("batch folder holds %v, want minifig_minifig_wave.glb alone", ents)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("folder holds %v, want the batch folder alone", ents)
	}
}

// failingOutput fails every write as a full disk does.
type failingOutput struct{}

func (failingOutput) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestOutputFullDisk: a command whose output is lost (stdout redirected
// to a full disk) exits 1 and says so, whichever command printed it
// (before: list, export's "wrote" line and version exited 0).
func TestOutputFullDisk(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.glb")
	for _, args := range [][]string{
		{"info", "demo:"}, {"info", "--json", "demo:"}, {"list", "demo:"},
		{"pose", "--json", "demo:", "--time", "0"}, {"export", "demo:", "-o", out, "--force"}, {"version"},
	} {
		var errb strings.Builder
		code := run(args, failingOutput{}, &errb)
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v with its output on a full disk: exit %d, %q", args, code, errb.String())
		}
	}
}
