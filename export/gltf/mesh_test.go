package gltf

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// boxMesh gives an asset a mesh without inverse binds (the skeleton's bind
// pose composed by its rule stands for them): a small box at every joint's
// bind position, its corners 70% on the bone and 30% on the parent, wound
// counter-clockwise seen from outside in the file's right-handed maths.
func boxMesh(a *formats.Asset, r float32) *formats.Asset {
	sk := a.Skeleton
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	m := &formats.Mesh{Name: "boxes", FrontCCW: true, Cull: true}
	faces := [6][4][3]float32{
		{{1, -1, -1}, {1, 1, -1}, {1, 1, 1}, {1, -1, 1}}, {{-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1}, {-1, 1, -1}},
		{{-1, 1, -1}, {-1, 1, 1}, {1, 1, 1}, {1, 1, -1}}, {{-1, -1, -1}, {1, -1, -1}, {1, -1, 1}, {-1, -1, 1}},
		{{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}}, {{-1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {1, -1, -1}},
	}
	for b := range sk.Bones {
		c := w.Position(b)
		p := sk.Bones[b].Parent
		for _, f := range faces {
			base := uint32(len(m.Positions))
			n := mgl32.Vec3(f[0]).Add(mgl32.Vec3(f[2])).Normalize()
			for _, q := range f {
				m.Positions = append(m.Positions, c.Add(mgl32.Vec3(q).Mul(r)))
				m.Normals = append(m.Normals, n)
				if p >= 0 {
					m.Joints = append(m.Joints, [4]uint16{uint16(b), uint16(p)})
					m.Weights = append(m.Weights, [4]float32{0.7, 0.3})
				} else {
					m.Joints = append(m.Joints, [4]uint16{uint16(b)})
					m.Weights = append(m.Weights, [4]float32{1})
				}
			}
			m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
		}
	}
	b := *a
	b.Meshes = []*formats.Mesh{m}
	return &b
}

// meshFixtures are the exports with a mesh: the MilkShape tube (its own
// reference pose and v4 weights), a model without joints, the Prime
// characters' CMDL and CSKR (MP1 and MP2), and box meshes
// on an MP2 skeleton whose bones scale (scale helpers), a Sims skeleton
// (mirrored basis) and a LEGO node tree (no bind pose: the rest pose is
// the first frame, not the meshes' reference).
func meshFixtures(t testing.TB) []fixture {
	tube := load(t, "../../formats/ms3d/testdata/tube_v4.ms3d", "")
	fs := []fixture{{"mesh-ms3d-tube", tube}}
	// The tube textured: a BMP in a sub-folder and a PNG, blended
	// (docs/formats/gltf-export.md#textures).
	fs = append(fs, fixture{"mesh-ms3d-textured", load(t, "../../formats/ms3d/testdata/textured/textured.ms3d", "")})
	if f, err := ms3d.Parse(mustRead(t, "../../formats/ms3d/testdata/tube_v4.ms3d")); err == nil {
		f.Joints, f.VertexExtras, f.VertexExtraSubVersion = nil, nil, 0
		for i := range f.Vertices {
			f.Vertices[i].BoneID = -1
		}
		a, err := f.Asset("prop", ms3d.FormatMS3D, nil)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, fixture{"mesh-ms3d-static", a})
	}
	// Metroid Prime: each game's character set, its ANCS character's
	// CMDL skinned by its CSKR (docs/formats/metroid-prime.md#models-cmdl-and-cskr).
	for _, g := range []string{"mp1", "mp2"} {
		fs = append(fs, fixture{"mesh-prime-" + g, load(t, "../../formats/prime/pak/testdata/SkinnedSet-"+g+".pak", "")})
	}
	// Files outside the repository (public models whose licences keep
	// them out), opt-in: ANIMVIEW_MESH_EXTRA=PATH:PATH...
	for _, p := range filepath.SplitList(os.Getenv("ANIMVIEW_MESH_EXTRA")) {
		if a := load(t, p, ""); len(a.Meshes) > 0 {
			fs = append(fs, fixture{"extra-" + filepath.Base(p), a})
		} else {
			t.Errorf("%s: no mesh (%q)", p, a.Warnings)
		}
	}
	mp2 := mp2Scaled(t)[1].asset
	fs = append(fs, fixture{"mesh-mp2-scaled", boxMesh(mp2, 0.03)})
	for _, fx := range fixtures(t) {
		switch fx.name {
		case "sims-a2o-kart-ride", "lego-ani":
			fs = append(fs, fixture{"mesh-" + fx.name, boxMesh(fx.asset, 0.05)})
		}
	}
	return fs
}

