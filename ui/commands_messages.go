package ui

import "github.com/hajimehoshi/ebiten/v2"

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
		{verb: "close", keys: keys(key(ebiten.KeyEscape)), help: "close",
			doc: "cancel a GIF recording, an export or a dropped file's question; else close the help, the warnings, an error",
			run: do(func(a *App) {
				// The first Esc stops a recording or closes the export's
				// question; the next closes panels.
				if !a.drop.cancel() && !a.rec.cancel() && !a.exp.cancel() {
					a.st.CloseMessages()
				}
			})},
	}
}
