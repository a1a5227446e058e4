package ui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/cuts"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Saved cuts: the timeline's range kept as a named clip in the file's
// sidecar (FILE.animview.json, formats/cuts), listed under the file's
// clips, renamed and deleted. Every change rewrites the sidecar (the
// previous one kept as .bak) and opens the file again, so that the
// window shows what every command reads.

// cutter is the window's saved cuts and their name prompt. It holds the
// tools and the hooks; the state comes with each call that reads or
// changes it.
type cutter struct {
	tools
	// hooks: changed, once a change has opened the file again.
	hooks
	namePrompt
}

// namePrompt is the prompt for a cut's new name.
type namePrompt struct {
	// naming is set while the prompt asks a cut's name; old is the cut
	// it renames and text what is typed.
	naming    bool
	old, text string
	// fresh is set until the first key: typing replaces the name shown.
	fresh bool
}

// cutNameMax bounds what the prompt takes.
const cutNameMax = 64

// sidecarFile is the file whose sidecar keeps the open file's cuts, or
// an error saying why there is none (the demo, a folder).
func (c *cutter) sidecarFile(st *state.State) (string, error) {
	p := st.Path()
	if p == "" || p == demo.Name {
		return "", errors.New("cuts are kept beside a file: the demo has none")
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return "", fmt.Errorf("cuts are kept beside a file: %s is not one", p)
	}
	return p, nil
}

// load reads the open file's saved cuts; a sidecar that does not parse
// is an error, and nothing is written over it.
func (c *cutter) load(st *state.State) (string, []cuts.Cut, error) {
	p, err := c.sidecarFile(st)
	if err != nil {
		return "", nil, err
	}
	kept, err := cuts.Load(p)
	if err != nil {
		return "", nil, fmt.Errorf("%w: fix or remove it first (nothing was written)", err)
	}
	return p, kept, nil
}

// taken reports whether a clip of the open file or a saved cut has name.
func (c *cutter) taken(st *state.State, kept []cuts.Cut, name string) bool {
	for _, cl := range st.Asset().Clips {
		if cl.Name == name {
			return true
		}
	}
	return slices.ContainsFunc(kept, func(k cuts.Cut) bool { return k.Name == name })
}

// save keeps the timeline's range of the open clip as the cut name ("":
// the first free "cut-N") and shows it; it returns the name.
func (c *cutter) save(st *state.State, name string) (string, error) {
	in, out, ok := st.Timeline().Range()
	if !ok {
		return "", errors.New("save cut: no range: mark one with I and O first")
	}
	clip := st.CurrentClip()
	if clip == nil || !slices.Contains(st.Asset().Clips, clip) {
		return "", errors.New("save cut: open a clip first (a character's animation cannot be cut)")
	}
	p, kept, err := c.load(st)
	if err != nil {
		return "", fmt.Errorf("save cut: %w", err)
	}
	src, off := clip.Name, 0.0
	if clip.Group == cuts.Group {
		// A cut of a cut is a cut of its source.
		i := slices.IndexFunc(kept, func(k cuts.Cut) bool { return k.Name == clip.Name })
		if i < 0 {
			return "", fmt.Errorf("save cut: %q comes from --split: cut its source clip instead", clip.Name)
		}
		src, off = kept[i].Clip, kept[i].From
	}
	if name == "" {
		for n := 1; ; n++ {
			if name = "cut-" + strconv.Itoa(n); !c.taken(st, kept, name) {
				break
			}
		}
	}
	if err := cuts.CheckName(name); err != nil {
		return "", fmt.Errorf("save cut: %w", err)
	}
	if c.taken(st, kept, name) {
		return "", fmt.Errorf("save cut: the name %q is taken", name)
	}
	cut := cuts.Cut{Name: name, Clip: src, From: off + in, To: off + out}
	if s := cuts.Source(st.Asset().Clips, src); s == nil {
		return "", fmt.Errorf("save cut: no clip %q", src)
	} else if err := cuts.Check(cut, s); err != nil {
		return "", fmt.Errorf("save cut: %w", err)
	}
	if err := cuts.Save(p, append(kept, cut)); err != nil {
		return "", err
	}
	c.opt.Log(fmt.Sprintf("cut saved: %q %s %g-%g s in %s", name, src, cut.From, cut.To, cuts.SidecarPath(p)))
	c.reopen(st, name, fmt.Sprintf("saved the cut %q (%.3f–%.3f s of %s)", name, cut.From, cut.To, src))
	return name, nil
}

// rename renames the saved cut old to name.
func (c *cutter) rename(st *state.State, old, name string) error {
	p, kept, err := c.load(st)
	if err != nil {
		return fmt.Errorf("rename cut: %w", err)
	}
	i := slices.IndexFunc(kept, func(k cuts.Cut) bool { return k.Name == old })
	if i < 0 {
		return fmt.Errorf("rename cut: no saved cut %q", old)
	}
	if name == old {
		return nil
	}
	if err := cuts.CheckName(name); err != nil {
		return fmt.Errorf("rename cut: %w", err)
	}
	if c.taken(st, kept, name) {
		return fmt.Errorf("rename cut: the name %q is taken", name)
	}
	kept[i].Name = name
	if err := cuts.Save(p, kept); err != nil {
		return err
	}
	c.opt.Log(fmt.Sprintf("cut renamed: %q to %q", old, name))
	c.reopen(st, name, fmt.Sprintf("renamed the cut %q to %q", old, name))
	return nil
}

