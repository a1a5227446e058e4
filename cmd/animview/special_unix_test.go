//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesRefused is issue 35's item 4: info, list, pose, export
// and render of a named pipe, /dev/zero or a symbolic link to it, and a
// --skeleton, --model or --suit that is one, end at once with exit 1 and
// an error naming the file and what it is (before: a pipe hung, /dev/zero
// was read without the 1 GiB cap). A folder that holds them lists and
// exports its real files only.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(src, "pipe.anim")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(src, "zero.cmx")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(src, "minifig.si")
	copyFile(t, "../../formats/lego/testdata/minifig.si", good)

	what := map[string]string{
		fifo:        "pipe.anim is a named pipe (FIFO), not a regular file",
		"/dev/zero": "/dev/zero is a character device, not a regular file",
		zero:        "zero.cmx is a character device, not a regular file",
	}
	var cases [][]string
	for p := range what {
		cases = append(cases,
			[]string{"info", p}, []string{"list", p}, []string{"pose", "--json", p, "--time", "0"},
			[]string{"export", p, "-o", filepath.Join(dir, "x.glb")},
			[]string{"render", p, "-o", filepath.Join(dir, "x.png")},
			[]string{"info", good, "--skeleton", p}, []string{"info", good, "--model", p},
			[]string{"info", good, "--suit", p})
	}
	for _, args := range cases {
		var want string
		for p, w := range what {
			for _, a := range args {
				if a == p {
					want = w
				}
			}
		}
		_, errs, code := runWithin(t, 10*time.Second, args...)
		if code != 1 || !strings.Contains(errs, want) {
			t.Errorf("%v: exit %d, %q; want an error saying %q", args, code, errs, want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("refused runs left files: %v", ents)
	}

	out, errs, code := runWithin(t, 10*time.Second, "list", src)
	if code != 0 || strings.Contains(out, "pipe") || strings.Contains(out, "zero") || !strings.Contains(out, "minifig.si") {
		t.Errorf("list of the folder: exit %d\n%s%s", code, out, errs)
	}
	out, errs, code = runWithin(t, 20*time.Second, "export", src, "-o", filepath.Join(dir, "out")+"/", "--all")
	if code != 0 || !strings.Contains(out, "exported 2 clips to 2 files") {
		t.Errorf("export of the folder: exit %d\n%s%s", code, out, errs)
	}
}

// runWithin is runCLI that ends the test binary when the run has not
// returned after d: a run hanging on a pipe or filling memory from
// /dev/zero must not go on in the background.
func runWithin(t *testing.T, d time.Duration, args ...string) (string, string, int) {
	t.Helper()
	type res struct {
		out, errs string
		code      int
	}
	done := make(chan res, 1)
	go func() {
		o, e, c := runCLI(t, args...)
		done <- res{o, e, c}
	}()
	select {
	case r := <-done:
		return r.out, r.errs, r.code
	case <-time.After(d):
		panic("animview " + strings.Join(args, " ") + " did not return within " + d.String())
	}
}
