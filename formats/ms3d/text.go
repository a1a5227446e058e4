package ms3d

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// TextFPS is the frame rate that turns the ASCII export's key frames into
// seconds: the export has no rate of its own, and 24 is MilkShape's
// default (msModel::Clear).
const TextFPS = 24

// SniffText reports whether data starts like a MilkShape ASCII export: its
// "// MilkShape 3D ASCII" banner, or a first significant line "Frames:".
func SniffText(data []byte) bool {
	head := data[:min(len(data), 512)]
	if bytes.Contains(head, []byte("MilkShape 3D ASCII")) {
		return true
	}
	for _, l := range bytes.Split(head, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || bytes.HasPrefix(l, []byte("//")) {
			continue
		}
		return bytes.HasPrefix(l, []byte("Frames:"))
	}
	return false
}

// textReader walks the significant lines (not blank, not "//" comments)
// of an ASCII export.
//
// It reads the file's bytes where they lie, a line at a time: a file is
// never copied whole nor split into a slice of all its lines, which for a
// file of empty lines would cost many times its size.
type textReader struct {
	data  []byte
	pos   int // offset of the next line
	lines int // lines in data (as strings.Split would count them)
	i     int // lines read
	line  int // 1-based number of the last line returned
}

// maxTextLine bounds a significant line of an ASCII export: its longest
// are a material's texture paths and a vertex's numbers, far shorter.
const maxTextLine = 4096

func newTextReader(data []byte) *textReader {
	return &textReader{data: data, lines: bytes.Count(data, []byte("\n")) + 1}
}

func (r *textReader) next(what string) ([]string, error) {
	for r.i < r.lines {
		raw := r.data[r.pos:]
		if end := bytes.IndexByte(raw, '\n'); end >= 0 {
			raw = raw[:end]
			r.pos += end + 1
		} else {
			r.pos = len(r.data)
		}
		r.i++
		l := bytes.TrimSpace(raw)
		if len(l) == 0 || bytes.HasPrefix(l, []byte("//")) {
			continue
		}
		r.line = r.i
		if len(l) > maxTextLine {
			return nil, r.errf(what, "a line of %d bytes, longer than any of an ASCII export (%d)", len(l), maxTextLine)
		}
		return splitQuoted(string(l)), nil
	}
	return nil, formats.LineErrorf(FormatText, what, r.i+1, "end of file, expected %s", what)
}

func (r *textReader) errf(field, msg string, args ...any) error {
	return formats.LineErrorf(FormatText, field, r.line, msg, args...)
}

// splitQuoted splits a line at spaces and tabs, keeping "quoted names"
// (with their spaces) as one token without the quotes.
func splitQuoted(l string) []string {
	var toks []string
	for {
		l = strings.TrimLeft(l, " \t")
		if l == "" {
			return toks
		}
		if l[0] == '"' {
			end := strings.IndexByte(l[1:], '"')
			if end < 0 {
				return append(toks, l[1:])
			}
			toks = append(toks, l[1:1+end])
			l = l[2+end:]
			continue
		}
		end := strings.IndexAny(l, " \t")
		if end < 0 {
			return append(toks, l)
		}
		toks = append(toks, l[:end])
		l = l[end:]
	}
}

// section reads "Label: N" and returns N, checked against the lines left
// (each item takes at least one line).
func (r *textReader) section(label string) (int, error) {
	t, err := r.next(label)
	if err != nil {
		return 0, err
	}
	if len(t) != 2 || t[0] != label+":" {
		return 0, r.errf(label, "expected %q and a number, found %q", label+":", strings.Join(t, " "))
	}
	return r.count(label, t[1])
}

func (r *textReader) count(field, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, r.errf(field, "%q is not a count", s)
	}
	if n > r.lines-r.i {
		return 0, r.errf(field, "%d entries but only %d lines remain", n, r.lines-r.i)
	}
	return n, nil
}

