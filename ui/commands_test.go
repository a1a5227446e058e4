package ui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// These tests need no display: the table, the action parser, the help
// and the README's tables are plain data.

var update = flag.Bool("update", false, "rewrite the README's generated tables from the command table")

// TestCommandTable checks the table's rows: verbs unique, each with a
// handler and a description, arguments that parse, a key or the mouse
// always with a help text, pairs after a row, a place for every button,
// and no key bound twice with the same modifiers.
func TestCommandTable(t *testing.T) {
	cs := newCommandSet()
	seen := map[string]bool{}
	type keyMods struct {
		k ebiten.Key
		m modifier
	}
	bound := map[keyMods]string{}
	for i, c := range cs.list {
		switch {
		case c.verb == "" || seen[c.verb]:
			t.Errorf("row %d: verb %q empty or twice", i, c.verb)
		case c.run == nil || c.doc == "":
			t.Errorf("%s: no handler or no doc", c.verb)
		case c.pairs && (i == 0 || len(c.keys) == 0):
			t.Errorf("%s pairs with nothing", c.verb)
		case !c.pairs && (len(c.keys) > 0 || c.mouse != "") && c.help == "":
			t.Errorf("%s has an input but no help", c.verb)
		case (c.button == "") != (c.at.panel == noPanel):
			t.Errorf("%s: button %q at %v", c.verb, c.button, c.at)
		case c.on != nil && c.button == "":
			t.Errorf("%s: a toggle without a button", c.verb)
		}
		seen[c.verb] = true
		n := arityOf(c.args)
		if n.rest && n.opt > 0 && n.req > 0 {
			// All optional ("[NAME…]") is one optional argument.
			t.Errorf("%s %s: required and optional words and a rest", c.verb, c.args)
		}
		for _, b := range c.keys {
			km := keyMods{b.key, b.mods}
			if other, dup := bound[km]; dup {
				t.Errorf("%s%s runs both %s and %s", modName(b.mods, "+"), keyName(b.key), other, c.verb)
			}
			bound[km] = c.verb
			if _, err := n.check(b.args); err != nil {
				t.Errorf("%s: key %s passes %q: %v", c.verb, keyName(b.key), b.args, err)
			}
		}
	}
}

