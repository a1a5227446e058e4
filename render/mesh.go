package render

import (
	"encoding/binary"
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
//
// A textured triangle (Tex set) is filled with its texture (TexTri),
// filtered bilinearly at each pixel's texture coordinate, times Color
// (the light), with Color's alpha multiplying the texture's.
type Tri struct {
	P     [3]mgl32.Vec2
	InvZ  [3]float32
	Color color.RGBA
	// Tex is 0 for a triangle of a flat Color, or 1 + the index of its
	// texturing in the list of TexTris that comes with the triangles
	// (DrawList.TexTris). Keeping it apart keeps Tri small: the flat
	// triangles cost what they did.
	Tex int32
}

// TexTri is how a textured triangle is textured: its texture and each
// corner's texture coordinate, interpolated perspective-correctly (UV·W
// and W are linear in screen space, W being a corner's perspective
// weight).
type TexTri struct {
	Tex *Texture
	UV  [3]mgl32.Vec2
	// Persp says that each corner's weight W is 1/w of its clip
	// position, its Tri.InvZ (a perspective camera); else it is 1 (an
	// orthographic one). The weights are not stored, so that a mesh's
	// TexTris hold from frame to frame while it moves.
	Persp bool
	// ready says that Tex is set and that st, usable and deferrable are
	// worked out from Tex and UV (prepare); a TexTri made otherwise is
	// prepared as it is drawn. deferrable says that it is usable and
	// its texture opaque: Rasterize textures such a triangle after the
	// depth test, and asks this of each triangle without following Tex.
	ready, usable, deferrable bool
	// st holds each corner's texel coordinates in the raster's units
	// (texSetup's): (u·width − ½)·256 and (v·height − ½)·256 at the
	// texture's largest level, u and v first moved back by the whole
	// turns of the least (the texture repeats), so that a float32
	// still places a texel finely.
	st [3][2]float32
	// area is twice the triangle's area in texels of the largest level
	// (st's), for the choice of a mip level (mipLevel).
	area float32
}

// prepare works out st and usable from Tex and UV: what a triangle's
// texture setup needs of its corners, the same each frame while the
// mesh moves.
func (tt *TexTri) prepare() {
	tt.ready = tt.Tex != nil
	tt.usable = tt.ready && texUsable(tt)
	tt.deferrable = tt.usable && tt.Tex.mode == formats.AlphaOpaque
	if !tt.usable {
		return
	}
	uv := &tt.UV
	u0, u1, u2 := float64(uv[0][0]), float64(uv[1][0]), float64(uv[2][0])
	v0, v1, v2 := float64(uv[0][1]), float64(uv[1][1]), float64(uv[2][1])
	su, sv := floor(min2(u0, min2(u1, u2))), floor(min2(v0, min2(v1, v2)))
	tw, th := float64(tt.Tex.w)*256, float64(tt.Tex.h)*256
	for k, c := range uv {
		tt.st[k] = [2]float32{float32((float64(c[0])-su)*tw - 128), float32((float64(c[1])-sv)*th - 128)}
	}
	x1, y1 := (float64(uv[1][0])-float64(uv[0][0]))*float64(tt.Tex.w), (float64(uv[1][1])-float64(uv[0][1]))*float64(tt.Tex.h)
	x2, y2 := (float64(uv[2][0])-float64(uv[0][0]))*float64(tt.Tex.w), (float64(uv[2][1])-float64(uv[0][1]))*float64(tt.Tex.h)
	tt.area = float32(math.Abs(x1*y2 - x2*y1))
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
// inverse binds it resolved, each vertex's influences and main bone, and
// the last frame's eye-space positions and their projections.
type meshSkin struct {
	mesh     *formats.Mesh
	skel     *formats.Skeleton
	invBind  []mgl32.Mat4
	dominant []uint16
	// Vertex i follows infl[start[i]:start[i+1]]: its influences with a
	// weight and a bone that has an inverse bind (a joint without one
	// moves nothing, as in glTF), so that the skinning loop tests none.
	start []uint32
	infl  []influence
	// setEnd splits shared into the sets of vertices that share their
	// influences (a Prime CSKR's weight group, the drawn vertices of a
	// Sims skin's binding, a MilkShape joint's vertices), in order: set
	// k's vertices are shared[setEnd[k-1]:setEnd[k]], and their
	// influences those of the first. A set's matrix is blended once and moves each of its
	// vertices with 9 products instead of 9 per influence, as the game
	// skins a group (docs/formats/metroid-prime.md#bind-pose-and-skinning).
	// lone lists the runs of vertices whose influences no other has.
	setEnd []uint32
	shared []uint32
	lone   []vertexRun
	eye    []mgl32.Vec3
	// scr and invZ are each vertex's screen position and 1/depth, valid
	// where flags has vertFront (in front of the near plane, on a sane
	// screen); vertHidden marks a vertex whose main bone is not drawn.
	scr   []mgl32.Vec2
	invZ  []float32
	flags []uint8
	// sel is each vertex's weight on bone selBone-1, kept from frame to
	// frame while that bone stays selected (selBone 0: not filled).
	sel     []float32
	selBone int
}

type influence struct {
	bone   uint32
	weight float32
}

// vertexRun is the vertices from first up to end.
type vertexRun struct{ first, end uint32 }

// skinSets groups n vertices, vertex i with infl[start[i]:start[i+1]],
// by their influences (meshSkin.setEnd): the ends of the sets of two
// vertices or more, their vertices in order, and the runs of lone
// vertices.
func skinSets(start []uint32, infl []influence, n int) (setEnd, shared []uint32, lone []vertexRun) {
	// The set of each vertex, by its influences as bytes.
	ids := make(map[string]int32)
	set := make([]int32, n)
	var count []uint32
	var key []byte
	for i := 0; i < n; i++ {
		key = key[:0]
		for _, in := range infl[start[i]:start[i+1]] {
			key = binary.LittleEndian.AppendUint32(key, in.bone)
			key = binary.LittleEndian.AppendUint32(key, math.Float32bits(in.weight))
		}
		id, ok := ids[string(key)]
		if !ok {
			id = int32(len(count))
			ids[string(key)] = id
			count = append(count, 0)
		}
		set[i] = id
		count[id]++
	}
	// Each set of two or more gets its place in shared, in the order
	// of its first vertex; a lone vertex's set has none (−1).
	at := make([]int32, len(count))
	for id := range at {
		at[id] = -1
	}
	total := uint32(0)
	for i := 0; i < n; i++ {
		if id := set[i]; at[id] < 0 && count[id] >= 2 {
			at[id] = int32(total)
			total += count[id]
			setEnd = append(setEnd, total)
		}
	}
	shared = make([]uint32, total)
	for i := 0; i < n; i++ {
		if id := set[i]; at[id] >= 0 {
			shared[at[id]] = uint32(i)
			at[id]++
		} else if k := len(lone) - 1; k >= 0 && lone[k].end == uint32(i) {
			lone[k].end++
		} else {
			lone = append(lone, vertexRun{uint32(i), uint32(i) + 1})
		}
	}
	return setEnd, shared, lone
}

// Vertex flags.
const (
	vertFront  = 1 << iota // projected: in front of the near plane, on a sane screen
	vertHidden             // its main bone is hidden or invisible
)

// skinMat is a bone's skinning matrix, the affine 3×4 part of a Mat4 in
// the same column order.
type skinMat [12]float32

// Skinner skins meshes on the CPU into buffers it keeps: once it has seen
// a mesh, skinning it again allocates nothing.
type Skinner struct {
	skins []meshSkin
	// bone holds, per bone, the matrix from the mesh's reference pose to
	// the output space: out · World · InverseBind.
	bone []skinMat
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
	*ms = meshSkin{mesh: m, skel: sk, eye: make([]mgl32.Vec3, n), scr: make([]mgl32.Vec2, n),
		invZ: make([]float32, n), flags: make([]uint8, n)}
	ms.invBind = m.InverseBind
	if ms.invBind == nil && sk != nil {
		ms.invBind = bindInverses(sk)
	}
	if m.Skinned() {
		ms.dominant = make([]uint16, n)
		ms.start = make([]uint32, n+1)
		for i := 0; i < n && i < len(m.Joints) && i < len(m.Weights); i++ {
			best := 0
			for k := 0; k < formats.MaxInfluences; k++ {
				w, j := m.Weights[i][k], m.Joints[i][k]
				if w > m.Weights[i][best] {
					best = k
				}
				if w != 0 && int(j) < len(ms.invBind) {
					ms.infl = append(ms.infl, influence{uint32(j), w})
				}
			}
			ms.dominant[i] = m.Joints[i][best]
			ms.start[i+1] = uint32(len(ms.infl))
		}
		for i := min(len(m.Joints), len(m.Weights)); i < n; i++ {
			ms.start[i+1] = ms.start[i]
		}
		ms.setEnd, ms.shared, ms.lone = skinSets(ms.start, ms.infl, n)
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
	// One matrix per bone with an inverse bind; a bone the pose lacks
	// moves its vertices nowhere (its matrix is 0).
	nb := len(ms.invBind)
	s.bone = slices.Grow(s.bone[:0], nb)[:nb]
	for b := range s.bone {
		if b >= world.Len() {
			s.bone[b] = skinMat{}
			continue
		}
		wm := worldMatrix(world, b)
		c := out.Mul4(wm.Mul4(ms.invBind[b]))
		s.bone[b] = skinMat{c[0], c[1], c[2], c[4], c[5], c[6], c[8], c[9], c[10], c[12], c[13], c[14]}
	}
	bones := s.bone
	start, infl := ms.start[:len(pos)+1], ms.infl
	first := uint32(0)
	for _, end := range ms.setEnd {
		vs := ms.shared[first:end]
		skinShared(bones, infl[start[vs[0]]:start[vs[0]+1]], pos, dst, vs)
		first = end
	}
	for _, r := range ms.lone {
		for i := r.first; i < r.end; i++ {
			var x, y, z float32
			p := pos[i]
			p0, p1, p2 := p[0], p[1], p[2]
			for _, in := range infl[start[i]:start[i+1]] {
				b := &bones[in.bone]
				w := in.weight
				x += w * (b[0]*p0 + b[3]*p1 + b[6]*p2 + b[9])
				y += w * (b[1]*p0 + b[4]*p1 + b[7]*p2 + b[10])
				z += w * (b[2]*p0 + b[5]*p1 + b[8]*p2 + b[11])
			}
			dst[i] = mgl32.Vec3{x, y, z}
		}
	}
}

// skinShared skins the vertices vs of pos into dst by the influences
// they share: Σ w·(B·p) is (Σ w·B)·p, one blended matrix for them all.
func skinShared(bones []skinMat, infl []influence, pos, dst []mgl32.Vec3, vs []uint32) {
	var m skinMat
	for _, in := range infl {
		b := &bones[in.bone]
		w := in.weight
		for k := range m {
			m[k] += w * b[k]
		}
	}
	dst = dst[:len(pos)]
	for _, i := range vs {
		p := pos[i]
		dst[i] = mgl32.Vec3{
			m[0]*p[0] + m[3]*p[1] + m[6]*p[2] + m[9],
			m[1]*p[0] + m[4]*p[1] + m[7]*p[2] + m[10],
			m[2]*p[0] + m[5]*p[1] + m[8]*p[2] + m[11],
		}
	}
}

// addMeshes skins every scene mesh into eye space and appends its
// visible triangles, shaded, to dst.Tris.
func addMeshes(dst *DrawList, pr *projector, root *mgl32.Mat4, sc *Scene, opt *Options) {
	eyeFromFile := pr.view.Mul4(*root)
	// A mirrored scene root turns every triangle's winding over.
	mirrored := root.Det() < 0
	th := &opt.Theme
	anyHidden := slices.Contains(sc.Hidden, true) || slices.Contains(sc.Visible, false)
	persp := pr.proj[11] != 0
	dst.meshTextures(sc, opt, persp)
	groupTex := dst.groupTex
	for k, m := range sc.Meshes {
		if m == nil || len(m.Positions) == 0 {
			continue
		}
		ms := dst.skin.prepare(k, m, sc.Skeleton)
		dst.skin.skin(ms, sc.World, &eyeFromFile, ms.eye)
		project(ms, pr)
		if anyHidden && ms.dominant != nil {
			for i, b := range ms.dominant {
				if !shown(sc, int(b)) {
					ms.flags[i] |= vertHidden
				}
			}
		}
		tint := sc.Selected >= 0 && m.Skinned()
		if tint && ms.selBone != sc.Selected+1 {
			ms.sel = slices.Grow(ms.sel[:0], len(m.Positions))[:len(m.Positions)]
			for i := range ms.sel {
				ms.sel[i] = selWeight(m, i, sc.Selected)
			}
			ms.selBone = sc.Selected + 1
		}
		tf := triFace{tint: tint, sel: sc.selectedColor, frontCCW: frontCCW(m, mirrored), persp: persp}
		base := th.Mesh
		if len(m.Groups) == 0 {
			tf.base = base
			addTris(dst, pr, ms, 0, m.Triangles(), &tf)
			continue
		}
		for j, g := range m.Groups {
			tf.base, tf.tex, tf.texBase = base, nil, 0
			if g.Material >= 0 && g.Material < len(m.Materials) {
				mat := &m.Materials[g.Material]
				tf.base = materialColor(mat.Diffuse, base)
				if gt := groupTex[j]; gt.tex != nil {
					tf.tex, tf.texBase = gt.tex, gt.base
					// The diffuse colour is the texture's tint.
					tf.base = color.RGBA{255, 255, 255, 255}
				}
			}
			addTris(dst, pr, ms, g.First, g.Count, &tf)
		}
		groupTex = groupTex[len(m.Groups):]
	}
}

// texGroup is a mesh group's texture (nil: none) and where its
// triangles' texturing starts in DrawList.TexTris.
type texGroup struct {
	tex  *Texture
	base int32
}

// texSource is what a mesh's kept texturing was made from: a mesh and
// its coordinates and triangles (as slices: their first element and
// length), and whether a perspective camera weighs them.
type texSource struct {
	mesh         *formats.Mesh
	uv           *mgl32.Vec2
	nUV          int
	idx          *uint32
	nIdx, groups int
	persp        bool
}

// meshTextures readies the texturing of the scene's textured mesh
// groups at the start of DrawList.TexTris, one entry per triangle of
// each group, made when the meshes, their textures or the camera's kind
// change and kept otherwise: a moving mesh changes its corners, not its
// texture coordinates, so that a frame appends texturing only for the
// triangles the near plane cuts. It fills d.groupTex, a texGroup per
// group of each mesh in the scene's order.
func (d *DrawList) meshTextures(sc *Scene, opt *Options, persp bool) {
	d.groupTex = d.groupTex[:0]
	d.texSrcScratch = d.texSrcScratch[:0]
	for _, m := range sc.Meshes {
		if m == nil || len(m.Positions) == 0 || len(m.Groups) == 0 {
			continue
		}
		src := texSource{mesh: m, nUV: len(m.UVs), nIdx: len(m.Indices), groups: len(m.Groups), persp: persp}
		if len(m.UVs) > 0 {
			src.uv = &m.UVs[0]
		}
		if len(m.Indices) > 0 {
			src.idx = &m.Indices[0]
		}
		d.texSrcScratch = append(d.texSrcScratch, src)
		textured := !opt.NoTextures && len(m.UVs) == len(m.Positions)
		for _, g := range m.Groups {
			var t *Texture
			if textured && g.Material >= 0 && g.Material < len(m.Materials) && m.Materials[g.Material].Texture != nil {
				t = d.texture(&m.Materials[g.Material])
			}
			d.groupTex = append(d.groupTex, texGroup{tex: t})
		}
	}
	if slices.Equal(d.texSrc, d.texSrcScratch) && slices.Equal(d.texKept, d.groupTex) {
		d.TexTris = d.TexTris[:d.texStatic]
		copy(d.groupTex, d.texKept)
		return
	}
	// Made again: each textured group's triangles in turn.
	d.TexTris = d.TexTris[:0]
	k := 0
	for _, m := range sc.Meshes {
		if m == nil || len(m.Positions) == 0 || len(m.Groups) == 0 {
			continue
		}
		n := uint32(len(m.UVs))
		for j, g := range m.Groups {
			gt := &d.groupTex[k+j]
			if gt.tex == nil {
				continue
			}
			gt.base = int32(len(d.TexTris))
			last := min(g.First+g.Count, len(m.Indices)/3)
			for t := max(g.First, 0); t < last; t++ {
				i0, i1, i2 := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
				tt := TexTri{Tex: gt.tex, Persp: persp}
				if i0 < n && i1 < n && i2 < n {
					tt.UV = [3]mgl32.Vec2{m.UVs[i0], m.UVs[i1], m.UVs[i2]}
				}
				tt.prepare()
				d.TexTris = append(d.TexTris, tt)
			}
		}
		k += len(m.Groups)
	}
	d.texStatic = len(d.TexTris)
	d.texSrc = append(d.texSrc[:0], d.texSrcScratch...)
	d.texKept = append(d.texKept[:0], d.groupTex...)
}

func frontCCW(m *formats.Mesh, mirrored bool) bool { return m.FrontCCW != mirrored }

// triFace is how addTris fills a run of triangles: the base colour (lit
// per triangle), the texture or nil and where the group's texturing
// starts in DrawList.TexTris (meshTextures), the selection tint, the
// winding of front faces, and whether the camera is a perspective one
// (whose texture coordinates are weighted by 1/z).
type triFace struct {
	base, sel      color.RGBA
	tex            *Texture
	texBase        int32
	tint, frontCCW bool
	persp          bool
}

// project fills each vertex's screen position, 1/depth and vertFront
// flag from its eye-space position.
func project(ms *meshSkin, pr *projector) {
	m := &pr.proj
	// A perspective or orthographic projection: clip x and y depend on
	// eye x, y and z, clip w on eye z alone.
	hw, hh := 0.5*pr.vp.W, 0.5*pr.vp.H
	cx0, cy0 := pr.vp.X+hw, pr.vp.Y+hh
	near := pr.near
	// A perspective projection's clip w is −z: 1/w is then 1/depth, one
	// division for both (the sum below adds only zeros to −z, so the
	// two are the same number).
	wIsDepth := m[3] == 0 && m[7] == 0 && m[11] == -1 && m[15] == 0
	scr, invZ, flags := ms.scr[:len(ms.eye)], ms.invZ[:len(ms.eye)], ms.flags[:len(ms.eye)]
	for i, e := range ms.eye {
		flags[i] = 0
		// Also false for NaN; infinities fail the screen's bounds below.
		if !(-e[2] >= near) {
			continue
		}
		cx := m[0]*e[0] + m[4]*e[1] + m[8]*e[2] + m[12]
		cy := m[1]*e[0] + m[5]*e[1] + m[9]*e[2] + m[13]
		iz := 1 / -e[2]
		rw := iz
		if !wIsDepth {
			rw = 1 / (m[3]*e[0] + m[7]*e[1] + m[11]*e[2] + m[15])
		}
		sx, sy := cx0+cx*rw*hw, cy0-cy*rw*hh
		if !(absf(sx) < maxCoord && absf(sy) < maxCoord) {
			continue
		}
		scr[i] = mgl32.Vec2{sx, sy}
		invZ[i] = iz
		flags[i] = vertFront
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

// addTris appends triangles [first, first+count) of a skinned mesh, in
// f's base colour (and texture), tinted by each corner's weight on the
// selected bone when f.tint is set.
func addTris(dst *DrawList, pr *projector, ms *meshSkin, first, count int, f *triFace) {
	base, tint, sel, frontCCW, tex := f.base, f.tint, f.sel, f.frontCCW, f.tex
	m := ms.mesh
	last := min(first+count, len(m.Indices)/3)
	if first < 0 || first >= last {
		return
	}
	idx := m.Indices[3*first : 3*last]
	texBase := f.texBase
	n := len(ms.eye)
	// Each as long as eye, so that a corner checked against n needs no
	// other bounds check.
	eye, scr, invZ, flags := ms.eye, ms.scr[:n], ms.invZ[:n], ms.flags[:n]
	cull := m.Cull
	// The triangles are appended to a copy of dst.Tris, which no store
	// in the loop can change: the compiler keeps it in registers.
	tris := dst.Tris
	for t := 0; t+2 < len(idx); t += 3 {
		i0, i1, i2 := int(idx[t]), int(idx[t+1]), int(idx[t+2])
		if i0 >= n || i1 >= n || i2 >= n {
			continue
		}
		f0, f1, f2 := flags[i0], flags[i1], flags[i2]
		if (f0|f1|f2)&vertHidden != 0 {
			continue
		}
		allFront := f0&f1&f2&vertFront != 0
		if allFront && cull {
			// Screen-space winding (y down): negative area is
			// counter-clockwise as seen.
			p0, p1, p2 := scr[i0], scr[i1], scr[i2]
			area := (p1[0]-p0[0])*(p2[1]-p0[1]) - (p2[0]-p0[0])*(p1[1]-p0[1])
			if (area < 0) != frontCCW {
				continue
			}
		}
		a, b, c := eye[i0], eye[i1], eye[i2]
		ux, uy, uz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
		vx, vy, vz := c[0]-a[0], c[1]-a[1], c[2]-a[2]
		nx, ny, nz := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
		if !allFront && cull {
			facing := -(nx*a[0] + ny*a[1] + nz*a[2])
			if (facing > 0) != frontCCW {
				continue
			}
		}
		l2 := nx*nx + ny*ny + nz*nz
		// Also false for NaN and for an overflow to infinity.
		if !(l2 > 0 && l2 <= math.MaxFloat32) {
			continue
		}
		lit := absf(nx*lightDir[0]+ny*lightDir[1]+nz*lightDir[2]) / float32(math.Sqrt(float64(l2)))
		clr := shade(base, ambient+diffuse*min(lit, 1))
		if tint {
			if w := (ms.sel[i0] + ms.sel[i1] + ms.sel[i2]) / 3; w > 0 {
				clr = mix(clr, sel, tintMix*min(1, 0.35+w))
			}
		}
		if !allFront {
			var tc *texCorners
			if tex != nil {
				tc = &texCorners{tex, [3]mgl32.Vec2{m.UVs[i0], m.UVs[i1], m.UVs[i2]}, f.persp}
			}
			dst.Tris = tris
			addClippedTri(dst, pr, [3]mgl32.Vec3{a, b, c}, tc, clr)
			tris = dst.Tris
			continue
		}
		tri := Tri{P: [3]mgl32.Vec2{scr[i0], scr[i1], scr[i2]}, InvZ: [3]float32{invZ[i0], invZ[i1], invZ[i2]}, Color: clr}
		if tex != nil {
			// The triangle's texturing is kept (meshTextures).
			tri.Tex = texBase + int32(t/3) + 1
		}
		tris = append(tris, tri)
	}
	dst.Tris = tris
}

// appendTextured appends a textured triangle and its texturing, with
// the weights of a perspective camera (1/z) or an orthographic one (1).
func (d *DrawList) appendTextured(t Tri, tt TexTri, persp bool) {
	tt.Persp = persp
	tt.prepare()
	d.TexTris = append(d.TexTris, tt)
	t.Tex = int32(len(d.TexTris))
	d.Tris = append(d.Tris, t)
}

// texCorners is a textured triangle's texture, its corners' texture
// coordinates and whether they are weighted by 1/z, for addClippedTri.
type texCorners struct {
	tex   *Texture
	uv    [3]mgl32.Vec2
	persp bool
}

func selWeight(m *formats.Mesh, i, bone int) float32 {
	var w float32
	for k := 0; k < formats.MaxInfluences; k++ {
		if int(m.Joints[i][k]) == bone {
			w += m.Weights[i][k]
		}
	}
	return w
}

// shade scales a colour by f in [0, 1], opaque.
func shade(c color.RGBA, f float32) color.RGBA {
	return color.RGBA{uint8(float32(c.R)*f + 0.5), uint8(float32(c.G)*f + 0.5), uint8(float32(c.B)*f + 0.5), 255}
}

// addClippedTri cuts an eye-space triangle at the near plane (into none,
// one or two triangles) and appends what is in front, projected; tc, when
// set, is its texture and its corners' coordinates, cut with it.
func addClippedTri(dst *DrawList, pr *projector, v [3]mgl32.Vec3, tc *texCorners, clr color.RGBA) {
	in := [3]bool{-v[0][2] >= pr.near, -v[1][2] >= pr.near, -v[2][2] >= pr.near}
	var uv [3]mgl32.Vec2
	if tc != nil {
		uv = tc.uv
	}
	switch {
	case in[0] && in[1] && in[2]:
		appendTri(dst, pr, v, uv, tc, clr)
		return
	case !in[0] && !in[1] && !in[2]:
		return
	}
	// Sutherland–Hodgman against the one plane z = -near; the texture
	// coordinates are linear along an edge in eye space.
	var poly [4]mgl32.Vec3
	var puv [4]mgl32.Vec2
	np := 0
	for i := 0; i < 3; i++ {
		j := (i + 1) % 3
		p, q := v[i], v[j]
		pin, qin := in[i], in[j]
		if pin {
			poly[np], puv[np] = p, uv[i]
			np++
		}
		if pin != qin {
			dp, dq := -p[2]-pr.near, -q[2]-pr.near
			s := dp / (dp - dq)
			x := lerp3(p, q, s)
			x[2] = -pr.near
			poly[np] = x
			puv[np] = uv[i].Add(uv[j].Sub(uv[i]).Mul(s))
			np++
		}
	}
	for i := 1; i+1 < np; i++ {
		appendTri(dst, pr, [3]mgl32.Vec3{poly[0], poly[i], poly[i+1]}, [3]mgl32.Vec2{puv[0], puv[i], puv[i+1]}, tc, clr)
	}
}

func appendTri(dst *DrawList, pr *projector, v [3]mgl32.Vec3, uv [3]mgl32.Vec2, tc *texCorners, clr color.RGBA) {
	t := Tri{Color: clr}
	for k, e := range v {
		s := pr.screen(e)
		if !(absf(s[0]) < maxCoord && absf(s[1]) < maxCoord) {
			return
		}
		t.P[k] = s
		t.InvZ[k] = 1 / -e[2]
	}
	if tc != nil {
		dst.appendTextured(t, TexTri{Tex: tc.tex, UV: uv}, tc.persp)
		return
	}
	dst.Tris = append(dst.Tris, t)
}

func absf(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
