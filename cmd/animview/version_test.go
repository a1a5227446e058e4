package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/internal/release"
)

// TestVersionCommand: `version` and `--version` print the same lines,
// starting with the program's name and version.
func TestVersionCommand(t *testing.T) {
	a, errs, code := runCLI(t, "version")
	if code != 0 || errs != "" {
		t.Fatalf("version: exit %d: %s", code, errs)
	}
	b, _, code := runCLI(t, "--version")
	if code != 0 || a != b {
		t.Fatalf("--version: exit %d, %q; version gave %q", code, b, a)
	}
	if !strings.HasPrefix(a, "animview ") || !strings.Contains(a, "\ncommit: ") {
		t.Errorf("version output:\n%s", a)
	}
}

// TestVersionFromBuild builds the program from a clone of this checkout's
// HEAD as scripts/release.sh does (its flags, a release version through
// the linker), with an uncommitted file in the clone, and checks that
// `animview version` names the version, the commit and the modified tree:
// the information comes from the build, not from the source.
func TestVersionFromBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %s: %v", strings.Join(args, " "), err)
		}
		return strings.TrimSpace(string(out))
	}
	skip := t.Skip
	if os.Getenv("CI") == "true" {
		skip = t.Fatal // CI builds from a clone: both must be there
	}
	if _, err := exec.LookPath("git"); err != nil {
		skip("git is not installed")
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		skip("not a git checkout")
	}
	head := git(root, "rev-parse", "HEAD")
	src := filepath.Join(t.TempDir(), "src")
	git(root, "clone", "--quiet", "--shared", root, src)
	if err := os.WriteFile(filepath.Join(src, "uncommitted.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "animview")
	args := append([]string{"build", "-buildvcs=true"}, release.BuildArgs("9.8.7-test", bin)[1:]...)
	cmd := exec.Command("go", args...)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), release.BuildEnv(release.Target{OS: "linux", Arch: "amd64"})[:1]...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("animview version: %v", err)
	}
	for _, want := range []string{"animview 9.8.7-test\n", "commit: " + head + " (", "tree: modified"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("animview version lacks %q:\n%s", want, out)
		}
	}
}
