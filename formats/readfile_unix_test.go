//go:build unix

package formats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFileRefusesSpecialFiles is issue 35's item 4: a named pipe,
// /dev/zero and a symbolic link to it are refused by name and kind, at
// once (before: a pipe blocked for ever, /dev/zero was read without end),
// through ReadFile, ReadFS and FSResolver (a loader's companions).
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.cinf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.cinf")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "good.cinf"), []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := FSResolver{FS: os.DirFS(dir)}
	for _, tc := range []struct{ path, kind string }{
		{fifo, "a named pipe (FIFO)"},
		{"/dev/zero", "a character device"},
		{filepath.Join(dir, "zero.cinf"), "a character device"},
	} {
		name := filepath.Base(tc.path)
		reads := map[string]func() error{
			"ReadFile": func() error { _, err := ReadFile(tc.path, 1<<30); return err },
			"ReadFS":   func() error { _, err := ReadFS(os.DirFS(filepath.Dir(tc.path)), name, 1<<30); return err },
		}
		if filepath.Dir(tc.path) == dir {
			reads["Open"] = func() error { _, err := r.Open(name); return err }
			reads["OpenPrefix"] = func() error { _, _, err := r.OpenPrefix(name, 64); return err }
		}
		for how, read := range reads {
			err := within(t, 10*time.Second, read)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), name+" is "+tc.kind+", not a regular file") {
				t.Errorf("%s %s: %v, want it named as %s", how, tc.path, err, tc.kind)
			}
		}
	}
	if names, err := r.List(); err != nil || strings.Join(names, " ") != "good.cinf" {
		t.Errorf("List: %v %v, want good.cinf alone", names, err)
	}
	good := filepath.Join(dir, "good.cinf")
	if b, err := ReadFile(good, 10); err != nil || string(b) != "0123456789" {
		t.Errorf("ReadFile of a 10-byte file: %q %v", b, err)
	}
	if _, err := ReadFile(good, 9); err == nil || !strings.Contains(err.Error(), "more than the 9-byte limit") {
		t.Errorf("ReadFile over the limit: %v", err)
	}
}

// within runs f and returns its error, ending the test binary when f has
// not returned after d: a read that hangs on a pipe or fills memory from
// /dev/zero must not run on in the background.
func within(t *testing.T, d time.Duration, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		panic("a read of a special file did not return within " + d.String())
	}
}
