package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/animview/animview/internal/smallfs"
)

// TestNamerFitsTheFileSystem is issue 25's item 6: an entry name longer
// than the file system takes (255 bytes here) becomes a shorter name that
// stays unique, and the file is written (before: "file name too long" on
// the temporary file, whose name added to the output's).
func TestNamerFitsTheFileSystem(t *testing.T) {
	dir := t.TempDir()
	n := NewNamer(dir, ".glb")
	long := strings.Repeat("ÄnimationEntry", 30) // 450 bytes
	paths := []string{n.Path("pak_" + long + "_a"), n.Path("pak_" + long + "_b"), n.Path("short"), n.Path("SHORT"),
		n.Path("bad/name:\x01"), n.Path(".."), n.Path(long), n.Path(long)}
	seen := map[string]bool{}
	for _, p := range paths {
		base := filepath.Base(p)
		if len(base) > NameMax(dir) || !utf8.ValidString(base) || filepath.Dir(p) != dir || !strings.HasSuffix(base, ".glb") {
			t.Errorf("%q (%d bytes)", base, len(base))
		}
		if seen[strings.ToLower(base)] {
			t.Errorf("%q given twice", base)
		}
		seen[strings.ToLower(base)] = true
		if err := WriteNew(p, func(w io.Writer) error { _, err := io.WriteString(w, "glTF"); return err }); err != nil {
			t.Errorf("writing %q: %v", base, err)
		}
	}
	if got := filepath.Base(paths[3]); got != "SHORT_2.glb" {
		t.Errorf("a name repeated in another case: %q", got)
	}
	if got := filepath.Base(paths[4]); got != "bad_name__.glb" {
		t.Errorf("sanitized: %q", got)
	}
	if !strings.HasPrefix(filepath.Base(paths[0]), "pak_ÄnimationEntry") {
		t.Errorf("a long name keeps its start: %q", paths[0])
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != len(paths) {
		t.Errorf("%d files for %d exports", len(ents), len(paths))
	}
}

// TestSweepTemps is issue 25's item 8: the temporary a run killed with
// SIGKILL leaves behind (a child process is killed while it writes) is
// removed by the next batch's sweep; a running process's, and other
// files, are kept.
func TestSweepTemps(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGKILL")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestHelperBlockedExport$")
	cmd.Env = append(os.Environ(), "ANIMVIEW_BLOCKED_EXPORT="+filepath.Join(dir, "out.glb"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The child says when its temporary file holds data.
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "writing") {
		cmd.Process.Kill()
		t.Fatalf("child: %q %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	left, _ := filepath.Glob(filepath.Join(dir, ".animview-*.tmp"))
	if len(left) != 1 {
		t.Fatalf("the killed export left %v", left)
	}
	mine := filepath.Join(dir, fmt.Sprintf(".animview-%d-1.tmp", os.Getpid()))
	other := filepath.Join(dir, ".out.glb.123.tmp")
	for _, p := range []string{mine, other} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := SweepTemps(dir)
	if err != nil || len(removed) != 1 || removed[0] != filepath.Base(left[0]) {
		t.Errorf("swept %v, %v; want %s", removed, err, filepath.Base(left[0]))
	}
	for _, p := range []string{mine, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.glb")); err == nil {
		t.Error("the killed export's file exists")
	}
}

// TestHelperBlockedExport is the child of TestSweepTemps: it starts an
// export whose writer blocks after its first bytes.
func TestHelperBlockedExport(t *testing.T) {
	out := os.Getenv("ANIMVIEW_BLOCKED_EXPORT")
	if out == "" {
		t.Skip("run by TestSweepTemps")
	}
	WriteNew(out, func(w io.Writer) error {
		io.WriteString(w, "glTF partial")
		fmt.Println("writing " + strconv.Itoa(os.Getpid()))
		select {} // until killed
	})
}

// TestWriteMissingFolder: writing into a folder that does not exist (or a
// file standing where the folder should be) names the folder, never the
// temporary the write could not create (issue 24 #9), and CheckOverwrite
// says so before any work.
func TestWriteMissingFolder(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(w io.Writer) error { _, err := w.Write([]byte("data")); return err }
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "x.glb"), "the folder " + filepath.Join(dir, "missing") + " does not exist"},
		{filepath.Join(plain, "x.glb"), plain + " is not a folder"},
	} {
		for name, err := range map[string]error{
			"WriteAtomic":    WriteAtomic(tc.path, write),
			"WriteNew":       WriteNew(tc.path, write),
			"CheckOverwrite": CheckOverwrite(tc.path, false),
			"forced":         CheckOverwrite(tc.path, true),
		} {
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), ".tmp") {
				t.Errorf("%s %s: %v, want an error saying %q", name, tc.path, err, tc.want)
			}
		}
	}
}

