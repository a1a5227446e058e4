// Package report builds the machine-readable descriptions animview gives of
// what it opened: Info (`animview info --json`: format, skeleton, clips,
// characters, meta-animation trees, transitions) and Pose (`animview pose
// --json`: every bone's local and world transform at a time). The window's
// Copy JSON and any other writer use the same types, so the field names and
// their meaning are defined once; WriteText is `info`'s plain-text form.
package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/compare"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/player"
)

// KV is a fact as a key and a value.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Bone is a skeleton's bone with its bind (rest) local transform.
type Bone struct {
	Index  int       `json:"index"`
	ID     int       `json:"id"`
	Name   string    `json:"name"`
	Parent int       `json:"parent"`
	Bind   Transform `json:"bind"`
}

// Event is a clip's event; Bone is -1 when it names none.
type Event struct {
	Time     float64 `json:"time"`
	Name     string  `json:"name"`
	Kind     string  `json:"kind"`
	Bone     int     `json:"bone"`
	BoneName string  `json:"bone_name,omitempty"`
	Payload  []KV    `json:"payload,omitempty"`
}

// Clip describes a clip: FrameRate and Frames are the viewer's stepping
// (player.StepRate, player.FrameCount).
type Clip struct {
	Index         int     `json:"index"`
	Name          string  `json:"name"`
	Duration      float64 `json:"duration"`
	FrameRate     float64 `json:"frame_rate"`
	Frames        int     `json:"frames"`
	Loop          bool    `json:"loop"`
	Interpolation string  `json:"interpolation"`
	AnimatedBones int     `json:"animated_bones"`
	Keys          int     `json:"keys"`
	Camera        bool    `json:"camera"`
	Events        []Event `json:"events"`
	Info          []KV    `json:"info,omitempty"`
	Group         string  `json:"group,omitempty"`

	// RootMotion is how far the clip carries the figure; nil for a clip
	// whose tracks are not the skeleton's (a character set's clip of
	// another character).
	RootMotion *RootMotion `json:"root_motion,omitempty"`

	// RateAssumed says the file gives no frame rate: FrameRate and Frames
	// are the viewer's stepping at player.DefaultFrameRate, not the
	// file's.
	RateAssumed bool `json:"frame_rate_assumed,omitempty"`
}

// RootMotion is the root's motion over a clip (compare.RootMotion): the
// root is the topmost bone whose own translation changes, else the first
// root bone; positions are in the file's units and axes, sampled at every
// key time and at SampleRate.
type RootMotion struct {
	Bone string `json:"bone"`
	// Displacement is the root's position at the clip's end minus at its
	// start; Distance its length.
	Displacement [3]float64 `json:"displacement"`
	Distance     float64    `json:"distance"`
	// PathLength is the length of the root's sampled path.
	PathLength float64 `json:"path_length"`
	Samples    int     `json:"samples"`
	SampleRate float64 `json:"sample_rate"`
	// DeclaredDistance is the distance The Sims' file declares the
	// animation moves the character (a skill's or an .anim's "distance"),
	// absent for other formats, which declare none.
	DeclaredDistance *float64 `json:"declared_distance,omitempty"`
}

// declaredMismatch is how far, as a fraction of the larger, a Sims file's
// declared distance and the measured displacement may differ before info
// warns.
const declaredMismatch = 0.1

// rootMotion measures clip c of a; warn receives a warning when a Sims
// clip's declared distance disagrees with the measured one.
func rootMotion(a *formats.Asset, c *formats.Clip, warn func(string)) *RootMotion {
	sk := a.Skeleton
	if len(c.Tracks) != len(sk.Bones) {
		return nil
	}
	r := compare.RootMotion(sk, c)
	if r.Bone < 0 {
		return nil
	}
	j := &RootMotion{Bone: r.Name, Displacement: r.Displacement, Distance: r.Distance(), PathLength: r.PathLength,
		Samples: r.Samples, SampleRate: r.SampleRate}
	if strings.HasPrefix(a.Format, "sims-") {
		for _, kv := range c.Info {
			if kv.Key != "distance" {
				continue
			}
			if d, err := strconv.ParseFloat(kv.Value, 64); err == nil {
				j.DeclaredDistance = &d
				// Only skills warn: FreeSO's .anim files declare 0
				// whatever they move (a2o-custom-crypt-thrown-out
				// carries ROOT 3.4 units). Both below a hundredth of
				// the figure is a skill that stays in place, whatever
				// noise it has.
				decl, got := math.Abs(d), j.Distance
				big := math.Max(decl, got)
				if a.Format != "sims-anim" && big > 0.01*compare.Size(sk, c) && math.Abs(decl-got) > declaredMismatch*big {
					warn(fmt.Sprintf("clip %q: the file declares a distance of %.4g, but %s moves %.4g (%.0f%% apart)",
						c.Name, d, r.Name, got, 100*math.Abs(decl-got)/big))
				}
			}
		}
	}
	return j
}

