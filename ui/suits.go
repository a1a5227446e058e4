package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/animview/animview/formats/open"
)

// The suit picker: a Sims skill (a .cmx skill, a .cfp's clip, a skin on
// its skeleton) wears the suits beside it, one at a time, or none. The
// suits are the character files in the open file's folder that hold a
// suit (in the web page, those among the files handed over with it:
// Options.Suits), listed the first time the picker is used; each suit is
// dressed once (formats/open.Wear) and kept.

// suitPicker is the App's suit picker: it lists the suits beside the open
// file and dresses the skill in one; what is worn lives in the state's
// Wardrobe.
type suitPicker struct{ a *App }

// list lists the suits beside the open file, once per file.
func (sp suitPicker) list() {
	a := sp.a
	w := a.st.Wardrobe()
	if w.Listed() {
		return
	}
	var paths, names []string
	if p := a.st.Path(); p != "demo:" {
		if a.opt.Suits != nil {
			paths = a.opt.Suits(p)
		} else {
			paths = open.Suits(filepath.Dir(p))
		}
	}
	// The suit the file was opened in (--suit), stated once, is found
	// among them by identity.
	var opened os.FileInfo
	if a.opt.Load.Suit != "" {
		opened, _ = os.Stat(a.opt.Load.Suit)
	}
	worn := -1
	for i, p := range paths {
		names = append(names, filepath.Base(p))
		if opened != nil {
			if st, err := os.Stat(p); err == nil && os.SameFile(st, opened) {
				worn = i
			}
		}
	}
	w.SetSuits(paths, names, worn)
}

// step wears the suit d steps on from the worn one.
func (sp suitPicker) step(d int) error {
	a := sp.a
	sp.list()
	w := a.st.Wardrobe()
	if len(w.Suits()) == 0 {
		a.st.Messages().Notify("no Sims suit (.cmx or .bcf with a suit) beside this file or among the files opened with it", time.Now())
		return nil
	}
	return sp.wear(w.Next(d))
}

// wearNamed wears the suit name names (Wardrobe.Find).
func (sp suitPicker) wearNamed(name string) error {
	a := sp.a
	sp.list()
	i, ok := a.st.Wardrobe().Find(name)
	if !ok {
		return fmt.Errorf("suit: no suit %q beside %s or among the files opened with it (%d suits)", name, filepath.Base(a.st.Path()), len(a.st.Wardrobe().Suits()))
	}
	return sp.wear(i)
}

// wear dresses the skill in suit i (-1: as opened); a suit none of
// whose skins bind is an error and the skill keeps what it wore.
func (sp suitPicker) wear(i int) error {
	a := sp.a
	w := a.st.Wardrobe()
	d := w.Dressed(i)
	if d == nil {
		var err error
		wear := open.Wear
		if a.opt.Wear != nil {
			wear = a.opt.Wear
		}
		if d, err = wear(w.Dressed(-1), w.Suits()[i]); err != nil {
			return err
		}
	}
	w.Wear(i, d)
	a.st.Messages().Notify("suit: "+w.Label(), time.Now())
	return nil
}