func (r *textReader) countLine(field string) (int, error) {
	t, err := r.next(field)
	if err != nil {
		return 0, err
	}
	if len(t) != 1 {
		return 0, r.errf(field, "expected a count, found %q", strings.Join(t, " "))
	}
	return r.count(field, t[0])
}

// floats parses toks as n finite float32 values.
func (r *textReader) floats(field string, toks []string, n int) ([]float32, error) {
	if len(toks) < n {
		return nil, r.errf(field, "%d values, expected %d", len(toks), n)
	}
	out := make([]float32, n)
	for i := 0; i < n; i++ {
		v, err := formats.ParseFinite(FormatText, field, r.line, toks[i], 32)
		if err != nil {
			return nil, err
		}
		out[i] = float32(v)
	}
	return out, nil
}

func (r *textReader) ints(field string, toks []string, n int) ([]int, error) {
	if len(toks) < n {
		return nil, r.errf(field, "%d values, expected %d", len(toks), n)
	}
	out := make([]int, n)
	for i := 0; i < n; i++ {
		v, err := strconv.Atoi(toks[i])
		if err != nil {
			return nil, r.errf(field, "%q is not an integer", toks[i])
		}
		out[i] = v
	}
	return out, nil
}

// ParseText reads MilkShape's ASCII export into a File: frames, meshes
// (as groups, with their vertices and triangles appended to the model's),
// materials and bones. Key times in the export are frames; they become
// seconds at TextFPS. The comment sections after the bones are not read.
func ParseText(data []byte) (*File, error) {
	r := newTextReader(data)
	f := &File{Header: Header{ID: Magic, Version: 4}, AnimationFPS: TextFPS, text: &textLines{}}
	frames, err := r.next("Frames")
	if err != nil {
		return nil, err
	}
	if len(frames) != 2 || frames[0] != "Frames:" {
		return nil, r.errf("Frames", "expected \"Frames:\" and a number, found %q", strings.Join(frames, " "))
	}
	v, err := r.floats("Frames", frames[1:], 1)
	if err != nil {
		return nil, err
	}
	if !keyFrameFits(float64(v[0])) {
		return nil, r.errf("Frames", "%v frames do not fit the s32 a MilkShape timeline has (at most %d)", v[0], MaxFrames)
	}
	f.TotalFrames = int32(v[0])
	cur, err := r.next("Frame")
	if err != nil {
		return nil, err
	}
	if len(cur) != 2 || cur[0] != "Frame:" {
		return nil, r.errf("Frame", "expected \"Frame:\" and a number, found %q", strings.Join(cur, " "))
	}
	if v, err = r.floats("Frame", cur[1:], 1); err != nil {
		return nil, err
	}
	f.CurrentTime = v[0]
	if err := r.meshes(f); err != nil {
		return nil, err
	}
	if err := r.materials(f); err != nil {
		return nil, err
	}
	if err := r.bones(f); err != nil {
		return nil, err
	}
	return f, nil
}

