package ui

import (
	"fmt"
	"strconv"
)

// boneCommands hide and show bones.
func boneCommands() []command {
	return []command{
		{verb: "hide-bone", args: "B", doc: "hide bone B", run: func(c *call) error { return c.hide(true, false) }},
		{verb: "show-bone", args: "B", doc: "show bone B", run: func(c *call) error { return c.hide(false, false) }},
		{verb: "hide-subtree", args: "B", doc: "hide bone B and every bone below it",
			run: func(c *call) error { return c.hide(true, true) }},
		{verb: "show-subtree", args: "B", doc: "show bone B and every bone below it",
			run: func(c *call) error { return c.hide(false, true) }},
		{verb: "show-all", button: "Show all", at: slot{boneButtons, 10}, doc: "show every bone",
			run: do(func(a *App) { a.st.ShowAllBones(); a.w.refreshBoneLabels(a.st) })},
	}
}

// eventCommands mute and unmute the clip's events.
func eventCommands() []command {
	return []command{
		{verb: "mute-event", args: "E", doc: "mute event E of the clip (its name or index)",
			run: func(c *call) error { return c.mute(true) }},
		{verb: "unmute-event", args: "E", doc: "unmute event E of the clip", run: func(c *call) error { return c.mute(false) }},
	}
}

// inspectorCommands copy the inspector's values.
func inspectorCommands() []command {
	return []command{
		{verb: "copy-json", button: "Copy JSON", at: slot{inspectButtons, 10},
			doc: "copy the selected bone's values as JSON (without a clipboard tool: to a file)",
			run: do(func(a *App) { a.copyInspector() })},
	}
}

// hide hides or shows the bone of the first argument, with subtree every
// bone below it.
func (c *call) hide(hidden, subtree bool) error {
	i, err := c.bone(0)
	if err != nil {
		return err
	}
	c.a.w.setBoneHidden(c.a.st, i, hidden, subtree)
	return nil
}

// mute mutes or unmutes the event of the first argument: a name (the
// first event called so) or an index.
func (c *call) mute(muted bool) error {
	i := -1
	if cl := c.a.st.CurrentClip(); cl != nil {
		for k, e := range cl.Events {
			if e.Name == c.args[0] {
				i = k
				break
			}
		}
		if n, err := strconv.Atoi(c.args[0]); i < 0 && err == nil && n >= 0 && n < len(cl.Events) {
			i = n
		}
	}
	if i < 0 {
		return fmt.Errorf("%s: the clip has no event %q", c.cmd.verb, c.args[0])
	}
	c.a.w.muteEvent(c.a.st, i, muted)
	return nil
}
