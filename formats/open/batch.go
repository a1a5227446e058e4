package open

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
)

// An Item is one asset a batch opens: a file of a folder, the one file
// given, or an entry of a container.
type Item struct {
	// Name says what is opened (a path, or path:entry), for progress
	// lines and summaries.
	Name string
	// Stem names the item's output: the file's name without its
	// extension (with the extension, dots as underscores, when another
	// file of the folder has the same stem; the folder's name for a
	// folder of character sets), then _<entry> for a container's entry.
	// It may hold any character an entry name holds.
	Stem string
	// Load opens the asset, with the batch's Options. It may run on any
	// goroutine; a file is read only when its Load runs, so that a large
	// folder is never held in memory at once. An error that wraps ErrSkip
	// means the item is no animation of its own.
	Load func() (*formats.Asset, error)
	// Expand, when not nil, is called with the asset Load gave when it
	// lists container entries (formats.Asset.Entries: a PAK, an SI, a
	// folder's character sets): it returns the Name and Stem of the entry
	// that was opened and an Item for each other entry (none when
	// Options.Entry chose one), whose Loads then share what the first
	// Load read. It is called once, after Load, and the new items' Loads
	// run after it.
	Expand func(a *formats.Asset) (name, stem string, more []Item)
}

// ErrSkip, wrapped in the error an Item's Load returns, says the item is
// not to be exported by itself: a folder's file that is no animation (a
// README), or a resource of the folder's character sets.
var ErrSkip = errors.New("skipped")

// Batch lists what a batch opens from src with the user's choices, the
// same ones Path takes: every regular, not hidden file of a folder (a
// symbolic link to one counts; the folder's character sets first, when it
// has any), or the one file given. A file that turns out to be a container adds an item per entry
// through Expand.
func Batch(src string, o Options) ([]Item, error) {
	if o.Skeleton != "" && o.Model != "" {
		return nil, errBoth
	}
	st, statErr := os.Stat(src)
	isDir := statErr == nil && st.IsDir()
	var files []string
	if isDir {
		// Symbolic links to files count as the files.
		names, err := formats.RegularFiles(os.DirFS(src), ".")
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if !strings.HasPrefix(n, ".") {
				files = append(files, filepath.Join(src, n))
			}
		}
	} else {
		files = []string{src}
	}
	// Files that share a stem (cylindro.ms3d and cylindro.anm) keep their
	// extension in the output name, so each export says where it came from.
	stems := map[string]int{}
	for _, f := range files {
		stems[strings.ToLower(formats.Stem(f))]++
	}
	fileStem := func(f string) string {
		if stems[strings.ToLower(formats.Stem(f))] > 1 {
			return strings.ReplaceAll(filepath.Base(f), ".", "_")
		}
		return formats.Stem(f)
	}
	var items []Item
	// A folder of extracted Metroid Prime resources with character sets
	// exports as Path opens it: an item per character (its animations,
	// trees included) and per ANIM no set plays; its resource files are
	// not exported one by one again.
	library := false
	if isDir {
		if es, _, err := prime.LibraryEntries(folderResolver(src), true); err == nil && hasCharacter(es) {
			library = true
			items = append(items, libraryItem(src, o))
		}
	}
	reg := Registry()
	for _, f := range files {
		items = append(items, fileItem(reg, f, fileStem(f), isDir, library, o))
	}
	return items, nil
}

