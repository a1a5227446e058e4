package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// This file describes character sets for `info --json`: each character's
// animations with their meta-animation trees, and the set's transitions.

type jsonCharAnim struct {
	Name string `json:"name"`
	// Index is the animation-set index (-1 without a set).
	Index int `json:"index"`
	// Clip is the clip the animation plays when it has no tree.
	Clip     *int    `json:"clip,omitempty"`
	Duration float64 `json:"duration"`
	// DurationRule says how Duration was computed; DurationSeed is the
	// seed the tree's Random nodes were drawn with (a tree's duration
	// depends on the draw).
	DurationRule string    `json:"duration_rule,omitempty"`
	DurationSeed *uint32   `json:"duration_seed,omitempty"`
	Tree         *jsonTree `json:"tree,omitempty"`
}

type jsonTree struct {
	Kind string `json:"kind"`
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
	// follows listingRule.
	DurationRule string      `json:"duration_rule,omitempty"`
	Children     []*jsonTree `json:"children,omitempty"`
}

type jsonMetaTrans struct {
	Kind     string    `json:"kind"`
	Duration float64   `json:"duration,omitempty"`
	RunA     bool      `json:"run_a,omitempty"`
	Flags    uint32    `json:"flags,omitempty"`
	Anim     *jsonTree `json:"anim,omitempty"`
}

type jsonTransition struct {
	ID    uint32        `json:"id"`
	From  uint32        `json:"from"`
	To    uint32        `json:"to"`
	Trans jsonMetaTrans `json:"trans"`
}

type jsonHalfTransition struct {
	To    uint32        `json:"to"`
	Trans jsonMetaTrans `json:"trans"`
}

type jsonAdditive struct {
	Anim    uint32  `json:"anim"`
	FadeIn  float32 `json:"fade_in"`
	FadeOut float32 `json:"fade_out"`
}

// jsonAnimSet is the set's tables other than the transition table.
type jsonAnimSet struct {
	TableCount        int                  `json:"table_count"`
	DefaultTransition jsonMetaTrans        `json:"default_transition"`
	HalfTransitions   []jsonHalfTransition `json:"half_transitions"`
	Additive          []jsonAdditive       `json:"additive"`
	DefaultAdditive   jsonAdditive         `json:"default_additive"`
}

// durationSeed seeds the Random draws of the trees built for durations.
const durationSeed uint32 = 0

// playerRule is the duration rule of animations whose tree the player
// built.
const playerRule = "player: Duration of the tree player.BuildAnim builds with duration_seed (a Random node lasts as long as the child it draws; a Sequence includes its joins)"

// listingRule is the fallback for nodes the player did not build: a
// transition's middle animation, or a tree the player cannot build (the
// reason is in warnings).
const listingRule = "listing rule (not built by the player): Play = its clip, Blend = the longer child, PhaseBlend = dA+(dB-dA)w, Random = its first child, Sequence = the sum"

// maxPinBuilds bounds the extra builds that measure a tree's Random
// children the seed did not draw.
const maxPinBuilds = 32

// treeTiming is what the player's builds of one animation say: its
// duration, each node's, and the Random nodes' draws with the seed.
type treeTiming struct {
	duration float64
	nodes    map[*formats.MetaAnim]float64
	drawn    map[*formats.MetaAnim]int
}

