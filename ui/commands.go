package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// The command table: everything the window does on a key, a button or an
// --actions verb is one row of commandTable, with its arguments, its key
// bindings, its button and its handler. The keyboard (press), the buttons
// (panels.go), the action script (ParseActions, runScript) and the panel
// toggles all dispatch through it, and the help overlay and the README's
// key and action tables are generated from it (docs.go; TestREADME fails
// when the README differs). A new command is a new row.

// command is one row of the table.
type command struct {
	// verb names the command in --actions scripts.
	verb string
	// args are its arguments as the README shows them: "SECONDS",
	// "B", "X Y"; an optional group in brackets ("[on|off]",
	// "[FROM TO]"); a last word ending in "…" takes the rest of the
	// statement, spaces included ("FILE…").
	args string
	// keys run the command from the keyboard.
	keys []binding
	// mouse says which mouse input does the same (mouseRegions in
	// input.go does it), for the README; mouseHelp says it shorter for
	// the help.
	mouse, mouseHelp string
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
// repeats the command after a pause.
type binding struct {
	key    ebiten.Key
	mods   modifier
	args   []string
	repeat bool
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
}

func key(k ebiten.Key, args ...string) binding { return binding{key: k, args: args} }
func shift(k ebiten.Key) binding               { return binding{key: k, mods: modShift} }
func ctrl(k ebiten.Key) binding                { return binding{key: k, mods: modCtrl} }

// held repeats b while its key is held.
func held(b binding) binding { b.repeat = true; return b }

func keys(bs ...binding) []binding { return bs }

// do is a handler that calls f and cannot fail.
func do(f func(a *App)) func(c *call) error {
	return func(c *call) error { f(c.a); return nil }
}

// commandTable is the viewer's commands, in the order of the help and the
// README's tables.
func commandTable() []command {
	return []command{
		// The camera, from the mouse.
		{verb: "orbit", args: "YAW PITCH", mouse: "left drag in the view", mouseHelp: "left drag", help: "orbit",
			doc: "turn the camera YAW degrees about the vertical and PITCH degrees up", keyDoc: "orbit",
			run: func(c *call) error {
				return c.nums(func(v []float64) { c.a.st.Orbit(v[0], v[1]) })
			}},
		{verb: "pan", args: "DX DY", mouse: "right drag, shift + left drag", mouseHelp: "right/shift drag", help: "pan",
			doc: "move the camera's target DX, DY pixels across the view", keyDoc: "pan",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.scene.pan(v[0], v[1]) }) }},
		{verb: "zoom", args: "FACTOR", mouse: "wheel", help: "zoom",
			doc: "bring the camera FACTOR times closer (0.5: twice as far)", keyDoc: "zoom",
			run: func(c *call) error {
				if f, err := strconv.ParseFloat(c.args[0], 64); err == nil && f <= 0 {
					return fmt.Errorf("zoom: the factor %s is not above 0", c.args[0])
				}
				return c.nums(func(v []float64) { c.a.st.Zoom(1 / v[0]) })
			}},
		{verb: "select-bone", args: "B", mouse: "click a joint", mouseHelp: "click joint", help: "select",
			doc: "select bone B (a name, any case, or an index)", keyDoc: "select the bone",
			run: func(c *call) error {
				i, err := c.bone(0)
				if err == nil {
					c.a.w.selectBone(i)
				}
				return err
			}},
		{verb: "seek", args: "SECONDS", mouse: "click or drag on the timeline", mouseHelp: "drag timeline", help: "seek",
			doc: "go to SECONDS into the clip and pause", keyDoc: "seek",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.Seek(v[0]) }) }},

		// Playback.
		{verb: "play-pause", keys: keys(key(ebiten.KeySpace)), button: "Pause", buttonDoc: "Play / Pause", at: slot{transport, 30}, help: "play / pause",
			doc: "play / pause (without loop: at the end going forwards, or at frame 0 going backwards, it replays)",
			run: do(func(a *App) { a.st.TogglePlay() })},
		{verb: "prev-frame", keys: keys(held(key(ebiten.KeyLeft))), button: "<", at: slot{transport, 20}, help: "frame",
			doc: "step one frame back", keyDoc: "step one frame back / forward",
			run: do(func(a *App) { a.st.StepFrames(-1) })},
		{verb: "next-frame", keys: keys(held(key(ebiten.KeyRight))), button: ">", at: slot{transport, 40}, pairs: true,
			doc: "step one frame forward", run: do(func(a *App) { a.st.StepFrames(1) })},
		{verb: "prev-key", keys: keys(held(shift(ebiten.KeyLeft))), help: "key",
			doc:    "go to the selected bone's previous key (of any bone when none is selected)",
			keyDoc: "previous / next key of the selected bone (of any bone when none is selected)",
			run:    do(func(a *App) { a.st.JumpKey(-1) })},
		{verb: "next-key", keys: keys(held(shift(ebiten.KeyRight))), pairs: true,
			doc: "go to the selected bone's next key (of any bone when none is selected)",
			run: do(func(a *App) { a.st.JumpKey(1) })},
		{verb: "prev-event", keys: keys(held(ctrl(ebiten.KeyLeft))), help: "event",
			doc: "go to the previous event", keyDoc: "previous / next event",
			run: do(func(a *App) { a.st.JumpEvent(-1) })},
		{verb: "next-event", keys: keys(held(ctrl(ebiten.KeyRight))), pairs: true,
			doc: "go to the next event", run: do(func(a *App) { a.st.JumpEvent(1) })},
		{verb: "first-frame", keys: keys(key(ebiten.KeyHome)), button: "|<", at: slot{transport, 10}, help: "ends",
			doc: "go to the first frame and pause", keyDoc: "first / last frame",
			run: do(func(a *App) { a.st.Home() })},
		{verb: "last-frame", keys: keys(key(ebiten.KeyEnd)), button: ">|", at: slot{transport, 50}, pairs: true,
			doc: "go to the last frame and pause", run: do(func(a *App) { a.st.End() })},
		{verb: "frame", args: "N", doc: "go to frame N and pause",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.SeekFrame(int(v[0])) }) }},
		{verb: "slower", keys: keys(key(ebiten.KeyDown), key(ebiten.KeyMinus), key(ebiten.KeyNumpadSubtract)),
			button: "-", at: slot{transport, 60}, help: "speed",
			doc: "play slower (down to 0.1×)", keyDoc: "slower / faster (0.1× to 4×)",
			run: do(func(a *App) { a.st.ChangeSpeed(-1) })},
		{verb: "faster", keys: keys(key(ebiten.KeyUp), key(ebiten.KeyEqual), key(ebiten.KeyNumpadAdd)),
			button: "+", at: slot{transport, 70}, pairs: true,
			doc: "play faster (up to 4×)", run: do(func(a *App) { a.st.ChangeSpeed(1) })},
		{verb: "speed", args: "X", doc: "play at X times real time (negative: backwards)",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.SetSpeed(v[0]) }) }},
		{verb: "reverse", keys: keys(key(ebiten.KeyR)), help: "reverse", doc: "reverse",
			run: do(func(a *App) { a.st.Reverse() })},
		{verb: "loop", args: "[on|off]", keys: keys(key(ebiten.KeyL)), button: "Loop", at: slot{transport, 80},
			on: func(a *App) bool { return a.st.Playback().Loop() }, help: "loop",
			doc:    "loop on / off (on, true or 1 turns it on, another word off; without one it switches)",
			keyDoc: "loop on / off",
			run: func(c *call) error {
				if len(c.args) == 0 {
					c.a.st.ToggleLoop()
				} else {
					c.a.st.SetLoop(c.args[0] == "on" || c.args[0] == "true" || c.args[0] == "1")
				}
				return nil
			}},
		// The timeline's zoom and range.
		{verb: "set-in", args: "[SECONDS]", keys: keys(key(ebiten.KeyI)), mouse: "drag on the ruler (above the track)",
			mouseHelp: "drag ruler", help: "range",
			doc: "put the range's in point at SECONDS (else the current frame): playback, stepping and " +
				"looping keep to the range", keyDoc: "the range's in / out point at the current frame, or its " +
				"ends from a drag on the ruler; playback, stepping and looping keep to it",
			run: func(c *call) error { return c.timeArg(c.a.st.SetIn) }},
		{verb: "set-out", args: "[SECONDS]", keys: keys(key(ebiten.KeyO)), pairs: true,
			doc: "put the range's out point at SECONDS (else the current frame)",
			run: func(c *call) error { return c.timeArg(c.a.st.SetOut) }},
		{verb: "range", args: "FROM TO", doc: "set the range from FROM to TO seconds (each on its nearest frame)",
			run: func(c *call) error {
				return c.nums(func(v []float64) {
					if !c.a.st.SetRange(v[0], v[1]) {
						c.a.st.Notify("the range's ends fall on one frame: no range", time.Now())
					}
				})
			}},
		{verb: "clear-range", keys: keys(key(ebiten.KeyBackspace)), help: "clear range",
			doc: "clear the range: playback has the whole clip again",
			run: do(func(a *App) { a.st.ClearRange() })},
		{verb: "timeline-zoom", args: "FACTOR [SECONDS]", mouse: "wheel over the timeline", mouseHelp: "wheel timeline",
			help: "zoom", keyDoc: "zoom the timeline around the pointer",
			doc: "show FACTOR times less of the clip on the timeline (0.5: twice as much), around SECONDS " +
				"(else the current time)",
			run: func(c *call) error {
				if f, err := strconv.ParseFloat(c.args[0], 64); err == nil && !(f > 0) {
					return fmt.Errorf("timeline-zoom: the factor %s is not above 0", c.args[0])
				}
				return c.nums(func(v []float64) {
					at := c.a.st.Playback().Time()
					if len(v) > 1 {
						at = v[1]
					}
					c.a.st.ZoomTimeline(at, 1/v[0])
				})
			}},
		{verb: "timeline-pan", args: "SECONDS", mouse: "right or middle drag on the timeline", mouseHelp: "right drag timeline",
			help: "pan", keyDoc: "pan the zoomed timeline",
			doc: "move the zoomed timeline's span SECONDS later (negative: earlier)",
			run: func(c *call) error { return c.nums(func(v []float64) { c.a.st.PanTimeline(v[0]) }) }},
		{verb: "timeline-all", keys: keys(shift(ebiten.KeyBackspace)), help: "whole timeline",
			doc: "show the whole clip on the timeline",
			run: do(func(a *App) { a.st.ShowWholeTimeline() })},
		// Cuts: the range kept as a named clip in the file's sidecar.
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
				got, err := c.a.cuts.save(name)
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
					old, err := c.a.cuts.current("rename-cut")
					if err == nil {
						c.a.cuts.ask(old)
					}
					return err
				}
				old, name, ok := strings.Cut(c.args[0], " ")
				if !ok {
					return fmt.Errorf("rename-cut: want OLD NEW, got %q", c.args[0])
				}
				return c.a.cuts.rename(old, strings.TrimSpace(name))
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
					if name, err = c.a.cuts.current("delete-cut"); err != nil {
						return err
					}
				}
				return c.a.cuts.remove(name)
			}},
		{verb: "play", doc: "play (as Space when paused)", run: do(func(a *App) { a.st.Play() })},
		{verb: "pause", doc: "pause", run: do(func(a *App) { a.st.Pause() })},

		// Clips, animations and files.
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
				c.a.w.selectClip(i)
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
		{verb: "export-dialog", keys: keys(ctrl(ebiten.KeyE)), button: "Export", at: slot{transport, 210}, help: "export",
			doc: "export to glTF 2.0, as `animview export` does: what plays, every clip or the character's " +
				"animations (the window asks when there is a choice), to a file from the system's chooser (else the built-in browser), " +
				"with a progress bar; the window asks before replacing a file",
			run: do(func(a *App) { a.exp.begin() })},
		{verb: "export-what", args: "clip|all|character", doc: "answer the export's question of what to export",
			run: func(c *call) error {
				w, err := exportWhat(c.args[0])
				if err == nil {
					c.a.exp.choose(w)
				}
				return err
			}},
		{verb: "export", args: "clip|all|character FILE…",
			doc: "export what plays (a tree as the window plays it: its seed, pins and weights), every clip or " +
				"the character's animations to FILE (.glb or .gltf); the window " +
				"asks before replacing a file (confirm replaces it). A script waits until the file is written",
			run: func(c *call) error {
				err := c.a.exp.run(c)
				c.holdForExport()
				return err
			}},
		{verb: "confirm", keys: keys(key(ebiten.KeyEnter), key(ebiten.KeyNumpadEnter)), help: "confirm",
			doc: "answer the window's question: export the first choice, replace the file, or play a dropped file's motion here",
			run: func(c *call) error {
				if c.a.drop.playHere() {
					return nil
				}
				c.a.exp.confirm()
				c.holdForExport()
				return nil
			}},
		{verb: "open", args: "FILE…", doc: "open FILE",
			run: withArgs(func(c *call) { c.a.open(c.args[0]); c.a.scene.frameAll() })},
		// The compare view: a second file over the open one.
		{verb: "compare-dialog", keys: keys(binding{key: ebiten.KeyO, mods: modCtrl | modShift}), button: "Compare…",
			at: slot{compareButtons, 10}, help: "compare with a file",
			doc: "choose a file in the built-in browser to compare with the open one (as compare FILE)",
			run: do(func(a *App) {
				if a.chooseCompare() {
					return // the web page's own chooser
				}
				a.browser.show("")
				a.browser.compare = true
			})},
		{verb: "compare", args: "FILE…",
			doc: "open FILE over the open file as a ghost in its own colour, on the same clock, with the camera framing " +
				"both; bones pair as `animview diff` pairs them (--map). The status line gives the largest difference " +
				"now and its bone, a panel lists the bones that differ most over the clip (click one to select it) and " +
				"the curves panel plots the selected bone's difference",
			run: func(c *call) error { return c.a.cmp.open(c.args[0]) }},
		{verb: "compare-clip", args: "NAME|INDEX…", doc: "show the compared file's clip NAME, or numbered INDEX from 0",
			run: func(c *call) error { return c.a.cmp.selectClip(c.args[0]) }},
		{verb: "compare-prev-clip", keys: keys(shift(ebiten.KeyBracketLeft)), help: "compared file's clip",
			doc:    "show the compared file's previous clip (without one, the open file's, as prev-clip)",
			keyDoc: "previous / next clip of the compared file (the compare panel's < >)",
			run:    func(c *call) error { return c.a.cmp.stepClipOr(-1) }},
		{verb: "compare-next-clip", keys: keys(shift(ebiten.KeyBracketRight)), pairs: true,
			doc: "show the compared file's next clip (without one, the open file's, as next-clip)",
			run: func(c *call) error { return c.a.cmp.stepClipOr(1) }},
		{verb: "compare-off", doc: "end the comparison (the compare panel's ×)",
			run: do(func(a *App) { a.cmp.close() })},
		{verb: "drop", args: "FILE…", doc: "take FILE as a file dropped on the window: on a figure, a file with a clip to " +
			"play makes the window ask whether to play its motion here or open it (play-here, open-instead); else it opens",
			run: withArgs(func(c *call) {
				c.a.drop.drop(c.args[0])
				if !c.a.drop.asking() {
					c.a.scene.frameAll()
				}
			})},
		{verb: "play-here", doc: "answer the drop's question: play the dropped file's clip on the open figure, as " +
			"--motion does (the figure's bones it does not drive keep their bind pose, named in a warning)",
			run: func(c *call) error {
				if !c.a.drop.playHere() {
					return fmt.Errorf("play-here: no dropped file to play")
				}
				return nil
			}},
		{verb: "open-instead", doc: "answer the drop's question: open the dropped file in place of the open one",
			run: func(c *call) error {
				if !c.a.drop.openInstead() {
					return fmt.Errorf("open-instead: no dropped file to open")
				}
				return nil
			}},

		// What is drawn.
		{verb: "labels", keys: keys(key(ebiten.KeyN)), button: "Names", at: slot{transport, 90},
			on: func(a *App) bool { return a.st.Visibility().Labels() }, help: "names",
			doc: "bone names, each placed beside its joint where it overlaps no other (one that finds no room in " +
				"the view is left out; the selected bone's always shows)",
			run: do(func(a *App) { a.st.ToggleLabels() })},
		{verb: "grid", keys: keys(key(ebiten.KeyG)), help: "grid", doc: "grid",
			run: do(func(a *App) { a.st.ToggleGrid() })},
		{verb: "bind-pose", keys: keys(key(ebiten.KeyB)), button: "Bind", at: slot{transport, 100},
			on: func(a *App) bool { return a.st.Visibility().BindPose() }, help: "bind pose", doc: "bind pose",
			run: do(func(a *App) { a.st.ToggleBindPose() })},
		{verb: "mesh", keys: keys(key(ebiten.KeyM)), help: "mesh / +bones / bones",
			doc: "cycle mesh, mesh with bones (the default) and bones, for a figure with a mesh",
			run: do(func(a *App) { a.st.CycleShow() })},
		{verb: "textures", args: "[on|off]", keys: keys(shift(ebiten.KeyM)), help: "textures",
			doc: "draw meshes with their textures (the default) or in their materials' flat colours, which show the " +
				"shape better (on, true or 1 turns textures on, another word off; without one it switches)",
			keyDoc: "textures on / off: textured mesh or flat colours",
			run: func(c *call) error {
				if len(c.args) == 0 {
					c.a.st.SetTextures(!c.a.st.Visibility().Textures())
				} else {
					c.a.st.SetTextures(c.args[0] == "on" || c.args[0] == "true" || c.args[0] == "1")
				}
				return nil
			}},
		// The suit picker: a Sims skill wears the suits beside it, a body
		// and a head at once, in a skin tone.
		{verb: "next-suit", keys: keys(key(ebiten.KeyU)),
			help: "suit", doc: "wear the next suit beside a Sims skill (the .cmx and .bcf files in its folder that hold one, then none) " +
				"in the body slot, with the head worn; suits for another skeleton (a child's on an adult) are passed over: Ctrl+U lists them",
			keyDoc: "next / previous suit of a Sims skill (the suit files beside it), with the head worn",
			run:    func(c *call) error { return c.a.suits.step(state.BodySlot, 1) }},
		{verb: "prev-suit", keys: keys(shift(ebiten.KeyU)), pairs: true,
			doc: "wear the previous suit beside a Sims skill", run: func(c *call) error { return c.a.suits.step(state.BodySlot, -1) }},
		{verb: "next-head", keys: keys(key(ebiten.KeyJ)), help: "head",
			doc:    "wear the next head suit beside a Sims skill (the suit files whose names begin with c and a digit, then none) with the body worn",
			keyDoc: "next / previous head of a Sims skill (the suit files beside it whose names begin with c and a digit), with the body worn",
			run:    func(c *call) error { return c.a.suits.step(state.HeadSlot, 1) }},
		{verb: "prev-head", keys: keys(shift(ebiten.KeyJ)), pairs: true,
			doc: "wear the previous head suit beside a Sims skill", run: func(c *call) error { return c.a.suits.step(state.HeadSlot, -1) }},
		{verb: "suit-list", keys: keys(ctrl(ebiten.KeyU)), help: "suit list",
			button: "Suit: none", buttonDoc: "Suit: NAME", at: slot{boneButtons, 30},
			doc: "list the suits beside a Sims skill to pick one (Enter: a head to the head slot, others to the body slot); " +
				"suits for another skeleton are marked; typing filters",
			run: do(func(a *App) { a.suits.showList() })},
		{verb: "suit", args: "NAME…", doc: "wear the suit files NAME beside a Sims skill, several at once separated by spaces " +
			"(the first in the body slot, the second in the head slot; each its file name, with or without " +
			"the extension, any case, or its index from 0; none: as opened or an empty slot)",
			run: func(c *call) error { return c.a.suits.wearNamed(c.args[0]) }},
		{verb: "tone", args: "[light|medium|dark]", keys: keys(shift(ebiten.KeyT)), help: "skin tone",
			doc: "dress the worn Sims suits (or the suit file or skin opened) in the textures of a skin tone " +
				"(without one, the next: light, medium, dark)",
			keyDoc: "next skin tone of the worn Sims suits (light, medium, dark)",
			run: func(c *call) error {
				c.a.suits.list()
				t := c.a.st.Wardrobe().Tone().Next()
				if len(c.args) > 0 && c.args[0] != "" {
					var err error
					if t, err = sims.ParseTone(c.args[0]); err != nil {
						return err
					}
				}
				return c.a.suits.setTone(t)
			}},
		{verb: "follow", keys: keys(key(ebiten.KeyT)), button: "Follow", at: slot{transport, 110},
			on: func(a *App) bool { return a.st.View().Follow() }, help: "follow root",
			doc: "follow the root (turned on by itself when a clip travels far)",
			run: do(func(a *App) {
				a.st.SetFollow(!a.st.View().Follow())
				a.scene.frameAll()
			})},
		{verb: "in-place", keys: keys(shift(ebiten.KeyI)), button: "In place", at: slot{transport, 120},
			on: func(a *App) bool { return a.st.Visibility().InPlace() }, help: "in place",
			doc: "in place: hold the moving root's horizontal motion at its start",
			run: do(func(a *App) { a.st.ToggleInPlace() })},
		{verb: "root-path", keys: keys(shift(ebiten.KeyR)), help: "root path",
			doc: "the root's path over the clip on the ground, with a ring where the root is now, and on the status " +
				"line how far it has come of the path's length (in place: the path slides under the held figure)",
			keyDoc: "the root's path on the ground over the clip, and on the status line how far it has come",
			run:    do(func(a *App) { a.st.ToggleRootPath() })},
		{verb: "onion", keys: keys(shift(ebiten.KeyO)), button: "Onion", at: slot{transport, 130},
			on: func(a *App) bool { return a.st.Visibility().Onion() }, help: "onion skin",
			doc: "onion skin: the poses a few frames before and after, faint",
			run: do(func(a *App) { a.st.ToggleOnion() })},
		{verb: "axes", keys: keys(key(ebiten.KeyX)), button: "Axes", at: slot{inspectButtons, 20},
			on: func(a *App) bool { return a.st.Visibility().Axes() }, help: "bone axes",
			doc: "the selected bone's local axes", run: do(func(a *App) { a.st.ToggleAxes() })},
		{verb: "zoom-bone", keys: keys(key(ebiten.KeyZ)), button: "Zoom", at: slot{inspectButtons, 30}, help: "zoom to bone",
			doc: "zoom to the selected bone", run: do(func(a *App) { a.scene.zoomToSelected() })},
		{verb: "toggle-bone", args: "[B]", keys: keys(key(ebiten.KeyH)), help: "hide bone",
			doc: "hide / show bone B, or the selected bone", keyDoc: "hide / show the selected bone",
			run: func(c *call) error {
				i := c.a.st.Visibility().Selected()
				if len(c.args) > 0 {
					var err error
					if i, err = c.bone(0); err != nil {
						return err
					}
				}
				if i >= 0 {
					c.a.st.ToggleBone(i)
					c.a.w.refreshBoneLabels()
				}
				return nil
			}},
		{verb: "helpers", keys: keys(shift(ebiten.KeyH)), button: "Helpers", at: slot{boneButtons, 20},
			on: func(a *App) bool { return !a.st.Visibility().HideHelpers() }, help: "helpers",
			doc: "hide / show all helper bones", run: do(func(a *App) { a.st.ToggleHelpers() })},
		{verb: "clip-camera", keys: keys(key(ebiten.KeyC)), help: "clip's camera",
			doc: "view through the animation's camera (LEGO Island clips with a camera)",
			run: do(func(a *App) {
				if !a.st.ToggleThrough() {
					a.st.Notify("this clip has no camera", time.Now())
				}
			})},
		{verb: "frame-all", keys: keys(key(ebiten.KeyF)), help: "frame all", doc: "frame the whole clip",
			run: do(func(a *App) { a.scene.frameAll() })},
		{verb: "view", args: "front|side|top",
			keys: keys(key(ebiten.KeyDigit1, "front"), key(ebiten.KeyNumpad1, "front"),
				key(ebiten.KeyDigit3, "side"), key(ebiten.KeyNumpad3, "side"),
				key(ebiten.KeyDigit7, "top"), key(ebiten.KeyNumpad7, "top")),
			help: "front side top", doc: "front / side / top view",
			run: func(c *call) error {
				d, ok := map[string]state.Direction{"front": state.ViewFront, "side": state.ViewSide, "top": state.ViewTop}[c.args[0]]
				if !ok {
					return fmt.Errorf("view: %q is not front, side or top", c.args[0])
				}
				c.a.st.SetDirection(d)
				return nil
			}},
		{verb: "ortho", keys: keys(key(ebiten.KeyDigit5), key(ebiten.KeyNumpad5)), button: "Ortho", at: slot{transport, 140},
			on: func(a *App) bool { return a.st.View().Camera().Ortho }, help: "orthographic",
			doc: "orthographic / perspective", run: do(func(a *App) { a.st.ToggleOrtho() })},

		{verb: "curves", keys: keys(key(ebiten.KeyK)), button: "Curves", at: slot{warningButtons, 20},
			on: func(a *App) bool { return a.st.Curves().Shown() }, help: "curves",
			doc: "the curves panel: the selected bone's local translation, rotation and scale over the span the " +
				"timeline shows, with the clip's keys and the current time; a click or drag on it seeks",
			run: do(func(a *App) { a.st.ToggleCurves() })},
		{verb: "curves-euler", keys: keys(shift(ebiten.KeyK)), help: "Euler curves",
			doc: "plot rotation as Euler angles (degrees about X, Y, Z, as the inspector) or as quaternion components",
			run: do(func(a *App) { a.st.ToggleEuler() })},
		{verb: "dope-sheet", keys: keys(key(ebiten.KeyD)), help: "dope sheet",
			doc: "the dope sheet, in the curves panel's place: the clip's events on a row, then a row per bone the bone " +
				"tree shows with a mark at each of its keys, over the span the timeline shows; a click on a row selects " +
				"the bone, on a key or an event seeks to it; the wheel scrolls the rows, Ctrl+wheel zooms the timeline, " +
				"Shift+wheel or a right drag pans it",
			run: do(func(a *App) { a.st.ToggleDopeSheet() })},

		// Bones and events.
		{verb: "hide-bone", args: "B", doc: "hide bone B", run: func(c *call) error { return c.hide(true, false) }},
		{verb: "show-bone", args: "B", doc: "show bone B", run: func(c *call) error { return c.hide(false, false) }},
		{verb: "hide-subtree", args: "B", doc: "hide bone B and every bone below it",
			run: func(c *call) error { return c.hide(true, true) }},
		{verb: "show-subtree", args: "B", doc: "show bone B and every bone below it",
			run: func(c *call) error { return c.hide(false, true) }},
		{verb: "show-all", button: "Show all", at: slot{boneButtons, 10}, doc: "show every bone",
			run: do(func(a *App) { a.st.ShowAllBones(); a.w.refreshBoneLabels() })},
		{verb: "mute-event", args: "E", doc: "mute event E of the clip (its name or index)",
			run: func(c *call) error { return c.mute(true) }},
		{verb: "unmute-event", args: "E", doc: "unmute event E of the clip", run: func(c *call) error { return c.mute(false) }},
		{verb: "copy-json", button: "Copy JSON", at: slot{inspectButtons, 10},
			doc: "copy the selected bone's values as JSON (without a clipboard tool: to a file)",
			run: do(func(a *App) { a.copyInspector() })},

		// Messages and outputs.
		{verb: "warnings", keys: keys(key(ebiten.KeyW)), button: "Warnings: none", buttonDoc: "Warnings", at: slot{warningButtons, 10},
			help: "warnings", doc: "the loader's warnings",
			run: do(func(a *App) { a.st.ToggleWarnings() })},
		{verb: "dismiss", doc: "close the warnings banner", run: do(func(a *App) { a.st.DismissWarnings() })},
		{verb: "screenshot", keys: keys(key(ebiten.KeyP), key(ebiten.KeyF12)), help: "screenshot",
			doc: "save a screenshot in the working folder (a message names the file; names never collide)",
			run: do(func(a *App) { a.requestScreenshot() })},
		{verb: "snap", args: "FILE…",
			doc: "in a script, save the view as it is once --after ticks have passed, as --screenshot saves its " +
				"picture, to FILE (PNG), and go on: one run of the program makes several pictures",
			run: withArgs(func(c *call) { c.a.snap(c.args[0]) })},
		{verb: "record-gif", keys: keys(shift(ebiten.KeyP)), help: "record GIF",
			doc: "record what plays (one pass of the clip or animation tree) as an animated GIF in the working " +
				"folder, in the background with a progress bar; from the view's direction, at most 640 px wide " +
				"and 30 fps; Esc cancels. A script waits until the GIF is written",
			run: func(c *call) error {
				c.a.rec.start(c.a.viewport(), c.a.scene.opts)
				if c.scripted {
					c.a.script.hold = c.a.st.Recording().Active()
				}
				return nil
			}},
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

		// A character set's animation trees: the tree panel.
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

		// The script's own.
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
				c.a.in.click(x, y)
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

