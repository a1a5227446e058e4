package ui

import (
	"fmt"
	"strconv"
)

// scriptCommands are the action script's own.
func scriptCommands() []command {
	return []command{
		{verb: "key", args: "K", doc: "press key K: ebiten's key names, any case, with shift+ and ctrl+ " +
			"prefixes (key space, key ctrl+o, key shift+left)",
			run: func(c *call) error {
				k, mods, err := parseKey(c.args[0])
				if err == nil {
					c.a.press(k, mods)
				}
				return err
			}},
		{verb: "click", args: "X Y", doc: "click at window pixel X, Y as the mouse would",
			run: func(c *call) error {
				x, err1 := strconv.Atoi(c.args[0])
				y, err2 := strconv.Atoi(c.args[1])
				if err1 != nil || err2 != nil {
					return fmt.Errorf("click wants pixel coordinates X Y")
				}
				c.a.click(x, y)
				return nil
			}},
		{verb: "wait", args: "N", doc: "let N frames pass before the next action",
			run: func(c *call) error {
				n, err := strconv.Atoi(c.args[0])
				if err != nil || n < 0 {
					return fmt.Errorf("wait wants a frame count")
				}
				c.a.script.wait = n
				return nil
			}},
	}
}
