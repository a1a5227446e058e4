package main

import (
	"fmt"
	"github.com/animview/animview/formats/sims"
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
	// Suit is a Sims character file whose suits' skins the opened
	// skeleton wears (--suit).
	Suit string
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
	a, err := registry().Load(in)
	if err != nil || o.Suit == "" {
		return a, err
	}
	if err := wearSuit(a, o.Suit); err != nil {
		return nil, err
	}
	return a, nil
}

// wearSuit replaces an asset's meshes with the skins of the suits in a
// Sims character file (.cmx or .bcf), bound to the asset's skeleton and
// found beside the suit file (formats/sims.SuitMeshes).
func wearSuit(a *formats.Asset, path string) error {
	in, err := readInput(path)
	if err != nil {
		return fmt.Errorf("suit: %w", err)
	}
	decode := sims.DecodeCMX
	if sims.SniffBCF(in.Data) {
		decode = sims.DecodeBCF
	}
	cf, err := decode(in.Data)
	if err != nil {
		return fmt.Errorf("suit %s: %w", path, err)
	}
	if len(cf.Suits) == 0 {
		return fmt.Errorf("suit %s: the file has no suit", path)
	}
	if a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return fmt.Errorf("suit %s: %s has no skeleton to wear it", path, in.Name)
	}
	a.Meshes = nil
	for i := range cf.Suits {
		m, warns := sims.SuitMeshes(&cf.Suits[i], a.Skeleton, in.Siblings)
		a.Warnings = append(a.Warnings, warns...)
		if m != nil {
			a.Meshes = append(a.Meshes, m)
		}
	}
	if len(a.Meshes) == 0 {
		return fmt.Errorf("suit %s: none of its skins could be bound (see the warnings)", path)
	}
	return a.Validate()
}
