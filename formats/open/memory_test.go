package open

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/prime/primetest"
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

// TestPAKHoldsWhatItDecompresses is issue 35's item 5 for archives: a
// PAK is read as its entries are needed, so listing it, opening an entry
// and a batch over all its entries allocate what they decompress, not
// the archive's file as well (before: the whole file was read, and a
// batch held it beside the entries it decompressed: 1.04 GB for a 500 MB
// archive whose entries decompress 480 MiB). Here a 64 MiB entry no
// character uses must cost nothing.
func TestPAKHoldsWhatItDecompresses(t *testing.T) {
	const filler = 64 << 20
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	var entries []pak.WriteEntry
	for n, b := range files {
		id, err := strconv.ParseUint(n[:8], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, pak.WriteEntry{Type: pak.Type4(n[9:]), ID: uint32(id), Data: b, Compression: pak.Zlib})
	}
	entries = append(entries, pak.WriteEntry{Type: pak.Type4("DUMB"), ID: 0xC0000000, Data: make([]byte, filler)})
	data, err := pak.Write(nil, entries, pak.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "big.pak")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data = nil
	for what, f := range map[string]func() error{
		"Entries": func() error { _, _, _, err := Entries(p, Options{}); return err },
		"Path":    func() error { _, err := Path(p, Options{}); return err },
		"Batch": func() error {
			items, err := Batch(p, Options{})
			if err != nil {
				return err
			}
			a, err := items[0].Load()
			if err != nil {
				return err
			}
			_, _, more := items[0].Expand(a)
			if len(more) == 0 {
				t.Error("the batch has one item")
			}
			for _, it := range more {
				if _, err := it.Load(); err != nil {
					return err
				}
			}
			return nil
		},
	} {
		var err error
		if got := allocated(func() { err = f() }); err != nil || got > filler/4 {
			t.Errorf("%s of a PAK with a %d MiB entry no one uses: allocated %.1f MiB, %v", what, filler>>20, float64(got)/(1<<20), err)
		}
	}
}
