package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The command table: everything the window does on a key, a button, the
// mouse or an --actions verb is one row of commandTable, with its
// arguments, its key bindings, its mouse regions, its button and its
// handler. Each concern keeps its rows in a list of its own
// (commands_*.go: the camera's, the timeline's, the suits'…), which
// commandTable assembles in the order of the help. The keyboard (press),
// the mouse (input.go: a region's press, a drag's ticks, the wheel, with
// the pointer in call.ptr), the modals' mouse and keys (modal.go: the
// browser, the lists, the frame box, the cut's name prompt, the
// questions), the buttons (panels.go), the action script (ParseActions,
// runScript) and the panel toggles all dispatch through it, and the help
// overlay and the README's key and action tables are generated from it
// (docs.go; TestREADME fails when the README differs). A new command is
// a new row in its concern's list.

// command is one row of the table.
type command struct {
	// verb names the command in --actions scripts.
	verb string
	// args are its arguments as the README shows them: "SECONDS",
	// "B", "X Y"; an optional group in brackets ("[on|off]",
	// "[FROM TO]"); a last word ending in "…" takes the rest of the
	// statement, spaces included ("FILE…").
	args string
	// keys run the command from the keyboard; within run it only while
	// their modal has the input (P in the drop's question), which the
	// help and the README leave to the modal's own hint.
	keys, within []binding
	// mouse says which mouse input does the same, for the README;
	// mouseHelp says it shorter for the help.
	mouse, mouseHelp string
	// regions are where a press or the wheel runs the command (input.go
	// looks them up): its handler, or the region's act, takes the
	// pointer from call.ptr.
	regions []mouseRegion
	// button is the label of the command's button ("" for none) and at
	// where it sits; on, for a toggle button, says whether it shows as
	// switched on. buttonDoc names a button whose label changes (Play
	// and Pause) in the README.
	button, buttonDoc string
	at                slot
	on                func(a *App) bool
	// help is the help overlay's text; doc says what the command does
	// (the README's action table, and its key table unless keyDoc
	// says it shorter for a key or the mouse). pairs puts the command
	// on the previous row's line of the help and the key table (← / →),
	// which the previous row's help and keyDoc describe.
	help, doc, keyDoc string
	pairs             bool
	run               func(c *call) error
}

// modifier is a set of modifier keys.
type modifier uint8

const (
	modShift modifier = 1 << iota
	modCtrl
)

// binding is a key that runs a command: the modifiers it needs, fixed
// arguments it passes (1 runs "view front"), and whether holding it
// repeats the command after a pause. answers: the key answers a modal
// too (Enter, Esc), so it runs while one has the keyboard; modal is the
// modal of a key of command.within.
type binding struct {
	key     ebiten.Key
	mods    modifier
	args    []string
	repeat  bool
	answers bool
	modal   modal
}

// panel is a row of buttons in the window.
type panel int

// The button rows.
const (
	noPanel        panel = iota
	boneButtons          // under the bone tree
	warningButtons       // between the events and the inspector
	inspectButtons       // under the inspector
	transport            // under the timeline
	treeButtons          // the tree panel's controls
	pickerButtons        // the tree panel's transition picker
	clipButtons          // at the foot of the clip and bone lists: the saved cuts
	compareButtons       // under the warnings: the compare view
)

// slot is where a button sits: a row, and its position in that row
// (buttons and the row's other widgets in increasing order).
type slot struct {
	panel panel
	pos   int
}

// call is one run of a command: its arguments and where it came from.
type call struct {
	a    *App
	cmd  *command
	args []string
	// scripted is set for a verb of the action script (not for the
	// keys a script presses).
	scripted bool
	// ptr is the mouse of a call from a mouse region (nil: a key, a
	// button or a verb, with args).
	ptr *pointer
}

func key(k ebiten.Key, args ...string) binding { return binding{key: k, args: args} }
func shift(k ebiten.Key) binding               { return binding{key: k, mods: modShift} }
func ctrl(k ebiten.Key) binding                { return binding{key: k, mods: modCtrl} }

