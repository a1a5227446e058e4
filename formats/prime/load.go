package prime

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Loader names.
const (
	LoaderANIM = "prime-anim"
	LoaderCINF = "prime-cinf"
	LoaderEVNT = "prime-evnt"
)

// Loaders returns the Metroid Prime loaders: ANIM, CINF, ANCS, EVNT, and
// CMDL models and TXTR textures opened alone.
func Loaders() []formats.Loader {
	return []formats.Loader{
		{
			Name:        LoaderANIM,
			Description: "Metroid Prime 1 and 2 animation (ANIM versions 0 and 2), with its CINF skeleton and EVNT events from beside it",
			Extensions:  []string{"anim"},
			Sniff:       SniffANIM,
			Load:        LoadANIM,
		},
		{
			Name:        LoaderCINF,
			Description: "Metroid Prime 1 and 2 skeleton (CINF)",
			Extensions:  []string{"cinf"},
			Sniff:       SniffCINF,
			Load:        LoadCINF,
		},
		{
			Name:        LoaderANCS,
			Description: "Metroid Prime 1 and 2 character set (ANCS): characters, meta-animation trees and transitions, with each character's CINF, ANIMs and EVNTs from beside it",
			Extensions:  []string{"ancs"},
			Sniff:       SniffANCS,
			Load:        LoadANCS,
		},
		{
			// An EVNT has no signature worth sniffing (a version 1 or 2 and
			// counts), so it is recognised by its extension only.
			Name:        LoaderEVNT,
			Description: "Metroid Prime 1 and 2 animation events (EVNT), shown as a clip of events without a skeleton",
			Extensions:  []string{"evnt"},
			Load:        LoadEVNT,
		},
		{
			Name:        LoaderCMDL,
			Description: "Metroid Prime 1 and 2 model (CMDL) opened alone: a static mesh in its bind shape, textured from the TXTRs beside it",
			Extensions:  []string{"cmdl"},
			Sniff:       SniffCMDL,
			Load:        LoadCMDL,
		},
		{
			// A TXTR has no magic number: its header and length are
			// checked for plausibility.
			Name:        LoaderTXTR,
			Description: "Metroid Prime 1 and 2 texture (TXTR), all eleven GX formats, shown as an image with its mip levels",
			Extensions:  []string{"txtr"},
			Sniff:       SniffTXTR,
			Load:        LoadTXTR,
		},
	}
}

// zUp is Retro's coordinate system: right-handed, Z up, characters facing
// +Y (docs/formats/metroid-prime.md#conventions), which the view's upright
// turn maps to -Z: their front is
// seen from yaw 180.
func zUp() formats.Coords { return formats.Coords{Up: formats.AxisZ, FrontYaw: 180} }

// LoadANIM opens an ANIM with its skeleton (the --skeleton file, else a
// sibling CINF whose bone ids cover the channels, else flat bones named by
// id) and its events (the sibling EVNT its header names).
func LoadANIM(in *formats.Input) (*formats.Asset, error) {
	game, err := ParseGame(in.Options["game"])
	if err != nil {
		return nil, err
	}
	a, err := ParseANIM(in.Data, game)
	if err != nil {
		return nil, err
	}
	asset := &formats.Asset{
		Format:  LoaderANIM,
		Game:    a.Game.Title(),
		Version: strconv.Itoa(int(a.Version)),
		Coords:  zUp(),
	}
	asset.Warnings = append(asset.Warnings, a.Warnings...)
	sk, err := resolveSkeleton(in, a, game, asset)
	if err != nil {
		return nil, err
	}
	asset.Skeleton = sk
	asset.Skeletons = []*formats.Skeleton{sk}
	clip := buildClip(a, sk, in.Stem(), asset)
	src, err := attachEvents(in, a, sk, clip, asset)
	if err != nil {
		return nil, err
	}
	clip.Info = append(clip.Info, formats.KV{Key: "event source", Value: src})
	asset.Clips = []*formats.Clip{clip}
	asset.Info = append(asset.Info, formats.KV{Key: "game", Value: a.Game.String()},
		formats.KV{Key: "bone ids", Value: channelIDs(&a.Keys)})
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtANIM, err)
	}
	return asset, nil
}

func channelIDs(k *Keys) string {
	var b strings.Builder
	for i := range k.Channels {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(k.Channels[i].BoneID))
	}
	return b.String()
}

