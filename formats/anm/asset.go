package anm

import (
	"fmt"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
)

// frameTol is how far, in frames, a key may lie outside a range and still
// count as inside: float32 key times in seconds do not hold most frame
// times exactly (a key at frame 50 reads back as 49.9999981;
// docs/formats/milkshape-anm.md#frames-and-clips).
const frameTol = 1e-3

// Loader returns the ANM loader.
func Loader() formats.Loader {
	return formats.Loader{
		Name:        Format,
		Description: "ANM animation sets over a MilkShape 3D model's timeline (.anm text)",
		Extensions:  []string{"anm"},
		Sniff:       Sniff,
		Load:        Load,
	}
}

// Load parses an ANM file, finds its model file and builds one clip per
// "an" line. The model is, in this order: the file the user chose
// (Input.Skeleton, from --model or --skeleton), a .ms3d with the ANM's
// base name beside it, the only .ms3d beside it.
func Load(in *formats.Input) (*formats.Asset, error) {
	f, err := Parse(in.Data)
	if err != nil {
		return nil, err
	}
	name, data, err := findModel(in)
	if err != nil {
		return nil, err
	}
	model, err := ms3d.ParseAny(data)
	if err != nil {
		return nil, fmt.Errorf("%s: model %s: %w", Format, name, err)
	}
	// The model's textures are beside the model: the chosen file's
	// folder, or the ANM's where the model was found beside it.
	files := in.Siblings
	if in.Skeleton != nil {
		files = in.Skeleton.Siblings
	}
	return Build(f, model, name, files)
}

func findModel(in *formats.Input) (string, []byte, error) {
	if in.Skeleton != nil {
		return in.Skeleton.Name, in.Skeleton.Data, nil
	}
	base := in.Stem()
	want := base + ".ms3d"
	tried := []string{"--model FILE (not given)"}
	if in.Siblings == nil {
		tried = append(tried, "files beside it (none can be listed)")
		return "", nil, fmt.Errorf("%s: no model file for %s: tried %s", Format, in.Name, strings.Join(tried, "; "))
	}
	if n, ok := formats.FindSibling(in.Siblings, want); ok {
		b, err := in.Siblings.Open(n)
		if err != nil {
			return "", nil, fmt.Errorf("%s: model %s: %w", Format, n, err)
		}
		return n, b, nil
	}
	tried = append(tried, fmt.Sprintf("%q beside it (not found)", want))
	names, err := in.Siblings.List()
	if err != nil {
		return "", nil, fmt.Errorf("%s: no model file for %s: tried %s; listing the folder: %w", Format, in.Name, strings.Join(tried, "; "), err)
	}
	var models []string
	for _, n := range names {
		if strings.EqualFold(path.Ext(n), ".ms3d") {
			models = append(models, n)
		}
	}
	if len(models) == 1 {
		b, err := in.Siblings.Open(models[0])
		if err != nil {
			return "", nil, fmt.Errorf("%s: model %s: %w", Format, models[0], err)
		}
		return models[0], b, nil
	}
	if len(models) == 0 {
		tried = append(tried, "the only .ms3d beside it (there is none)")
	} else {
		sort.Strings(models)
		tried = append(tried, fmt.Sprintf("the only .ms3d beside it (there are %d: %s)", len(models), strings.Join(models, ", ")))
	}
	return "", nil, fmt.Errorf("%s: no model file for %s: tried %s; choose one with --model FILE", Format, in.Name, strings.Join(tried, "; "))
}