// held repeats b while its key is held.
func held(b binding) binding { b.repeat = true; return b }

// answer makes b a key that answers the modal that has the keyboard.
func answer(b binding) binding { b.answers = true; return b }

// inModal makes bs keys of the modal m (command.within).
func inModal(m modal, bs ...binding) []binding {
	for i := range bs {
		bs[i].modal = m
	}
	return bs
}

func keys(bs ...binding) []binding { return bs }

// do is a handler that calls f and cannot fail.
func do(f func(a *App)) func(c *call) error {
	return func(c *call) error { f(c.a); return nil }
}

// commandTable is the viewer's commands, in the order of the help and the
// README's tables: each concern's list, from the file beside it. A
// concern whose rows the help shows apart (seek with the mouse's rows,
// play and pause after the cuts) has a list for each part.
func commandTable() []command {
	return slices.Concat(
		cameraCommands(),    // commands_view.go
		seekCommands(),      // commands_timeline.go
		playbackCommands(),  // commands_playback.go
		rangeCommands(),     // commands_timeline.go
		cutCommands(),       // commands_cuts.go
		playCommands(),      // commands_playback.go
		clipCommands(),      // commands_files.go
		browseCommands(),    // commands_files.go
		exportCommands(),    // commands_files.go
		compareCommands(),   // commands_compare.go
		dropCommands(),      // commands_drop.go
		drawCommands(),      // commands_view.go
		suitCommands(),      // commands_suits.go
		figureCommands(),    // commands_view.go
		panelCommands(),     // commands_panels.go
		boneCommands(),      // commands_bones.go
		eventCommands(),     // commands_bones.go
		inspectorCommands(), // commands_bones.go
		warningCommands(),   // commands_messages.go
		recordCommands(),    // commands_record.go
		windowCommands(),    // commands_messages.go
		treeCommands(),      // commands_tree.go
		scriptCommands(),    // commands_script.go
	)
}

// withArgs is a handler that calls f with the call and cannot fail.
func withArgs(f func(c *call)) func(c *call) error {
	return func(c *call) error { f(c); return nil }
}

// nums parses every argument as a finite number and passes them to f.
func (c *call) nums(f func(v []float64)) error {
	var v [4]float64
	for i, s := range c.args {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s: %q is not a number", c.cmd.verb, s)
		}
		v[i] = x
	}
	f(v[:len(c.args)])
	return nil
}

// timeArg calls set with the first argument as a time, or the current
// time without one.
func (c *call) timeArg(set func(float64)) error {
	if len(c.args) == 0 {
		set(c.a.st.Playback().Time())
		return nil
	}
	return c.nums(func(v []float64) { set(v[0]) })
}

