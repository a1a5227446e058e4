package state

import (
	"slices"
	"strings"
)

// MaxRecent bounds the recent-files list.
const MaxRecent = 10

// Files are what the viewer knows about files beside the open one: the
// extensions the format registry reads and the recently opened files.
// The window reads and writes the files themselves (ui/folder,
// ui/recent) and hands the results over here.
type Files struct {
	// exts are the file extensions the format registry reads (lower
	// case, no dot), for the browser and the next/previous file.
	exts []string
	// recent are recently opened files, newest first.
	recent []string
}

// Exts are the readable extensions, lower case without the dot (read
// only).
func (f *Files) Exts() []string { return f.exts }

// SetExts sets the readable extensions.
func (f *Files) SetExts(exts []string) { f.exts = exts }

// Recent are the recently opened files, newest first (read only).
func (f *Files) Recent() []string { return f.recent }

// SetRecent replaces the recent files (as read from where they are kept),
// keeping the first MaxRecent.
func (f *Files) SetRecent(paths []string) {
	f.recent = append(f.recent[:0], paths[:min(len(paths), MaxRecent)]...)
}

// AddRecent puts path (absolute) at the front of the recent files.
func (f *Files) AddRecent(path string) {
	if path == "" || path == "demo:" {
		return
	}
	f.recent = slices.DeleteFunc(f.recent, func(p string) bool { return p == path })
	f.recent = slices.Insert(f.recent, 0, path)
	if len(f.recent) > MaxRecent {
		f.recent = f.recent[:MaxRecent]
	}
}

// BrowserEntry is one row of the in-app file browser.
type BrowserEntry struct {
	// Name is what the row shows; Path is where it leads.
	Name, Path string
	Dir        bool
	// Recent marks a recently opened file listed above the folder.
	Recent bool
	// Save marks the row that picks the folder shown as an export's
	// destination; Path is then the file to write.
	Save bool
}

// Browser is the in-app file browser, used when the system has no file
// chooser: a folder's sub-folders and readable files, filtered by what the
// user types, with the recent files first. The window lists the folder
// and hands the listing to Show.
type Browser struct {
	s      *State
	open   bool
	dir    string
	filter string
	// rows are the entries that match filter; cursor indexes them.
	rows   []BrowserEntry
	cursor int
	err    string
	all    []BrowserEntry
	// save is the file name an export writes while the browser picks
	// its folder ("" while it opens a file).
	save string
}

// Show opens the browser on folder dir, whose listing is entries (its
// sub-folders and readable files, the parent folder first) or, when it
// could not be read, the error listErr. The recent files come first.
func (b *Browser) Show(dir string, entries []BrowserEntry, listErr string) {
	b.open, b.dir, b.err, b.filter, b.cursor, b.save = true, dir, listErr, "", 0, ""
	b.all = b.all[:0]
	for _, r := range b.s.files.recent {
		b.all = append(b.all, BrowserEntry{Name: "recent: " + r, Path: r, Recent: true})
	}
	b.all = append(b.all, entries...)
	b.refilter()
}

// ShowSave opens the browser to pick the folder an export writes name
// in: the first row writes it in folder dir (whose path is
// dir+separator+name), the others are dir's sub-folders (files of the
// listing are left out).
func (b *Browser) ShowSave(dir, sep, name string, entries []BrowserEntry, listErr string) {
	b.open, b.dir, b.err, b.filter, b.cursor, b.save = true, dir, listErr, "", 0, name
	b.all = append(b.all[:0], BrowserEntry{Name: "export here as " + name, Path: dir + sep + name, Save: true})
	for _, e := range entries {
		if e.Dir {
			b.all = append(b.all, e)
		}
	}
	b.refilter()
}

// Saving is the file name an export writes while the browser picks its
// folder, "" while it opens a file.
func (b *Browser) Saving() string { return b.save }

func (b *Browser) refilter() {
	b.rows = b.rows[:0]
	f := strings.ToLower(b.filter)
	for _, e := range b.all {
		if f == "" || strings.Contains(strings.ToLower(e.Name), f) {
			b.rows = append(b.rows, e)
		}
	}
	b.cursor = max(0, min(b.cursor, len(b.rows)-1))
}

// Open reports whether the browser shows.
func (b *Browser) Open() bool { return b.open }

// Dir is the folder shown.
func (b *Browser) Dir() string { return b.dir }

// Filter is what the user typed to filter the rows.
func (b *Browser) Filter() string { return b.filter }

// Rows are the entries that match the filter (read only).
func (b *Browser) Rows() []BrowserEntry { return b.rows }

// Cursor indexes the highlighted row.
func (b *Browser) Cursor() int { return b.cursor }

// Err is why the folder could not be listed, "" when it could.
func (b *Browser) Err() string { return b.err }

// Type adds typed text to the filter.
func (b *Browser) Type(text string) {
	if b.open && text != "" {
		b.filter += text
		b.cursor = 0
		b.refilter()
	}
}

// Backspace removes the filter's last character.
func (b *Browser) Backspace() {
	if b.open && b.filter != "" {
		r := []rune(b.filter)
		b.filter = string(r[:len(r)-1])
		b.refilter()
	}
}

// Move moves the cursor d rows.
func (b *Browser) Move(d int) {
	if b.open && len(b.rows) > 0 {
		b.cursor = max(0, min(b.cursor+d, len(b.rows)-1))
	}
}

// Choose picks row i and reports it: a folder, which the caller lists and
// shows, or a file, which the caller opens; choosing a file closes the
// browser. ok is false when there is no row i.
func (b *Browser) Choose(i int) (e BrowserEntry, ok bool) {
	if !b.open || i < 0 || i >= len(b.rows) {
		return BrowserEntry{}, false
	}
	e = b.rows[i]
	if !e.Dir || e.Save {
		b.Close()
	}
	return e, true
}

// Close closes the browser.
func (b *Browser) Close() { b.open = false }
