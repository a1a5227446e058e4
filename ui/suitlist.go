package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/state"
	"github.com/animview/animview/ui/table"
)

// The suit list: the suit picker's suits in the window's table (Ctrl+U),
// to pick one by name rather than stepping through fifty with U. Each row
// says what the suit dresses (a body, a head, hands, by the game's naming
// of suit files), the skeleton it is made for, marked when it is not the
// open skill's (a child's suit on an adult: drawn stretched, and passed
// over by U and J), and the slot it is worn in.

// suitColumns are the suit list's columns.
var suitColumns = []table.Column{
	{Title: "suit", Width: 4}, {Title: "part", Width: 1.2}, {Title: "skeleton", Width: 2.4}, {Title: "worn", Width: 2},
}

// suitPart names what suit file name dresses, by the game's naming
// (docs/formats/sims.md#skin-textures): b a body, c a head, h hands.
func suitPart(name string) string {
	if name == "" {
		return ""
	}
	switch name[0] | 0x20 {
	case 'b':
		return "body"
	case 'c':
		if len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
			return "head"
		}
	case 'h':
		return "hands"
	}
	return "other"
}

// showList opens the suit list: "none" (the skill as opened) first, then
// the suits beside the open file.
func (sp suitPicker) showList(st *state.State) {
	sp.list(st)
	w := st.Wardrobe()
	paths := w.Suits()
	if len(paths) == 0 {
		st.Notify("no Sims suit (.cmx or .bcf with a suit) beside this file or among the files opened with it", time.Now())
		return
	}
	age := state.SkeletonAge(nil)
	if o := w.Opened(); o != nil {
		age = state.SkeletonAge(o.Skeleton)
	}
	rows := []table.Row{{Cells: []string{"none", "", "", sp.wornCell(st, -1)}}}
	for i := range paths {
		name := suitName(w, i)
		skel := w.SuitAge(i).String()
		if w.ForOther(i) {
			skel += " (other)"
		}
		rows = append(rows, table.Row{Cells: []string{name, suitPart(name), skel, sp.wornCell(st, i)}, Mark: w.ForOther(i)})
	}
	l := sp.lv
	l.show("Suits beside "+st.Path()+" (on the "+age.String()+" skeleton)",
		"Enter wears it (a head in the head slot)", -1, suitColumns, rows,
		func(i int) bool { return sp.pick(st, i-1) })
	l.m.SelectItem(w.Worn(state.BodySlot) + 1)
}

// suitName is suit i's file name.
func suitName(w state.Wardrobe, i int) string {
	p := w.Suits()[i]
	for k := len(p) - 1; k >= 0; k-- {
		if p[k] == '/' || p[k] == '\\' {
			return p[k+1:]
		}
	}
	return p
}

// wornCell says where suit i (-1: none) is worn.
func (sp suitPicker) wornCell(st *state.State, i int) string {
	w := st.Wardrobe()
	switch {
	case i < 0 && w.Worn(state.BodySlot) < 0 && w.Worn(state.HeadSlot) < 0:
		return "as opened"
	case i < 0:
		return ""
	case w.Worn(state.BodySlot) == i:
		return "body slot"
	case w.Worn(state.HeadSlot) == i:
		return "head slot"
	}
	return ""
}

// pick wears suit i (-1: none, the skill as opened) from the list: a
// head in the head slot, any other in the body slot. A suit that cannot
// be worn shows its error, its warnings join the list, and the list
// closes so that they show.
func (sp suitPicker) pick(st *state.State, i int) bool {
	w := st.Wardrobe()
	var err error
	switch {
	case i < 0:
		err = sp.wear(st, []int{-1, -1}, w.Tone())
	case w.IsHead(i):
		err = sp.wear(st, w.With(state.HeadSlot, i), w.Tone())
	default:
		err = sp.wear(st, w.With(state.BodySlot, i), w.Tone())
	}
	if err != nil {
		st.ShowError(err.Error())
		sp.opt.Log(err.Error())
	}
	return true
}

// suitWarnings adds the warnings behind a suit that could not be worn
// (open.WarnedError) to the warnings list, which the asset still worn
// does not carry; err comes back as it was.
func (sp suitPicker) suitWarnings(st *state.State, err error) error {
	var we *open.WarnedError
	if errors.As(err, &we) && len(we.Warnings) > 0 {
		st.AddWarnings(we.Warnings)
		sp.opt.Log(fmt.Sprintf("warnings: %d in the list, the suit's: %s", st.Messages().WarningCount(), strings.Join(we.Warnings, "; ")))
	}
	return err
}
