package ui

import (
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// modal is a part of the window that, while it shows, has the input: the
// built-in browser, the asset or suit list, the frame box while typed
// into, the cut's name prompt, and the dropped file's and the export's
// questions. Its mouse goes through the command table as the window's
// does: its rows' regions are live only while it has the input
// (mouseRegion.in), and come before the window's; a region of close's row
// then takes any other press (capture), so that nothing below it has the
// click. Its keys are rows too: the window's Enter (confirm) and Esc
// (close), whose handlers answer the modal, and keys live only in it
// (command.within: P and O of the drop's question). What else is typed
// goes to its text entry (App.edit), the field of the browser, the list,
// the frame box or the prompt.
type modal uint8

const (
	noModal modal = iota
	browserModal
	listModal
	frameModal
	cutNameModal
	dropModal
	exportModal
)

// modalSet is a set of modals, a region's (mouseRegion.in).
type modalSet uint8

// of is the set of the modals ms.
func of(ms ...modal) modalSet {
	var s modalSet
	for _, m := range ms {
		s |= 1 << m
	}
	return s
}

// has reports whether m is in the set.
func (s modalSet) has(m modal) bool { return s&(1<<m) != 0 }

// modal is the part that has the input now (noModal: the window), the
// first of them to show in the order of the constants.
func (a *App) modal() modal {
	switch st := a.st.Export().Stage(); {
	case a.st.Browser().Open():
		return browserModal
	case a.list.open:
		return listModal
	case a.w.frameBox.focused:
		return frameModal
	case a.cuts.naming:
		return cutNameModal
	case a.drop.asking():
		return dropModal
	case st == state.ExportChoosing || st == state.ExportAsking:
		return exportModal
	}
	return noModal
}

// keyed reports whether the modal has the keyboard: the window's keys but
// its answers (binding.answers) do not run while it shows. The export's
// question leaves the keys to the window.
func (m modal) keyed() bool { return m != noModal && m != exportModal }

// typeIn gives the modal m the text typed this tick, and what it shows
// the page it has; false when a key of the tick was its own and the
// tick's input ends there (a first Backspace in the cut's name prompt
// clears it).
func (a *App) typeIn(m modal, in *tickInput) bool {
	switch m {
	case browserModal:
		_, _, _, rows := a.browser.rows()
		a.st.SetBrowserPage(rows)
		if len(in.typed) > 0 {
			a.st.TypeInBrowser(string(in.typed))
		}
	case listModal:
		_, _, _, rows := a.list.area()
		a.list.m.SetPage(rows)
		if len(in.typed) > 0 && in.mods&modCtrl == 0 {
			a.list.m.Type(string(in.typed))
		}
	case frameModal:
		a.w.frameBox.typeIn(in.typed)
	case cutNameModal:
		return a.cuts.typeIn(in)
	}
	return true
}

// edit gives key k, which no row of the table runs, to the modal m's
// text entry; it reports whether k repeats while held there.
func (a *App) edit(m modal, k ebiten.Key, mods modifier) (repeats bool) {
	switch m {
	case browserModal:
		return a.browser.key(a.st, k, mods)
	case listModal:
		return a.list.key(k, mods&modCtrl != 0)
	case frameModal:
		if k == ebiten.KeyBackspace {
			a.w.frameBox.backspace()
		}
	case cutNameModal:
		if k == ebiten.KeyBackspace {
			a.cuts.backspace()
		}
	}
	return false
}

// confirmModal answers the modal m with Enter (confirm): the browser
// goes to the path typed or opens its highlighted row, the list its
// highlighted row, the frame box goes to the frame typed, the prompt
// renames the cut (err: why it could not); false for another modal,
// whose answer is confirm's own.
func (a *App) confirmModal(m modal) (answered bool, err error) {
	switch m {
	case browserModal:
		a.browser.enter(a.st)
	case listModal:
		a.list.chooseSelected()
	case frameModal:
		a.w.submitFrame(a.st, a.w.frameBox.text)
	case cutNameModal:
		if old, name := a.cuts.enter(); name != "" {
			err = a.cuts.rename(a.st, old, name)
		}
	default:
		return false, nil
	}
	return true, err
}

// closeModal closes the modal m with Esc (close): the browser and the
// list close, the frame box and the prompt give the keys back; false for
// another modal, which close cancels itself.
func (a *App) closeModal(m modal) bool {
	switch m {
	case browserModal:
		a.browser.close(a.st)
	case listModal:
		a.list.close()
	case frameModal:
		a.w.leaveFrameBox()
	case cutNameModal:
		a.cuts.naming = false
	default:
		return false
	}
	return true
}

// capture is a region of close's row where, while one of the modals ms
// has the input, a press anywhere that hit allows goes no further (left:
// a press of the left button only).
func capture(order int, ms modalSet, left bool, hit func(a *App, x, y int) bool) mouseRegion {
	return mouseRegion{order: order, in: ms, left: left, hit: hit, act: func(*call) error { return nil }}
}

// anywhere is a region's hit that takes every point.
func anywhere(*App, int, int) bool { return true }
