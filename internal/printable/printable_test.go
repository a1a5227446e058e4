package printable

import "testing"

// TestEscape: control characters come out as Go's quoted-string escapes
// (the forms strconv.Quote uses), printable text as it is.
func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, str, msg string }{
		{"hips", "hips", "hips"},
		{`C:\Games\walk.anim`, `C:\Games\walk.anim`, `C:\Games\walk.anim`},
		{"Kopf äöü 頭", "Kopf äöü 頭", "Kopf äöü 頭"},
		{"\x1b[2J\x1b[31mred", `\x1b[2J\x1b[31mred`, `\x1b[2J\x1b[31mred`},
		{"a\rb", `a\rb`, `a\rb`},
		{"a\nb\tc", `a\nb\tc`, "a\nb\tc"},
		{"bell\x07 del\x7f\b\f\v", `bell\a del\x7f\b\f\v`, `bell\a del\x7f\b\f\v`},
		{"csi\u009b2J", `csi\u009b2J`, `csi\u009b2J`},
		{"bad\xffbyte", `bad\xffbyte`, `bad\xffbyte`},
		{"", "", ""},
	} {
		if got := String(tc.in); got != tc.str {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.str)
		}
		if got := Message(tc.in); got != tc.msg {
			t.Errorf("Message(%q) = %q, want %q", tc.in, got, tc.msg)
		}
	}
}