// buildClip turns decoded keys into the model's clip over sk. Times are
// frame·interval seconds. ANIM translations replace the bind offset
// (docs/formats/metroid-prime.md#bind-pose), which the player does by
// taking track values over the bind; bones and components without a channel
// keep the bind (docs/formats/metroid-prime.md#bones-without-a-channel).
func buildClip(a *Anim, sk *formats.Skeleton, name string, asset *formats.Asset) *formats.Clip {
	interval := float64(a.Interval())
	k := &a.Keys
	times := make([]float64, len(k.Frames))
	for i, f := range k.Frames {
		times[i] = float64(f) * interval
	}
	clip := &formats.Clip{
		Name:      name,
		Duration:  float64(a.Duration()),
		FrameRate: 1 / interval,
		Loop:      a.Looping(),
		Interp:    a.Game.Interp(),
		Tracks:    make([]formats.BoneTracks, len(sk.Bones)), SharedTimeline: true,
	}
	// Version 0 end of clip: the engine's sampler takes frame floor(t/i)
	// and the next frame, wrapping the next of the last frame N-1 to frame
	// 0 (docs/formats/metroid-prime.md#version-0-sampling). In the model that
	// is one more key at N·interval equal
	// to key 0, so the player needs no special case. It is added only when
	// the duration reaches past the last frame; a clip that ends on its
	// last frame never samples the wrap.
	wrap := a.Version == 0 && len(times) > 0 && clip.Duration > times[len(times)-1]
	if wrap {
		times = append(times, float64(len(k.Frames))*interval)
	}
	index := make(map[int]int, len(sk.Bones))
	for i := len(sk.Bones) - 1; i >= 0; i-- {
		index[sk.Bones[i].ID] = i
	}
	var missing []string
	used := map[int]bool{}
	for ci := range k.Channels {
		c := &k.Channels[ci]
		bi, ok := index[c.BoneID]
		if !ok {
			missing = append(missing, strconv.Itoa(c.BoneID))
			continue
		}
		if used[bi] {
			asset.Warnings = append(asset.Warnings, fmt.Sprintf("bone id %d has more than one channel; the last one is used", c.BoneID))
		}
		used[bi] = true
		tr := &clip.Tracks[bi]
		tr.Rotation = formats.QuatTrack{}
		tr.Translation = formats.Vec3Track{}
		tr.Scale = formats.Vec3Track{}
		if c.Rotation != nil {
			tr.Rotation = formats.QuatTrack{Times: times, Values: wrapped(c.Rotation, wrap)}
		}
		if c.Translation != nil {
			tr.Translation = formats.Vec3Track{Times: times, Values: wrapped(c.Translation, wrap)}
		}
		if c.Scale != nil {
			tr.Scale = formats.Vec3Track{Times: times, Values: wrapped(c.Scale, wrap)}
		}
	}
	if len(missing) > 0 {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("the skeleton has no bones with ids %s; their channels are not shown", strings.Join(missing, " ")))
	}
	clip.Info = clipInfo(a, wrap)
	return clip
}

// wrapped returns v, with key 0 repeated at the end when wrap is set.
func wrapped[T any](v []T, wrap bool) []T {
	if !wrap {
		return v
	}
	out := make([]T, len(v)+1)
	copy(out, v)
	out[len(v)] = v[0]
	return out
}

func f32s(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

func clipInfo(a *Anim, wrap bool) []formats.KV {
	kv := []formats.KV{
		{Key: "game", Value: a.Game.String()},
		{Key: "version", Value: strconv.Itoa(int(a.Version))},
		{Key: "channels", Value: strconv.Itoa(len(a.Keys.Channels))},
	}
	add := func(k, v string) { kv = append(kv, formats.KV{Key: k, Value: v}) }
	if a.V0 != nil {
		add("frames", strconv.Itoa(int(a.V0.FrameCount)))
	} else {
		add("frames", strconv.Itoa(int(a.V2.BitmapBits)))
	}
	add("duration", f32s(a.Duration()))
	add("interval", f32s(a.Interval()))
	add("root bone", strconv.Itoa(int(a.RootBone())))
	add("looping", strconv.FormatBool(a.Looping()))
	if v := a.V2; v != nil {
		add("rotation divisor", strconv.Itoa(int(v.RotDiv)))
		add("translation multiplier", f32s(v.TransMult))
		if a.Game == MP2 {
			add("scale multiplier", f32s(v.ScaleMult))
		}
		add("bitmap keys", strconv.Itoa(len(a.Keys.Frames)))
		add("records", strconv.Itoa(v.Records))
		add("scratch size", strconv.Itoa(int(v.ScratchSize)))
	} else if wrap {
		add("end of clip", "wraps from the last frame to frame 0 (engine v0 sampling)")
	}
	if id, ok := a.EVNTID(); ok {
		add("evnt id", fmt.Sprintf("%08X", id))
	}
	return kv
}

// LoadCINF opens a CINF alone: a skeleton without clips.
func LoadCINF(in *formats.Input) (*formats.Asset, error) {
	game, err := ParseGame(in.Options["game"])
	if err != nil {
		return nil, err
	}
	c, err := ParseCINF(in.Data, game)
	if err != nil {
		return nil, err
	}
	sk, warn, err := c.Skeleton(in.Stem())
	if err != nil {
		return nil, err
	}
	sk.Source = in.Name
	asset := &formats.Asset{
		Format:    LoaderCINF,
		Game:      c.Game.Title(),
		Coords:    zUp(),
		Skeleton:  sk,
		Skeletons: []*formats.Skeleton{sk},
		Warnings:  warn,
		Info: []formats.KV{
			{Key: "game", Value: c.Game.String()},
			{Key: "bones", Value: strconv.Itoa(len(c.Bones))},
			{Key: "build order", Value: idList(c.BuildOrder)},
			{Key: "names", Value: strconv.Itoa(len(c.Names))},
		},
	}
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtCINF, err)
	}
	return asset, nil
}

