package open

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFolderFirstEntryBroken: a folder whose first files do not open (a
// 0-byte .anim, a damaged one) opens on its first readable entry, a
// model, and lists every entry with the broken ones marked (issue 33
// item 2: it opened to the error alone, no list, no figure).
func TestFolderFirstEntryBroken(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"a-empty.anim": "", "b-damaged.anim": "\x00\x00\x00\x02 broken"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, ms3dFile, filepath.Join(dir, "c-model.ms3d"))
	sims, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	copyFile(t, sims[0], filepath.Join(dir, "d-walk.anim"))

	// Listing marks the empty file, which needs no opening to tell.
	f, err := OpenFolder(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	es := f.Entries()
	if len(es) != 4 || !strings.Contains(es[0].Err, "empty") || es[1].Err != "" || es[2].Err != "" {
		t.Fatalf("listing: %+v", es)
	}

	a, err := Path(dir, Options{})
	if err != nil {
		t.Fatalf("the folder does not open: %v", err)
	}
	if a.Entry != "c-model.ms3d" || a.Format != "ms3d" || a.Skeleton == nil {
		t.Errorf("opened entry %q (%s, skeleton %v); want c-model.ms3d", a.Entry, a.Format, a.Skeleton != nil)
	}
	tests := []struct {
		name   string
		broken bool
	}{{"a-empty.anim", true}, {"b-damaged.anim", true}, {"c-model.ms3d", false}, {"d-walk.anim", false}}
	if len(a.Entries) != len(tests) {
		t.Fatalf("entries %+v, want %d", a.Entries, len(tests))
	}
	warns := strings.Join(a.Warnings, "\n")
	for i, tt := range tests {
		e := a.Entries[i]
		if e.Name != tt.name || (e.Err != "") != tt.broken {
			t.Errorf("entry %d: %q error %q; want %q, broken %v", i, e.Name, e.Err, tt.name, tt.broken)
		}
		if tt.broken && !strings.Contains(warns, tt.name+": passed over") {
			t.Errorf("no warning names %s:\n%s", tt.name, warns)
		}
	}
	// A named entry opens as before; the empty file stays marked.
	if a, err := Entry(dir, "d-walk.anim", Options{}); err != nil || a.Entry != "d-walk.anim" || a.Entries[0].Err == "" {
		t.Errorf("Entry d-walk.anim: %v", err)
	}
	if _, err := Entry(dir, "b-damaged.anim", Options{}); err == nil {
		t.Error("the damaged entry opened by name")
	}

	// A folder where nothing opens is an error that names the first.
	for _, n := range []string{"c-model.ms3d", "d-walk.anim"} {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Path(dir, Options{}); err == nil || !strings.Contains(err.Error(), "none of its 2 entries opens") || !strings.Contains(err.Error(), "a-empty.anim") {
		t.Errorf("all broken: %v", err)
	}
}
