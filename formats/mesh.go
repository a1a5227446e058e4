package formats

import (
	"fmt"
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxInfluences is the most bones one vertex follows: glTF's four, which
// MilkShape's v4 extras, The Sims' blend vertices and Metroid Prime's CSKR
// weight groups all fit.
const MaxInfluences = 4

// Mesh is a triangle mesh bound to the skeleton of the asset that holds it.
// Every loader that reads a mesh produces this one shape, so skinning,
// drawing and export are written once.
//
// Positions and normals are in the skeleton's model space at the mesh's
// reference pose, in the file's own coordinates (the view turns them
// upright as it turns the bones). A vertex follows its bones as
// Σ Weights[k] · World[j] · InverseBind[j] · p with j = Joints[k]: the
// linear blend skinning that glTF, MilkShape and the Prime games share.
// Formats whose vertices are stored per bone (The Sims' .skn) are brought
// into model space by their loader.
type Mesh struct {
	// Name is the mesh's name in the file (a MilkShape group set, a .skn
	// name, a CMDL id); "" when it has none.
	Name string
	// Positions holds one model-space position per vertex.
	Positions []mgl32.Vec3
	// Normals holds one unit normal per vertex, or is nil.
	Normals []mgl32.Vec3
	// UVs holds one texture coordinate per vertex, or is nil: u across
	// the image from its left edge, v down from its top edge (row 0 of
	// Texture.Levels), glTF's convention, 1 the far edge and values past
	// it repeating. A format that counts v up from the bottom is turned
	// by its loader (v' = 1 − v).
	UVs []mgl32.Vec2
	// Joints and Weights hold each vertex's influences: up to
	// MaxInfluences bone indices into Skeleton.Bones with weights that are
	// finite, non-negative and sum to 1; unused slots have weight 0. Both
	// are nil for a static mesh (a model without joints), whose vertices
	// stay where they are.
	Joints  [][MaxInfluences]uint16
	Weights [][MaxInfluences]float32
	// Indices holds three vertex indices per triangle.
	Indices []uint32
	// FrontCCW says that a triangle's front face winds counter-clockwise
	// in the file's coordinates (seen from outside, right-handed
	// column-vector maths); false means clockwise.
	FrontCCW bool
	// Cull says the format's winding is consistent enough that back faces
	// may be culled; false draws both sides.
	Cull bool
	// Groups splits the triangles into the file's parts (MilkShape groups,
	// CMDL surfaces, .skn files of a suit), in file order.
	Groups []MeshGroup
	// Materials are the colours the groups refer to (may be empty).
	Materials []Material
	// InverseBind holds, per skeleton bone, the inverse of that bone's
	// model-space matrix at the reference pose the positions are stored
	// in. Nil means the skeleton's bind pose composed by its own rule.
	InverseBind []mgl32.Mat4
}

// MeshGroup is a run of a mesh's triangles that the file keeps together.
type MeshGroup struct {
	Name string
	// First and Count are in triangles (Indices[3*First:3*(First+Count)]).
	First, Count int
	// Material indexes Mesh.Materials, or -1.
	Material int
}

// Material is the little of a material the viewer draws: a name, a
// diffuse colour (RGBA, 0..1) and, where the file names one that was
// found and decoded, a texture with the way its alpha is used.
type Material struct {
	Name    string
	Diffuse [4]float32
	// Texture is the material's base colour image, or nil: the material
	// then draws in Diffuse. Several materials (and meshes) may share one.
	Texture *Texture
	// Alpha says how the texture's alpha (times Diffuse's) is used.
	Alpha AlphaMode
	// AlphaCutoff is the alpha below which AlphaMask discards a texel.
	AlphaCutoff float32
}

// AlphaMode says how a material's alpha reaches the screen, in glTF's
// three words.
type AlphaMode uint8

// The alpha modes.
const (
	// AlphaOpaque ignores alpha.
	AlphaOpaque AlphaMode = iota
	// AlphaMask draws a texel only where its alpha is at least the
	// material's AlphaCutoff (the GX alpha test, MilkShape's alpha maps
	// used as stencils).
	AlphaMask
	// AlphaBlend mixes the texel over what is behind it by its alpha.
	AlphaBlend
)

// String names the mode as glTF's alphaMode does.
func (m AlphaMode) String() string {
	switch m {
	case AlphaMask:
		return "MASK"
	case AlphaBlend:
		return "BLEND"
	}
	return "OPAQUE"
}

// Texture is a decoded image that materials draw with, or that a texture
// file (a Metroid Prime TXTR) holds by itself.
type Texture struct {
	// Name is where the image came from: a resource id ("0A1B2C3D.TXTR"),
	// or the path of the file as it was found.
	Name string
	// Format names the source's pixel format for `info` ("GX CMPR",
	// "BMP 8-bit paletted", "TGA RLE 32-bit", ...).
	Format string
	// Levels holds the image and its mip levels, largest first, as
	// non-premultiplied RGBA. Levels[0] is what materials draw.
	Levels []*image.NRGBA
	// Encoded holds the source file's own bytes when they are PNG or
	// JPEG, with MIME their media type, so that an export can carry them
	// as they are; nil otherwise.
	Encoded []byte
	MIME    string
}

// Image returns the largest level, or nil for a texture without levels.
func (t *Texture) Image() *image.NRGBA {
	if t == nil || len(t.Levels) == 0 {
		return nil
	}
	return t.Levels[0]
}

// Validate checks that the texture has at least one level, that every
// level has pixels and that each level is no larger than the one before.
func (t *Texture) Validate() error {
	if len(t.Levels) == 0 {
		return fmt.Errorf("texture %q: no image", t.Name)
	}
	for i, l := range t.Levels {
		if l == nil || l.Rect.Empty() {
			return fmt.Errorf("texture %q: level %d is empty", t.Name, i)
		}
		if i > 0 {
			p := t.Levels[i-1].Rect
			if l.Rect.Dx() > p.Dx() || l.Rect.Dy() > p.Dy() {
				return fmt.Errorf("texture %q: level %d (%dx%d) is larger than level %d (%dx%d)",
					t.Name, i, l.Rect.Dx(), l.Rect.Dy(), i-1, p.Dx(), p.Dy())
			}
		}
	}
	return nil
}

// Triangles returns the number of triangles.
func (m *Mesh) Triangles() int { return len(m.Indices) / 3 }

// Skinned reports whether the mesh follows bones.
func (m *Mesh) Skinned() bool { return m.Joints != nil }

// Validate checks what skinning and drawing rely on against a skeleton of
// bones bones: slice lengths agree, every index is in range, every number
// is finite, weights are non-negative and sum to 1 (within 1e-3). Loaders
// normalise weights themselves and report the file's field and offset;
// this is the last line that keeps a loader's bug from reaching the
// renderer.
func (m *Mesh) Validate(bones int) error {
	n := len(m.Positions)
	if m.Normals != nil && len(m.Normals) != n {
		return fmt.Errorf("mesh %q: %d normals for %d vertices", m.Name, len(m.Normals), n)
	}
	if m.UVs != nil && len(m.UVs) != n {
		return fmt.Errorf("mesh %q: %d texture coordinates for %d vertices", m.Name, len(m.UVs), n)
	}
	if (m.Joints == nil) != (m.Weights == nil) || (m.Joints != nil && (len(m.Joints) != n || len(m.Weights) != n)) {
		return fmt.Errorf("mesh %q: %d joint and %d weight sets for %d vertices", m.Name, len(m.Joints), len(m.Weights), n)
	}
	if len(m.Indices)%3 != 0 {
		return fmt.Errorf("mesh %q: %d indices is not a whole number of triangles", m.Name, len(m.Indices))
	}
	for i, v := range m.Positions {
		if !finite3(v) {
			return fmt.Errorf("mesh %q: vertex %d position %v: %w", m.Name, i, v, ErrNonFinite)
		}
	}
	for i, v := range m.Normals {
		if !finite3(v) {
			return fmt.Errorf("mesh %q: vertex %d normal %v: %w", m.Name, i, v, ErrNonFinite)
		}
	}
	for i, v := range m.UVs {
		if !finiteF(v[0]) || !finiteF(v[1]) {
			return fmt.Errorf("mesh %q: vertex %d texture coordinate %v: %w", m.Name, i, v, ErrNonFinite)
		}
	}
	for i := range m.Joints {
		var sum float32
		for k := 0; k < MaxInfluences; k++ {
			w := m.Weights[i][k]
			if !finiteF(w) || w < 0 {
				return fmt.Errorf("mesh %q: vertex %d weight %d is %v", m.Name, i, k, w)
			}
			if w > 0 && int(m.Joints[i][k]) >= bones {
				return fmt.Errorf("mesh %q: vertex %d joint %d for a skeleton of %d bones", m.Name, i, m.Joints[i][k], bones)
			}
			sum += w
		}
		if math.Abs(float64(sum)-1) > 1e-3 {
			return fmt.Errorf("mesh %q: vertex %d weights sum to %v, not 1", m.Name, i, sum)
		}
	}
	for i, x := range m.Indices {
		if int(x) >= n {
			return fmt.Errorf("mesh %q: triangle %d names vertex %d of %d", m.Name, i/3, x, n)
		}
	}
	for i, g := range m.Groups {
		if g.First < 0 || g.Count < 0 || g.First+g.Count > m.Triangles() {
			return fmt.Errorf("mesh %q: group %d (%q) spans triangles %d+%d of %d", m.Name, i, g.Name, g.First, g.Count, m.Triangles())
		}
		if g.Material < -1 || g.Material >= len(m.Materials) {
			return fmt.Errorf("mesh %q: group %d (%q) names material %d of %d", m.Name, i, g.Name, g.Material, len(m.Materials))
		}
	}
	for i, mat := range m.Materials {
		for _, f := range mat.Diffuse {
			if !finiteF(f) {
				return fmt.Errorf("mesh %q: material %d (%q) diffuse %v: %w", m.Name, i, mat.Name, mat.Diffuse, ErrNonFinite)
			}
		}
		if mat.Texture != nil {
			if err := mat.Texture.Validate(); err != nil {
				return fmt.Errorf("mesh %q: material %d (%q): %w", m.Name, i, mat.Name, err)
			}
		}
		if !finiteF(mat.AlphaCutoff) {
			return fmt.Errorf("mesh %q: material %d (%q) alpha cutoff %v: %w", m.Name, i, mat.Name, mat.AlphaCutoff, ErrNonFinite)
		}
	}
	if m.InverseBind != nil && len(m.InverseBind) != bones {
		return fmt.Errorf("mesh %q: %d inverse bind matrices for %d bones", m.Name, len(m.InverseBind), bones)
	}
	for i := range m.InverseBind {
		for _, f := range m.InverseBind[i] {
			if !finiteF(f) {
				return fmt.Errorf("mesh %q: bone %d inverse bind matrix: %w", m.Name, i, ErrNonFinite)
			}
		}
	}
	return nil
}

func finiteF(f float32) bool {
	return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0)
}

func finite3(v mgl32.Vec3) bool { return finiteF(v[0]) && finiteF(v[1]) && finiteF(v[2]) }
