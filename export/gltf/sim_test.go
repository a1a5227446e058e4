package gltf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/open"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// TestExportWholeSim: a Sim dressed in a body suit and a head suit
// (formats/sims/testdata/sim, made by simstest.Sim, worn with --suit
// twice and --tone dark) exports every worn suit as its own skinned mesh:
// two glTF meshes named after the suits, each on a node with a skin,
// whose vertices name no joint twice (glTF forbids it; docs/formats/sims.md#skins-skn: the Sims' blend
// vertices did before the bone mapping merged them) and whose weights
// sum to 1; each with its dark texture as an image its material draws;
// and the Khronos validator, where installed, finds no error.
func TestExportWholeSim(t *testing.T) {
	dir := "../../formats/sims/testdata/sim/"
	tso, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	a, err := open.Path(tso[0], open.Options{Suits: []string{dir + "B001MAFit_01.cmx", dir + "C001MA_test.cmx"}, Tone: "dark"})
	if err != nil {
		t.Fatal(err)
	}
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(exportBytes(t, a))).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Meshes) != 2 || doc.Meshes[0].Name != "b001mafit_01" || doc.Meshes[1].Name != "c001ma_test" {
		t.Fatalf("%d meshes %+v, want the body's and the head's", len(doc.Meshes), doc.Meshes)
	}
	skinned := 0
	for _, nd := range doc.Nodes {
		if nd.Mesh == nil {
			continue
		}
		if nd.Skin == nil {
			t.Fatalf("mesh %q exported without a skin", doc.Meshes[*nd.Mesh].Name)
		}
		skinned++
		prim := doc.Meshes[*nd.Mesh].Primitives[0]
		js, err := modeler.ReadAccessor(doc, doc.Accessors[prim.Attributes[gltf.JOINTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		ws, err := modeler.ReadAccessor(doc, doc.Accessors[prim.Attributes[gltf.WEIGHTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range js.([][4]uint16) {
			w := ws.([][4]float32)[i]
			if s := w[0] + w[1] + w[2] + w[3]; s < 0.9999 || s > 1.0001 {
				t.Fatalf("mesh %d vertex %d: weights %v", *nd.Mesh, i, w)
			}
			for k := 0; k < 4; k++ {
				for l := k + 1; l < 4; l++ {
					if w[k] > 0 && w[l] > 0 && j[k] == j[l] {
						t.Fatalf("mesh %d vertex %d names joint %d twice (%v, %v)", *nd.Mesh, i, j[k], j, w)
					}
				}
			}
		}
	}
	if skinned != 2 {
		t.Errorf("%d skinned mesh nodes, want 2", skinned)
	}
	// Each suit's texture in the dark tone is an image its material draws.
	if len(doc.Images) != 2 || len(doc.Materials) != 2 {
		t.Fatalf("%d images and %d materials, want the body's and the head's", len(doc.Images), len(doc.Materials))
	}
	for i, want := range []string{"B001MAFitdrk_test", "C001MAdrk_test"} {
		m := doc.Materials[i]
		if m.Name != want || m.PBRMetallicRoughness == nil || m.PBRMetallicRoughness.BaseColorTexture == nil {
			t.Errorf("material %d: %q %+v, want %s with a base colour texture", i, m.Name, m.PBRMetallicRoughness, want)
		}
	}
	// The Khronos validator, where scripts/test.sh installed it, finds no
	// error (TestValidator says how it runs).
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat("../../.cache/node/node_modules/gltf-validator")
	}
	if err != nil {
		t.Logf("glTF validator not available (%v): not run", err)
		return
	}
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "sim.glb"), exportBytes(t, a), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := exec.Command(node, "../../scripts/gltf-validate.js", out).CombinedOutput()
	if err != nil || !strings.Contains(string(res), " 0 with errors") {
		t.Fatalf("validator: %v\n%s", err, res)
	}
}
