package render

import (
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestLabelMetrics: the advances, cap height and descent labels are
// placed with are Go Regular's own.
func TestLabelMetrics(t *testing.T) {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	em := fixed.I(int(f.UnitsPerEm()))
	if f.UnitsPerEm() != goRegularUnits {
		t.Fatalf("%d units per em", f.UnitsPerEm())
	}
	for c := rune(' '); c <= '~'; c++ {
		g, err := f.GlyphIndex(&b, c)
		if err != nil {
			t.Fatal(err)
		}
		adv, err := f.GlyphAdvance(&b, g, em, font.HintingNone)
		if err != nil || adv.Round() != int(goRegularAdvance[c-' ']) {
			t.Errorf("%q: advance %d, table %d (%v)", c, adv.Round(), goRegularAdvance[c-' '], err)
		}
	}
	m, err := f.Metrics(&b, em, font.HintingNone)
	if err != nil || m.CapHeight.Round() != goRegularCapHeight || m.Descent.Round() != goRegularDescent {
		t.Errorf("metrics %+v (%v)", m, err)
	}
	if w := LabelWidth("R_ARM", 13); w != 10+8+9+10+11 {
		t.Errorf("R_ARM is %v px wide at 13", w)
	}
}

// figure loads a FreeSO standing pose on the built-in Sims skeleton and
// the demo's walk, posed at their first frame.
func labelFigures(t *testing.T) map[string]*Scene {
	t.Helper()
	data, err := os.ReadFile("../formats/sims/testdata/tso/a2o-skeledeco-idle.0557534f00000007.anim")
	if err != nil {
		t.Fatal(err)
	}
	var load func(*formats.Input) (*formats.Asset, error)
	for _, l := range sims.Loaders() {
		if l.Sniff(data) && l.Extensions[0] == "anim" {
			load = l.Load
		}
	}
	a, err := load(&formats.Input{Name: "idle.anim", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*Scene{}
	for name, a := range map[string]*formats.Asset{"sims": a, "demo": demo.New()} {
		pose, world := player.NewPose(a.Skeleton), player.NewWorldPose(a.Skeleton)
		player.NewClipSampler(a.Skeleton, a.Clips[0]).Sample(0, pose)
		player.ToWorld(a.Skeleton, pose, world)
		out[name] = &Scene{Skeleton: a.Skeleton, World: world, Selected: -1, Root: SceneRoot(a.Coords)}
	}
	return out
}

// TestLabelsApart: bone names shown on a whole figure (N) overlap no
// other name, stay inside the view and near their joints, and hardly any
// is left out (issue 24: around the shoulders, the pelvis and the toes of
// a Sims figure the names ran into one another).
func TestLabelsApart(t *testing.T) {
	capH := ceil32(LabelSize * goRegularCapHeight / goRegularUnits)
	desc := ceil32(LabelSize * goRegularDescent / goRegularUnits)
	for name, sc := range labelFigures(t) {
		for _, sel := range []int{-1, 2} {
			sc.Selected = sel
			vp := Viewport{0, 0, 800, 600}
			f := ClipFraming(sc.Skeleton, nil, sc.Root, 2)
			cam := DefaultCamera()
			// The bind pose framing; the figure is posed at its clip's
			// first frame, close to it.
			f.Whole = boundsOf(sc)
			f.Aim(&cam, 800.0/600, false)
			opt := sticksOnly()
			opt.Labels = true
			var dl DrawList
			Build(&dl, sc, cam, vp, opt)
			if len(dl.Labels) < len(dl.Dots)*9/10 {
				t.Errorf("%s: %d labels for %d joints", name, len(dl.Labels), len(dl.Dots))
			}
			type box struct{ x0, y0, x1, y1 float32 }
			boxes := make([]box, len(dl.Labels))
			joints := map[int]mgl32.Vec2{}
			for _, d := range dl.Dots {
				joints[d.Bone] = d.P
			}
			selected := false
			for i, l := range dl.Labels {
				b := box{l.P[0], l.P[1] - capH, l.P[0] + LabelWidth(l.Text, LabelSize), l.P[1] + desc}
				boxes[i] = b
				if b.x0 < 0 || b.y0 < 0 || b.x1 > 800 || b.y1 > 600 {
					t.Errorf("%s: %q at %v leaves the view", name, l.Text, l.P)
				}
				j := joints[l.Bone]
				cx, cy := min(max(j[0], b.x0), b.x1), min(max(j[1], b.y0), b.y1)
				if d := (mgl32.Vec2{cx - j[0], cy - j[1]}).Len(); d > 4*(capH+desc+2)+10 {
					t.Errorf("%s: %q is %v px from its joint", name, l.Text, d)
				}
				selected = selected || l.Bone == sel
			}
			if sel >= 0 && !selected {
				t.Errorf("%s: the selected bone's name is not shown", name)
			}
			for i := range boxes {
				for k := i + 1; k < len(boxes); k++ {
					a, b := boxes[i], boxes[k]
					if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
						t.Errorf("%s: %q at %v overlaps %q at %v", name, dl.Labels[i].Text, dl.Labels[i].P, dl.Labels[k].Text, dl.Labels[k].P)
					}
				}
			}
			t.Logf("%s, selected %d: %d labels for %d joints", name, sel, len(dl.Labels), len(dl.Dots))
		}
	}
}

// boundsOf is the view-space bounds of a scene's joints.
func boundsOf(sc *Scene) Bounds {
	var b Bounds
	for i := range sc.Skeleton.Bones {
		b.Add(affine(&sc.Root, sc.World.Position(i)))
	}
	return b
}
