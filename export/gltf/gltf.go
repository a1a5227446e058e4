package gltf

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// Generator is the glTF asset's generator string.
const Generator = "animview"

// ErrNoSkeleton is returned for an asset without bones to export.
var ErrNoSkeleton = errors.New("export: asset has no skeleton")

// Rest-pose sources, as the scene's extras name them.
const (
	RestBind       = "bind pose"
	RestFirstFrame = "first frame"
)

// Build returns the glTF document of an asset's skeleton with the given
// takes as animations. The takes' sources are sampled once each, in order.
func Build(a *formats.Asset, takes []Take) (*gltf.Document, error) {
	if a == nil || a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return nil, ErrNoSkeleton
	}
	sk := a.Skeleton
	if err := sk.Validate(); err != nil {
		return nil, fmt.Errorf("export: skeleton: %w", err)
	}
	conv := ConversionFor(a.Coords)
	n := len(sk.Bones)

	// The rest pose: the skeleton's bind pose, or, where the format has
	// none (every bind is the identity: LEGO Island's node trees, a Prime
	// ANIM without its CINF), the first take's first frame, so that the
	// stick figure and the inverse bind matrices describe a real pose.
	rest := make([]trs, n)
	restFrom := RestBind
	pose := player.NewPose(sk)
	if !hasBindPose(sk) && len(takes) > 0 {
		takes[0].Source.Sample(0, pose)
		restFrom = RestFirstFrame + " of " + strconv.Quote(takes[0].Name)
	}
	for i := range rest {
		rest[i] = conv.Transform(&pose.Local[i])
	}
	nodeLocals(sk, rest)
	restWorld := make([]mgl64.Mat4, n)
	worldOf(sk, rest, restWorld)
	size := figureSize(restWorld)

	samples := make([]*sampled, len(takes))
	hides := make([]bool, n)
	budget := newBudget()
	for k := range takes {
		// The tolerance follows the figure's size over the take, so that
		// a figure folded up at rest does not make it needlessly tight.
		s, err := sampleTake(sk, &conv, &takes[k], size, budget)
		if err != nil {
			return nil, err
		}
		samples[k] = s
		for b, h := range s.hides {
			hides[b] = hides[b] || h
		}
	}

	still := stillChannels(rest, samples)

	doc := gltf.NewDocument()
	doc.Asset.Generator = Generator
	buf := &buffer{doc: doc}
	names := uniqueNames(sk)
	prime2 := sk.Compose == formats.ComposePrime2
	for i := range sk.Bones {
		b := &sk.Bones[i]
		nd := &gltf.Node{Name: names[i], Extras: map[string]any{"id": b.ID, "name": b.Name}}
		setTRS(nd, &rest[i])
		if prime2 {
			nd.Scale = [3]float64{1, 1, 1}
		}
		doc.Nodes = append(doc.Nodes, nd)
	}
	var roots []int
	for i := range sk.Bones {
		if p := sk.Bones[i].Parent; p >= 0 {
			doc.Nodes[p].Children = append(doc.Nodes[p].Children, i)
		} else {
			roots = append(roots, i)
		}
	}
	// bind[b] is the node whose world matrix is bone b's model-space
	// matrix as the player composes it, the joint that what follows the
	// bone is skinned to: the bone's node, or under Echoes' rule a bone
	// that scales at some time gets a leaf helper carrying its own scale
	// (docs/formats/gltf-export.md#echoes-scale).
	bind := make([]int, n)
	scaleNode := make([]int, n)
	for i := range bind {
		bind[i], scaleNode[i] = i, -1
		if !prime2 || !scales(i, rest, samples) {
			continue
		}
		scaleNode[i] = len(doc.Nodes)
		bind[i] = scaleNode[i]
		nd := &gltf.Node{Name: names[i] + " scale", Extras: map[string]any{"scale_of": names[i]}}
		nd.Scale = [3]float64{f32(rest[i].S[0]), f32(rest[i].S[1]), f32(rest[i].S[2])}
		doc.Nodes = append(doc.Nodes, nd)
		doc.Nodes[i].Children = append(doc.Nodes[i].Children, scaleNode[i])
		sc := restWorld[i].Mul4(mgl64.Scale3D(rest[i].S[0], rest[i].S[1], rest[i].S[2]))
		restWorld = append(restWorld, sc)
	}
	// A bone that can be hidden gets a helper node whose scale goes to zero
	// while it is invisible: the bone's own node keeps its transform, so its
	// children stay where the game puts them (animview hides a bone's stick
	// and dot, not its subtree). The helper hangs under the joint the
	// bone's stick moves with: its parent's, or its own for a root.
	helper := make([]int, n)
	for i := range helper {
		helper[i] = -1
		if !hides[i] {
			continue
		}
		host := sk.Bones[i].Parent
		if host < 0 {
			host = i
		}
		host = bind[host]
		helper[i] = len(doc.Nodes)
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: names[i] + " visibility",
			Extras: map[string]any{"visibility_of": names[i]}})
		doc.Nodes[host].Children = append(doc.Nodes[host].Children, helper[i])
		restWorld = append(restWorld, restWorld[host])
	}

	if len(doc.Nodes) > math.MaxUint16 {
		return nil, fmt.Errorf("export: %d joints is more than glTF's 16-bit joint indices hold", len(doc.Nodes))
	}
	// The skins: every node above is a joint, in node order. The stick
	// figure's skin has the rest pose's inverse binds; each skinned mesh
	// gets a skin of its own with its reference pose's
	// (docs/formats/gltf-export.md#meshes).
	joints := make([]int, len(doc.Nodes))
	ibm := make([]float32, 0, 16*len(joints))
	for j := range joints {
		joints[j] = j
		inv := inverseBind(restWorld[j])
		for _, v := range inv {
			ibm = append(ibm, float32(v))
		}
	}
	var mesh *stick
	var realMeshes []int
	var realFrom []*formats.Mesh
	if len(a.Meshes) > 0 {
		var err error
		if realMeshes, realFrom, err = addMeshes(doc, buf, a, &conv, bind); err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
	}
	if len(realMeshes) == 0 {
		// Formats without a mesh show a stick figure.
		mesh = stickMesh(sk, restWorld, bind, helper, size)
	}
	stickSkin := -1
	if mesh != nil && len(mesh.pos) > 0 {
		stickSkin = len(doc.Skins)
		doc.Skins = append(doc.Skins, &gltf.Skin{Name: sk.Name, Joints: joints,
			InverseBindMatrices: gltf.Index(buf.floats(ibm, gltf.AccessorMat4, 0, false))})
		doc.Materials = append(doc.Materials, &gltf.Material{Name: "bone", DoubleSided: true,
			PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{0.85, 0.8, 0.7, 1},
				MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.8)}})
		attr := gltf.PrimitiveAttributes{
			"POSITION":  buf.floats(mesh.pos, gltf.AccessorVec3, gltf.TargetArrayBuffer, true),
			"NORMAL":    buf.floats(mesh.nrm, gltf.AccessorVec3, gltf.TargetArrayBuffer, false),
			"JOINTS_0":  buf.joints(mesh.joint),
			"WEIGHTS_0": buf.floats(mesh.weight, gltf.AccessorVec4, gltf.TargetArrayBuffer, false),
		}
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: "bones", Primitives: []*gltf.Primitive{{Attributes: attr,
			Material: gltf.Index(len(doc.Materials) - 1)}}})
	}
	meshNodes := []*gltf.Node{}
	if stickSkin >= 0 {
		// The skinned mesh sits at the scene root with no transform of
		// its own, as glTF asks.
		meshNodes = append(meshNodes, &gltf.Node{Name: "skeleton mesh", Mesh: gltf.Index(len(doc.Meshes) - 1), Skin: gltf.Index(stickSkin)})
	}
	for k, mi := range realMeshes {
		nd := &gltf.Node{Name: doc.Meshes[mi].Name, Mesh: gltf.Index(mi)}
		if realFrom[k].Skinned() {
			nd.Skin = gltf.Index(len(doc.Skins))
			doc.Skins = append(doc.Skins, &gltf.Skin{Name: doc.Meshes[mi].Name, Joints: joints,
				InverseBindMatrices: gltf.Index(buf.floats(meshIBMs(sk, realFrom[k], &conv, bind, restWorld), gltf.AccessorMat4, 0, false))})
		}
		meshNodes = append(meshNodes, nd)
	}
	// glTF wants a skin's joints under one root: a skeleton with several
	// roots (a Sims table with detached bones) hangs them under an
	// identity node that is not a joint.
	top := roots
	if len(roots) > 1 {
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: sk.Name + " root", Children: roots})
		top = []int{len(doc.Nodes) - 1}
	}
	for _, nd := range meshNodes {
		doc.Nodes = append(doc.Nodes, nd)
		top = append(top, len(doc.Nodes)-1)
	}
	// A clip's camera (LEGO Island) is a camera node at the scene root,
	// outside the skin, posed by each take that has one.
	camNode := -1
	for k := range takes {
		if takes[k].Camera == nil {
			continue
		}
		doc.Cameras = []*gltf.Camera{clipCamera(size)}
		pos, rot := cameraTRS(&conv, takes[k].Camera, samples[k].times)
		nd := &gltf.Node{Name: "clip camera", Camera: gltf.Index(0),
			Extras: map[string]any{"camera": "the clip's camera; LEGO Island's files carry no field of view, so yfov is animview's"}}
		setTRS(nd, &trs{T: pos[0], R: rot[0], S: mgl64.Vec3{1, 1, 1}})
		doc.Nodes = append(doc.Nodes, nd)
		camNode = len(doc.Nodes) - 1
		top = append(top, camNode)
		break
	}
	doc.Scenes[0].Name = sceneName(a)
	doc.Scenes[0].Nodes = top
	doc.Scenes[0].Extras = sceneExtras(a, &conv, restFrom, size)
	if ex := assetExtras(takes); ex != nil {
		doc.Asset.Extras = ex
	}

	animNames := animationNames(takes)
	for k := range takes {
		an := animation(buf, sk, &conv, &takes[k], samples[k], scaleNode, helper, size, animNames[k], still)
		if camNode >= 0 {
			cameraChannels(buf, an, camNode, &conv, &takes[k], samples[k].times, doc.Nodes[camNode])
		}
		doc.Animations = append(doc.Animations, an)
	}
	doc.Buffers = []*gltf.Buffer{{ByteLength: len(buf.data), Data: buf.data}}
	if buf.err != nil {
		return nil, fmt.Errorf("export: %w", buf.err)
	}
	for i, nd := range doc.Nodes {
		for _, v := range [...]float64{nd.Translation[0], nd.Translation[1], nd.Translation[2],
			nd.Rotation[0], nd.Rotation[1], nd.Rotation[2], nd.Rotation[3], nd.Scale[0], nd.Scale[1], nd.Scale[2]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("export: node %d (%q) transform %v %v %v: the data passes single precision's range: %w",
					i, nd.Name, nd.Translation, nd.Rotation, nd.Scale, formats.ErrNonFinite)
			}
		}
	}
	return doc, nil
}