// Build makes the asset: the model's skeleton, and per "an" line a clip
// named Set/Anim that drives only its set's bones, on the keys inside its
// range (docs/formats/milkshape-anm.md#frames-and-clips), with MilkShape's
// evaluation baked into its tracks (package ms3d,
// docs/formats/milkshape-anm.md#baking-into-tracks), and the model's mesh
// with its textures looked for under files, the model's folder (nil:
// none are).
func Build(f *File, model *ms3d.File, modelName string, files formats.Resolver) (*formats.Asset, error) {
	sk, bone, warns, err := model.Skeleton(strings.TrimSuffix(modelName, path.Ext(modelName)))
	if err != nil {
		return nil, err
	}
	joint := make([]int, len(sk.Bones)) // bone index -> file joint
	for j, b := range bone {
		joint[b] = j
	}
	children := make([][]int, len(sk.Bones))
	for i, b := range sk.Bones {
		if b.Parent >= 0 {
			children[b.Parent] = append(children[b.Parent], i)
		}
	}
	a := &formats.Asset{
		Format:   Format,
		Game:     "MilkShape 3D (ANM)",
		Coords:   ms3d.Coords,
		Skeleton: sk,
		Warnings: warns,
		Info: []formats.KV{
			{Key: "model", Value: modelName},
			{Key: "model version", Value: strconv.Itoa(int(model.Header.Version))},
			{Key: "model fps", Value: strconv.FormatFloat(float64(model.AnimationFPS), 'g', -1, 32)},
			{Key: "sets", Value: strconv.Itoa(len(f.Sets))},
		},
	}
	if model.AnimationFPS != FPS {
		a.Warnings = append(a.Warnings, fmt.Sprintf("the model's timeline runs at %v fps; ANM frame F is model time F/%d s, not the model's frame F",
			model.AnimationFPS, FPS))
	}
	// Samples on every frame at 24 fps: clips start on a key or an event,
	// so their frames are the model's (at a 24 fps model, keys on frames).
	baker := ms3d.Baker{Tolerance: ms3d.Tolerance(sk), FPS: FPS}
	for si := range f.Sets {
		set := &f.Sets[si]
		drives, err := setBones(set, sk, children)
		if err != nil {
			return nil, err
		}
		var names []string
		for i, d := range drives {
			if d {
				names = append(names, sk.Bones[i].Name)
			}
		}
		a.Info = append(a.Info, formats.KV{Key: "set " + set.Name, Value: strings.Join(names, " ")})
		for _, an := range set.Anims {
			c, w := buildClip(set, an, model, sk, joint, drives, &baker)
			a.Clips = append(a.Clips, c)
			a.Warnings = append(a.Warnings, w...)
		}
	}
	st, err := baker.Bake()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Format, err)
	}
	// The model's mesh, skinned to the same bones.
	model.AttachMesh(a, strings.TrimSuffix(modelName, path.Ext(modelName)), bone, files)
	for _, c := range a.Clips {
		c.Info = append(c.Info, ms3d.BakeInfo(st)...)
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", Format, err)
	}
	return a, nil
}

// setBones resolves a set's bl lines into a per-bone membership: the set
// union of each named bone, its whole subtree with +children and its
// parent with +parent (docs/formats/milkshape-anm.md#bone-sets: the only
// reading under which the ANM page's "same as" comment holds).
func setBones(set *Set, sk *formats.Skeleton, children [][]int) ([]bool, error) {
	in := make([]bool, len(sk.Bones))
	for _, bl := range set.Bones {
		b := sk.IndexByName(bl.Name)
		if b < 0 {
			return nil, formats.LineErrorf(Format, "bl", bl.Line, "unknown bone %q in set %q; closest names: %s",
				bl.Name, set.Name, closest(bl.Name, sk))
		}
		in[b] = true
		if bl.Children {
			stack := append([]int(nil), children[b]...)
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				in[c] = true
				stack = append(stack, children[c]...)
			}
		}
		if bl.Parent && sk.Bones[b].Parent >= 0 {
			in[sk.Bones[b].Parent] = true
		}
	}
	return in, nil
}

