package formats

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// Resolver gives a loader the files beside the one it opens (a CINF for an
// ANIM, a .cfp for a skill), by name, from the same folder or archive only.
type Resolver interface {
	// List returns the names of the files beside the opened one.
	List() ([]string, error)
	// Open returns a sibling file's bytes.
	Open(name string) ([]byte, error)
}

// PrefixOpener is a Resolver that can give the first bytes of a file
// without reading or decompressing all of it (a PAK, a folder): listings
// use it, so that they never decompress more than they show.
type PrefixOpener interface {
	// OpenPrefix returns the first n bytes of the named file, or all of
	// it, with whole set, when it has no more than n.
	OpenPrefix(name string, n int) (data []byte, whole bool, err error)
}

// FolderResolver is a Resolver that also reaches the folders beside the
// opened file, so that a loader can follow a relative path a file names
// (a MilkShape material's texture in a sub-folder) one plain name at a
// time: it can go down into the opened file's folder's sub-folders, never
// up or out of it.
type FolderResolver interface {
	Resolver
	// Folders returns the names of the sub-folders beside the opened file.
	Folders() ([]string, error)
	// Folder returns the resolver of the named sub-folder (a plain name
	// that Folders lists).
	Folder(name string) (Resolver, error)
}

// FSResolver resolves siblings inside one directory of an fs.FS.
type FSResolver struct {
	FS  fs.FS
	Dir string
	// MaxSize bounds the bytes read from one sibling (0: 256 MiB).
	MaxSize int64
}

// List returns the regular files of the directory, symbolic links to
// regular files included (RegularFiles).
func (r FSResolver) List() ([]string, error) {
	names, err := RegularFiles(r.FS, r.dir())
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", r.dir(), err)
	}
	return names, nil
}

// RegularFiles returns the names of the regular files in dir of fsys, in
// name order. A symbolic link counts as the file it leads to: one to a
// regular file is listed (the user put it there; only a path read from
// inside a file is never followed), one to a folder or to nothing is not.
func RegularFiles(fsys fs.FS, dir string) ([]string, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		switch t := e.Type(); {
		case t.IsRegular():
		case t&fs.ModeSymlink != 0:
			st, err := fs.Stat(fsys, path.Join(dir, e.Name()))
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
		default:
			continue
		}
		names = append(names, e.Name())
	}
	return names, nil
}

func (r FSResolver) dir() string {
	if r.Dir == "" {
		return "."
	}
	return r.Dir
}

// Folders returns the sub-folders of the directory. Symbolic links are
// not followed: a folder reached by a path that a file names stays
// inside the directory.
func (r FSResolver) Folders() ([]string, error) {
	ents, err := fs.ReadDir(r.FS, r.dir())
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", r.dir(), err)
	}
	var names []string
	for _, e := range ents {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// Folder returns the resolver of a sub-folder of the directory, under
// Open's rules for names; it keeps MaxSize.
func (r FSResolver) Folder(name string) (Resolver, error) {
	if err := plainName(name); err != nil {
		return nil, err
	}
	p := path.Join(r.dir(), name)
	st, err := fs.Lstat(r.FS, p)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", p, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("open %s: not a folder", p)
	}
	return FSResolver{FS: r.FS, Dir: p, MaxSize: r.MaxSize}, nil
}

// Open reads a file of the directory. Names with a path separator are
// refused: a file never gets to choose a path.
func (r FSResolver) Open(name string) ([]byte, error) {
	if err := plainName(name); err != nil {
		return nil, err
	}
	p := path.Join(r.dir(), name)
	limit := r.MaxSize
	if limit <= 0 {
		limit = 256 << 20
	}
	// A named pipe or a device beside the file is refused (ReadFS).
	b, err := ReadFS(r.FS, p, limit)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", name, err)
	}
	return b, nil
}

