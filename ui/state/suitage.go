package state

import (
	"slices"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// SkeletonAge is the age of a Sims skeleton: the game's skeletons are
// adult-skeleton.cmx and child-skeleton.cmx, whose skeletons are named
// adult and child, and the built-in tables say which they stand for in
// their names and sources (formats/sims, docs/formats/sims.md#built-in-skeleton-tables).
// The two have the same 29 bone names, so a suit's skins bind to either:
// only the age its file name says (sims.SuitAge) tells the suits apart.
// A skeleton that says neither is an adult's.
func SkeletonAge(sk *formats.Skeleton) sims.Age {
	if sk != nil && strings.Contains(strings.ToLower(sk.Name+" "+sk.Source), "child") {
		return sims.Child
	}
	return sims.Adult
}

// SuitAge is the age suit i is made for, by its file name (sims.SuitAge:
// the letter after the gender, a or c, or a name starting with child).
func (w Wardrobe) SuitAge(i int) sims.Age {
	if i < 0 || i >= len(w.names) {
		return sims.Adult
	}
	return sims.SuitAge(w.names[i])
}

// ForOther reports whether suit i is made for another skeleton than the
// one the asset as opened plays on (a child's suit on an adult skill):
// it would draw stretched, so U and J pass it over and the suit list
// marks it.
func (w Wardrobe) ForOther(i int) bool {
	if w.opened == nil {
		return false
	}
	return w.SuitAge(i) != SkeletonAge(w.opened.Skeleton)
}

// AddWarnings adds warnings to the list (those it holds already once),
// showing the banner again: the warnings of a suit that could not be
// worn, which the asset worn does not carry.
func (s *State) AddWarnings(ws []string) {
	added := false
	for _, w := range ws {
		if !slices.Contains(s.msg.warnings, w) {
			s.msg.warnings = append(s.msg.warnings, w)
			added = true
		}
	}
	if added {
		s.msg.warningsDismissed = false
	}
}