func (r *textReader) meshes(f *File) error {
	n, err := r.section("Meshes")
	if err != nil {
		return err
	}
	for m := 0; m < n; m++ {
		t, err := r.next("mesh")
		if err != nil {
			return err
		}
		if len(t) != 3 {
			return r.errf("mesh", "expected a name, flags and a material index")
		}
		fl, err := r.ints("mesh", t[1:], 2)
		if err != nil {
			return err
		}
		g := Group{Name: t[0], Flags: uint8(fl[0]), MaterialIndex: int8(fl[1])}
		base := len(f.Vertices)
		nv, err := r.countLine("vertices")
		if err != nil {
			return err
		}
		if base+nv > 0xFFFF {
			return r.errf("vertices", "more than 65535 vertices in the model")
		}
		uv := make([][2]float32, nv)
		for i := 0; i < nv; i++ {
			t, err := r.next("vertex")
			if err != nil {
				return err
			}
			// flags x y z u v bone, and in later exports more weights.
			if len(t) < 7 {
				return r.errf("vertex", "%d values, expected flags, x, y, z, u, v and a bone", len(t))
			}
			fs, err := r.floats("vertex", t[1:6], 5)
			if err != nil {
				return err
			}
			is, err := r.ints("vertex", []string{t[0], t[6]}, 2)
			if err != nil {
				return err
			}
			bone := is[1]
			if bone < -1 || bone > 127 {
				// Not a joint of any model: the mesh reports it at this
				// line, and the skeleton still loads.
				f.text.badBone = append(f.text.badBone, [2]int{len(f.Vertices), bone})
				bone = -128
			}
			is[1] = bone
			f.Vertices = append(f.Vertices, Vertex{Flags: uint8(is[0]), Position: [3]float32{fs[0], fs[1], fs[2]}, BoneID: int8(is[1])})
			f.text.vertexLine = append(f.text.vertexLine, r.line)
			uv[i] = [2]float32{fs[3], fs[4]}
		}
		nn, err := r.countLine("normals")
		if err != nil {
			return err
		}
		normals := make([][3]float32, nn)
		for i := range normals {
			t, err := r.next("normal")
			if err != nil {
				return err
			}
			fs, err := r.floats("normal", t, 3)
			if err != nil {
				return err
			}
			normals[i] = [3]float32{fs[0], fs[1], fs[2]}
		}
		nt, err := r.countLine("triangles")
		if err != nil {
			return err
		}
		for i := 0; i < nt; i++ {
			t, err := r.next("triangle")
			if err != nil {
				return err
			}
			is, err := r.ints("triangle", t, 8)
			if err != nil {
				return err
			}
			if len(f.Triangles) >= 0xFFFF {
				return r.errf("triangle", "more than 65535 triangles in the model")
			}
			tri := Triangle{Flags: uint16(is[0]), SmoothingGroup: uint8(is[7]), GroupIndex: uint8(m)}
			for k := 0; k < 3; k++ {
				vi, ni := is[1+k], is[4+k]
				if vi < 0 || vi >= nv {
					return r.errf("triangle", "vertex %d of a mesh with %d", vi, nv)
				}
				if ni < 0 || ni >= nn {
					return r.errf("triangle", "normal %d of a mesh with %d", ni, nn)
				}
				tri.VertexIndices[k] = uint16(base + vi)
				tri.VertexNormals[k] = normals[ni]
				tri.S[k], tri.T[k] = uv[vi][0], uv[vi][1]
			}
			g.Triangles = append(g.Triangles, uint16(len(f.Triangles)))
			f.Triangles = append(f.Triangles, tri)
			f.text.triangleLine = append(f.text.triangleLine, r.line)
		}
		f.Groups = append(f.Groups, g)
	}
	return nil
}

func (r *textReader) materials(f *File) error {
	n, err := r.section("Materials")
	if err != nil {
		return err
	}
	for m := 0; m < n; m++ {
		var mat Material
		t, err := r.next("material")
		if err != nil {
			return err
		}
		if len(t) != 1 {
			return r.errf("material", "expected a quoted name")
		}
		mat.Name = t[0]
		for _, c := range []*[4]float32{&mat.Ambient, &mat.Diffuse, &mat.Specular, &mat.Emissive} {
			t, err := r.next("material colour")
			if err != nil {
				return err
			}
			fs, err := r.floats("material colour", t, 4)
			if err != nil {
				return err
			}
			copy(c[:], fs)
		}
		for _, p := range []*float32{&mat.Shininess, &mat.Transparency} {
			t, err := r.next("material value")
			if err != nil {
				return err
			}
			fs, err := r.floats("material value", t, 1)
			if err != nil {
				return err
			}
			*p = fs[0]
		}
		for _, p := range []*string{&mat.Texture, &mat.AlphaMap} {
			t, err := r.next("material map")
			if err != nil {
				return err
			}
			if len(t) > 0 {
				*p = t[0]
			}
		}
		f.Materials = append(f.Materials, mat)
	}
	return nil
}

