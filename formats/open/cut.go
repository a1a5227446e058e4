package open

import (
	"errors"
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/cuts"
)

// cut adds to a, opened from the file at path, the cuts its sidecar keeps
// (FILE.animview.json; a sidecar that does not parse, or a cut that does
// not fit the file, is a warning, and the sidecar is left as it is) and
// then o.Split's. A bad --split is an error wrapping cuts.ErrSpec.
func (o Options) cut(a *formats.Asset, path string) error {
	kept, err := cuts.Load(path)
	if err != nil {
		a.Warnings = append(a.Warnings, err.Error()+" (its cuts are not shown; the file is left as it is)")
	}
	// A container's sidecar holds the cuts of all its entries: those of
	// a clip another entry has are not this entry's problem.
	var mine []cuts.Cut
	for _, c := range kept {
		if cuts.Source(a.Clips, c.Clip) != nil {
			mine = append(mine, c)
		}
	}
	for _, err := range cuts.Apply(a, mine) {
		a.Warnings = append(a.Warnings, "cuts sidecar: "+err.Error())
	}
	if o.Split == "" {
		return nil
	}
	rs, err := cuts.ParseSpec(o.Split)
	if err != nil {
		return err
	}
	src := splitSource(a, o.SplitClip)
	if src == nil {
		return fmt.Errorf("--split: %w: the file has no clip to cut", cuts.ErrSpec)
	}
	cs, err := cuts.Resolve(rs, src)
	if err != nil {
		return err
	}
	if errs := cuts.Apply(a, cs); len(errs) > 0 {
		return fmt.Errorf("--split: %w", errors.Join(errs...))
	}
	return nil
}

// splitSource is the clip --split cuts: the one sel (--clip) names among
// the file's own clips, else the first.
func splitSource(a *formats.Asset, sel string) *formats.Clip {
	var own []*formats.Clip
	for _, c := range a.Clips {
		if c.Group != cuts.Group {
			own = append(own, c)
		}
	}
	if len(own) == 0 {
		return nil
	}
	if sel != "" {
		if i, err := (&formats.Asset{Clips: own}).FindClip(sel, ""); err == nil {
			return own[i]
		}
	}
	return own[0]
}
