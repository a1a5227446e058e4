package gltf

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// TreeSeed seeds the generator that draws the Random nodes of an exported
// meta-animation tree. The game draws afresh each time an animation
// starts; an export holds one draw, the one this seed gives, and says so
// in the take's facts.
const TreeSeed = 0

// CharacterTakes returns the takes of character ci's animations. An
// animation with a meta-animation tree (a Metroid Prime ANCS) becomes the
// tree the player builds (player.BuildAnim, Random nodes drawn with
// TreeSeed) and plays, one pass of it; one without plays its clip. An
// animation whose tree cannot be built is left out and described in
// skipped; the error is for a character that cannot be exported at all
// (no such character, a skeleton other than the asset's, nothing to
// export).
func CharacterTakes(a *formats.Asset, ci int) (takes []Take, skipped []string, err error) {
	if a == nil || a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return nil, nil, errors.New("the asset has no skeleton to export")
	}
	if ci < 0 || ci >= len(a.Characters) {
		return nil, nil, fmt.Errorf("no character %d (the asset has %d)", ci, len(a.Characters))
	}
	ch := &a.Characters[ci]
	if s := ch.Skeleton; s >= 0 && s < len(a.Skeletons) && a.Skeletons[s] != a.Skeleton {
		return nil, nil, fmt.Errorf("character %q has its own skeleton; open it with --entry to pose its animations on it", ch.Name)
	}
	sk := a.Skeleton
	for _, ca := range ch.Animations {
		switch {
		case ca.Meta != nil && a.AnimSet != nil && ca.SetIndex >= 0 && ca.SetIndex < len(a.AnimSet.Animations):
			tk, err := TreeTake(a, ca.SetIndex, ca.Name)
			if err != nil {
				skipped = append(skipped, fmt.Sprintf("animation %q not exported: %v", ca.Name, err))
				continue
			}
			takes = append(takes, tk)
		case ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(a.Clips) && a.Clips[ca.Clip] != nil:
			c := a.Clips[ca.Clip]
			if len(c.Tracks) != len(sk.Bones) {
				skipped = append(skipped, fmt.Sprintf("animation %q not exported: clip %q has %d track sets for %d bones",
					ca.Name, c.Name, len(c.Tracks), len(sk.Bones)))
				continue
			}
			tk := ClipTake(sk, c)
			tk.Name = ca.Name
			takes = append(takes, tk)
		default:
			skipped = append(skipped, fmt.Sprintf("animation %q not exported: it has neither a tree in the animation set nor a clip", ca.Name))
		}
	}
	if len(takes) == 0 {
		if len(skipped) > 0 {
			return nil, skipped, fmt.Errorf("character %q: none of its animations can be exported (%s)", ch.Name, skipped[0])
		}
		return nil, nil, fmt.Errorf("character %q has no animations", ch.Name)
	}
	return takes, skipped, nil
}

// TreeOptions are a viewer's choices for a tree it exports as it shows
// it: the seed of the Random draws, pinned Random children and Blend or
// PhaseBlend weights of B (player.Options' fields of the same names).
// The zero value, with Seed TreeSeed, is what `animview export` holds.
type TreeOptions struct {
	Seed    uint32
	Pins    map[*formats.MetaAnim]int
	Weights map[*formats.MetaAnim]float32
}

// TreeTake returns the take of the animation set's animation setIndex: its
// tree as player.BuildAnim builds it on the asset's skeleton with Random
// nodes drawn from TreeSeed, sampled over one pass (Source.Duration). The
// frame rate is the highest of the played clips'; the exporter splits the
// frames further wherever glTF's interpolation would miss the tree's pose,
// so blends, phase blends and the joins of a sequence come out as the
// player shows them. The events are those the player reports crossed in
// (0, Duration] (an event at a clip's start is crossed when the clip
// wraps, at the end of the pass). name, when not empty, replaces the set's
// name for the animation.
func TreeTake(a *formats.Asset, setIndex int, name string) (Take, error) {
	return TreeTakeWith(a, setIndex, name, TreeOptions{Seed: TreeSeed})
}

