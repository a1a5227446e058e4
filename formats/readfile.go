package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the cause of the error for a name that leads (through
// symbolic links too) to something other than a regular file: a named pipe,
// a device, a socket, a folder. Such a file is never read: /dev/zero never
// ends and a pipe can block for ever, however small its size says it is.
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file at path, of at most limit bytes, into
// exactly as much memory as it holds. Anything else (ErrNotRegular), a
// file over limit, or one that grows past its size while it is read, is an
// error naming path. A named pipe is refused before it is opened, and on
// Unix it is opened without blocking, so that one put in place meanwhile
// cannot hang the program either.
func ReadFile(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, st, limit); err != nil {
		return nil, err
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(path, f, limit)
}

// ReadPrefix reads the first n bytes of the regular file at path (fewer
// when it is shorter), under ReadFile's rules for what is not one.
func ReadPrefix(path string, n int) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, st, 0); err != nil {
		return nil, err
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if err := checkRegular(path, st, 0); err != nil {
		return nil, err
	}
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b[:k], nil
}

// ReadFS is ReadFile for the named file of fsys.
func ReadFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, st, limit); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(name, f, limit)
}

// readAll reads the open file f, checked again as it is now open (it may
// have been replaced since the name was looked at), into a buffer of its
// size, and fails when more follows.
func readAll(name string, f fs.File, limit int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, st, limit); err != nil {
		return nil, err
	}
	data := make([]byte, st.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%s: the file shrank while it was read", name)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var one [1]byte
	if n, _ := f.Read(one[:]); n > 0 {
		return nil, fmt.Errorf("%s: the file grew past its %d bytes while it was read", name, st.Size())
	}
	return data, nil
}

// checkRegular refuses what is not a regular file, and a file over limit
// bytes (when limit > 0).
func checkRegular(name string, st fs.FileInfo, limit int64) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, %w", name, KindOf(st.Mode()), ErrNotRegular)
	}
	if limit > 0 && st.Size() > limit {
		return fmt.Errorf("%s: %d bytes is more than the %d-byte limit", name, st.Size(), limit)
	}
	return nil
}

// KindOf names the kind of file a mode describes, for messages: "a named
// pipe (FIFO)", "a character device", "a folder"...
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
