package open

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
)

// FolderFormat is the Format of an asset opened from a folder's character
// set.
const FolderFormat = "prime-folder"

// A Folder is a folder opened as a container of its readable files,
// whatever their formats (README.md, "Formats"). Its entries are, first,
// the characters of the Metroid Prime character sets in it, then, in name
// order, every other file a loader recognises by its content or its
// extension: FreeSO and Prime ANIMs (those no character set plays), LEGO
// Island .ani and .si, MilkShape and ANM files, The Sims' files. Left out
// are hidden files, files no loader claims (READMEs, textures; a .txt
// only when it reads as a MilkShape export) and the resources the
// character sets are made of (their ANCS, CINF, EVNT and the ANIMs they
// play; in a folder of Prime resources its CMDLs and TXTRs too, which a
// folder of models and textures alone lists). A file that is itself a container (an SI, a PAK, an ANCS of
// another folder's resources) is one entry; the asset Open returns for it
// lists its own entries right after it as "FILE/ENTRY", which Open also
// takes.
//
// The command line and the window open a folder through Path and Entry,
// which list it each time; a viewer that opens many of its entries may
// keep a Folder instead. Its methods may be called from several
// goroutines.
type Folder struct {
	path     string
	o        Options
	entries  []folderEntry
	warnings []string

	mu  sync.Mutex
	lib *prime.Library
}

type folderEntry struct {
	formats.Entry
	// prime marks an entry of the folder's Prime library (a character or
	// a loose ANIM), opened through it.
	prime bool
}

// folderSniff is how much of a file listing a folder reads to recognise
// it: the whole of a file up to 1 MiB whose extension a loader claims
// (some sniffers check a structure to its end), the first 4 KiB of
// others (what magic numbers and text headers take).
const (
	folderSniffClaimed = 1 << 20
	folderSniffOther   = 4 << 10
)

// primeResources are the loaders of the files a Prime resource library is
// made of, which its entries stand for.
var primeResources = map[string]bool{prime.LoaderANCS: true, prime.LoaderCINF: true, prime.LoaderEVNT: true}

// primeParts are the loaders of a Prime library's models and textures:
// left out of a folder that is a library (its characters stand for them;
// an extracted PAK holds hundreds), listed in a folder of them alone.
var primeParts = map[string]bool{prime.LoaderCMDL: true, prime.LoaderTXTR: true}

// OpenFolder lists a folder's entries without opening any of them: it
// reads the start of each file to recognise it, and only as much of each
// character set as naming its characters takes. o's choices apply to the
// entries Open opens (o.Entry is not used here).
func OpenFolder(dir string, o Options) (*Folder, error) {
	if o.Skeleton != "" && o.Model != "" {
		return nil, errBoth
	}
	names, err := formats.RegularFiles(os.DirFS(dir), ".")
	if err != nil {
		return nil, err
	}
	f := &Folder{path: dir, o: o}
	res := folderResolver(dir)
	reg := Registry()
	claimed := map[string][]string{}
	for _, l := range reg.Loaders() {
		for _, e := range l.Extensions {
			claimed[e] = append(claimed[e], l.Name)
		}
	}
	var files []folderEntry
	primeAnims := map[string]bool{}
	library := false
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			continue
		}
		ext := strings.ToLower(strings.TrimPrefix(path.Ext(n), "."))
		limit := folderSniffOther
		if claimed[ext] != nil {
			limit = folderSniffClaimed
		}
		head, _, err := res.OpenPrefix(n, limit)
		if err != nil {
			f.warnings = append(f.warnings, err.Error())
			continue
		}
		typ := ""
		if l := sniff(reg, ext, head); l != nil {
			switch {
			case l.Name == prime.LoaderANIM:
				primeAnims[n], library = true, true
				continue
			case primeResources[l.Name]:
				library = true
				continue
			}
			typ = l.Name
		} else {
			// By extension alone. Any README is a .txt: a MilkShape
			// export is recognised by its content or not at all.
			ls := claimed[ext]
			if ls == nil || ext == "txt" {
				continue
			}
			if len(ls) == 1 && primeResources[ls[0]] {
				library = true
				continue
			}
			typ = strings.Join(ls, " or ")
		}
		fe := folderEntry{Entry: formats.Entry{Name: n, Type: typ}}
		if len(head) == 0 {
			fe.Err = "the file is empty (0 bytes)"
		}
		files = append(files, fe)
	}
	if library {
		files = slices.DeleteFunc(files, func(e folderEntry) bool { return primeParts[e.Type] })
	}
	if library {
		es, ws, err := prime.LibraryEntries(res, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		f.warnings = append(f.warnings, ws...)
		for _, e := range es {
			switch {
			case e.Type == prime.EntryCharacter:
				f.entries = append(f.entries, folderEntry{Entry: e, prime: true})
			case primeAnims[e.Name]:
				// An ANIM no set plays, that is a Prime ANIM by its
				// content (a FreeSO .anim is a file of its own).
				files = append(files, folderEntry{Entry: e, prime: true})
			}
		}
	}
	slices.SortStableFunc(files, func(a, b folderEntry) int { return strings.Compare(a.Name, b.Name) })
	f.entries = append(f.entries, files...)
	return f, nil
}

