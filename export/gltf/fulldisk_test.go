package gltf

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/internal/smallfs"
	"github.com/qmuntal/gltf"
)

func demoDoc(t *testing.T) *gltf.Document {
	t.Helper()
	a := demo.New()
	doc, err := Build(a, allTakes(a))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestEncodeKeepsWriteErrors is issue 35's item 1: qmuntal/gltf v0.29.0's
// binary encoding ignores the errors of its JSON, padding and BIN chunk
// writes, so a disk that fills in any of them gave a short .glb and no
// error. Encode must report the failure wherever the disk fills (the
// GLB layout: a 12-byte header, the JSON chunk's 8-byte header and
// text, the BIN chunk's header and data).
func TestEncodeKeepsWriteErrors(t *testing.T) {
	doc := demoDoc(t)
	for _, bin := range []bool{true, false} {
		var whole bytes.Buffer
		if err := Encode(&whole, doc, bin); err != nil {
			t.Fatal(err)
		}
		size := whole.Len()
		cuts := []int{0, 6, size / 2, size - 1}
		if bin {
			b := whole.Bytes()
			jsonLen := int(b[12]) | int(b[13])<<8 | int(b[14])<<16 | int(b[15])<<24
			cuts = append(cuts, 12, 16, 20, 20+jsonLen/2, 20+jsonLen, 20+jsonLen+4, 20+jsonLen+8, 20+jsonLen+8+100)
		}
		for _, room := range cuts {
			err := Encode(&smallfs.FullWriter{W: io.Discard, Room: room}, doc, bin)
			if !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("binary %v, disk full after %d of %d bytes: %v, want ENOSPC", bin, room, size, err)
			}
		}
	}
}

// TestEncodeChecksTheDeclaredLength: a writer that drops bytes without
// saying so (a short count and no error) is caught by the count and by
// the GLB header's length.
func TestEncodeChecksTheDeclaredLength(t *testing.T) {
	w := writerFunc(func(p []byte) (int, error) { return len(p) / 2, nil })
	if err := Encode(w, demoDoc(t), true); err == nil {
		t.Error("a writer that takes half of every write: no error")
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestWriteFullDisk is issue 35's item 1 on a real file system too small
// for the export (a 16 KiB tmpfs): the export fails with ENOSPC, a good
// file it was to replace (--force) is kept, and no temporary is left
// behind (export/batch's TestRunFullDisk: a batch lists the file as
// failed).
func TestWriteFullDisk(t *testing.T) {
	doc := demoDoc(t)
	var whole bytes.Buffer
	if err := Encode(&whole, doc, true); err != nil {
		t.Fatal(err)
	}
	const room = 16 << 10
	if whole.Len() < 2*room {
		t.Fatalf("the demo's export is %d bytes; the test needs more than %d", whole.Len(), 2*room)
	}
	dir := smallfs.Mount(t, room)
	left := func() []string {
		ents, _ := os.ReadDir(dir)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		return names
	}
	out := filepath.Join(dir, "demo.glb")
	if err := os.WriteFile(out, []byte("the good old file"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"demo.glb", "demo.gltf"} {
		err := WriteFile(filepath.Join(dir, name), doc, true)
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s on a full disk: %v, want ENOSPC naming the file", name, err)
		}
	}
	if b, _ := os.ReadFile(out); string(b) != "the good old file" {
		t.Errorf("the old file was replaced by %d bytes", len(b))
	}
	if n := left(); len(n) != 1 {
		t.Errorf("folder holds %v, want demo.glb alone", n)
	}
	err := safefile.WriteAtomic(filepath.Join(dir, "big.png"), func(w io.Writer) error {
		_, err := w.Write(make([]byte, 2*room))
		return err
	})
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("PNG on a full disk: %v", err)
	}
}
