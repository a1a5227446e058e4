package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"
)

// WriteFile writes the document to path, as .glb or .gltf by the name's
// extension. It writes a temporary file in the same folder and renames it
// into place, so a failure never leaves a partial file under path.
func WriteFile(path string, doc *gltf.Document) error {
	var binary bool
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb":
		binary = true
	case ".gltf":
	default:
		return fmt.Errorf("export: %s: want a .glb or .gltf name", path)
	}
	return WriteAtomic(path, func(w io.Writer) error { return Encode(w, doc, binary) })
}

// WriteAtomic writes a file through write into a temporary name beside
// path and renames it to path only when write and the close succeed.
func WriteAtomic(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	// CreateTemp makes the file private; an export is an ordinary file.
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
