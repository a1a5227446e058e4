package open

import (
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
)

// RequireDrawable is RequireSkeleton for drawing: a model opened alone (a
// static mesh without bones) passes too, drawn in its bind shape.
func RequireDrawable(a *formats.Asset) error {
	if len(a.Meshes) > 0 {
		return nil
	}
	return RequireSkeleton(a)
}

// RequireSkeleton fails, saying what to open instead, for an asset without
// bones: there is nothing to pose or draw.
func RequireSkeleton(a *formats.Asset) error {
	if a.Skeleton != nil && len(a.Skeleton.Bones) > 0 {
		return nil
	}
	hint := "open the animation file that uses it instead"
	if strings.HasSuffix(a.Format, "-evnt") && len(a.Warnings) > 0 {
		// The loader's first warning says which ANIM to open.
		hint = a.Warnings[0]
	}
	if strings.HasSuffix(a.Format, "-cmdl") {
		hint = "a model opened alone has no bones: open the character set (ANCS), PAK or folder whose character uses it"
	}
	if a.Entry != "" {
		// A container's entry: say which, and what its loader met, which
		// may be why (issue 35: a PAK with damaged entries said only
		// "open the animation file").
		why := ""
		if ws := a.Warnings; len(ws) > 0 {
			more := ""
			if len(ws) > 3 {
				ws, more = ws[:3], fmt.Sprintf("; and %d more", len(ws)-3)
			}
			why = fmt.Sprintf(" (its loader warned: %s%s)", strings.Join(ws, "; "), more)
		}
		return fmt.Errorf("the %s file's entry %q has no skeleton to pose%s: %s, or give a skeleton with --skeleton FILE", a.Format, a.Entry, why, hint)
	}
	return fmt.Errorf("the %s file has no skeleton to pose: %s, or give a skeleton with --skeleton FILE", a.Format, hint)
}
