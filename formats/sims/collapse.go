package sims

import (
	"fmt"

	"github.com/animview/animview/formats"
)

// CollapseWarning explains a figure that collapses to a line: without a
// .skel file the fallback skeleton takes each bone's offset from its first
// translation key, so an animation whose motions carry rotations only
// leaves most bones at zero translation, all stacked on their parents. It
// returns "" when fewer than half of the bones (and fewer than three) sit
// at zero.
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
		"takes each bone's offset from the animation, so the figure collapses onto its root; open it with --skeleton FILE.skel "+
		"(the game's adult.skel or dog.skel) to give the bones their lengths", zero, len(sk.Bones))
}
