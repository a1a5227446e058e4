package ui

import (
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// warningCommands show and dismiss the loader's warnings (a click on the
// banner dismisses them).
func warningCommands() []command {
	return []command{
		{verb: "warnings", keys: keys(key(ebiten.KeyW)), button: "Warnings: none", buttonDoc: "Warnings", at: slot{warningButtons, 10},
			help: "warnings", doc: "the loader's warnings",
			run: do(func(a *App) { a.st.ToggleWarnings() })},
		{verb: "dismiss", doc: "close the warnings banner",
			regions: []mouseRegion{region(atBanner, true, false, func(a *App, x, y int) bool { return a.ov.onBanner(x, y) }, nil)},
			run:     do(func(a *App) { a.st.DismissWarnings() })},
	}
}

// windowCommands are the help and Esc.
func windowCommands() []command {
	return []command{
		{verb: "help", keys: keys(key(ebiten.KeyF1), key(ebiten.KeySlash)), help: "help", doc: "help",
			run: do(func(a *App) { a.st.ToggleHelp() })},
		{verb: "close", keys: keys(answer(key(ebiten.KeyEscape))), help: "close",
			doc: "close the built-in browser, the asset or suit list, the frame box or the cut's name prompt (keeping the name); " +
				"else cancel a GIF recording, an export or a dropped file's question; else close the help, the warnings, an error",
			keyDoc:  "cancel a GIF recording, an export or a dropped file's question; else close the help, the warnings, an error",
			regions: modalCaptures(),
			run: do(func(a *App) {
				// The first Esc stops a recording or closes the export's
				// question; the next closes panels.
				if !a.closeModal(a.modal()) && !a.drop.cancel(a.st) && !a.rec.cancel(a.st) && !a.exp.cancel(a.st) {
					a.st.CloseMessages()
				}
			})},
	}
}

// modalCaptures are the regions where a modal keeps the mouse from the
// window below it: the browser and the lists close on a left click
// outside the view and take any press in it; Keep in the export's
// question closes it; the frame box, the cut's
// name prompt and the drop's question take any press and the wheel
// (the frame box's own region, frameElsewhere, comes first); the
// export's question takes a left click in its box.
func modalCaptures() []mouseRegion {
	lists := of(browserModal, listModal)
	return []mouseRegion{
		{order: atListClose, in: lists, left: true, hit: func(a *App, x, y int) bool { return !a.w.inView(x, y) }},
		capture(atListCapture, lists, false, anywhere),
		{order: atAnswerNo, in: of(exportModal), left: true, hit: func(a *App, x, y int) bool {
			return a.st.Export().Stage() == state.ExportAsking && a.exp.rowAt(a.st, x, y) == 1 // Keep
		}},
		capture(atCapture, of(frameModal, cutNameModal, dropModal), false, anywhere),
		capture(atCapture, of(exportModal), true, func(a *App, x, y int) bool { return a.exp.inBox(a.st, x, y) }),
		{order: wheelInModal, wheel: true, in: of(frameModal, cutNameModal, dropModal), hit: anywhere, act: func(*call) error { return nil }},
	}
}
