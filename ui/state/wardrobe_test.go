package state

import (
	"testing"

	"github.com/animview/animview/formats"
	fdemo "github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/sims"
)

// TestWardrobe: the body slot cycles through none and every suit, the
// head slot through none and the heads (files named c…), round, both
// ways; finds a suit by file name (any case, with or without the
// extension) or index; wearing a body and a head swaps the asset, keeps
// playback and caches the dressing by suits and tone, and so does a
// retoned copy of the asset as opened; a new file forgets the suits and
// the tone (the picker lists them again, with --tone).
func TestWardrobe(t *testing.T) {
	a := fdemo.New()
	s := New("skill.cmx", a)
	s.Seek(0.25)
	s.SetSuits([]string{"/d/a.cmx", "/d/B.bcf", "/d/c001ma_x.cmx"}, []string{"a.cmx", "B.bcf", "c001ma_x.cmx"}, nil, sims.ToneDark)
	for _, tc := range []struct{ slot, worn, d, want int }{
		{BodySlot, -1, 1, 0}, {BodySlot, 0, 1, 1}, {BodySlot, 2, 1, -1}, {BodySlot, -1, -1, 2}, {BodySlot, 0, -1, -1}, {BodySlot, 1, 5, 2},
		{HeadSlot, -1, 1, 2}, {HeadSlot, 2, 1, -1}, {HeadSlot, -1, -1, 2},
	} {
		s.suits.worn = []int{-1, -1}
		s.suits.worn[tc.slot] = tc.worn
		if got := s.Wardrobe().Next(tc.slot, tc.d); got != tc.want {
			t.Errorf("slot %d wearing %d, Next(%d) = %d, want %d", tc.slot, tc.worn, tc.d, got, tc.want)
		}
	}
	s.suits.worn = []int{-1, -1}
	for name, want := range map[string]int{"b": 1, "b.BCF": 1, "A": 0, "0": 0, "1": 1, "none": -1} {
		if got, ok := s.Wardrobe().Find(name); !ok || got != want {
			t.Errorf("Find(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
	for _, name := range []string{"c", "3", "-1", ""} {
		if _, ok := s.Wardrobe().Find(name); ok {
			t.Errorf("Find(%q) found a suit", name)
		}
	}
	dressed := *a
	dressed.Meshes = []*formats.Mesh{{Name: "body"}, {Name: "head"}}
	dressed.Warnings = []string{"a skin is missing"}
	sim := s.Wardrobe().With(HeadSlot, 2)
	sim[BodySlot] = 1
	s.Wear(sim, sims.ToneDark, &dressed)
	if s.Asset() != &dressed || s.Wardrobe().Label() != "B + c001ma_x" || s.Playback().Time() != 0.25 || len(s.Messages().Warnings()) != 1 {
		t.Errorf("wearing B and c001ma_x: asset %p (want %p), label %q, time %g, warnings %q", s.Asset(), &dressed, s.Wardrobe().Label(), s.Playback().Time(), s.Messages().Warnings())
	}
	if got := s.Wardrobe().Paths(s.Wardrobe().With(BodySlot, 2)); len(got) != 1 || got[0] != "/d/c001ma_x.cmx" {
		t.Errorf("a suit in two slots is worn once: %q", got)
	}
	if s.Wardrobe().Dressed(sim, sims.ToneDark) != &dressed || s.Wardrobe().Dressed(sim, sims.ToneLight) != nil {
		t.Error("the dressing is cached by its suits and tone")
	}
	// None worn: the asset as opened in its own tone (dark, as given to
	// SetSuits), a retoned copy in another.
	none := []int{-1, -1}
	if s.Wardrobe().Dressed(none, sims.ToneDark) != a || s.Wardrobe().Dressed(none, sims.ToneMedium) != nil {
		t.Error("with none worn, the asset as opened is the opened tone's only")
	}
	retoned := *a
	s.Wear(none, sims.ToneMedium, &retoned)
	if s.Asset() != &retoned || s.Wardrobe().Label() != "none" || s.Wardrobe().Tone() != sims.ToneMedium || s.Wardrobe().Dressed(none, sims.ToneMedium) != &retoned {
		t.Errorf("none in medium: asset %p (want %p), label %q, tone %v", s.Asset(), &retoned, s.Wardrobe().Label(), s.Wardrobe().Tone())
	}
	s.Wear(none, sims.ToneDark, s.Wardrobe().Dressed(none, sims.ToneDark))
	if s.Asset() != a {
		t.Error("none in the opened tone is not the asset as opened")
	}
	s.SetAsset("other.cmx", a)
	if s.Wardrobe().Listed() || len(s.Wardrobe().Suits()) != 0 || s.Wardrobe().Worn(BodySlot) != -1 || s.Wardrobe().Worn(HeadSlot) != -1 || s.Wardrobe().Tone() != sims.ToneLight {
		t.Error("a new file kept the suits or the tone")
	}
}