// Character describes a character of a character set.
type Character struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Version int    `json:"version"`
	// Skeleton indexes the asset's skeletons (-1: not loaded);
	// SkeletonID is the file's id of it (a CINF id).
	Skeleton   int        `json:"skeleton"`
	SkeletonID string     `json:"skeleton_id,omitempty"`
	Animations []CharAnim `json:"animations"`
	Info       []KV       `json:"info,omitempty"`
}

// Coords is the file's coordinate system.
type Coords struct {
	Up         string `json:"up"`
	LeftHanded bool   `json:"left_handed"`
}

// Skeleton is the asset's skeleton.
type Skeleton struct {
	Name   string `json:"name"`
	Source string `json:"source,omitempty"`
	Bones  []Bone `json:"bones"`
}

// Info describes an asset: `animview info --json`.
type Info struct {
	// Schema names this document's shape and version (SchemaInfo).
	Schema     string      `json:"schema"`
	Format     string      `json:"format"`
	Game       string      `json:"game"`
	Version    string      `json:"version"`
	Coords     Coords      `json:"coords"`
	Skeleton   Skeleton    `json:"skeleton"`
	Clips      []Clip      `json:"clips"`
	Sets       []Set       `json:"sets,omitempty"`
	Characters []Character `json:"characters"`
	Entries    []KV        `json:"entries,omitempty"`
	Entry      string      `json:"entry,omitempty"`
	Info       []KV        `json:"info,omitempty"`
	Warnings   []string    `json:"warnings"`

	// Transitions is the animation set's (from, to) table; AnimSet its
	// other tables.
	Transitions []Transition `json:"transitions,omitempty"`
	AnimSet     *AnimSet     `json:"anim_set,omitempty"`
}

// Set is a group of clips that drive a subset of the bones (an ANM
// animation set): its name, the bones its clips drive and the clips.
type Set struct {
	Name  string   `json:"name"`
	Bones []string `json:"bones"`
	Clips []string `json:"clips"`
}

func kvs(in []formats.KV) []KV {
	out := make([]KV, 0, len(in))
	for _, kv := range in {
		out = append(out, KV(kv))
	}
	return out
}

// clipKeys counts the bones a clip animates and its keys.
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

// Describe describes an asset (one with a skeleton, as every loader
// gives). Character sets' animations are measured by building their trees
// (player.MeasureAnim); a tree that cannot be built adds a warning.
func Describe(a *formats.Asset) *Info {
	j := Info{Schema: SchemaInfo}
	j.Format, j.Game, j.Version = a.Format, a.Game, a.Version
	j.Coords = Coords{Up: a.Coords.Up.String(), LeftHanded: a.Coords.LeftHanded}
	sk := a.Skeleton
	j.Skeleton.Name, j.Skeleton.Source = sk.Name, sk.Source
	j.Skeleton.Bones = make([]Bone, 0, len(sk.Bones))
	for i, b := range sk.Bones {
		j.Skeleton.Bones = append(j.Skeleton.Bones, Bone{Index: i, ID: b.ID, Name: b.Name, Parent: b.Parent, Bind: LocalTransform(b.Bind)})
	}
	j.Clips = make([]Clip, 0, len(a.Clips))
	var rootWarnings []string
	for ci, c := range a.Clips {
		rate := player.StepRate(c)
		jc := Clip{Index: ci, Name: c.Name, Duration: c.Duration, FrameRate: rate, Frames: player.FrameCount(c.Duration, rate),
			RateAssumed: !(c.FrameRate > 0), Loop: c.Loop, Interpolation: c.Interp.String(), Camera: c.Camera != nil,
			Info: kvs(c.Info), Events: make([]Event, 0, len(c.Events))}
		jc.AnimatedBones, jc.Keys = clipKeys(c)
		jc.RootMotion = rootMotion(a, c, func(w string) { rootWarnings = append(rootWarnings, w) })
		jc.Group = c.Group
		for _, e := range c.Events {
			je := Event{Time: e.Time, Name: e.Name, Kind: string(e.Kind), Bone: e.Bone, Payload: kvs(e.Payload)}
			if e.Bone >= 0 && e.Bone < len(sk.Bones) {
				je.BoneName = sk.Bones[e.Bone].Name
			}
			jc.Events = append(jc.Events, je)
		}
		j.Clips = append(j.Clips, jc)
	}
	j.Sets = clipSets(a)
	var treeWarnings []string
	j.Characters, j.AnimSet, j.Transitions = characters(a, &treeWarnings)
	for _, e := range a.Entries {
		j.Entries = append(j.Entries, KV{Key: e.Name, Value: e.Type})
	}
	j.Entry = a.Entry
	j.Info = kvs(a.Info)
	j.Warnings = append(append(append([]string{}, a.Warnings...), treeWarnings...), rootWarnings...)
	return &j
}

