package render

import (
	"image/color"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Viewport is the screen rectangle to draw into, in pixels, with the origin
// at the top left and y growing downwards.
type Viewport struct{ X, Y, W, H float32 }

// Kind says what a line depicts.
type Kind uint8

// Line kinds.
const (
	KindBone Kind = iota
	KindGrid
	KindAxis
	KindCamera
	// KindLink is a faint stick from a static scene root to a figure far
	// away (Scene.Links).
	KindLink
	// KindGhost is a stick of an onion-skin pose (Scene.Ghosts).
	KindGhost
	// KindRootPath is a stroke of the root's path on the ground and of
	// its marker (Scene.RootPath).
	KindRootPath
)

// String names the kind for test output and debugging.
func (k Kind) String() string {
	switch k {
	case KindBone:
		return "bone"
	case KindGrid:
		return "grid"
	case KindAxis:
		return "axis"
	case KindCamera:
		return "camera"
	case KindLink:
		return "link"
	case KindGhost:
		return "ghost"
	case KindRootPath:
		return "root path"
	}
	return "unknown"
}

// Line is a straight stroke between two screen points. Depth is the mean
// eye-space depth of its ends (distance along the view direction; larger is
// farther). Bone is the bone whose stick it is, or -1.
type Line struct {
	A, B  mgl32.Vec2
	Depth float32
	Width float32
	Color color.RGBA
	Kind  Kind
	Bone  int
}

// Dot is a filled joint marker.
type Dot struct {
	P      mgl32.Vec2
	Depth  float32
	Radius float32
	Color  color.RGBA
	Bone   int
}

// Label is a text whose baseline starts at P.
type Label struct {
	P     mgl32.Vec2
	Text  string
	Color color.RGBA
	Bone  int
}

// DrawList is a projected scene: everything a backend needs, in drawing
// order. Build refills it, reusing its slices.
type DrawList struct {
	Background color.RGBA
	// Lines holds grid, axes and the root's path first, then the bone sticks and the camera
	// marker sorted far-to-near (painter's order).
	Lines []Line
	// Dots are sorted far-to-near.
	Dots   []Dot
	Labels []Label
	// Tris are the scene's mesh triangles in the meshes' order, projected
	// and shaded; MeshLayer settles which is in front per pixel. Backends
	// draw the layer over the background and under the lines.
	Tris []Tri
	// TexTris holds the textured triangles' texturing (Tri.Tex): first
	// one entry per triangle of each textured mesh group, whether drawn
	// or not, kept from frame to frame (meshTextures), then those of the
	// triangles cut at the near plane.
	TexTris []TexTri
	// MeshAt is where the mesh layer goes among the lines: Lines[:MeshAt]
	// (grid, axes, the root's path, onion-skin ghosts) are drawn under it, the rest over.
	MeshAt int

	// vp is the viewport Build drew for; skin skins the meshes; layer is
	// the rasterised Tris, layerDone whether it matches them.
	vp        Viewport
	skin      Skinner
	layer     MeshLayer
	layerDone bool
	// textures holds the materials' textures prepared for the layer.
	textures map[texKey]*Texture
	// TexTris[:texStatic] is the meshes' kept texturing, made from
	// texSrc and texKept (meshTextures); groupTex and texSrcScratch
	// are a frame's.
	texStatic     int
	texSrc        []texSource
	texSrcScratch []texSource
	texKept       []texGroup
	groupTex      []texGroup

	// joints is Build's per-bone projection scratch, ghost its copy for
	// onion-skin poses.
	joints []jointProj
	ghost  []mgl32.Vec3
	// pick holds every on-screen shown joint, whether or not its dot is
	// drawn, so that picking works with Options.Joints off.
	pick []pickPoint
	// anchors holds each label's joint for placing it; placed and keep
	// are placeLabels' scratch.
	anchors []labelAnchor
	placed  []labelBox
	grid    labelGrid
	// checks counts the bone scans and label box tests of the last Build,
	// for a test that they are linear in the bones (issue 35).
	checks int
	keep   []bool
	// names caches the label text of nameless bones for one skeleton.
	names     []string
	namesSkel *formats.Skeleton
	// Depth sorting buffers.
	keys        []depthKey
	lineScratch []Line
	dotScratch  []Dot
}

type jointProj struct {
	eye    mgl32.Vec3
	screen mgl32.Vec2
	front  bool // finite and in front of the near plane
	// sceneRoot marks a bone with a link stick to a child (Scene.Links).
	sceneRoot bool
}

type pickPoint struct {
	p     mgl32.Vec2
	depth float32
	bone  int
}

// reset empties the list, keeping its storage.
func (d *DrawList) reset(bg color.RGBA) {
	d.Background = bg
	d.Lines = d.Lines[:0]
	d.Dots = d.Dots[:0]
	d.Labels = d.Labels[:0]
	d.anchors = d.anchors[:0]
	d.Tris = d.Tris[:0]
	d.TexTris = d.TexTris[:min(d.texStatic, len(d.TexTris))]
	d.MeshAt = 0
	d.layerDone = false
	d.pick = d.pick[:0]
	d.checks = 0
}

// Viewport is the viewport the list was built for.
func (d *DrawList) Viewport() Viewport { return d.vp }

// MeshLayer returns the list's triangles rasterised with a depth buffer
// into a layer of the viewport's size (drawn at the viewport's top left;
// its Image holds only the drawn part, MeshLayer.Dirty), or nil when the
// list has no triangles. It is worked out once per
// Build, into storage the list keeps.
func (d *DrawList) MeshLayer() *MeshLayer {
	if len(d.Tris) == 0 {
		return nil
	}
	if !d.layerDone {
		d.layer.Rasterize(d.Tris, d.TexTris, d.vp)
		d.layerDone = true
	}
	return &d.layer
}

// Pick returns the bone whose joint is nearest to the screen point (x, y)
// within radius pixels, or -1. Every joint Build drew (stick or dot) can be
// picked, even when Options.Joints hides the dots; of two joints at the same
// distance the nearer to the camera wins.
func (d *DrawList) Pick(x, y, radius float32) int {
	if !(radius >= 0) {
		return -1
	}
	best, bestD2, bestDepth := -1, radius*radius, float32(0)
	for _, p := range d.pick {
		dx, dy := p.p[0]-x, p.p[1]-y
		d2 := dx*dx + dy*dy
		if !(d2 <= bestD2) { // also skips NaN
			continue
		}
		if best < 0 || d2 < bestD2 || p.depth < bestDepth {
			best, bestD2, bestDepth = p.bone, d2, p.depth
		}
	}
	return best
}
