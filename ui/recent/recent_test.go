package recent

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSaveLoad: the list comes back in order, blank lines left out and
// cut at the limit; a missing file is an empty list, an unreadable one
// an error.
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "cfg", "animview", "recent")
	if got, err := Load(f, 10); err != nil || len(got) != 0 {
		t.Errorf("missing file: %q %v", got, err)
	}
	if err := Save(f, []string{"/a/c.ani", "/a/b.anim"}); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(f, 10); err != nil || len(got) != 2 || got[0] != "/a/c.ani" || got[1] != "/a/b.anim" {
		t.Errorf("loaded %q %v", got, err)
	}
	os.WriteFile(f, []byte("\n/x\n  \n/y\n/z\n"), 0o644)
	if got, err := Load(f, 2); err != nil || len(got) != 2 || got[1] != "/y" {
		t.Errorf("loaded %q %v", got, err)
	}
	if _, err := Load(dir, 10); err == nil {
		t.Error("a folder read as the list")
	}
	if file, err := File(); err == nil && filepath.Base(file) != "recent" {
		t.Errorf("file %q", file)
	}
}