func mustRead(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMeshRoundTrip evaluates every exported mesh vertex by the glTF
// specification (the node hierarchy by the evaluator, then
// Σ w · jointWorld · inverseBind · v) at the clip's frames and compares
// with the viewer's skinning (render.Skinner from the player's world
// pose), converted by the basis, within 1e-4 of the model's size. Front
// faces must wind counter-clockwise around their normals after the
// conversion, and the stick figure must be gone.
func TestMeshRoundTrip(t *testing.T) {
	outDir := os.Getenv("ANIMVIEW_GLTF_OUT")
	for _, fx := range meshFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			a := fx.asset
			data := exportBytes(t, a)
			if outDir != "" {
				if err := os.WriteFile(outDir+"/"+fx.name+".glb", data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			doc := new(gltf.Document)
			if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
				t.Fatal(err)
			}
			// The stick figure is a mesh called "bones"; a model may be
			// called that too (the public bones.ms3d).
			if len(doc.Meshes) != len(a.Meshes) {
				t.Fatalf("%d glTF meshes for %d meshes: the stick figure is exported beside a real mesh", len(doc.Meshes), len(a.Meshes))
			}
			ev := newEvaluator(t, doc)
			conv := ConversionFor(a.Coords)
			sk := a.Skeleton
			m := a.Meshes[0]
			var node *gltf.Node
			for _, nd := range doc.Nodes {
				if nd.Mesh != nil {
					node = nd
				}
			}
			if node == nil {
				t.Fatal("no mesh node")
			}
			prim := doc.Meshes[*node.Mesh].Primitives[0]
			read := func(name string) any {
				v, err := modeler.ReadAccessor(doc, doc.Accessors[prim.Attributes[name]], nil)
				if err != nil {
					t.Fatal(err)
				}
				return v
			}
			pos := append([][3]float32(nil), read("POSITION").([][3]float32)...)
			checkWinding(t, doc, prim, pos, append([][3]float32(nil), read("NORMAL").([][3]float32)...))
			var js [][4]uint16
			var ws [][4]float32
			var ibm [][4][4]float32
			if node.Skin != nil {
				js = append([][4]uint16(nil), read("JOINTS_0").([][4]uint16)...)
				ws = append([][4]float32(nil), read("WEIGHTS_0").([][4]float32)...)
				v, err := modeler.ReadAccessor(doc, doc.Accessors[*doc.Skins[*node.Skin].InverseBindMatrices], nil)
				if err != nil {
					t.Fatal(err)
				}
				ibm = append([][4][4]float32(nil), v.([][4][4]float32)...)
				for i, w := range ws {
					if s := w[0] + w[1] + w[2] + w[3]; math.Abs(float64(s)-1) > 2e-7 {
						t.Fatalf("vertex %d weights %v sum to %v", i, w, s)
					}
				}
			} else if m.Skinned() || strings.HasPrefix(fx.name, "mesh-prime-") {
				t.Fatal("a skinned mesh exported without a skin")
			}
			var bb render.Bounds
			for _, p := range m.Positions {
				bb.Add(p)
			}
			size := float64(bb.Max.Sub(bb.Min).Len())
			var s render.Skinner
			want := make([]mgl32.Vec3, len(m.Positions))
			id := mgl32.Ident4()
			worst := 0.0
			for ci, c := range a.Clips {
				smp := player.NewClipSampler(sk, c)
				pose, world := player.NewPose(sk), player.NewWorldPose(sk)
				frames := max(c.Frames(), 2)
				for k := 0; k < frames; k++ {
					tm := math.Min(c.Duration, float64(k)/math.Max(c.FrameRate, 1))
					if c.FrameRate <= 0 {
						tm = c.Duration * float64(k) / float64(frames-1)
					}
					smp.Sample(tm, pose)
					player.ToWorld(sk, pose, world)
					s.Skin(0, m, sk, world, &id, want)
					ev.world(ci, tm)
					for i, p := range pos {
						v := mgl64.Vec4{float64(p[0]), float64(p[1]), float64(p[2]), 1}
						var got mgl64.Vec3
						if node.Skin == nil {
							got = v.Vec3()
						} else {
							joints := doc.Skins[*node.Skin].Joints
							for k := 0; k < 4; k++ {
								if ws[i][k] == 0 {
									continue
								}
								j := int(js[i][k])
								var inv mgl64.Mat4
								for c := 0; c < 4; c++ {
									for r := 0; r < 4; r++ {
										// modeler reads MAT4 as [row][column].
										inv[c*4+r] = float64(ibm[j][r][c])
									}
								}
								q := ev.mats[joints[j]].Mul4(inv).Mul4x1(v)
								got = got.Add(q.Vec3().Mul(float64(ws[i][k])))
							}
						}
						d := got.Sub(conv.Point(want[i])).Len() / size
						worst = math.Max(worst, d)
						if d > 1e-4 {
							t.Fatalf("clip %q t=%.4f vertex %d: glTF %v, viewer %v: off by %.3g of the model's size",
								c.Name, tm, i, got, conv.Point(want[i]), d)
						}
					}
				}
			}
			t.Logf("%d vertices, worst %.2g of the model's size (%.3g)", len(pos), worst, size)
		})
	}
}

// checkWinding: each exported triangle winds counter-clockwise around
// the mean of its vertex normals (glTF's front faces).
func checkWinding(t *testing.T, doc *gltf.Document, prim *gltf.Primitive, pos, nrm [][3]float32) {
	t.Helper()
	v, err := modeler.ReadIndices(doc, doc.Accessors[*prim.Indices], nil)
	if err != nil {
		t.Fatal(err)
	}
	bad, all := 0, 0
	for i := 0; i+2 < len(v); i += 3 {
		a, b, c := mgl32.Vec3(pos[v[i]]), mgl32.Vec3(pos[v[i+1]]), mgl32.Vec3(pos[v[i+2]])
		n := mgl32.Vec3(nrm[v[i]]).Add(mgl32.Vec3(nrm[v[i+1]])).Add(mgl32.Vec3(nrm[v[i+2]]))
		f := b.Sub(a).Cross(c.Sub(a))
		if f.Len() < 1e-9 {
			continue
		}
		all++
		if f.Dot(n) < 0 {
			bad++
		}
	}
	if all == 0 || bad*10 > all {
		t.Fatalf("%d of %d triangles wind clockwise around their normals", bad, all)
	}
}
