package ms3d

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"golang.org/x/image/bmp"
)

// TexturedFixture is the folder of a textured model made by textured():
// the model, its BMP texture in a sub-folder whose name and path differ
// in case from what the model names, and a PNG it names by an absolute
// path. Regenerate with
//
//	go test ./formats/ms3d -run TestTexturedFixture -update
const TexturedFixture = "testdata/textured"

// Colours of the fixture's textures.
var (
	checkRed  = color.RGBA{230, 20, 20, 255}
	checkBlue = color.RGBA{20, 40, 230, 255}
	glass     = color.NRGBA{30, 220, 60, 255}
)

// textured is the tube (tube()) in two groups: "body" (rings 0 to 5,
// y 0 to 2.5) with the material "skin", whose texture `.\Textures\Skin.BMP`
// is stored as textures/skin.bmp, an 8-bit paletted BMP of a red and
// blue checker of 4×4-texel squares; and "cap" with "glass", half
// transparent, whose texture is named `C:\Art\Hero\glass.PNG` and stored
// beside the model as glass.png, a green 4×4 PNG. It returns the model
// and the files of its folder by path.
func textured() (*File, map[string][]byte) {
	f := tube()
	var body, cp []uint16
	for i, tr := range f.Triangles {
		top := max(f.Vertices[tr.VertexIndices[0]].Position[1], f.Vertices[tr.VertexIndices[1]].Position[1],
			f.Vertices[tr.VertexIndices[2]].Position[1])
		if top <= 2.5 {
			body = append(body, uint16(i))
		} else {
			cp = append(cp, uint16(i))
		}
	}
	f.Groups = []Group{{Name: "body", Triangles: body, MaterialIndex: 0}, {Name: "cap", Triangles: cp, MaterialIndex: 1}}
	f.Materials = []Material{
		{Name: "skin", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: `.\Textures\Skin.BMP`},
		{Name: "glass", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 0.5, Texture: `C:\Art\Hero\glass.PNG`},
	}
	checker := image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{checkRed, checkBlue})
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			checker.Pix[y*8+x] = uint8((x/4 + y/4) % 2)
		}
	}
	var skin, gl bytes.Buffer
	if err := bmp.Encode(&skin, checker); err != nil {
		panic(err)
	}
	g := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < 16; i++ {
		g.SetNRGBA(i%4, i/4, glass)
	}
	if err := png.Encode(&gl, g); err != nil {
		panic(err)
	}
	model, err := f.Encode()
	if err != nil {
		panic(err)
	}
	return f, map[string][]byte{"textured.ms3d": model, "textures/skin.bmp": skin.Bytes(), "glass.png": gl.Bytes()}
}

func TestTexturedFixture(t *testing.T) {
	_, files := textured()
	for name, want := range files {
		p := filepath.Join(TexturedFixture, filepath.FromSlash(name))
		if *update {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (regenerate with -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the writers make now (regenerate with -update)", p)
		}
	}
}

// TestTextures opens the textured fixture from its folder on disk, as
// the binary file and as the ASCII export: each material gets its
// decoded texture, found through the Windows path with its case changed
// and through an absolute path's file name
// (docs/formats/milkshape-anm.md#textures).
func TestTextures(t *testing.T) {
	f, files := textured()
	dir := formats.FSResolver{FS: os.DirFS(TexturedFixture)}
	for _, in := range []*formats.Input{
		{Name: "textured.ms3d", Data: files["textured.ms3d"], Siblings: dir},
		{Name: "textured.txt", Data: f.EncodeText(), Siblings: dir},
	} {
		t.Run(in.Name, func(t *testing.T) {
			a, err := formats.NewRegistry(Loaders()...).Load(in)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Warnings) != 0 || len(a.Meshes) != 1 {
				t.Fatalf("%d meshes, warnings %q", len(a.Meshes), a.Warnings)
			}
			m := a.Meshes[0]
			skin, gl := m.Materials[0], m.Materials[1]
			if skin.Texture == nil || gl.Texture == nil {
				t.Fatalf("textures %v %v", skin.Texture, gl.Texture)
			}
			if skin.Texture.Name != "textures/skin.bmp" || skin.Texture.Format != "BMP 8-bit paletted" || skin.Texture.Encoded != nil ||
				skin.Alpha != formats.AlphaOpaque {
				t.Errorf("skin: %q %q, %d encoded bytes, alpha %v", skin.Texture.Name, skin.Texture.Format, len(skin.Texture.Encoded), skin.Alpha)
			}
			img := skin.Texture.Image()
			// Row 0 is the image's top: the BMP's last stored row.
			for _, p := range []struct {
				x, y int
				c    color.RGBA
			}{{0, 0, checkRed}, {4, 0, checkBlue}, {0, 4, checkBlue}, {7, 7, checkRed}} {
				if got := img.NRGBAAt(p.x, p.y); got != (color.NRGBA(p.c)) {
					t.Errorf("skin (%d,%d) = %v, want %v", p.x, p.y, got, p.c)
				}
			}
			if gl.Texture.Name != "glass.png" || gl.Texture.MIME != "image/png" || !bytes.Equal(gl.Texture.Encoded, files["glass.png"]) ||
				gl.Texture.Image().NRGBAAt(3, 3) != glass {
				t.Errorf("glass: %q %q, %d encoded bytes", gl.Texture.Name, gl.Texture.MIME, len(gl.Texture.Encoded))
			}
			// Transparency 0.5: MilkShape blends it (transparency mode 0).
			if gl.Alpha != formats.AlphaBlend || gl.Diffuse[3] != 0.5 {
				t.Errorf("glass alpha %v, diffuse %v", gl.Alpha, gl.Diffuse)
			}
			if v := infoValue(a, "textures"); v != "2 of 2 named found and decoded" {
				t.Errorf("info textures = %q", v)
			}
		})
	}
}

