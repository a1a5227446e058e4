package sims

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// FrameRate is the playback rate of every Sims animation: one key per frame,
// 30 frames per second (FreeSO's VM tick; docs/formats/sims.md#playback).
const FrameRate = 30

// coords is the Sims data's coordinate system (see the package doc). Sims
// face the file's +Z, which the view's mirror of Z turns to -Z, so their
// front is seen from yaw 180.
var coords = formats.Coords{Up: formats.AxisY, LeftHanded: true, FrontYaw: 180}

// ModelSkeleton turns a file skeleton into the model's: bones sorted
// parent-before-child by parent name, binds converted (translation as
// stored, rotation conjugated), IDs the file's bone indices. The flags and
// props of each bone go to the returned info, one entry per bone.
func ModelSkeleton(sk *Skeleton, source string) (*formats.Skeleton, []formats.KV, []string) {
	names := make([]string, len(sk.Bones))
	parents := make([]string, len(sk.Bones))
	for i := range sk.Bones {
		names[i], parents[i] = sk.Bones[i].Name, sk.Bones[i].Parent
	}
	order, parentOut, warns := orderBones(names, parents)
	out := &formats.Skeleton{Name: sk.Name, Source: source, Bones: make([]formats.Bone, len(order))}
	info := make([]formats.KV, 0, len(order))
	for k, i := range order {
		b := &sk.Bones[i]
		out.Bones[k] = formats.Bone{
			ID:     i,
			Name:   b.Name,
			Parent: parentOut[k],
			Bind:   bind(b.Translation, b.Rotation),
		}
		info = append(info, formats.KV{Key: "bone " + b.Name, Value: boneFacts(b)})
	}
	return out, info, warns
}

func bind(t mgl32.Vec3, q FileQuat) formats.Transform {
	return formats.Transform{Translation: t, Rotation: q.Model(), Scale: mgl32.Vec3{1, 1, 1}}
}

// boneFacts describes a bone's flags and props for `info`.
func boneFacts(b *SkelBone) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "parent %s; canTranslate %d canRotate %d canBlend %d; wiggle %g power %g",
		b.Parent, b.CanTranslate, b.CanRotate, b.CanBlend, b.WiggleValue, b.WigglePower)
	for _, p := range b.Props {
		for _, kv := range p.Pairs {
			fmt.Fprintf(&sb, "; %s=%s", kv.Key, kv.Value)
		}
	}
	return sb.String()
}