// TestPending: WritePending leaves the complete file under a temporary
// name and nothing at path; Discard removes it, Commit puts it in place
// (replacing a file only when asked to, as WriteAtomic and WriteNew do).
// The window's jobs rely on this to honour a cancel that comes after the
// last frame (ui/record.go).
func TestPending(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.gif")
	names := func() []string {
		ents, _ := os.ReadDir(dir)
		var out []string
		for _, e := range ents {
			out = append(out, e.Name())
		}
		return out
	}
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	p, err := WritePending(path, true, write("one"))
	if err != nil {
		t.Fatal(err)
	}
	if n := names(); len(n) != 1 || !tempName.MatchString(n[0]) || p.Path() != path {
		t.Fatalf("pending: folder holds %v, want one temporary", n)
	}
	if err := p.Discard(); err != nil {
		t.Fatal(err)
	}
	if n := names(); len(n) != 0 {
		t.Fatalf("discarded: folder holds %v", n)
	}
	for _, tc := range []struct {
		replace bool
		text    string
		want    string
		exists  bool
	}{
		{replace: false, text: "new", want: "new"},               // nothing there: linked
		{replace: false, text: "two", want: "new", exists: true}, // never replaced
		{replace: true, text: "three", want: "three"},            // replaced
	} {
		p, err := WritePending(path, tc.replace, write(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		err = p.Commit()
		if errors.Is(err, ErrExists) != tc.exists {
			t.Errorf("commit %q (replace %v): %v", tc.text, tc.replace, err)
		}
		if b, _ := os.ReadFile(path); string(b) != tc.want {
			t.Errorf("commit %q (replace %v): file holds %q, want %q", tc.text, tc.replace, b, tc.want)
		}
		if n := names(); len(n) != 1 {
			t.Errorf("commit %q: folder holds %v, want the file alone", tc.text, n)
		}
	}
}

// failingFile is a temporary file whose writes fail after room bytes.
type failingFile struct {
	*os.File
	w *smallfs.FullWriter
}

func (f *failingFile) Write(p []byte) (int, error) { return f.w.Write(p) }

// TestFinishTempFullDisk: the write path under every atomic writer
// (GLB, glTF, PNG, GIF) reports a disk that fills, naming the target, not
// the temporary, with ENOSPC wrapped.
func TestFinishTempFullDisk(t *testing.T) {
	// Ten writes of 1000 bytes, as an encoder makes them.
	write := func(w io.Writer) error {
		for range 10 {
			if _, err := w.Write(make([]byte, 1000)); err != nil {
				return err
			}
		}
		return nil
	}
	for _, room := range []int{0, 100, 5000} {
		f, err := os.CreateTemp(t.TempDir(), "x")
		if err != nil {
			t.Fatal(err)
		}
		ff := &failingFile{File: f, w: &smallfs.FullWriter{W: f, Room: room}}
		err = finishTemp(ff, "out.glb", write)
		f.Close()
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "out.glb") || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("disk full after %d bytes: %v", room, err)
		}
	}
}
