// Package smallfs gives tests a real, tiny file system to fill: a tmpfs of
// a given size mounted on a temporary folder, so that writes fail with
// ENOSPC as on a full disk. Mounting takes root (CI runs as root); where it
// is not possible the test is skipped, unless ANIMVIEW_REQUIRE_SMALLFS is
// set (scripts/test.sh sets it), where it fails. Only tests import it.
package smallfs

import (
	"io"
	"os"
	"syscall"
	"testing"
)

// Mount mounts a tmpfs of size bytes (rounded up to whole pages by the
// kernel) on a new temporary folder and returns the folder; it is
// unmounted when the test ends.
func Mount(t testing.TB, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := mount(dir, size); err != nil {
		if os.Getenv("ANIMVIEW_REQUIRE_SMALLFS") != "" {
			t.Fatalf("cannot mount a small file system: %v", err)
		}
		t.Skipf("cannot mount a small file system (%v); scripts/test.sh requires it", err)
	}
	t.Cleanup(func() {
		if err := unmount(dir); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return dir
}

// FullWriter takes Room bytes, passing them on to W, then fails as a full
// disk does: a short write and ENOSPC. The full-disk tests of the safe
// writes and of the glTF encoder share it.
type FullWriter struct {
	W    io.Writer
	Room int
}

// Write implements io.Writer.
func (f *FullWriter) Write(p []byte) (int, error) {
	if len(p) <= f.Room {
		f.Room -= len(p)
		return f.W.Write(p)
	}
	n, _ := f.W.Write(p[:f.Room])
	f.Room = 0
	return n, syscall.ENOSPC
}
