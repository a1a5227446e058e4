package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// fmtCSKR names the skin format in errors.
const fmtCSKR = "prime CSKR"

// CSKR is a model's skin ("skin rules"): groups of consecutive vertices of
// the model's position array that share a set of bone weights, then a
// footer that differs between the games
// (docs/formats/metroid-prime.md#cskr).
type CSKR struct {
	Game   Game
	Groups []CSKRGroup
	// Points and Normals are MP1's footer: the counts the engine sizes its
	// skinning buffers by, each optionally followed by a copy of the
	// model's array.
	Points, Normals CSKRCount
	// PoolToSkin and VertexBytes are MP2's footer: a u16 table and a
	// length-prefixed byte string (one byte per vertex in the files the
	// reference tools write); the viewer does not use them.
	PoolToSkin  []uint16
	VertexBytes []byte
	// Trailing are the bytes after the footer (PAK padding, 0xFF).
	Trailing []byte
}

// CSKRGroup gives VertexCount consecutive vertices the same weights.
type CSKRGroup struct {
	Weights     []CSKRWeight
	VertexCount uint32
}

// CSKRWeight is one bone's share of a group: the bone is a CINF bone id.
type CSKRWeight struct {
	BoneID uint32
	Weight float32
}

// CSKRCount is one count of MP1's footer. The file stores -1 and the
// count, or the count and that many vectors (Inline).
type CSKRCount struct {
	Count  uint32
	Inline []mgl32.Vec3
}

// Minimum sizes: a group without weights; a weight.
const (
	minCSKRGroup = 8
	cskrWeight   = 8
)

// ParseCSKR decodes a skin. The groups are the same in both games; the
// footer tells them apart, so with GameAuto the MP1 footer is tried first
// (its first word is -1 in the games' files), then MP2's. Weights must be
// finite and non-negative and each group's must sum above zero.
func ParseCSKR(data []byte, game Game) (*CSKR, error) {
	if game != GameAuto {
		return parseCSKR(data, game)
	}
	s, err := parseCSKR(data, MP1)
	if err == nil && trailing(s.Trailing) {
		return s, nil
	}
	if s2, err2 := parseCSKR(data, MP2); err2 == nil && trailing(s2.Trailing) {
		return s2, nil
	}
	if err == nil {
		return s, nil
	}
	return nil, err
}

func parseCSKR(data []byte, game Game) (*CSKR, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtCSKR)
	s := &CSKR{Game: game}
	n := r.Count("group count", uint64(r.U32("group count")), minCSKRGroup)
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.Groups = make([]CSKRGroup, n)
	for i := range s.Groups {
		readCSKRGroup(r, &s.Groups[i])
		if r.Err() != nil {
			prefixField(r, "group "+strconv.Itoa(i))
			return nil, r.Err()
		}
	}
	switch game {
	case MP1:
		s.Points = readCSKRCount(r, "point count")
		s.Normals = readCSKRCount(r, "normal count")
	case MP2:
		np := r.Count("pool count", uint64(r.U32("pool count")), 2)
		if r.Err() == nil {
			s.PoolToSkin = make([]uint16, np)
			for i := range s.PoolToSkin {
				s.PoolToSkin[i] = r.U16("pool to skin")
			}
		}
		nb := r.Count("vertex byte count", uint64(r.U32("vertex byte count")), 1)
		s.VertexBytes = r.Bytes("vertex bytes", nb)
	default:
		return nil, errors.New("prime CSKR: decoder needs a game (mp1, mp2 or auto)")
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	s.Trailing = r.Bytes("padding", r.Len())
	return s, nil
}

