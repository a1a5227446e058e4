package prime

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// maxCandidates bounds the sibling CINFs parsed while looking for a
// skeleton; an extracted PAK holds a few dozen.
const maxCandidates = 256

// resolveSkeleton finds the ANIM's skeleton: the --skeleton file; else a
// sibling CINF whose bone ids cover every channel (with several, the one
// with the fewest bones beyond the channels, then by name); else flat bones
// named by id. The choice goes to Skeleton.Source and the asset's Info.
func resolveSkeleton(in *formats.Input, a *Anim, game Game, asset *formats.Asset) (*formats.Skeleton, error) {
	note := func(v string) { asset.Info = append(asset.Info, formats.KV{Key: "skeleton", Value: v}) }
	if in.Skeleton != nil {
		c, err := ParseCINF(in.Skeleton.Data, game)
		if err != nil {
			return nil, fmt.Errorf("skeleton %s: %w", in.Skeleton.Name, err)
		}
		sk, warn, err := c.Skeleton(in.Skeleton.Stem())
		if err != nil {
			return nil, fmt.Errorf("skeleton %s: %w", in.Skeleton.Name, err)
		}
		asset.Warnings = append(asset.Warnings, warn...)
		sk.Source = "--skeleton " + in.Skeleton.Name
		if miss := uncovered(c, &a.Keys); len(miss) > 0 {
			asset.Warnings = append(asset.Warnings, fmt.Sprintf("skeleton %s lacks the channel bone ids %s", in.Skeleton.Name, strings.Join(miss, " ")))
		}
		note(sk.Source)
		return sk, nil
	}
	sk, err := siblingSkeleton(in, a, asset)
	if err != nil {
		return nil, err
	}
	if sk != nil {
		note(sk.Source)
		return sk, nil
	}
	sk = flatSkeleton(in.Stem(), &a.Keys)
	note(sk.Source)
	return sk, nil
}

// uncovered lists the channel bone ids the CINF lacks.
func uncovered(c *CINF, k *Keys) []string {
	have := make(map[int]bool, len(c.Bones))
	for i := range c.Bones {
		have[int(c.Bones[i].ID)] = true
	}
	var miss []string
	for i := range k.Channels {
		if !have[k.Channels[i].BoneID] {
			miss = append(miss, strconv.Itoa(k.Channels[i].BoneID))
		}
	}
	return miss
}

func hasExt(name, ext string) bool {
	return len(name) > len(ext) && strings.EqualFold(name[len(name)-len(ext):], ext)
}

// siblingSkeleton returns the covering sibling CINF with the fewest bones,
// or nil; the error is an archive over its budget.
func siblingSkeleton(in *formats.Input, a *Anim, asset *formats.Asset) (*formats.Skeleton, error) {
	if in.Siblings == nil {
		return nil, nil
	}
	names, err := in.Siblings.List()
	if err != nil {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("looking for a CINF beside the file: %v", err))
		return nil, nil
	}
	var cands []string
	for _, n := range names {
		if hasExt(n, ".cinf") {
			cands = append(cands, n)
		}
	}
	sort.Strings(cands)
	if len(cands) > maxCandidates {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("%d CINF files beside the file; only the first %d were tried", len(cands), maxCandidates))
		cands = cands[:maxCandidates]
	}
	var best *CINF
	bestName, covering := "", 0
	for _, n := range cands {
		data, err := in.Siblings.Open(n)
		if errors.Is(err, formats.ErrBudget) {
			return nil, err
		}
		if err != nil {
			continue
		}
		c, err := ParseCINF(data, GameAuto)
		if err != nil || len(uncovered(c, &a.Keys)) > 0 {
			continue
		}
		covering++
		if best == nil || len(c.Bones) < len(best.Bones) {
			best, bestName = c, n
		}
	}
	if best == nil {
		return nil, nil
	}
	sk, warn, err := best.Skeleton(formats.Stem(bestName))
	if err != nil {
		return nil, nil
	}
	asset.Warnings = append(asset.Warnings, warn...)
	sk.Source = fmt.Sprintf("sibling %s (its bone ids cover the %d channels)", bestName, len(a.Keys.Channels))
	if covering > 1 {
		sk.Source += fmt.Sprintf("; %d CINFs cover them, this one has the fewest bones", covering)
	}
	return sk, nil
}

// flatSkeleton makes one root bone per channel, named by its id, at the
// origin: without a CINF there is no hierarchy or bind pose to show.
func flatSkeleton(name string, k *Keys) *formats.Skeleton {
	sk := &formats.Skeleton{Name: name, Source: "channels (no CINF found): flat bones named by id"}
	seen := map[int]bool{}
	for i := range k.Channels {
		id := k.Channels[i].BoneID
		if seen[id] {
			continue
		}
		seen[id] = true
		sk.Bones = append(sk.Bones, formats.Bone{ID: id, Name: "bone " + strconv.Itoa(id), Parent: -1, Bind: formats.Identity()})
	}
	return sk
}

// idFromName returns the 8-hex-digit resource id at the end of a file's
// base name (<prefix><ID>.<TYPE>), if any.
func idFromName(name string) (uint32, bool) {
	b := formats.Stem(name)
	if len(b) < 8 {
		return 0, false
	}
	v, err := strconv.ParseUint(b[len(b)-8:], 16, 32)
	return uint32(v), err == nil
}

// findByID returns the sibling named <prefix><ID as 8 hex>.<ext>, any case.
func findByID(r formats.Resolver, id uint32, ext string) (string, bool) {
	names, err := r.List()
	if err != nil {
		return "", false
	}
	want := fmt.Sprintf("%08X.%s", id, ext)
	var found []string
	for _, n := range names {
		if hasExt(n, want) || strings.EqualFold(n, want) {
			found = append(found, n)
		}
	}
	if len(found) == 0 {
		return "", false
	}
	// The exact name wins over prefixed ones; then the shortest.
	sort.Slice(found, func(i, j int) bool {
		if len(found[i]) != len(found[j]) {
			return len(found[i]) < len(found[j])
		}
		return found[i] < found[j]
	})
	return found[0], true
}

// attachEvents loads the EVNT the ANIM names (MP1: the header's id), or
// failing that one named by the ANIM's own id, and puts its events on the
// clip. It returns the event source for Info.
func attachEvents(in *formats.Input, a *Anim, sk *formats.Skeleton, clip *formats.Clip, asset *formats.Asset) (string, error) {
	if in.Siblings == nil {
		return "none (no folder to look in)", nil
	}
	id, named := a.EVNTID()
	name, ok := "", false
	if named {
		name, ok = findByID(in.Siblings, id, "EVNT")
	}
	how := "named by the ANIM header"
	if !ok {
		if own, has := idFromName(in.Name); has {
			if name, ok = findByID(in.Siblings, own, "EVNT"); ok {
				how = "named by the ANIM's own id"
			}
		}
	}
	if !ok {
		if named {
			asset.Warnings = append(asset.Warnings, fmt.Sprintf("the ANIM names EVNT %08X, which is not beside it", id))
			return fmt.Sprintf("%08X.EVNT (not found)", id), nil
		}
		return "none", nil
	}
	data, err := in.Siblings.Open(name)
	if errors.Is(err, formats.ErrBudget) {
		return "", err
	}
	if err != nil {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("events: %v", err))
		return name + " (unreadable)", nil
	}
	e, err := ParseEVNT(data, GameAuto)
	if err != nil {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("events %s: %v", name, err))
		return name + " (unreadable)", nil
	}
	clip.Events = e.Events(sk)
	return fmt.Sprintf("%s (%s)", name, how), nil
}
