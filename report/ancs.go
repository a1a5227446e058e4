package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// This file describes character sets: each character's animations with
// their meta-animation trees, and the set's transitions.

// CharAnim is an animation of a character.
type CharAnim struct {
	Name string `json:"name"`
	// Index is the animation-set index (-1 without a set).
	Index int `json:"index"`
	// Clip is the clip the animation plays when it has no tree.
	Clip     *int    `json:"clip,omitempty"`
	Duration float64 `json:"duration"`
	// DurationRule says how Duration was computed; DurationSeed is the
	// seed the tree's Random nodes were drawn with (a tree's duration
	// depends on the draw).
	DurationRule string  `json:"duration_rule,omitempty"`
	DurationSeed *uint32 `json:"duration_seed,omitempty"`
	Tree         *Tree   `json:"tree,omitempty"`
}

// Tree is a node of a meta-animation tree.
type Tree struct {
	// Kind is the node's kind as formats.MetaKind's text (MarshalText).
	Kind formats.MetaKind `json:"kind"`
	// Play.
	Clip      *int     `json:"clip,omitempty"`
	AnimID    string   `json:"anim_id,omitempty"`
	Primitive *uint32  `json:"primitive,omitempty"`
	Name      string   `json:"name,omitempty"`
	StartTime float64  `json:"start_time,omitempty"`
	Missing   bool     `json:"missing,omitempty"`
	Weight    *float32 `json:"weight,omitempty"`
	Flag      uint8    `json:"flag,omitempty"`
	// Thresholds are a Random node's cumulative percent values; Percent
	// is each child's own chance (the difference to the previous one).
	Thresholds []uint32 `json:"thresholds,omitempty"`
	Percent    []uint32 `json:"percent,omitempty"`
	// Drawn is the child a Random node drew when the tree was built with
	// the animation's duration_seed.
	Drawn    *int    `json:"drawn,omitempty"`
	Duration float64 `json:"duration"`
	// DurationRule is set on nodes the player did not build (transitions'
	// middle animations, trees that cannot be built): their Duration
	// follows ListingRule.
	DurationRule string  `json:"duration_rule,omitempty"`
	Children     []*Tree `json:"children,omitempty"`
}

// MetaTrans is how one animation gives way to the next.
type MetaTrans struct {
	Kind     string  `json:"kind"`
	Duration float64 `json:"duration,omitempty"`
	RunA     bool    `json:"run_a,omitempty"`
	Flags    uint32  `json:"flags,omitempty"`
	Anim     *Tree   `json:"anim,omitempty"`
}

// Transition is an entry of the animation set's (from, to) table.
type Transition struct {
	ID    uint32    `json:"id"`
	From  uint32    `json:"from"`
	To    uint32    `json:"to"`
	Trans MetaTrans `json:"trans"`
}

// HalfTransition is an entry of the set's half-transition table.
type HalfTransition struct {
	To    uint32    `json:"to"`
	Trans MetaTrans `json:"trans"`
}

// Additive is an additive animation's fades.
type Additive struct {
	Anim    uint32  `json:"anim"`
	FadeIn  float32 `json:"fade_in"`
	FadeOut float32 `json:"fade_out"`
}

// AnimSet is the set's tables other than the transition table.
type AnimSet struct {
	TableCount        int              `json:"table_count"`
	DefaultTransition MetaTrans        `json:"default_transition"`
	HalfTransitions   []HalfTransition `json:"half_transitions"`
	Additive          []Additive       `json:"additive"`
	DefaultAdditive   Additive         `json:"default_additive"`
}

// DurationSeed seeds the Random draws of the trees built for durations.
const DurationSeed uint32 = 0

// PlayerRule is the duration rule of animations whose tree the player
// built.
const PlayerRule = "player: Duration of the tree player.BuildAnim builds with duration_seed (a Random node lasts as long as the child it draws; a Sequence includes its joins)"

// ListingRule is the duration rule of nodes the player did not build: a
// transition's middle animation, or a tree the player cannot build (the
// reason is in the warnings).
const ListingRule = "listing rule (not built by the player): " + player.ListingRule

// tree describes a tree; tt, when not nil, holds the player's durations
// and draws, and nodes it lacks follow ListingRule.
func tree(m *formats.MetaAnim, clips []*formats.Clip, tt *player.TreeTiming, depth int) *Tree {
	if m == nil || depth > 64 {
		return nil
	}
	t := &Tree{Kind: m.Kind}
	if d, ok := tt.Node(m); ok {
		t.Duration = d
	} else {
		t.Duration, t.DurationRule = player.ListingDuration(m, clips), ListingRule
	}
	if c, ok := tt.Drawn(m); ok {
		t.Drawn = &c
	}
	switch m.Kind {
	case formats.MetaPlay:
		clip, prim := m.Clip, m.Prim
		t.Clip, t.Primitive = &clip, &prim
		t.AnimID = fmt.Sprintf("%08X", uint32(m.AnimID))
		t.Name, t.StartTime = m.Name, m.StartTime
		t.Missing = m.Clip < 0
	case formats.MetaBlend, formats.MetaPhaseBlend:
		w := m.Weight
		t.Weight, t.Flag = &w, m.Flag
	case formats.MetaRandom:
		t.Thresholds = m.Probabilities
		var prev uint32
		for _, p := range m.Probabilities {
			if p >= prev {
				t.Percent = append(t.Percent, p-prev)
				prev = p
			} else {
				t.Percent = append(t.Percent, 0)
			}
		}
	}
	for _, c := range m.Children {
		t.Children = append(t.Children, tree(c, clips, tt, depth+1))
	}
	return t
}

