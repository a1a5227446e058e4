package gltf

import "strconv"

// animationNames names each take's glTF animation: its name alone, with
// " (2)", " (3)" and so on added where names repeat (importers key
// actions by name), and "animation N" for a take without one.
func animationNames(takes []Take) []string {
	names := make([]string, len(takes))
	used := map[string]bool{}
	for i := range takes {
		base := takes[i].Name
		if base == "" {
			base = "animation " + strconv.Itoa(i+1)
		}
		name := base
		for n := 2; used[name]; n++ {
			name = base + " (" + strconv.Itoa(n) + ")"
		}
		used[name] = true
		names[i] = name
	}
	return names
}
