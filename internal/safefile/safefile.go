// Package safefile writes files whole or not at all: each is written to a
// temporary beside its destination, synced and checked, then renamed over
// the destination or linked where nothing is (never replacing a file
// unless asked to). It sweeps the temporaries a killed run left behind and
// names a batch's outputs so that each is unique in its folder and fits
// the folder's file system. The glTF export, the batch, the render
// command and the window write their files through it.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// ErrExists is the cause of an error for an output whose file exists and
// may not be replaced (without --force). The messages that wrap it start
// "export:" whatever the output, as they did before this package was cut
// from the export's.
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

// tempPrefix starts the name of every temporary file written here, so
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
	p, err := WritePending(path, true, write)
	if err != nil {
		return err
	}
	return p.Commit()
}

// WriteNew is WriteAtomic that never replaces a file: the complete
// temporary is linked to path, which fails when path exists (the error
// wraps ErrExists), even if it appeared while the file was written. Where
// the file system has no hard links it checks, then renames.
func WriteNew(path string, write func(io.Writer) error) error {
	p, err := WritePending(path, false, write)
	if err != nil {
		return err
	}
	return p.Commit()
}

// Pending is a complete file written under a temporary name beside its
// destination (WritePending), waiting for Commit to put it in place or
// Discard to remove it. A job writing on another goroutine returns one so
// that the goroutine that can cancel the job has the last word: a cancel
// it asked for before it commits then never leaves a file, however late
// the job saw it.
type Pending struct {
	tmp, path string
	replace   bool
}

// WritePending writes a file through write as WriteAtomic does (replace)
// or WriteNew does (not replace), but stops short of putting it under
// path: the caller must Commit or Discard the result. When write or the
// close fails nothing is left and the error is returned.
func WritePending(path string, replace bool, write func(io.Writer) error) (*Pending, error) {
	tmp, err := writeTemp(path, write)
	if err != nil {
		return nil, err
	}
	return &Pending{tmp: tmp, path: path, replace: replace}, nil
}

// Path is where Commit puts the file.
func (p *Pending) Path() string { return p.path }

// Commit puts the file under its path: renamed over what was there, or
// linked where nothing was (the error then wraps ErrExists). The
// temporary is gone afterwards whatever the outcome.
func (p *Pending) Commit() error {
	if p.replace {
		if err := os.Rename(p.tmp, p.path); err != nil {
			os.Remove(p.tmp)
			return err
		}
		return nil
	}
	defer os.Remove(p.tmp)
	err := os.Link(p.tmp, p.path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("export: %s: %w (--force replaces it)", p.path, ErrExists)
	}
	// No hard links here (FAT, some network file systems).
	if err := CheckOverwrite(p.path, false); err != nil {
		return err
	}
	return os.Rename(p.tmp, p.path)
}

// Discard removes the temporary, leaving path as it was.
func (p *Pending) Discard() error {
	if err := os.Remove(p.tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("export: %s: remove the unfinished file: %w", p.path, err)
	}
	return nil
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
	if err = finishTemp(f, path, write); err != nil {
		return "", err
	}
	// CreateTemp makes the file private; an output is an ordinary file.
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

// tempFile is what finishTemp needs of the temporary *os.File (an
// interface so that a test can make its writes fail).
type tempFile interface {
	io.Writer
	Sync() error
	Stat() (fs.FileInfo, error)
	Close() error
}

// finishTemp writes the temporary file f through write and makes sure all
// of it reached the disk before anyone renames it: the first write error
// is kept even when the encoder drops it (qmuntal/gltf's GLB encoding
// does), then the file is synced, its size checked against the bytes
// written, and closed. Any failure is an error naming path (not the
// temporary), with the cause (syscall.ENOSPC for a full disk) wrapped.
// f is closed on success; on failure the caller closes and removes it.
func finishTemp(f tempFile, path string, write func(io.Writer) error) error {
	cw := NewCheckedWriter(f, 0)
	err := write(cw)
	switch {
	case cw.Err() != nil:
		return fmt.Errorf("export: %s: write: %w", path, cw.Err())
	case err != nil:
		return err
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("export: %s: write (sync): %w", path, plainErr(err))
	}
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("export: %s: %w", path, plainErr(err))
	}
	if st.Size() != cw.Written() {
		return fmt.Errorf("export: %s: the file holds %d bytes of the %d written", path, st.Size(), cw.Written())
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("export: %s: write (close): %w", path, plainErr(err))
	}
	return nil
}

// CheckedWriter passes writes on to the writer it wraps, counts the
// bytes that writer takes and keeps the first error: after one, every
// write fails with it, so a writer that ignores some results
// (qmuntal/gltf v0.29.0's encodeBinary) cannot put a short file past its
// caller. It can also keep the first bytes written (a file's header).
type CheckedWriter struct {
	w    io.Writer
	n    int64
	err  error
	head []byte
}

// NewCheckedWriter returns a CheckedWriter over w that keeps the first
// head bytes written (none for 0).
func NewCheckedWriter(w io.Writer, head int) *CheckedWriter {
	c := &CheckedWriter{w: w}
	if head > 0 {
		c.head = make([]byte, 0, head)
	}
	return c
}

// Written is the count of bytes the wrapped writer took.
func (c *CheckedWriter) Written() int64 { return c.n }

// Err is the first error of a write, without the *fs.PathError of a
// temporary file around it; nil while there has been none.
func (c *CheckedWriter) Err() error { return c.err }

// Head is the first bytes written, up to the count NewCheckedWriter was
// given.
func (c *CheckedWriter) Head() []byte { return c.head }

// Write implements io.Writer.
func (c *CheckedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if n < 0 || n > len(p) {
		n, err = 0, fmt.Errorf("write returned %d for %d bytes", n, len(p))
	}
	if k := min(n, cap(c.head)-len(c.head)); k > 0 {
		c.head = append(c.head, p[:k]...)
	}
	c.n += int64(n)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = plainErr(err)
		return n, c.err
	}
	return n, nil
}

// plainErr drops the *fs.PathError around a file operation's error, whose
// path is the temporary's: the messages name the target instead.
func plainErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
