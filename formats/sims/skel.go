package sims

import (
	"encoding/binary"
	"math"

	"github.com/animview/animview/formats/bin"
)

const skelFormat = "sims-skel"

// skelBoneMin is the smallest `.skel` bone: unknown, two empty names,
// hasProps, translation, rotation, three flags, two wiggle floats.
const skelBoneMin = 4 + 1 + 1 + 1 + 12 + 16 + 12 + 8

// ParseSkel decodes a TSO `.skel` file (docs/formats/sims.md#tso-skel):
// big-endian integers,
// little-endian floats, an int16 bone count.
func ParseSkel(data []byte) (*Skeleton, error) {
	r := bin.NewReader(data, binary.BigEndian, skelFormat)
	s := &Skeleton{}
	s.Version = r.U32("version")
	s.Name = readPascal(r, "name")
	off := r.Offset()
	count := r.I16("boneCount")
	if count < 0 && r.Err() == nil {
		return nil, r.FailAt("boneCount", off, "negative bone count %d", count)
	}
	n := r.Count("boneCount", uint64(count), skelBoneMin)
	s.Bones = make([]SkelBone, n)
	for i := range s.Bones {
		b := &s.Bones[i]
		b.Unknown = r.I32("bone.unknown")
		b.Name = readPascal(r, "bone.name")
		b.Parent = readPascal(r, "bone.parent")
		// FreeSO: any non-zero byte means the list is there.
		b.HasProps = r.U8("bone.hasProps") != 0
		if b.HasProps {
			b.Props = readBoneProps(r, readPascal)
		}
		readBoneTail(r, b)
		if r.Err() != nil {
			break
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, r.Fail("end", "%d bytes after the last bone", r.Len())
	}
	return s, nil
}

// readBoneProps reads a bone's props: an int32 count of props, each an
// int32 pair count and the pairs.
func readBoneProps(r *bin.Reader, str func(*bin.Reader, string) string) []Prop {
	off := r.Offset()
	c := r.I32("bone.propsCount")
	if c < 0 {
		r.FailAt("bone.propsCount", off, "negative count %d", c)
		return nil
	}
	n := r.Count("bone.propsCount", uint64(c), propMin)
	props := make([]Prop, n)
	for i := range props {
		props[i] = readPairs(r, str)
		if r.Err() != nil {
			break
		}
	}
	return props
}

// readBoneTail reads the transform, flags and wiggle of a bone. The floats
// are little-endian whatever the reader's order is.
func readBoneTail(r *bin.Reader, b *SkelBone) {
	le := binary.LittleEndian
	for k := 0; k < 3; k++ {
		b.Translation[k] = r.Finite32Order("bone.translation", le)
	}
	for k := 0; k < 4; k++ {
		b.Rotation[k] = r.Finite32Order("bone.rotation", le)
	}
	b.CanTranslate = r.I32("bone.canTranslate")
	b.CanRotate = r.I32("bone.canRotate")
	b.CanBlend = r.I32("bone.canBlend")
	b.WiggleValue = r.Finite32Order("bone.wiggleValue", le)
	b.WigglePower = r.Finite32Order("bone.wigglePower", le)
}

// EncodeSkel writes a TSO `.skel` file.
func EncodeSkel(s *Skeleton) ([]byte, error) {
	be := binary.BigEndian
	if len(s.Bones) > math.MaxInt16 {
		return nil, errTooMany("bones", len(s.Bones), math.MaxInt16)
	}
	b := be.AppendUint32(nil, s.Version)
	b, err := appendPascal(b, s.Name, "name")
	if err != nil {
		return nil, err
	}
	b = be.AppendUint16(b, uint16(len(s.Bones)))
	for i := range s.Bones {
		bone := &s.Bones[i]
		b = be.AppendUint32(b, uint32(bone.Unknown))
		if b, err = appendPascal(b, bone.Name, "bone.name"); err != nil {
			return nil, err
		}
		if b, err = appendPascal(b, bone.Parent, "bone.parent"); err != nil {
			return nil, err
		}
		b = append(b, boolByte(bone.HasProps))
		if bone.HasProps {
			b = be.AppendUint32(b, uint32(len(bone.Props)))
			for _, p := range bone.Props {
				if b, err = appendBEPairs(b, p); err != nil {
					return nil, err
				}
			}
		}
		for _, f := range bone.Translation {
			b = appendLEF32(b, f)
		}
		for _, f := range bone.Rotation {
			b = appendLEF32(b, f)
		}
		b = be.AppendUint32(b, uint32(bone.CanTranslate))
		b = be.AppendUint32(b, uint32(bone.CanRotate))
		b = be.AppendUint32(b, uint32(bone.CanBlend))
		b = appendLEF32(b, bone.WiggleValue)
		b = appendLEF32(b, bone.WigglePower)
	}
	return b, nil
}