// buildClip queues the clip's tracks on the baker and returns the clip
// with its events, and warnings.
func buildClip(set *Set, an AnimLine, model *ms3d.File, sk *formats.Skeleton, joint []int, drives []bool, baker *ms3d.Baker) (*formats.Clip, []string) {
	c := &formats.Clip{
		Name:      set.Name + "/" + an.Name,
		Group:     set.Name,
		Drives:    drives,
		FrameRate: FPS,
		Loop:      true,
		Interp:    formats.InterpShortestArc,
		Tracks:    make([]formats.BoneTracks, len(sk.Bones)),
	}
	lo, hi := an.Start-frameTol, an.End+frameTol
	type pulled struct {
		rot []ms3d.RotationKey
		pos []ms3d.PositionKey
	}
	keys := make([]pulled, len(sk.Bones))
	first, last := math.Inf(1), math.Inf(-1) // frames
	see := func(fr float64) {
		first = math.Min(first, fr)
		last = math.Max(last, fr)
	}
	for b, d := range drives {
		// The static bone of vertices without a joint has no joint's keys.
		if !d || sk.Bones[b].ID < 0 {
			continue
		}
		j := &model.Joints[joint[b]]
		rot := j.RotationKeys[sort.Search(len(j.RotationKeys), func(i int) bool { return float64(j.RotationKeys[i].Time)*FPS >= lo }):]
		rot = rot[:sort.Search(len(rot), func(i int) bool { return float64(rot[i].Time)*FPS > hi })]
		pos := j.PositionKeys[sort.Search(len(j.PositionKeys), func(i int) bool { return float64(j.PositionKeys[i].Time)*FPS >= lo }):]
		pos = pos[:sort.Search(len(pos), func(i int) bool { return float64(pos[i].Time)*FPS > hi })]
		keys[b] = pulled{rot, pos}
		if len(rot) > 0 {
			see(float64(rot[0].Time) * FPS)
			see(float64(rot[len(rot)-1].Time) * FPS)
		}
		if len(pos) > 0 {
			see(float64(pos[0].Time) * FPS)
			see(float64(pos[len(pos)-1].Time) * FPS)
		}
	}
	var events []EventLine
	for _, ev := range set.Events {
		if ev.Frame >= lo && ev.Frame <= hi {
			events = append(events, ev)
			see(ev.Frame)
		}
	}
	var warns []string
	if math.IsInf(first, 1) {
		first, last = an.Start, an.Start
		warns = append(warns, fmt.Sprintf("clip %q (line %d): no key of its set's bones and no event in frames %s to %s",
			c.Name, an.Line, ftoa(an.Start), ftoa(an.End)))
	}
	// Clip time 0 is the first key or event inside the range
	// (docs/formats/milkshape-anm.md#frames-and-clips).
	shift := first / FPS
	c.Duration = (last - first) / FPS
	for b := range keys {
		if drives[b] && (len(keys[b].rot) > 0 || len(keys[b].pos) > 0) {
			baker.Add(&model.Joints[joint[b]], keys[b].rot, keys[b].pos, shift, &c.Tracks[b])
		}
	}
	for _, ev := range events {
		c.Events = append(c.Events, formats.Event{
			Time: math.Max(0, ev.Frame/FPS-shift), Name: ev.Name, Kind: formats.EventCallback, Bone: -1,
			Payload: []formats.KV{{Key: "frame", Value: ftoa(ev.Frame)}, {Key: "line", Value: strconv.Itoa(ev.Line)}},
		})
	}
	c.Info = []formats.KV{
		{Key: "set", Value: set.Name},
		{Key: "range", Value: ftoa(an.Start) + "-" + ftoa(an.End)},
		{Key: "start frame", Value: ftoa(first)},
		{Key: "end frame", Value: ftoa(last)},
		{Key: "line", Value: strconv.Itoa(an.Line)},
	}
	return c, warns
}

func ftoa(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

// closest lists up to three bone names nearest to name by edit distance,
// a difference of case counting as nearest.
func closest(name string, sk *formats.Skeleton) string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, b := range sk.Bones {
		d := editDistance(name, b.Name)
		if strings.EqualFold(name, b.Name) {
			d = 0
		}
		cs = append(cs, cand{b.Name, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	if len(cs) == 0 {
		return "(the model has no joints)"
	}
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, strconv.Quote(cs[i].name))
	}
	return strings.Join(out, ", ")
}

// editDistance is the Levenshtein distance, bounded to the first 64 bytes
// of each name so that long junk lines cost little.
func editDistance(a, b string) int {
	a, b = a[:min(len(a), 64)], b[:min(len(b), 64)]
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