func idList(ids []uint32) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatUint(uint64(id), 10))
	}
	return b.String()
}

// LoadEVNT opens an EVNT alone: its events on an empty skeleton, in a clip
// as long as the last event.
func LoadEVNT(in *formats.Input) (*formats.Asset, error) {
	game, err := ParseGame(in.Options["game"])
	if err != nil {
		return nil, err
	}
	e, err := ParseEVNT(in.Data, game)
	if err != nil {
		return nil, err
	}
	sk := &formats.Skeleton{Name: in.Stem(), Source: "none (an EVNT has no skeleton)"}
	clip := &formats.Clip{Name: in.Stem(), Interp: e.Game.Interp(), Events: e.Events(sk)}
	for _, ev := range clip.Events {
		clip.Duration = max(clip.Duration, ev.Time)
	}
	asset := &formats.Asset{
		Format:    LoaderEVNT,
		Game:      e.Game.Title(),
		Version:   strconv.Itoa(int(e.Version)),
		Coords:    zUp(),
		Skeleton:  sk,
		Skeletons: []*formats.Skeleton{sk},
		Clips:     []*formats.Clip{clip},
		Info: []formats.KV{
			{Key: "game", Value: e.Game.String()},
			{Key: "version", Value: strconv.Itoa(int(e.Version))},
			{Key: "loop events", Value: strconv.Itoa(len(e.Loops))},
			{Key: "user events", Value: strconv.Itoa(len(e.Users))},
			{Key: "effect events", Value: strconv.Itoa(len(e.Effects))},
			{Key: "sound events", Value: strconv.Itoa(len(e.Sounds))},
		},
	}
	// Said first: it explains the empty view.
	asset.Warnings = []string{evntAloneHint(in)}
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtEVNT, err)
	}
	return asset, nil
}

// evntAloneHint says what to open instead of an EVNT: the ANIMs beside it
// that use it (docs/formats/metroid-prime.md#which-evnt-an-anim-uses).
func evntAloneHint(in *formats.Input) string {
	const head = "an EVNT holds events only (no skeleton, no motion): open the ANIM that plays them"
	users := animsUsing(in)
	switch {
	case len(users) == 1:
		return fmt.Sprintf("%s, %s beside it, which finds this EVNT and its CINF", head, users[0])
	case len(users) > 1:
		more := ""
		if len(users) > 5 {
			users, more = users[:5], fmt.Sprintf(" and %d more", len(users)-5)
		}
		return fmt.Sprintf("%s, one of %s%s beside it, which find this EVNT and their CINF", head, strings.Join(users, ", "), more)
	}
	return head + "; no ANIM beside it names this EVNT (an MP1 ANIM names its EVNT in its header, an MP2 one shares its id)"
}

// animsUsing lists the ANIMs beside an EVNT that would play its events
// (attachEvents): those whose compressed MP1 header names its id, and
// the one sharing its id. Version 0 ANIMs, which keep the id at their
// end, are not read for it.
func animsUsing(in *formats.Input) []string {
	id, ok := idFromName(in.Name)
	if !ok || in.Siblings == nil {
		return nil
	}
	names, err := in.Siblings.List()
	if err != nil {
		return nil
	}
	po, _ := in.Siblings.(formats.PrefixOpener)
	var out []string
	for _, n := range names {
		if !hasExt(n, ".anim") {
			continue
		}
		if own, ok := idFromName(n); ok && own == id {
			out = append(out, n)
			continue
		}
		var head []byte
		if po != nil {
			head, _, err = po.OpenPrefix(n, 16)
		} else {
			head, err = in.Siblings.Open(n)
		}
		// A compressed MP1 ANIM: version 2, its EVNT id at offset 8 where
		// MP2 has its marker.
		if err == nil && len(head) >= 16 && be32(head, 0) == 2 && be32(head, 8) == id && binary.BigEndian.Uint16(head[8:]) != MP2Marker {
			out = append(out, n)
		}
	}
	return out
}
