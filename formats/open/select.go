package open

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// FindClip resolves a clip chosen by the user (--clip): a name first, then
// an index; "" is DefaultClip(a, file), file being the path the asset was
// opened from ("" when unknown).
func FindClip(a *formats.Asset, sel, file string) (int, error) {
	if len(a.Clips) == 0 {
		return -1, errors.New("the file has no clips")
	}
	if sel == "" {
		return DefaultClip(a, file), nil
	}
	for i, c := range a.Clips {
		if c.Name == sel {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.Clips) {
		return i, nil
	}
	return -1, fmt.Errorf("no clip %q (the file has %d clips; use a name or an index)", sel, len(a.Clips))
}

// HasKeys reports whether a clip moves anything: a key on a bone or a
// camera. A Sims skill whose .cfp is absent has none (it shows the bind
// pose).
func HasKeys(c *formats.Clip) bool {
	if c == nil {
		return false
	}
	if c.Camera != nil {
		return true
	}
	for i := range c.Tracks {
		if c.Tracks[i].Animated() {
			return true
		}
	}
	return false
}

// DefaultClip is the clip a file opens on, the same in the window, render
// and export (issue 33 item 6: a Sims skill file opened on a skill whose
// .cfp was absent, in its bind pose, while the file's own skill came
// third): the file's namesake when it has keys, else the first clip with
// keys, else the first clip; -1 when the asset has no clips. The namesake
// is the clip named as file's base name without its extension, or that
// name after a prefix ending in '-' ("ross-walking-loop.cmx" names
// "a2o-ross-walking-loop" too), letter case aside.
func DefaultClip(a *formats.Asset, file string) int {
	if len(a.Clips) == 0 {
		return -1
	}
	if a.Entry != "" {
		file = a.Entry // a container's or a folder's entry names the clips' file
	}
	base := path.Base(filepath.ToSlash(file))
	if base = strings.ToLower(strings.TrimSuffix(base, path.Ext(base))); file != "" && base != "" {
		for i, c := range a.Clips {
			n := strings.ToLower(c.Name)
			if (n == base || strings.HasSuffix(n, "-"+base)) && HasKeys(c) {
				return i
			}
		}
	}
	for i, c := range a.Clips {
		if HasKeys(c) {
			return i
		}
	}
	return 0
}

// FindCharacter resolves a character chosen by the user (--character): a
// name, then an index; "" is the asset's own character (the one its clips
// are posed on), or -1 when the asset has none.
func FindCharacter(a *formats.Asset, sel string) (int, error) {
	if sel == "" {
		if len(a.Characters) == 0 {
			return -1, nil
		}
		if a.Character >= 0 && a.Character < len(a.Characters) {
			return a.Character, nil
		}
		return 0, nil
	}
	for i := range a.Characters {
		if a.Characters[i].Name == sel {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.Characters) {
		return i, nil
	}
	return -1, fmt.Errorf("no character %q (the file has %d characters; use a name or an index)", sel, len(a.Characters))
}

// AnimRef is a character's animation resolved: an index into the
// animation set, or a plain clip when the character plays one without a
// tree.
type AnimRef struct {
	Name string
	// SetIndex indexes Asset.AnimSet.Animations (-1: a plain clip).
	SetIndex int
	// Clip indexes Asset.Clips when SetIndex is -1.
	Clip int
}

// FindAnim resolves an animation chosen by the user (--anim) for character
// ci (-1 for none): the character's own names first (they map to
// animation-set indices), then the set's names, then an index into the
// set.
func FindAnim(a *formats.Asset, ci int, sel string) (AnimRef, error) {
	if ci >= 0 {
		for _, ca := range a.Characters[ci].Animations {
			if ca.Name != sel {
				continue
			}
			if ca.SetIndex >= 0 && a.AnimSet != nil && ca.SetIndex < len(a.AnimSet.Animations) {
				return AnimRef{Name: ca.Name, SetIndex: ca.SetIndex, Clip: -1}, nil
			}
			if ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(a.Clips) {
				return AnimRef{Name: ca.Name, SetIndex: -1, Clip: ca.Clip}, nil
			}
			return AnimRef{}, fmt.Errorf("animation %q of the character has neither a tree nor a clip", sel)
		}
	}
	if a.AnimSet != nil {
		for i := range a.AnimSet.Animations {
			if a.AnimSet.Animations[i].Name == sel {
				return AnimRef{Name: sel, SetIndex: i, Clip: -1}, nil
			}
		}
		if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.AnimSet.Animations) {
			return AnimRef{Name: a.AnimSet.Animations[i].Name, SetIndex: i, Clip: -1}, nil
		}
	}
	return AnimRef{}, fmt.Errorf("no animation %q (use a name from `animview info`)", sel)
}

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
