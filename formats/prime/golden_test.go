package prime

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
)

var update = flag.Bool("update", false, "rewrite testdata from the writers (go test -run TestGolden -update)")

// TestGolden keeps the committed demo triple in testdata equal to what the
// writers produce, and checks that the folder opens as a whole.
func TestGolden(t *testing.T) {
	anim, cinf, evnt, err := DemoFiles()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{DemoANIMName: anim, DemoCINFName: cinf, DemoEVNTName: evnt}
	for name, want := range files {
		path := filepath.Join("testdata", name)
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
	}
	in := &formats.Input{Name: DemoANIMName, Data: anim, Siblings: formats.FSResolver{FS: os.DirFS("testdata")}}
	a, err := formats.NewRegistry(Loaders()...).Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeleton.Bones) != len(DemoBonePositions()) || len(a.Clips[0].Events) != 5 || len(a.Warnings) != 0 {
		t.Errorf("testdata opens with %d bones, %d events, warnings %q",
			len(a.Skeleton.Bones), len(a.Clips[0].Events), a.Warnings)
	}
}
