// Package folder reads folders for the viewer: the in-app browser's
// listing of a folder, the next or previous readable file beside the open
// one, and a free name for a screenshot or a recording. The viewer's
// state (ui/state) reads no files itself; it gets what this package found.
package folder

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/animview/animview/ui/state"
)

// Readable reports whether name has one of the extensions (lower case,
// without the dot) that the format registry reads.
func Readable(name string, exts []string) bool {
	e := strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
	return e != "" && slices.Contains(exts, e)
}

// Start is the folder the browser opens on: the folder of the file at
// path, or the working folder for the demo (path "" or "demo:"), made
// absolute.
func Start(path string) string {
	dir := "."
	if path != "" && path != "demo:" {
		dir = filepath.Dir(path)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return dir
}

// List lists folder dir for the browser: the parent folder first, then
// the sub-folders (a link to a folder counts as one) and the files with a
// readable extension, each in name order, leaving out hidden names
// (starting with a dot). A folder that cannot be read lists its parent
// only, with the error.
func List(dir string, exts []string) ([]state.BrowserEntry, error) {
	out := []state.BrowserEntry{{Name: "../", Path: filepath.Dir(dir), Dir: true}}
	ents, err := os.ReadDir(dir)
	var files []state.BrowserEntry
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case isDir(dir, e):
			out = append(out, state.BrowserEntry{Name: e.Name() + "/", Path: p, Dir: true})
		case Readable(e.Name(), exts):
			files = append(files, state.BrowserEntry{Name: e.Name(), Path: p})
		}
	}
	return append(out, files...), err
}

// isDir reports whether entry e of folder dir is a folder, a link to a
// folder counting as one.
func isDir(dir string, e fs.DirEntry) bool {
	if e.Type()&fs.ModeSymlink != 0 {
		if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
			return st.IsDir()
		}
	}
	return e.IsDir()
}

// Sibling returns the readable file d places after (d > 0) or before the
// one at path in its folder, in name order, wrapping around; ok is false
// when the folder has no other readable file.
func Sibling(path string, d int, exts []string) (next string, ok bool) {
	if path == "" || path == "demo:" || d == 0 {
		return "", false
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && Readable(e.Name(), exts) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return "", false
	}
	// ReadDir sorts by name; a file not in the list (an unknown
	// extension) sits where its name would be.
	i, found := slices.BinarySearch(names, base)
	if !found {
		if d > 0 {
			i--
		}
	}
	n := len(names)
	j := ((i+d)%n + n) % n
	if names[j] == base {
		return "", false
	}
	return filepath.Join(dir, names[j]), true
}

// FreeName returns a file name in dir for something saved at now with
// extension ext (".png", ".gif") that no file has yet:
// animview-DATE-TIME.EXT, then -2, -3, ...
func FreeName(dir string, now time.Time, ext string) string {
	base := "animview-" + now.Format("20060102-150405")
	p := filepath.Join(dir, base+ext)
	for k := 2; ; k++ {
		if _, err := os.Lstat(p); err != nil {
			return p // free, or unreadable: creating it will say why
		}
		p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", base, k, ext))
	}
}

// Places are the browser's places: the home folder, the working folder
// and the folders of the recent files (each once, in the order of the
// recent files), as folder entries.
func Places(recent []string) []state.BrowserEntry {
	var out []state.BrowserEntry
	seen := map[string]bool{}
	add := func(label, dir string) {
		if dir == "" || seen[dir] {
			return
		}
		seen[dir] = true
		out = append(out, state.BrowserEntry{Name: label + ": " + dir, Path: dir, Dir: true, Place: true})
	}
	if home, err := os.UserHomeDir(); err == nil {
		add("home", home)
	}
	if wd, err := os.Getwd(); err == nil {
		add("working folder", wd)
	}
	for _, r := range recent {
		if r != "" && r != "demo:" {
			add("recent folder", filepath.Dir(r))
		}
	}
	return out
}

// Expand makes a path typed into the browser's field absolute: ~ is the
// home folder, and a relative path is taken from folder dir.
func Expand(field, dir string) string {
	if field == "~" || strings.HasPrefix(field, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			field = home + field[1:]
		}
	}
	if !filepath.IsAbs(field) {
		field = filepath.Join(dir, field)
	}
	return field
}

// Complete completes the path typed into the browser's field (taken from
// folder dir when relative) as a shell does: its last part grows to the
// longest start the sub-folders and readable files that begin with it
// share, a folder's name ending in /. The field comes back unchanged when
// nothing matches or its folder cannot be read.
func Complete(field, dir string, exts []string) string {
	full := Expand(field, dir)
	parent, part := filepath.Split(full)
	if strings.HasSuffix(field, "/") {
		parent, part = full, ""
	}
	ents, err := os.ReadDir(parent)
	if err != nil {
		return field
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, part) || (strings.HasPrefix(n, ".") && !strings.HasPrefix(part, ".")) {
			continue
		}
		switch {
		case isDir(parent, e):
			names = append(names, n+"/")
		case Readable(n, exts):
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return field
	}
	common := names[0]
	for _, n := range names[1:] {
		k := 0
		for k < len(common) && k < len(n) && common[k] == n[k] {
			k++
		}
		common = common[:k]
	}
	if len(common) <= len(part) {
		return field
	}
	return field + common[len(part):]
}
