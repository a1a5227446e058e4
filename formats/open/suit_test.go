package open

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/go-gl/mathgl/mgl32"
)

// TestWearSuit: --suit binds a suit's skins, found beside the suit file,
// to the opened skeleton; a suit whose skins are all missing is an error
// that says so.
func TestWearSuit(t *testing.T) {
	dir := t.TempDir()
	cmx, skn := suitFiles(t)
	if err := os.WriteFile(filepath.Join(dir, "suit.cmx"), cmx, 0o644); err != nil {
		t.Fatal(err)
	}
	newAsset := func() *formats.Asset {
		sk, _ := sims.FallbackSkeleton(nil, sims.Adult)
		return &formats.Asset{Format: "test", Skeleton: sk, Skeletons: []*formats.Skeleton{sk}}
	}
	if _, err := Wear(newAsset(), sims.ToneLight, filepath.Join(dir, "suit.cmx")); err == nil || !strings.Contains(err.Error(), "none of its skins") {
		t.Fatalf("suit without its skin file: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "xskin-test.skn"), skn, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Wear(newAsset(), sims.ToneLight, filepath.Join(dir, "suit.cmx"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Meshes) != 1 || a.Meshes[0].Triangles() != 1 || !a.Meshes[0].Skinned() {
		t.Fatalf("meshes %+v; warnings %q", a.Meshes, a.Warnings)
	}
}

// TestBatchWearsSuit: a batch dresses each file it opens in --suit, as a
// single open does.
func TestBatchWearsSuit(t *testing.T) {
	dir := t.TempDir()
	cmx, skn := suitFiles(t)
	suits := t.TempDir()
	os.WriteFile(filepath.Join(suits, "suit.cmx"), cmx, 0o644)
	os.WriteFile(filepath.Join(suits, "xskin-test.skn"), skn, 0o644)
	anims, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	copyFile(t, anims[0], filepath.Join(dir, "walk.anim"))
	o := Options{Suits: []string{filepath.Join(suits, "suit.cmx")}}
	single, err := Path(filepath.Join(dir, "walk.anim"), o)
	if err != nil || len(single.Meshes) != 1 {
		t.Fatalf("single open: %v", err)
	}
	items, err := Batch(dir, o)
	if err != nil || len(items) != 1 {
		t.Fatalf("%d items, %v", len(items), err)
	}
	a, err := items[0].Load()
	if err != nil || len(a.Meshes) != 1 || a.Meshes[0].Triangles() != 1 {
		t.Fatalf("batch item: %v", err)
	}
}

// suitFiles returns a .cmx with one suit that binds the skin
// "xskin-test" to PELVIS, and that skin's .skn: one triangle.
func suitFiles(t *testing.T) (cmx, skn []byte) {
	t.Helper()
	suit := &sims.CharacterFile{Version: 300, Suits: []sims.Suit{{Name: "test-suit",
		Bindings: []sims.SuitBinding{{Bone: "PELVIS", Mesh: "xskin-test"}}}}}
	cmx, err := sims.EncodeCMX(suit)
	if err != nil {
		t.Fatal(err)
	}
	skn, err = sims.EncodeSKN(&sims.Skin{Name: "xskin-test", Texture: "x", Bones: []string{"PELVIS"},
		Faces:    [][3]int32{{0, 1, 2}},
		Bindings: []sims.SkinBinding{{Bone: 0, FirstVertex: 0, VertexCount: 3, FirstBlend: -1}},
		UVs:      []mgl32.Vec2{{0, 0}, {1, 0}, {0, 1}},
		Vertices: []mgl32.Vec3{{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}},
		Normals:  []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return cmx, skn
}

// TestSuitsAndWear: Suits lists the character files beside a skill that
// hold a suit (not a skeleton's .cmx, not a broken one, not a .skn), and
// Wear dresses a copy, leaving the asset it was given as it was.
func TestSuitsAndWear(t *testing.T) {
	dir := t.TempDir()
	cmx, skn := suitFiles(t)
	skel, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"b-suit.cmx": cmx, "a-suit.CMX": cmx, "xskin-test.skn": skn,
		"empty.cmx": skel, "broken.cmx": []byte("not a cmx"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := Suits(dir)
	want := []string{filepath.Join(dir, "a-suit.CMX"), filepath.Join(dir, "b-suit.cmx")}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Suits = %q, want %q", got, want)
	}
	sk, _ := sims.FallbackSkeleton(nil, sims.Adult)
	bare := &formats.Asset{Format: "test", Skeleton: sk, Skeletons: []*formats.Skeleton{sk}}
	dressed, err := Wear(bare, sims.ToneLight, got[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(dressed.Meshes) != 1 || len(bare.Meshes) != 0 || dressed.Skeleton != bare.Skeleton {
		t.Fatalf("dressed %d meshes, the original %d", len(dressed.Meshes), len(bare.Meshes))
	}
	if _, err := Wear(bare, sims.ToneLight, filepath.Join(dir, "empty.cmx")); err == nil || !strings.Contains(err.Error(), "no suit") {
		t.Fatalf("a file without a suit: %v", err)
	}
}

// TestSuitsInSet: files handed over together (the web page's) list the
// suits among them, wear one with its skin from the set, and open the
// skill rather than the suit.
func TestSuitsInSet(t *testing.T) {
	cmx, skn := suitFiles(t)
	sk, _ := sims.FallbackSkeleton(nil, sims.Adult)
	a := &formats.Asset{Format: "test", Skeleton: sk, Skeletons: []*formats.Skeleton{sk}}
	set := fstest.MapFS{
		"a-suit.cmx":     {Data: cmx},
		"xskin-test.skn": {Data: skn},
		"zz-notes.cmx":   {Data: []byte("not a character file")},
		"walk.anim":      {Data: []byte("x")},
		"z-person.cmx":   {Data: mustCMX(t, &sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{{Name: "adult"}}})},
		"z-person2.cfp":  {Data: []byte("x")},
		"zz-nothing.bcf": {Data: []byte("x")},
	}
	if got := SuitsIn(set); !slices.Equal(got, []string{"a-suit.cmx"}) {
		t.Errorf("SuitsIn = %q, want a-suit.cmx alone", got)
	}
	if p, err := Primary(set); err != nil || p != "z-person.cmx" {
		t.Errorf("Primary = %q, %v; want the skills' z-person.cmx before the suit a-suit.cmx", p, err)
	}
	b, err := WearIn(a, set, sims.ToneLight, "a-suit.cmx")
	if err != nil || len(b.Meshes) != 1 || b.Meshes[0].Triangles() != 1 || len(a.Meshes) != 0 {
		t.Fatalf("WearIn: %v; %d meshes, the original asset %d", err, len(b.Meshes), len(a.Meshes))
	}
	delete(set, "xskin-test.skn")
	if _, err := WearIn(a, set, sims.ToneLight, "a-suit.cmx"); err == nil || !strings.Contains(err.Error(), "none of its skins") {
		t.Errorf("WearIn without the skin: %v", err)
	}
	if _, err := WearIn(a, set, sims.ToneLight, "gone.cmx"); err == nil || !strings.Contains(err.Error(), "gone.cmx") {
		t.Errorf("WearIn of a file not in the set: %v", err)
	}
}

func mustCMX(t *testing.T, cf *sims.CharacterFile) []byte {
	t.Helper()
	b, err := sims.EncodeCMX(cf)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWearWholeSim: --suit BODY --suit HEAD wears both suits of the
// fixture Sim (formats/sims/testdata/sim, made by simstest.Sim) at once:
// one skinned mesh a suit, in the order given, each bound to the skill's
// skeleton and drawn with the texture of the tone asked for; the body's
// cube follows the PELVIS and the head's the HEAD. The same through
// Options, as the command line opens it.
func TestWearWholeSim(t *testing.T) {
	dir := filepath.Join("..", "sims", "testdata", "sim")
	body, head := filepath.Join(dir, "B001MAFit_01.cmx"), filepath.Join(dir, "C001MA_test.cmx")
	sk, _ := sims.FallbackSkeleton(nil, sims.Adult)
	bare := &formats.Asset{Format: "test", Skeleton: sk, Skeletons: []*formats.Skeleton{sk}}
	for _, tone := range sims.Tones {
		a, err := Wear(bare, tone, body, head)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Meshes) != 2 || len(a.Warnings) != 0 || len(bare.Meshes) != 0 {
			t.Fatalf("%s: %d meshes, warnings %q", tone, len(a.Meshes), a.Warnings)
		}
		for i, want := range []struct{ mesh, bone, texture string }{
			{"b001mafit_01", "PELVIS", "B001MAFit" + tone.Code() + "_test.bmp"},
			{"c001ma_test", "HEAD", "C001MA" + tone.Code() + "_test.bmp"},
		} {
			m := a.Meshes[i]
			if m.Name != want.mesh || !m.Skinned() || m.Validate(len(sk.Bones)) != nil {
				t.Errorf("%s: mesh %d is %q (skinned %v), want %q bound", tone, i, m.Name, m.Skinned(), want.mesh)
				continue
			}
			if j := int(m.Joints[0][0]); sk.Bones[j].Name != want.bone || m.Weights[0][0] != 1 {
				t.Errorf("%s: %s follows bone %q, want %q", tone, m.Name, sk.Bones[j].Name, want.bone)
			}
			if tex := m.Materials[0].Texture; tex == nil || tex.Name != want.texture {
				t.Errorf("%s: %s texture %+v, want %s", tone, m.Name, tex, want.texture)
			}
		}
	}
	// Through the options: a skill of the fixture's skeleton dressed by
	// two --suit and --tone dark.
	anims, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	a, err := Path(anims[0], Options{Suits: []string{body, head}, Tone: "dark"})
	if err != nil || len(a.Meshes) != 2 || a.Meshes[1].Materials[0].Texture == nil ||
		a.Meshes[1].Materials[0].Texture.Name != "C001MAdrk_test.bmp" {
		t.Fatalf("Path with two suits: %v", err)
	}
	if _, err := Path(anims[0], Options{Suits: []string{body}, Tone: "tan"}); err == nil || !strings.Contains(err.Error(), "tone") {
		t.Errorf("a tone that is none: %v", err)
	}
}

// TestRetone: a suit file opened alone (the fixture Sim's body, light by
// default) draws in the dark tone's texture after Retone, found beside it;
// the asset it was given keeps the light one; a tone whose file is
// missing keeps the texture with a warning that names the file tried.
func TestRetone(t *testing.T) {
	dir := filepath.Join("..", "sims", "testdata", "sim")
	a, err := Path(filepath.Join(dir, "B001MAFit_01.cmx"), Options{})
	if err != nil || len(a.Meshes) != 1 {
		t.Fatalf("%v", err)
	}
	light := a.Meshes[0].Materials[0].Texture
	b := Retone(a, dir, sims.ToneDark)
	if tex := b.Meshes[0].Materials[0].Texture; tex == nil || tex.Name != "B001MAFitdrk_test.bmp" ||
		a.Meshes[0].Materials[0].Texture != light || light.Name != "B001MAFitlgt_test.bmp" {
		t.Fatalf("retoned %+v, the original %+v", tex, a.Meshes[0].Materials[0].Texture)
	}
	set := fstest.MapFS{}
	for _, n := range []string{"B001MAFitlgt_test.bmp", "B001MAFitmed_test.bmp"} {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		set[n] = &fstest.MapFile{Data: data}
	}
	c := RetoneIn(a, set, sims.ToneDark)
	if c.Meshes[0].Materials[0].Texture != light || len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "tried B001MAFitdrk_test.bmp") {
		t.Errorf("a missing tone: texture %q, warnings %q", c.Meshes[0].Materials[0].Texture.Name, c.Warnings)
	}
	if d := RetoneIn(a, set, sims.ToneMedium); d.Meshes[0].Materials[0].Texture.Name != "B001MAFitmed_test.bmp" {
		t.Errorf("medium from the set: %q", d.Meshes[0].Materials[0].Texture.Name)
	}
	// Another game's textures are not The Sims' (skin_lgt.bmp is a name).
	other := *a
	other.Format = "ms3d"
	if RetoneIn(&other, set, sims.ToneMedium) != &other {
		t.Error("a MilkShape model was retoned")
	}
}