// buildTiming builds animation setIndex as the player plays it (seed
// durationSeed) and records every node's duration; the Random children the
// seed did not draw are measured by further builds that pin them.
func buildTiming(a *formats.Asset, setIndex int) (*treeTiming, error) {
	tt := &treeTiming{nodes: map[*formats.MetaAnim]float64{}, drawn: map[*formats.MetaAnim]int{}}
	var randoms []*formats.MetaAnim
	first := true
	build := func(pins map[*formats.MetaAnim]int) (player.Source, error) {
		return player.BuildAnim(a, setIndex, player.Options{Seed: durationSeed, Pins: pins,
			OnBuild: func(m *formats.MetaAnim, s player.Source) {
				// The seed's build comes first and is the one shown.
				if _, ok := tt.nodes[m]; !ok {
					tt.nodes[m] = s.Duration()
				}
			},
			OnRandom: func(m *formats.MetaAnim, child int) {
				if _, ok := tt.drawn[m]; !ok && first {
					tt.drawn[m] = child
				}
				randoms = append(randoms, m)
			}})
	}
	src, err := build(nil)
	if err != nil {
		return nil, err
	}
	first = false
	tt.duration = src.Duration()
	builds := 0
	for i := 0; i < len(randoms) && builds < maxPinBuilds; i++ {
		m := randoms[i]
		for c, child := range m.Children {
			if _, done := tt.nodes[child]; done || child == nil || builds >= maxPinBuilds {
				continue
			}
			builds++
			// A child that cannot be built keeps the listing rule.
			_, _ = build(map[*formats.MetaAnim]int{m: c})
		}
	}
	return tt, nil
}

// listingDuration is listingRule.
func listingDuration(m *formats.MetaAnim, clips []*formats.Clip, depth int) float64 {
	if m == nil || depth > 64 {
		return 0
	}
	child := func(i int) float64 {
		if i < len(m.Children) {
			return listingDuration(m.Children[i], clips, depth+1)
		}
		return 0
	}
	switch m.Kind {
	case formats.MetaPlay:
		if m.Clip >= 0 && m.Clip < len(clips) {
			return clips[m.Clip].Duration
		}
		return 0
	case formats.MetaBlend:
		return max(child(0), child(1))
	case formats.MetaPhaseBlend:
		a, b := child(0), child(1)
		return a + (b-a)*float64(m.Weight)
	case formats.MetaRandom:
		return child(0)
	case formats.MetaSequence:
		var d float64
		for i := range m.Children {
			d += child(i)
		}
		return d
	}
	return 0
}

func metaKindName(k formats.MetaKind) string {
	switch k {
	case formats.MetaPlay:
		return "play"
	case formats.MetaBlend:
		return "blend"
	case formats.MetaPhaseBlend:
		return "phase-blend"
	case formats.MetaRandom:
		return "random"
	case formats.MetaSequence:
		return "sequence"
	}
	return fmt.Sprintf("unknown (%d)", k)
}

// treeJSON describes a tree; tt, when not nil, holds the player's
// durations and draws, and nodes it lacks follow listingRule.
func treeJSON(m *formats.MetaAnim, clips []*formats.Clip, tt *treeTiming, depth int) *jsonTree {
	if m == nil || depth > 64 {
		return nil
	}
	t := &jsonTree{Kind: metaKindName(m.Kind)}
	if d, ok := tt.node(m); ok {
		t.Duration = d
	} else {
		t.Duration, t.DurationRule = listingDuration(m, clips, depth), listingRule
	}
	if c, ok := tt.draw(m); ok {
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
		t.Children = append(t.Children, treeJSON(c, clips, tt, depth+1))
	}
	return t
}

func (tt *treeTiming) node(m *formats.MetaAnim) (float64, bool) {
	if tt == nil {
		return 0, false
	}
	d, ok := tt.nodes[m]
	return d, ok
}

func (tt *treeTiming) draw(m *formats.MetaAnim) (int, bool) {
	if tt == nil {
		return 0, false
	}
	c, ok := tt.drawn[m]
	return c, ok
}

func metaTransJSON(t formats.MetaTrans, clips []*formats.Clip) jsonMetaTrans {
	return jsonMetaTrans{Kind: t.Kind.String(), Duration: t.Duration, RunA: t.RunA, Flags: t.Flags, Anim: treeJSON(t.Anim, clips, nil, 0)}
}

