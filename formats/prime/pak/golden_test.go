package pak

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
)

var update = flag.Bool("update", false, "rewrite testdata from the writers (go test -run TestGolden -update)")

// TestGolden keeps the committed sample PAKs (the demo character set, MP1
// with zlib entries and MP2 with LZO segments, one loose animation each;
// DemoSet without the characters' models, SkinnedSet with them,
// TexturedSet with textured models and their TXTRs) equal to
// what the writers produce, and checks that they open: DemoSet with one
// warning, for the model its character names and it lacks.
func TestGolden(t *testing.T) {
	for _, game := range []prime.Game{prime.MP1, prime.MP2} {
		for _, set := range []struct {
			name   string
			pak    func(testing.TB, prime.Game, int, int) []byte
			meshes int
		}{{"DemoSet", demoPAK, 0}, {"SkinnedSet", skinnedPAK, 1}, {"TexturedSet", texturedPAK, 1}} {
			want := set.pak(t, game, 1, 0)
			path := filepath.Join("testdata", set.name+"-"+game.String()+".pak")
			if *update {
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the writers' output (run go test -run TestGolden -update)", path)
			}
			a, err := Load(&formats.Input{Name: filepath.Base(path), Data: got})
			if err != nil {
				t.Fatal(err)
			}
			warns := len(a.Warnings)
			if set.meshes == 0 && warns == 1 && strings.HasPrefix(a.Warnings[0], "CMDL 0C0D0E0F is missing") {
				warns = 0
			}
			if len(a.Entries) != 3 || len(a.Clips) != 3 || warns != 0 || len(a.Meshes) != set.meshes {
				t.Errorf("%s: %d entries, %d clips, %d meshes, warnings %q", path, len(a.Entries), len(a.Clips), len(a.Meshes), a.Warnings)
			}
			if set.name == "TexturedSet" && (a.Meshes[0].Materials[0].Texture == nil || a.Meshes[0].Materials[1].Texture == nil) {
				t.Errorf("%s: a material lacks its texture", path)
			}
		}
	}
}
