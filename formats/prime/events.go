package prime

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/animview/animview/formats"
)

// Events converts the EVNT's records into the model's events, sorted by
// time (stably, so same-time events keep file order: loop, user, effect,
// sound). Bones resolve by name (user locators, MP1 particle bones) or by id
// (MP2 particle bones) when the skeleton has them; otherwise Bone is -1.
func (e *EVNT) Events(sk *formats.Skeleton) []formats.Event {
	var out []formats.Event
	for i := range e.Loops {
		ev := &e.Loops[i]
		p := basePayload(&ev.POI)
		p = append(p, formats.KV{Key: "value", Value: strconv.Itoa(int(ev.Value))})
		out = append(out, event(&ev.POI, formats.EventLoop, -1, p))
	}
	for i := range e.Users {
		ev := &e.Users[i]
		p := basePayload(&ev.POI)
		p = append(p, formats.KV{Key: "value", Value: strconv.Itoa(int(ev.Value))},
			formats.KV{Key: "locator", Value: ev.Locator})
		out = append(out, event(&ev.POI, formats.EventUser, boneByName(sk, ev.Locator), p))
	}
	for i := range e.Effects {
		ev := &e.Effects[i]
		p := basePayload(&ev.POI)
		p = append(p, formats.KV{Key: "duration frames", Value: strconv.Itoa(int(ev.Duration))},
			formats.KV{Key: "particle", Value: fmt.Sprintf("%s %08X", fourCC(ev.Type), ev.ID)})
		bone := -1
		if e.Game == MP2 {
			p = append(p, formats.KV{Key: "bone id", Value: strconv.Itoa(int(ev.BoneID))})
			bone = sk.Index(int(ev.BoneID))
		} else {
			p = append(p, formats.KV{Key: "bone", Value: ev.Bone})
			bone = boneByName(sk, ev.Bone)
		}
		p = append(p, formats.KV{Key: "scale", Value: f32s(ev.Scale)},
			formats.KV{Key: "parent mode", Value: parentMode(ev.ParentMode)})
		out = append(out, event(&ev.POI, formats.EventEffect, bone, p))
	}
	for i := range e.Sounds {
		ev := &e.Sounds[i]
		p := basePayload(&ev.POI)
		sfx := "none"
		if ev.SoundID&0xFFFF != 0xFFFF {
			sfx = strconv.Itoa(int(ev.SoundID & 0xFFFF))
		}
		p = append(p, formats.KV{Key: "sound id", Value: fmt.Sprintf("%08X", ev.SoundID)},
			formats.KV{Key: "sfx", Value: sfx},
			formats.KV{Key: "falloff", Value: f32s(ev.Falloff)},
			formats.KV{Key: "max distance", Value: f32s(ev.MaxDistance)})
		if e.Game == MP2 {
			p = append(p, formats.KV{Key: "extra", Value: fmt.Sprintf("%d %d %d %s", ev.Extra1, ev.Extra2, ev.Extra3, f32s(ev.Extra4))})
		}
		out = append(out, event(&ev.POI, formats.EventSound, -1, p))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time < out[j].Time })
	return out
}

func event(p *POI, kind formats.EventKind, bone int, payload []formats.KV) formats.Event {
	return formats.Event{Time: float64(p.Time.Seconds), Name: p.Name, Kind: kind, Bone: bone, Payload: payload}
}

func basePayload(p *POI) []formats.KV {
	return []formats.KV{
		{Key: "type", Value: POITypeName(p.Type)},
		{Key: "node version", Value: strconv.Itoa(int(p.Unk))},
		{Key: "time state", Value: strconv.Itoa(int(p.Time.State))},
		{Key: "index", Value: strconv.Itoa(int(p.Index))},
		{Key: "unique", Value: strconv.Itoa(int(p.Unique))},
		{Key: "weight", Value: f32s(p.Weight)},
		{Key: "character", Value: strconv.Itoa(int(p.CharIdx))},
		{Key: "flags", Value: fmt.Sprintf("%08X", p.Flags)},
	}
}

// boneByName finds a bone by exact name, then ignoring case; "" is none.
func boneByName(sk *formats.Skeleton, name string) int {
	if name == "" {
		return -1
	}
	return sk.IndexByNameFold(name)
}

func fourCC(t [4]byte) string {
	for _, c := range t {
		if c < 0x20 || c > 0x7E {
			return fmt.Sprintf("%02X%02X%02X%02X", t[0], t[1], t[2], t[3])
		}
	}
	return string(t[:])
}

func parentMode(m uint32) string {
	switch m {
	case 0:
		return "Initial"
	case 1:
		return "ContinuousEmitter"
	case 2:
		return "ContinuousSystem"
	}
	return strconv.Itoa(int(m))
}
