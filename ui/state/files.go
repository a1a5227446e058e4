package state

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// BrowserEntry is one row of the in-app file browser.
type BrowserEntry struct {
	// Name is what the row shows; Path is where it leads.
	Name, Path string
	Dir        bool
	// Recent marks a recently opened file listed above the folder.
	Recent bool
}

// Browser is the in-app file browser, used when the system has no file
// chooser: a folder's sub-folders and readable files, filtered by what the
// user types, with the recent files first.
type Browser struct {
	Dir    string
	Filter string
	// Entries are the rows that match Filter; Cursor indexes them.
	Entries []BrowserEntry
	Cursor  int
	Err     string
	all     []BrowserEntry
}

// Readable reports whether name has one of the extensions (lower case,
// without the dot) that the format registry reads.
func Readable(name string, exts []string) bool {
	e := strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
	return e != "" && slices.Contains(exts, e)
}

// OpenBrowser opens the in-app browser on dir (the open file's folder when
// dir is "", else the working folder). Exts are the readable extensions.
func (s *State) OpenBrowser(dir string) {
	if dir == "" {
		dir = "."
		if s.Path != "" && s.Path != "demo:" {
			dir = filepath.Dir(s.Path)
		}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	b := &Browser{Dir: dir}
	for _, r := range s.Recent {
		b.all = append(b.all, BrowserEntry{Name: "recent: " + r, Path: r, Recent: true})
	}
	b.all = append(b.all, BrowserEntry{Name: "../", Path: filepath.Dir(dir), Dir: true})
	ents, err := os.ReadDir(dir)
	if err != nil {
		b.Err = err.Error()
	}
	var files []BrowserEntry
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(p); err == nil {
				isDir = st.IsDir()
			}
		}
		switch {
		case isDir:
			b.all = append(b.all, BrowserEntry{Name: e.Name() + "/", Path: p, Dir: true})
		case Readable(e.Name(), s.Exts):
			files = append(files, BrowserEntry{Name: e.Name(), Path: p})
		}
	}
	b.all = append(b.all, files...)
	s.Browser = b
	b.refilter()
}

func (b *Browser) refilter() {
	b.Entries = b.Entries[:0]
	f := strings.ToLower(b.Filter)
	for _, e := range b.all {
		if f == "" || strings.Contains(strings.ToLower(e.Name), f) {
			b.Entries = append(b.Entries, e)
		}
	}
	b.Cursor = max(0, min(b.Cursor, len(b.Entries)-1))
}

// BrowserType adds typed text to the browser's filter.
func (s *State) BrowserType(text string) {
	if b := s.Browser; b != nil && text != "" {
		b.Filter += text
		b.Cursor = 0
		b.refilter()
	}
}

// BrowserBackspace removes the filter's last character.
func (s *State) BrowserBackspace() {
	if b := s.Browser; b != nil && b.Filter != "" {
		r := []rune(b.Filter)
		b.Filter = string(r[:len(r)-1])
		b.refilter()
	}
}

// BrowserMove moves the cursor d rows.
func (s *State) BrowserMove(d int) {
	if b := s.Browser; b != nil && len(b.Entries) > 0 {
		b.Cursor = max(0, min(b.Cursor+d, len(b.Entries)-1))
	}
}

// BrowserChoose picks row i: a folder opens in the browser (and "" is
// returned); a file closes the browser and its path is returned for the
// caller to open.
func (s *State) BrowserChoose(i int) string {
	b := s.Browser
	if b == nil || i < 0 || i >= len(b.Entries) {
		return ""
	}
	e := b.Entries[i]
	if e.Dir {
		s.OpenBrowser(e.Path)
		return ""
	}
	s.Browser = nil
	return e.Path
}

// CloseBrowser closes the in-app browser.
func (s *State) CloseBrowser() { s.Browser = nil }

// SiblingFile returns the readable file d places after (d > 0) or before
// the one at path in its folder, in name order, wrapping around; ok is
// false when the folder has no other readable file.
func (s *State) SiblingFile(path string, d int) (next string, ok bool) {
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
		if !e.IsDir() && Readable(e.Name(), s.Exts) {
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

// maxRecent bounds the recent-files list.
const maxRecent = 10

// AddRecent puts path at the front of the recent files.
func (s *State) AddRecent(path string) {
	if path == "" || path == "demo:" {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	s.Recent = slices.DeleteFunc(s.Recent, func(p string) bool { return p == path })
	s.Recent = slices.Insert(s.Recent, 0, path)
	if len(s.Recent) > maxRecent {
		s.Recent = s.Recent[:maxRecent]
	}
}

// RecentFile is where the recent files are kept: animview/recent in the
// user's config folder.
func RecentFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "animview", "recent"), nil
}

// LoadRecent reads the recent files, one path a line; a missing file is
// an empty list.
func (s *State) LoadRecent(file string) error {
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	s.Recent = s.Recent[:0]
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(s.Recent) < maxRecent {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			s.Recent = append(s.Recent, l)
		}
	}
	return sc.Err()
}

// SaveRecent writes the recent files, creating the folder.
func (s *State) SaveRecent(file string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(strings.Join(s.Recent, "\n")+"\n"), 0o644)
}

// ScreenshotName returns a file name in dir for a screenshot taken at now
// that no file has yet: animview-DATE-TIME.png, then -2, -3, ...
func ScreenshotName(dir string, now time.Time) string { return OutputName(dir, now, ".png") }

// noticeFor is how long a notice stays up.
const noticeFor = 4 * time.Second

// Notify shows a short message in the window (a screenshot's file name).
func (s *State) Notify(msg string, now time.Time) {
	s.Notice, s.NoticeUntil = msg, now.Add(noticeFor)
}

// NoticeAt returns the notice to show at now, or "".
func (s *State) NoticeAt(now time.Time) string {
	if now.Before(s.NoticeUntil) {
		return s.Notice
	}
	return ""
}
