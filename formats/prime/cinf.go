package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// CINF is a skeleton ("character layout info",
// docs/formats/metroid-prime.md#cinf-skeletons).
type CINF struct {
	Game  Game
	Bones []CINFBone
	// BuildOrder lists bone ids: the root, then the rest in reverse
	// numerical order in the games' files.
	BuildOrder []uint32
	// Names maps names to bone ids, in file order.
	Names []CINFName
	// Trailing are the bytes after the data (PAK padding, 0xFF).
	Trailing []byte
}

// CINFBone is one bone record.
type CINFBone struct {
	ID uint32
	// Parent is the parent's id; an id not in the table means a root (2 in
	// MP1 files).
	Parent uint32
	// Position is the absolute (model-space) bind position.
	Position mgl32.Vec3
	// Rotation and LocalRotation are MP2 only. The games' posing does not
	// use them (docs/formats/metroid-prime.md#bind-pose); they are kept for
	// round trips and for info.
	Rotation, LocalRotation mgl32.Quat
	// Linked lists the parent and children ids.
	Linked []uint32
}

// CINFName names a bone.
type CINFName struct {
	Name string
	ID   uint32
}

// Minimum record sizes: a bone with no linked ids, a name entry.
const (
	minBoneMP1 = 4 + 4 + 12 + 4
	minBoneMP2 = minBoneMP1 + 32
	minName    = 1 + 4
)

// DetectCINFGame applies the rule PWE uses
// (docs/formats/metroid-prime.md#telling-mp1-and-mp2-cinfs-apart): an MP1
// bone has its
// linked count right after the position, never 0 and never above 100; an
// MP2 bone has the rotation's W float there.
func DetectCINFGame(data []byte) Game {
	if len(data) < 4+24 {
		return MP1
	}
	if binary.BigEndian.Uint32(data) == 0 {
		return MP1
	}
	v := binary.BigEndian.Uint32(data[4+20:])
	if v == 0 || v > MaxSegments {
		return MP2
	}
	return MP1
}

// ParseCINF decodes a CINF. With GameAuto the layout is detected
// (docs/formats/metroid-prime.md#telling-mp1-and-mp2-cinfs-apart)
// and, when the detected layout does not parse, the other one is tried.
func ParseCINF(data []byte, game Game) (*CINF, error) {
	if game != GameAuto {
		return parseCINF(data, game)
	}
	g := DetectCINFGame(data)
	c, err := parseCINF(data, g)
	if err == nil {
		return c, nil
	}
	if c2, err2 := parseCINF(data, g.other()); err2 == nil {
		return c2, nil
	}
	return nil, err
}

