package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// clipCommands step and open clips, animations, entries and files.
func clipCommands() []command {
	return []command{
		{verb: "prev-clip", keys: keys(key(ebiten.KeyBracketLeft), key(ebiten.KeyPageUp)), help: "animation",
			doc:    "the previous clip, or animation of a container",
			keyDoc: "previous / next clip, or animation of a container (SI, ANCS, CMX/BCF, ANM)",
			run:    do(func(a *App) { a.stepClip(-1) })},
		{verb: "next-clip", keys: keys(key(ebiten.KeyBracketRight), key(ebiten.KeyPageDown)), pairs: true,
			doc: "the next clip, or animation of a container", run: do(func(a *App) { a.stepClip(1) })},
		{verb: "prev-level", keys: keys(key(ebiten.KeyComma)), help: "mip level",
			doc:    "show the image's previous (larger) mip level",
			keyDoc: "previous (larger) / next (smaller) mip level of an image opened alone (a Metroid Prime TXTR)",
			run:    do(func(a *App) { a.st.StepImageLevel(-1) })},
		{verb: "next-level", keys: keys(key(ebiten.KeyPeriod)), pairs: true,
			doc: "show the image's next (smaller) mip level", run: do(func(a *App) { a.st.StepImageLevel(1) })},
		{verb: "clip", args: "NAME|INDEX", doc: "open the clip called NAME, or numbered INDEX from 0 (a character's animation first, as --clip)",
			run: func(c *call) error {
				if i := c.a.st.Tree().AnimByName(c.args[0]); i >= 0 {
					return c.a.st.SelectAnim(i) // as anim does
				}
				i := c.a.st.ClipByName(c.args[0])
				if i < 0 {
					return fmt.Errorf("clip: no clip %q", c.args[0])
				}
				c.a.w.selectClip(c.a.st, i)
				return nil
			}},
		{verb: "anim", args: "NAME…", doc: "play the character's animation NAME (or index)",
			run: func(c *call) error {
				i, err := c.anim(0)
				if err != nil {
					return err
				}
				return c.a.st.SelectAnim(i)
			}},
		{verb: "entry", args: "NAME…", doc: "open the container entry NAME",
			run: withArgs(func(c *call) { c.a.openEntry(c.args[0]) })},
		{verb: "assets", keys: keys(key(ebiten.KeyA)), help: "asset list",
			doc: "list the open container's entries (a PAK, an SI, a folder, a character set), or the readable files of the open file's folder, " +
				"with their format, duration or size and state; typing filters, a click on a title or Ctrl+1… sorts, Enter or a click opens",
			run: func(c *call) error {
				c.a.showAssets()
				// A script waits for the probe, so that its pictures
				// show every entry's state.
				c.a.list.holding = c.scripted && c.a.list.probed < c.a.list.probing
				c.a.script.hold = c.a.script.hold || c.a.list.holding
				return nil
			}},
		{verb: "list-filter", args: "[TEXT…]", doc: "filter the rows of the asset or suit list that shows by TEXT, as typing does",
			run: func(c *call) error {
				if !c.a.list.open {
					return fmt.Errorf("list-filter: no list shows (A: the asset list, Ctrl+U: the suits)")
				}
				c.a.list.m.SetFilter(strings.Join(c.args, " "))
				return nil
			}},
		{verb: "prev-file", keys: keys(ctrl(ebiten.KeyPageUp)), help: "file",
			doc:    "open the previous readable file in the same folder",
			keyDoc: "open the previous / next readable file in the same folder",
			run:    do(func(a *App) { a.openSibling(-1) })},
		{verb: "next-file", keys: keys(ctrl(ebiten.KeyPageDown)), pairs: true,
			doc: "open the next readable file in the same folder", run: do(func(a *App) { a.openSibling(1) })},
		{verb: "open-dialog", keys: keys(ctrl(ebiten.KeyO)), button: "Open", at: slot{transport, 200}, help: "open",
			doc: "open a file: the system's chooser (zenity or kdialog) when installed, else the built-in browser",
			run: do(func(a *App) { a.openDialog() })},
	}
}

