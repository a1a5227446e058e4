package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/go-gl/mathgl/mgl64"
)

// writeGameSkeleton writes The Sims' adult skeleton (the built-in table,
// which holds the game's adult-skeleton.cmx) with our .cmx writer, in the
// game's syntax, into dir.
func writeGameSkeleton(t *testing.T, dir string) string {
	t.Helper()
	data, err := sims.EncodeCMX(&sims.CharacterFile{Skeletons: []sims.Skeleton{*sims.BuiltInSkeleton(sims.Adult)}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "adult-skeleton.cmx")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSimsGameSkeletonStands opens The Sims' adult skeleton as a user
// would: its bind pose stands from the front in the view's projection (the
// window's and render's), and in the glTF export: head up, toes on the
// ground and to the front, the left hand on the figure's left.
func TestSimsGameSkeletonStands(t *testing.T) {
	dir := t.TempDir()
	path := writeGameSkeleton(t, dir)
	a, err := open.Path(path, open.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeleton.Bones) != 29 || len(a.Warnings) != 0 {
		t.Fatalf("%d bones, warnings %q", len(a.Skeleton.Bones), a.Warnings)
	}
	checkFront(t, frontView(t, a, 0), "HEAD", "L_FOOT", "L_HAND", "R_HAND", "L_TOE0")

	out := filepath.Join(dir, "adult.glb")
	if _, errs, code := runCLI(t, "export", path, "-o", out); code != 0 {
		t.Fatal(errs)
	}
	doc := decodeGLTF(t, out)
	world := map[string]mgl64.Vec3{}
	var walk func(i int, parent mgl64.Mat4)
	walk = func(i int, parent mgl64.Mat4) {
		n := doc.Nodes[i]
		tr, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
		m := parent.Mul4(mgl64.Translate3D(tr[0], tr[1], tr[2])).
			Mul4(mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}.Mat4()).
			Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
		world[n.Name] = m.Col(3).Vec3()
		for _, c := range n.Children {
			walk(c, m)
		}
	}
	for _, i := range doc.Scenes[0].Nodes {
		walk(i, mgl64.Ident4())
	}
	head, toe, foot, left, right := world["HEAD"], world["L_TOE0"], world["L_FOOT"], world["L_HAND"], world["R_HAND"]
	if head.Y() < 4 || toe.Y() < -0.05 || toe.Y() > 0.05 {
		t.Errorf("glTF: head at %v, toes at %v: not standing on the ground", head, toe)
	}
	// glTF faces +Z with the figure's right hand at -X.
	if toe.Z() <= foot.Z() || left.X() <= right.X() {
		t.Errorf("glTF: toe %v, ankle %v, left hand %v, right hand %v", toe, foot, left, right)
	}
}

// TestSimsRotationOnlyClipStands: FreeSO's a2o-custom-crypt-thrown-out
// moves only ROOT and PELVIS; its other 27 bones turn. On the built-in
// table, which now has the game's bind translations, it renders a whole
// figure at 640×480 and no warning says it collapses (before, it was one
// stick on its root).
func TestSimsRotationOnlyClipStands(t *testing.T) {
	file := "../../formats/sims/testdata/tso/a2o-custom-crypt-thrown-out.bccf384500000007.anim"
	stdout, errs, code := runCLI(t, "info", "--json", file)
	if code != 0 {
		t.Fatal(errs)
	}
	var info struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(stdout), &info); err != nil {
		t.Fatal(err)
	}
	if len(info.Warnings) != 0 {
		t.Errorf("warnings %q", info.Warnings)
	}
	out := filepath.Join(t.TempDir(), "crypt.png")
	if _, errs, code := runCLI(t, "render", file, "-o", out, "--size", "640x480", "--time", "0", "--follow", "on"); code != 0 {
		t.Fatal(errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The sticks' orange-yellow; the grid is grey, the axes red, green
	// and blue.
	top, bottom, n := img.Bounds().Max.Y, 0, 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 180 && g>>8 > 120 && b>>8 < 110 {
				top, bottom, n = min(top, y), max(bottom, y), n+1
			}
		}
	}
	if n < 300 || bottom-top < 150 {
		t.Errorf("the figure: %d stick pixels over %d rows (a collapsed figure is a short stick)", n, bottom-top)
	}
	if strings.Contains(errs, "collapses") {
		t.Errorf("stderr: %s", errs)
	}
}
