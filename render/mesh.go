package render

import (
	"image/color"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Show says what of a figure is drawn: its bones, its mesh, or both. The
// zero value is bones alone, what a format without a mesh shows; with no
// mesh in the scene every mode draws the bones.
type Show uint8

// Show modes, in the order the viewer's M key cycles them.
const (
	ShowBones Show = iota
	ShowMesh
	ShowMeshBones
)

// String names the mode for the viewer's status and --show.
func (s Show) String() string {
	switch s {
	case ShowMesh:
		return "mesh"
	case ShowMeshBones:
		return "mesh+bones"
	}
	return "bones"
}

// Next is the mode after s in the M key's cycle: mesh, mesh with bones,
// bones, mesh again.
func (s Show) Next() Show {
	switch s {
	case ShowMesh:
		return ShowMeshBones
	case ShowMeshBones:
		return ShowBones
	}
	return ShowMesh
}

// ParseShow reads a mode's name as String gives it.
func ParseShow(s string) (Show, bool) {
	for _, m := range []Show{ShowBones, ShowMesh, ShowMeshBones} {
		if m.String() == s {
			return m, true
		}
	}
	return ShowBones, false
}

// Tri is a projected mesh triangle: its screen corners, the reciprocal of
// each corner's eye-space depth (linear in screen space, larger nearer),
// and its shaded colour. Triangles are listed in the mesh's order; their
// visibility is settled per pixel by the depth test of MeshLayer.
type Tri struct {
	P     [3]mgl32.Vec2
	InvZ  [3]float32
	Color color.RGBA
}

// Shading: a light fixed to the camera, above and to the left of the eye,
// and an ambient floor so that faces turned from it stay readable. Faces
// are lit on whichever side faces the eye (two-sided), so a mesh drawn
// without culling shows its inside lit too.
var lightDir = mgl32.Vec3{-0.35, 0.5, 0.8}.Normalize()

const (
	ambient  = 0.28
	diffuse  = 0.72
	tintMix  = 0.65
	maxCoord = 1 << 20 // screen coordinates beyond this are dropped
)

// meshSkin is what the draw list keeps per scene mesh between frames: the
// inverse binds it resolved, each vertex's main bone, and the eye-space
// positions of the last frame.
type meshSkin struct {
	mesh     *formats.Mesh
	skel     *formats.Skeleton
	invBind  []mgl32.Mat4
	dominant []uint16
	eye      []mgl32.Vec3
	// scr and invZ are each vertex's screen position and 1/depth, valid
	// where front is set (in front of the near plane, on a sane screen).
	scr   []mgl32.Vec2
	invZ  []float32
	front []bool
}

// Skinner skins meshes on the CPU into buffers it keeps: once it has seen
// a mesh, skinning it again allocates nothing.
type Skinner struct {
	skins []meshSkin
	// bone holds, per bone, the matrix from the mesh's reference pose to
	// the output space: out · World · InverseBind.
	bone []mgl32.Mat4
}

// prepare returns the cached data for mesh k of the scene.
func (s *Skinner) prepare(k int, m *formats.Mesh, sk *formats.Skeleton) *meshSkin {
	if len(s.skins) <= k {
		s.skins = slices.Grow(s.skins, k+1-len(s.skins))[:k+1]
	}
	ms := &s.skins[k]
	if ms.mesh == m && ms.skel == sk {
		return ms
	}
	n := len(m.Positions)
	*ms = meshSkin{mesh: m, skel: sk, eye: make([]mgl32.Vec3, n), scr: make([]mgl32.Vec2, n), invZ: make([]float32, n), front: make([]bool, n)}
	ms.invBind = m.InverseBind
	if ms.invBind == nil && sk != nil {
		ms.invBind = bindInverses(sk)
	}
	if m.Skinned() {
		ms.dominant = make([]uint16, len(m.Positions))
		for i := range ms.dominant {
			best := 0
			for k := 1; k < formats.MaxInfluences; k++ {
				if m.Weights[i][k] > m.Weights[i][best] {
					best = k
				}
			}
			ms.dominant[i] = m.Joints[i][best]
		}
	}
	return ms
}

// bindInverses inverts each bone's model-space bind matrix, composed by
// the skeleton's own rule (player.ToWorld on the bind pose).
func bindInverses(sk *formats.Skeleton) []mgl32.Mat4 {
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	out := make([]mgl32.Mat4, len(sk.Bones))
	for i := range out {
		out[i] = worldMatrix(w, i).Inv()
	}
	return out
}

// worldMatrix returns bone i's model-space matrix from a world pose.
func worldMatrix(w *player.WorldPose, i int) mgl32.Mat4 { return w.Matrix(i) }

// Skin writes mesh m's vertices, skinned by world (linear blend skinning:
// Σ wₖ · World[jₖ] · InverseBind[jₖ] · p) and then taken through out, into
// dst, which must hold len(m.Positions) points. A static mesh, or a
// static vertex, only goes through out. k keys the cache (one per mesh of
// a scene). It allocates nothing once the mesh has been seen.
func (s *Skinner) Skin(k int, m *formats.Mesh, sk *formats.Skeleton, world *player.WorldPose, out *mgl32.Mat4, dst []mgl32.Vec3) {
	ms := s.prepare(k, m, sk)
	s.skin(ms, world, out, dst)
}

func (s *Skinner) skin(ms *meshSkin, world *player.WorldPose, out *mgl32.Mat4, dst []mgl32.Vec3) {
	m := ms.mesh
	pos := m.Positions
	dst = dst[:len(pos)]
	if !m.Skinned() || world == nil {
		for i, p := range pos {
			dst[i] = affine(out, p)
		}
		return
	}
	nb := min(len(ms.invBind), world.Len())
	s.bone = slices.Grow(s.bone[:0], nb)[:nb]
	for b := range s.bone {
		wm := worldMatrix(world, b)
		s.bone[b] = out.Mul4(wm.Mul4(ms.invBind[b]))
	}
	bones := s.bone
	joints, weights := m.Joints[:len(pos)], m.Weights[:len(pos)]
	for i, p := range pos {
		var x, y, z float32
		js, ws := &joints[i], &weights[i]
		for k := 0; k < formats.MaxInfluences; k++ {
			w := ws[k]
			if w == 0 {
				continue
			}
			j := int(js[k])
			if j >= len(bones) {
				continue
			}
			b := &bones[j]
			x += w * (b[0]*p[0] + b[4]*p[1] + b[8]*p[2] + b[12])
			y += w * (b[1]*p[0] + b[5]*p[1] + b[9]*p[2] + b[13])
			z += w * (b[2]*p[0] + b[6]*p[1] + b[10]*p[2] + b[14])
		}
		dst[i] = mgl32.Vec3{x, y, z}
	}
}

// addMeshes skins every scene mesh into eye space and appends its
// visible triangles, shaded, to dst.Tris.
func addMeshes(dst *DrawList, pr *projector, root *mgl32.Mat4, sc *Scene, opt *Options) {
	eyeFromFile := pr.view.Mul4(*root)
	// A mirrored scene root turns every triangle's winding over.
	mirrored := root.Det() < 0
	th := &opt.Theme
	for k, m := range sc.Meshes {
		if m == nil || len(m.Positions) == 0 {
			continue
		}
		ms := dst.skin.prepare(k, m, sc.Skeleton)
		dst.skin.skin(ms, sc.World, &eyeFromFile, ms.eye)
		for i, e := range ms.eye {
			ok := -e[2] >= pr.near && finite3(e)
			if ok {
				s := pr.screen(e)
				ok = absf(s[0]) < maxCoord && absf(s[1]) < maxCoord
				ms.scr[i], ms.invZ[i] = s, 1/-e[2]
			}
			ms.front[i] = ok
		}
		frontCCW := m.FrontCCW != mirrored
		base := th.Mesh
		if len(m.Groups) == 0 {
			addTris(dst, pr, sc, ms, 0, m.Triangles(), base, frontCCW)
			continue
		}
		for _, g := range m.Groups {
			c := base
			if g.Material >= 0 && g.Material < len(m.Materials) {
				c = materialColor(m.Materials[g.Material].Diffuse, base)
			}
			addTris(dst, pr, sc, ms, g.First, g.Count, c, frontCCW)
		}
	}
}

// materialColor is a material's diffuse colour, or base where the
// material is black or fully transparent (unset in most files).
func materialColor(d [4]float32, base color.RGBA) color.RGBA {
	if d[0]+d[1]+d[2] < 0.05 || d[3] <= 0 {
		return base
	}
	u := func(f float32) uint8 { return uint8(min(max(f, 0), 1)*255 + 0.5) }
	return color.RGBA{u(d[0]), u(d[1]), u(d[2]), 255}
}

// addTris appends triangles [first, first+count) of a skinned mesh.
func addTris(dst *DrawList, pr *projector, sc *Scene, ms *meshSkin, first, count int, base color.RGBA, frontCCW bool) {
	m := ms.mesh
	idx := m.Indices
	eye := ms.eye
	n := len(eye)
	selected := sc.Selected
	tint := sc.selectedColor
	for t := first; t < first+count && 3*t+2 < len(idx); t++ {
		i0, i1, i2 := int(idx[3*t]), int(idx[3*t+1]), int(idx[3*t+2])
		if i0 >= n || i1 >= n || i2 >= n {
			continue
		}
		if ms.dominant != nil && (!boneShown(sc, ms.dominant[i0]) || !boneShown(sc, ms.dominant[i1]) || !boneShown(sc, ms.dominant[i2])) {
			continue
		}
		a, b, c := eye[i0], eye[i1], eye[i2]
		allFront := ms.front[i0] && ms.front[i1] && ms.front[i2]
		if allFront && m.Cull {
			// Screen-space winding (y down): negative area is
			// counter-clockwise as seen.
			p0, p1, p2 := ms.scr[i0], ms.scr[i1], ms.scr[i2]
			area := (p1[0]-p0[0])*(p2[1]-p0[1]) - (p2[0]-p0[0])*(p1[1]-p0[1])
			if (area < 0) != frontCCW {
				continue
			}
		}
		nrm := b.Sub(a).Cross(c.Sub(a))
		if !allFront && m.Cull {
			facing := -(nrm[0]*a[0] + nrm[1]*a[1] + nrm[2]*a[2])
			if (facing > 0) != frontCCW {
				continue
			}
		}
		l2 := nrm.Dot(nrm)
		if !(l2 > 0) || math.IsInf(float64(l2), 0) {
			continue
		}
		lit := absf(nrm.Dot(lightDir)) / float32(math.Sqrt(float64(l2)))
		clr := shade(base, ambient+diffuse*lit)
		if selected >= 0 && m.Skinned() {
			w := (selWeight(m, i0, selected) + selWeight(m, i1, selected) + selWeight(m, i2, selected)) / 3
			if w > 0 {
				clr = mix(clr, tint, tintMix*min(1, 0.35+w))
			}
		}
		if allFront {
			dst.Tris = append(dst.Tris, Tri{P: [3]mgl32.Vec2{ms.scr[i0], ms.scr[i1], ms.scr[i2]},
				InvZ: [3]float32{ms.invZ[i0], ms.invZ[i1], ms.invZ[i2]}, Color: clr})
			continue
		}
		addClippedTri(dst, pr, a, b, c, clr)
	}
}

// boneShown reports whether the bone a vertex mainly follows is drawn.
func boneShown(sc *Scene, b uint16) bool { return shown(sc, int(b)) }

func selWeight(m *formats.Mesh, i, bone int) float32 {
	var w float32
	for k := 0; k < formats.MaxInfluences; k++ {
		if int(m.Joints[i][k]) == bone {
			w += m.Weights[i][k]
		}
	}
	return w
}

func shade(c color.RGBA, f float32) color.RGBA {
	s := func(x uint8) uint8 {
		v := float32(x)*f + 0.5
		if v > 255 {
			v = 255
		}
		return uint8(v)
	}
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

// addClippedTri cuts an eye-space triangle at the near plane (into none,
// one or two triangles) and appends what is in front, projected.
func addClippedTri(dst *DrawList, pr *projector, a, b, c mgl32.Vec3, clr color.RGBA) {
	in := [3]bool{-a[2] >= pr.near, -b[2] >= pr.near, -c[2] >= pr.near}
	switch {
	case in[0] && in[1] && in[2]:
		appendTri(dst, pr, a, b, c, clr)
		return
	case !in[0] && !in[1] && !in[2]:
		return
	}
	// Sutherland–Hodgman against the one plane z = -near.
	var poly [4]mgl32.Vec3
	np := 0
	v := [3]mgl32.Vec3{a, b, c}
	for i := 0; i < 3; i++ {
		p, q := v[i], v[(i+1)%3]
		pin, qin := in[i], in[(i+1)%3]
		if pin {
			poly[np] = p
			np++
		}
		if pin != qin {
			dp, dq := -p[2]-pr.near, -q[2]-pr.near
			x := lerp3(p, q, dp/(dp-dq))
			x[2] = -pr.near
			poly[np] = x
			np++
		}
	}
	for i := 1; i+1 < np; i++ {
		appendTri(dst, pr, poly[0], poly[i], poly[i+1], clr)
	}
}

func appendTri(dst *DrawList, pr *projector, a, b, c mgl32.Vec3, clr color.RGBA) {
	t := Tri{Color: clr}
	for k, e := range [3]mgl32.Vec3{a, b, c} {
		s := pr.screen(e)
		if !(absf(s[0]) < maxCoord && absf(s[1]) < maxCoord) {
			return
		}
		t.P[k] = s
		t.InvZ[k] = 1 / -e[2]
	}
	dst.Tris = append(dst.Tris, t)
}

func absf(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
