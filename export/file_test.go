package export

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

	"github.com/animview/animview/formats/demo"
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
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("write over a file: %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "keep me" {
		t.Errorf("the file was replaced: %q", b[:min(len(b), 8)])
	}
	if err := CheckOverwrite(out, false); !errors.Is(err, ErrExists) {
		t.Errorf("CheckOverwrite: %v", err)
	}
	if err := CheckOverwrite(out, true); err != nil {
		t.Errorf("CheckOverwrite with force: %v", err)
	}
	if err := CheckOverwrite(filepath.Join(dir, "new.glb"), false); err != nil {
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
	err = WriteNew(late, func(w io.Writer) error {
		if err := os.WriteFile(late, []byte("first"), 0o644); err != nil {
			return err
		}
		_, err := io.WriteString(w, "second")
		return err
	})
	if b, _ := os.ReadFile(late); !errors.Is(err, ErrExists) || string(b) != "first" {
		t.Errorf("file written meanwhile: %v, holds %q", err, b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("folder holds %v, want demo.glb and late.glb", ents)
	}
}

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
	a := demo.New()
	doc, err := Build(a, []Take{ClipTake(a.Skeleton, a.Clips[0])})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		base := filepath.Base(p)
		if len(base) > NameMax(dir) || !utf8.ValidString(base) || filepath.Dir(p) != dir || !strings.HasSuffix(base, ".glb") {
			t.Errorf("%q (%d bytes)", base, len(base))
		}
		if seen[strings.ToLower(base)] {
			t.Errorf("%q given twice", base)
		}
		seen[strings.ToLower(base)] = true
		if err := WriteFile(p, doc, false); err != nil {
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
