package formats

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestBudget counts concurrent takes exactly and refuses the one that
// would pass the limit, naming the archive and the budget.
func TestBudget(t *testing.T) {
	b := NewBudget("x.pak", 1000)
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := b.Take("entry", 100); err != nil {
				mu.Lock()
				refused++
				mu.Unlock()
				if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "archive x.pak") || !strings.Contains(err.Error(), "budget of 1000 bytes") {
					t.Errorf("error %v", err)
				}
			}
		}()
	}
	wg.Wait()
	if b.Used() != 1000 || refused != 10 {
		t.Errorf("used %d with %d refused, want 1000 and 10", b.Used(), refused)
	}
	if d := NewBudget("y", 0); d.Limit() != DefaultBudget {
		t.Errorf("default limit %d", d.Limit())
	}
	for _, tc := range []struct {
		v    string
		want int64
		bad  bool
	}{{"", DefaultBudget, false}, {"1", 1 << 20, false}, {"2048", 2048 << 20, false}, {"0", 0, true}, {"-5", 0, true}, {"1.5", 0, true}, {"x", 0, true}} {
		b, err := BudgetFromOptions("z", map[string]string{OptionBudget: tc.v})
		if tc.bad != (err != nil) || (err == nil && b.Limit() != tc.want) {
			t.Errorf("%q: %v, %v", tc.v, b, err)
		}
	}
}

// symlinkFolder makes a folder with a regular file, a link to it, a link
// to a folder, a dangling link and a folder, and returns its path.
func symlinkFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	elsewhere := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	must(os.WriteFile(filepath.Join(elsewhere, "real.bin"), []byte("0123456789"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "plain.bin"), []byte("plain"), 0o644))
	must(os.Symlink(filepath.Join(elsewhere, "real.bin"), filepath.Join(dir, "linked.bin")))
	must(os.Symlink(elsewhere, filepath.Join(dir, "folder-link")))
	must(os.Symlink(filepath.Join(elsewhere, "gone"), filepath.Join(dir, "dangling.bin")))
	must(os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	return dir
}

// TestSymlinkedFilesAreFiles is issue 25's item 9: a symbolic link to a
// regular file is listed and opened like the file (companion lookups go
// through List), links to folders and dangling links are not.
func TestSymlinkedFilesAreFiles(t *testing.T) {
	dir := symlinkFolder(t)
	names, err := RegularFiles(os.DirFS(dir), ".")
	if err != nil || !slices.Equal(names, []string{"linked.bin", "plain.bin"}) {
		t.Fatalf("RegularFiles: %v, %v", names, err)
	}
	r := FSResolver{FS: os.DirFS(dir)}
	if got, _ := r.List(); !slices.Equal(got, names) {
		t.Errorf("List: %v", got)
	}
	if n, ok := FindSibling(r, "LINKED.BIN"); !ok || n != "linked.bin" {
		t.Errorf("FindSibling through a link: %q %v", n, ok)
	}
	if b, err := r.Open("linked.bin"); err != nil || string(b) != "0123456789" {
		t.Errorf("Open through a link: %q %v", b, err)
	}
	// Names read from a file never carry a path, links or not.
	for _, bad := range []string{"folder-link/real.bin", "../plain.bin"} {
		if _, err := r.Open(bad); err == nil {
			t.Errorf("Open(%q) followed a path", bad)
		}
		if _, _, err := r.OpenPrefix(bad, 4); err == nil {
			t.Errorf("OpenPrefix(%q) followed a path", bad)
		}
	}
}

// TestFSResolverOpenPrefix reads only the start of a file, and says when
// it has it all.
func TestFSResolverOpenPrefix(t *testing.T) {
	dir := symlinkFolder(t)
	r := FSResolver{FS: os.DirFS(dir)}
	for _, tc := range []struct {
		n     int
		want  string
		whole bool
	}{{4, "0123", false}, {9, "012345678", false}, {10, "0123456789", true}, {64, "0123456789", true}} {
		b, whole, err := r.OpenPrefix("linked.bin", tc.n)
		if err != nil || string(b) != tc.want || whole != tc.whole {
			t.Errorf("prefix %d: %q %v %v", tc.n, b, whole, err)
		}
	}
}
