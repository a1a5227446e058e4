package open

import (
	"fmt"
	"os"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
)

// A folder of extracted Metroid Prime resources (<ID>.<TYPE> files) opens
// like a PAK: the characters of its ANCS files and the ANIMs no set plays
// are its entries (README.md, "Formats").

// FolderFormat is the Format of an asset opened from a folder's character
// set.
const FolderFormat = "prime-folder"

func folderResolver(path string) formats.Resolver {
	return formats.FSResolver{FS: os.DirFS(path), MaxSize: MaxFileSize}
}

// folderLibrary lists a folder of resources once, for opening one entry
// or many (a batch).
func folderLibrary(path string, o Options) (*prime.Library, error) {
	return prime.NewLibrary(folderResolver(path), path, true, o.loaderOptions())
}

// openFolderEntry opens one entry of a folder's library ("" for the
// first).
func openFolderEntry(lib *prime.Library, path, entry string) (*formats.Asset, error) {
	a, err := lib.Open(entry)
	if err != nil {
		return nil, err
	}
	if a.Format == prime.LoaderANCS {
		a.Format = FolderFormat
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return a, nil
}

// Entries lists a PAK's or a folder's entries (characters and loose
// animations) without opening any of them, with the problems met on the
// way; ok is false for anything else (other files, "demo:", a path that
// names nothing: Path reports on those). A PAK is listed under o's
// archive budget.
func Entries(path string, o Options) (entries []formats.Entry, warnings []string, ok bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, false, nil
	}
	if st.IsDir() {
		es, ws, err := prime.LibraryEntries(folderResolver(path), true)
		return es, ws, true, err
	}
	if st.Size() > MaxFileSize {
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
