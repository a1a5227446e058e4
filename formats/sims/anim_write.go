package sims

import (
	"encoding/binary"
	"fmt"
	"math"
)

// EncodeAnim writes a TSO `.anim` file (docs/formats/sims.md#tso-anim):
// big-endian integers,
// little-endian floats. The arrays written are Translations and Rotations;
// TranslationCount and RotationCount are ignored.
func EncodeAnim(a *Animation) ([]byte, error) {
	be := binary.BigEndian
	b := make([]byte, 0, 64+12*len(a.Translations)+16*len(a.Rotations)+64*len(a.Motions))
	b = be.AppendUint32(b, a.Version)
	b, err := appendLongPascal(b, a.Name, "name")
	if err != nil {
		return nil, err
	}
	b = appendLEF32(b, a.Duration)
	b = appendLEF32(b, a.Distance)
	if a.IsMoving > 0xFF {
		return nil, fmt.Errorf("isMoving %d does not fit a byte", a.IsMoving)
	}
	b = append(b, byte(a.IsMoving))
	b = be.AppendUint32(b, uint32(len(a.Translations)))
	for _, t := range a.Translations {
		b = appendLEF32(b, t[0])
		b = appendLEF32(b, t[1])
		b = appendLEF32(b, t[2])
	}
	b = be.AppendUint32(b, uint32(len(a.Rotations)))
	for _, q := range a.Rotations {
		for _, c := range q {
			b = appendLEF32(b, c)
		}
	}
	b = be.AppendUint32(b, uint32(len(a.Motions)))
	for i := range a.Motions {
		m := &a.Motions[i]
		b = be.AppendUint32(b, m.Unknown)
		if b, err = appendPascal(b, m.BoneName, "motion.boneName"); err != nil {
			return nil, err
		}
		b = be.AppendUint32(b, m.FrameCount)
		b = appendLEF32(b, m.Duration)
		b = append(b, boolByte(m.HasTranslation), boolByte(m.HasRotation))
		b = be.AppendUint32(b, m.FirstTranslation)
		b = be.AppendUint32(b, m.FirstRotation)
		b = append(b, boolByte(m.HasProps))
		if m.HasProps {
			b = be.AppendUint32(b, uint32(len(m.Props)))
			for _, pl := range m.Props {
				if b, err = appendAnimPropsList(b, pl); err != nil {
					return nil, err
				}
			}
		}
		b = append(b, boolByte(m.HasTimeProps))
		if m.HasTimeProps {
			b = be.AppendUint32(b, uint32(len(m.TimeProps)))
			for _, tl := range m.TimeProps {
				b = be.AppendUint32(b, uint32(len(tl.Items)))
				for _, it := range tl.Items {
					b = be.AppendUint32(b, it.ID)
					if b, err = appendAnimPropsList(b, it.Props); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return b, nil
}

func appendAnimPropsList(b []byte, pl PropsList) ([]byte, error) {
	be := binary.BigEndian
	b = be.AppendUint32(b, uint32(len(pl.Props)))
	for _, p := range pl.Props {
		var err error
		if b, err = appendBEPairs(b, p); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// appendBEPairs appends a big-endian pair count and the pairs.
func appendBEPairs(b []byte, p Prop) ([]byte, error) {
	b = binary.BigEndian.AppendUint32(b, uint32(len(p.Pairs)))
	for _, kv := range p.Pairs {
		var err error
		if b, err = appendPascal(b, kv.Key, "prop.key"); err != nil {
			return nil, err
		}
		if b, err = appendPascal(b, kv.Value, "prop.value"); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func appendLEF32(b []byte, f float32) []byte {
	return binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