// charactersJSON describes every character and, when the asset has one,
// the animation set's tables. Trees the player cannot build add a warning
// to warns.
func charactersJSON(a *formats.Asset, warns *[]string) ([]jsonCharacter, *jsonAnimSet, []jsonTransition) {
	out := make([]jsonCharacter, 0, len(a.Characters))
	// Characters share the set: each animation is built once.
	type timing struct {
		tt  *treeTiming
		err error
	}
	timings := map[int]timing{}
	timingOf := func(setIndex int) timing {
		if t, ok := timings[setIndex]; ok {
			return t
		}
		tt, err := buildTiming(a, setIndex)
		if err != nil {
			*warns = append(*warns, fmt.Sprintf("animation set entry %d: duration by the listing rule: %v", setIndex, err))
		}
		timings[setIndex] = timing{tt, err}
		return timings[setIndex]
	}
	for _, ch := range a.Characters {
		jc := jsonCharacter{ID: ch.ID, Name: ch.Name, Version: ch.Version, Skeleton: ch.Skeleton,
			Animations: make([]jsonCharAnim, 0, len(ch.Animations)), Info: kvs(ch.Info)}
		if ch.SkeletonID != 0 {
			jc.SkeletonID = fmt.Sprintf("%08X", ch.SkeletonID)
		}
		for _, an := range ch.Animations {
			ja := jsonCharAnim{Name: an.Name, Index: an.SetIndex}
			switch {
			case an.Meta != nil:
				var tt *treeTiming
				if a.AnimSet != nil && an.SetIndex >= 0 && an.SetIndex < len(a.AnimSet.Animations) &&
					a.AnimSet.Animations[an.SetIndex].Tree == an.Meta {
					tt = timingOf(an.SetIndex).tt
				}
				ja.Tree = treeJSON(an.Meta, a.Clips, tt, 0)
				ja.Duration, ja.DurationRule = ja.Tree.Duration, listingRule
				if tt != nil {
					seed := durationSeed
					ja.Duration, ja.DurationRule, ja.DurationSeed = tt.duration, playerRule, &seed
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
	trans := make([]jsonTransition, 0, len(s.Transitions))
	js := &jsonAnimSet{
		TableCount:        s.TableCount,
		DefaultTransition: metaTransJSON(s.DefaultTransition, a.Clips),
		HalfTransitions:   make([]jsonHalfTransition, 0, len(s.HalfTransitions)),
		Additive:          make([]jsonAdditive, 0, len(s.Additive)),
		DefaultAdditive:   jsonAdditive{FadeIn: s.DefaultAdditive.FadeIn, FadeOut: s.DefaultAdditive.FadeOut},
	}
	for _, t := range s.Transitions {
		trans = append(trans, jsonTransition{ID: t.ID, From: t.From, To: t.To, Trans: metaTransJSON(t.Trans, a.Clips)})
	}
	for _, h := range s.HalfTransitions {
		js.HalfTransitions = append(js.HalfTransitions, jsonHalfTransition{To: h.To, Trans: metaTransJSON(h.Trans, a.Clips)})
	}
	for _, ad := range s.Additive {
		js.Additive = append(js.Additive, jsonAdditive{Anim: ad.Anim, FadeIn: ad.Fade.FadeIn, FadeOut: ad.Fade.FadeOut})
	}
	return out, js, trans
}

// treeText writes a tree on one line: play "walk", blend 0.3 (A, B),
// random 70/30% (A, B), sequence (A, B).
func treeText(b *strings.Builder, t *jsonTree) {
	if t == nil {
		b.WriteString("?")
		return
	}
	switch t.Kind {
	case "play":
		fmt.Fprintf(b, "play %q", t.Name)
		if t.Missing {
			fmt.Fprintf(b, " (ANIM %s missing)", t.AnimID)
		}
		return
	case "blend", "phase-blend":
		fmt.Fprintf(b, "%s %s", t.Kind, strconv.FormatFloat(float64(*t.Weight), 'g', -1, 32))
	case "random":
		parts := make([]string, len(t.Percent))
		for i, p := range t.Percent {
			parts[i] = strconv.Itoa(int(p))
		}
		fmt.Fprintf(b, "random %s%%", strings.Join(parts, "/"))
	default:
		b.WriteString(t.Kind)
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

func printCharAnims(b *strings.Builder, anims []jsonCharAnim) {
	for _, an := range anims {
		fmt.Fprintf(b, "  %d %q %.4g s", an.Index, an.Name, an.Duration)
		if an.Tree != nil {
			b.WriteString(": ")
			treeText(b, an.Tree)
		}
		b.WriteString("\n")
	}
}
