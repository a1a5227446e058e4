package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// layerTris is a list of triangles for MeshLayer.Rasterize.
type layerTris struct {
	tris []Tri
	tex  []TexTri
}

// tri adds a triangle, textured with tex (nil: flat) at corner
// coordinates uv under an orthographic camera (W = 1).
func (lt *layerTris) tri(p [3]mgl32.Vec2, invZ float32, c color.RGBA, tex *Texture, uv [3]mgl32.Vec2) *layerTris {
	t := Tri{P: p, InvZ: [3]float32{invZ, invZ, invZ}, Color: c}
	if tex != nil {
		lt.tex = append(lt.tex, TexTri{Tex: tex, UV: uv})
		t.Tex = int32(len(lt.tex))
	}
	lt.tris = append(lt.tris, t)
	return lt
}

// quad adds the screen rectangle [x0, x1] × [y0, y1] as two triangles at
// depth 1/invZ with the whole texture over it ((0, 0) at the top left
// corner), or flat where tex is nil.
func (lt *layerTris) quad(x0, y0, x1, y1, invZ float32, tex *Texture, c color.RGBA) *layerTris {
	p := [4]mgl32.Vec2{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	uv := [4]mgl32.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	for _, k := range [2][3]int{{0, 1, 2}, {0, 2, 3}} {
		lt.tri([3]mgl32.Vec2{p[k[0]], p[k[1]], p[k[2]]}, invZ, c, tex, [3]mgl32.Vec2{uv[k[0]], uv[k[1]], uv[k[2]]})
	}
	return lt
}

// rasterize draws the triangles into a layer, opaque textured ones
// deferred (as Build's are), and checks that texturing each as it is
// drawn (the way past maxDeferred triangles) gives the same pixels.
func (lt *layerTris) rasterize(t *testing.T, vp Viewport) *MeshLayer {
	t.Helper()
	var l, now MeshLayer
	l.Rasterize(lt.tris, lt.tex, vp)
	now.immediate = true
	now.Rasterize(lt.tris, lt.tex, vp)
	if l.Dirty != now.Dirty || !slices.Equal(l.Image.Pix, now.Image.Pix) {
		t.Fatalf("deferred and immediate texturing differ (drawn parts %v and %v)", l.Dirty, now.Dirty)
	}
	return &l
}

// nrgba is an image of w×h pixels coloured by f.
func nrgba(w, h int, f func(x, y int) color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, f(x, y))
		}
	}
	return img
}

var (
	white   = color.RGBA{255, 255, 255, 255}
	opaqueW = color.NRGBA{255, 255, 255, 255}
)

// TestTextureTexelsExact: an 8×8 texture over an 8×8-pixel square shows
// each texel at its pixel, exactly: a pixel centre (i + ½)/8 is texel
// i's centre, where the bilinear filter takes that texel alone. A
// checkerboard of four colours and a gradient make every texel
// different.
func TestTextureTexelsExact(t *testing.T) {
	img := nrgba(8, 8, func(x, y int) color.NRGBA {
		c := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}}[(x+y)%4]
		c.R |= uint8(x * 16)
		c.B |= uint8(y * 8)
		return c
	})
	for _, tc := range []struct {
		name string
		at   image.Point // the square's top left pixel
	}{{"at the corner", image.Pt(0, 0)}, {"inside", image.Pt(5, 3)}} {
		x0, y0 := float32(tc.at.X), float32(tc.at.Y)
		l := new(layerTris).quad(x0, y0, x0+8, y0+8, 0.5, NewTexture(img, opaqueW, formats.AlphaOpaque, 0), white).rasterize(t, Viewport{W: 20, H: 20})
		for y := 0; y < 8; y++ {
			for x := 0; x < 8; x++ {
				want := img.NRGBAAt(x, y)
				if got := l.Image.RGBAAt(tc.at.X+x, tc.at.Y+y); got != (color.RGBA{want.R, want.G, want.B, 255}) {
					t.Fatalf("%s: pixel (%d, %d) = %v, want texel %v", tc.name, x, y, got, want)
				}
			}
		}
		if got := l.Image.RGBAAt(tc.at.X+8, tc.at.Y); got.A != 0 {
			t.Errorf("%s: pixel right of the square drawn: %v", tc.name, got)
		}
	}
}