func infoValue(a *formats.Asset, key string) string {
	for _, kv := range a.Info {
		if kv.Key == key {
			return kv.Value
		}
	}
	return ""
}

// TestTextureResolution: what a material's texture and alpha map paths
// find beside the model, and the warnings for what they do not.
func TestTextureResolution(t *testing.T) {
	_, files := textured()
	grey := image.NewGray(image.Rect(0, 0, 2, 2))
	grey.Pix = []uint8{255, 0, 128, 255}
	var alpha bytes.Buffer
	if err := bmp.Encode(&alpha, grey); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"outside.bmp":                  {Data: files["textures/skin.bmp"]},
		"model/textures/skin.bmp":      {Data: files["textures/skin.bmp"]},
		"model/Maps/Glass.Png":         {Data: files["glass.png"]},
		"model/maps/alpha/mask.bmp":    {Data: alpha.Bytes()},
		"model/broken.bmp":             {Data: []byte("BM not really")},
		"model/textures/notes.txt.dds": {Data: []byte("DDS ")},
	}
	dir := formats.FSResolver{FS: fsys, Dir: "model"}
	for _, tc := range []struct {
		name, tex, alpha string
		mode             int32 // the model extra's transparency mode
		found            string
		alphaMode        formats.AlphaMode
		warn             string
	}{
		{name: "windows path, case differs", tex: `.\Textures\Skin.BMP`, found: "textures/skin.bmp"},
		{name: "forward slashes", tex: `textures/skin.bmp`, found: "textures/skin.bmp"},
		{name: "sub-folder of another case", tex: `maps\glass.png`, found: "Maps/Glass.Png"},
		{name: "absolute path, its tail", tex: `C:\Users\art\model\textures\SKIN.bmp`, found: "textures/skin.bmp"},
		{name: "file name alone", tex: `D:\elsewhere\skin.bmp`, found: "", warn: `texture: "D:\\elsewhere\\skin.bmp": not found (tried "elsewhere/skin.bmp", "skin.bmp" in the model's folder)`},
		{name: "dot-dot refused", tex: `..\outside.bmp`, warn: `texture: "..\\outside.bmp": not found (tried "outside.bmp" in the model's folder)`},
		{name: "missing", tex: `.\Textures\missing.bmp`, warn: `material "m": texture: ".\\Textures\\missing.bmp": not found (tried "Textures/missing.bmp", "missing.bmp" in the model's folder)`},
		{name: "not an image", tex: `broken.bmp`, warn: `material "m": texture: broken.bmp: BMP: `},
		{name: "unknown kind", tex: `textures\notes.txt.dds`, warn: `not a BMP, PNG, JPEG, GIF or TGA image`},
		{name: "alpha map blends", tex: `textures\skin.bmp`, alpha: `.\maps\alpha\MASK.bmp`, found: "textures/skin.bmp", alphaMode: formats.AlphaBlend},
		{name: "alpha map tested at the alpha ref", tex: `textures\skin.bmp`, alpha: `maps\alpha\mask.bmp`, mode: 1, found: "textures/skin.bmp", alphaMode: formats.AlphaMask},
		{name: "alpha map missing", tex: `textures\skin.bmp`, alpha: `gone.bmp`, found: "textures/skin.bmp", warn: `material "m": alpha map: "gone.bmp": not found`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tube()
			f.Materials = []Material{{Name: "m", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: tc.tex, AlphaMap: tc.alpha}}
			if tc.mode != 0 {
				f.ModelExtraSubVersion, f.ModelExtra = 1, ModelExtra{TransparencyMode: tc.mode, AlphaRef: 0.25}
				f.JointExtraSubVersion = 1
			}
			a, err := Load(&formats.Input{Name: "model.ms3d", Data: mustEncode(t, f), Siblings: dir})
			if err != nil {
				t.Fatal(err)
			}
			mat := a.Meshes[0].Materials[0]
			warns := strings.Join(a.Warnings, "\n")
			if tc.warn == "" && warns != "" || !strings.Contains(warns, tc.warn) {
				t.Errorf("warnings %q, want one with %q", a.Warnings, tc.warn)
			}
			if tc.found == "" {
				if mat.Texture != nil {
					t.Errorf("found %q", mat.Texture.Name)
				}
				return
			}
			if mat.Texture == nil || mat.Texture.Name != tc.found {
				t.Fatalf("texture %v, want %s", mat.Texture, tc.found)
			}
			if mat.Alpha != tc.alphaMode {
				t.Errorf("alpha %v, want %v", mat.Alpha, tc.alphaMode)
			}
			if tc.alpha != "" && tc.warn == "" {
				// The mask's grey: 255 0 / 128 255 over the 8×8 checker.
				img := mat.Texture.Image()
				for _, p := range [][3]int{{0, 0, 255}, {7, 0, 0}, {0, 7, 128}, {7, 7, 255}} {
					if a := img.NRGBAAt(p[0], p[1]).A; int(a) != p[2] {
						t.Errorf("alpha at (%d,%d) = %d, want %d", p[0], p[1], a, p[2])
					}
				}
				if tc.alphaMode == formats.AlphaMask && mat.AlphaCutoff != 0.25 {
					t.Errorf("cutoff %v", mat.AlphaCutoff)
				}
			}
		})
	}
}

