package open

import (
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
)

// TestRequireSkeleton: an asset with bones passes; one without says what
// to open instead, an event file with its loader's first warning (which
// names the ANIM).
func TestRequireSkeleton(t *testing.T) {
	if err := RequireSkeleton(demo.New()); err != nil {
		t.Errorf("demo: %v", err)
	}
	// A model alone: a static mesh on no bones is drawn in its bind
	// shape, but has nothing to pose.
	model := &formats.Asset{Format: "prime-cmdl", Skeleton: &formats.Skeleton{}, Meshes: []*formats.Mesh{{}}}
	if err := RequireDrawable(model); err != nil {
		t.Errorf("model alone: %v", err)
	}
	if err := RequireSkeleton(model); err == nil {
		t.Error("a model alone has a skeleton to pose")
	}
	if err := RequireDrawable(&formats.Asset{Format: "sims-skel"}); err == nil {
		t.Error("an asset without bones or mesh is drawable")
	}
	for _, c := range []struct {
		a    *formats.Asset
		want string
	}{
		{&formats.Asset{Format: "sims-skel"}, "the sims-skel file has no skeleton to pose: open the animation file that uses it instead, or give a skeleton with --skeleton FILE"},
		{&formats.Asset{Format: "mp1-evnt", Warnings: []string{"open ANIM_1234.ANIM"}}, "the mp1-evnt file has no skeleton to pose: open ANIM_1234.ANIM, or give"},
		{&formats.Asset{Format: "ms3d", Skeleton: &formats.Skeleton{}}, "the ms3d file has no skeleton to pose: open the animation"},
		// A container's entry is named, with what its loader met (issue 35).
		{&formats.Asset{Format: "prime-pak", Entry: "1A2B3C4D.ANIM", Warnings: []string{"CINF 5E6F7081: prime CINF: bone count at offset 0 (0x0): too many"}},
			`the prime-pak file's entry "1A2B3C4D.ANIM" has no skeleton to pose (its loader warned: CINF 5E6F7081: prime CINF: bone count at offset 0 (0x0): too many): open the animation`},
	} {
		if err := RequireSkeleton(c.a); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.a.Format, err, c.want)
		}
	}
}