// fileItem opens file f of a batch, and through Expand its other entries
// when it is a container.
func fileItem(reg *formats.Registry, f, stem string, inFolder, library bool, o Options) Item {
	var in *formats.Input
	// A PAK is parsed and its library listed once, by the file's first
	// item, for all its entries: through the registry each entry's item
	// would parse the archive and every character set in it again.
	var arc *pak.Archive
	openEntry := func(entry string) (*formats.Asset, error) {
		if f == demo.Name {
			return demo.New(), nil
		}
		if arc == nil {
			cp := *in
			if err := o.prepare(&cp, entry); err != nil {
				return nil, err
			}
			return o.dress(reg.Load(&cp))
		}
		a, err := arc.Open(entry)
		if err != nil {
			return nil, err
		}
		if err := a.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %s loader: %w", in.Name, pak.LoaderName, err)
		}
		return o.dress(a, nil)
	}
	load := func() (*formats.Asset, error) {
		if in == nil && f != demo.Name {
			// A PAK is read as its entries are needed, not whole: the
			// batch then holds what it decompresses, under the budget.
			a, ok, err := openArchiveFile(f, o)
			if err != nil {
				return nil, err
			}
			if ok {
				in, arc = &formats.Input{Name: filepath.Base(f)}, a
				return openEntry(o.Entry)
			}
			if in, err = Read(f); err != nil {
				return nil, err
			}
			l, err := reg.Detect(in)
			if err != nil && inFolder {
				// A folder's other files (READMEs, textures) are no
				// animation: not a failure.
				return nil, fmt.Errorf("%w: not an animation file", ErrSkip)
			}
			if err == nil && library && primeResource[l.Name] {
				return nil, fmt.Errorf("%w: a resource of the folder's character sets, exported with them", ErrSkip)
			}
			if err == nil && l.Name == pak.LoaderName {
				cp := *in
				cp.Options = o.loaderOptions()
				// An archive that fails here fails through the registry
				// too, which says so.
				arc, _ = pak.OpenArchive(&cp)
			}
		}
		return openEntry(o.Entry)
	}
	return Item{Name: f, Stem: stem, Load: load, Expand: expandEntries(f, stem, o, openEntry)}
}

// expandEntries is the Expand of a container named name: the entry the
// first Load opened, and an item per other entry that opens it with
// openEntry (none when the user chose an entry).
func expandEntries(name, stem string, o Options, openEntry func(string) (*formats.Asset, error)) func(*formats.Asset) (string, string, []Item) {
	return func(a *formats.Asset) (string, string, []Item) {
		var more []Item
		for _, e := range a.Entries {
			if e.Name == a.Entry || o.Entry != "" {
				continue
			}
			more = append(more, Item{Name: name + ":" + e.Name, Stem: stem + "_" + e.Name,
				Load: func() (*formats.Asset, error) { return openEntry(e.Name) }})
		}
		return name + ":" + a.Entry, stem + "_" + a.Entry, more
	}
}

// primeResource names the loaders of the files a Metroid Prime resource
// library is made of (a PAK inside the folder is a library of its own).
var primeResource = map[string]bool{prime.LoaderANCS: true, prime.LoaderANIM: true, prime.LoaderCINF: true, prime.LoaderEVNT: true}

func hasCharacter(es []formats.Entry) bool {
	for _, e := range es {
		if e.Type == prime.EntryCharacter {
			return true
		}
	}
	return false
}

// libraryItem opens a folder of Metroid Prime resources as Path does:
// its first entry, and through Expand an item per other entry.
func libraryItem(dir string, o Options) Item {
	base := filepath.Base(filepath.Clean(dir))
	// The folder is listed once, by the first item, for every entry.
	var lib *prime.Library
	openEntry := func(entry string) (*formats.Asset, error) { return openFolderEntry(lib, dir, entry) }
	return Item{Name: dir, Stem: base, Expand: expandEntries(dir, base, o, openEntry),
		Load: func() (*formats.Asset, error) {
			var err error
			if lib, err = folderLibrary(dir, o); err != nil {
				return nil, err
			}
			return openFolderEntry(lib, dir, o.Entry)
		}}
}

// openArchiveFile opens the file at path as a PAK read through the open
// file (pak.OpenArchiveAt), when its header says it is one (ok); other
// files, and what Read refuses, are left to Read. The file stays open as
// long as the archive is used; it is closed when the archive is collected.
func openArchiveFile(path string, o Options) (arc *pak.Archive, ok bool, err error) {
	head, err := formats.ReadPrefix(path, 12)
	if err != nil || !pak.Sniff(head) {
		return nil, false, nil
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > MaxFileSize {
		return nil, false, nil
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, false, nil
	}
	name := filepath.Base(path)
	arc, err = pak.OpenArchiveAt(name, fh, st.Size(), o.loaderOptions())
	if err != nil {
		fh.Close()
		return nil, true, fmt.Errorf("%s: %w", name, err)
	}
	return arc, true, nil
}
