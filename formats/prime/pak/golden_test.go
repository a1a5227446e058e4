package pak

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
)

var update = flag.Bool("update", false, "rewrite testdata from the writers (go test -run TestGolden -update)")

// TestGolden keeps the committed sample PAKs (the demo character set, MP1
// with zlib entries and MP2 with LZO segments, one loose animation each)
// equal to what the writers produce, and checks that they open.
func TestGolden(t *testing.T) {
	for _, game := range []prime.Game{prime.MP1, prime.MP2} {
		want := demoPAK(t, game, 1, 0)
		path := filepath.Join("testdata", "DemoSet-"+game.String()+".pak")
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
		if len(a.Entries) != 3 || len(a.Clips) != 3 || len(a.Warnings) != 0 {
			t.Errorf("%s: %d entries, %d clips, warnings %q", path, len(a.Entries), len(a.Clips), a.Warnings)
		}
	}
}
