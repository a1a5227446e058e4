package gltf

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/animview/animview/formats"
	"github.com/qmuntal/gltf"
)

// takeRate returns a take's frame rate, and whether it is DefaultRate for
// a take whose source has none.
func takeRate(tk *Take) (float64, bool) {
	if tk.FrameRate > 0 {
		return tk.FrameRate, false
	}
	return DefaultRate, true
}

// assetExtras goes in glTF's asset.extras: the source frame rate (the
// first take's; every take's is in its animation's extras), which an
// importer's scene should be set to before import.
func assetExtras(takes []Take) map[string]any {
	if len(takes) == 0 {
		return nil
	}
	rate, assumed := takeRate(&takes[0])
	return map[string]any{"frame_rate": rate, "frame_rate_assumed": assumed,
		"frame_rate_note": "the source's frames per second: set the scene's frame rate to it before import"}
}

// EventsSchema names the version of the --events JSON (EventRecord).
const EventsSchema = "animview.events/1"

// EventRecord is one event of an exported animation as `export --events
// FILE.json` lists them: the animation's name in the glTF file, the time
// in seconds and the frame at the animation's frame rate, the event's
// name and kind, the bone by its node name ("" for none) and the
// format's payload.
type EventRecord struct {
	Animation string            `json:"animation"`
	Time      float64           `json:"time"`
	Frame     float64           `json:"frame"`
	FrameRate float64           `json:"frame_rate"`
	Name      string            `json:"name"`
	Kind      string            `json:"kind"`
	Bone      string            `json:"bone,omitempty"`
	Payload   map[string]string `json:"payload,omitempty"`
}

// Events lists the events of a document Build made from takes, in the
// order of its animations and of their events.
func Events(sk *formats.Skeleton, takes []Take, doc *gltf.Document) []EventRecord {
	names := uniqueNames(sk)
	out := []EventRecord{}
	for k := range takes {
		if k >= len(doc.Animations) {
			break
		}
		rate, _ := takeRate(&takes[k])
		for _, e := range takes[k].Events {
			r := EventRecord{Animation: doc.Animations[k].Name, Time: e.Time, Frame: e.Time * rate, FrameRate: rate,
				Name: e.Name, Kind: string(e.Kind)}
			if e.Bone >= 0 && e.Bone < len(names) {
				r.Bone = names[e.Bone]
			}
			if len(e.Payload) > 0 {
				r.Payload = map[string]string{}
				for _, kv := range e.Payload {
					r.Payload[kv.Key] = kv.Value
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// WriteEvents writes events as `export --events` does: a JSON object
// {"schema": EventsSchema, "events": [EventRecord...]}.
func WriteEvents(w io.Writer, evs []EventRecord) error {
	b, err := json.MarshalIndent(struct {
		Schema string        `json:"schema"`
		Events []EventRecord `json:"events"`
	}{EventsSchema, evs}, "", "  ")
	if err != nil {
		return fmt.Errorf("export: events: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// sceneExtras records where the export came from and how it was converted:
// the source format and the game's facts, the basis change, and which pose
// the inverse bind matrices describe.
func sceneExtras(a *formats.Asset, c *Conversion, restFrom string, size float64) map[string]any {
	var basis [9]float64
	copy(basis[:], c.Basis[:])
	ex := map[string]any{
		"source_format": a.Format,
		"game":          a.Game,
		"version":       a.Version,
		"source_coords": map[string]any{
			"up":          map[formats.Axis]string{formats.AxisY: "y", formats.AxisZ: "z"}[a.Coords.Up],
			"left_handed": a.Coords.LeftHanded,
			"front_yaw":   a.Coords.FrontYaw,
		},
		"conversion": map[string]any{
			// Column-major: the columns are where the file's X, Y and Z
			// axes land in glTF.
			"basis":        basis,
			"mirrored":     c.Mirrors(),
			"units":        c.Units,
			"units_note":   "the file's own units (no format documents its unit)",
			"applied_to":   "every translation, rotation and scale (no root node)",
			"glTF_is":      "right-handed, +Y up, figure facing +Z",
			"source_basis": "p_gltf = units * basis * p_file",
		},
		"rest_pose":       restFrom,
		"skeleton":        a.Skeleton.Name,
		"skeleton_source": a.Skeleton.Source,
		"figure_size":     size,
	}
	if a.Entry != "" {
		ex["entry"] = a.Entry
	}
	if len(a.Info) > 0 {
		ex["info"] = kvs(a.Info)
	}
	if len(a.Warnings) > 0 {
		ex["warnings"] = a.Warnings
	}
	return ex
}

// takeExtras records the game's facts about a take: its looping, frame
// rate, interpolation and events (times in seconds, bones by node name).
func takeExtras(sk *formats.Skeleton, tk *Take, s *sampled) map[string]any {
	ex := map[string]any{
		"loop":          tk.Loop,
		"duration":      tk.Source.Duration(),
		"interpolation": tk.Interp,
		"keys":          len(s.times),
	}
	// The source's frame rate, so that an importer (Blender: set the
	// scene's rate first) puts keys on whole frames; a take without one
	// (LEGO Island's millisecond keys) is stepped at DefaultRate.
	ex["frame_rate"], ex["frame_rate_assumed"] = takeRate(tk)
	if tk.BakeRate > 0 {
		ex["baked_at"] = tk.BakeRate
	}
	if len(tk.Info) > 0 {
		ex["info"] = kvs(tk.Info)
	}
	if tk.Drives != nil {
		// The bones the take animates; the others keep their rest pose.
		names := uniqueNames(sk)
		driven := []string{}
		for b, d := range tk.Drives {
			if d && b < len(names) {
				driven = append(driven, names[b])
			}
		}
		ex["driven_bones"] = driven
	}
	if len(tk.Events) > 0 {
		names := uniqueNames(sk)
		evs := make([]map[string]any, 0, len(tk.Events))
		for _, e := range tk.Events {
			m := map[string]any{"time": e.Time, "name": e.Name, "kind": string(e.Kind)}
			if e.Bone >= 0 && e.Bone < len(names) {
				m["bone"] = names[e.Bone]
			}
			if len(e.Payload) > 0 {
				m["payload"] = kvs(e.Payload)
			}
			evs = append(evs, m)
		}
		ex["events"] = evs
	}
	return ex
}

// kvs keeps key/value pairs in file order (a JSON object would not).
func kvs(p []formats.KV) [][2]string {
	out := make([][2]string, len(p))
	for i, kv := range p {
		out[i] = [2]string{kv.Key, kv.Value}
	}
	return out
}