// TestTexturesShared: materials naming one file, however spelled, share
// one texture; a model opened without a folder warns and draws colours.
func TestTexturesShared(t *testing.T) {
	f, files := textured()
	f.Materials[1].Texture = `textures\SKIN.bmp`
	fsys := fstest.MapFS{"textures/skin.bmp": {Data: files["textures/skin.bmp"]}}
	a, err := Load(&formats.Input{Name: "x.ms3d", Data: mustEncode(t, f), Siblings: formats.FSResolver{FS: fsys}})
	if err != nil {
		t.Fatal(err)
	}
	ms := a.Meshes[0].Materials
	if ms[0].Texture == nil || ms[0].Texture != ms[1].Texture {
		t.Errorf("textures %p %p not shared", ms[0].Texture, ms[1].Texture)
	}
	a, err = Load(&formats.Input{Name: "x.ms3d", Data: mustEncode(t, f)})
	if err != nil {
		t.Fatal(err)
	}
	if a.Meshes[0].Materials[0].Texture != nil || !strings.Contains(strings.Join(a.Warnings, "\n"), "no folder to look in") {
		t.Errorf("without a folder: warnings %q", a.Warnings)
	}
}

// TestTextureOwnAlpha: a texture's own alpha counts only where the
// material's mode has ModeHasAlpha, as in MilkShape; a transparency of 0
// (Blender's exporter's opaque) is opaque.
func TestTextureOwnAlpha(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.Pix = []uint8{255, 0, 0, 255, 0, 255, 0, 0}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	fsys := formats.FSResolver{FS: fstest.MapFS{"leaf.png": {Data: b.Bytes()}}}
	for _, tc := range []struct {
		name         string
		mode         uint8
		transparency float32
		want         formats.AlphaMode
		diffuseAlpha float32
	}{
		{"mode 0 ignores the image's alpha", 0, 1, formats.AlphaOpaque, 1},
		{"has alpha blends", ModeHasAlpha, 1, formats.AlphaBlend, 1},
		{"has alpha with sphere map bit", ModeHasAlpha | 1, 1, formats.AlphaBlend, 1},
		{"transparency 0 is opaque", 0, 0, formats.AlphaOpaque, 1},
		{"transparency 0.25 blends", 0, 0.25, formats.AlphaBlend, 0.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tube()
			f.Materials = []Material{{Name: "leaf", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: tc.transparency, Mode: tc.mode, Texture: `//leaf.png`}}
			a, err := Load(&formats.Input{Name: "m.ms3d", Data: mustEncode(t, f), Siblings: fsys})
			if err != nil {
				t.Fatal(err)
			}
			mat := a.Meshes[0].Materials[0]
			if mat.Texture == nil || mat.Alpha != tc.want || mat.Diffuse[3] != tc.diffuseAlpha {
				t.Errorf("texture %v, alpha %v, diffuse %v; want %v, %v", mat.Texture != nil, mat.Alpha, mat.Diffuse, tc.want, tc.diffuseAlpha)
			}
		})
	}
}
