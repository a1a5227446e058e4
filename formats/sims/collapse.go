package sims

import (
	"fmt"

	"github.com/animview/animview/formats"
)

// CollapseWarning explains a figure that collapses to a line: bones of the
// built-in tables that have no bind of their own (the dog's, FreeSO's
// helpers) take their offset from their first translation key, so an
// animation whose motions carry rotations only leaves them at zero
// translation, stacked on their parents. (The adult and child tables hold
// the game's bind translations, so their figures stand.) It returns ""
// when fewer than half of the bones (and fewer than three) sit at zero.
func CollapseWarning(sk *formats.Skeleton, c *formats.Clip) string {
	zero := 0
	for i, b := range sk.Bones {
		moved := c != nil && i < len(c.Tracks) && len(c.Tracks[i].Translation.Values) > 0
		if !moved && b.Bind.Translation.Len() < 1e-6 {
			zero++
		}
	}
	if zero < 3 || 2*zero < len(sk.Bones) {
		return ""
	}
	return fmt.Sprintf("%d of %d bones are at zero translation: the animation's motions carry rotations only, and the built-in skeleton "+
		"has no bind translations for them, so the figure collapses onto its root; open it with --skeleton FILE "+
		"(the game's skeleton, .skel or .cmx) to give the bones their lengths", zero, len(sk.Bones))
}