// TestKeysDoWhatTheyDid: each key, with the modifiers held, runs the
// command the window's key switch ran before the table: the most
// specific binding wins (Ctrl before Shift), and a modifier a key has no
// binding for is ignored.
func TestKeysDoWhatTheyDid(t *testing.T) {
	cs := newCommandSet()
	const none, sh, ct = modifier(0), modShift, modCtrl
	for _, c := range []struct {
		k    ebiten.Key
		m    modifier
		verb string
		args string
	}{
		{ebiten.KeySpace, none, "play-pause", ""}, {ebiten.KeySpace, sh, "play-pause", ""},
		{ebiten.KeyLeft, none, "prev-frame", ""}, {ebiten.KeyRight, none, "next-frame", ""},
		{ebiten.KeyLeft, sh, "prev-key", ""}, {ebiten.KeyRight, sh, "next-key", ""},
		{ebiten.KeyLeft, ct, "prev-event", ""}, {ebiten.KeyRight, ct | sh, "next-event", ""},
		{ebiten.KeyHome, none, "first-frame", ""}, {ebiten.KeyEnd, ct, "last-frame", ""},
		{ebiten.KeyUp, none, "faster", ""}, {ebiten.KeyEqual, sh, "faster", ""}, {ebiten.KeyNumpadAdd, none, "faster", ""},
		{ebiten.KeyDown, none, "slower", ""}, {ebiten.KeyMinus, none, "slower", ""}, {ebiten.KeyNumpadSubtract, none, "slower", ""},
		{ebiten.KeyR, none, "reverse", ""}, {ebiten.KeyL, none, "loop", ""}, {ebiten.KeyN, none, "labels", ""},
		{ebiten.KeyM, none, "mesh", ""}, {ebiten.KeyG, none, "grid", ""}, {ebiten.KeyB, none, "bind-pose", ""},
		{ebiten.KeyF, none, "frame-all", ""}, {ebiten.KeyT, none, "follow", ""},
		{ebiten.KeyH, none, "toggle-bone", ""}, {ebiten.KeyH, sh, "helpers", ""}, {ebiten.KeyH, ct | sh, "helpers", ""},
		{ebiten.KeyC, none, "clip-camera", ""}, {ebiten.KeyF1, none, "help", ""}, {ebiten.KeySlash, sh, "help", ""},
		{ebiten.KeyEscape, none, "close", ""},
		{ebiten.KeyPageDown, none, "next-clip", ""}, {ebiten.KeyBracketRight, ct, "next-clip", ""},
		{ebiten.KeyPageUp, sh, "prev-clip", ""}, {ebiten.KeyBracketLeft, none, "prev-clip", ""},
		{ebiten.KeyPageDown, ct, "next-file", ""}, {ebiten.KeyPageUp, ct | sh, "prev-file", ""},
		{ebiten.KeyP, none, "screenshot", ""}, {ebiten.KeyF12, sh, "screenshot", ""}, {ebiten.KeyP, sh, "record-gif", ""},
		{ebiten.KeyDigit1, none, "view", "front"}, {ebiten.KeyNumpad1, none, "view", "front"},
		{ebiten.KeyDigit3, none, "view", "side"}, {ebiten.KeyNumpad7, none, "view", "top"},
		{ebiten.KeyDigit5, none, "ortho", ""}, {ebiten.KeyNumpad5, none, "ortho", ""},
		// I and O mark the timeline's range (issue 24, as in video
		// editors); in place and onion skin moved to Shift+I, Shift+O.
		{ebiten.KeyO, none, "set-out", ""}, {ebiten.KeyO, sh, "onion", ""}, {ebiten.KeyO, ct, "open-dialog", ""},
		{ebiten.KeyI, none, "set-in", ""}, {ebiten.KeyI, sh, "in-place", ""}, {ebiten.KeyBackspace, none, "clear-range", ""}, {ebiten.KeyBackspace, sh, "timeline-all", ""},
		{ebiten.KeyX, none, "axes", ""}, {ebiten.KeyZ, none, "zoom-bone", ""},
		{ebiten.KeyW, none, "warnings", ""},
		{ebiten.KeyQ, none, "", ""}, {ebiten.KeyDigit2, none, "", ""},
	} {
		cmd, b := cs.forKey(c.k, c.m, noModal)
		verb, args := "", ""
		if cmd != nil {
			verb, args = cmd.verb, strings.Join(b.args, " ")
		}
		if verb != c.verb || args != c.args {
			t.Errorf("%s%s runs %q %q, want %q %q", modName(c.m, "+"), keyName(c.k), verb, args, c.verb, c.args)
		}
	}
	if _, b := cs.forKey(ebiten.KeyLeft, modShift, noModal); !b.repeat {
		t.Error("Shift+← does not repeat")
	}
	if _, b := cs.forKey(ebiten.KeySpace, 0, noModal); b.repeat {
		t.Error("Space repeats")
	}
}