// clipSets gathers the clips that name a group and drive only some bones,
// in the order their groups first appear.
func clipSets(a *formats.Asset) []Set {
	var sets []Set
	at := map[string]int{}
	for _, c := range a.Clips {
		if c.Group == "" || c.Drives == nil {
			continue
		}
		i, ok := at[c.Group]
		if !ok {
			i = len(sets)
			at[c.Group] = i
			sets = append(sets, Set{Name: c.Group, Bones: []string{}})
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

// maxIndent is the deepest level of the bone tree that info indents; a
// deeper bone is indented as far and shows its depth. Indenting each bone
// by its depth printed the square of a chain's depth in spaces: 400 MB for
// a 20,000-deep chain (issue 35).
const maxIndent = 16

// indent is the bone tree's indentation for a bone at depth d.
func indent(d int) string {
	if d <= maxIndent {
		return strings.Repeat("  ", d)
	}
	return strings.Repeat("  ", maxIndent) + fmt.Sprintf("[depth %d] ", d)
}

// WriteText writes the description as `animview info` prints it: a line
// per fact, the bone tree indented, a line per clip, event, set,
// character animation (with its tree on one line), entry and warning.
func (j *Info) WriteText(w io.Writer) error {
	// Names and values come from the file: their control characters are
	// escaped (printable), so that a name cannot drive the terminal.
	p := printable.String
	var b strings.Builder
	fmt.Fprintf(&b, "format:   %s\n", p(j.Format))
	if j.Game != "" {
		fmt.Fprintf(&b, "game:     %s\n", p(j.Game))
	}
	if j.Version != "" {
		fmt.Fprintf(&b, "version:  %s\n", p(j.Version))
	}
	hand := "right-handed"
	if j.Coords.LeftHanded {
		hand = "left-handed"
	}
	fmt.Fprintf(&b, "coords:   %s-up, %s\n", j.Coords.Up, hand)
	if j.Entry != "" {
		// A container or a folder shows one of its entries: say which.
		fmt.Fprintf(&b, "entry:    %s, one of the %d below (--entry NAME opens another)\n", p(j.Entry), len(j.Entries))
	}
	for _, kv := range j.Info {
		fmt.Fprintf(&b, "%s: %s\n", p(kv.Key), p(kv.Value))
	}
	fmt.Fprintf(&b, "skeleton: %q, %d bones", j.Skeleton.Name, len(j.Skeleton.Bones))
	if j.Skeleton.Source != "" {
		fmt.Fprintf(&b, " (%s)", p(j.Skeleton.Source))
	}
	b.WriteString("\n")
	depth := make([]int, len(j.Skeleton.Bones))
	for _, bo := range j.Skeleton.Bones {
		if bo.Parent >= 0 {
			depth[bo.Index] = depth[bo.Parent] + 1
		}
		fmt.Fprintf(&b, "  %3d %s%s (id %d)\n", bo.Index, indent(depth[bo.Index]), p(bo.Name), bo.ID)
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
		if r := c.RootMotion; r != nil {
			d := r.Displacement
			fmt.Fprintf(&b, "      root motion: %s moves (%.4g, %.4g, %.4g), %.4g from start to end, along a path of %.4g",
				r.Bone, d[0], d[1], d[2], r.Distance, r.PathLength)
			if r.DeclaredDistance != nil {
				fmt.Fprintf(&b, "; the file declares %.4g", *r.DeclaredDistance)
			}
			b.WriteString("\n")
		}
		for _, kv := range c.Info {
			fmt.Fprintf(&b, "      %s: %s\n", p(kv.Key), p(kv.Value))
		}
		for _, e := range c.Events {
			fmt.Fprintf(&b, "      @%.4g s %s %q", e.Time, p(e.Kind), e.Name)
			if e.BoneName != "" {
				fmt.Fprintf(&b, " on %s", p(e.BoneName))
			}
			b.WriteString("\n")
		}
	}
	for _, s := range j.Sets {
		fmt.Fprintf(&b, "set %q: bones %s; clips %s\n", s.Name, p(strings.Join(s.Bones, " ")), p(strings.Join(s.Clips, ", ")))
	}
	for _, ch := range j.Characters {
		fmt.Fprintf(&b, "character %d %q: %d animations\n", ch.ID, ch.Name, len(ch.Animations))
		writeCharAnims(&b, ch.Animations)
	}
	for _, e := range j.Entries {
		fmt.Fprintf(&b, "entry: %s (%s)\n", p(e.Key), p(e.Value))
	}
	for _, wmsg := range j.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", printable.Message(wmsg))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
