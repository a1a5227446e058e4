package state

import (
	"path"
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
func (f Files) Exts() []string { return slices.Clone(f.exts) }

// setExts sets the readable extensions.
func (f *Files) setExts(exts []string) { f.exts = exts }

// Recent are the recently opened files, newest first (read only).
func (f Files) Recent() []string { return slices.Clone(f.recent) }

// setRecent replaces the recent files (as read from where they are kept),
// keeping the first MaxRecent.
func (f *Files) setRecent(paths []string) {
	f.recent = append(f.recent[:0], paths[:min(len(paths), MaxRecent)]...)
}

// addRecent puts path (absolute) at the front of the recent files.
func (f *Files) addRecent(path string) {
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
	// Recent marks a recently opened file listed above the folder, Place
	// a place (home, the working folder, a recent file's folder).
	Recent, Place bool
	// Save marks the row that picks the folder shown as an export's
	// destination; Path is then the file to write.
	Save bool
	// Here marks the row that opens the folder shown itself, as a
	// container of its readable files (the browser's first row of a
	// folder's listing while it opens a file); Path is the folder.
	Here bool
}

// Browser is the in-app file browser, used when the system has no file
// chooser: the places (home, the working folder, recent folders), the
// recent files, then a folder's sub-folders and readable files. What the
// user types goes into a field: a path (starting with / or ~, or holding
// a /) to go to, which Tab completes, else a filter on the rows. The
// window lists folders and hands the listings to Show.
type Browser struct {
	open   bool
	dir    string
	filter string
	// rows are the entries that match filter; cursor indexes them and
	// top is the first shown, page how many show.
	rows   []BrowserEntry
	cursor int
	top    int
	page   int
	err    string
	all    []BrowserEntry
	// save is the file name offered for an export while the browser
	// picks where it writes ("" while it opens a file); sep is the
	// path separator that joins the folder and the name.
	save, sep string
}

// show opens the browser on folder dir, whose listing is entries (its
// sub-folders and readable files, the parent folder first) or, when it
// could not be read, the error listErr. The places come first, then the
// recent files, then the folder's listing, headed by a row that opens
// the folder itself (a folder is a container, as on the command line)
// when it could be read. The cursor starts on the listing's first row,
// so that a folder just entered is where the keys act.
func (b *Browser) show(dir string, recent []string, places, entries []BrowserEntry, listErr string) {
	b.open, b.dir, b.err, b.filter, b.cursor, b.top, b.save = true, dir, listErr, "", 0, 0, ""
	b.all = append(b.all[:0], places...)
	for _, r := range recent {
		b.all = append(b.all, BrowserEntry{Name: "recent: " + r, Path: r, Recent: true})
	}
	first := len(b.all)
	if listErr == "" {
		b.all = append(b.all, BrowserEntry{Name: "open this folder: " + dir, Path: dir, Here: true})
	}
	b.all = append(b.all, entries...)
	b.refilter()
	b.cursor = min(first, max(0, len(b.rows)-1))
	if b.page > 0 {
		b.move(0) // in sight on the page the window shows
	}
}

// IsPath reports whether the field holds a path to go to rather than a
// filter: it starts with / or ~, or holds a /.
func IsPath(field string) bool {
	return strings.HasPrefix(field, "~") || strings.Contains(field, "/")
}

// showSave opens the browser to pick where an export writes: the field
// is the file's name (name until something is typed; a name without an
// extension gets .glb), the first row writes it in folder dir (whose path
// is dir+separator+name) and shows that file, the others are dir's
// sub-folders (files of the listing are left out). Typing names the file
// and filters nothing; a field that is a path (IsPath) is where the
// window goes instead.
func (b *Browser) showSave(dir, sep, name string, entries []BrowserEntry, listErr string) {
	b.open, b.dir, b.err, b.filter, b.cursor, b.top, b.save, b.sep = true, dir, listErr, "", 0, 0, name, sep
	b.all = append(b.all[:0], BrowserEntry{Save: true})
	for _, e := range entries {
		if e.Dir {
			b.all = append(b.all, e)
		}
	}
	b.refilter()
}

// Saving is the file name an export writes while the browser picks its
// folder: the name typed in the field (with .glb added when it has no
// extension), else the name offered; "" while the browser opens a file.
func (b Browser) Saving() string {
	if b.save == "" {
		return ""
	}
	return saveName(b.filter, b.save)
}

// saveName is the file an export writes when typed is the browser's
// field and def the name offered: typed, with .glb added when it has no
// extension, or def when nothing (or a path, IsPath) is typed.
func saveName(typed, def string) string {
	typed = strings.TrimSpace(typed)
	if typed == "" || IsPath(typed) {
		return def
	}
	if path.Ext(typed) == "" {
		typed += ".glb"
	}
	return typed
}

func (b *Browser) refilter() {
	b.rows = b.rows[:0]
	f := strings.ToLower(b.filter)
	if IsPath(b.filter) || b.save != "" {
		f = ""
	}
	if b.save != "" && len(b.all) > 0 && b.all[0].Save {
		name := b.Saving()
		b.all[0].Name, b.all[0].Path = "export here as "+name, b.dir+b.sep+name
	}
	for _, e := range b.all {
		if f == "" || strings.Contains(strings.ToLower(e.Name), f) {
			b.rows = append(b.rows, e)
		}
	}
	b.cursor = max(0, min(b.cursor, len(b.rows)-1))
	b.scroll(0)
}

// Open reports whether the browser shows.
func (b Browser) Open() bool { return b.open }

// Dir is the folder shown.
func (b Browser) Dir() string { return b.dir }

// Filter is the field: what the user typed, a filter or a path.
func (b Browser) Filter() string { return b.filter }

// setField replaces the field (a completed path, pasted text).
func (b *Browser) setField(text string) {
	if b.open {
		b.filter = text
		b.cursor = 0
		b.refilter()
	}
}

// Rows are the entries that match the filter (read only).
func (b Browser) Rows() []BrowserEntry { return slices.Clone(b.rows) }

// Cursor indexes the highlighted row.
func (b Browser) Cursor() int { return b.cursor }

// Top is the first row shown.
func (b Browser) Top() int { return b.top }

// setPage says how many rows the window shows, for scrolling.
func (b *Browser) setPage(rows int) {
	if rows != b.page {
		b.page = max(1, rows)
		b.scroll(0)
	}
}

// scroll moves the rows shown d rows on (the wheel, the scrollbar),
// leaving the cursor where it is; the last page ends at the last row.
func (b *Browser) scroll(d int) {
	b.top = max(0, min(b.top+d, len(b.rows)-max(1, b.page)))
}

// Err is why the folder could not be listed, "" when it could.
func (b Browser) Err() string { return b.err }

// typeText adds typed text to the field.
func (b *Browser) typeText(text string) {
	if b.open && text != "" {
		b.setField(b.filter + text)
	}
}

// backspace removes the field's last character.
func (b *Browser) backspace() {
	if b.open && b.filter != "" {
		r := []rune(b.filter)
		b.filter = string(r[:len(r)-1])
		b.refilter()
	}
}

// move moves the cursor d rows, scrolling to keep it in sight.
func (b *Browser) move(d int) {
	if b.open && len(b.rows) > 0 {
		b.cursor = max(0, min(b.cursor+d, len(b.rows)-1))
		switch page := max(1, b.page); {
		case b.cursor < b.top:
			b.top = b.cursor
		case b.cursor >= b.top+page:
			b.top = b.cursor - page + 1
		}
	}
}

// choose picks row i and reports it: a folder, which the caller lists and
// shows, or a file, which the caller opens; choosing a file closes the
// browser. ok is false when there is no row i.
func (b *Browser) choose(i int) (e BrowserEntry, ok bool) {
	if !b.open || i < 0 || i >= len(b.rows) {
		return BrowserEntry{}, false
	}
	e = b.rows[i]
	if !e.Dir || e.Save {
		b.close()
	}
	return e, true
}

// close closes the browser.
func (b *Browser) close() { b.open = false }

// Files are the readable extensions and the recent files (a copy:
// changes go through State).
func (s *State) Files() Files { return s.files }

// SetExts sets the readable extensions.
func (s *State) SetExts(exts []string) { s.files.setExts(exts) }

// SetRecent replaces the recent files (as read from where they are
// kept), keeping the first MaxRecent.
func (s *State) SetRecent(paths []string) { s.files.setRecent(paths) }

// AddRecent puts path (absolute) at the front of the recent files.
func (s *State) AddRecent(path string) { s.files.addRecent(path) }

// Browser is the in-app file browser (a copy: changes go through State).
func (s *State) Browser() Browser { return s.browser }

// ShowBrowser opens the browser on folder dir, with the places and the
// recent files above the folder's listing (Browser.show).
func (s *State) ShowBrowser(dir string, places, entries []BrowserEntry, listErr string) {
	s.browser.show(dir, s.files.recent, places, entries, listErr)
}

// ShowSaveBrowser opens the browser to pick the folder an export named
// name writes to (Browser.showSave).
func (s *State) ShowSaveBrowser(dir, sep, name string, entries []BrowserEntry, listErr string) {
	s.browser.showSave(dir, sep, name, entries, listErr)
}

// SetBrowserField replaces the browser's field with text.
func (s *State) SetBrowserField(text string) { s.browser.setField(text) }

// SetBrowserPage sets how many of the browser's rows show at once.
func (s *State) SetBrowserPage(rows int) { s.browser.setPage(rows) }

// ScrollBrowser scrolls the browser's rows by d.
func (s *State) ScrollBrowser(d int) { s.browser.scroll(d) }

// TypeInBrowser adds typed text to the browser's field.
func (s *State) TypeInBrowser(text string) { s.browser.typeText(text) }

// BrowserBackspace deletes the last character of the browser's field.
func (s *State) BrowserBackspace() { s.browser.backspace() }

// MoveBrowserCursor moves the browser's cursor d rows, keeping it in
// sight.
func (s *State) MoveBrowserCursor(d int) { s.browser.move(d) }

// ChooseInBrowser picks the browser's row i (Browser.choose): a file, or
// the export's row, closes the browser; a folder is for the caller to
// list.
func (s *State) ChooseInBrowser(i int) (e BrowserEntry, ok bool) { return s.browser.choose(i) }

// CloseBrowser closes the browser.
func (s *State) CloseBrowser() { s.browser.close() }
