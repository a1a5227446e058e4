package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// TestMemoryLimit is issue 35's item 5 for what a command holds: each
// command that reads a file sets the runtime's soft memory limit to the
// file's size, the archive budget and memoryHeadroom (README, "What you
// can rely on"), so that garbage made while an archive holds its budget
// never lets the heap double (before: no limit; a PAK batch held 1.05 GB
// against a 512 MiB budget).
func TestMemoryLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) })
	const pak = "../../formats/prime/pak/testdata/DemoSet-mp1.pak"
	st, err := os.Stat(pak)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for _, tc := range []struct {
		args []string
		want int64
	}{
		{[]string{"export", pak, "-o", out + "/", "--all", "--jobs", "1", "--archive-budget", "64"}, st.Size() + 64<<20 + memoryHeadroom},
		{[]string{"info", pak}, st.Size() + 512<<20 + memoryHeadroom},
		{[]string{"list", pak, "--archive-budget", "100"}, st.Size() + 100<<20 + memoryHeadroom},
		{[]string{"render", pak, "-o", filepath.Join(out, "x.png")}, st.Size() + 512<<20 + memoryHeadroom},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		if _, errs, code := runCLI(t, tc.args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs)
		}
		if got := debug.SetMemoryLimit(-1); got != tc.want {
			t.Errorf("%v: memory limit %d, want %d", tc.args, got, tc.want)
		}
	}
}