// Encode writes the document as binary glTF (.glb) or, when binary is
// false, as JSON with the buffer embedded as a data URI (.gltf).
func Encode(w io.Writer, doc *gltf.Document, binary bool) error {
	if !binary && len(doc.Buffers) > 0 {
		doc.Buffers[0].EmbeddedResource()
	}
	// qmuntal/gltf v0.29.0's binary encoding drops the errors of most of
	// its writes (Encoder.encodeBinary), so a full disk would pass for a
	// complete file: the counting writer keeps the first error whatever the
	// encoder does with it, and the bytes written must add up to the
	// length the GLB header declares.
	head := 0
	if binary {
		head = glbHeaderSize
	}
	cw := safefile.NewCheckedWriter(w, head)
	enc := gltf.NewEncoder(cw)
	enc.AsBinary = binary
	err := enc.Encode(doc)
	if cw.Err() != nil {
		err = cw.Err()
	}
	if err != nil {
		return fmt.Errorf("export: encode glTF: %w", err)
	}
	if binary {
		if len(cw.Head()) < glbHeaderSize {
			return fmt.Errorf("export: encode glTF: wrote %d bytes, less than a GLB header", cw.Written())
		}
		// The header's length, bytes 8 to 11, little-endian (glTF 2.0,
		// "Binary glTF Layout", header).
		h := cw.Head()
		declared := int64(h[8]) | int64(h[9])<<8 | int64(h[10])<<16 | int64(h[11])<<24
		if declared != cw.Written() {
			return fmt.Errorf("export: encode glTF: wrote %d bytes where the GLB header declares %d", cw.Written(), declared)
		}
	}
	return nil
}