// bone finds argument i as a bone: a name (exactly, else in any case) or
// an index.
func (c *call) bone(i int) (int, error) {
	name := c.args[i]
	if b := c.a.st.BoneByName(name); b >= 0 {
		return b, nil
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 0 && n < len(c.a.st.Asset().Skeleton.Bones) {
		return n, nil
	}
	return -1, fmt.Errorf("%s: no bone %q", c.cmd.verb, name)
}

// boneArg is bone i as select-bone and the other verbs of a bone take it:
// its name, or its index where the name finds another bone first (two
// bones of one name).
func (a *App) boneArg(i int) string {
	if name := a.st.Asset().Skeleton.Bones[i].Name; a.st.BoneByName(name) == i {
		return name
	}
	return strconv.Itoa(i)
}

// seconds is a time as seek and the other verbs of a time take it, read
// back to the same number.
func seconds(t float64) string { return strconv.FormatFloat(t, 'g', -1, 64) }

// arity is what a command's args accept: required words, an optional
// group of opt words (all or none), and whether the last word takes the
// rest of the statement.
type arity struct {
	req, opt int
	rest     bool
}

func arityOf(spec string) arity {
	var n arity
	inOpt := false
	for _, w := range strings.Fields(spec) {
		if strings.HasPrefix(w, "[") {
			inOpt = true
		}
		if inOpt {
			n.opt++
		} else {
			n.req++
		}
		if strings.HasSuffix(w, "]") {
			inOpt = false
		}
		n.rest = strings.HasSuffix(strings.TrimSuffix(w, "]"), "…")
	}
	return n
}

// check fits the words of a statement to the arity: the rest joined into
// the last argument, or an error saying what the verb takes.
func (n arity) check(words []string) ([]string, error) {
	switch {
	case n.rest && n.req == 0:
		// Optional words, all of them one argument ("[NAME…]").
		if len(words) == 0 {
			return nil, nil
		}
		return []string{strings.Join(words, " ")}, nil
	case n.rest && len(words) >= n.req && len(words) > 0:
		return append(words[:n.req-1:n.req-1], strings.Join(words[n.req-1:], " ")), nil
	case n.rest:
		return nil, fmt.Errorf("needs an argument")
	case len(words) == n.req || (n.opt > 0 && len(words) == n.req+n.opt):
		return words, nil
	case n.opt > 0:
		return nil, fmt.Errorf("takes %d or %d argument(s)", n.req, n.req+n.opt)
	}
	return nil, fmt.Errorf("takes %d argument(s)", n.req)
}

// commandSet is the table with its lookups: by verb, and the mouse
// regions of its rows in the order a press or a turn of the wheel looks
// them up.
type commandSet struct {
	list            []command
	byVerb          map[string]*command
	presses, wheels []*mouseRegion
}

func newCommandSet() commandSet {
	cs := commandSet{list: commandTable(), byVerb: map[string]*command{}}
	for i := range cs.list {
		c := &cs.list[i]
		cs.byVerb[c.verb] = c
		for j := range c.regions {
			r := &c.regions[j]
			r.cmd = c
			if r.wheel {
				cs.wheels = append(cs.wheels, r)
			} else {
				cs.presses = append(cs.presses, r)
			}
		}
	}
	byOrder := func(p, q *mouseRegion) int { return p.order - q.order }
	slices.SortStableFunc(cs.presses, byOrder)
	slices.SortStableFunc(cs.wheels, byOrder)
	return cs
}

// forKey finds the binding key k runs with the modifiers mods held, the
// modal m having the input: one of m's own keys (command.within), else
// the window's that needs the most modifiers (Ctrl before Shift) among
// those whose modifiers are all held, so that Ctrl+Shift+← is Ctrl+←, and
// a key with no binding of its own for a modifier does what it does
// without it (Shift with Space plays). A modal that has the keyboard
// leaves the window only its answers (Enter, Esc).
func (cs *commandSet) forKey(k ebiten.Key, mods modifier, m modal) (*command, *binding) {
	var bc *command
	var bb *binding
	better := func(c *command, b *binding) {
		if b.key == k && b.mods&^mods == 0 && (bb == nil || b.mods > bb.mods) {
			bc, bb = c, b
		}
	}
	if m != noModal {
		for i := range cs.list {
			c := &cs.list[i]
			for j := range c.within {
				if b := &c.within[j]; b.modal == m {
					better(c, b)
				}
			}
		}
		if bb != nil {
			return bc, bb
		}
	}
	for i := range cs.list {
		c := &cs.list[i]
		for j := range c.keys {
			if b := &c.keys[j]; b.answers || !m.keyed() {
				better(c, b)
			}
		}
	}
	return bc, bb
}

// keysOf names the keys of the help line that starts with verb, as the
// help does ("[ ] PgUp PgDn" for prev-clip), for the panels' headings.
func (cs *commandSet) keysOf(verb string) string {
	for _, l := range docLines(cs.list) {
		if l[0].verb == verb {
			return l.input(true)
		}
	}
	return ""
}

// Action is one step of an action script (--actions): a verb and its
// arguments, "select-bone HEAD" or "seek 0.5".
type Action struct {
	Verb string
	Args []string
}

func (a Action) String() string { return strings.Join(append([]string{a.Verb}, a.Args...), " ") }

// ParseActions splits a script into actions: statements separated by ';'
// or new lines, words by spaces. Unknown verbs and wrong argument counts
// are errors that name the statement.
func ParseActions(script string) ([]Action, error) {
	cs := newCommandSet()
	var out []Action
	for n, stmt := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		f := strings.Fields(stmt)
		if len(f) == 0 {
			continue
		}
		verb := strings.ToLower(f[0])
		c := cs.byVerb[verb]
		if c == nil {
			return nil, fmt.Errorf("action %d %q: unknown verb %q", n+1, stmt, verb)
		}
		args, err := arityOf(c.args).check(f[1:])
		if err != nil {
			return nil, fmt.Errorf("action %d %q: %s %w", n+1, stmt, verb, err)
		}
		out = append(out, Action{Verb: verb, Args: args})
	}
	return out, nil
}

