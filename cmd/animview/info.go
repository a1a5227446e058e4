package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/animview/animview/formats"
)

type jsonKV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type jsonBone struct {
	Index  int           `json:"index"`
	ID     int           `json:"id"`
	Name   string        `json:"name"`
	Parent int           `json:"parent"`
	Bind   jsonTransform `json:"bind"`
}

type jsonEvent struct {
	Time     float64  `json:"time"`
	Name     string   `json:"name"`
	Kind     string   `json:"kind"`
	Bone     int      `json:"bone"`
	BoneName string   `json:"bone_name,omitempty"`
	Payload  []jsonKV `json:"payload,omitempty"`
}

type jsonClip struct {
	Index         int         `json:"index"`
	Name          string      `json:"name"`
	Duration      float64     `json:"duration"`
	FrameRate     float64     `json:"frame_rate"`
	Frames        int         `json:"frames"`
	Loop          bool        `json:"loop"`
	Interpolation string      `json:"interpolation"`
	AnimatedBones int         `json:"animated_bones"`
	Keys          int         `json:"keys"`
	Camera        bool        `json:"camera"`
	Events        []jsonEvent `json:"events"`
	Info          []jsonKV    `json:"info,omitempty"`
	Group         string      `json:"group,omitempty"`

	// RateAssumed says the file gives no frame rate: FrameRate and Frames
	// are the viewer's stepping (ui/state), not the file's.
	RateAssumed bool `json:"frame_rate_assumed,omitempty"`
}

type jsonCharacter struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Version int    `json:"version"`
	// Skeleton indexes the asset's skeletons (-1: not loaded);
	// SkeletonID is the file's id of it (a CINF id).
	Skeleton   int            `json:"skeleton"`
	SkeletonID string         `json:"skeleton_id,omitempty"`
	Animations []jsonCharAnim `json:"animations"`
	Info       []jsonKV       `json:"info,omitempty"`
}

type jsonInfo struct {
	Format  string `json:"format"`
	Game    string `json:"game"`
	Version string `json:"version"`
	Coords  struct {
		Up         string `json:"up"`
		LeftHanded bool   `json:"left_handed"`
	} `json:"coords"`
	Skeleton struct {
		Name   string     `json:"name"`
		Source string     `json:"source,omitempty"`
		Bones  []jsonBone `json:"bones"`
	} `json:"skeleton"`
	Clips      []jsonClip      `json:"clips"`
	Sets       []jsonSet       `json:"sets,omitempty"`
	Characters []jsonCharacter `json:"characters"`
	Entries    []jsonKV        `json:"entries,omitempty"`
	Entry      string          `json:"entry,omitempty"`
	Info       []jsonKV        `json:"info,omitempty"`
	Warnings   []string        `json:"warnings"`

	// Trans is the animation set's (from, to) table; Set its other
	// tables.
	Trans []jsonTransition `json:"transitions,omitempty"`
	Set   *jsonAnimSet     `json:"anim_set,omitempty"`
}

func kvs(in []formats.KV) []jsonKV {
	out := make([]jsonKV, 0, len(in))
	for _, kv := range in {
		out = append(out, jsonKV(kv))
	}
	return out
}

func clipKeys(c *formats.Clip) (animated, keys int) {
	for i := range c.Tracks {
		t := &c.Tracks[i]
		if t.Animated() {
			animated++
		}
		keys += len(t.Translation.Times) + len(t.Rotation.Times) + len(t.Scale.Times) + len(t.Visibility.Times)
	}
	return animated, keys
}

func describe(a *formats.Asset) *jsonInfo {
	var j jsonInfo
	j.Format, j.Game, j.Version = a.Format, a.Game, a.Version
	j.Coords.Up = "y"
	if a.Coords.Up == formats.AxisZ {
		j.Coords.Up = "z"
	}
	j.Coords.LeftHanded = a.Coords.LeftHanded
	sk := a.Skeleton
	j.Skeleton.Name, j.Skeleton.Source = sk.Name, sk.Source
	j.Skeleton.Bones = make([]jsonBone, 0, len(sk.Bones))
	for i, b := range sk.Bones {
		j.Skeleton.Bones = append(j.Skeleton.Bones, jsonBone{Index: i, ID: b.ID, Name: b.Name, Parent: b.Parent, Bind: transformJSON(b.Bind)})
	}
	j.Clips = make([]jsonClip, 0, len(a.Clips))
	for ci, c := range a.Clips {
		rate, frames, assumed := clipTiming(a, ci)
		jc := jsonClip{Index: ci, Name: c.Name, Duration: c.Duration, FrameRate: rate, Frames: frames, RateAssumed: assumed,
			Loop: c.Loop, Interpolation: c.Interp.String(), Camera: c.Camera != nil, Info: kvs(c.Info),
			Events: make([]jsonEvent, 0, len(c.Events))}
		jc.AnimatedBones, jc.Keys = clipKeys(c)
		jc.Group = c.Group
		for _, e := range c.Events {
			je := jsonEvent{Time: e.Time, Name: e.Name, Kind: string(e.Kind), Bone: e.Bone, Payload: kvs(e.Payload)}
			if e.Bone >= 0 && e.Bone < len(sk.Bones) {
				je.BoneName = sk.Bones[e.Bone].Name
			}
			jc.Events = append(jc.Events, je)
		}
		j.Clips = append(j.Clips, jc)
	}
	j.Sets = clipSets(a)
	var treeWarnings []string
	j.Characters, j.Set, j.Trans = charactersJSON(a, &treeWarnings)
	for _, e := range a.Entries {
		j.Entries = append(j.Entries, jsonKV{Key: e.Name, Value: e.Type})
	}
	j.Entry = a.Entry
	j.Info = kvs(a.Info)
	j.Warnings = append(append([]string{}, a.Warnings...), treeWarnings...)
	return &j
}