func (r *textReader) bones(f *File) error {
	n, err := r.section("Bones")
	if err != nil {
		return err
	}
	for b := 0; b < n; b++ {
		var j Joint
		t, err := r.next("bone name")
		if err != nil {
			return err
		}
		if len(t) != 1 {
			return r.errf("bone name", "expected a quoted name")
		}
		j.Name = t[0]
		if t, err = r.next("bone parent"); err != nil {
			return err
		}
		if len(t) > 1 {
			return r.errf("bone parent", "expected a quoted name")
		}
		if len(t) == 1 {
			j.ParentName = t[0]
		}
		if t, err = r.next("bone"); err != nil {
			return err
		}
		if len(t) != 7 {
			return r.errf("bone", "expected flags, a position and a rotation")
		}
		fl, err := r.ints("bone", t, 1)
		if err != nil {
			return err
		}
		fs, err := r.floats("bone", t[1:], 6)
		if err != nil {
			return err
		}
		j.Flags = uint8(fl[0])
		j.Position = [3]float32{fs[0], fs[1], fs[2]}
		j.Rotation = [3]float32{fs[3], fs[4], fs[5]}
		// Position keys come first in the text, rotation keys second.
		np, err := r.countLine("position keys")
		if err != nil {
			return err
		}
		for k := 0; k < np; k++ {
			tm, v, err := r.key("position key", j.Name, k, prevPos(j.PositionKeys, k))
			if err != nil {
				return err
			}
			j.PositionKeys = append(j.PositionKeys, PositionKey{Time: tm, Position: v})
		}
		nr, err := r.countLine("rotation keys")
		if err != nil {
			return err
		}
		for k := 0; k < nr; k++ {
			tm, v, err := r.key("rotation key", j.Name, k, prevRot(j.RotationKeys, k))
			if err != nil {
				return err
			}
			j.RotationKeys = append(j.RotationKeys, RotationKey{Time: tm, Rotation: v})
		}
		f.Joints = append(f.Joints, j)
	}
	if len(f.Joints) > 0xFFFF {
		return r.errf("Bones", "more than 65535 bones")
	}
	return nil
}

// key reads "frame x y z" and returns the time in seconds.
func (r *textReader) key(field, joint string, k int, prev float32) (float32, [3]float32, error) {
	t, err := r.next(field)
	if err != nil {
		return 0, [3]float32{}, err
	}
	fs, err := r.floats(field, t, 4)
	if err != nil {
		return 0, [3]float32{}, err
	}
	tm := fs[0] / TextFPS
	switch {
	case tm < prev:
		return 0, [3]float32{}, r.errf(field, "joint %q key %d: frame %v before the previous key's", joint, k, fs[0])
	case !keyFrameFits(float64(fs[0])):
		// docs/formats/milkshape-anm.md#key-times
		return 0, [3]float32{}, r.errf(field, "joint %q key %d: frame %v is out of the clip: a MilkShape timeline holds at most %d frames",
			joint, k, fs[0], MaxFrames)
	}
	return tm, [3]float32{fs[1], fs[2], fs[3]}, nil
}

