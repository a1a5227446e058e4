package report

import (
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestTreeDurations checks info's animation durations against the
// player's trees: a Random node lasts as long as the child the seed draws
// (CRandom16 seeded 0 first draws 1, past a first threshold of 0, so the
// second child), the children it did not draw are measured too, and a
// tree the player cannot build falls back to the listing rule with the
// reason in the warnings.
func TestTreeDurations(t *testing.T) {
	clip := func(name string, d float64) *formats.Clip {
		return &formats.Clip{Name: name, Duration: d, Loop: true, Tracks: make([]formats.BoneTracks, 1)}
	}
	play := func(c int, name string) *formats.MetaAnim {
		return &formats.MetaAnim{Kind: formats.MetaPlay, Clip: c, Prim: uint32(c), Name: name}
	}
	rnd := &formats.MetaAnim{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{play(0, "long"), play(1, "short")},
		Probabilities: []uint32{0, 100}}
	seq := &formats.MetaAnim{Kind: formats.MetaSequence, Children: []*formats.MetaAnim{play(1, "short"), play(0, "long")}}
	broken := &formats.MetaAnim{Kind: formats.MetaBlend, Children: []*formats.MetaAnim{play(0, "long")}}
	missing := play(-1, "gone")
	set := &formats.AnimSet{DefaultTransition: formats.MetaTrans{Kind: formats.MetaTransSnap},
		Animations: []formats.SetAnim{{Name: "rand", Tree: rnd}, {Name: "seq", Tree: seq}, {Name: "broken", Tree: broken}, {Name: "missing", Tree: missing}}}
	ch := formats.Character{Name: "c", Skeleton: 0}
	for i, sa := range set.Animations {
		ch.Animations = append(ch.Animations, formats.CharacterAnim{Name: sa.Name, Meta: sa.Tree, Clip: -1, SetIndex: i})
	}
	sk := &formats.Skeleton{Bones: []formats.Bone{{Name: "root", Parent: -1, Bind: formats.Identity()}}}
	a := &formats.Asset{Skeleton: sk, Skeletons: []*formats.Skeleton{sk}, Clips: []*formats.Clip{clip("long", 2), clip("short", 0.5)},
		AnimSet: set, Characters: []formats.Character{ch, ch}}

	var warns []string
	chars, _, _ := characters(a, &warns)
	tests := []struct {
		name     string
		duration float64
		player   bool
	}{
		{"rand", 0.5, true},
		{"seq", 2.5, true},
		{"broken", 2, false}, // listing rule: the longer child
		{"missing", 0, false},
	}
	for i, tt := range tests {
		an := chars[0].Animations[i]
		if an.Name != tt.name || an.Duration != tt.duration {
			t.Errorf("%s: duration %v, want %v", an.Name, an.Duration, tt.duration)
		}
		if tt.player != (an.DurationSeed != nil && *an.DurationSeed == 0 && strings.HasPrefix(an.DurationRule, "player")) {
			t.Errorf("%s: seed %v, rule %q", an.Name, an.DurationSeed, an.DurationRule)
		}
		if !tt.player && (an.DurationSeed != nil || !strings.HasPrefix(an.DurationRule, "listing") || an.Tree.DurationRule == "") {
			t.Errorf("%s: fallback not marked: seed %v, rule %q, tree rule %q", an.Name, an.DurationSeed, an.DurationRule, an.Tree.DurationRule)
		}
	}
	r := chars[0].Animations[0].Tree
	if r.Drawn == nil || *r.Drawn != 1 || r.Duration != 0.5 {
		t.Errorf("random: drawn %v, duration %v", r.Drawn, r.Duration)
	}
	// The child the seed did not draw is measured by the player too.
	if c := r.Children[0]; c.Duration != 2 || c.DurationRule != "" {
		t.Errorf("undrawn child: duration %v, rule %q", c.Duration, c.DurationRule)
	}
	// Two characters share the set: one warning per animation that
	// cannot be built, naming the player's reason.
	if len(warns) != 2 || !strings.Contains(warns[0], "entry 2") || !strings.Contains(warns[0], "Blend with 1 children") ||
		!strings.Contains(warns[1], "entry 3") || !strings.Contains(warns[1], "has no clip") {
		t.Errorf("warnings %q", warns)
	}
}
