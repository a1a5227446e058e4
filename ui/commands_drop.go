package ui

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
)

// dropCommands take a dropped file and answer the drop's question.
func dropCommands() []command {
	return []command{
		{verb: "drop", args: "FILE…", doc: "take FILE as a file dropped on the window: on a figure, a file with a clip to " +
			"play makes the window ask whether to play its motion here or open it (play-here, open-instead); else it opens",
			run: withArgs(func(c *call) {
				c.a.drop.drop(c.a.st, c.args[0])
				if !c.a.drop.asking() {
					c.a.scene.frameAll(c.a.st)
				}
			})},
		{verb: "play-here", within: inModal(dropModal, key(ebiten.KeyP)),
			regions: []mouseRegion{{order: atAnswer, in: of(dropModal), left: true, hit: func(a *App, x, y int) bool { return a.drop.onRow(0, x, y) }}},
			doc: "answer the drop's question: play the dropped file's clip on the open figure, as " +
				"--motion does (the figure's bones it does not drive keep their bind pose, named in a warning)",
			run: func(c *call) error {
				if !c.a.drop.playHere(c.a.st) {
					return fmt.Errorf("play-here: no dropped file to play")
				}
				return nil
			}},
		{verb: "open-instead", within: inModal(dropModal, key(ebiten.KeyO)),
			regions: []mouseRegion{{order: atAnswerNo, in: of(dropModal), left: true, hit: func(a *App, x, y int) bool { return a.drop.onRow(1, x, y) }}},
			doc:     "answer the drop's question: open the dropped file in place of the open one",
			run: func(c *call) error {
				if !c.a.drop.openInstead(c.a.st) {
					return fmt.Errorf("open-instead: no dropped file to open")
				}
				return nil
			}},
	}
}