// TestModalKeys: while a modal has the keyboard, only its own keys and
// the window's answers (Enter: confirm, Esc: close) run commands, the
// rest going to its text entry; the export's question leaves the keys to
// the window.
func TestModalKeys(t *testing.T) {
	cs := newCommandSet()
	for _, c := range []struct {
		m    modal
		k    ebiten.Key
		mods modifier
		verb string
	}{
		{dropModal, ebiten.KeyP, 0, "play-here"}, {dropModal, ebiten.KeyP, modShift, "play-here"},
		{dropModal, ebiten.KeyO, 0, "open-instead"}, {dropModal, ebiten.KeyEnter, 0, "confirm"},
		{dropModal, ebiten.KeyNumpadEnter, 0, "confirm"}, {dropModal, ebiten.KeyEscape, 0, "close"},
		{dropModal, ebiten.KeySpace, 0, ""}, {dropModal, ebiten.KeyX, 0, ""},
		{browserModal, ebiten.KeyEnter, 0, "confirm"}, {browserModal, ebiten.KeyEscape, 0, "close"},
		{browserModal, ebiten.KeyP, 0, ""}, {browserModal, ebiten.KeyBackspace, 0, ""}, {browserModal, ebiten.KeyO, modCtrl, ""},
		{listModal, ebiten.KeyEnter, modCtrl, "confirm"}, {listModal, ebiten.KeyDigit1, modCtrl, ""},
		{frameModal, ebiten.KeyDigit1, 0, ""}, {frameModal, ebiten.KeyEnter, 0, "confirm"},
		{cutNameModal, ebiten.KeyA, 0, ""}, {cutNameModal, ebiten.KeyEscape, 0, "close"},
		{exportModal, ebiten.KeySpace, 0, "play-pause"}, {exportModal, ebiten.KeyEnter, 0, "confirm"},
		{exportModal, ebiten.KeyP, 0, "screenshot"},
	} {
		verb := ""
		if cmd, _ := cs.forKey(c.k, c.mods, c.m); cmd != nil {
			verb = cmd.verb
		}
		if verb != c.verb {
			t.Errorf("modal %d: %s%s runs %q, want %q", c.m, modName(c.mods, "+"), keyName(c.k), verb, c.verb)
		}
	}
}