// parseKey reads "space", "shift+left", "ctrl+o", "numpad3", "F12": ebiten's
// key names, case-insensitive, with "left" for "ArrowLeft" and "1" for
// "Digit1", after optional shift+ and ctrl+.
func parseKey(s string) (k ebiten.Key, mods modifier, err error) {
	parts := strings.Split(strings.ToLower(s), "+")
	for _, m := range parts[:len(parts)-1] {
		switch m {
		case "shift":
			mods |= modShift
		case "ctrl", "control":
			mods |= modCtrl
		default:
			return 0, 0, fmt.Errorf("key %q: unknown modifier %q", s, m)
		}
	}
	name := parts[len(parts)-1]
	for _, n := range []string{name, "arrow" + name, "digit" + name} {
		if k.UnmarshalText([]byte(n)) == nil {
			return k, mods, nil
		}
	}
	return 0, 0, fmt.Errorf("unknown key %q", s)
}

// run carries out command c with args (already fitted to its arity).
func (a *App) run(c *command, args []string, scripted bool) error {
	return c.run(&call{a: a, cmd: c, args: args, scripted: scripted})
}

// press carries out key k, as typed with the modifiers mods held: the
// row it runs (forKey), else the modal's text entry (App.edit). An error
// shows in the window. It reports whether the key repeats while held.
func (a *App) press(k ebiten.Key, mods modifier) (repeats bool) {
	m := a.modal()
	c, b := a.cmds.forKey(k, mods, m)
	if c == nil {
		return a.edit(m, k, mods)
	}
	if err := a.run(c, b.args, false); err != nil {
		a.st.ShowError(err.Error())
	}
	return b.repeat
}

// runMouse carries out the command of region r with the mouse p: the
// region's act, else the command's handler (an error shows in the
// window).
func (a *App) runMouse(r *mouseRegion, p *pointer) {
	a.runWith(r.cmd, r.act, p)
}

// runPointer carries out verb with the mouse p, as a region of its own
// would.
func (a *App) runPointer(verb string, p *pointer) {
	if c := a.cmds.byVerb[verb]; c != nil {
		a.runWith(c, nil, p)
	}
}

// runWith runs act (nil: c's handler) on a call of command c with the
// mouse p.
func (a *App) runWith(c *command, act func(*call) error, p *pointer) {
	if act == nil {
		act = c.run
	}
	cl := a.in.call(a, c, p)
	err := act(cl)
	a.in.done(cl)
	if err != nil {
		a.st.ShowError(err.Error())
	}
}

// runVerb carries out a verb as a button or a list does (an error shows
// in the window).
func (a *App) runVerb(verb string, args ...string) {
	c := a.cmds.byVerb[verb]
	if c == nil {
		a.st.ShowError("no command " + verb) // TestButtonsRunTheirCommands keeps this away
		return
	}
	if err := a.run(c, args, false); err != nil {
		a.st.ShowError(err.Error())
	}
}