func metaTrans(t formats.MetaTrans, clips []*formats.Clip) MetaTrans {
	return MetaTrans{Kind: t.Kind.String(), Duration: t.Duration, RunA: t.RunA, Flags: t.Flags, Anim: tree(t.Anim, clips, nil, 0)}
}

// characters describes every character and, when the asset has one, the
// animation set's tables. Trees the player cannot build add a warning to
// warns.
func characters(a *formats.Asset, warns *[]string) ([]Character, *AnimSet, []Transition) {
	out := make([]Character, 0, len(a.Characters))
	// Characters share the set: each animation is built once.
	timings := map[int]*player.TreeTiming{}
	timingOf := func(setIndex int) *player.TreeTiming {
		if tt, ok := timings[setIndex]; ok {
			return tt
		}
		tt, err := player.MeasureAnim(a, setIndex, DurationSeed)
		if err != nil {
			*warns = append(*warns, fmt.Sprintf("animation set entry %d: duration by the listing rule: %v", setIndex, err))
		}
		timings[setIndex] = tt
		return tt
	}
	for _, ch := range a.Characters {
		jc := Character{ID: ch.ID, Name: ch.Name, Version: ch.Version, Skeleton: ch.Skeleton,
			Animations: make([]CharAnim, 0, len(ch.Animations)), Info: kvs(ch.Info)}
		if ch.SkeletonID != 0 {
			jc.SkeletonID = fmt.Sprintf("%08X", ch.SkeletonID)
		}
		for _, an := range ch.Animations {
			ja := CharAnim{Name: an.Name, Index: an.SetIndex}
			switch {
			case an.Meta != nil:
				var tt *player.TreeTiming
				if a.AnimSet != nil && an.SetIndex >= 0 && an.SetIndex < len(a.AnimSet.Animations) &&
					a.AnimSet.Animations[an.SetIndex].Tree == an.Meta {
					tt = timingOf(an.SetIndex)
				}
				ja.Tree = tree(an.Meta, a.Clips, tt, 0)
				ja.Duration, ja.DurationRule = ja.Tree.Duration, ListingRule
				if tt != nil {
					seed := tt.Seed
					ja.Duration, ja.DurationRule, ja.DurationSeed = tt.Duration, PlayerRule, &seed
				}
			case an.Clip >= 0 && an.Clip < len(a.Clips):
				c := an.Clip
				ja.Clip, ja.Duration = &c, a.Clips[c].Duration
			}
			jc.Animations = append(jc.Animations, ja)
		}
		out = append(out, jc)
	}
	s := a.AnimSet
	if s == nil {
		return out, nil, nil
	}
	trans := make([]Transition, 0, len(s.Transitions))
	js := &AnimSet{
		TableCount:        s.TableCount,
		DefaultTransition: metaTrans(s.DefaultTransition, a.Clips),
		HalfTransitions:   make([]HalfTransition, 0, len(s.HalfTransitions)),
		Additive:          make([]Additive, 0, len(s.Additive)),
		DefaultAdditive:   Additive{FadeIn: s.DefaultAdditive.FadeIn, FadeOut: s.DefaultAdditive.FadeOut},
	}
	for _, t := range s.Transitions {
		trans = append(trans, Transition{ID: t.ID, From: t.From, To: t.To, Trans: metaTrans(t.Trans, a.Clips)})
	}
	for _, h := range s.HalfTransitions {
		js.HalfTransitions = append(js.HalfTransitions, HalfTransition{To: h.To, Trans: metaTrans(h.Trans, a.Clips)})
	}
	for _, ad := range s.Additive {
		js.Additive = append(js.Additive, Additive{Anim: ad.Anim, FadeIn: ad.Fade.FadeIn, FadeOut: ad.Fade.FadeOut})
	}
	return out, js, trans
}

// treeText writes a tree on one line: play "walk", blend 0.3 (A, B),
// random 70/30% (A, B), sequence (A, B).
func treeText(b *strings.Builder, t *Tree) {
	if t == nil {
		b.WriteString("?")
		return
	}
	switch t.Kind {
	case formats.MetaPlay:
		fmt.Fprintf(b, "play %q", t.Name)
		if t.Missing {
			fmt.Fprintf(b, " (ANIM %s missing)", t.AnimID)
		}
		return
	case formats.MetaBlend, formats.MetaPhaseBlend:
		fmt.Fprintf(b, "%s %s", kindText(t.Kind), strconv.FormatFloat(float64(*t.Weight), 'g', -1, 32))
	case formats.MetaRandom:
		parts := make([]string, len(t.Percent))
		for i, p := range t.Percent {
			parts[i] = strconv.Itoa(int(p))
		}
		fmt.Fprintf(b, "random %s%%", strings.Join(parts, "/"))
	default:
		b.WriteString(kindText(t.Kind))
	}
	b.WriteString(" (")
	for i, c := range t.Children {
		if i > 0 {
			b.WriteString(", ")
		}
		treeText(b, c)
	}
	b.WriteString(")")
}

func writeCharAnims(b *strings.Builder, anims []CharAnim) {
	for _, an := range anims {
		fmt.Fprintf(b, "  %d %q %.4g s", an.Index, an.Name, an.Duration)
		if an.Tree != nil {
			b.WriteString(": ")
			treeText(b, an.Tree)
		}
		b.WriteString("\n")
	}
}

// kindText is a node kind's report name (formats.MetaKind.MarshalText).
func kindText(k formats.MetaKind) string {
	b, _ := k.MarshalText()
	return string(b)
}
