package export

import (
	"github.com/animview/animview/formats"
)

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
	if tk.FrameRate > 0 {
		ex["frame_rate"] = tk.FrameRate
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