// browseCommands are the built-in browser's and the asset or suit list's
// (modal.go): a click on a row opens it, on a list's column title sorts by
// it, the wheel or the browser's scrollbar scrolls; typing into their
// field is theirs (App.edit), Enter is confirm's and Esc close's.
func browseCommands() []command {
	rows := of(browserModal, listModal)
	return []command{
		{verb: "choose-row", args: "ROW",
			doc: "open row ROW (from 0) of the built-in browser or of the asset or suit list shown, as a click on it does: " +
				"in the browser a folder lists, a file opens (or is where the export writes, or the file compared); in the list " +
				"its entry or file opens",
			regions: []mouseRegion{
				{order: atModalRow, in: of(browserModal), left: true, hit: func(a *App, x, y int) bool { return a.browser.rowAt(x, y) >= 0 }},
				{order: atModalRow, in: of(listModal), left: true, hit: func(a *App, x, y int) bool { return a.list.rowAt(x, y) >= 0 }},
			},
			run: func(c *call) error {
				a := c.a
				var row int
				switch p := c.ptr; {
				case p != nil && a.modal() == browserModal:
					row = a.st.Browser().Top() + a.browser.rowAt(p.x, p.y)
				case p != nil:
					row = a.list.m.Top() + a.list.rowAt(p.x, p.y)
				default:
					var err error
					if row, err = strconv.Atoi(c.args[0]); err != nil || row < 0 {
						return fmt.Errorf("choose-row: %q is not a row", c.args[0])
					}
				}
				switch a.modal() {
				case browserModal:
					a.browser.choose(a.st, row)
				case listModal:
					if a.list.m.Select(row) {
						a.list.chooseSelected()
					}
				default:
					return fmt.Errorf("choose-row: no browser or list shows")
				}
				return nil
			}},
		{verb: "scroll-rows", args: "ROWS",
			doc: "scroll the rows of the built-in browser or of the list shown ROWS rows down (negative: up), as the wheel does",
			regions: []mouseRegion{
				{order: atBrowserBar, in: of(browserModal), left: true, drag: true, hit: func(a *App, x, y int) bool { return a.browser.onBar(x, y) }},
				{order: wheelInModal, wheel: true, in: rows, hit: anywhere},
			},
			run: func(c *call) error {
				a := c.a
				n := 0
				switch p := c.ptr; {
				case p != nil && p.wheel == 0: // the browser's scrollbar
					if a.modal() == browserModal {
						a.browser.thumbTo(a.st, p.y)
					}
					return nil
				case p != nil:
					n = -int(p.wheel * wheelRows)
				default:
					var err error
					if n, err = strconv.Atoi(c.args[0]); err != nil {
						return fmt.Errorf("scroll-rows: %q is not a number of rows", c.args[0])
					}
				}
				switch a.modal() {
				case browserModal:
					a.st.ScrollBrowser(n)
				case listModal:
					a.list.m.Scroll(n)
				default:
					return fmt.Errorf("scroll-rows: no browser or list shows")
				}
				return nil
			}},
		{verb: "sort-list", args: "COLUMN",
			doc: "sort the asset or suit list shown by its column COLUMN (from 1; again: the other way round; 0: the order " +
				"given), as a click on the column's title or Ctrl+COLUMN does",
			regions: []mouseRegion{{order: atListTitle, in: of(listModal), left: true,
				hit: func(a *App, x, y int) bool { return a.list.columnAt(x, y) >= 0 }}},
			run: func(c *call) error {
				if !c.a.list.open {
					return fmt.Errorf("sort-list: no list shows (A: the asset list, Ctrl+U: the suits)")
				}
				if p := c.ptr; p != nil {
					c.a.list.m.SortBy(c.a.list.columnAt(p.x, p.y))
					return nil
				}
				col, err := strconv.Atoi(c.args[0])
				if err != nil || col < 0 || col > len(c.a.list.m.Columns()) {
					return fmt.Errorf("sort-list: %q is not a column of the list", c.args[0])
				}
				c.a.list.m.SortBy(col - 1)
				return nil
			}},
	}
}

// exportCommands export, answer the window's questions and open a file.
func exportCommands() []command {
	return []command{
		{verb: "export-dialog", keys: keys(ctrl(ebiten.KeyE)), button: "Export", at: slot{transport, 210}, help: "export",
			doc: "export to glTF 2.0, as `animview export` does: what plays, every clip or the character's " +
				"animations (the window asks when there is a choice), to a file from the system's chooser (else the built-in browser), " +
				"with a progress bar; the window asks before replacing a file",
			run: do(func(a *App) { a.exp.begin(a.st) })},
		{verb: "export-what", args: "clip|all|character", doc: "answer the export's question of what to export",
			regions: []mouseRegion{{order: atChoice, in: of(exportModal), left: true, hit: func(a *App, x, y int) bool {
				return a.st.Export().Stage() == state.ExportChoosing && a.exp.rowAt(a.st, x, y) >= 0
			}}},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.exp.choose(c.a.st, c.a.st.Export().Offered()[c.a.exp.rowAt(c.a.st, p.x, p.y)].What)
					return nil
				}
				w, err := exportWhat(c.args[0])
				if err == nil {
					c.a.exp.choose(c.a.st, w)
				}
				return err
			}},
		{verb: "export", args: "clip|all|character FILE…",
			doc: "export what plays (a tree as the window plays it: its seed, pins and weights), every clip or " +
				"the character's animations to FILE (.glb or .gltf); the window " +
				"asks before replacing a file (confirm replaces it). A script waits until the file is written",
			run: func(c *call) error {
				err := c.a.exp.run(c.a.st, c)
				c.holdForExport()
				return err
			}},
		{verb: "confirm", keys: keys(answer(key(ebiten.KeyEnter)), answer(key(ebiten.KeyNumpadEnter))), help: "confirm",
			doc: "answer the window's question: export the first choice, replace the file, or play a dropped file's motion here; " +
				"in the built-in browser go to the path typed or open the highlighted row, in a list open the highlighted row, " +
				"in the frame box go to the frame typed, in the cut's name prompt rename the cut",
			keyDoc: "answer the window's question: export the first choice, replace the file, or play a dropped file's motion here",
			regions: []mouseRegion{{order: atAnswer, in: of(exportModal), left: true, hit: func(a *App, x, y int) bool {
				return a.st.Export().Stage() == state.ExportAsking && a.exp.rowAt(a.st, x, y) == 0 // Replace
			}}},
			run: func(c *call) error {
				if ok, err := c.a.confirmModal(c.a.modal()); ok {
					return err
				}
				if c.a.drop.playHere(c.a.st) {
					return nil
				}
				c.a.exp.confirm(c.a.st)
				c.holdForExport()
				return nil
			}},
		{verb: "open", args: "FILE…", doc: "open FILE",
			run: withArgs(func(c *call) { c.a.open(c.args[0]); c.a.scene.frameAll(c.a.st) })},
	}
}

// holdForExport holds the script of a scripted call while an export
// writes its file.
func (c *call) holdForExport() {
	if c.scripted {
		c.a.script.hold = c.a.st.Export().Stage() == state.ExportRunning
	}
}
