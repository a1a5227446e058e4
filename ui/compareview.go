package ui

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/curves"
	"github.com/animview/animview/ui/state"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// comparer is the window's compare view (issue 31): a second file, B,
// posed on the same clock as the open file, A, and drawn over it in its
// own colour (render.Scene.Compare), with its own clip; the status line
// gives the largest difference now and its bone (compare.ComparePoses),
// a panel in the view's top right lists the bones that differ most over
// the clip (compare.Diff, the numbers of `animview diff`) and a click on
// one selects it, and the curves panel plots the selected bone's
// difference. Bones pair as diff pairs them (compare.Match with the map).
// It holds the tools, the hooks and the parts it draws beside; the state
// comes with each call that reads it.
type comparer struct {
	tools
	hooks
	// scene is the view B's figure is drawn in (its axes and A's pose);
	// ov the overlays whose banner the panel keeps clear of; browser the
	// one a compare-dialog opened.
	scene   *scene
	ov      *overlay
	browser *browser
	// path is B's path ("" while nothing is compared), asset B, clip the
	// index of B's clip (-1: its bind pose), mapping the bone map.
	path    string
	asset   *formats.Asset
	clip    int
	mapping compare.Map

	// key is what the pairing, B's sampler and the list were made for;
	// gen counts the times they were made again.
	key compareKey
	gen int
	// aClip is A's clip when B's clip was last chosen, so that B follows
	// A to a clip of the same name.
	aClip *formats.Clip

	pair           compare.Pairing
	sampler        player.Sampler
	poseA, poseB   *player.Pose
	worldA, worldB *player.WorldPose
	fig            render.Figure
	// root is SceneRoot of B's axes.
	root mgl32.Mat4
	// now is the difference at the time last measured.
	now compare.PoseDiff
	// result is the comparison over A's clip; aIndex gives, per entry of
	// result.Bones, its bone in A; top are the entries of result.Bones
	// that differ most, largest first.
	result *compare.Result
	aIndex []int
	top    []int
	// lines are the panel's texts, made when the list is, and fitted
	// those cut to the panel (fit); rows are where
	// the list's rows were drawn, and prev, next and closeBox the clip
	// picker's arrows and the close box.
	lines, fitted         []string
	rows                  []image.Rectangle
	panel                 image.Rectangle
	prev, next, closeBox  image.Rectangle
	statusShown           string
	statusGen, statusBone int
	statusPos             float64
	// logged is the panel's place and the list's generation the texts
	// were last cut (fitted) and traced for.
	logged compareLog
}

// compareLog is what the panel's fitted texts were made for.
type compareLog struct {
	gen   int
	panel image.Rectangle
}

// compareKey is what the comparison over the clip depends on.
type compareKey struct {
	a, b   *formats.Asset
	aClip  *formats.Clip
	bClip  int
	anim   int
	tree   int
	active bool
}

// compareRows is how many of the bones that differ most the panel lists.
const compareRows = 8

// active reports whether a file is compared.
func (c *comparer) active() bool { return c.asset != nil }

// open opens the file at path as B: its clip is A's clip's namesake when
// it has one, else its default clip. A file that does not open, or has no
// skeleton, leaves the comparison as it was and shows the error.
func (c *comparer) open(st *state.State, path string) error {
	b, err := c.openPath(path)
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return c.openAsset(st, path, b)
}

// openAsset makes b, read from path, B.
func (c *comparer) openAsset(st *state.State, path string, b *formats.Asset) error {
	if err := open.RequireSkeleton(b); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	c.path, c.asset = path, b
	c.clip = b.DefaultClip(path)
	c.aClip = nil // choose by A's clip's name at the next refresh
	c.refresh(st)
	c.frameAll(st)
	return nil
}

// close ends the comparison.
func (c *comparer) close(st *state.State) {
	c.path, c.asset, c.result, c.sampler = "", nil, nil, nil
	c.top, c.aIndex = c.top[:0], c.aIndex[:0]
	c.refresh(st)
	c.frameAll(st)
}

