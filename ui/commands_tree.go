package ui

import (
	"fmt"
	"strconv"

	"github.com/animview/animview/formats"
)

// treeCommands are the tree panel's: a character set's animation trees.
func treeCommands() []command {
	return []command{
		{verb: "select-node", args: "PATH", doc: "select the node at tree path PATH in the tree panel " +
			"(child indices from the root: / the root, 1/0 the first child of its second child)",
			run: func(c *call) error { return c.a.st.SelectNode(c.args[0]) }},
		{verb: "weight-down", button: "B −", at: slot{treeButtons, 10},
			doc: "lower the selected Blend's weight (else the first Blend's) by 0.1",
			run: func(c *call) error { return c.a.st.NudgeWeight(-treeStep) }},
		{verb: "weight-up", button: "B +", at: slot{treeButtons, 20},
			doc: "raise the selected Blend's weight (else the first Blend's) by 0.1",
			run: func(c *call) error { return c.a.st.NudgeWeight(treeStep) }},
		{verb: "weight", args: "PATH W", doc: "set the Blend at tree path PATH to weight W",
			run: func(c *call) error {
				m, err := c.node(0)
				if err != nil {
					return err
				}
				w, err := strconv.ParseFloat(c.args[1], 32)
				if err != nil {
					return fmt.Errorf("weight: %q is not a number", c.args[1])
				}
				return c.a.st.SetBlendWeight(m, float32(w))
			}},
		{verb: "toggle-pin", button: "Pin", buttonDoc: "Pin / Unpin", at: slot{treeButtons, 30},
			doc: "pin the Random of the selected node to that child, or unpin it",
			run: func(c *call) error { return c.a.st.TogglePin() }},
		{verb: "pin", args: "PATH CHILD", doc: "make the Random at PATH play child CHILD (from 1)",
			run: func(c *call) error {
				m, err := c.node(0)
				if err != nil {
					return err
				}
				k, err := strconv.Atoi(c.args[1])
				if err != nil {
					return fmt.Errorf("pin: %q is not a child number (1 is the first)", c.args[1])
				}
				return c.a.st.PinRandom(m, k-1)
			}},
		{verb: "unpin", args: "PATH", doc: "let the Random at PATH draw again",
			run: func(c *call) error {
				m, err := c.node(0)
				if err != nil {
					return err
				}
				return c.a.st.Unpin(m)
			}},
		{verb: "reseed", args: "[N]", button: "Reseed", at: slot{treeButtons, 40},
			doc: "draw the Random nodes again from seed N (without N: the next seed)",
			run: func(c *call) error {
				t := c.a.st.Tree()
				seed := t.Seed() + 1
				if len(c.args) > 0 {
					n, err := strconv.ParseUint(c.args[0], 10, 32)
					if err != nil {
						return fmt.Errorf("reseed: %q is not a seed", c.args[0])
					}
					seed = uint32(n)
				}
				return c.a.st.Reseed(seed)
			}},
		{verb: "pick-from", at: slot{pickerButtons, 20}, button: "—", buttonDoc: "picker's first name",
			doc: "the transition picker's first animation: the next one",
			run: do(func(a *App) { a.st.CyclePick(0) })},
		{verb: "pick-to", at: slot{pickerButtons, 40}, button: "—", buttonDoc: "picker's second name",
			doc: "the transition picker's second animation: the next one",
			run: do(func(a *App) { a.st.CyclePick(1) })},
		{verb: "transition", args: "[FROM TO]", button: "Play", buttonDoc: "picker's Play", at: slot{pickerButtons, 50},
			doc: "play FROM (from where it stands when it is the one playing, else for half its pass), then the " +
				"set's transition to TO; without them, the picker's two",
			run: func(c *call) error {
				if len(c.args) == 0 {
					return c.a.st.PlayPick()
				}
				from, err := c.anim(0)
				if err != nil {
					return err
				}
				to, err := c.anim(1)
				if err != nil {
					return err
				}
				return c.a.st.PlayTransition(from, to)
			}},
		{verb: "transition-at", args: "FROM TO S", doc: "the same, with FROM played S seconds first",
			run: func(c *call) error {
				from, err := c.anim(0)
				if err != nil {
					return err
				}
				to, err := c.anim(1)
				if err != nil {
					return err
				}
				s, err := strconv.ParseFloat(c.args[2], 64)
				if err != nil {
					return fmt.Errorf("transition-at: %q is not a time", c.args[2])
				}
				return c.a.st.PlayTransitionAt(from, to, s)
			}},
	}
}

// anim finds argument i as one of the character's animations.
func (c *call) anim(i int) (int, error) {
	if k := c.a.st.Tree().AnimByName(c.args[i]); k >= 0 {
		return k, nil
	}
	return -1, fmt.Errorf("%s: the character has no animation %q", c.cmd.verb, c.args[i])
}

// node finds argument i as a node of the playing tree.
func (c *call) node(i int) (*formats.MetaAnim, error) {
	m, err := c.a.st.Tree().NodeAt(c.args[i])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.cmd.verb, err)
	}
	return m, nil
}

// treeStep is how much the weight buttons change a blend weight.
const treeStep = 0.1
