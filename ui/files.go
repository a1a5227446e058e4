package ui

import (
	"fmt"
	"github.com/hajimehoshi/ebiten/v2"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/recent"
	"github.com/animview/animview/ui/state"
)

// Opening files and writing outputs: the window reads and writes files,
// the state (ui/state) is told what came of it.

// open replaces the asset with the file at path; on failure the old asset
// stays and the error shows (false).
func (a *App) open(path string) bool {
	asset, err := a.openPath(path)
	if err != nil {
		a.st.ShowError(err.Error())
		a.opt.Log(err.Error())
		return false
	}
	a.st.SetAsset(path, asset)
	a.assetChanged()
	a.rememberRecent(path)
	return true
}

// openEntry opens entry of the open container file.
func (a *App) openEntry(entry string) bool {
	asset, err := a.openPathEntry(a.st.Path(), entry)
	if err != nil {
		a.st.ShowError(err.Error())
		a.opt.Log(err.Error())
		return false
	}
	keepBroken(asset, a.st.Asset())
	a.st.SetAsset(a.st.Path(), asset)
	a.assetChanged()
	return true
}

// keepBroken carries the marks of the container's entries that did not
// open (formats.Entry.Err) from the asset open before, old, to a, another
// entry of the same container: a folder learns that a file is damaged by
// opening it, and lists itself afresh for each entry.
func keepBroken(a, old *formats.Asset) {
	if old == nil {
		return
	}
	why := map[string]string{}
	for _, e := range old.Entries {
		if e.Err != "" {
			why[e.Name] = e.Err
		}
	}
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Err == "" {
			e.Err = why[e.Name]
		}
	}
}

// openPath opens a file after the first: with the user's choices but
// its first entry.
func (a tools) openPath(path string) (*formats.Asset, error) {
	if a.opt.Open != nil {
		return a.opt.Open(path)
	}
	o := a.opt.Load
	o.Entry = ""
	return open.Path(path, o)
}

// openPathEntry opens an entry of the container at path.
func (a tools) openPathEntry(path, entry string) (*formats.Asset, error) {
	if a.opt.OpenEntry != nil {
		return a.opt.OpenEntry(path, entry)
	}
	return open.Entry(path, entry, a.opt.Load)
}

// stepClip moves between clips, or between a container's animations: a
// step back into the previous entry lands on its last animation.
func (a *App) stepClip(d int) {
	if e := a.st.StepAnimation(d); e != "" {
		if a.openEntry(e) && d < 0 {
			a.st.SelectLast()
			a.w.syncTree(a.st)
			a.w.clipChanged(a.st)
		}
		return
	}
	a.w.clipChanged(a.st)
}

// openDropped opens the first dropped file by its real path, so that its
// siblings (a CINF beside an ANIM) are found, or on a figure asks whether
// to play its motion there (dropper). Files without one (a browser's) go
// to Options.OpenFiles together.
func (a *App) openDropped(files fs.FS) {
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		f, err := files.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		if ap, ok := f.(interface{ AbsPath() string }); ok {
			a.drop.drop(a.st, ap.AbsPath())
		} else {
			a.openFiles(files)
		}
		return fs.SkipAll
	})
}

// openFiles opens files handed over without paths on disk through
// Options.OpenFiles, which picks the one to open: its name, and whether
// it opened.
func (a *App) openFiles(files fs.FS) (string, bool) {
	if a.opt.OpenFiles == nil {
		a.st.ShowError("these files have no path on disk to open them by")
		return "", false
	}
	p, err := a.opt.OpenFiles(files)
	if err != nil {
		a.st.ShowError(err.Error())
		a.opt.Log(err.Error())
		return "", false
	}
	return p, a.open(p)
}

// openSibling opens the next (d > 0) or previous readable file in the
// open file's folder (Ctrl+PgDn, Ctrl+PgUp).
func (a *App) openSibling(d int) {
	p, ok := folder.Sibling(a.st.Path(), d, a.st.Files().Exts())
	if !ok {
		a.st.Notify("no other readable file in this folder", time.Now())
		return
	}
	a.open(p)
}

// loadRecent reads the recent files, when the window keeps them
// (Options.RecentFile), and adds the first file to them if it opened.
func (a *App) loadRecent(opened bool) {
	if a.opt.RecentFile == "" {
		return
	}
	list, err := recent.Load(a.opt.RecentFile, state.MaxRecent)
	if err != nil {
		a.opt.Log("recent files: " + err.Error())
	}
	a.st.SetRecent(list)
	if opened {
		a.rememberRecent(a.opt.Path)
	}
}

// rememberRecent adds path to the recent files and saves them, quietly:
// a read-only config folder must not stop the viewer.
func (a *App) rememberRecent(path string) {
	if a.opt.RecentFile == "" {
		return
	}
	if path != "" && path != "demo:" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	a.st.AddRecent(path)
	if err := recent.Save(a.opt.RecentFile, a.st.Files().Recent()); err != nil {
		a.opt.Log("recent files: " + err.Error())
	}
}

// requestScreenshot saves the next frame beside the working folder's
// other screenshots, under a name no file has yet.
func (a *App) requestScreenshot() {
	a.shots.key = folder.FreeName(a.opt.ShotDir, time.Now(), ".png")
}

// saveRequested saves the screenshot P or F12 asked for
// (requestScreenshot) from the frame drawn so far, and says where.
func (a *App) saveRequested(screen *ebiten.Image) {
	if a.shots.key == "" {
		return
	}
	path := a.shots.key
	a.shots.key = ""
	if err := saveScreenshot(screen, path); err != nil {
		a.st.ShowError(err.Error())
		return
	}
	a.opt.Log(savedWord + " " + path)
	a.opt.Log("shown: " + a.st.Status())
	a.st.Notify("screenshot "+savedWord+": "+path, time.Now())
}

// copyInspector puts the inspector's values on the clipboard as JSON
// (copyJSON: a clipboard tool on a desktop, the page's clipboard in a
// browser), or says that no bone is selected.
func (a *App) copyInspector() {
	info, ok := a.st.Inspect(a.scene.pose, a.scene.world)
	if !ok {
		a.st.Notify("select a bone first", time.Now())
		return
	}
	if a.copyJSON(boneJSON(info), info.Name) {
		a.st.Notify(fmt.Sprintf("copied %s's values to the clipboard", info.Name), time.Now())
	}
}

// safeName keeps a bone name usable in a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '_'
		}
		return r
	}, s)
}
