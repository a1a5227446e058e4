package formats

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// pick is the one rule by which a user names one of n things (a clip, a
// character, an animation), on the command line (--clip, --character,
// --anim) as in the window (`clip NAME`, `anim NAME`, a link): the first
// whose name is sel, else the first whose name is sel ignoring letter
// case, else the one numbered sel from 0. It returns -1 when none is.
func pick(n int, name func(int) string, sel string) int {
	for i := range n {
		if name(i) == sel {
			return i
		}
	}
	for i := range n {
		if strings.EqualFold(name(i), sel) {
			return i
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < n {
		return i
	}
	return -1
}

// ClipIndex returns the index of the clip sel names (by name, by name
// ignoring case, or by index), or -1.
func (a *Asset) ClipIndex(sel string) int {
	return pick(len(a.Clips), func(i int) string { return a.Clips[i].Name }, sel)
}

// CharacterIndex returns the index of the character sel names (by name,
// by name ignoring case, or by index), or -1.
func (a *Asset) CharacterIndex(sel string) int {
	return pick(len(a.Characters), func(i int) string { return a.Characters[i].Name }, sel)
}

// CharacterAnimIndex returns the index in character ci's Animations of
// the one sel names (by name, by name ignoring case, or by index), or -1
// (also when ci is not a character).
func (a *Asset) CharacterAnimIndex(ci int, sel string) int {
	if ci < 0 || ci >= len(a.Characters) {
		return -1
	}
	list := a.Characters[ci].Animations
	return pick(len(list), func(i int) string { return list[i].Name }, sel)
}

// setAnimIndex returns the index in the animation set of the animation
// sel names, or -1 (also without a set).
func (a *Asset) setAnimIndex(sel string) int {
	if a.AnimSet == nil {
		return -1
	}
	list := a.AnimSet.Animations
	return pick(len(list), func(i int) string { return list[i].Name }, sel)
}

// FindClip resolves a clip chosen by the user (--clip, by ClipIndex); ""
// is DefaultClip(file), file being the path the asset was opened from (""
// when unknown).
func (a *Asset) FindClip(sel, file string) (int, error) {
	if len(a.Clips) == 0 {
		return -1, errors.New("the file has no clips")
	}
	if sel == "" {
		return a.DefaultClip(file), nil
	}
	if i := a.ClipIndex(sel); i >= 0 {
		return i, nil
	}
	return -1, fmt.Errorf("no clip %q (the file has %d clips; use a name or an index)", sel, len(a.Clips))
}

// HasKeys reports whether a clip moves anything: a key on a bone or a
// camera. A Sims skill whose .cfp is absent has none (it shows the bind
// pose).
func (c *Clip) HasKeys() bool {
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
func (a *Asset) DefaultClip(file string) int {
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
			if (n == base || strings.HasSuffix(n, "-"+base)) && c.HasKeys() {
				return i
			}
		}
	}
	for i, c := range a.Clips {
		if c.HasKeys() {
			return i
		}
	}
	return 0
}

// FindCharacter resolves a character chosen by the user (--character, by
// CharacterIndex); "" is the asset's own character (the one its clips are
// posed on), or -1 when the asset has none.
func (a *Asset) FindCharacter(sel string) (int, error) {
	if sel == "" {
		if len(a.Characters) == 0 {
			return -1, nil
		}
		if a.Character >= 0 && a.Character < len(a.Characters) {
			return a.Character, nil
		}
		return 0, nil
	}
	if i := a.CharacterIndex(sel); i >= 0 {
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
// ci (-1 for none): one of the character's own animations
// (CharacterAnimIndex, as the window's `anim NAME`), else one of the
// animation set's, by the same rule.
func (a *Asset) FindAnim(ci int, sel string) (AnimRef, error) {
	if i := a.CharacterAnimIndex(ci, sel); i >= 0 {
		ca := a.Characters[ci].Animations[i]
		if ca.SetIndex >= 0 && a.AnimSet != nil && ca.SetIndex < len(a.AnimSet.Animations) {
			return AnimRef{Name: ca.Name, SetIndex: ca.SetIndex, Clip: -1}, nil
		}
		if ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(a.Clips) {
			return AnimRef{Name: ca.Name, SetIndex: -1, Clip: ca.Clip}, nil
		}
		return AnimRef{}, fmt.Errorf("animation %q of the character has neither a tree nor a clip", sel)
	}
	if i := a.setAnimIndex(sel); i >= 0 {
		return AnimRef{Name: a.AnimSet.Animations[i].Name, SetIndex: i, Clip: -1}, nil
	}
	return AnimRef{}, fmt.Errorf("no animation %q (use a name from `animview info`)", sel)
}