// EncodeText writes the file as MilkShape's ASCII export, for test
// inputs: one mesh per group, key times in frames at TextFPS.
func (f *File) EncodeText() []byte {
	var b strings.Builder
	b.WriteString("// MilkShape 3D ASCII\n\n")
	fmt.Fprintf(&b, "Frames: %d\nFrame: %s\n\n", f.TotalFrames, ftoa(f.CurrentTime))
	fmt.Fprintf(&b, "Meshes: %d\n", len(f.Groups))
	for _, g := range f.Groups {
		fmt.Fprintf(&b, "%q %d %d\n", g.Name, g.Flags, g.MaterialIndex)
		// The group's own vertices and normals, renumbered.
		local := map[uint16]int{}
		var verts []uint16
		var normals [][3]float32
		type tri struct {
			v, n   [3]int
			flags  uint16
			smooth uint8
		}
		var tris []tri
		for _, ti := range g.Triangles {
			if int(ti) >= len(f.Triangles) {
				continue
			}
			t := f.Triangles[ti]
			out := tri{flags: t.Flags, smooth: t.SmoothingGroup}
			for k := 0; k < 3; k++ {
				vi := t.VertexIndices[k]
				if _, ok := local[vi]; !ok {
					local[vi] = len(verts)
					verts = append(verts, vi)
				}
				out.v[k] = local[vi]
				out.n[k] = len(normals)
				normals = append(normals, t.VertexNormals[k])
			}
			tris = append(tris, out)
		}
		fmt.Fprintf(&b, "%d\n", len(verts))
		for _, vi := range verts {
			var v Vertex
			var u, w float32
			if int(vi) < len(f.Vertices) {
				v = f.Vertices[vi]
			}
			for _, ti := range g.Triangles {
				if int(ti) < len(f.Triangles) {
					t := f.Triangles[ti]
					for k := 0; k < 3; k++ {
						if t.VertexIndices[k] == vi {
							u, w = t.S[k], t.T[k]
						}
					}
				}
			}
			fmt.Fprintf(&b, "%d %s %s %s %s %s %d\n", v.Flags, ftoa(v.Position[0]), ftoa(v.Position[1]), ftoa(v.Position[2]), ftoa(u), ftoa(w), v.BoneID)
		}
		fmt.Fprintf(&b, "%d\n", len(normals))
		for _, n := range normals {
			fmt.Fprintf(&b, "%s %s %s\n", ftoa(n[0]), ftoa(n[1]), ftoa(n[2]))
		}
		fmt.Fprintf(&b, "%d\n", len(tris))
		for _, t := range tris {
			fmt.Fprintf(&b, "%d %d %d %d %d %d %d %d\n", t.flags, t.v[0], t.v[1], t.v[2], t.n[0], t.n[1], t.n[2], t.smooth)
		}
	}
	fmt.Fprintf(&b, "\nMaterials: %d\n", len(f.Materials))
	for _, m := range f.Materials {
		fmt.Fprintf(&b, "%q\n", m.Name)
		for _, c := range [][4]float32{m.Ambient, m.Diffuse, m.Specular, m.Emissive} {
			fmt.Fprintf(&b, "%s %s %s %s\n", ftoa(c[0]), ftoa(c[1]), ftoa(c[2]), ftoa(c[3]))
		}
		fmt.Fprintf(&b, "%s\n%s\n%q\n%q\n", ftoa(m.Shininess), ftoa(m.Transparency), m.Texture, m.AlphaMap)
	}
	fmt.Fprintf(&b, "\nBones: %d\n", len(f.Joints))
	for _, j := range f.Joints {
		fmt.Fprintf(&b, "%q\n%q\n", j.Name, j.ParentName)
		fmt.Fprintf(&b, "%d %s %s %s %s %s %s\n", j.Flags, ftoa(j.Position[0]), ftoa(j.Position[1]), ftoa(j.Position[2]),
			ftoa(j.Rotation[0]), ftoa(j.Rotation[1]), ftoa(j.Rotation[2]))
		fmt.Fprintf(&b, "%d\n", len(j.PositionKeys))
		for _, k := range j.PositionKeys {
			fmt.Fprintf(&b, "%s %s %s %s\n", ftoa(k.Time*TextFPS), ftoa(k.Position[0]), ftoa(k.Position[1]), ftoa(k.Position[2]))
		}
		fmt.Fprintf(&b, "%d\n", len(j.RotationKeys))
		for _, k := range j.RotationKeys {
			fmt.Fprintf(&b, "%s %s %s %s\n", ftoa(k.Time*TextFPS), ftoa(k.Rotation[0]), ftoa(k.Rotation[1]), ftoa(k.Rotation[2]))
		}
	}
	b.WriteString("GroupComments: 0\nMaterialComments: 0\nBoneComments: 0\nModelComment: 0\n")
	return []byte(b.String())
}

func ftoa(v float32) string { return strconv.FormatFloat(float64(v), 'f', 6, 32) }
