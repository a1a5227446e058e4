package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
)

// maxFileSize bounds what is read into memory from one file.
const maxFileSize = 1 << 30

// openOptions are the user's choices for opening a file.
type openOptions struct {
	Skeleton string
	Game     string
	Entry    string
	// Model is the model file an ANM splits (--model); it reaches the
	// loader as Input.Skeleton, the resource the file is posed on.
	Model string
	// Budget is an archive's decompression budget in MiB
	// (--archive-budget; 0: formats.DefaultBudget).
	Budget int
}

func registry() *formats.Registry {
	var ls []formats.Loader
	ls = append(ls, formatLoaders()...)
	return formats.NewRegistry(ls...)
}

// readInput reads a file into a formats.Input with a resolver for its folder.
func readInput(path string) (*formats.Input, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", path)
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: %d bytes is more than the %d-byte limit", path, st.Size(), int64(maxFileSize))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	return &formats.Input{
		Name:     filepath.Base(path),
		Data:     data,
		Siblings: formats.FSResolver{FS: os.DirFS(dir)},
	}, nil
}

// openAsset opens a file (or "demo:") into an asset.
func openAsset(path string, o openOptions) (*formats.Asset, error) {
	if path == assets.DemoName {
		return assets.Demo(), nil
	}
	if o.Skeleton != "" && o.Model != "" {
		return nil, fmt.Errorf("--skeleton and --model both choose the file to pose on: give one")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return openFolder(path, o)
	}
	in, err := readInput(path)
	if err != nil {
		return nil, err
	}
	if o.Skeleton != "" {
		sk, err := readInput(o.Skeleton)
		if err != nil {
			return nil, fmt.Errorf("skeleton: %w", err)
		}
		in.Skeleton = sk
	}
	if o.Model != "" {
		m, err := readInput(o.Model)
		if err != nil {
			return nil, fmt.Errorf("model: %w", err)
		}
		in.Skeleton = m
	}
	in.Entry = o.Entry
	in.Options = o.loaderOptions()
	return registry().Load(in)
}