// TestTextureBilinear: a 2×1 texture, red then blue, over four pixels:
// the pixel centres fall at texel coordinates −¼, ¼, ¾ and 1¼, each a
// mix of the two texels nearest (the first and last wrap around: the
// texture repeats). Weights are in 1/256: ¾ red is 192/256 of 255, 191.
func TestTextureBilinear(t *testing.T) {
	img := nrgba(2, 1, func(x, y int) color.NRGBA {
		return [2]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}}[x]
	})
	l := new(layerTris).quad(0, 0, 4, 1, 0.5, NewTexture(img, opaqueW, formats.AlphaOpaque, 0), white).rasterize(t, Viewport{W: 4, H: 1})
	want := []color.RGBA{
		{191, 0, 63, 255}, // −¼: ¾ red (texel 0), ¼ blue (texel 1, wrapped)
		{191, 0, 63, 255}, // ¼: ¾ red, ¼ blue
		{63, 0, 191, 255}, // ¾: ¼ red, ¾ blue
		{63, 0, 191, 255}, // 1¼: ¾ blue, ¼ red (texel 0 again, wrapped)
	}
	for x, w := range want {
		if got := l.Image.RGBAAt(x, 0); !nearRGBA(got, w, 1) {
			t.Errorf("pixel %d = %v, want %v", x, got, w)
		}
	}
}