// selectClip shows B's clip called name, or numbered so.
func (c *comparer) selectClip(st *state.State, name string) error {
	if !c.active() {
		return fmt.Errorf("compare-clip: no file is compared (compare FILE first)")
	}
	for i, cl := range c.asset.Clips {
		if cl.Name == name || strconv.Itoa(i) == name {
			c.clip = i
			c.refresh(st)
			return nil
		}
	}
	return fmt.Errorf("compare-clip: %s has no clip %q", filepath.Base(c.path), name)
}

// stepClip shows B's clip d on from the one shown.
func (c *comparer) stepClip(st *state.State, d int) error {
	if !c.active() {
		return fmt.Errorf("no file is compared (compare FILE first)")
	}
	if n := len(c.asset.Clips); n > 0 {
		c.clip = ((c.clip+d)%n + n) % n
		c.refresh(st)
	}
	return nil
}

// stepClipOr steps B's clip while a file is compared, else A's (the
// keys keep what they did without Shift).
func (c *comparer) stepClipOr(st *state.State, d int) error {
	if !c.active() {
		c.stepClip(st, d)
		return nil
	}
	return c.stepClip(st, d)
}

// bClip is B's clip shown, nil for its bind pose.
func (c *comparer) bClip() *formats.Clip {
	if c.asset == nil || c.clip < 0 || c.clip >= len(c.asset.Clips) {
		return nil
	}
	return c.asset.Clips[c.clip]
}

// refresh makes the pairing, B's sampler and the comparison over the
// clip again when A, A's clip or B's clip changed; when A's clip changed
// and B has a clip of its name, B shows that one.
func (c *comparer) refresh(st *state.State) {
	aClip := st.CurrentClip()
	if c.active() && aClip != c.aClip {
		c.aClip = aClip
		if aClip != nil {
			for i, bc := range c.asset.Clips {
				if bc.Name == aClip.Name {
					c.clip = i
					break
				}
			}
		}
	}
	k := compareKey{a: st.Asset(), b: c.asset, aClip: aClip, bClip: c.clip, anim: st.Tree().Anim(), tree: st.Tree().Gen(), active: c.active()}
	if k == c.key {
		return
	}
	c.key = k
	c.gen++
	if !c.active() {
		return
	}
	ska, skb := st.Asset().Skeleton, c.asset.Skeleton
	c.pair = compare.Match(ska, skb, c.mapping)
	c.poseA, c.worldA = player.NewPose(ska), player.NewWorldPose(ska)
	c.poseB, c.worldB = player.NewPose(skb), player.NewWorldPose(skb)
	c.sampler = nil
	if bc := c.bClip(); bc != nil && bc.Validate(len(skb.Bones)) == nil {
		c.sampler = player.NewClipSampler(skb, bc)
	}
	c.root = render.SceneRoot(c.asset.Coords)
	c.fig = render.Figure{Skeleton: skb, World: c.worldB, Root: c.root}
	ac := aClip
	if ac != nil && ac.Validate(len(ska.Bones)) != nil {
		ac = nil
	}
	var bc *formats.Clip
	if c.sampler != nil {
		bc = c.bClip()
	}
	c.result = compare.Diff(compare.Clip{Skeleton: ska, Clip: ac}, compare.Clip{Skeleton: skb, Clip: bc}, c.mapping)
	c.aIndex = c.aIndex[:0]
	for i, j := range c.pair.BOf {
		if j >= 0 {
			c.aIndex = append(c.aIndex, i)
		}
	}
	c.top = c.top[:0]
	for k := range c.result.Bones {
		c.top = append(c.top, k)
	}
	bones := c.result.Bones
	slices.SortStableFunc(c.top, func(x, y int) int {
		if d := cmp.Compare(bones[y].MaxPosition, bones[x].MaxPosition); d != 0 {
			return d
		}
		return cmp.Compare(bones[y].MaxRotationDeg, bones[x].MaxRotationDeg)
	})
	c.top = c.top[:min(len(c.top), compareRows)]
	c.makeLines()
	if c.opt.Trace {
		names := make([]string, len(c.top))
		for i, k := range c.top {
			names[i] = bones[k].Name
		}
		c.opt.Log(fmt.Sprintf("compare: %s clip %q against %q: largest %.6g (bone %q at %.4g s), differ most: %s",
			filepath.Base(c.path), c.result.ClipB, c.result.ClipA, c.result.MaxPosition, c.result.WorstBone, c.result.WorstTime, strings.Join(names, ", ")))
	}
}