func TestParseActions(t *testing.T) {
	acts, err := ParseActions("open demo:; select-bone HEAD; hide-bone l_hand\n seek 0.5; key space;; LOOP; open a file.anim ; transition; reseed 3; save-cut; save-cut walk cycle; rename-cut cut-1 walk  start")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range acts {
		got = append(got, a.Verb+"("+strings.Join(a.Args, ",")+")")
	}
	want := "open(demo:) select-bone(HEAD) hide-bone(l_hand) seek(0.5) key(space) loop() open(a file.anim) transition() reseed(3) save-cut() save-cut(walk cycle) rename-cut(cut-1 walk start)"
	if strings.Join(got, " ") != want {
		t.Errorf("parsed %q\nwant   %q", strings.Join(got, " "), want)
	}
	for _, bad := range []string{"fly away", "seek", "seek 1 2", "open", "transition walk", "loop on off", "click 1", "orbit 1"} {
		if _, err := ParseActions(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestParseKey(t *testing.T) {
	for _, c := range []struct {
		s    string
		k    ebiten.Key
		mods modifier
	}{
		{"space", ebiten.KeySpace, 0}, {"shift+left", ebiten.KeyArrowLeft, modShift}, {"Ctrl+O", ebiten.KeyO, modCtrl},
		{"numpad3", ebiten.KeyNumpad3, 0}, {"F12", ebiten.KeyF12, 0}, {"1", ebiten.KeyDigit1, 0},
		{"control+shift+pagedown", ebiten.KeyPageDown, modCtrl | modShift},
	} {
		if k, m, err := parseKey(c.s); err != nil || k != c.k || m != c.mods {
			t.Errorf("%q: %v %v %v", c.s, k, m, err)
		}
	}
	for _, bad := range []string{"hyper+x", "nokey", ""} {
		if _, _, err := parseKey(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestHelpItems: the help overlay's lines, written from the table, say
// what the hand-written help said (keys, then what they do).
func TestHelpItems(t *testing.T) {
	items := helpItems(commandTable())
	for _, want := range []string{
		"left drag: orbit", "right/shift drag: pan", "wheel: zoom", "click joint: select", "Space: play / pause",
		"← →: frame", "Shift+← →: key", "Ctrl+← →: event", "Home End: ends", "↓ ↑ - +: speed",
		"[ ] PgUp PgDn: animation", "Ctrl+PgUp PgDn: file", "Ctrl+O: open", "1 3 7: front side top",
		"5: orthographic", "Shift+H: helpers", "P F12: screenshot", "Shift+P: record GIF", "F1 ?: help", "Esc: close",
		"M: mesh / +bones / bones",
	} {
		found := false
		for _, it := range items {
			found = found || it == want
		}
		if !found {
			t.Errorf("the help has no %q:\n%s", want, strings.Join(items, "\n"))
		}
	}
}

// readmeBlocks are the README's generated parts: a marker line, the
// table, an end line.
var readmeBlocks = []struct {
	name  string
	table func([]command) string
}{
	{"keys", keyTable},
	{"actions", actionTable},
}

func readmeMarks(name string) (begin, end string) {
	return "<!-- " + name + ": written from ui/commands.go by `go test ./ui -run TestREADME -update` -->\n",
		"<!-- end of " + name + " -->\n"
}

// TestREADME fails when the README's key table or action table differs
// from what the command table makes, and prints the expected text;
// -update writes it.
func TestREADME(t *testing.T) {
	path := filepath.Join("..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	cmds := commandTable()
	changed := false
	for _, b := range readmeBlocks {
		begin, end := readmeMarks(b.name)
		i := strings.Index(readme, begin)
		j := strings.Index(readme, end)
		if i < 0 || j < i {
			t.Errorf("README.md has no %q block: put these lines where it goes:\n%s%s", b.name, begin, end)
			continue
		}
		got := readme[i+len(begin) : j]
		want := b.table(cmds)
		if got == want {
			continue
		}
		if *update {
			readme = readme[:i+len(begin)] + want + readme[j:]
			changed = true
			continue
		}
		t.Errorf("README.md's %s table differs from ui/commands.go: run go test ./ui -run TestREADME -update, or put this between its markers:\n%s", b.name, want)
	}
	if changed {
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote", path)
	}
}

// TestVerbsRun runs every verb of the table with arguments it takes, on
// the demo and on a character set: none panics, and the window's own
// verbs (wait, key, click) and the plain ones change what they say.
func TestVerbsRun(t *testing.T) {
	examples := map[string][]string{
		"orbit": {"10", "5"}, "pan": {"3", "4"}, "zoom": {"2"}, "select-bone": {"head"}, "seek": {"0.5"},
		"frame": {"3"}, "speed": {"2"}, "loop": {"off"}, "clip": {"0"}, "anim": {"walk"}, "entry": {"Crawler"},
		"open": {demo.Name}, "view": {"side"}, "toggle-bone": {"1"}, "hide-bone": {"1"}, "show-bone": {"1"},
		"hide-subtree": {"1"}, "show-subtree": {"1"}, "mute-event": {"0"}, "unmute-event": {"0"},
		"select-node": {"/"}, "weight": {"/", "0.5"}, "pin": {"/", "1"}, "unpin": {"/"}, "reseed": {"4"},
		"transition": {"walk", "idle"}, "transition-at": {"walk", "idle", "0.2"}, "key": {"space"},
		"click": {"1", "1"}, "wait": {"2"}, "suit": {"none"}, "range": {"0.2", "0.6"}, "timeline-zoom": {"2"}, "timeline-pan": {"0.1"},
		"export-what": {"all"}, "drop": {demo.Name}, "export": {"all", filepath.Join(t.TempDir(), "verbs.glb")},
		"compare": {demo.Name}, "compare-clip": {"0"}, "choose-row": {"0"}, "scroll-rows": {"3"}, "sort-list": {"1"}, "snap": {filepath.Join(t.TempDir(), "snap.png")},
	}
	skip := map[string]bool{"open-dialog": true, "screenshot": true, "record-gif": true, "copy-json": true,
		"prev-file": true, "next-file": true}
	apps := []*App{newTestApp(t), newPakApp(t)}
	// What the verbs write without a folder of their own (confirm in the
	// export's browser, a screenshot) goes to a folder of the test's.
	t.Chdir(t.TempDir())
	for _, a := range apps {
		for _, c := range a.cmds.list {
			if skip[c.verb] {
				continue
			}
			args := examples[c.verb]
			if fit, err := arityOf(c.args).check(args); err != nil {
				t.Errorf("%s %v: %v", c.verb, args, err)
			} else {
				_ = a.action(Action{Verb: c.verb, Args: fit}) // the tree's verbs fail on the demo
			}
		}
		a.exp.stop(a.st, &a.script) // the export's file is written before its folder goes
	}
	a := newTestApp(t)
	if err := a.action(Action{Verb: "wait", Args: []string{"3"}}); err != nil || a.script.wait != 3 {
		t.Errorf("wait: %d %v", a.script.wait, err)
	}
	playing := a.st.Playback().Playing()
	if err := a.action(Action{Verb: "key", Args: []string{"space"}}); err != nil || a.st.Playback().Playing() == playing {
		t.Errorf("key space: playing %v %v", a.st.Playback().Playing(), err)
	}
	if err := a.action(Action{Verb: "fly"}); err == nil {
		t.Error("an unknown verb ran")
	}
	// Numbers are finite; a zoom factor is above 0.
	for _, bad := range []string{"seek NaN", "speed inf", "orbit 1 -Inf", "zoom 0", "zoom -2", "frame x"} {
		acts, err := ParseActions(bad)
		if err != nil {
			t.Fatal(err)
		}
		cam, tm := a.st.View().Camera(), a.st.Playback().Time()
		if err := a.action(acts[0]); err == nil || a.st.View().Camera() != cam || a.st.Playback().Time() != tm {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

// TestButtonsRunTheirCommands: each command with a button has one, in
// its row, and a toggle button shows its command's state after the
// command runs.
func TestButtonsRunTheirCommands(t *testing.T) {
	a := newPakApp(t)
	n := 0
	for i := range a.cmds.list {
		c := &a.cmds.list[i]
		if c.button == "" {
			continue
		}
		n++
		if a.w.buttons[c.verb] == nil {
			t.Errorf("%s has no button", c.verb)
		}
	}
	if len(a.w.buttons) != n || n < 20 {
		t.Errorf("%d buttons for %d commands with one", len(a.w.buttons), n)
	}
	a.scene.frameAll(a.st) // the first framing, as the first frame does
	for _, tg := range a.w.toggles {
		before := tg.cmd.on(a)
		a.runVerb(tg.cmd.verb)
		a.w.sync(a.st)
		if tg := toggleOf(a.w, tg.cmd.verb); tg.on == before || (tg.b.Image() == a.kit.on) != tg.on {
			t.Errorf("%s: on %v after the button, was %v", tg.cmd.verb, tg.on, before)
		}
	}
	if got := a.w.buttons["loop"].Text().Label; got != "Loop" {
		t.Errorf("loop's button says %q", got)
	}
	if got := a.w.buttons["play-pause"].Text().Label; got != "Pause" && got != "Play" {
		t.Errorf("play's button says %q", got)
	}
}

// toggleOf is the toggle of command verb's button (nil for none).
func toggleOf(w *widgets, verb string) *toggle {
	for i := range w.toggles {
		if w.toggles[i].cmd.verb == verb {
			return &w.toggles[i]
		}
	}
	return nil
}

// TestClipCameraWithoutCamera: C on a clip without a camera says so
// (issue 33, item 9: it said nothing) and changes no view.
func TestClipCameraWithoutCamera(t *testing.T) {
	a := newTestApp(t)
	a.runVerb("clip-camera")
	if n := a.st.Messages().Notice(); n != "this clip has no camera" {
		t.Errorf("notice %q", n)
	}
}

// TestSuitButtonForSimsOnly: the Suit button shows for a file of The
// Sims only (issue 33, item 9: it showed for every format).
func TestSuitButtonForSimsOnly(t *testing.T) {
	for _, c := range []struct {
		format string
		want   widget.Visibility
	}{{"", widget.Visibility_Hide}, {"sims-cmx", widget.Visibility_Show}, {"lego-ani", widget.Visibility_Hide}} {
		open := func(string) (*formats.Asset, error) {
			a := demo.New()
			if c.format != "" {
				a.Format = c.format
			}
			return a, nil
		}
		a := newApp(t, Options{Path: demo.Name, Open: open})
		a.w.sync(a.st)
		if v := a.w.buttons["suit-list"].GetWidget().GetVisibility(); v != c.want {
			t.Errorf("format %q: Suit button visibility %v, want %v", a.st.Asset().Format, v, c.want)
		}
	}
}