func nearRGBA(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestTextureColour: the texel is multiplied by the triangle's colour
// (the light), channel by channel; a grey colour (the common case, with
// a fast path) the same as the general rule within rounding.
func TestTextureColour(t *testing.T) {
	img := nrgba(1, 1, func(x, y int) color.NRGBA { return color.NRGBA{200, 100, 50, 255} })
	tex := NewTexture(img, opaqueW, formats.AlphaOpaque, 0)
	for _, tc := range []struct {
		c    color.RGBA
		want color.RGBA
	}{
		{white, color.RGBA{200, 100, 50, 255}},
		{color.RGBA{128, 128, 128, 255}, color.RGBA{100, 50, 25, 255}},
		{color.RGBA{255, 0, 128, 255}, color.RGBA{200, 0, 25, 255}},
	} {
		l := new(layerTris).quad(0, 0, 4, 4, 0.5, tex, tc.c).rasterize(t, Viewport{W: 4, H: 4})
		if got := l.Image.RGBAAt(1, 1); !nearRGBA(got, tc.want, 1) {
			t.Errorf("colour %v: pixel %v, want %v", tc.c, got, tc.want)
		}
	}
	// The tint (a material's diffuse colour) multiplies the texels.
	tinted := NewTexture(img, color.NRGBA{255, 128, 0, 255}, formats.AlphaOpaque, 0)
	l := new(layerTris).quad(0, 0, 4, 4, 0.5, tinted, white).rasterize(t, Viewport{W: 4, H: 4})
	if got, want := l.Image.RGBAAt(1, 1), (color.RGBA{200, 50, 0, 255}); !nearRGBA(got, want, 1) {
		t.Errorf("tinted: pixel %v, want %v", got, want)
	}
}

// TestTextureMask: AlphaMask draws a texel whose alpha reaches the
// cutoff, opaque, and leaves the pixel to what is behind elsewhere.
func TestTextureMask(t *testing.T) {
	// Columns 0-3: green at alpha 0; 4-5: blue at alpha 100 (under
	// the cutoff of 0.5); 6-7: blue at alpha 200 (drawn opaque, its
	// straight colour).
	img := nrgba(8, 8, func(x, y int) color.NRGBA {
		switch {
		case x < 4:
			return color.NRGBA{0, 255, 0, 0}
		case x < 6:
			return color.NRGBA{0, 0, 255, 100}
		}
		return color.NRGBA{0, 0, 255, 200}
	})
	red := color.RGBA{255, 0, 0, 255}
	l := new(layerTris).quad(0, 0, 8, 8, 0.5, NewTexture(img, opaqueW, formats.AlphaMask, 0.5), white).
		quad(0, 0, 8, 8, 0.25, nil, red). // behind, drawn after
		rasterize(t, Viewport{W: 8, H: 8})
	for x, want := range []color.RGBA{red, red, red, red, red, red, {0, 0, 255, 255}, {0, 0, 255, 255}} {
		if got := l.Image.RGBAAt(x, 4); !nearRGBA(got, want, 1) {
			t.Errorf("pixel %d = %v, want %v", x, got, want)
		}
	}
	// A cutoff of 0 still discards alpha 0.
	l = new(layerTris).quad(0, 0, 8, 8, 0.5, NewTexture(img, opaqueW, formats.AlphaMask, 0), white).rasterize(t, Viewport{W: 8, H: 8})
	if got := l.Image.RGBAAt(1, 4); got.A != 0 {
		t.Errorf("cutoff 0: a texel of alpha 0 drawn: %v", got)
	}
	if got := l.Image.RGBAAt(4, 4); got != (color.RGBA{0, 0, 255, 255}) {
		t.Errorf("cutoff 0: pixel %v, want opaque blue", got)
	}
}

// TestTextureBlend: AlphaBlend mixes over what is behind (Porter-Duff
// over, premultiplied), after every opaque triangle and far to near
// whatever the list's order, without hiding what is drawn after it.
func TestTextureBlend(t *testing.T) {
	half := func(c color.NRGBA) *Texture {
		c.A = 128
		return NewTexture(nrgba(2, 2, func(x, y int) color.NRGBA { return c }), opaqueW, formats.AlphaBlend, 0)
	}
	blue, green := half(color.NRGBA{0, 0, 255, 0}), half(color.NRGBA{0, 255, 0, 0})
	red := color.RGBA{255, 0, 0, 255}
	vp := Viewport{W: 4, H: 4}
	for _, tc := range []struct {
		name string
		tris *layerTris
		want color.RGBA
	}{
		// 128/255 of blue over red: red keeps 127/255.
		{"over an opaque triangle drawn after it", new(layerTris).quad(0, 0, 4, 4, 0.5, blue, white).quad(0, 0, 4, 4, 0.25, nil, red),
			color.RGBA{127, 0, 128, 255}},
		{"behind an opaque triangle", new(layerTris).quad(0, 0, 4, 4, 0.25, blue, white).quad(0, 0, 4, 4, 0.5, nil, red), red},
		// Over nothing: the layer keeps the alpha (premultiplied).
		{"over nothing", new(layerTris).quad(0, 0, 4, 4, 0.5, blue, white), color.RGBA{0, 0, 128, 128}},
		// Green (nearer) over blue, both listed near first: blue goes
		// first, then green over it.
		{"far to near", new(layerTris).quad(0, 0, 4, 4, 0.8, green, white).quad(0, 0, 4, 4, 0.5, blue, white),
			color.RGBA{0, 128, 64, 192}},
		// The colour's alpha (a material's) multiplies the texel's.
		{"colour alpha", new(layerTris).quad(0, 0, 4, 4, 0.5, blue, color.RGBA{255, 255, 255, 128}).quad(0, 0, 4, 4, 0.25, nil, red),
			color.RGBA{191, 0, 64, 255}},
	} {
		l := tc.tris.rasterize(t, vp)
		if got := l.Image.RGBAAt(2, 2); !nearRGBA(got, tc.want, 1) {
			t.Errorf("%s: pixel %v, want %v", tc.name, got, tc.want)
		}
	}
	// A fan of blended triangles around an off-grid centre, their edges
	// at many slopes, some through pixel centres: each pixel is mixed
	// once (alpha 128), never twice (192) along a shared edge, and none
	// inside is left out.
	const n = 7
	c := mgl32.Vec2{20.5, 19.5}
	fan := new(layerTris)
	for i := 0; i < n; i++ {
		at := func(k int) mgl32.Vec2 {
			a := 2 * math.Pi * float64(k%n) / n
			return c.Add(mgl32.Vec2{float32(15 * math.Cos(a)), float32(15 * math.Sin(a))})
		}
		fan.tri([3]mgl32.Vec2{c, at(i), at(i + 1)}, 0.5, white, blue, [3]mgl32.Vec2{})
	}
	l := fan.rasterize(t, Viewport{W: 40, H: 40})
	for y := 0; y < 40; y++ {
		for x := 0; x < 40; x++ {
			got := l.Image.RGBAAt(x, y)
			inside := mgl32.Vec2{float32(x) + 0.5, float32(y) + 0.5}.Sub(c).Len() < 12 // well inside the heptagon
			if got.A != 0 && got.A != 128 || inside && got.A != 128 {
				t.Fatalf("fan: pixel (%d, %d) is %v, want alpha 128", x, y, got)
			}
		}
	}
}

// texturedQuadMesh is a square from (-1, -1) to (1, 1) whose left edge
// is at depth zl and right edge at zr, facing +Z, with the texture img
// over it through one material (u from left to right, v downwards).
func texturedQuadMesh(zl, zr float32, img *image.NRGBA, diffuse [4]float32) *formats.Mesh {
	m := &formats.Mesh{Name: "quad", FrontCCW: true,
		Positions: []mgl32.Vec3{{-1, -1, zl}, {1, -1, zr}, {1, 1, zr}, {-1, 1, zl}},
		UVs:       []mgl32.Vec2{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
		Joints:    make([][4]uint16, 4), Weights: [][4]float32{{1}, {1}, {1}, {1}},
		Materials: []formats.Material{{Name: "m", Diffuse: diffuse, Texture: &formats.Texture{Name: "t", Levels: []*image.NRGBA{img}}}},
		Groups:    []formats.MeshGroup{{Name: "g", First: 0, Count: 2, Material: 0}},
	}
	return m
}

// halves is a 64×1 image: red on the left half, blue on the right.
func halves() *image.NRGBA {
	return nrgba(64, 1, func(x, y int) color.NRGBA {
		if x < 32 {
			return color.NRGBA{255, 0, 0, 255}
		}
		return color.NRGBA{0, 0, 255, 255}
	})
}

// TestTexturePerspective: a square receding to the right (its left edge
// 1 nearer the camera, its right edge 1 farther) shows the texture's
// middle where the square's middle projects, at the view's centre, not
// halfway between its projected edges: the left edge projects at x = 25
// (50 − 50·1/(3 − 1)) and the right at 62.5 (50 + 50·1/(3 + 1)), whose
// midpoint 43.75 an affine interpolation would take for u = ½. Under an
// orthographic camera the middle is halfway, at the centre too.
func TestTexturePerspective(t *testing.T) {
	for _, ortho := range []bool{false, true} {
		m := texturedQuadMesh(1, -1, halves(), [4]float32{1, 1, 1, 1})
		cam := frontCamera(3)
		cam.Ortho = ortho
		var dl DrawList
		Build(&dl, meshScene(m), cam, vp100, meshOpt())
		if len(dl.Tris) != 2 || dl.Tris[0].Tex == 0 {
			t.Fatalf("ortho %v: %d triangles (textured: %v)", ortho, len(dl.Tris), len(dl.Tris) > 0 && dl.Tris[0].Tex != 0)
		}
		// Texturing each triangle as it is drawn (float32 steps along
		// its rows) agrees with the deferred texturing (float64 planes
		// at each pixel) to a unit of colour.
		now := MeshLayer{immediate: true}
		now.Rasterize(dl.Tris, dl.TexTris, vp100)
		ml := dl.MeshLayer()
		for i := range ml.Image.Pix {
			if d := int(ml.Image.Pix[i]) - int(now.Image.Pix[i]); d < -1 || d > 1 || now.Dirty != ml.Dirty {
				t.Fatalf("ortho %v: deferred and immediate texturing differ at byte %d: %d and %d", ortho, i, ml.Image.Pix[i], now.Image.Pix[i])
			}
		}
		isRed := func(x int) bool { c := layerAt(&dl, x, 50); return c.A == 255 && c.R > 100 && c.B == 0 }
		isBlue := func(x int) bool { c := layerAt(&dl, x, 50); return c.A == 255 && c.B > 100 && c.R == 0 }
		for x := 40; x <= 48; x++ {
			if !isRed(x) {
				t.Errorf("ortho %v: pixel %d, left of the middle, is %v, want red", ortho, x, layerAt(&dl, x, 50))
			}
		}
		for x := 52; x <= 56; x++ {
			if !isBlue(x) {
				t.Errorf("ortho %v: pixel %d, right of the middle, is %v, want blue", ortho, x, layerAt(&dl, x, 50))
			}
		}
	}
}

// TestTexturedMeshBuild: a textured material draws its texels times its
// diffuse colour and the light; NoTextures draws the material's flat
// colour; a mesh without texture coordinates draws flat too.
func TestTexturedMeshBuild(t *testing.T) {
	img := nrgba(4, 4, func(x, y int) color.NRGBA { return color.NRGBA{200, 100, 40, 255} })
	dif := [4]float32{1, 0.5, 1, 1}
	// The square faces the camera: lit by the light's z, 0.8/|(-0.35,
	// 0.5, 0.8)|, above the ambient floor.
	lit := float32(ambient + diffuse*0.8/mgl32.Vec3{-0.35, 0.5, 0.8}.Len())
	shadeOf := func(c float32) float64 { return float64(c * lit) }
	for _, tc := range []struct {
		name    string
		flat    bool
		noUVs   bool
		r, g, b float64
	}{
		{"textured", false, false, shadeOf(200), shadeOf(50), shadeOf(40)},
		{"no textures", true, false, shadeOf(255), shadeOf(128), shadeOf(255)},
		{"no texture coordinates", false, true, shadeOf(255), shadeOf(128), shadeOf(255)},
	} {
		m := texturedQuadMesh(0, 0, img, dif)
		if tc.noUVs {
			m.UVs = nil
		}
		o := meshOpt()
		o.NoTextures = tc.flat
		var dl DrawList
		Build(&dl, meshScene(m), frontCamera(3), vp100, o)
		c := layerAt(&dl, 50, 50)
		near := func(a uint8, b float64) bool { return float64(a) > b-2 && float64(a) < b+2 }
		if !near(c.R, tc.r) || !near(c.G, tc.g) || !near(c.B, tc.b) || c.A != 255 {
			t.Errorf("%s: pixel %v, want about (%.0f, %.0f, %.0f)", tc.name, c, tc.r, tc.g, tc.b)
		}
		if textured := dl.Tris[0].Tex != 0; textured != (!tc.flat && !tc.noUVs) {
			t.Errorf("%s: textured %v", tc.name, textured)
		}
	}
}

// TestTexturedNearClip: a textured triangle cut at the near plane keeps
// its texture coordinates, interpolated along the cut edges as the
// positions are.
func TestTexturedNearClip(t *testing.T) {
	img := nrgba(2, 2, func(x, y int) color.NRGBA { return color.NRGBA{uint8(x * 255), uint8(y * 255), 0, 255} })
	// Corner 2 is behind the camera (at z = 3): the edges to it are cut.
	m := triMesh(false, [3]mgl32.Vec3{{-1, -1, 0}, {1, -1, 0}, {0, 0, 10}})
	m.UVs = []mgl32.Vec2{{0, 0}, {1, 0}, {0.5, 1}}
	m.Materials = []formats.Material{{Texture: &formats.Texture{Levels: []*image.NRGBA{img}}}}
	m.Groups = []formats.MeshGroup{{Count: 1, Material: 0}}
	cam := frontCamera(3)
	var dl DrawList
	Build(&dl, meshScene(m), cam, vp100, meshOpt())
	pr := newProjector(cam, vp100)
	if len(dl.Tris) != 2 {
		t.Fatalf("%d triangles, want 2 (a quad left in front of the near plane)", len(dl.Tris))
	}
	// On the cut, z = 3 − near; along the edge from (±1, −1, 0) to
	// (0, 0, 10) a share s = z/10 of the way, so v = s.
	s := (3 - pr.near) / 10
	cuts := 0
	for _, tr := range dl.Tris {
		if tr.Tex == 0 {
			t.Fatal("a cut triangle lost its texture")
		}
		tt := dl.TexTris[tr.Tex-1]
		for k := range 3 {
			if abs32(tr.InvZ[k]-1/pr.near) > 1e-3/pr.near {
				continue
			}
			cuts++
			if u := tt.UV[k]; abs32(u[1]-s) > 1e-4 || !(abs32(u[0]-s*0.5) < 1e-4 || abs32(u[0]-(1-s*0.5)) < 1e-4) {
				t.Errorf("cut corner's coordinate %v, want (%v or %v, %v)", u, s*0.5, 1-s*0.5, s)
			}
			if !tt.Persp {
				t.Error("cut corner not weighted by its 1/z")
			}
		}
	}
	if cuts == 0 {
		t.Error("no corner on the near plane")
	}
}

// TestTexturedBuildAllocs: drawing a textured mesh again allocates
// nothing (the prepared texture is kept).
func TestTexturedBuildAllocs(t *testing.T) {
	m := texturedQuadMesh(0.5, -0.5, halves(), [4]float32{1, 1, 1, 1})
	sc := meshScene(m)
	var dl DrawList
	cam := frontCamera(3)
	o := meshOpt()
	Build(&dl, sc, cam, vp100, o)
	dl.MeshLayer()
	if n := testing.AllocsPerRun(20, func() {
		Build(&dl, sc, cam, vp100, o)
		dl.MeshLayer()
	}); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// TestTexturingKept: the meshes' texturing is kept from frame to frame
// and made again when what it comes from changes: the material's
// texture, the camera's kind (the weights), the textures turned off,
// the mesh itself.
func TestTexturingKept(t *testing.T) {
	solid := func(c color.NRGBA) *formats.Texture {
		return &formats.Texture{Name: "t", Levels: []*image.NRGBA{nrgba(4, 4, func(x, y int) color.NRGBA { return c })}}
	}
	m := texturedQuadMesh(0, 0, halves(), [4]float32{1, 1, 1, 1})
	m.Materials[0].Texture = solid(color.NRGBA{255, 0, 0, 255})
	sc := meshScene(m)
	cam := frontCamera(3)
	o := meshOpt()
	var dl DrawList
	check := func(name string, red, textured, persp bool) {
		t.Helper()
		Build(&dl, sc, cam, vp100, o)
		c := layerAt(&dl, 50, 50)
		if c.A != 255 || (c.R > c.B) != red {
			t.Errorf("%s: pixel %v, want %s", name, c, map[bool]string{true: "red", false: "not red"}[red])
		}
		for _, tr := range dl.Tris {
			if (tr.Tex != 0) != textured {
				t.Fatalf("%s: triangle textured %v, want %v", name, tr.Tex != 0, textured)
			}
			if textured && dl.TexTris[tr.Tex-1].Persp != persp {
				t.Errorf("%s: weights by 1/z %v, want %v", name, !persp, persp)
			}
		}
	}
	check("first frame", true, true, true)
	check("again", true, true, true)
	m.Materials[0].Texture = solid(color.NRGBA{0, 0, 255, 255})
	check("another texture", false, true, true)
	cam.Ortho = true
	check("orthographic", false, true, false)
	o.NoTextures = true
	check("no textures", false, false, false)
	o.NoTextures = false
	m2 := texturedQuadMesh(0, 0, halves(), [4]float32{1, 1, 1, 1})
	m2.Materials[0].Texture = solid(color.NRGBA{255, 0, 0, 255})
	sc.Meshes[0] = m2
	check("another mesh", true, true, false)
}

// TestTextureMips: a texture drawn smaller than its texels reads the mip
// level whose texels are nearest a pixel in size, one level a triangle
// (texel-to-pixel ratio r by area; level round(log2 √r)). A 32×32
// checkerboard of single black and white texels over a 7×7 square
// (r = 20.9: level 2, 8×8) shows its mean, grey, where level 0 would
// alias (pixel centres fall between texels at changing fractions); over
// a 32×32 square (r = 1) it is drawn texel for texel. A TXTR's own level is used where it has the size of the level
// (red here, to tell it from the box filter's grey).
func TestTextureMips(t *testing.T) {
	checker := nrgba(32, 32, func(x, y int) color.NRGBA {
		if (x+y)%2 == 0 {
			return color.NRGBA{255, 255, 255, 255}
		}
		return color.NRGBA{0, 0, 0, 255}
	})
	red := func(n int) *image.NRGBA {
		return nrgba(n, n, func(x, y int) color.NRGBA { return color.NRGBA{255, 0, 0, 255} })
	}
	for _, tc := range []struct {
		name   string
		levels []*image.NRGBA
		side   float32
		check  func(c color.RGBA) bool
		want   string
	}{
		{"minified, box-filtered levels", []*image.NRGBA{checker}, 7, func(c color.RGBA) bool { return nearRGBA(c, color.RGBA{128, 128, 128, 255}, 2) }, "grey"},
		{"texel for texel", []*image.NRGBA{checker}, 32, func(c color.RGBA) bool { return c.R == c.G && (c.R == 0 || c.R == 255) }, "black or white"},
		{"the file's own levels", []*image.NRGBA{checker, red(16), red(8)}, 8, func(c color.RGBA) bool { return c == color.RGBA{255, 0, 0, 255} }, "red"},
		{"a level of the wrong size box-filtered", []*image.NRGBA{checker, red(15)}, 8, func(c color.RGBA) bool { return nearRGBA(c, color.RGBA{128, 128, 128, 255}, 2) }, "grey"},
	} {
		tex := newMipTexture(tc.levels, opaqueW, formats.AlphaOpaque, 0)
		l := new(layerTris).quad(0, 0, tc.side, tc.side, 0.5, tex, white).rasterize(t, Viewport{W: 40, H: 40})
		for y := 0; y < int(tc.side); y++ {
			for x := 0; x < int(tc.side); x++ {
				if c := l.Image.RGBAAt(x, y); !tc.check(c) {
					t.Fatalf("%s: pixel (%d, %d) = %v, want %s", tc.name, x, y, c, tc.want)
				}
			}
		}
	}
}

// TestTextureHalve: the box filter's texel is the mean of the 2×2 it
// covers, colours weighted by alpha (a transparent texel's colour does
// not bleed in); an odd side leaves its last texel out, a side of 1
// stays 1; the levels go down to 1×1.
func TestTextureHalve(t *testing.T) {
	img := nrgba(3, 1, func(x, y int) color.NRGBA {
		return []color.NRGBA{{200, 0, 0, 255}, {0, 0, 255, 0}, {9, 9, 9, 255}}[x]
	})
	h := halve(img)
	if h.Rect != image.Rect(0, 0, 1, 1) {
		t.Fatalf("halved 3×1 is %v, want 1×1", h.Rect)
	}
	// Texels 0 and 1: red opaque and a transparent blue, alpha (255 + 0)/2.
	if got, want := h.NRGBAAt(0, 0), (color.NRGBA{200, 0, 0, 128}); got != want {
		t.Errorf("halved texel %v, want %v", got, want)
	}
	tex := newMipTexture([]*image.NRGBA{nrgba(8, 2, func(x, y int) color.NRGBA { return color.NRGBA{1, 2, 3, 255} })}, opaqueW, formats.AlphaOpaque, 0)
	var sizes []image.Point
	for _, m := range tex.mips {
		sizes = append(sizes, m.Size())
	}
	if want := []image.Point{{4, 1}, {2, 1}, {1, 1}}; !slices.Equal(sizes, want) {
		t.Errorf("levels of 8×2: %v, want %v", sizes, want)
	}
}