// FallbackSkeleton builds a skeleton for animations that come without one
// (docs/formats/sims.md#built-in-skeleton-tables): the built-in table for the age
// (adult or child, or the dog when dog-only bones appear) with every bone
// of the game's skeleton at its real bind pose, so that bones the
// animations leave alone still make a whole figure; then the table's
// helper bones that the animations name, each bound at its first frame in
// the first animation that moves it. Bones the table lacks become roots,
// with a warning; a helper whose table parent is missing hangs from its
// nearest present ancestor, also with a warning, since its translation is
// relative to the missing bone.
func FallbackSkeleton(anims []*Animation, age Age) (*formats.Skeleton, []string) {
	type found struct {
		a *Animation
		m *Motion
	}
	first := map[string]found{}
	var named []string
	for _, a := range anims {
		for i := range a.Motions {
			m := &a.Motions[i]
			if _, ok := first[m.BoneName]; !ok {
				first[m.BoneName] = found{a, m}
				named = append(named, m.BoneName)
			}
		}
	}
	has := func(n string) bool { _, ok := first[n]; return ok }
	table := chooseTable(has, age)
	included := map[string]bool{}
	var names []string
	var rows []int // table row per name, -1 for bones the table lacks
	for i, tb := range table.bones {
		if tb.hasBind || has(tb.name) {
			included[tb.name] = true
			names = append(names, tb.name)
			rows = append(rows, i)
		}
	}
	var warns, unknown []string
	for _, n := range named {
		if table.index(n) < 0 {
			names = append(names, n)
			rows = append(rows, -1)
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		warns = append(warns, fmt.Sprintf("the %s has no bone %s; shown as roots", table.name, listNames(unknown)))
	}
	parents := make([]string, len(names))
	for i, row := range rows {
		if row < 0 {
			continue
		}
		p := table.bones[row].parent
		var skipped []string
		for p != "" && !included[p] {
			skipped = append(skipped, p)
			p = table.bones[table.index(p)].parent
		}
		if len(skipped) > 0 {
			warns = append(warns, fmt.Sprintf("bone %q: the animation has no %s; attached to %q instead",
				names[i], strings.Join(skipped, ", "), orNone(p)))
		}
		parents[i] = p
	}
	order, parentOut, w := orderBones(names, parents)
	warns = append(warns, w...)
	source := "built-in table of Sims bone names and parents; binds from each bone's first frame"
	if table.source != "" {
		source = "built-in table: the bones, parents and bind pose of the game's " + table.source +
			"; helper bones' binds from their first frame"
	}
	sk := &formats.Skeleton{Name: table.name, Source: source, Bones: make([]formats.Bone, len(order))}
	for k, i := range order {
		b := formats.Identity()
		if row := rows[i]; row >= 0 && table.bones[row].hasBind {
			b = bind(table.bones[row].t, table.bones[row].q)
		} else if f, ok := first[names[i]]; ok {
			if f.m.HasTranslation && f.m.FrameCount > 0 && int64(f.m.FirstTranslation) < int64(len(f.a.Translations)) {
				b.Translation = f.a.Translations[f.m.FirstTranslation]
			}
			if f.m.HasRotation && f.m.FrameCount > 0 && int64(f.m.FirstRotation) < int64(len(f.a.Rotations)) {
				b.Rotation = f.a.Rotations[f.m.FirstRotation].Model()
			}
		}
		sk.Bones[k] = formats.Bone{ID: k, Name: names[i], Parent: parentOut[k], Bind: b}
	}
	return sk, warns
}

func orNone(s string) string {
	if s == "" {
		return "(none: a root)"
	}
	return s
}

// BuildClip maps an animation onto a skeleton: one absolute key per frame
// at 30 fps (times frame/30 s, whatever the stored duration says), lerped
// translations, shortest-arc slerped rotations, the last frame held.
// Motions are matched to bones by name (exactly, then ignoring case); a
// motion whose bone the skeleton lacks is skipped with a warning, as FreeSO
// skips it, and when two motions move one bone the later wins. Time props
// become events.
func BuildClip(a *Animation, sk *formats.Skeleton) (*formats.Clip, []string) {
	var warns []string
	maxFrames := a.NumFrames()
	c := &formats.Clip{
		Name:      a.Name,
		FrameRate: FrameRate,
		Interp:    formats.InterpShortestArc,
		Tracks:    make([]formats.BoneTracks, len(sk.Bones)), SharedTimeline: true,
	}
	if maxFrames > 0 {
		c.Duration = float64(maxFrames-1) / FrameRate
	}
	// One shared, immutable time axis: frames that carry keys.
	var keyFrames uint32
	for i := range a.Motions {
		if m := &a.Motions[i]; (m.HasTranslation || m.HasRotation) && m.FrameCount > keyFrames {
			keyFrames = m.FrameCount
		}
	}
	times := make([]float64, keyFrames)
	for i := range times {
		times[i] = float64(i) / FrameRate
	}
	rots := make([]mgl32.Quat, len(a.Rotations))
	for i, q := range a.Rotations {
		rots[i] = q.Model()
	}
	// A skill whose .cfp was not applied has counts but no arrays: its
	// bones stay at bind without a warning per motion.
	noData := len(a.Translations) == 0 && len(a.Rotations) == 0
	var skipped, twice []string
	lookup := newBoneLookup(sk)
	for i := range a.Motions {
		m := &a.Motions[i]
		bi := lookup.index(m.BoneName)
		if bi < 0 {
			skipped = append(skipped, m.BoneName)
			continue
		}
		tr := &c.Tracks[bi]
		if tr.Animated() {
			twice = append(twice, m.BoneName)
			*tr = formats.BoneTracks{}
		}
		n := uint64(m.FrameCount)
		// The decoders check these ranges; a hand-built Animation may not.
		if f := uint64(m.FirstTranslation); m.HasTranslation && n > 0 {
			if f+n <= uint64(len(a.Translations)) {
				tr.Translation.Times = times[:n:n]
				tr.Translation.Values = a.Translations[f : f+n : f+n]
			} else if !noData {
				warns = append(warns, fmt.Sprintf("%s: bone %q: translations %d..%d missing; left at bind", a.Name, m.BoneName, f, f+n))
			}
		}
		if f := uint64(m.FirstRotation); m.HasRotation && n > 0 {
			if f+n <= uint64(len(rots)) {
				tr.Rotation.Times = times[:n:n]
				tr.Rotation.Values = rots[f : f+n : f+n]
			} else if !noData {
				warns = append(warns, fmt.Sprintf("%s: bone %q: rotations %d..%d missing; left at bind", a.Name, m.BoneName, f, f+n))
			}
		}
	}
	if len(skipped) > 0 {
		warns = append(warns, fmt.Sprintf("%s: the skeleton has no bone %s; their motions are skipped",
			a.Name, listNames(skipped)))
	}
	if len(twice) > 0 {
		warns = append(warns, fmt.Sprintf("%s: more than one motion moves bone %s; the last one wins",
			a.Name, listNames(twice)))
	}
	c.Events = buildEvents(a, lookup)
	c.Info = []formats.KV{
		{Key: "motions", Value: strconv.Itoa(len(a.Motions))},
		{Key: "frames", Value: strconv.FormatUint(uint64(maxFrames), 10)},
		{Key: "stored duration", Value: strconv.FormatFloat(float64(a.Duration), 'g', -1, 32) + " (ignored: playback is 30 fps per frame)"},
		{Key: "distance", Value: strconv.FormatFloat(float64(a.Distance), 'g', -1, 32)},
		{Key: "is moving", Value: strconv.FormatUint(uint64(a.IsMoving), 10)},
		{Key: "translations", Value: strconv.Itoa(len(a.Translations))},
		{Key: "rotations", Value: strconv.Itoa(len(a.Rotations))},
	}
	if a.XSkillName != "" {
		c.Info = append(c.Info, formats.KV{Key: "cfp", Value: a.XSkillName + ".cfp"})
	}
	return c, warns
}

// listNames quotes the first few names of a list for a warning.
func listNames(s []string) string {
	const most = 8
	out := make([]string, 0, most+1)
	for i, v := range s {
		if i == most {
			out = append(out, fmt.Sprintf("and %d more", len(s)-most))
			break
		}
		out = append(out, strconv.Quote(v))
	}
	return strings.Join(out, ", ")
}

// boneLookup finds bones by name: exactly first, then ignoring case.
type boneLookup struct {
	exact, folded map[string]int
}

func newBoneLookup(sk *formats.Skeleton) boneLookup {
	l := boneLookup{exact: make(map[string]int, len(sk.Bones)), folded: make(map[string]int, len(sk.Bones))}
	for i, b := range sk.Bones {
		if _, ok := l.exact[b.Name]; !ok {
			l.exact[b.Name] = i
		}
		k := strings.ToLower(b.Name)
		if _, ok := l.folded[k]; !ok {
			l.folded[k] = i
		}
	}
	return l
}

func (l boneLookup) index(name string) int {
	if i, ok := l.exact[name]; ok {
		return i
	}
	if i, ok := l.folded[strings.ToLower(name)]; ok {
		return i
	}
	return -1
}
