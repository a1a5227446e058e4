package state

import (
	"slices"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// Wardrobe is the suit picker's state: the suits a Sims skill can wear
// (the suit files beside it, which the window lists when first asked),
// which ones it wears together (a suit in each slot: the body slot that U
// steps through every suit, the head slot that J steps through the
// heads, and any more that the suit action or --suit gave), the skin tone
// their textures are chosen for, and the asset as it was opened. Wearing
// suits swaps the open asset for a dressed copy with the same skeleton
// and clips, so playback, the camera and the bones' marks carry on.
type Wardrobe struct {
	listed bool
	// paths are the suit files, names their file names.
	paths, names []string
	// worn holds the index in paths of the suit in each slot (BodySlot,
	// HeadSlot, then more), -1 for an empty slot; all empty is the asset
	// as opened. dressed caches each dressing by its key (dressKey).
	worn    []int
	tone    sims.Tone
	dressed map[string]*formats.Asset
	opened  *formats.Asset
	// openedTone is the tone the asset was opened in (--tone).
	openedTone sims.Tone
}

// The slots of the wardrobe that the keys step.
const (
	// BodySlot is the slot U and Shift+U step through every suit.
	BodySlot = 0
	// HeadSlot is the slot J and Shift+J step through the head suits.
	HeadSlot = 1
)

// reset forgets the suits of the previous file.
func (w *Wardrobe) reset(a *formats.Asset) {
	*w = Wardrobe{worn: []int{-1, -1}, opened: a}
}

// SuitsOffered reports whether the open file can wear suits: a file of The
// Sims (a format named sims-…, as formats/open.RetoneIn tells them),
// whose skeleton Sims suits bind to. The window shows the suit picker's
// button for such a file only.
func (s *State) SuitsOffered() bool {
	a := s.asset
	return a != nil && strings.HasPrefix(a.Format, "sims")
}

// Listed reports whether the suits beside the open file have been listed.
func (w Wardrobe) Listed() bool { return w.listed }

// SetSuits gives the suit files beside the open file and their file
// names; worn are the indices of the ones the file was opened in
// (--suit, in order: the first in the body slot, the next in the head
// slot), tone the tone it was opened in (--tone).
func (s *State) SetSuits(paths, names []string, worn []int, tone sims.Tone) {
	s.suits.listed, s.suits.paths, s.suits.names = true, paths, names
	s.suits.dressed = map[string]*formats.Asset{}
	s.suits.worn = []int{-1, -1}
	s.suits.tone = tone
	if len(names) == len(paths) {
		for i, k := range worn {
			if k >= 0 && k < len(paths) {
				if i >= len(s.suits.worn) {
					s.suits.worn = append(s.suits.worn, -1)
				}
				s.suits.worn[i] = k
			}
		}
	}
	s.suits.openedTone = tone
	s.suits.dressed[s.suits.key(s.suits.worn, tone)] = s.suits.opened
}

// Suits are the listed suit files.
func (w Wardrobe) Suits() []string { return slices.Clone(w.paths) }

// Worn is the index in Suits of the suit in slot (-1 for none).
func (w Wardrobe) Worn(slot int) int {
	if slot < 0 || slot >= len(w.worn) {
		return -1
	}
	return w.worn[slot]
}

// Tone is the skin tone the worn suits' textures are chosen for.
func (w Wardrobe) Tone() sims.Tone { return w.tone }

// Label names what is worn for the picker: the suit files' names without
// their extensions, joined by " + ", or "none".
func (w Wardrobe) Label() string {
	var parts []string
	for _, i := range w.worn {
		if i >= 0 && i < len(w.names) {
			parts = append(parts, trimExt(w.names[i]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " + ")
}

// IsHead reports whether suit i is a head by the game's naming of suit
// files (c001ma_ross.cmx: heads begin with c, bodies with b, hands with
// h; docs/formats/sims.md#skin-textures): a c and a digit, so that
// child-censor.cmx is no head.
func (w Wardrobe) IsHead(i int) bool {
	if i < 0 || i >= len(w.names) {
		return false
	}
	n := w.names[i]
	return len(n) > 1 && (n[0] == 'c' || n[0] == 'C') && n[1] >= '0' && n[1] <= '9'
}

// Next is the index d steps on from the suit in slot, through -1 (none)
// and every listed suit the slot takes (every suit for the body slot,
// the heads for the head slot, all of them when there are no heads),
// round; suits for another skeleton (ForOther) are passed over.
func (w Wardrobe) Next(slot, d int) int {
	var order []int
	for i := range w.paths {
		if (slot != HeadSlot || w.IsHead(i)) && !w.ForOther(i) {
			order = append(order, i)
		}
	}
	if slot == HeadSlot && len(order) == 0 {
		for i := range w.paths {
			if !w.ForOther(i) {
				order = append(order, i)
			}
		}
	}
	order = append([]int{-1}, order...)
	at := slices.Index(order, w.Worn(slot))
	if at < 0 {
		at = 0
	}
	n := len(order)
	return order[((at+d)%n+n)%n]
}

// With is the worn suits with slot's replaced by suit i (-1: emptied).
func (w Wardrobe) With(slot, i int) []int {
	worn := slices.Clone(w.worn)
	for len(worn) <= slot {
		worn = append(worn, -1)
	}
	worn[slot] = i
	return worn
}

// Find returns the index of the suit that name names: its file name with
// or without the extension (any case), or its index from 0; "none" is -1.
// ok is false when no suit matches.
func (w Wardrobe) Find(name string) (i int, ok bool) {
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

// Paths are the suit files of the worn indices worn, in slot order,
// empty slots and repeats left out.
func (w Wardrobe) Paths(worn []int) []string {
	var out []string
	seen := map[int]bool{}
	for _, i := range worn {
		if i >= 0 && i < len(w.paths) && !seen[i] {
			seen[i] = true
			out = append(out, w.paths[i])
		}
	}
	return out
}

// key names a dressing: the suits worn, in order, and the tone ("none"
// and the tone for the asset as opened, in its own tone or retoned).
func (w Wardrobe) key(worn []int, tone sims.Tone) string {
	var b strings.Builder
	seen := map[int]bool{}
	for _, i := range worn {
		if i >= 0 && !seen[i] {
			seen[i] = true
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(' ')
		}
	}
	if b.Len() == 0 {
		b.WriteString("none ")
	}
	return b.String() + tone.String()
}

// Dressed is the dressed asset of the suits worn and tone if they were
// worn before (nil if not): with none worn, the asset as opened in the
// tone it was opened in, or as retoned before.
func (w Wardrobe) Dressed(worn []int, tone sims.Tone) *formats.Asset {
	if a := w.dressed[w.key(worn, tone)]; a != nil {
		return a
	}
	if len(w.Paths(worn)) == 0 && tone == w.openedTone {
		return w.opened
	}
	return nil
}

// Opened is the asset as it was opened.
func (w Wardrobe) Opened() *formats.Asset { return w.opened }

// Wear makes the open asset a, the dressed copy of the suits worn (with
// none, the asset as opened or its copy retoned), in tone, keeping
// playback, the camera, the selection and the hidden bones; the warnings
// become a's.
func (s *State) Wear(worn []int, tone sims.Tone, a *formats.Asset) {
	k := s.suits.key(worn, tone)
	if a == nil {
		return
	}
	for _, i := range worn {
		if i >= len(s.suits.paths) {
			return
		}
	}
	if s.suits.dressed == nil {
		s.suits.dressed = map[string]*formats.Asset{}
	}
	s.suits.dressed[k] = a
	s.suits.worn = slices.Clone(worn)
	for len(s.suits.worn) < 2 {
		s.suits.worn = append(s.suits.worn, -1)
	}
	s.suits.tone = tone
	s.asset, s.tree.asset = a, a
	s.msg.setWarnings(a.Warnings)
}

// trimExt is a file name without its extension.
func trimExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}
