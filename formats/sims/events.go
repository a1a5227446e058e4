package sims

import (
	"sort"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// EventGesture is the kind of a hand-gesture time prop (righthand,
// lefthand).
const EventGesture formats.EventKind = "gesture"

// handGestures names FreeSO's SimHandGesture values.
var handGestures = map[string]string{"0": "idle", "1": "pointing", "2": "fist", "3": "none"}

// buildEvents turns time props into events at their millisecond times. Each
// prop (a group of key/value pairs) is one event, named and classified by
// its first key that the game handles (VMAvatar.HandleTimePropsEvent):
// xevt → user event "xevt N", sound → sound, dress/undress → prop,
// righthand/lefthand → gesture by name. FreeSO merges the items of all
// motions into one list, and exporters copy the same time props into every
// motion, so identical props at one time are one event; its Bone is the
// motion's bone when only one motion carries it, else -1.
func buildEvents(a *Animation, bones boneLookup) []formats.Event {
	type seen struct {
		index int
		bone  string
		multi bool
	}
	index := map[string]*seen{}
	var events []formats.Event
	var order []*seen
	for i := range a.Motions {
		m := &a.Motions[i]
		for _, tl := range m.TimeProps {
			for _, it := range tl.Items {
				for _, p := range it.Props.Props {
					if len(p.Pairs) == 0 {
						continue
					}
					key := eventKey(it.ID, p)
					if s, ok := index[key]; ok {
						if s.bone != m.BoneName {
							s.multi = true
						}
						continue
					}
					e := classify(p)
					e.Time = float64(it.ID) / 1000
					e.Payload = append([]formats.KV(nil), p.Pairs...)
					s := &seen{index: len(events), bone: m.BoneName}
					index[key] = s
					order = append(order, s)
					events = append(events, e)
				}
			}
		}
	}
	for _, s := range order {
		events[s.index].Bone = -1
		if !s.multi {
			events[s.index].Bone = bones.index(s.bone)
		}
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].Time < events[j].Time })
	return events
}

func eventKey(id uint32, p Prop) string {
	var sb strings.Builder
	sb.WriteString(strconv.FormatUint(uint64(id), 10))
	for _, kv := range p.Pairs {
		sb.WriteByte(0)
		sb.WriteString(kv.Key)
		sb.WriteByte(0)
		sb.WriteString(kv.Value)
	}
	return sb.String()
}

// classify names an event after the first key the game handles.
func classify(p Prop) formats.Event {
	for _, kv := range p.Pairs {
		switch strings.ToLower(kv.Key) {
		case "xevt":
			return formats.Event{Name: "xevt " + kv.Value, Kind: formats.EventUser}
		case "sound":
			return formats.Event{Name: "sound " + kv.Value, Kind: formats.EventSound}
		case "dress", "undress":
			return formats.Event{Name: kv.Key + " " + kv.Value, Kind: formats.EventProp}
		case "righthand", "lefthand":
			g, ok := handGestures[strings.TrimSpace(kv.Value)]
			if !ok {
				g = "gesture " + kv.Value
			}
			return formats.Event{Name: kv.Key + " " + g, Kind: EventGesture}
		}
	}
	kv := p.Pairs[0]
	return formats.Event{Name: strings.TrimSpace(kv.Key + " " + kv.Value), Kind: formats.EventUser}
}
