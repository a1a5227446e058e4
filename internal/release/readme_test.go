package release

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestUserREADME: each archive's README is written for its system, holds
// the keys table of the developers' README, and has no link or picture
// that points into the source tree (issue 32: the archives carried the
// developers' README, with 15 links to docs/ and pictures not in them).
func TestUserREADME(t *testing.T) {
	dev, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	relative := regexp.MustCompile(`\]\((?:[^h)#]|h[^t])[^)]*\)|<img |!\[`)
	for _, tg := range Targets() {
		b, err := UserREADME(tg, "1.2.0", dev)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if m := relative.FindString(s); m != "" {
			t.Errorf("%s: a link or picture that the archive cannot follow: %q", tg, m)
		}
		if strings.Contains(s, "{{") {
			t.Errorf("%s: a placeholder is left", tg)
		}
		for _, must := range []string{"| Space | play / pause", "THIRD_PARTY_LICENSES", "https://github.com/animview/animview", "1.2.0"} {
			if !strings.Contains(s, must) {
				t.Errorf("%s: README lacks %q", tg, must)
			}
		}
		want := map[string]string{"windows": "SmartScreen", "darwin": "com.apple.quarantine", "linux": "libgl1"}[tg.OS]
		if !strings.Contains(s, want) {
			t.Errorf("%s: README does not say %q", tg, want)
		}
	}
	if _, err := UserREADME(Target{"linux", "amd64"}, "1", []byte("# no keys\n")); err == nil {
		t.Error("a README without the keys table was accepted")
	}
}