// readCSKRGroup reads a group and checks its weights.
func readCSKRGroup(r *bin.Reader, g *CSKRGroup) {
	off := r.Offset()
	nw := r.Count("weight count", uint64(r.U32("weight count")), cskrWeight)
	if r.Err() != nil {
		return
	}
	g.Weights = make([]CSKRWeight, nw)
	var sum float64
	for k := range g.Weights {
		w := &g.Weights[k]
		bOff := r.Offset()
		w.BoneID = r.U32("bone id")
		if r.Err() == nil {
			checkBone(r, "bone id", bOff, w.BoneID)
		}
		wOff := r.Offset()
		w.Weight = r.Finite32("")
		if r.Err() == nil && w.Weight < 0 {
			r.FailAt("", wOff, "weight %v is negative", w.Weight)
		}
		if r.Err() != nil {
			// Field names are built only on failure: "weight k" for the
			// value, "weight k bone id" for the bone.
			var fe *formats.Error
			if errors.As(r.Err(), &fe) {
				fe.Field = strings.TrimSpace("weight " + strconv.Itoa(k) + " " + fe.Field)
			}
			return
		}
		sum += float64(w.Weight)
	}
	if r.Err() == nil && sum <= 0 {
		r.FailAt("weight count", off, "%d weights sum to %v; a group needs a positive total", nw, sum)
	}
	g.VertexCount = r.U32("vertex count")
}

// readCSKRCount reads one count of MP1's footer (CSkinRules'
// StreamFloatToShort): -1 then the count, or the count then that many
// three-float vectors.
func readCSKRCount(r *bin.Reader, field string) CSKRCount {
	first := r.U32(field)
	if r.Err() != nil {
		return CSKRCount{}
	}
	if first == 0xFFFFFFFF {
		return CSKRCount{Count: r.U32(field)}
	}
	n := r.Count(field, uint64(first), 12)
	if r.Err() != nil {
		return CSKRCount{}
	}
	c := CSKRCount{Count: first, Inline: make([]mgl32.Vec3, n)}
	for i := range c.Inline {
		c.Inline[i] = readVec3(r, field+" vectors")
	}
	return c
}

// Vertices returns the number of vertices the groups cover.
func (s *CSKR) Vertices() uint64 {
	var n uint64
	for i := range s.Groups {
		n += uint64(s.Groups[i].VertexCount)
	}
	return n
}

// groupOffset returns the byte offset of group i in the encoded file (the
// layout ParseCSKR read), for errors found after parsing.
func (s *CSKR) groupOffset(i int) int {
	off := 4
	for k := 0; k < i; k++ {
		off += minCSKRGroup + cskrWeight*len(s.Groups[k].Weights)
	}
	return off
}

// MarshalBinary encodes the skin in its game's layout.
func (s *CSKR) MarshalBinary() ([]byte, error) {
	var w writer
	w.u32(uint32(len(s.Groups)))
	for _, g := range s.Groups {
		w.u32(uint32(len(g.Weights)))
		for _, wt := range g.Weights {
			w.u32(wt.BoneID)
			w.f32(wt.Weight)
		}
		w.u32(g.VertexCount)
	}
	switch s.Game {
	case MP1:
		if len(s.PoolToSkin) > 0 || len(s.VertexBytes) > 0 {
			return nil, errors.New("prime CSKR: MP1 has no pool table or vertex bytes")
		}
		for _, c := range []CSKRCount{s.Points, s.Normals} {
			if c.Inline == nil {
				w.u32(0xFFFFFFFF)
				w.u32(c.Count)
				continue
			}
			if int64(c.Count) != int64(len(c.Inline)) {
				return nil, fmt.Errorf("prime CSKR: count %d with %d inline vectors", c.Count, len(c.Inline))
			}
			if c.Count == 0xFFFFFFFF {
				return nil, errors.New("prime CSKR: an inline count of -1 reads as the other form")
			}
			w.u32(c.Count)
			for _, v := range c.Inline {
				w.vec3(v)
			}
		}
	case MP2:
		if s.Points.Count != 0 || s.Points.Inline != nil || s.Normals.Count != 0 || s.Normals.Inline != nil {
			return nil, errors.New("prime CSKR: MP2 has no point and normal counts")
		}
		w.u32(uint32(len(s.PoolToSkin)))
		for _, v := range s.PoolToSkin {
			w.u16(v)
		}
		w.u32(uint32(len(s.VertexBytes)))
		w.b = append(w.b, s.VertexBytes...)
	default:
		return nil, errors.New("prime CSKR: encoder needs a game (mp1 or mp2)")
	}
	return append(w.b, s.Trailing...), nil
}

// errCSKR builds an error at a byte offset of a CSKR.
func errCSKR(field string, off int, msg string, args ...any) error {
	return formats.Errorf(fmtCSKR, field, int64(off), msg, args...)
}