// glbHeaderSize is the size of a GLB file's header: magic, version and
// length, 4 bytes each.
const glbHeaderSize = 12

// scales reports whether bone b's own scale differs from 1 at rest or in
// any sample.
func scales(b int, rest []trs, samples []*sampled) bool {
	one := mgl64.Vec3{1, 1, 1}
	if rest[b].S != one {
		return true
	}
	for _, s := range samples {
		for _, l := range s.local {
			if l[b].S != one {
				return true
			}
		}
	}
	return false
}

func hasBindPose(sk *formats.Skeleton) bool {
	id := formats.Identity()
	for i := range sk.Bones {
		if sk.Bones[i].Bind != id {
			return true
		}
	}
	return false
}

// figureSize is the diagonal of the joints' bounding box (1 for a figure
// with every joint at one point).
func figureSize(w []mgl64.Mat4) float64 {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	for i := range w {
		for c := 0; c < 3; c++ {
			lo[c] = math.Min(lo[c], w[i][12+c])
			hi[c] = math.Max(hi[c], w[i][12+c])
		}
	}
	d := hi.Sub(lo).Len()
	if !(d > 1e-6) || math.IsInf(d, 0) {
		return 1
	}
	return d
}

// FigureSize returns the size that an export's tolerance is relative to:
// the diagonal of the bounding box of the rest pose's joints, in glTF
// units (1 when they all coincide).
func FigureSize(doc *gltf.Document) float64 {
	if ex, ok := doc.Scenes[0].Extras.(map[string]any); ok {
		if s, ok := ex["figure_size"].(float64); ok {
			return s
		}
	}
	return 1
}

