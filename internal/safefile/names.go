package safefile

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Namer names a batch's output files: each name is one plain path element
// (no separators, no control characters), unique in its folder ignoring
// case, and no longer than the folder's file system allows, so that a
// container entry with a 300-character name still exports. A name that
// repeats gets _2, _3, ...; a name too long keeps its start and ends with
// ~ and eight hex digits of a hash of the whole, so two long names that
// share their start stay apart. Not safe for concurrent use.
type Namer struct {
	dir, ext string
	// max is the longest file name, in bytes, extension included.
	max  int
	used map[string]bool
}

// NewNamer returns a namer for files with extension ext (".glb") in dir.
func NewNamer(dir, ext string) *Namer {
	return &Namer{dir: dir, ext: ext, max: NameMax(dir), used: map[string]bool{}}
}

// Path returns the path of a new output for base (a file's stem, maybe
// with an entry's name).
func (n *Namer) Path(base string) string {
	clean := sanitize(base)
	name := n.fit(clean)
	for k := 2; n.used[strings.ToLower(name)]; k++ {
		name = n.fit(fmt.Sprintf("%s_%d", clean, k))
	}
	n.used[strings.ToLower(name)] = true
	return filepath.Join(n.dir, name+n.ext)
}

// fit shortens s so that s and the extension fit in max bytes, cutting at
// a character boundary and adding a hash of s.
func (n *Namer) fit(s string) string {
	room := n.max - len(n.ext)
	if len(s) <= room {
		return s
	}
	h := fnv.New32a()
	h.Write([]byte(s))
	tail := fmt.Sprintf("~%08x", h.Sum32())
	cut := max(room-len(tail), 1)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + tail
}

// sanitize keeps an output name to one plain path element.
func sanitize(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' || r == 0x7F {
			return '_'
		}
		return r
	}, strings.ToValidUTF8(s, "_"))
	if s == "" || s == "." || s == ".." {
		s = "_"
	}
	return s
}
