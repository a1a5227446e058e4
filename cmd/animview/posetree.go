package main

import (
	"fmt"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// treePoseRequest is what `pose --character --anim [--transition-from
// --from-time]` asks for.
type treePoseRequest struct {
	Character string
	Anim      string
	// From names the animation a transition preview starts from, "" for
	// none; FromTime is how far it has played.
	From     string
	FromTime float64
	Time     float64
	Seed     uint32
}

// findCharacter resolves --character as a name, then as an index; "" is
// the asset's own character (the one its clips are posed on), or -1 when
// the asset has none.
func findCharacter(a *formats.Asset, sel string) (int, error) {
	if sel == "" {
		if len(a.Characters) == 0 {
			return -1, nil
		}
		if a.Character >= 0 && a.Character < len(a.Characters) {
			return a.Character, nil
		}
		return 0, nil
	}
	for i := range a.Characters {
		if a.Characters[i].Name == sel {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.Characters) {
		return i, nil
	}
	return -1, fmt.Errorf("no character %q (the file has %d characters; use a name or an index)", sel, len(a.Characters))
}

// animRef is a resolved animation: an index into the animation set, or a
// plain clip when the character plays one without a tree.
type animRef struct {
	name     string
	setIndex int
	clip     int
}

// findAnim resolves an animation name for character ci: the character's
// own names first (they map to animation-set indices), then the set's
// names, then an index into the set.
func findAnim(a *formats.Asset, ci int, sel string) (animRef, error) {
	if ci >= 0 {
		for _, ca := range a.Characters[ci].Animations {
			if ca.Name != sel {
				continue
			}
			if ca.SetIndex >= 0 && a.AnimSet != nil && ca.SetIndex < len(a.AnimSet.Animations) {
				return animRef{name: ca.Name, setIndex: ca.SetIndex, clip: -1}, nil
			}
			if ca.Meta == nil && ca.Clip >= 0 && ca.Clip < len(a.Clips) {
				return animRef{name: ca.Name, setIndex: -1, clip: ca.Clip}, nil
			}
			return animRef{}, fmt.Errorf("animation %q of the character has neither a tree nor a clip", sel)
		}
	}
	if a.AnimSet != nil {
		for i := range a.AnimSet.Animations {
			if a.AnimSet.Animations[i].Name == sel {
				return animRef{name: sel, setIndex: i, clip: -1}, nil
			}
		}
		if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.AnimSet.Animations) {
			return animRef{name: a.AnimSet.Animations[i].Name, setIndex: i, clip: -1}, nil
		}
	}
	return animRef{}, fmt.Errorf("no animation %q (use a name from `animview info`)", sel)
}

// treeSource builds the source that plays r, fresh, on sk.
func treeSource(a *formats.Asset, r animRef, sk *formats.Skeleton, opts player.Options) (player.Source, error) {
	if r.setIndex >= 0 {
		return player.BuildAnim(a, r.setIndex, opts)
	}
	c := a.Clips[r.clip]
	if len(c.Tracks) != len(sk.Bones) {
		return nil, fmt.Errorf("clip %q has %d track sets for the character's %d bones", c.Name, len(c.Tracks), len(sk.Bones))
	}
	return player.NewClipSource(sk, c, r.clip, 0, 0), nil
}

// treePosePayload samples an animation as the games compose it: the tree
// built fresh and sampled T seconds after it starts (every leaf loops), or
// the transition preview, From advanced by FromTime, then the set's
// transition to Anim, T seconds in. The output has pose's usual shape;
// clip_index is -1 and clip_time is the time on the tree's timeline.
func treePosePayload(a *formats.Asset, req treePoseRequest) (*jsonPose, error) {
	for _, t := range []float64{req.Time, req.FromTime} {
		if math.IsNaN(t) || math.IsInf(t, 0) || t < 0 {
			return nil, fmt.Errorf("time %v is not a time from the start", t)
		}
	}
	ci, err := findCharacter(a, req.Character)
	if err != nil {
		return nil, err
	}
	sk := a.Skeleton
	if ci >= 0 {
		if si := a.Characters[ci].Skeleton; si >= 0 && si < len(a.Skeletons) && a.Skeletons[si] != nil {
			sk = a.Skeletons[si]
		}
	}
	if sk == nil {
		return nil, fmt.Errorf("the character has no skeleton")
	}
	to, err := findAnim(a, ci, req.Anim)
	if err != nil {
		return nil, err
	}
	// One generator for the whole preview, so A's draws and B's follow
	// each other as in the game's CAnimSysContext.
	opts := player.Options{Rand: player.NewRandom16(req.Seed), Skeleton: sk}
	var src player.Source
	if req.From == "" {
		if src, err = treeSource(a, to, sk, opts); err != nil {
			return nil, err
		}
	} else {
		from, err := findAnim(a, ci, req.From)
		if err != nil {
			return nil, err
		}
		if to.setIndex < 0 {
			return nil, fmt.Errorf("animation %q has no tree in the animation set to transition to", to.name)
		}
		fs, err := treeSource(a, from, sk, opts)
		if err != nil {
			return nil, err
		}
		fs.SetTime(req.FromTime)
		if src, err = player.BuildTransition(a, fs, to.setIndex, opts); err != nil {
			return nil, err
		}
	}
	pose := player.NewPose(sk)
	src.Sample(req.Time, pose)
	world := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, world)
	j := &jsonPose{Clip: to.name, ClipIndex: -1, Time: req.Time, ClipTime: req.Time}
	if to.setIndex < 0 {
		j.ClipIndex = to.clip
	}
	for i, b := range sk.Bones {
		j.Bones = append(j.Bones, jsonPoseBone{Index: i, ID: b.ID, Name: b.Name, Parent: b.Parent,
			Visible: pose.Visible[i], Local: transformJSON(pose.Local[i]), World: decompose(world.Matrix(i))})
	}
	return j, nil
}
