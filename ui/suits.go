package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/ui/state"
)

// The suit picker: a Sims skill (a .cmx skill, a .cfp's clip, a skin on
// its skeleton) wears the suits beside it: a body and a head together
// (and more, by the suit action or --suit), in a skin tone. The suits
// are the character files in the open file's folder that hold a suit (in
// the web page, those among the files handed over with it:
// Options.Suits), listed the first time the picker is used; each
// dressing is made once (formats/open.Wear) and kept.

// suitPicker is the App's suit picker: it lists the suits beside the open
// file and dresses the skill in them; what is worn lives in the state's
// Wardrobe. It holds the tools and the list; the state comes with each
// call.
type suitPicker struct {
	tools
	// lv is the list the suits are shown in.
	lv *listView
}

// list lists the suits beside the open file, once per file.
func (sp suitPicker) list(st *state.State) {
	w := st.Wardrobe()
	if w.Listed() {
		return
	}
	var paths, names []string
	if p := st.Path(); p != "demo:" {
		if sp.opt.Suits != nil {
			paths = sp.opt.Suits(p)
		} else {
			paths = open.Suits(filepath.Dir(p))
		}
	}
	// The suits the file was opened in (--suit), each stated once, are
	// found among them by identity.
	var opened []os.FileInfo
	for _, s := range sp.opt.Load.Suits {
		if st, err := os.Stat(s); err == nil {
			opened = append(opened, st)
		}
	}
	worn := make([]int, len(opened))
	for i := range worn {
		worn[i] = -1
	}
	for i, p := range paths {
		names = append(names, filepath.Base(p))
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		for k, o := range opened {
			if os.SameFile(st, o) {
				worn[k] = i
			}
		}
	}
	tone, _ := sims.ParseTone(sp.opt.Load.Tone)
	st.SetSuits(paths, names, worn, tone)
}

// step wears, in slot, the suit d steps on from the one there.
func (sp suitPicker) step(st *state.State, slot, d int) error {
	sp.list(st)
	w := st.Wardrobe()
	if len(w.Suits()) == 0 {
		st.Notify("no Sims suit (.cmx or .bcf with a suit) beside this file or among the files opened with it", time.Now())
		return nil
	}
	return sp.wear(st, w.With(slot, w.Next(slot, d)), w.Tone())
}

// wearNamed wears the suits names names (Wardrobe.Find), in slot order:
// the first in the body slot, the second in the head slot, more after.
// The whole of text is tried as one name first (a file name with
// spaces), then its words.
func (sp suitPicker) wearNamed(st *state.State, text string) error {
	sp.list(st)
	w := st.Wardrobe()
	names := []string{text}
	if _, ok := w.Find(text); !ok {
		names = strings.Fields(text)
	}
	var worn []int
	for _, name := range names {
		i, ok := w.Find(name)
		if !ok {
			return fmt.Errorf("suit: no suit %q beside %s or among the files opened with it (%d suits)", name, filepath.Base(st.Path()), len(w.Suits()))
		}
		worn = append(worn, i)
	}
	for len(worn) < 2 {
		worn = append(worn, -1)
	}
	return sp.wear(st, worn, w.Tone())
}

// setTone dresses the suits worn again in tone; with none worn, the
// asset as opened (a suit file, a skin) draws its Sims skins with the
// textures of tone.
func (sp suitPicker) setTone(st *state.State, tone sims.Tone) error {
	sp.list(st)
	return sp.wear(st, worn(st.Wardrobe()), tone)
}

// worn is the wardrobe's slots as they are.
func worn(w state.Wardrobe) []int {
	out := []int{w.Worn(state.BodySlot), w.Worn(state.HeadSlot)}
	for s := state.HeadSlot + 1; w.Worn(s) >= 0; s++ {
		out = append(out, w.Worn(s))
	}
	return out
}

// wear dresses the skill in the suits worn (none: as opened) in tone;
// suits none of whose skins bind are an error and the skill keeps what it
// wore.
func (sp suitPicker) wear(st *state.State, worn []int, tone sims.Tone) error {
	w := st.Wardrobe()
	d := w.Dressed(worn, tone)
	switch {
	case d != nil:
	case len(w.Paths(worn)) == 0:
		// None worn: the asset as opened, its own Sims skins (a suit
		// file, a skin) in tone's textures (open.Retone).
		if sp.opt.Retone != nil {
			d = sp.opt.Retone(w.Opened(), tone)
		} else {
			d = open.Retone(w.Opened(), filepath.Dir(st.Path()), tone)
		}
	default:
		var err error
		wear := open.Wear
		if sp.opt.Wear != nil {
			wear = sp.opt.Wear
		}
		if d, err = wear(w.Opened(), tone, w.Paths(worn)...); err != nil {
			return sp.suitWarnings(st, err)
		}
	}
	st.Wear(worn, tone, d)
	st.Notify("suit: "+st.Wardrobe().Label()+", "+tone.String(), time.Now())
	return nil
}
