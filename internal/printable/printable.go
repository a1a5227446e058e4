// Package printable makes text taken from files safe to print on a
// terminal. A bone, clip or entry name may hold control characters: an
// ESC starting a sequence that clears or recolours the screen, a carriage
// return that overwrites the line, a newline that forges one. They are
// shown escaped as Go writes them in a quoted string (\x1b, \r, \n, \a,
// \u009b), as %q and --json already show them; a byte that is not UTF-8
// is shown as \xNN. Backslashes are left alone, so paths stay readable.
package printable

import (
	"strings"
	"unicode/utf8"
)

// String returns s with every control character escaped, tab and newline
// included: for a name or a value printed on one line or in a column.
func String(s string) string { return escape(s, false) }

// Message returns s with every control character escaped except newlines
// and tabs: for a whole message (an error, a warning) whose line breaks
// are the program's own.
func Message(s string) string { return escape(s, true) }

func escape(s string, keepLines bool) string {
	if clean(s, keepLines) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			writeHex(&b, "\\x", uint32(s[i]), 2)
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\a':
			b.WriteString(`\a`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\v':
			b.WriteString(`\v`)
		case r < 0x20 || r == 0x7f:
			writeHex(&b, "\\x", uint32(r), 2)
		case r >= 0x80 && r < 0xa0:
			writeHex(&b, "\\u", uint32(r), 4)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// clean reports whether s has nothing to escape.
func clean(s string, keepLines bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			// C1 controls and invalid bytes need decoding: check the rest
			// rune by rune.
			for _, r := range s[i:] {
				if r == utf8.RuneError || (r >= 0x80 && r < 0xa0) || r < 0x20 && !(keepLines && (r == '\n' || r == '\t')) || r == 0x7f {
					return false
				}
			}
			return true
		case c == 0x7f:
			return false
		case c < 0x20 && !(keepLines && (c == '\n' || c == '\t')):
			return false
		}
	}
	return true
}

func writeHex(b *strings.Builder, prefix string, v uint32, digits int) {
	const hex = "0123456789abcdef"
	b.WriteString(prefix)
	for d := digits - 1; d >= 0; d-- {
		b.WriteByte(hex[(v>>(4*uint(d)))&0xf])
	}
}