func cmdInfo(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("info", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	a, err := openFileArg(fs, args, nil)
	if err != nil {
		return err
	}
	j := describe(a)
	if *asJSON {
		return writeJSON(w, j)
	}
	return printInfo(w, j)
}

func printInfo(w io.Writer, j *jsonInfo) error {
	var b strings.Builder
	fmt.Fprintf(&b, "format:   %s\n", j.Format)
	if j.Game != "" {
		fmt.Fprintf(&b, "game:     %s\n", j.Game)
	}
	if j.Version != "" {
		fmt.Fprintf(&b, "version:  %s\n", j.Version)
	}
	hand := "right-handed"
	if j.Coords.LeftHanded {
		hand = "left-handed"
	}
	fmt.Fprintf(&b, "coords:   %s-up, %s\n", j.Coords.Up, hand)
	for _, kv := range j.Info {
		fmt.Fprintf(&b, "%s: %s\n", kv.Key, kv.Value)
	}
	fmt.Fprintf(&b, "skeleton: %q, %d bones", j.Skeleton.Name, len(j.Skeleton.Bones))
	if j.Skeleton.Source != "" {
		fmt.Fprintf(&b, " (%s)", j.Skeleton.Source)
	}
	b.WriteString("\n")
	depth := make([]int, len(j.Skeleton.Bones))
	for _, bo := range j.Skeleton.Bones {
		if bo.Parent >= 0 {
			depth[bo.Index] = depth[bo.Parent] + 1
		}
		fmt.Fprintf(&b, "  %3d %s%s (id %d)\n", bo.Index, strings.Repeat("  ", depth[bo.Index]), bo.Name, bo.ID)
	}
	fmt.Fprintf(&b, "clips: %d\n", len(j.Clips))
	for _, c := range j.Clips {
		loop := ""
		if c.Loop {
			loop = ", loops"
		}
		rate := fmt.Sprintf("%.6g fps", c.FrameRate)
		if c.RateAssumed {
			rate += " (the file gives no rate; the viewer steps at this one)"
		}
		fmt.Fprintf(&b, "  %d %q: %.4g s, %d frames at %s%s, %s, %d bones animated, %d keys, %d events\n",
			c.Index, c.Name, c.Duration, c.Frames, rate, loop, c.Interpolation, c.AnimatedBones, c.Keys, len(c.Events))
		for _, kv := range c.Info {
			fmt.Fprintf(&b, "      %s: %s\n", kv.Key, kv.Value)
		}
		for _, e := range c.Events {
			fmt.Fprintf(&b, "      @%.4g s %s %q", e.Time, e.Kind, e.Name)
			if e.BoneName != "" {
				fmt.Fprintf(&b, " on %s", e.BoneName)
			}
			b.WriteString("\n")
		}
	}
	for _, s := range j.Sets {
		fmt.Fprintf(&b, "set %q: bones %s; clips %s\n", s.Name, strings.Join(s.Bones, " "), strings.Join(s.Clips, ", "))
	}
	for _, ch := range j.Characters {
		fmt.Fprintf(&b, "character %d %q: %d animations\n", ch.ID, ch.Name, len(ch.Animations))
		printCharAnims(&b, ch.Animations)
	}
	for _, e := range j.Entries {
		fmt.Fprintf(&b, "entry: %s (%s)\n", e.Key, e.Value)
	}
	for _, wmsg := range j.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", wmsg)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func cmdList(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("list needs one FILE: %w", errUsage)
	}
	// A PAK or a folder lists its entries without opening one.
	if es, warns, ok, err := listEntries(pos[0], lf.options()); ok || err != nil {
		if err != nil {
			return err
		}
		for _, e := range es {
			fmt.Fprintf(w, "%s\t%s\n", e.Name, e.Type)
		}
		for _, wm := range warns {
			fmt.Fprintf(w, "warning: %s\n", wm)
		}
		return nil
	}
	a, err := openAsset(pos[0], lf.options())
	if err != nil {
		return err
	}
	if len(a.Entries) > 0 {
		for _, e := range a.Entries {
			fmt.Fprintf(w, "%s\t%s\n", e.Name, e.Type)
		}
		return nil
	}
	for _, c := range a.Clips {
		fmt.Fprintf(w, "%s\tclip\n", c.Name)
	}
	return nil
}

// jsonSet is a group of clips that drive a subset of the bones (an ANM
// animation set): its name, the bones its clips drive and the clips.
type jsonSet struct {
	Name  string   `json:"name"`
	Bones []string `json:"bones"`
	Clips []string `json:"clips"`
}

// clipSets gathers the clips that name a group and drive only some bones,
// in the order their groups first appear.
func clipSets(a *formats.Asset) []jsonSet {
	var sets []jsonSet
	at := map[string]int{}
	for _, c := range a.Clips {
		if c.Group == "" || c.Drives == nil {
			continue
		}
		i, ok := at[c.Group]
		if !ok {
			i = len(sets)
			at[c.Group] = i
			sets = append(sets, jsonSet{Name: c.Group, Bones: []string{}})
			for b, d := range c.Drives {
				if d && b < len(a.Skeleton.Bones) {
					sets[i].Bones = append(sets[i].Bones, a.Skeleton.Bones[b].Name)
				}
			}
		}
		sets[i].Clips = append(sets[i].Clips, c.Name)
	}
	return sets
}
