package folder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestListAndSiblings: the browser's listing has the parent, the
// sub-folders and the readable files (extensions in any case), without
// hidden names; the next and previous readable file wrap around, and a
// file of an unknown extension steps from where its name sorts.
func TestListAndSiblings(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.anim", "b.txt", "c.ani", "d.ANIM", ".e.anim"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Symlink(filepath.Join(dir, "sub"), filepath.Join(dir, "link"))
	exts := []string{"anim", "ani"}
	ents, err := List(dir, exts)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name)
	}
	if got := strings.Join(names, "|"); got != "../|link/|sub/|a.anim|c.ani|d.ANIM" {
		t.Errorf("listing %q", got)
	}
	if ents[0].Path != filepath.Dir(dir) || !ents[1].Dir || ents[3].Path != filepath.Join(dir, "a.anim") {
		t.Errorf("entries %+v", ents)
	}
	if ents, err := List(filepath.Join(dir, "none"), exts); err == nil || len(ents) != 1 || ents[0].Name != "../" {
		t.Errorf("missing folder: %v %v", ents, err)
	}
	os.Remove(filepath.Join(dir, ".e.anim"))
	for _, c := range []struct {
		from string
		d    int
		want string
	}{
		{"a.anim", 1, "c.ani"}, {"a.anim", -1, "d.ANIM"}, {"d.ANIM", 1, "a.anim"},
		{"b.txt", 1, "c.ani"}, {"b.txt", -1, "a.anim"},
	} {
		next, ok := Sibling(filepath.Join(dir, c.from), c.d, exts)
		if !ok || filepath.Base(next) != c.want {
			t.Errorf("%s %+d: %q %v, want %s", c.from, c.d, next, ok, c.want)
		}
	}
	if _, ok := Sibling("demo:", 1, exts); ok {
		t.Error("the demo has a sibling")
	}
	if _, ok := Sibling(filepath.Join(dir, "c.ani"), 1, []string{"ani"}); ok {
		t.Error("the only .ani file has a sibling")
	}
	if !Readable("X.SI", []string{"si"}) || Readable("x", []string{""}) {
		t.Error("Readable")
	}
}

// TestFreeName: a name no file has, counting up from the second.
func TestFreeName(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := FreeName(dir, now, ".png")
	if filepath.Base(a) != "animview-20260102-030405.png" {
		t.Errorf("first name %q", a)
	}
	os.WriteFile(a, nil, 0o644)
	if b := FreeName(dir, now, ".png"); filepath.Base(b) != "animview-20260102-030405-2.png" {
		t.Errorf("second name %q", b)
	}
	if g := FreeName(dir, now, ".gif"); filepath.Base(g) != "animview-20260102-030405.gif" {
		t.Errorf("a GIF beside the PNG: %q", g)
	}
}

// TestComplete: Tab in the browser's field grows its last part to what
// the matching folders and readable files share, a folder ending in /.
func TestComplete(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"subfolder", "subway", ".hidden"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"walk.anim", "walk.txt", "wave.anim"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exts := []string{"anim"}
	for _, c := range []struct{ field, want string }{
		{dir + "/subf", dir + "/subfolder/"},
		{dir + "/su", dir + "/sub"},        // subfolder/ and subway/ share "sub"
		{dir + "/wal", dir + "/walk.anim"}, // walk.txt is not readable
		{dir + "/x", dir + "/x"},           // nothing matches
		{"subf", "subfolder/"},             // relative to the folder shown
		{dir + "/", dir + "/"},             // sub..., walk, wave share nothing
		{dir + "/.h", dir + "/.hidden/"},
	} {
		if got := Complete(c.field, dir, exts); got != c.want {
			t.Errorf("Complete(%q) = %q, want %q", c.field, got, c.want)
		}
	}
}
