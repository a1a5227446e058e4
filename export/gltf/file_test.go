package gltf

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/safefile"
)

// TestWriteRefusesToReplace is issue 25's item 7: an export never
// replaces a file without force, and says so; with force it does. No
// temporary file is left either way.
func TestWriteRefusesToReplace(t *testing.T) {
	a := demo.New()
	doc, err := Build(a, []Take{ClipTake(a.Skeleton, a.Clips[0])})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "demo.glb")
	if err := os.WriteFile(out, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFile(out, doc, false)
	if !errors.Is(err, safefile.ErrExists) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("write over a file: %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "keep me" {
		t.Errorf("the file was replaced: %q", b[:min(len(b), 8)])
	}
	if err := safefile.CheckOverwrite(out, false); !errors.Is(err, safefile.ErrExists) {
		t.Errorf("CheckOverwrite: %v", err)
	}
	if err := safefile.CheckOverwrite(out, true); err != nil {
		t.Errorf("CheckOverwrite with force: %v", err)
	}
	if err := safefile.CheckOverwrite(filepath.Join(dir, "new.glb"), false); err != nil {
		t.Errorf("CheckOverwrite of a new name: %v", err)
	}
	if err := WriteFile(out, doc, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b[:4]) != "glTF" {
		t.Errorf("force did not replace the file")
	}
	// A file that appears while the export is written is not replaced
	// either: the finished file is linked, not renamed, into place.
	late := filepath.Join(dir, "late.glb")
	err = safefile.WriteNew(late, func(w io.Writer) error {
		if err := os.WriteFile(late, []byte("first"), 0o644); err != nil {
			return err
		}
		_, err := io.WriteString(w, "second")
		return err
	})
	if b, _ := os.ReadFile(late); !errors.Is(err, safefile.ErrExists) || string(b) != "first" {
		t.Errorf("file written meanwhile: %v, holds %q", err, b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("folder holds %v, want demo.glb and late.glb", ents)
	}
}