// inverseBind inverts a rest world matrix; a singular one (a bone scaled
// to nothing at rest) falls back to undoing its translation alone.
func inverseBind(m mgl64.Mat4) mgl64.Mat4 {
	if d := m.Det(); math.Abs(d) > 1e-12 && !math.IsNaN(d) {
		inv := m.Inv()
		// glTF wants the last row exactly (0, 0, 0, 1).
		inv[3], inv[7], inv[11], inv[15] = 0, 0, 0, 1
		return inv
	}
	return mgl64.Translate3D(-m[12], -m[13], -m[14])
}

func setTRS(nd *gltf.Node, t *trs) {
	nd.Translation = [3]float64{f32(t.T[0]), f32(t.T[1]), f32(t.T[2])}
	nd.Rotation = [4]float64{f32(t.R.V[0]), f32(t.R.V[1]), f32(t.R.V[2]), f32(t.R.W)}
	nd.Scale = [3]float64{f32(t.S[0]), f32(t.S[1]), f32(t.S[2])}
}

// f32 rounds to float32 precision, so that the JSON carries what an
// importer computes with.
func f32(v float64) float64 { return float64(float32(v)) }

// uniqueNames names each bone's node: the bone's name, or "bone ID", with
// "#ID" added where a name repeats (importers key bones by name).
func uniqueNames(sk *formats.Skeleton) []string {
	count := map[string]int{}
	base := make([]string, len(sk.Bones))
	for i := range sk.Bones {
		b := &sk.Bones[i]
		base[i] = b.Name
		if base[i] == "" {
			base[i] = "bone " + strconv.Itoa(b.ID)
		}
		count[base[i]]++
	}
	for i := range base {
		if count[base[i]] > 1 {
			base[i] += "#" + strconv.Itoa(sk.Bones[i].ID)
		}
	}
	return base
}

func sceneName(a *formats.Asset) string {
	if a.Entry != "" {
		return a.Entry
	}
	return a.Skeleton.Name
}

// stillChannels returns, per bone channel (bone*nCh + ch), whether every
// take holds it at the rest pose's value throughout, as float32 (a
// rotation either sign): no animation of the document moves it, so
// switching between them cannot leave it elsewhere, and the node's own
// value plays it. animation writes no channel for it.
func stillChannels(rest []trs, samples []*sampled) []bool {
	still := make([]bool, len(rest)*nCh)
	for i := range still {
		still[i] = true
	}
	vec := func(a, b mgl64.Vec3) bool {
		return float32(a[0]) == float32(b[0]) && float32(a[1]) == float32(b[1]) && float32(a[2]) == float32(b[2])
	}
	quat := func(a, b mgl64.Quat) bool {
		return float32(a.W) == float32(b.W) && vec(a.V, b.V)
	}
	for _, s := range samples {
		for _, loc := range s.local {
			for b := range rest {
				l, r := &loc[b], &rest[b]
				still[b*nCh+chT] = still[b*nCh+chT] && vec(l.T, r.T)
				still[b*nCh+chR] = still[b*nCh+chR] && (quat(l.R, r.R) || quat(l.R, r.R.Scale(-1)))
				still[b*nCh+chS] = still[b*nCh+chS] && vec(l.S, r.S)
			}
		}
	}
	return still
}
