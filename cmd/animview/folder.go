package main

import (
	"fmt"
	"os"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
)

// A folder of extracted Metroid Prime resources (<ID>.<TYPE> files) opens
// like a PAK: the characters of its ANCS files and the ANIMs no set plays
// are its entries.

func folderResolver(path string) formats.Resolver {
	return formats.FSResolver{FS: os.DirFS(path), MaxSize: maxFileSize}
}

func openFolder(path string, o openOptions) (*formats.Asset, error) {
	lib, err := folderLibrary(path, o)
	if err != nil {
		return nil, err
	}
	return openFolderEntry(lib, path, o.Entry)
}

// folderLibrary lists a folder of resources once, for opening one entry
// or many (a batch export).
func folderLibrary(path string, o openOptions) (*prime.Library, error) {
	return prime.NewLibrary(folderResolver(path), path, true, o.loaderOptions())
}

// openFolderEntry opens one entry of a folder's library ("" for the
// first), as openFolder does.
func openFolderEntry(lib *prime.Library, path, entry string) (*formats.Asset, error) {
	a, err := lib.Open(entry)
	if err != nil {
		return nil, err
	}
	if a.Format == prime.LoaderANCS {
		a.Format = "prime-folder"
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return a, nil
}

// listEntries lists a PAK's or a folder's entries without opening any of
// them; ok is false for other files.
func listEntries(path string, o openOptions) (entries []formats.Entry, warnings []string, ok bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		// Not a file here ("demo:", a typo): the usual open reports it.
		return nil, nil, false, nil
	}
	if st.IsDir() {
		es, ws, err := prime.LibraryEntries(folderResolver(path), true)
		return es, ws, true, err
	}
	if st.Size() > maxFileSize {
		return nil, nil, false, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, false, err
	}
	if !pak.Sniff(data) {
		return nil, nil, false, nil
	}
	es, ws, err := pak.List(path, data, o.loaderOptions())
	if err != nil {
		return nil, nil, true, fmt.Errorf("%s: %w", path, err)
	}
	return es, ws, true, nil
}