// sniff is the loader that recognises a file by its content, preferring
// one that also claims its extension (formats.Registry.Detect's first
// two rules), or nil.
func sniff(reg *formats.Registry, ext string, head []byte) *formats.Loader {
	var first *formats.Loader
	ls := reg.Loaders()
	for i := range ls {
		l := &ls[i]
		if l.Sniff == nil || !l.Sniff(head) {
			continue
		}
		if slices.Contains(l.Extensions, ext) {
			return l
		}
		if first == nil {
			first = l
		}
	}
	return first
}

// Entries returns the folder's entries, in the order Open's asset lists
// them (without a container's own entries).
func (f *Folder) Entries() []formats.Entry {
	out := make([]formats.Entry, len(f.entries))
	for i := range f.entries {
		out[i] = f.entries[i].Entry
	}
	return out
}

// Warnings are the problems met while listing: files that could not be
// read, character sets that do not parse.
func (f *Folder) Warnings() []string { return slices.Clone(f.warnings) }

// Open opens entry name ("" for the first readable one) with the
// folder's Options: a character or loose ANIM through the folder's Prime
// library, a file through the loaders, "FILE/ENTRY" as that entry of the
// container FILE. The asset's Entries are the folder's, with an opened
// container's own entries after it; its Entry names what was opened.
//
// With name "", an entry that does not open (an empty file, a damaged
// one) is passed over for the next (issue 33 item 2: a folder whose first
// file was a 0-byte .anim opened to nothing but the error): the asset's
// Entries carry each one's error in Err, and its Warnings name them. When
// none opens, the error is the first entry's.
func (f *Folder) Open(name string) (*formats.Asset, error) {
	if name != "" || len(f.entries) == 0 {
		return f.open(name, nil)
	}
	broken := map[string]string{}
	var first error
	for _, e := range f.entries {
		if e.Err != "" {
			broken[e.Name] = e.Err
			if first == nil {
				first = fmt.Errorf("%s: %s", e.Name, e.Err)
			}
			continue
		}
		a, err := f.open(e.Name, broken)
		if err == nil {
			for _, fe := range f.entries {
				if why, ok := broken[fe.Name]; ok {
					a.Warnings = append(a.Warnings, fmt.Sprintf("%s: passed over: %s", fe.Name, why))
				}
			}
			return a, nil
		}
		broken[e.Name] = err.Error()
		if first == nil {
			first = err
		}
	}
	return nil, fmt.Errorf("%s: none of its %d entries opens; the first: %w", f.path, len(f.entries), first)
}

// open is Open of a named entry; broken holds the errors of entries
// passed over, set in the asset's Entries.
func (f *Folder) open(name string, broken map[string]string) (*formats.Asset, error) {
	i, sub, err := f.find(name)
	if err != nil {
		return nil, err
	}
	e := f.entries[i]
	var a *formats.Asset
	if e.prime {
		a, err = f.openPrime(e.Name)
	} else {
		a, err = f.openFile(e.Name, sub)
	}
	if err != nil {
		return nil, err
	}
	inner, innerEntry := a.Entries, a.Entry
	a.Entries = make([]formats.Entry, 0, len(f.entries)+len(inner))
	a.Entry = e.Name
	for _, fe := range f.entries {
		if why, ok := broken[fe.Name]; ok {
			fe.Err = why
		}
		a.Entries = append(a.Entries, fe.Entry)
		if fe.Name == e.Name && !e.prime {
			for _, ie := range inner {
				a.Entries = append(a.Entries, formats.Entry{Name: e.Name + "/" + ie.Name, Type: ie.Type})
			}
			if len(inner) > 0 {
				a.Entry = e.Name + "/" + innerEntry
			}
		}
	}
	return a, nil
}

