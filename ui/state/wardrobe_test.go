package state

import (
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
)

// TestWardrobe: the picker cycles through none and each suit, round,
// both ways; finds a suit by file name (any case, with or without the
// extension) or index; wearing swaps the asset and keeps playback; a new
// file forgets the suits.
func TestWardrobe(t *testing.T) {
	a := assets.Demo()
	s := New("skill.cmx", a)
	w := s.Wardrobe()
	s.Playback().Seek(0.25)
	w.SetSuits([]string{"/d/a.cmx", "/d/B.bcf"}, []string{"a.cmx", "B.bcf"}, -1)
	for _, tc := range []struct{ worn, d, want int }{
		{-1, 1, 0}, {0, 1, 1}, {1, 1, -1}, {-1, -1, 1}, {0, -1, -1}, {1, 5, 0},
	} {
		w.worn = tc.worn
		if got := w.Next(tc.d); got != tc.want {
			t.Errorf("worn %d, Next(%d) = %d, want %d", tc.worn, tc.d, got, tc.want)
		}
	}
	w.worn = -1
	for name, want := range map[string]int{"b": 1, "b.BCF": 1, "A": 0, "0": 0, "1": 1, "none": -1} {
		if got, ok := w.Find(name); !ok || got != want {
			t.Errorf("Find(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
	for _, name := range []string{"c", "2", "-1", ""} {
		if _, ok := w.Find(name); ok {
			t.Errorf("Find(%q) found a suit", name)
		}
	}
	dressed := *a
	dressed.Meshes = []*formats.Mesh{{Name: "suit"}}
	dressed.Warnings = []string{"a skin is missing"}
	w.Wear(1, &dressed)
	if s.Asset() != &dressed || w.Label() != "B" || s.Playback().Time() != 0.25 || len(s.Messages().Warnings()) != 1 {
		t.Errorf("wearing B: asset %p (want %p), label %q, time %g, warnings %q", s.Asset(), &dressed, w.Label(), s.Playback().Time(), s.Messages().Warnings())
	}
	w.Wear(-1, nil)
	if s.Asset() != &dressed {
		t.Error("Wear with no asset changed the asset")
	}
	w.Wear(-1, a)
	if s.Asset() != a || w.Label() != "none" || w.Dressed(1) != &dressed {
		t.Errorf("none: asset %p (want %p), label %q", s.Asset(), a, w.Label())
	}
	s.SetAsset("other.cmx", a)
	if w.Listed() || len(w.Suits()) != 0 || w.Worn() != -1 {
		t.Error("a new file kept the suits")
	}
}