// remove deletes the saved cut name and shows its source clip.
func (c *cutter) remove(st *state.State, name string) error {
	p, kept, err := c.load(st)
	if err != nil {
		return fmt.Errorf("delete cut: %w", err)
	}
	i := slices.IndexFunc(kept, func(k cuts.Cut) bool { return k.Name == name })
	if i < 0 {
		return fmt.Errorf("delete cut: no saved cut %q", name)
	}
	src := kept[i].Clip
	if err := cuts.Save(p, slices.Delete(kept, i, i+1)); err != nil {
		return err
	}
	c.opt.Log(fmt.Sprintf("cut deleted: %q", name))
	c.reopen(st, src, fmt.Sprintf("deleted the cut %q (the previous list is in %s)", name, cuts.SidecarPath(p)+cuts.BackupExt))
	return nil
}

// current is the open clip's name when it is a cut, else an error.
func (c *cutter) current(st *state.State, verb string) (string, error) {
	cl := st.CurrentClip()
	if cl == nil || cl.Group != cuts.Group {
		return "", fmt.Errorf("%s: the open clip is not a saved cut", verb)
	}
	return cl.Name, nil
}

// reopen opens the file again (its entry, with the user's choices), so
// that the clip list holds the sidecar's cuts, and shows the clip
// called show.
func (c *cutter) reopen(st *state.State, show, note string) {
	path, entry := st.Path(), st.Asset().Entry
	var asset *formats.Asset
	var err error
	if entry != "" {
		asset, err = c.openPathEntry(path, entry)
	} else {
		asset, err = c.openPath(path)
	}
	if err != nil {
		st.ShowError(err.Error())
		return
	}
	st.SetAsset(path, asset)
	// Selected before the lists are filled, so that they start on it.
	if i := st.ClipByName(show); i >= 0 {
		st.SelectClip(i)
	}
	c.changed()
	st.Notify(note, time.Now())
}

// ask opens the name prompt for the cut old, its text the name.
func (c *cutter) ask(old string) {
	c.naming, c.old, c.text, c.fresh = true, old, old, true
}

// typeIn types what was typed this tick into the prompt: the first
// character typed or Backspace replaces the name shown; printable
// characters but ',' and '=' are typed, up to cutNameMax bytes. It
// reports false when the tick's input ends there (a first Backspace,
// which cleared the name, is not also a deletion).
func (p *namePrompt) typeIn(in *tickInput) bool {
	if !p.naming {
		return true
	}
	if p.fresh && (len(in.typed) > 0 || in.justPressed(ebiten.KeyBackspace)) {
		p.text, p.fresh = "", false
		if len(in.typed) == 0 {
			return false
		}
	}
	for _, r := range in.typed {
		if r >= 0x20 && r != 0x7f && r != ',' && r != '=' && len(p.text) < cutNameMax {
			p.text += string(r)
		}
	}
	return true
}

// backspace deletes the last character typed.
func (p *namePrompt) backspace() {
	if p.text != "" {
		_, n := utf8.DecodeLastRuneInString(p.text)
		p.text = p.text[:len(p.text)-n]
	}
}

// enter ends the prompt (Enter, confirm): it returns the cut to rename
// and its new name, or "" when the name typed is empty or unchanged.
func (p *namePrompt) enter() (old, name string) {
	p.naming = false
	if name := strings.TrimSpace(p.text); name != "" && name != p.old {
		return p.old, name
	}
	return "", ""
}

// draw draws the prompt over the view.
func (c *cutter) draw(screen *ebiten.Image, vp render.Viewport) {
	if !c.naming {
		return
	}
	k := c.kit
	w := min(vp.W-24, 420)
	if w < 60 {
		return
	}
	const h = 84
	x, y := vp.X+(vp.W-w)/2, vp.Y+(vp.H-h)/2
	c.fill.rect(screen, x, y, w, h, colRecordPanel)
	c.fill.rect(screen, x, y, w, 2, colAccent)
	k.drawText(screen, k.fitLeft("Name the cut "+strconv.Quote(c.old), k.face, int(w)-24), float64(x+12), float64(y+8), colText, k.face)
	c.fill.rect(screen, x+12, y+34, w-24, 22, colAccent)
	c.fill.rect(screen, x+13, y+35, w-26, 20, colButtonLo)
	face := k.small
	shown := k.fitLeft(c.text, face, int(w)-40)
	k.drawText(screen, shown, float64(x+18), float64(y+37), colText, face)
	tw, _ := text.Measure(shown, face, 0)
	c.fill.rect(screen, x+18+float32(tw)+1, y+38, 1, 14, colText)
	hint := "Enter: rename · Esc: keep " + strconv.Quote(c.old)
	hw, _ := text.Measure(hint, face, 0)
	k.drawText(screen, hint, float64(x+w-12)-hw, float64(y+h-20), colDim, face)
}
