package prime

import (
	"image/color"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
)

func texturedFolder(t testing.TB, game Game) fstest.MapFS {
	t.Helper()
	files, err := DemoTexturedSetFiles(game)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for n, b := range files {
		fsys[n] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// TestTexturedSet opens the textured demo character: each of its two
// materials finds its TXTR by id (docs/formats/metroid-prime.md#material-passes),
// with the pass's alpha mode, and the mesh has texture coordinates.
func TestTexturedSet(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		t.Run(game.String(), func(t *testing.T) {
			a := loadDemoSet(t, texturedFolder(t, game), "")
			if len(a.Warnings) > 0 {
				t.Errorf("warnings: %q", a.Warnings)
			}
			if len(a.Meshes) != 1 {
				t.Fatalf("%d meshes", len(a.Meshes))
			}
			m := a.Meshes[0]
			if len(m.UVs) != len(m.Positions) || len(m.Materials) != 2 {
				t.Fatalf("%d UVs for %d vertices, %d materials", len(m.UVs), len(m.Positions), len(m.Materials))
			}
			wantAlpha := formats.AlphaMask
			if game == MP2 {
				wantAlpha = formats.AlphaBlend
			}
			for i, want := range []struct {
				name  string
				alpha formats.AlphaMode
				c     color.NRGBA
			}{{"7E0A0001.TXTR", formats.AlphaOpaque, color.NRGBA{0xF0, 0x80, 0x10, 0xFF}}, {"7E0A0002.TXTR", wantAlpha, color.NRGBA{0x20, 0xC0, 0x40, 0xFF}}} {
				mat := m.Materials[i]
				if mat.Texture == nil || mat.Texture.Name != want.name || mat.Alpha != want.alpha || mat.Diffuse != [4]float32{1, 1, 1, 1} {
					t.Fatalf("material %d: texture %v, alpha %v, diffuse %v", i, mat.Texture, mat.Alpha, mat.Diffuse)
				}
				// RGB565 and RGB5A3 keep the top 5 or 6 bits.
				got := mat.Texture.Image().NRGBAAt(0, 0)
				if got.R>>3 != want.c.R>>3 || got.G>>3 != want.c.G>>3 || got.B>>3 != want.c.B>>3 || got.A != want.c.A {
					t.Errorf("material %d texel (0,0) = %v, want about %v", i, got, want.c)
				}
			}
			if m.Materials[1].Alpha == formats.AlphaMask && m.Materials[1].AlphaCutoff != float32(64.0/255) {
				t.Errorf("cutoff %v", m.Materials[1].AlphaCutoff)
			}
			if !strings.Contains(infoValue(a, "model"), "2 of 2 textures found") {
				t.Errorf("info model %q", infoValue(a, "model"))
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

// TestTexturedMissing: a missing TXTR and a bad one are warnings naming
// the id and why; the material draws in its colour.
func TestTexturedMissing(t *testing.T) {
	fsys := texturedFolder(t, MP1)
	delete(fsys, "7E0A0001.TXTR")
	fsys["7E0A0002.TXTR"] = &fstest.MapFile{Data: []byte{0, 0, 0, 0x0B, 0, 8, 0, 8, 0, 0, 0, 1}}
	a := loadDemoSet(t, fsys, "")
	m := a.Meshes[0]
	if m.Materials[0].Texture != nil || m.Materials[1].Texture != nil || m.Materials[1].Diffuse != [4]float32{0x6B / 255.0, 0x8E / 255.0, 0x23 / 255.0, 1} {
		t.Errorf("materials %+v", m.Materials)
	}
	all := strings.Join(a.Warnings, "\n")
	for _, want := range []string{"TXTR 7E0A0001 is missing", "TXTR 7E0A0002: prime-txtr: format at offset 0", "material 0 draws in its colour without TXTR 7E0A0001"} {
		if !strings.Contains(all, want) {
			t.Errorf("no warning %q in\n%s", want, all)
		}
	}
}

// TestLoadCMDLAlone opens the textured demo model by itself: a static
// mesh in its bind shape with its textures, and a warning naming the
// CSKR and CINF its character binds it to.
func TestLoadCMDLAlone(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		fsys := texturedFolder(t, game)
		name := "0C0D0E0F.CMDL"
		in := &formats.Input{Name: name, Data: fsys[name].Data, Siblings: formats.FSResolver{FS: fsys}}
		if !SniffCMDL(in.Data) {
			t.Error("not sniffed")
		}
		a, err := LoadCMDL(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Meshes) != 1 || a.Meshes[0].Skinned() || a.Meshes[0].Materials[0].Texture == nil || len(a.Skeleton.Bones) != 0 {
			t.Fatalf("%s: meshes %d", game, len(a.Meshes))
		}
		if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], "needs CSKR 0D0E0F10 and CINF 5E6F7081: open "+DemoANCSName+` (character "Crawler")`) {
			t.Errorf("%s: warnings %q", game, a.Warnings)
		}
		if got := infoValue(a, "textures"); got != "2 of the 2 the first set names found" {
			t.Errorf("textures %q", got)
		}
		if got := infoValue(a, "mesh"); !strings.HasPrefix(got, "128 vertices") {
			t.Errorf("mesh %q", got)
		}
		// Alone without a folder: no textures, a warning each.
		a, err = LoadCMDL(&formats.Input{Name: name, Data: in.Data})
		if err != nil || a.Meshes[0].Materials[0].Texture != nil || !strings.Contains(strings.Join(a.Warnings, "\n"), "TXTR 7E0A0001: no folder") {
			t.Errorf("%s alone: %v %q", game, err, a.Warnings)
		}
	}
}

// TestLoadTXTRAlone opens a TXTR by itself: one image with its levels.
func TestLoadTXTRAlone(t *testing.T) {
	fsys := texturedFolder(t, MP1)
	a, err := LoadTXTR(&formats.Input{Name: "7E0A0001.TXTR", Data: fsys["7E0A0001.TXTR"].Data})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Images) != 1 || len(a.Images[0].Levels) != 5 || a.Images[0].Format != "GX CMPR" || len(a.Warnings) != 0 {
		t.Fatalf("images %d, warnings %q", len(a.Images), a.Warnings)
	}
	if infoValue(a, "size") != "16×16" || infoValue(a, "mip levels") != "5: 16×16, 8×8, 4×4, 2×2, 1×1" {
		t.Errorf("info %v", a.Info)
	}
}

// TestMaterialPass checks the pass rules (#material-passes): the stage
// that takes the texture's colour, its UV set, the alpha modes, and
// generators from normals (reflections) passed over.
func TestMaterialPass(t *testing.T) {
	mat := CMDLMaterial{Textures: []uint32{0, 1}}
	rest := TexturedMaterialRest(2, false)
	// Stage 0 reflects (normal-generated coordinates) texture 1; stage 1
	// draws texture 0 through UV set 2.
	refl := rest.Stages[0]
	refl.TexMap, refl.TexCoord = 1, 1
	rest.Stages = append([]CMDLTevStage{refl}, rest.Stages...)
	rest.TexGens = append(rest.TexGens, 1|1<<4|30<<9)
	b := rest.MarshalBinary(0)
	mat.Rest = b
	got, err := mat.ParseRest()
	if err != nil {
		t.Fatal(err)
	}
	p := mat.Pass(got)
	if p.Texture != 0 || p.UVSet != 2 || p.Stage != 1 || p.Alpha != formats.AlphaOpaque {
		t.Errorf("pass %v", p)
	}
	for _, c := range []struct {
		flags uint32
		blend bool
		want  formats.AlphaMode
	}{{MaterialAlphaTest, true, formats.AlphaMask}, {MaterialDepthSorting, false, formats.AlphaBlend}, {0, true, formats.AlphaBlend}, {0, false, formats.AlphaOpaque}} {
		m := CMDLMaterial{Flags: c.flags, Textures: []uint32{0}}
		if p := m.Pass(TexturedMaterialRest(0, c.blend)); p.Alpha != c.want {
			t.Errorf("flags %#x blend %v: %v", c.flags, c.blend, p.Alpha)
		}
	}
	// A rest cut short is an error at its field.
	mat.Rest = b[:len(b)-6]
	if _, err := mat.ParseRest(); err == nil || !strings.Contains(err.Error(), "UV animation size") {
		t.Errorf("short rest: %v", err)
	}
}

// TestMaterialUVSet: a material whose colour pass reads texture
// coordinate 1 gives its surface's vertices the TEX1 coordinates, the
// other material's keep TEX0 (docs/formats/metroid-prime.md#material-passes).
func TestMaterialUVSet(t *testing.T) {
	m := DemoTexturedCMDL(MP1, 0x11223344)
	mat := &m.MaterialSets[0].Materials[0]
	mat.VertexFlags |= 3 << 10 // TEX1, 16-bit indices
	mat.Rest = TexturedMaterialRest(1, false).MarshalBinary(mat.Flags)
	n := uint16(len(m.UVs))
	for i := uint16(0); i < n; i++ {
		uv := m.UVs[i]
		uv[0] += 10
		m.UVs = append(m.UVs, uv)
	}
	sf := &m.Surfaces[0]
	for pi := range sf.Primitives {
		p := &sf.Primitives[pi]
		var vals []uint16
		for v := 0; v < len(p.Values); v += 3 {
			vals = append(vals, p.Values[v], p.Values[v+1], p.Values[v+2], p.Values[v+2]+n)
		}
		p.Values = vals
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if m, err = ParseCMDL(b); err != nil {
		t.Fatal(err)
	}
	mesh, ws, err := BuildMesh(m, nil, nil, nil, "uv")
	if err != nil || len(ws) > 0 {
		t.Fatalf("%v %q", err, ws)
	}
	for gi, g := range mesh.Groups {
		for _, x := range mesh.Indices[3*g.First : 3*(g.First+g.Count)] {
			if u := mesh.UVs[x][0]; (u >= 10) != (gi == 0) {
				t.Fatalf("surface %d vertex %d has u %v", gi, x, u)
			}
		}
	}
}
