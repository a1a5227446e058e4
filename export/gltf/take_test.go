package gltf

import (
	"strings"
	"testing"

	"github.com/animview/animview/formats/demo"
)

// TestTakes: every clip by default, one by name or index, and the errors
// for a missing skeleton, clip or character.
func TestTakes(t *testing.T) {
	a := demo.New()
	names := func(takes []Take) string {
		var s []string
		for _, tk := range takes {
			s = append(s, tk.Name)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct{ clip, want string }{{"", "walk idle"}, {"idle", "idle"}, {"0", "walk"}} {
		takes, warns, err := Takes(a, c.clip, "")
		if err != nil || len(warns) != 0 || names(takes) != c.want {
			t.Errorf("clip %q: takes %q, warnings %v, %v; want %q", c.clip, names(takes), warns, err, c.want)
		}
	}
	if _, _, err := Takes(a, "run", ""); err == nil {
		t.Error("clip run: no error")
	}
	if _, _, err := Takes(a, "", "Samus"); err == nil || !strings.Contains(err.Error(), "the file has no characters") {
		t.Errorf("character on a file without: %v", err)
	}
	bare := demo.New()
	bare.Skeleton = nil
	if _, _, err := Takes(bare, "", ""); err == nil || !strings.Contains(err.Error(), "no skeleton") {
		t.Errorf("no skeleton: %v", err)
	}
}
