package sims

import (
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Smallest binary encodings of character-file records
// (docs/formats/sims.md#character-files-cmx-and-bcf).
const (
	charBoneMin    = 1 + 1 + 4 + 12 + 16 + 12 + 8  // names, props count, transform, flags, wiggle
	charSkelMin    = 1 + 4                         // name, bone count
	suitMin        = 1 + 4 + 4 + 4                 // name, type, unknown, binding count
	bindingMin     = 1 + 1 + 4 + 4                 // bone, mesh, two int32
	skillMin       = 1 + 1 + 4 + 4 + 4 + 4 + 4 + 4 // names, duration … motion count
	skillMotionMin = 1 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4
	skillTimeMin   = 4 + 4 // id + pair count
)

// maxSkillValues bounds the floats a skill's `.cfp` may hold (3 per
// translation, 4 per rotation): a `.cfp` repeat code makes up to 65536
// values from 3 bytes, so the file size alone is no bound. Real skills hold
// a few thousand.
const maxSkillValues = 1 << 24

// DecodeBCF decodes a binary The Sims 1 character file.
func DecodeBCF(data []byte) (*CharacterFile, error) {
	s := newBinSource(data)
	cf := decodeCharacter(s)
	if err := s.err(); err != nil {
		return nil, err
	}
	if s.r.Len() != 0 {
		return nil, s.r.Fail("end", "%d bytes after the last skill", s.r.Len())
	}
	return cf, nil
}

// DecodeCMX decodes a text The Sims 1 character file. Lines before the
// "version" line (comments) are skipped; blank lines after the last record
// are allowed.
func DecodeCMX(data []byte) (*CharacterFile, error) {
	t := &textSource{data: data}
	v := t.skipToVersion()
	var cf *CharacterFile
	if t.err() == nil {
		cf = decodeCharacter(t)
		cf.Version = v
	}
	if err := t.err(); err != nil {
		return nil, err
	}
	for {
		l, ok := t.readLine()
		if !ok {
			break
		}
		if l != "" {
			return nil, formats.LineErrorf(cmxFormat, "end", t.line, "text after the last skill: %q", l)
		}
	}
	if len(t.toks) != 0 {
		return nil, formats.LineErrorf(cmxFormat, "end", t.line, "numbers after the last skill: %q", t.toks)
	}
	return cf, nil
}

func decodeCharacter(s fieldSource) *CharacterFile {
	cf := &CharacterFile{}
	n := s.count("skeletonCount", int64(s.i32("skeletonCount")), charSkelMin)
	cf.Skeletons = make([]Skeleton, n)
	for i := range cf.Skeletons {
		decodeCharSkeleton(s, &cf.Skeletons[i])
		if s.err() != nil {
			return cf
		}
	}
	n = s.count("suitCount", int64(s.i32("suitCount")), suitMin)
	cf.Suits = make([]Suit, n)
	for i := range cf.Suits {
		decodeSuit(s, &cf.Suits[i])
		if s.err() != nil {
			return cf
		}
	}
	n = s.count("skillCount", int64(s.i32("skillCount")), skillMin)
	cf.Skills = make([]Animation, n)
	for i := range cf.Skills {
		decodeSkill(s, &cf.Skills[i])
		if s.err() != nil {
			return cf
		}
	}
	return cf
}

// decodeCharSkeleton reads a skeleton: the bone count is an int32 (FreeSO
// reads an int16 and swallows the two zero bytes as an empty dummy bone).
func decodeCharSkeleton(s fieldSource, sk *Skeleton) {
	sk.Name = s.str("skeleton.name")
	n := s.count("skeleton.boneCount", int64(s.i32("skeleton.boneCount")), charBoneMin)
	sk.Bones = make([]SkelBone, n)
	for i := range sk.Bones {
		b := &sk.Bones[i]
		b.Name = s.str("bone.name")
		b.Parent = s.str("bone.parent")
		b.HasProps = true
		np := s.count("bone.propsCount", int64(s.i32("bone.propsCount")), propMin)
		if np > 0 {
			b.Props = make([]Prop, np)
			for j := range b.Props {
				b.Props[j] = decodeCharPairs(s, "bone.pairCount", int64(s.i32("bone.pairCount")))
			}
		}
		b.Translation = mgl32.Vec3{s.f32("bone.translation"), s.f32("bone.translation"), s.f32("bone.translation")}
		b.Rotation = FileQuat{s.f32("bone.rotation"), s.f32("bone.rotation"), s.f32("bone.rotation"), s.f32("bone.rotation")}
		b.CanTranslate = s.i32("bone.canTranslate")
		b.CanRotate = s.i32("bone.canRotate")
		b.CanBlend = s.i32("bone.canBlend")
		b.WiggleValue = s.f32("bone.wiggleValue")
		b.WigglePower = s.f32("bone.wigglePower")
		if s.err() != nil {
			return
		}
	}
}

func decodeCharPairs(s fieldSource, field string, n int64) Prop {
	k := s.count(field, n, pairMin)
	if k == 0 {
		return Prop{}
	}
	pairs := make([]formats.KV, k)
	for i := range pairs {
		pairs[i].Key = s.str("prop.key")
		pairs[i].Value = s.str("prop.value")
	}
	return Prop{Pairs: pairs}
}

func decodeSuit(s fieldSource, su *Suit) {
	su.Name = s.str("suit.name")
	su.Type = s.i32("suit.type")
	su.Unknown = s.i32("suit.unknown")
	n := s.count("suit.bindingCount", int64(s.u32("suit.bindingCount")), bindingMin)
	su.Bindings = make([]SuitBinding, n)
	for i := range su.Bindings {
		b := &su.Bindings[i]
		b.Bone = s.str("binding.bone")
		b.Mesh = s.str("binding.mesh")
		b.CensorFlags = s.i32("binding.censorFlags")
		b.Unknown = s.i32("binding.unknown")
	}
}

// decodeSkill reads a skill record (docs/formats/sims.md#skills): the arrays
// are counted here
// and stored in the `.cfp` file named by XSkillName.
func decodeSkill(s fieldSource, a *Animation) {
	a.Name = s.str("skill.name")
	a.XSkillName = s.str("skill.xskillName")
	a.Duration = s.f32("skill.duration")
	a.Distance = s.f32("skill.distance")
	a.IsMoving = uint32(s.i32("skill.isMoving"))
	a.TranslationCount = s.u32("skill.translationCount")
	a.RotationCount = s.u32("skill.rotationCount")
	if s.err() == nil && 3*uint64(a.TranslationCount)+4*uint64(a.RotationCount) > maxSkillValues {
		s.fail("skill.rotationCount", "%d translations and %d rotations are more than the %d floats a skill may hold",
			a.TranslationCount, a.RotationCount, maxSkillValues)
		return
	}
	n := s.count("skill.motionCount", int64(s.u32("skill.motionCount")), skillMotionMin)
	a.Motions = make([]Motion, n)
	for i := range a.Motions {
		m := &a.Motions[i]
		m.BoneName = s.str("motion.boneName")
		m.FrameCount = s.u32("motion.frameCount")
		m.Duration = s.f32("motion.duration")
		m.HasTranslation = s.i32("motion.hasTranslation") == 1
		m.HasRotation = s.i32("motion.hasRotation") == 1
		m.FirstTranslation = s.u32("motion.firstTranslationIndex")
		m.FirstRotation = s.u32("motion.firstRotationIndex")
		if s.err() == nil {
			if m.HasTranslation && uint64(m.FirstTranslation)+uint64(m.FrameCount) > uint64(a.TranslationCount) {
				s.fail("motion.firstTranslationIndex", "bone %q: %d frames from translation %d pass the %d translations",
					m.BoneName, m.FrameCount, m.FirstTranslation, a.TranslationCount)
			}
			if m.HasRotation && uint64(m.FirstRotation)+uint64(m.FrameCount) > uint64(a.RotationCount) {
				s.fail("motion.firstRotationIndex", "bone %q: %d frames from rotation %d pass the %d rotations",
					m.BoneName, m.FrameCount, m.FirstRotation, a.RotationCount)
			}
		}
		// Skills always have both lists, and every props list holds one prop.
		m.HasProps, m.HasTimeProps = true, true
		np := s.count("motion.propsCount", int64(s.u32("motion.propsCount")), propMin)
		m.Props = make([]PropsList, np)
		for j := range m.Props {
			m.Props[j] = PropsList{Props: []Prop{decodeCharPairs(s, "prop.pairCount", int64(s.u32("prop.pairCount")))}}
		}
		nt := s.count("motion.timePropsCount", int64(s.u32("motion.timePropsCount")), timePropsMin)
		m.TimeProps = make([]TimePropsList, nt)
		for j := range m.TimeProps {
			k := s.count("timeProps.count", int64(s.u32("timeProps.count")), skillTimeMin)
			items := make([]TimeProp, k)
			for x := range items {
				items[x].ID = s.u32("timeProp.id")
				items[x].Props = PropsList{Props: []Prop{decodeCharPairs(s, "prop.pairCount", int64(s.u32("prop.pairCount")))}}
			}
			m.TimeProps[j].Items = items
		}
		if s.err() != nil {
			return
		}
	}
}

// EncodeBCF writes a binary character file. Skills are written without
// their arrays (those go to `.cfp` files, see EncodeCFP); their counts are
// TranslationCount and RotationCount, or the array lengths when the counts
// are 0.
func EncodeBCF(cf *CharacterFile) ([]byte, error) {
	s := &binSink{}
	if err := encodeCharacter(s, cf); err != nil {
		return nil, err
	}
	return s.bytes(), nil
}

// EncodeCMX writes a text character file, starting with a comment line and
// the "version" line.
func EncodeCMX(cf *CharacterFile) ([]byte, error) {
	s := &textSink{}
	s.b = fmt.Appendf(s.b, "// Character File. Written by animview.\nversion %d\n", cf.Version)
	if err := encodeCharacter(s, cf); err != nil {
		return nil, err
	}
	return s.bytes(), nil
}

func encodeCharacter(s fieldSink, cf *CharacterFile) error {
	s.i32(int32(len(cf.Skeletons)))
	s.endLine()
	for i := range cf.Skeletons {
		if err := encodeCharSkeleton(s, &cf.Skeletons[i]); err != nil {
			return err
		}
	}
	s.i32(int32(len(cf.Suits)))
	s.endLine()
	for i := range cf.Suits {
		su := &cf.Suits[i]
		if err := s.str(su.Name); err != nil {
			return err
		}
		s.i32(su.Type)
		s.i32(su.Unknown)
		s.u32(uint32(len(su.Bindings)))
		s.endLine()
		for _, b := range su.Bindings {
			if err := strs(s, b.Bone, b.Mesh); err != nil {
				return err
			}
			s.i32(b.CensorFlags)
			s.i32(b.Unknown)
			s.endLine()
		}
	}
	s.i32(int32(len(cf.Skills)))
	s.endLine()
	for i := range cf.Skills {
		if err := encodeSkill(s, &cf.Skills[i]); err != nil {
			return err
		}
	}
	return nil
}

func strs(s fieldSink, v ...string) error {
	for _, x := range v {
		if err := s.str(x); err != nil {
			return err
		}
	}
	return nil
}

func encodePairs(s fieldSink, p Prop) error {
	s.u32(uint32(len(p.Pairs)))
	s.endLine()
	for _, kv := range p.Pairs {
		if err := strs(s, kv.Key, kv.Value); err != nil {
			return err
		}
	}
	return nil
}

func encodeCharSkeleton(s fieldSink, sk *Skeleton) error {
	if err := s.str(sk.Name); err != nil {
		return err
	}
	s.i32(int32(len(sk.Bones)))
	s.endLine()
	for i := range sk.Bones {
		b := &sk.Bones[i]
		if err := strs(s, b.Name, b.Parent); err != nil {
			return err
		}
		s.i32(int32(len(b.Props)))
		s.endLine()
		for _, p := range b.Props {
			if err := encodePairs(s, p); err != nil {
				return err
			}
		}
		for _, f := range b.Translation {
			s.f32(f)
		}
		s.endLine()
		for _, f := range b.Rotation {
			s.f32(f)
		}
		s.endLine()
		s.i32(b.CanTranslate)
		s.i32(b.CanRotate)
		s.i32(b.CanBlend)
		s.endLine()
		s.f32(b.WiggleValue)
		s.f32(b.WigglePower)
		s.endLine()
	}
	return nil
}

func encodeSkill(s fieldSink, a *Animation) error {
	if err := strs(s, a.Name, a.XSkillName); err != nil {
		return err
	}
	nt, nr := a.TranslationCount, a.RotationCount
	if nt == 0 {
		nt = uint32(len(a.Translations))
	}
	if nr == 0 {
		nr = uint32(len(a.Rotations))
	}
	s.f32(a.Duration)
	s.f32(a.Distance)
	s.i32(int32(a.IsMoving))
	s.endLine()
	s.u32(nt)
	s.u32(nr)
	s.endLine()
	s.u32(uint32(len(a.Motions)))
	s.endLine()
	for i := range a.Motions {
		m := &a.Motions[i]
		if err := s.str(m.BoneName); err != nil {
			return err
		}
		s.u32(m.FrameCount)
		s.f32(m.Duration)
		s.endLine()
		s.i32(int32(boolByte(m.HasTranslation)))
		s.i32(int32(boolByte(m.HasRotation)))
		s.u32(m.FirstTranslation)
		s.u32(m.FirstRotation)
		s.endLine()
		s.u32(uint32(len(m.Props)))
		s.endLine()
		for _, pl := range m.Props {
			if len(pl.Props) != 1 {
				return fmt.Errorf("skill %q motion %q: a skill props list holds exactly one prop, not %d", a.Name, m.BoneName, len(pl.Props))
			}
			if err := encodePairs(s, pl.Props[0]); err != nil {
				return err
			}
		}
		s.u32(uint32(len(m.TimeProps)))
		s.endLine()
		for _, tl := range m.TimeProps {
			s.u32(uint32(len(tl.Items)))
			s.endLine()
			for _, it := range tl.Items {
				if len(it.Props.Props) != 1 {
					return fmt.Errorf("skill %q motion %q: a skill time prop holds exactly one prop, not %d", a.Name, m.BoneName, len(it.Props.Props))
				}
				s.u32(it.ID)
				if err := encodePairs(s, it.Props.Props[0]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
