package gltf

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/internal/safefile"
	"github.com/qmuntal/gltf"
)

// WriteFile writes the document to path, as .glb or .gltf by the name's
// extension (FileEncoder), whole or not at all (safefile). Without force
// an existing file is never replaced: the error wraps safefile.ErrExists.
func WriteFile(path string, doc *gltf.Document, force bool) error {
	write, err := FileEncoder(path, doc)
	if err != nil {
		return err
	}
	if err := safefile.CheckOverwrite(path, force); err != nil {
		return err
	}
	p, err := safefile.WritePending(path, force, write)
	if err != nil {
		return err
	}
	return p.Commit()
}

// FileEncoder returns what writes the document as path's extension names
// it (Encode): binary glTF for .glb, JSON for .gltf; another name is an
// error.
func FileEncoder(path string, doc *gltf.Document) (func(io.Writer) error, error) {
	var binary bool
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb":
		binary = true
	case ".gltf":
	default:
		return nil, fmt.Errorf("export: %s: want a .glb or .gltf name", path)
	}
	return func(w io.Writer) error { return Encode(w, doc, binary) }, nil
}