// find resolves an entry name: "" is the first; a name of the list, then
// FILE/ENTRY for a file that is a container, then a name of the list in
// any case.
func (f *Folder) find(name string) (i int, sub string, err error) {
	if len(f.entries) == 0 {
		return -1, "", fmt.Errorf("%s: nothing to open: no file in the folder is one animview reads (the formats are in `animview --help`)", f.path)
	}
	if name == "" {
		return 0, "", nil
	}
	for i := range f.entries {
		if f.entries[i].Name == name {
			return i, "", nil
		}
	}
	// A file name holds no '/', so the first one ends it.
	if file, sub, ok := strings.Cut(name, "/"); ok {
		for i := range f.entries {
			if f.entries[i].Name == file && !f.entries[i].prime {
				return i, sub, nil
			}
		}
	}
	for i := range f.entries {
		if strings.EqualFold(f.entries[i].Name, name) {
			return i, "", nil
		}
	}
	names := make([]string, 0, 10)
	for i := 0; i < len(f.entries) && i < 10; i++ {
		names = append(names, strconv.Quote(f.entries[i].Name))
	}
	more := ""
	if len(f.entries) > 10 {
		more = fmt.Sprintf(" and %d more", len(f.entries)-10)
	}
	return -1, "", fmt.Errorf("%s: no entry named %q; there are %s%s", f.path, name, strings.Join(names, ", "), more)
}

// openFile opens a file of the folder (entry sub of it when it is a
// container) as Path opens a file.
func (f *Folder) openFile(name, sub string) (*formats.Asset, error) {
	in, err := Read(filepath.Join(f.path, name))
	if err != nil {
		return nil, err
	}
	if err := f.o.prepare(in, sub); err != nil {
		return nil, err
	}
	return f.o.dress(Registry().Load(in))
}

// openPrime opens an entry of the folder's Prime library, which is read
// whole (every character set parsed) the first time.
func (f *Folder) openPrime(name string) (*formats.Asset, error) {
	f.mu.Lock()
	lib := f.lib
	if lib == nil {
		var err error
		if lib, err = folderLibrary(f.path, f.o); err != nil {
			f.mu.Unlock()
			return nil, err
		}
		f.lib = lib
	}
	f.mu.Unlock()
	return f.o.dress(openFolderEntry(lib, f.path, name))
}

func folderResolver(path string) formats.FSResolver {
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

// Entries lists the entries of a PAK or a folder (Folder) without opening
// any of them, with the problems met on the way; ok is false for anything
// else (other files, "demo:", a path that names nothing: Path reports on
// those). A PAK is listed under o's archive budget.
func Entries(path string, o Options) (entries []formats.Entry, warnings []string, ok bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, false, nil
	}
	if st.IsDir() {
		f, err := OpenFolder(path, o)
		if err != nil {
			return nil, nil, true, err
		}
		return f.Entries(), f.Warnings(), true, nil
	}
	if !st.Mode().IsRegular() || st.Size() > MaxFileSize {
		// Path says what is wrong (a named pipe is never opened).
		return nil, nil, false, nil
	}
	// Only a PAK is listed here, read through the open file as far as
	// its listing needs: any other file is read once, by Path.
	if head, err := formats.ReadPrefix(path, 12); err != nil || !pak.Sniff(head) {
		return nil, nil, false, nil
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, false, err
	}
	defer fh.Close()
	es, ws, err := pak.ListAt(path, fh, st.Size(), o.loaderOptions())
	if err != nil {
		return nil, nil, true, fmt.Errorf("%s: %w", path, err)
	}
	return es, ws, true, nil
}
