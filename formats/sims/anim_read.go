package sims

import (
	"encoding/binary"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

const animFormat = "sims-anim"

// Smallest encodings, used to check counts before allocating.
const (
	animMotionMin   = 4 + 1 + 4 + 4 + 1 + 1 + 4 + 4 + 1 + 1 // unknown … hasTimeProps
	propsListMin    = 4                                     // props count
	propMin         = 4                                     // pair count
	pairMin         = 2                                     // two empty 1-byte-length strings
	timePropsMin    = 4                                     // item count
	timePropItemMin = 4 + propsListMin                      // id + props list
)

// ParseAnim decodes a TSO `.anim` file (docs/formats/sims.md#tso-anim). It
// reads exactly the
// file; bytes left over are an error, since every known file ends exactly
// where its layout does.
func ParseAnim(data []byte) (*Animation, error) {
	r := bin.NewReader(data, binary.BigEndian, animFormat)
	a := &Animation{}
	a.Version = r.U32("version")
	a.Name = readLongPascal(r, "name")
	a.Duration = r.Finite32Order("duration", binary.LittleEndian)
	a.Distance = r.Finite32Order("distance", binary.LittleEndian)
	a.IsMoving = uint32(r.U8("isMoving"))

	n := r.Count("translationCount", uint64(r.U32("translationCount")), 12)
	a.TranslationCount = uint32(n)
	a.Translations = make([]mgl32.Vec3, n)
	for i := range a.Translations {
		off := r.Offset()
		b := r.Bytes("translations", 12)
		if b == nil {
			break
		}
		for k := range a.Translations[i] {
			a.Translations[i][k] = checkFinite(r, "translations", off+4*k, leF32(b[4*k:]))
		}
	}

	n = r.Count("rotationCount", uint64(r.U32("rotationCount")), 16)
	a.RotationCount = uint32(n)
	a.Rotations = make([]FileQuat, n)
	for i := range a.Rotations {
		off := r.Offset()
		b := r.Bytes("rotations", 16)
		if b == nil {
			break
		}
		for k := range a.Rotations[i] {
			a.Rotations[i][k] = checkFinite(r, "rotations", off+4*k, leF32(b[4*k:]))
		}
	}

	n = r.Count("motionCount", uint64(r.U32("motionCount")), animMotionMin)
	a.Motions = make([]Motion, n)
	for i := range a.Motions {
		readAnimMotion(r, &a.Motions[i], a.TranslationCount, a.RotationCount)
		if r.Err() != nil {
			break
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, r.Fail("end", "%d bytes after the last motion", r.Len())
	}
	return a, nil
}

func leF32(b []byte) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b))
}

func readAnimMotion(r *bin.Reader, m *Motion, nT, nR uint32) {
	m.Unknown = r.U32("motion.unknown")
	m.BoneName = readPascal(r, "motion.boneName")
	m.FrameCount = r.U32("motion.frameCount")
	m.Duration = r.Finite32Order("motion.duration", binary.LittleEndian)
	// FreeSO treats only 1 as set; so do we.
	m.HasTranslation = r.U8("motion.hasTranslation") == 1
	m.HasRotation = r.U8("motion.hasRotation") == 1
	off := r.Offset()
	m.FirstTranslation = r.U32("motion.firstTranslationIndex")
	m.FirstRotation = r.U32("motion.firstRotationIndex")
	checkMotionRange(r, m, off, nT, nR)
	m.HasProps = r.U8("motion.hasProps") == 1
	if m.HasProps {
		n := r.Count("motion.propsListCount", uint64(r.U32("motion.propsListCount")), propsListMin)
		m.Props = make([]PropsList, n)
		for i := range m.Props {
			m.Props[i] = readAnimPropsList(r)
		}
	}
	m.HasTimeProps = r.U8("motion.hasTimeProps") == 1
	if m.HasTimeProps {
		n := r.Count("motion.timePropsListCount", uint64(r.U32("motion.timePropsListCount")), timePropsMin)
		m.TimeProps = make([]TimePropsList, n)
		for i := range m.TimeProps {
			k := r.Count("timeProps.count", uint64(r.U32("timeProps.count")), timePropItemMin)
			items := make([]TimeProp, k)
			for j := range items {
				items[j].ID = r.U32("timeProp.id")
				items[j].Props = readAnimPropsList(r)
			}
			m.TimeProps[i].Items = items
		}
	}
}

// readAnimPropsList reads a TSO property list: a count of props, each a
// count of key/value pairs.
func readAnimPropsList(r *bin.Reader) PropsList {
	n := r.Count("propsList.count", uint64(r.U32("propsList.count")), propMin)
	props := make([]Prop, n)
	for i := range props {
		props[i] = readPairs(r, readPascal)
		if r.Err() != nil {
			break
		}
	}
	return PropsList{Props: props}
}

// readPairs reads a pair count and that many key/value strings.
func readPairs(r *bin.Reader, str func(*bin.Reader, string) string) Prop {
	k := r.Count("prop.pairCount", uint64(r.U32("prop.pairCount")), pairMin)
	if k == 0 {
		return Prop{}
	}
	pairs := make([]formats.KV, k)
	for j := range pairs {
		pairs[j].Key = str(r, "prop.key")
		pairs[j].Value = str(r, "prop.value")
	}
	return Prop{Pairs: pairs}
}

// checkMotionRange checks that a motion's keys lie inside the arrays; off
// is the offset of its firstTranslationIndex field.
func checkMotionRange(r *bin.Reader, m *Motion, off int, nT, nR uint32) {
	if r.Err() != nil {
		return
	}
	if m.HasTranslation && uint64(m.FirstTranslation)+uint64(m.FrameCount) > uint64(nT) {
		r.FailAt("motion.firstTranslationIndex", off, "bone %q: %d frames from translation %d pass the %d translations",
			m.BoneName, m.FrameCount, m.FirstTranslation, nT)
	}
	if m.HasRotation && uint64(m.FirstRotation)+uint64(m.FrameCount) > uint64(nR) {
		r.FailAt("motion.firstRotationIndex", off+4, "bone %q: %d frames from rotation %d pass the %d rotations",
			m.BoneName, m.FrameCount, m.FirstRotation, nR)
	}
}
