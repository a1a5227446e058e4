package ui

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The help overlay and the README's key and action tables, written from
// the command table.

// keyNames are the keys whose name is not ebiten's.
var keyNames = map[ebiten.Key]string{
	ebiten.KeyArrowLeft: "←", ebiten.KeyArrowRight: "→", ebiten.KeyArrowUp: "↑", ebiten.KeyArrowDown: "↓",
	ebiten.KeyPageUp: "PgUp", ebiten.KeyPageDown: "PgDn", ebiten.KeyBracketLeft: "[", ebiten.KeyBracketRight: "]",
	ebiten.KeyEqual: "+", ebiten.KeyMinus: "-", ebiten.KeyNumpadAdd: "numpad +", ebiten.KeyNumpadSubtract: "numpad -",
	ebiten.KeySlash: "?", ebiten.KeyEscape: "Esc", ebiten.KeyComma: ",", ebiten.KeyPeriod: ".",
}

// keyName is how the help and the README name a key: its symbol, "PgUp",
// "1" for Digit1, "numpad 1", else ebiten's name.
func keyName(k ebiten.Key) string {
	if n, ok := keyNames[k]; ok {
		return n
	}
	n := k.String()
	if d, ok := strings.CutPrefix(n, "Digit"); ok {
		return d
	}
	if d, ok := strings.CutPrefix(n, "Numpad"); ok {
		return "numpad " + d
	}
	return n
}

// modName prefixes a key with its modifiers, "Ctrl + " (sep " + ") or
// "Ctrl+" (sep "+").
func modName(m modifier, sep string) string {
	s := ""
	if m&modCtrl != 0 {
		s += "Ctrl" + sep
	}
	if m&modShift != 0 {
		s += "Shift" + sep
	}
	return s
}

// docLine is one line of the help or the key table: a command and the
// ones that pair with it (← / →).
type docLine []*command

// docLines groups the table's rows into lines.
func docLines(cmds []command) []docLine {
	var out []docLine
	for i := range cmds {
		c := &cmds[i]
		if c.pairs && len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], c)
			continue
		}
		out = append(out, docLine{c})
	}
	return out
}

// input names what runs the line's commands: the mouse, then the keys. A
// line of pairs zips their keys ("[ / ], PgUp / PgDn"); a command whose
// keys pass arguments lists each argument's keys in turn ("1, numpad 1 /
// 3, numpad 3"). Compact (the help) is shorter: keys joined by spaces,
// and no numpad key beside the same main key ("[ ] PgUp PgDn", "1 3 7").
func (l docLine) input(compact bool) string {
	sep, alt, mod := ", ", " / ", " + "
	if compact {
		sep, alt, mod = " ", " ", "+"
	}
	var keys string
	if len(l) == 1 {
		var runs, cur []string
		bs := l[0].shownKeys(compact)
		for i, b := range bs {
			if i > 0 && strings.Join(b.args, " ") != strings.Join(bs[i-1].args, " ") {
				runs, cur = append(runs, strings.Join(cur, sep)), nil
			}
			cur = append(cur, modName(b.mods, mod)+keyName(b.key))
		}
		if len(cur) > 0 {
			runs = append(runs, strings.Join(cur, sep))
		}
		keys = strings.Join(runs, alt)
	} else {
		// The i-th keys of each command, under one prefix when their
		// modifiers agree: "Shift + ← / →".
		rows := make([][]binding, len(l))
		for j, c := range l {
			rows[j] = c.shownKeys(compact)
		}
		var zipped []string
		for i := range rows[0] {
			var names []string
			for j := range rows {
				if i >= len(rows[j]) {
					continue
				}
				b := rows[j][i]
				n := keyName(b.key)
				if j == 0 || b.mods != rows[0][i].mods {
					n = modName(b.mods, mod) + n
				}
				names = append(names, n)
			}
			zipped = append(zipped, strings.Join(names, alt))
		}
		keys = strings.Join(zipped, sep)
	}
	var parts []string
	m := l[0].mouse
	if compact && l[0].mouseHelp != "" {
		m = l[0].mouseHelp
	}
	if m != "" {
		parts = append(parts, m)
	}
	if keys != "" {
		parts = append(parts, keys)
	}
	return strings.Join(parts, ", ")
}

// shownKeys are the command's key bindings as the help or the README
// name them: compact leaves out a numpad key whose main key does the
// same.
func (c *command) shownKeys(compact bool) []binding {
	if !compact {
		return c.keys
	}
	var out []binding
	for _, b := range c.keys {
		if d, ok := strings.CutPrefix(keyName(b.key), "numpad "); ok && c.hasKey(d, b) {
			continue
		}
		out = append(out, b)
	}
	return out
}

// hasKey reports whether the command has a key named name with b's
// modifiers and arguments.
func (c *command) hasKey(name string, b binding) bool {
	for _, o := range c.keys {
		if keyName(o.key) == name && o.mods == b.mods && strings.Join(o.args, " ") == strings.Join(b.args, " ") {
			return true
		}
	}
	return false
}

// helpItems are the help overlay's entries, "Space: play / pause", one for
// each line of the table with keys or a mouse input.
func helpItems(cmds []command) []string {
	var out []string
	for _, l := range docLines(cmds) {
		if in := l.input(true); in != "" {
			out = append(out, in+": "+l[0].help)
		}
	}
	return out
}

// keyTable is the README's table of inputs.
func keyTable(cmds []command) string {
	var b strings.Builder
	b.WriteString("| input | action |\n|---|---|\n")
	for _, l := range docLines(cmds) {
		in := l.input(false)
		if in == "" {
			continue
		}
		d := l[0].keyDoc
		if d == "" {
			d = l[0].doc
		}
		b.WriteString(cells(in, d))
	}
	return b.String()
}

// actionTable is the README's table of --actions verbs.
func actionTable(cmds []command) string {
	var b strings.Builder
	b.WriteString("| action | what it does | input |\n|---|---|---|\n")
	for i := range cmds {
		c := &cmds[i]
		v := c.verb
		if c.args != "" {
			v += " " + c.args
		}
		var in []string
		if c.mouse != "" {
			in = append(in, c.mouse)
		}
		for _, k := range c.keys {
			n := modName(k.mods, " + ") + keyName(k.key)
			if len(k.args) > 0 {
				n += " (" + strings.Join(k.args, " ") + ")"
			}
			in = append(in, n)
		}
		switch {
		case c.buttonDoc != "":
			in = append(in, "*"+c.buttonDoc+"* button")
		case c.button != "":
			in = append(in, "*"+c.button+"* button")
		}
		b.WriteString(cells("`"+v+"`", c.doc, strings.Join(in, ", ")))
	}
	return b.String()
}

// cells is a row of a Markdown table, its pipes escaped.
func cells(cs ...string) string {
	for i, c := range cs {
		cs[i] = strings.ReplaceAll(c, "|", `\|`)
	}
	return "| " + strings.Join(cs, " | ") + " |\n"
}