// OpenPrefix reads the first n bytes of a file of the directory (all of
// it, with whole set, when it has no more), under Open's rules for names.
func (r FSResolver) OpenPrefix(name string, n int) ([]byte, bool, error) {
	if err := plainName(name); err != nil {
		return nil, false, err
	}
	p := path.Join(r.dir(), name)
	// Never open a named pipe (it would wait for a writer).
	if st, err := fs.Stat(r.FS, p); err == nil {
		if err := checkRegular(p, st, 0); err != nil {
			return nil, false, fmt.Errorf("open %s: %w", name, err)
		}
	}
	f, err := r.FS.Open(p)
	if err != nil {
		return nil, false, fmt.Errorf("open %s: %w", p, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil {
		if err := checkRegular(p, st, 0); err != nil {
			return nil, false, fmt.Errorf("open %s: %w", name, err)
		}
	}
	b, err := io.ReadAll(io.LimitReader(f, int64(n)+1))
	if err != nil {
		return nil, false, fmt.Errorf("open %s: %w", p, err)
	}
	if len(b) <= n {
		return b, true, nil
	}
	return b[:n], false, nil
}

// plainName refuses names with a path separator: a file never gets to
// choose a path.
func plainName(name string) error {
	if strings.ContainsAny(name, `/\`) || name == ".." || name == "." || name == "" {
		return fmt.Errorf("open %q: not a plain file name", name)
	}
	return nil
}

// FindSibling returns the sibling whose name equals want, ignoring case.
func FindSibling(r Resolver, want string) (string, bool) {
	if r == nil {
		return "", false
	}
	names, err := r.List()
	if err != nil {
		return "", false
	}
	for _, n := range names {
		if strings.EqualFold(n, want) {
			return n, true
		}
	}
	return "", false
}

// Input is what a loader reads: a file's name and bytes, its siblings, and
// the user's choices.
type Input struct {
	// Name is the file's base name (used for the extension and for naming
	// conventions such as Prime's <ID>.<TYPE>).
	Name string
	Data []byte
	// Siblings resolves the files beside it; may be nil.
	Siblings Resolver
	// Skeleton is a skeleton file the user chose (--skeleton), or nil.
	Skeleton *Input
	// Entry selects an item of a container ("" for the first).
	Entry string
	// Options holds loader flags such as "game" = "mp1".
	Options map[string]string
}

// Ext returns the lower-case extension of the input's name without the dot.
func (in *Input) Ext() string {
	e := path.Ext(in.Name)
	return strings.ToLower(strings.TrimPrefix(e, "."))
}

// Stem is the input's name without its folders and its extension: the name
// a loader gives what the file holds ("walk" for "walk.ANIM").
func (in *Input) Stem() string { return Stem(in.Name) }

// Stem returns a file name without its folders (separated by '/' or '\',
// as a name inside a container may be) and its extension; "" when nothing
// is left of it.
func Stem(name string) string {
	b := path.Base(strings.ReplaceAll(name, `\`, "/"))
	if b == "." || b == "/" {
		return ""
	}
	return strings.TrimSuffix(b, path.Ext(b))
}

// Loader decodes one format family.
type Loader struct {
	// Name is the format's short name ("prime-anim").
	Name string
	// Description says what the loader reads, for help output.
	Description string
	// Extensions are lower-case extensions without the dot.
	Extensions []string
	// Sniff reports whether data looks like this format. It must be cheap
	// and must not fail on short data.
	Sniff func(data []byte) bool
	// Load decodes the input.
	Load func(in *Input) (*Asset, error)
}

// Registry picks a loader for a file: content first, extension second.
type Registry struct {
	loaders []Loader
}

// NewRegistry returns a registry of the given loaders, tried in order.
func NewRegistry(loaders ...Loader) *Registry {
	return &Registry{loaders: append([]Loader(nil), loaders...)}
}

// Loaders returns the registered loaders.
func (r *Registry) Loaders() []Loader { return r.loaders }

// Detect returns the loader for the input, or an error that says what was
// tried.
func (r *Registry) Detect(in *Input) (*Loader, error) {
	ext := in.Ext()
	// Content that matches a loader which also claims the extension wins;
	// then any content match; then the extension alone.
	for i := range r.loaders {
		l := &r.loaders[i]
		if l.Sniff != nil && l.Sniff(in.Data) && hasExt(l, ext) {
			return l, nil
		}
	}
	for i := range r.loaders {
		l := &r.loaders[i]
		if l.Sniff != nil && l.Sniff(in.Data) {
			return l, nil
		}
	}
	for i := range r.loaders {
		if hasExt(&r.loaders[i], ext) {
			return &r.loaders[i], nil
		}
	}
	var names []string
	for _, l := range r.loaders {
		names = append(names, l.Name)
	}
	if what := Foreign(in); what != "" {
		return nil, fmt.Errorf("%s: %w: %s", in.Name, ErrUnknownFormat, what)
	}
	return nil, fmt.Errorf("%s: %w (tried %s by content and by extension %q)",
		in.Name, ErrUnknownFormat, strings.Join(names, ", "), ext)
}

// Foreign says what a file no loader reads is when it is a format the
// viewer writes but does not read (glTF 2.0, which `animview export` and
// other tools write), and which tools open it; "" for anything else.
// A binary glTF starts with the magic "glTF"; a .gltf is JSON whose
// top-level object holds "asset" (docs/formats/gltf-export.md#telling-a-gltf-file-apart).
func Foreign(in *Input) string {
	const tools = "an export for 3D tools, not a game's file: open it in Blender (File > Import > glTF 2.0), " +
		"or another glTF viewer; animview reads the games' own files"
	d := in.Data
	if bytes.HasPrefix(d, []byte("glTF")) {
		return "a binary glTF 2.0 file (.glb), " + tools
	}
	head := bytes.TrimLeft(d[:min(len(d), 4096)], " \t\r\n\ufeff")
	if bytes.HasPrefix(head, []byte("{")) && (in.Ext() == "gltf" || bytes.Contains(head, []byte(`"asset"`))) {
		return "a glTF 2.0 JSON file (.gltf), " + tools
	}
	return ""
}

// Load detects the input's format and decodes it. When no loader
// recognises the content and several claim the extension (Metroid Prime and
// The Sims both use .anim), each is tried and all their errors are reported.
func (r *Registry) Load(in *Input) (*Asset, error) {
	l, err := r.Detect(in)
	if err != nil {
		return nil, err
	}
	candidates := []*Loader{l}
	if l.Sniff == nil || !l.Sniff(in.Data) {
		candidates = r.byExt(in.Ext())
	}
	var errs []error
	var tried []string
	for _, l := range candidates {
		a, err := l.Load(in)
		if err != nil {
			errs = append(errs, err)
			tried = append(tried, l.Name)
			continue
		}
		if a.Format == "" {
			a.Format = l.Name
		}
		if err := a.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %s loader: %w", in.Name, l.Name, err)
		}
		return a, nil
	}
	if len(errs) == 1 {
		return nil, fmt.Errorf("%s: %w", in.Name, errs[0])
	}
	return nil, &LoadError{Name: in.Name, Ext: in.Ext(), Loaders: tried, Errs: errs}
}

func (r *Registry) byExt(ext string) []*Loader {
	var ls []*Loader
	for i := range r.loaders {
		if hasExt(&r.loaders[i], ext) {
			ls = append(ls, &r.loaders[i])
		}
	}
	return ls
}

func hasExt(l *Loader, ext string) bool {
	for _, e := range l.Extensions {
		if e == ext {
			return true
		}
	}
	return false
}
