package ms3d

import (
	"bytes"
	"os"
	"testing"

	"github.com/animview/animview/formats"
)

// FuzzMS3D checks that no input panics, hangs or allocates without bound,
// that every accepted input gives an asset that validates, and that
// writing a parsed file and reading it back gives the same File.
func FuzzMS3D(f *testing.F) {
	f.Add(mustEncode(f, arm()))
	f.Add(mustEncode(f, armV3()))
	for _, name := range []string{armFixture, v3Fixture, TubeFixture, TexturedFixture + "/textured.ms3d"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(Magic + "\x04\x00\x00\x00"))
	// The textured fixture's folder: texture paths the fuzzer makes are
	// looked for there (and nowhere else).
	dir := formats.FSResolver{FS: os.DirFS(TexturedFixture)}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		if a, err := Load(&formats.Input{Name: "fuzz.ms3d", Data: data, Siblings: dir}); err == nil {
			if err := a.Validate(); err != nil {
				t.Fatalf("accepted input does not validate: %v", err)
			}
		}
		out, err := file.Encode()
		if err != nil {
			t.Fatalf("encode of a parsed file: %v", err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("reading back what was written: %v", err)
		}
		// Compared as bytes: NaN values make DeepEqual useless.
		out2, err := again.Encode()
		if err != nil || !bytes.Equal(out2, out) {
			t.Fatalf("writing the file read back from Encode(Parse(x)) gives other bytes (%v)", err)
		}
	})
}

// FuzzMS3DText does the same for the ASCII export reader.
func FuzzMS3DText(f *testing.F) {
	f.Add(arm().EncodeText())
	if b, err := os.ReadFile(textFixture); err == nil {
		f.Add(b)
	}
	f.Add([]byte("Frames: 1\nFrame: 1\nMeshes: 0\nMaterials: 0\nBones: 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := LoadText(&formats.Input{Name: "fuzz.txt", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("accepted input does not validate: %v", err)
		}
	})
}