// holdForExport holds the script of a scripted call while an export
// writes its file.
func (c *call) holdForExport() {
	if c.scripted {
		c.a.script.hold = c.a.st.Export().Stage() == state.ExportRunning
	}
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

// hide hides or shows the bone of the first argument, with subtree every
// bone below it.
func (c *call) hide(hidden, subtree bool) error {
	i, err := c.bone(0)
	if err != nil {
		return err
	}
	c.a.w.setBoneHidden(i, hidden, subtree)
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
	c.a.w.muteEvent(i, muted)
	return nil
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

// commandSet is the table with its lookups.
type commandSet struct {
	list   []command
	byVerb map[string]*command
}

func newCommandSet() commandSet {
	cs := commandSet{list: commandTable(), byVerb: map[string]*command{}}
	for i := range cs.list {
		cs.byVerb[cs.list[i].verb] = &cs.list[i]
	}
	return cs
}

// forKey finds the binding key k runs with the modifiers mods held: the
// one that needs the most of them (Ctrl before Shift) among those whose
// modifiers are all held, so that Ctrl+Shift+← is Ctrl+←, and a key with
// no binding of its own for a modifier does what it does without it (Shift
// with Space plays).
func (cs *commandSet) forKey(k ebiten.Key, mods modifier) (*command, *binding) {
	var bc *command
	var bb *binding
	for i := range cs.list {
		c := &cs.list[i]
		for j := range c.keys {
			b := &c.keys[j]
			if b.key == k && b.mods&^mods == 0 && (bb == nil || b.mods > bb.mods) {
				bc, bb = c, b
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

// press carries out key k, as typed with the modifiers mods held. An
// error shows in the window.
func (a *App) press(k ebiten.Key, mods modifier) {
	if a.list.open { // the asset or suit list has the keys
		a.list.key(k, mods&modCtrl != 0)
		return
	}
	c, b := a.cmds.forKey(k, mods)
	if c == nil {
		return
	}
	if err := a.run(c, b.args, false); err != nil {
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
