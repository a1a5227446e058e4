package imagefile

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// maxParts bounds the folders of a named path that Find follows.
const maxParts = 16

// Found is where Find found a file a model names.
type Found struct {
	// Path is the file's path under the model's folder as it is on disk,
	// with forward slashes ("textures/skin.bmp").
	Path string
	// Data is the file's bytes.
	Data []byte
}

// ErrNotFound is returned when no file matches a named path.
var ErrNotFound = errors.New("not found")

// Candidates returns the paths under the model's folder that Find tries
// for ref, a path a model file names, first to last
// (docs/formats/milkshape-anm.md#textures): backslashes are separators,
// "." parts (a leading `.\`) are dropped, a drive letter or a leading
// separator is dropped, and so is everything up to the last ".." (a path
// never leaves the model's folder); then the path as it stands and each
// shorter tail of it, down to the file name alone. escapes reports a
// path that was absolute or went up with "..".
func Candidates(ref string) (paths [][]string, escapes bool) {
	p := strings.ReplaceAll(strings.TrimSpace(ref), `\`, "/")
	if len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') {
		p, escapes = p[2:], true
	}
	if strings.HasPrefix(p, "/") {
		escapes = true
	}
	var parts []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
		case "..":
			parts, escapes = parts[:0], true
		default:
			parts = append(parts, s)
		}
	}
	if len(parts) > maxParts {
		parts = parts[len(parts)-maxParts:]
	}
	for i := range parts {
		paths = append(paths, parts[i:])
	}
	return paths, escapes
}

// Find looks for the file that ref names under the folder that files
// gives (a model's), trying Candidates in turn, each part matched
// without regard to case; sub-folders are reached only through a
// formats.FolderResolver, one plain name at a time, so nothing outside
// that folder is ever opened. The error of a file not found
// (ErrNotFound) lists the paths tried.
func Find(files formats.Resolver, ref string) (*Found, error) {
	paths, _ := Candidates(ref)
	if len(paths) == 0 {
		return nil, fmt.Errorf("%q: %w (no file name)", ref, ErrNotFound)
	}
	if files == nil {
		return nil, fmt.Errorf("%q: %w (no folder to look in)", ref, ErrNotFound)
	}
	var tried []string
	for _, parts := range paths {
		tried = append(tried, strconv.Quote(strings.Join(parts, "/")))
		f, err := findPath(files, parts)
		if err != nil || f != nil {
			return f, err
		}
	}
	return nil, fmt.Errorf("%q: %w (tried %s in the model's folder)", ref, ErrNotFound, strings.Join(tried, ", "))
}

// findPath follows parts from files: nil without an error when some part
// is missing. Where several folders match a part but for case, each is
// tried, the exact spelling first.
func findPath(files formats.Resolver, parts []string) (*Found, error) {
	if len(parts) == 1 {
		names, err := files.List()
		if err != nil {
			return nil, nil
		}
		ms := matches(names, parts[0])
		if len(ms) == 0 {
			return nil, nil
		}
		data, err := files.Open(ms[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ms[0], err)
		}
		return &Found{Path: ms[0], Data: data}, nil
	}
	fr, ok := files.(formats.FolderResolver)
	if !ok {
		return nil, nil
	}
	names, err := fr.Folders()
	if err != nil {
		return nil, nil
	}
	for _, name := range matches(names, parts[0]) {
		sub, err := fr.Folder(name)
		if err != nil {
			continue
		}
		f, err := findPath(sub, parts[1:])
		if err != nil {
			return nil, fmt.Errorf("%s/%w", name, err)
		}
		if f != nil {
			f.Path = name + "/" + f.Path
			return f, nil
		}
	}
	return nil, nil
}

// matches returns the names equal to want but for case, the exact
// spelling first.
func matches(names []string, want string) []string {
	var out []string
	for _, n := range names {
		switch {
		case n == want:
			out = append([]string{n}, out...)
		case strings.EqualFold(n, want):
			out = append(out, n)
		}
	}
	return out
}
