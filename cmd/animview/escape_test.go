package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/prime/primetest"
)

// TestControlCharactersEscaped is issue 35's item 9: bone, event and file
// names holding terminal escapes (clear the screen, recolour, set the
// window title, return to the line's start) come out escaped in every
// text output, info, list, a batch's progress lines and summary, and
// errors, never raw. The fixture is the Prime demo triple from our own
// writers with its names changed.
func TestControlCharactersEscaped(t *testing.T) {
	const (
		bone  = "\x1b[2J\x1b[31mroot\r"
		event = "\x1b]0;pwned\x07Chirp"
		file  = "bad\x1b[31m.anim"
	)
	anim, _, _, err := primetest.Files()
	if err != nil {
		t.Fatal(err)
	}
	c := primetest.CINF()
	c.Names[0].Name = bone
	cinf, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	e := primetest.EVNT()
	e.Sounds[0].Name = event
	evnt, err := e.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{
		primetest.ANIMName: anim, primetest.CINFName: cinf, primetest.EVNTName: evnt,
		file: []byte("not an animation"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	animPath := filepath.Join(dir, primetest.ANIMName)
	// raw finds a control character other than the program's own line
	// breaks (and list's tabs).
	raw := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f })
	}
	for _, tc := range []struct {
		args []string
		want []string // escaped forms the output must show
	}{
		{[]string{"info", animPath}, []string{`\x1b[2J\x1b[31mroot\r`, `\x1b]0;pwned\aChirp`}},
		{[]string{"list", dir}, []string{`bad\x1b[31m.anim`}},
		{[]string{"info", filepath.Join(dir, file)}, []string{`bad\x1b[31m.anim`}},
		{[]string{"export", dir, "-o", filepath.Join(t.TempDir(), "out") + "/", "--all", "--jobs", "1"}, []string{`bad\x1b[31m.anim`}},
	} {
		stdout, stderr, _ := runCLI(t, tc.args...)
		all := stdout + stderr
		if raw(all) {
			t.Errorf("%v: raw control characters in the output:\n%q", tc.args, all)
		}
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%v: output does not show %s:\n%s", tc.args, w, all)
			}
		}
	}
}
