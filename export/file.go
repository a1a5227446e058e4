package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"
)

// ErrExists is the cause of an error for an export whose file exists and
// may not be replaced (without --force).
var ErrExists = errors.New("the file exists")

// CheckOverwrite returns nil when path may be written: its folder exists
// (CheckFolder) and it does not, or force allows replacing it. A file that
// exists gives an error wrapping ErrExists, so that a caller (the window)
// can ask before replacing.
func CheckOverwrite(path string, force bool) error {
	if err := CheckFolder(path); err != nil {
		return err
	}
	if force {
		return nil
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("export: %s: %w (--force replaces it)", path, ErrExists)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// CheckFolder returns nil when the folder path is to be written in
// exists, else an error that names the folder (rather than the temporary
// file a write would have failed to create in it).
func CheckFolder(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: the folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	case !st.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	return nil
}

// WriteFile writes the document to path, as .glb or .gltf by the name's
// extension, atomically (WriteAtomic). Without force an existing file is
// never replaced: the error wraps ErrExists.
func WriteFile(path string, doc *gltf.Document, force bool) error {
	var binary bool
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb":
		binary = true
	case ".gltf":
	default:
		return fmt.Errorf("export: %s: want a .glb or .gltf name", path)
	}
	if err := CheckOverwrite(path, force); err != nil {
		return err
	}
	write := func(w io.Writer) error { return Encode(w, doc, binary) }
	if force {
		return WriteAtomic(path, write)
	}
	return WriteNew(path, write)
}

// tempPrefix starts the name of every temporary file an export writes, so
// that SweepTemps can recognise the ones a killed run left behind: the
// program's process id follows, then a random number.
const tempPrefix = ".animview-"

// tempName matches a temporary's name and captures its process id.
var tempName = regexp.MustCompile(`^\.animview-([0-9]+)-[0-9]+\.tmp$`)

// WriteAtomic writes a file through write into a temporary file beside
// path and renames it to path (replacing what was there) only when write
// and the close succeed, so no partial file is ever left under path. The
// temporary's name is short whatever path's is (.animview-PID-N.tmp), and
// a run killed before the rename leaves it for SweepTemps.
func WriteAtomic(path string, write func(io.Writer) error) error {
	tmp, err := writeTemp(path, write)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// WriteNew is WriteAtomic that never replaces a file: the complete
// temporary is linked to path, which fails when path exists (the error
// wraps ErrExists), even if it appeared while the file was written. Where
// the file system has no hard links it checks, then renames.
func WriteNew(path string, write func(io.Writer) error) error {
	tmp, err := writeTemp(path, write)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	err = os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("export: %s: %w (--force replaces it)", path, ErrExists)
	}
	// No hard links here (FAT, some network file systems).
	if err := CheckOverwrite(path, false); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// writeTemp writes a complete temporary file in path's folder and returns
// its name.
func writeTemp(path string, write func(io.Writer) error) (name string, err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tempPrefix+strconv.Itoa(os.Getpid())+"-*.tmp")
	if err != nil {
		// Say what is wrong with the folder rather than name a temporary
		// the user never asked for.
		if ferr := CheckFolder(path); ferr != nil {
			return "", ferr
		}
		if u := errors.Unwrap(err); u != nil {
			err = u
		}
		return "", fmt.Errorf("%s: cannot write in %s: %w", path, dir, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	// CreateTemp makes the file private; an export is an ordinary file.
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// SweepTemps removes from dir the temporary files that earlier runs left
// behind (a run killed while writing): those named as WriteAtomic names
// them whose process is no longer running. A batch calls it before it
// writes into dir. It returns the names it removed.
func SweepTemps(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range ents {
		m := tempName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil || pid == os.Getpid() || processRunning(pid) {
			continue
		}
		// A file still open for writing cannot be removed on Windows,
		// where processRunning does not know.
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed, nil
}