// makeLines makes the panel's texts for the comparison.
func (c *comparer) makeLines() {
	r := c.result
	c.lines = c.lines[:0]
	c.lines = append(c.lines, "Compare: "+filepath.Base(c.path))
	clip := "(bind pose)"
	if bc := c.bClip(); bc != nil {
		clip = fmt.Sprintf("%s  (%.2f s)", bc.Name, bc.Duration)
	}
	c.lines = append(c.lines, clip)
	only := fmt.Sprintf("only in A: %d · only in B: %d", len(r.UnmatchedA), len(r.UnmatchedB))
	if len(r.UnmatchedA)+len(r.UnmatchedB) > 0 && len(r.UnmatchedA)+len(r.UnmatchedB) <= 4 {
		only = fmt.Sprintf("only in A: %s · only in B: %s", orNone(r.UnmatchedA), orNone(r.UnmatchedB))
	}
	c.lines = append(c.lines, only)
	c.lines = append(c.lines, fmt.Sprintf("differ most (at most %.3g%% of the figure):", 100*r.MaxPositionRelative))
	for _, k := range c.top {
		b := r.Bones[k]
		c.lines = append(c.lines, fmt.Sprintf("%s   %.3g  %.3g°  %.2f s", b.Name, b.MaxPosition, b.MaxRotationDeg, b.Time))
	}
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// update poses A (as it plays, without in place) and B at the playback
// time, or both in their bind pose, and measures them: once a tick,
// allocating nothing unless what is compared changed.
func (c *comparer) update(st *state.State) {
	if !st.Browser().Open() {
		c.browser.compare = false // a browser closed without a choice
	}
	c.refresh(st)
	if c.active() {
		c.measure(st)
	}
}

// measure poses both figures at the playback time and measures them.
func (c *comparer) measure(st *state.State) {
	t := st.Playback().Time()
	ska, skb := st.Asset().Skeleton, c.asset.Skeleton
	bind := st.Visibility().BindPose()
	if smp := st.Sampler(); smp != nil && !bind {
		smp.Sample(t, c.poseA)
	} else {
		c.poseA.SetBind(ska)
	}
	if c.sampler != nil && !bind {
		c.sampler.Sample(t, c.poseB)
	} else {
		c.poseB.SetBind(skb)
	}
	player.ToWorld(ska, c.poseA, c.worldA)
	player.ToWorld(skb, c.poseB, c.worldB)
	c.now = compare.ComparePoses(&c.pair, c.worldA, c.worldB)
}

// figure is B posed for the scene, nil while nothing is compared. The
// scene has posed A by now: in place (Shift+I), B moves by what holding
// moved A, so that the two stay together.
func (c *comparer) figure(st *state.State) *render.Figure {
	if !c.active() || st.Texture() != nil {
		return nil
	}
	c.fig.Root = c.root
	if d := c.heldBy(st); d != (mgl32.Vec3{}) {
		v := c.scene.root.Mul4x1(d.Vec4(0)).Vec3() // into the view's axes
		c.fig.Root = mgl32.Translate3D(v[0], v[1], v[2]).Mul4(c.root)
	}
	return &c.fig
}

// heldBy is how far, in A's model space, in place moved A's figure: the
// largest move of a bone between A as it plays (measure) and as the scene
// drew it; 0 when in place is off.
func (c *comparer) heldBy(st *state.State) mgl32.Vec3 {
	w := c.scene.world
	if !st.Visibility().InPlace() || st.Visibility().BindPose() || w == nil || w.Len() != c.worldA.Len() {
		return mgl32.Vec3{}
	}
	var best mgl32.Vec3
	for i := 0; i < w.Len(); i++ {
		if d := w.Position(i).Sub(c.worldA.Position(i)); d.LenSqr() > best.LenSqr() {
			best = d
		}
	}
	return best
}

// frame widens a framing to take in B over its clip.
func (c *comparer) frame(f *render.Framing) {
	if !c.active() {
		return
	}
	var src player.Sampler
	if bc := c.bClip(); bc != nil && c.sampler != nil {
		src = player.NewClipSampler(c.asset.Skeleton, bc) // its own: framing samples leave B's alone
	}
	g := render.ClipFraming(c.asset.Skeleton, src, c.root, 32)
	f.Whole.Union(g.Whole)
	f.Around.Union(g.Around)
}

// status is what the status line adds while a file is compared: the
// largest difference now, relative to the figure, and its bone. It is
// made again only when those change.
func (c *comparer) status(st *state.State) string {
	if !c.active() {
		return ""
	}
	if c.gen == c.statusGen && c.now.Bone == c.statusBone && c.now.MaxPosition == c.statusPos && c.statusShown != "" {
		return c.statusShown
	}
	c.statusGen, c.statusBone, c.statusPos = c.gen, c.now.Bone, c.now.MaxPosition
	switch {
	case c.now.Bone < 0:
		c.statusShown = "   vs B: no bones pair"
	case c.now.MaxPosition == 0 && c.now.MaxRotationDeg == 0:
		c.statusShown = "   vs B: same"
	default:
		rel := c.now.MaxPosition / c.result.Size
		c.statusShown = fmt.Sprintf("   vs B: %.4g (%.3g%%) at %s", c.now.MaxPosition, 100*rel, st.Asset().Skeleton.Bones[c.now.Bone].Name)
	}
	return c.statusShown
}

// curves adds the difference of bone i from its bone in B to the curves
// panel's series at its times, while a file is compared and the bone has
// a bone in B. Both are sampled by samplers and poses of their own, so
// that playback and the poses drawn are left alone: A's clip as it plays,
// without in place, as measure does (a character's tree as the curves
// panel samples it).
func (c *comparer) curves(st *state.State, s *curves.Series, i int) {
	if !c.active() || i < 0 || i >= len(c.pair.BOf) || c.pair.BOf[i] < 0 {
		return
	}
	ska, skb := st.Asset().Skeleton, c.asset.Skeleton
	var srcA, srcB player.Sampler
	if cl := st.CurrentClip(); st.Tree().Anim() < 0 && cl != nil && st.Sampler() != nil {
		srcA = player.NewClipSampler(ska, cl)
	} else if st.Tree().Anim() >= 0 {
		srcA, _, _ = st.RecordSource() // nil when the tree did not build
	}
	if c.sampler != nil {
		srcB = player.NewClipSampler(skb, c.bClip())
	}
	pa, pb := player.NewPose(ska), player.NewPose(skb)
	wa, wb := player.NewWorldPose(ska), player.NewWorldPose(skb)
	j := c.pair.BOf[i]
	curves.SampleDifference(s, func(t float64) (float64, float64) {
		if srcA != nil {
			srcA.Sample(t, pa)
		}
		if srcB != nil {
			srcB.Sample(t, pb)
		}
		player.ToWorld(ska, pa, wa)
		player.ToWorld(skb, pb, wb)
		return compare.BoneDifference(wa, i, wb, j)
	})
}

// Panel geometry: its width at most and its lines' height.
const (
	comparePanelW = 260
	compareLineH  = 18
)

// layout places the panel in the view's top right corner (below the
// warnings' banner while it shows), and its rows.
func (c *comparer) layout(vp render.Viewport) {
	w := min(comparePanelW, int(vp.W)*2/5)
	x1, y0 := int(vp.X+vp.W)-6, int(vp.Y)+6
	if b := c.ov.bannerRect; !b.Empty() {
		y0 = b.Max.Y + 4 // below the warnings' banner (the last frame's)
	}
	x0 := x1 - w
	n := len(c.lines)
	c.panel = image.Rect(x0, y0, x1, y0+8+n*compareLineH)
	top := y0 + 4
	c.closeBox = image.Rect(x1-22, top, x1-4, top+compareLineH)
	c.prev = image.Rect(x0+4, top+compareLineH, x0+22, top+2*compareLineH)
	c.next = image.Rect(x1-22, top+compareLineH, x1-4, top+2*compareLineH)
	c.rows = c.rows[:0]
	for i := range c.top {
		y := top + (4+i)*compareLineH
		c.rows = append(c.rows, image.Rect(x0+4, y, x1-4, y+compareLineH))
	}
}

// draw draws the panel over the view.
func (c *comparer) draw(st *state.State, screen *ebiten.Image, vp render.Viewport) {
	if !c.active() || st.Texture() != nil {
		return
	}
	k := c.kit
	face := k.small
	c.layout(vp)
	p := c.panel
	if l := (compareLog{c.gen, p}); l != c.logged {
		// The texts are cut to the panel when it or they change, not
		// each frame.
		c.logged = l
		c.fit(p)
		if c.opt.Trace {
			c.opt.Log(fmt.Sprintf("compare panel %v, rows:%s", p, c.rowsText()))
		}
	}
	c.fill.rect(screen, float32(p.Min.X), float32(p.Min.Y), float32(p.Dx()), float32(p.Dy()), color.NRGBA{0x14, 0x17, 0x1e, 0xe0})
	x := float64(p.Min.X + 8)
	y := float64(p.Min.Y + 4)
	k.drawText(screen, c.fitted[0], x, y, c.scene.opts.Theme.Compare, face)
	k.drawText(screen, "×", float64(c.closeBox.Min.X+5), y, colText, face)
	c.fill.rect(screen, float32(c.prev.Min.X), float32(c.prev.Min.Y+1), float32(c.prev.Dx()), float32(c.prev.Dy()-2), colButtonLo)
	c.fill.rect(screen, float32(c.next.Min.X), float32(c.next.Min.Y+1), float32(c.next.Dx()), float32(c.next.Dy()-2), colButtonLo)
	k.drawText(screen, "<", float64(c.prev.Min.X+5), y+compareLineH, colText, face)
	k.drawText(screen, ">", float64(c.next.Min.X+5), y+compareLineH, colText, face)
	k.drawText(screen, c.fitted[1], x+20, y+compareLineH, colText, face)
	k.drawText(screen, c.fitted[2], x, y+2*compareLineH, colDim, face)
	k.drawText(screen, c.fitted[3], x, y+3*compareLineH, colDim, face)
	sel := st.Visibility().Selected()
	for i, r := range c.rows {
		if c.aIndex[c.top[i]] == sel {
			c.fill.rect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colAccentLo)
		}
		k.drawText(screen, c.fitted[4+i], float64(r.Min.X+4), float64(r.Min.Y), colText, face)
	}
}