// TreeTakeWith is TreeTake with a viewer's seed, pins and weights: the
// take holds the tree the player builds with them, and its facts name the
// seed, the pinned children and the weights set (only those the tree
// uses, so that with no pins or weights it is TreeTake's take).
func TreeTakeWith(a *formats.Asset, setIndex int, name string, o TreeOptions) (Take, error) {
	type draw struct {
		node  *formats.MetaAnim
		child int
	}
	var draws []draw
	var plays []*formats.Clip
	var weights []formats.KV
	opts := player.Options{
		Seed:     o.Seed,
		Pins:     o.Pins,
		Weights:  o.Weights,
		Skeleton: a.Skeleton,
		OnRandom: func(m *formats.MetaAnim, child int) { draws = append(draws, draw{m, child}) },
		OnBuild: func(m *formats.MetaAnim, _ player.Source) {
			if w, ok := o.Weights[m]; ok {
				weights = append(weights, formats.KV{Key: "blend weight of B", Value: nodeName(m) + " " + strconv.FormatFloat(float64(w), 'g', -1, 32)})
			}
			if m.Kind == formats.MetaPlay && m.Clip >= 0 && m.Clip < len(a.Clips) {
				plays = append(plays, a.Clips[m.Clip])
			}
		},
	}
	src, err := player.BuildAnim(a, setIndex, opts)
	if err != nil {
		return Take{}, err
	}
	d := src.Duration()
	if math.IsNaN(d) || math.IsInf(d, 0) || d < 0 {
		return Take{}, fmt.Errorf("the tree's duration %v is not a length", d)
	}
	if name == "" {
		name = a.AnimSet.Animations[setIndex].Name
	}
	tk := Take{Name: name, Source: src, Loop: true}
	interp := ""
	for _, c := range plays {
		tk.FrameRate = math.Max(tk.FrameRate, c.FrameRate)
		// Every leaf of the games' trees loops (CAnimSourceReader wraps),
		// so the tree loops when its clips do.
		tk.Loop = tk.Loop && c.Loop
		if interp == "" {
			interp = c.Interp.String()
		}
	}
	tk.Interp = interp
	for _, e := range src.Events(0, d, nil) {
		ev := *e.Event
		ev.Time = e.Time
		tk.Events = append(tk.Events, ev)
	}
	tk.Info = []formats.KV{
		{Key: "source", Value: "meta-animation tree, as the player builds it (player.BuildAnim)"},
		{Key: "set index", Value: strconv.Itoa(setIndex)},
		{Key: "tree seed", Value: strconv.FormatUint(uint64(o.Seed), 10)},
		{Key: "random draws", Value: "the game draws a Random node's child each time the animation starts; this export holds the draw of the tree seed (CRandom16)"},
		{Key: "events", Value: "crossed in (0, duration]: an event at a clip's start is reported at the end of the pass, where the clip wraps"},
	}
	for _, dr := range draws {
		what := strconv.Itoa(dr.child)
		if c := dr.node.Children[dr.child]; c != nil && c.Kind == formats.MetaPlay && c.Name != "" {
			what += " (" + strconv.Quote(c.Name) + ")"
		}
		key := "random drew child"
		if p, ok := o.Pins[dr.node]; ok && p == dr.child {
			key = "random pinned child"
		}
		tk.Info = append(tk.Info, formats.KV{Key: key, Value: what})
	}
	tk.Info = append(tk.Info, weights...)
	return tk, nil
}

// nodeName names a tree node in the take's facts: its name, else its
// kind.
func nodeName(m *formats.MetaAnim) string {
	if m.Name != "" {
		return strconv.Quote(m.Name)
	}
	return m.Kind.String()
}

// AssetTakes returns what an export of a whole asset holds: the opened
// character's animations when the asset is a character set with an
// animation set (an ANCS character, a PAK's or a folder's), else every
// clip that plays (ClipTakes). skipped lists the animations left out.
func AssetTakes(a *formats.Asset) (takes []Take, skipped []string, err error) {
	if a.AnimSet != nil && a.Character >= 0 && a.Character < len(a.Characters) &&
		len(a.Characters[a.Character].Animations) > 0 {
		return CharacterTakes(a, a.Character)
	}
	takes, skipped = ClipTakes(a)
	return takes, skipped, nil
}

// ClipTakes returns a take of every clip of a that has keys
// (Clip.HasKeys), the rule the window and render open a file by
// (Asset.DefaultClip): a Sims skill whose .cfp is absent would be exported
// as a bind pose under the skill's name. skipped names the clips left out;
// when no clip has keys, every clip is taken.
func ClipTakes(a *formats.Asset) (takes []Take, skipped []string) {
	takes = make([]Take, 0, len(a.Clips))
	for _, c := range a.Clips {
		if c.HasKeys() {
			takes = append(takes, ClipTake(a.Skeleton, c))
		} else {
			skipped = append(skipped, fmt.Sprintf("clip %q has no keys (it shows the bind pose): left out; --clip exports it", c.Name))
		}
	}
	if len(takes) == 0 {
		for _, c := range a.Clips {
			takes = append(takes, ClipTake(a.Skeleton, c))
		}
		skipped = nil
	}
	return takes, skipped
}
