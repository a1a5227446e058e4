package state

import (
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Wardrobe is the suit picker's state: the suits a Sims skill can wear
// (the suit files beside it, which the window lists when first asked),
// which one it wears, and the asset as it was opened. Wearing a suit
// swaps the open asset for a dressed copy with the same skeleton and
// clips, so playback, the camera and the bones' marks carry on.
type Wardrobe struct {
	s      *State
	listed bool
	// paths are the suit files, names their file names.
	paths, names []string
	// worn is the index in paths of the suit worn, -1 for the asset as
	// opened; dressed caches each suit's dressed asset.
	worn    int
	dressed []*formats.Asset
	opened  *formats.Asset
}

// reset forgets the suits of the previous file.
func (w *Wardrobe) reset(a *formats.Asset) {
	*w = Wardrobe{s: w.s, worn: -1, opened: a}
}

// Listed reports whether the suits beside the open file have been listed.
func (w *Wardrobe) Listed() bool { return w.listed }

// SetSuits gives the suit files beside the open file and their file
// names; worn is the index of the one the file was opened in (--suit),
// -1 for none.
func (w *Wardrobe) SetSuits(paths, names []string, worn int) {
	w.listed, w.paths, w.names = true, paths, names
	w.dressed = make([]*formats.Asset, len(paths))
	w.worn = -1
	if worn >= 0 && worn < len(paths) && len(names) == len(paths) {
		w.worn = worn
		w.dressed[worn] = w.opened
	}
}

// Suits are the listed suit files.
func (w *Wardrobe) Suits() []string { return w.paths }

// Worn is the index in Suits of the suit worn, -1 for the asset as opened.
func (w *Wardrobe) Worn() int { return w.worn }

// Label names what is worn for the picker: the suit file's name without
// its extension, or "none".
func (w *Wardrobe) Label() string {
	if w.worn < 0 {
		return "none"
	}
	return trimExt(w.names[w.worn])
}

// Next is the index d steps on from the worn suit, through -1 (the asset
// as opened) and every listed suit, round.
func (w *Wardrobe) Next(d int) int {
	n := len(w.paths) + 1
	return ((w.worn+1+d)%n+n)%n - 1
}

// Find returns the index of the suit that name names: its file name with
// or without the extension (any case), or its index from 0; "none" is -1.
// ok is false when no suit matches.
func (w *Wardrobe) Find(name string) (i int, ok bool) {
	if strings.EqualFold(name, "none") {
		return -1, true
	}
	for i, b := range w.names {
		if strings.EqualFold(name, b) || strings.EqualFold(name, trimExt(b)) {
			return i, true
		}
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 0 && n < len(w.paths) {
		return n, true
	}
	return 0, false
}

// Dressed is suit i's dressed asset if it was worn before (nil if not):
// the asset as opened for -1.
func (w *Wardrobe) Dressed(i int) *formats.Asset {
	if i < 0 {
		return w.opened
	}
	if i < len(w.dressed) {
		return w.dressed[i]
	}
	return nil
}

// Wear makes the open asset suit i's dressed copy a (the asset as opened
// for -1), keeping playback, the camera, the selection and the hidden
// bones; the warnings become a's.
func (w *Wardrobe) Wear(i int, a *formats.Asset) {
	if i >= len(w.paths) || a == nil {
		return
	}
	if i >= 0 {
		w.dressed[i] = a
	} else {
		a = w.opened
	}
	w.worn = i
	w.s.asset = a
	w.s.msg.setWarnings(a.Warnings)
}

// trimExt is a file name without its extension.
func trimExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}
