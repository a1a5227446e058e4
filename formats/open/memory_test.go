package open

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadCostsTheFileOnce is issue 35's item 5 for what is read: opening
// a file as info and list do (Entries, then Path) allocates its size once,
// whatever the extension claims and whatever the bytes are, not twice or
// more. Before: Entries read every file whole to look for a PAK header
// (2×); the Sims text sniffer copied a first line the size of the file,
// twice (3× in all); the MilkShape text reader copied the file and split
// it into a slice of all its lines (16 bytes a line), and quoted a line of
// NULs whole in its error (over 20×); the ANM parser did the same; the Sims
// text reader kept every line before "version ". The bound is 1.25× and
// 2 MiB.
func TestReadCostsTheFileOnce(t *testing.T) {
	const size = 8 << 20
	for _, content := range []struct {
		name string
		data []byte
	}{
		{"NUL bytes", make([]byte, size)},
		{"empty lines", bytes.Repeat([]byte("\n"), size)},
		{"one word a line", bytes.Repeat([]byte("ab\r\n"), size/4)},
	} {
		for _, ext := range []string{"cmx", "skn", "txt", "anm", "anim", "si", "ms3d", "pak", "bcf", "cfp", "ancs"} {
			// Alone in its folder: a .cfp reads the skills beside it.
			p := filepath.Join(t.TempDir(), "big."+ext)
			if err := os.WriteFile(p, content.data, 0o644); err != nil {
				t.Fatal(err)
			}
			got := allocated(func() {
				Entries(p, Options{})
				Path(p, Options{})
			})
			if got > size*5/4+2<<20 {
				t.Errorf("%s of %d MiB as .%s: opening it allocated %.1f MiB (%.2f×)", content.name, size>>20, ext, float64(got)/(1<<20), float64(got)/size)
			}
		}
	}
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
