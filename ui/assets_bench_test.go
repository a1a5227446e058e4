package ui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/open"
)

// BenchmarkProbeContainer probes every entry of a container as the asset
// list does (the prober, probeRow): a LEGO Island SI and a Prime PAK of
// the project's fixtures, and the PAK that ANIMVIEW_PROBE_PAK names
// (formats/prime/pak's TestWriteBigPAK writes one of many entries).
func BenchmarkProbeContainer(b *testing.B) {
	paths := []string{
		filepath.Join("..", "formats", "lego", "testdata", "minifig.si"),
		filepath.Join("..", "formats", "prime", "pak", "testdata", "DemoSet-mp1.pak"),
	}
	if p := os.Getenv("ANIMVIEW_PROBE_PAK"); p != "" {
		paths = append(paths, p)
	}
	for _, path := range paths {
		a0, err := open.Path(path, open.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(path), func(b *testing.B) {
			a := &App{env: env{tools: tools{opt: &Options{}}}}
			for b.Loop() {
				probe := a.prober()
				for _, e := range a0.Entries {
					if r := probeRow(assetItem{name: e.Name, container: path}, probe); r.Cells[1] == "" {
						b.Fatalf("%s: %q", e.Name, r.Cells)
					}
				}
			}
		})
	}
}
