package ui

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// cutCommands keep the range as a named clip in the file's sidecar.
func cutCommands() []command {
	return []command{
		{verb: "save-cut", args: "[NAME…]", keys: keys(ctrl(ebiten.KeyS)), button: "Save cut", at: slot{clipButtons, 10},
			help: "save range as a cut",
			doc: "keep the range of the open clip as the clip NAME (else cut-1, cut-2, …, and the window asks " +
				"its name), listed under the file's clips in the group cuts and saved beside the file in " +
				"FILE.animview.json, where every command finds it",
			keyDoc: "keep the range as a named clip (a cut) in FILE.animview.json; the window asks its name",
			run: func(c *call) error {
				name := ""
				if len(c.args) > 0 {
					name = c.args[0]
				}
				got, err := c.a.cuts.save(c.a.st, name)
				if err == nil && name == "" && !c.scripted {
					c.a.cuts.ask(got)
				}
				return err
			}},
		{verb: "rename-cut", args: "[OLD NEW…]", keys: keys(key(ebiten.KeyF2)), button: "Rename", at: slot{clipButtons, 20},
			help: "rename cut",
			doc: "rename the saved cut OLD (one word) to NEW; without them, the window asks a new name for " +
				"the open cut", keyDoc: "rename the open cut (the window asks its name)",
			run: func(c *call) error {
				if len(c.args) == 0 {
					old, err := c.a.cuts.current(c.a.st, "rename-cut")
					if err == nil {
						c.a.cuts.ask(old)
					}
					return err
				}
				old, name, ok := strings.Cut(c.args[0], " ")
				if !ok {
					return fmt.Errorf("rename-cut: want OLD NEW, got %q", c.args[0])
				}
				return c.a.cuts.rename(c.a.st, old, strings.TrimSpace(name))
			}},
		{verb: "delete-cut", args: "[NAME…]", keys: keys(ctrl(ebiten.KeyDelete)), button: "Delete", at: slot{clipButtons, 30},
			help:   "delete cut",
			doc:    "delete the saved cut NAME, else the open one (FILE.animview.json.bak keeps the list before)",
			keyDoc: "delete the open cut",
			run: func(c *call) error {
				name := ""
				if len(c.args) > 0 {
					name = c.args[0]
				} else {
					var err error
					if name, err = c.a.cuts.current(c.a.st, "delete-cut"); err != nil {
						return err
					}
				}
				return c.a.cuts.remove(c.a.st, name)
			}},
	}
}