// fit cuts the panel's texts to panel p: the file's name from the left,
// the others at the right.
func (c *comparer) fit(p image.Rectangle) {
	k := c.kit
	tw := p.Dx() - 40
	c.fitted = append(c.fitted[:0], k.fitLeft(c.lines[0], k.small, tw), k.fitRight("clip: "+c.lines[1], tw-20))
	for _, l := range c.lines[2:4] {
		c.fitted = append(c.fitted, k.fitRight(l, p.Dx()-16))
	}
	for _, l := range c.lines[4:] {
		c.fitted = append(c.fitted, k.fitRight(l, p.Dx()-16))
	}
}

// hitAt is the verb a left click at (x, y) on the panel runs: the close
// box ends the comparison, the arrows step B's clip, a row (row, else
// -1) selects its bone; "" for none.
func (c *comparer) hitAt(x, y int) (verb string, row int) {
	pt := image.Pt(x, y)
	switch {
	case pt.In(c.closeBox):
		return "compare-off", -1
	case pt.In(c.prev):
		return "compare-prev-clip", -1
	case pt.In(c.next):
		return "compare-next-clip", -1
	}
	for i, r := range c.rows {
		if pt.In(r) && i < len(c.top) {
			return "select-bone", i
		}
	}
	return "", -1
}

// rowBone is the bone of A the list's row i is.
func (c *comparer) rowBone(i int) int { return c.aIndex[c.top[i]] }

// traceRow logs the selection of the list's row i (Options.Trace).
func (c *comparer) traceRow(i int) {
	if c.opt.Trace {
		c.opt.Log("compare: selected " + c.result.Bones[c.top[i]].Name)
	}
}

// rowsText describes where the list's rows are, for tests that click
// them.
func (c *comparer) rowsText() string {
	var b strings.Builder
	for i, r := range c.rows {
		fmt.Fprintf(&b, " %s at %d,%d", c.result.Bones[c.top[i]].Name, (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
	}
	return b.String()
}