func parseCINF(data []byte, game Game) (*CINF, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtCINF)
	c := &CINF{Game: game}
	minBone := minBoneMP1
	if game == MP2 {
		minBone = minBoneMP2
	}
	off := r.Offset()
	n := r.Count("bone count", uint64(r.U32("bone count")), minBone)
	if r.Err() == nil && n > MaxSegments {
		r.FailAt("bone count", off, "%d bones; the engine holds %d", n, MaxSegments)
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	c.Bones = make([]CINFBone, n)
	seen := make(map[uint32]bool, n)
	for i := range c.Bones {
		readBone(r, game, &c.Bones[i], seen)
		if r.Err() != nil {
			prefixField(r, "bone "+strconv.Itoa(i))
			return nil, r.Err()
		}
	}
	off = r.Offset()
	nb := r.Count("build order count", uint64(r.U32("build order count")), 4)
	if r.Err() == nil && nb > MaxSegments {
		r.FailAt("build order count", off, "%d entries; a skeleton has at most %d bones", nb, MaxSegments)
	}
	if r.Err() == nil {
		c.BuildOrder = make([]uint32, nb)
		for i := range c.BuildOrder {
			c.BuildOrder[i] = r.U32("build order")
		}
	}
	nn := r.Count("name count", uint64(r.U32("name count")), minName)
	if r.Err() == nil {
		c.Names = make([]CINFName, 0, min(nn, MaxSegments))
		for i := 0; i < nn && r.Err() == nil; i++ {
			name := readString(r, "string")
			id := r.U32("bone id")
			if r.Err() != nil {
				prefixField(r, "name "+strconv.Itoa(i))
			}
			c.Names = append(c.Names, CINFName{Name: name, ID: id})
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	c.Trailing = r.Bytes("padding", r.Len())
	if !trailing(c.Trailing) {
		return nil, formats.Errorf(fmtCINF, "end of data", int64(len(data)-len(c.Trailing)),
			"%d bytes after the name table are not 0xFF padding", len(c.Trailing))
	}
	return c, nil
}

// readBone reads one bone record; seen collects the ids for the duplicate
// check.
func readBone(r *bin.Reader, game Game, b *CINFBone, seen map[uint32]bool) {
	off := r.Offset()
	b.ID = r.U32("id")
	if r.Err() == nil {
		checkBone(r, "id", off, b.ID)
		if seen[b.ID] {
			r.FailAt("id", off, "bone id %d appears twice", b.ID)
		}
		seen[b.ID] = true
	}
	b.Parent = r.U32("parent")
	b.Position = mgl32.Vec3{r.Finite32("position"), r.Finite32("position"), r.Finite32("position")}
	if game == MP2 {
		b.Rotation = readQuat(r, "rotation")
		b.LocalRotation = readQuat(r, "local rotation")
	}
	off = r.Offset()
	nl := r.Count("linked count", uint64(r.U32("linked count")), 4)
	if r.Err() == nil && nl > MaxSegments {
		r.FailAt("linked count", off, "%d linked bones; a skeleton has at most %d", nl, MaxSegments)
	}
	if r.Err() != nil {
		return
	}
	b.Linked = make([]uint32, nl)
	for j := range b.Linked {
		b.Linked[j] = r.U32("linked ids")
	}
}

func readQuat(r *bin.Reader, field string) mgl32.Quat {
	w := r.Finite32(field)
	return mgl32.Quat{W: w, V: mgl32.Vec3{r.Finite32(field), r.Finite32(field), r.Finite32(field)}}
}

// maxString bounds a name: the games' names are short, and a missing
// terminator should not make the rest of the file one string.
const maxString = 4096

// readString reads a NUL-terminated string.
func readString(r *bin.Reader, field string) string {
	if r.Err() != nil {
		return ""
	}
	off := r.Offset()
	rest := r.Data()[off:]
	for i, c := range rest {
		if c == 0 {
			s := string(rest[:i])
			r.Skip(field, i+1)
			return s
		}
		if i >= maxString {
			r.FailAt(field, off, "no NUL within %d bytes", maxString)
			return ""
		}
	}
	r.FailAt(field, off, "no NUL before the end of data: %w", bin.ErrShort)
	return ""
}

// MarshalBinary encodes the CINF in its game's layout.
func (c *CINF) MarshalBinary() ([]byte, error) {
	if c.Game != MP1 && c.Game != MP2 {
		return nil, errors.New("prime CINF: encoder needs a game (mp1 or mp2)")
	}
	var w writer
	w.u32(uint32(len(c.Bones)))
	for i := range c.Bones {
		b := &c.Bones[i]
		w.u32(b.ID)
		w.u32(b.Parent)
		w.vec3(b.Position)
		if c.Game == MP2 {
			w.quat(b.Rotation)
			w.quat(b.LocalRotation)
		}
		w.u32(uint32(len(b.Linked)))
		for _, l := range b.Linked {
			w.u32(l)
		}
	}
	w.u32(uint32(len(c.BuildOrder)))
	for _, id := range c.BuildOrder {
		w.u32(id)
	}
	w.u32(uint32(len(c.Names)))
	for _, n := range c.Names {
		for i := 0; i < len(n.Name); i++ {
			if n.Name[i] == 0 {
				return nil, fmt.Errorf("prime CINF: name %q holds a NUL", n.Name)
			}
		}
		w.str(n.Name)
		w.u32(n.ID)
	}
	return append(w.b, c.Trailing...), nil
}

// Skeleton builds the model's skeleton
// (docs/formats/metroid-prime.md#bind-pose): a parent id that is not a
// bone means a root; bones come parent before child, in file order where
// the file allows; the bind rotation is identity and the bind translation is
// the local offset pos − parentPos. Names come from the name table.
func (c *CINF) Skeleton(name string) (*formats.Skeleton, []string, error) {
	idx := make(map[uint32]int, len(c.Bones))
	for i := range c.Bones {
		idx[c.Bones[i].ID] = i
	}
	parentOf := func(i int) int {
		if p, ok := idx[c.Bones[i].Parent]; ok && p != i {
			return p
		}
		return -1
	}
	// Bones go out in rounds, as passes over the file that each place, in
	// file order, every bone whose parent is placed would: a bone is in
	// its parent's round when it follows the parent in the file, else in
	// the next. Computed once per bone, by a walk up to the first bone
	// whose round is known, where the passes cost the bones times the
	// depth of a chain stored child first (issue 35).
	const (
		unknown = 0
		onPath  = -1
		looped  = -2
	)
	round := make([]int, len(c.Bones))
	var path []int
	for i := range c.Bones {
		path = path[:0]
		k := i
		for k >= 0 && round[k] == unknown {
			round[k] = onPath
			path = append(path, k)
			k = parentOf(k)
		}
		// k is a root's -1, a bone of known round, or one on this path or
		// under a loop: then the whole path is never placed.
		top := 1
		if k >= 0 {
			top = round[k]
		}
		for j := len(path) - 1; j >= 0; j-- {
			b := path[j]
			switch p := parentOf(b); {
			case top < 0:
				round[b] = looped
			case p < 0:
				round[b] = 1
			case p > b:
				round[b] = round[p] + 1
			default:
				round[b] = round[p]
			}
		}
	}
	last := 0
	for i, r := range round {
		if r < 0 {
			return nil, nil, fmt.Errorf("prime CINF: bone %d's parent chain forms a loop", c.Bones[i].ID)
		}
		last = max(last, r)
	}
	// A counting sort by round keeps file order within a round.
	start := make([]int, last+2)
	for _, r := range round {
		start[r+1]++
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	order := make([]int, len(c.Bones))
	placed := make([]int, len(c.Bones)) // skeleton index + 1
	for i, r := range round {
		order[start[r]] = i
		placed[i] = start[r] + 1
		start[r]++
	}
	names := map[uint32]string{}
	var warn []string
	for _, n := range c.Names {
		if _, ok := idx[n.ID]; !ok {
			warn = append(warn, fmt.Sprintf("name %q is for bone id %d, which the skeleton lacks", n.Name, n.ID))
			continue
		}
		if _, dup := names[n.ID]; !dup {
			names[n.ID] = n.Name
		}
	}
	sk := &formats.Skeleton{Name: name, Bones: make([]formats.Bone, len(order))}
	if c.Game == MP2 {
		sk.Compose = formats.ComposePrime2 // Echoes composes poses its own way
	}
	for si, i := range order {
		b := &c.Bones[i]
		bone := formats.Bone{ID: int(b.ID), Name: names[b.ID], Parent: -1, Bind: formats.Identity()}
		bone.Bind.Translation = b.Position
		if p := parentOf(i); p >= 0 {
			bone.Parent = placed[p] - 1
			bone.Bind.Translation = b.Position.Sub(c.Bones[p].Position)
		}
		sk.Bones[si] = bone
	}
	return sk, warn, nil
}
