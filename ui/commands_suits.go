package ui

import (
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// suitCommands are the suit picker's: a Sims skill wears the suits beside it,
// a body and a head at once, in a skin tone.
func suitCommands() []command {
	return []command{
		{verb: "next-suit", keys: keys(key(ebiten.KeyU)),
			help: "suit", doc: "wear the next suit beside a Sims skill (the .cmx and .bcf files in its folder that hold one, then none) " +
				"in the body slot, with the head worn; suits for another skeleton (a child's on an adult) are passed over: Ctrl+U lists them",
			keyDoc: "next / previous suit of a Sims skill (the suit files beside it), with the head worn",
			run:    func(c *call) error { return c.a.suits.step(c.a.st, state.BodySlot, 1) }},
		{verb: "prev-suit", keys: keys(shift(ebiten.KeyU)), pairs: true,
			doc: "wear the previous suit beside a Sims skill", run: func(c *call) error { return c.a.suits.step(c.a.st, state.BodySlot, -1) }},
		{verb: "next-head", keys: keys(key(ebiten.KeyJ)), help: "head",
			doc:    "wear the next head suit beside a Sims skill (the suit files whose names begin with c and a digit, then none) with the body worn",
			keyDoc: "next / previous head of a Sims skill (the suit files beside it whose names begin with c and a digit), with the body worn",
			run:    func(c *call) error { return c.a.suits.step(c.a.st, state.HeadSlot, 1) }},
		{verb: "prev-head", keys: keys(shift(ebiten.KeyJ)), pairs: true,
			doc: "wear the previous head suit beside a Sims skill", run: func(c *call) error { return c.a.suits.step(c.a.st, state.HeadSlot, -1) }},
		{verb: "suit-list", keys: keys(ctrl(ebiten.KeyU)), help: "suit list",
			button: "Suit: none", buttonDoc: "Suit: NAME", at: slot{boneButtons, 30},
			doc: "list the suits beside a Sims skill to pick one (Enter: a head to the head slot, others to the body slot); " +
				"suits for another skeleton are marked; typing filters",
			run: do(func(a *App) { a.suits.showList(a.st) })},
		{verb: "suit", args: "NAME…", doc: "wear the suit files NAME beside a Sims skill, several at once separated by spaces " +
			"(the first in the body slot, the second in the head slot; each its file name, with or without " +
			"the extension, any case, or its index from 0; none: as opened or an empty slot)",
			run: func(c *call) error { return c.a.suits.wearNamed(c.a.st, c.args[0]) }},
		{verb: "tone", args: "[light|medium|dark]", keys: keys(shift(ebiten.KeyT)), help: "skin tone",
			doc: "dress the worn Sims suits (or the suit file or skin opened) in the textures of a skin tone " +
				"(without one, the next: light, medium, dark)",
			keyDoc: "next skin tone of the worn Sims suits (light, medium, dark)",
			run: func(c *call) error {
				c.a.suits.list(c.a.st)
				t := c.a.st.Wardrobe().Tone().Next()
				if len(c.args) > 0 && c.args[0] != "" {
					var err error
					if t, err = sims.ParseTone(c.args[0]); err != nil {
						return err
					}
				}
				return c.a.suits.setTone(c.a.st, t)
			}},
	}
}
