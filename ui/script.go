package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// runScript carries out the action script up to its next "wait". State
// actions go through state.Apply; the rest through the same methods the
// mouse and keys use. A failing action is shown as the window's error and
// logged, and the script goes on.
func (a *App) runScript() {
	if a.rec.hold {
		return // a record-gif holds the script until its file is written
	}
	if a.scriptWait > 0 {
		a.scriptWait--
		return
	}
	for len(a.script) > 0 {
		act := a.script[0]
		a.script = a.script[1:]
		if err := a.apply(act); err != nil {
			a.st.Err = "action " + act.String() + ": " + err.Error()
			a.opt.Log(a.st.Err)
		}
		if a.scriptWait > 0 || a.rec.hold {
			return
		}
	}
}

// apply carries out one action.
func (a *App) apply(act state.Action) error {
	err := a.st.Apply(act)
	if err == nil {
		// Lists and the framing follow what the action changed.
		switch act.Verb {
		case "clip", "next-clip", "prev-clip":
			a.clipChanged()
		case "hide-bone", "show-bone", "hide-subtree", "show-all":
			a.refreshBoneLabels()
		case "select-bone":
			a.scrollToBone(a.st.Selected)
		}
		return nil
	}
	if !errors.Is(err, state.ErrNotState) {
		return err
	}
	switch act.Verb {
	case "next-clip", "prev-clip":
		a.stepClip(map[bool]int{true: 1, false: -1}[act.Verb == "next-clip"])
	case "open":
		a.open(act.Args[0])
		a.frameAll()
	case "entry":
		a.openEntry(act.Args[0])
	case "key":
		k, shift, ctrl, err := parseKey(act.Args[0])
		if err != nil {
			return err
		}
		a.press(k, shift, ctrl)
	case "click":
		x, err1 := strconv.Atoi(act.Args[0])
		y, err2 := strconv.Atoi(act.Args[1])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("click wants pixel coordinates X Y")
		}
		a.click(x, y)
	case "wait":
		n, err := strconv.Atoi(act.Args[0])
		if err != nil || n < 0 {
			return fmt.Errorf("wait wants a frame count")
		}
		a.scriptWait = n
	case "frame-all":
		a.frameAll()
	case "record-gif":
		a.recordGIF()
		a.rec.hold = a.rec.cur != nil
	case "zoom-bone":
		a.zoomToSelected()
	default:
		return err
	}
	return nil
}

// parseKey reads "space", "shift+left", "ctrl+o", "numpad3", "F12": ebiten's
// key names, case-insensitive, with "left" for "ArrowLeft" and "1" for
// "Digit1", after optional shift+ and ctrl+.
func parseKey(s string) (k ebiten.Key, shift, ctrl bool, err error) {
	parts := strings.Split(strings.ToLower(s), "+")
	for _, m := range parts[:len(parts)-1] {
		switch m {
		case "shift":
			shift = true
		case "ctrl", "control":
			ctrl = true
		default:
			return 0, false, false, fmt.Errorf("key %q: unknown modifier %q", s, m)
		}
	}
	name := parts[len(parts)-1]
	for _, n := range []string{name, "arrow" + name, "digit" + name} {
		if k.UnmarshalText([]byte(n)) == nil {
			return k, shift, ctrl, nil
		}
	}
	return 0, false, false, fmt.Errorf("unknown key %q", s)
}
