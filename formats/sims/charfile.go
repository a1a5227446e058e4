package sims

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Smallest binary encodings of character-file records
// (docs/formats/sims.md#character-files-cmx-and-bcf).
const (
	charBoneMin    = 1 + 1 + 4 + 12 + 16 + 12 + 8  // names, props count, transform, flags, wiggle
	charBone200Min = 1 + 1 + 12 + 16 + 8           // names, transform, two flags
	charSkelMin    = 1 + 4                         // name, bone count
	suitMin        = 1 + 4 + 4 + 4                 // name, type, unknown, binding count
	suit200Min     = 1 + 4                         // name, binding count
	bindingMin     = 1 + 1 + 4 + 4                 // bone, mesh, two int32
	binding200Min  = 1 + 1                         // bone, mesh
	skillMin       = 1 + 1 + 4 + 4 + 4 + 4 + 4 + 4 // names, duration … motion count
	skillMotionMin = 1 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4
	skillTimeMin   = 4 + 4 // id + pair count
)

// Character file versions: the number on a `.cmx` "version" line. The
// version tells the layouts of bones and suits apart
// (docs/formats/sims.md#versions-300-and-200); `.bcf` has no version line and the
// layout of version 300.
const (
	// Version200 is the pre-release layout of 1998: bones without props,
	// canBlend and wiggle; suits without type and flags.
	Version200 = 200
	// Version300 is the layout of the released game.
	Version300 = 300
)

// maxSkillValues bounds the floats the skills of one character file may
// hold together (3 per translation, 4 per rotation): a `.cfp` repeat code
// makes up to 65536 values from 3 bytes, so the file size alone is no
// bound. Real skills hold a few thousand each
// (docs/formats/sims.md#how-many-skills).
const maxSkillValues = 1 << 24

// MaxSkills is the most skills animview opens from one character file
// (docs/formats/sims.md#how-many-skills): every skill becomes a clip, so the
// count, not the file's size, sets what a load costs. The game's files
// hold one to a few dozen.
const MaxSkills = 1024

// ParseBCF decodes a binary The Sims 1 character file.
func ParseBCF(data []byte) (*CharacterFile, error) {
	s := newBinSource(data)
	cf := decodeCharacter(s, false)
	if err := s.err(); err != nil {
		return nil, err
	}
	if s.r.Len() != 0 {
		return nil, s.r.Fail("end", "%d bytes after the last skill", s.r.Len())
	}
	return cf, nil
}

// ParseCMX decodes a text The Sims 1 character file: version 300 (the
// game's) or 200 (its 1998 prototype). Lines before the "version" line
// (Maxis's comment) are kept in Header; blank lines after the last record
// are allowed.
func ParseCMX(data []byte) (*CharacterFile, error) {
	t := &textSource{data: data}
	header, v := t.skipToVersion()
	if t.err() == nil && v != Version200 && v != Version300 {
		t.fail("version", "version %d: the known layouts are 300 (the game) and 200 (its 1998 prototype)", v)
	}
	var cf *CharacterFile
	if t.err() == nil {
		cf = decodeCharacter(t, v == Version200)
		cf.Version = v
		cf.Header = header
	}
	if err := t.err(); err != nil {
		return nil, err
	}
	if err := t.end("skill"); err != nil {
		return nil, err
	}
	return cf, nil
}

// decodeCharacter reads the three lists; proto selects the layouts of
// version 200.
func decodeCharacter(s fieldSource, proto bool) *CharacterFile {
	cf := &CharacterFile{}
	n := s.count("skeletonCount", int64(s.i32("skeletonCount")), charSkelMin)
	cf.Skeletons = make([]Skeleton, n)
	for i := range cf.Skeletons {
		decodeCharSkeleton(s, &cf.Skeletons[i], proto)
		if s.err() != nil {
			return cf
		}
	}
	n = s.count("suitCount", int64(s.i32("suitCount")), suit200Min)
	cf.Suits = make([]Suit, n)
	for i := range cf.Suits {
		decodeSuit(s, &cf.Suits[i], proto)
		if s.err() != nil {
			return cf
		}
	}
	nSkills := int64(s.i32("skillCount"))
	if s.err() == nil && nSkills > MaxSkills {
		const msg = "%d skills are more than the %d animview opens from one character file"
		if b, ok := s.(*binSource); ok {
			// At the count, as binSource.count places its errors.
			b.r.FailAt("skillCount", b.r.Offset()-4, msg, nSkills, MaxSkills)
		} else {
			s.fail("skillCount", msg, nSkills, MaxSkills)
		}
		return cf
	}
	n = s.count("skillCount", nSkills, skillMin)
	cf.Skills = make([]Animation, n)
	var values uint64
	for i := range cf.Skills {
		decodeSkill(s, &cf.Skills[i], &values)
		if s.err() != nil {
			return cf
		}
	}
	return cf
}

// decodeCharSkeleton reads a skeleton: the bone count is an int32 (FreeSO
// reads an int16 and swallows the two zero bytes as an empty dummy bone).
// Version 200 bones have names, transform, canTranslate and canRotate only.
func decodeCharSkeleton(s fieldSource, sk *Skeleton, proto bool) {
	sk.Name = s.str("skeleton.name")
	min := charBoneMin
	if proto {
		min = charBone200Min
	}
	n := s.count("skeleton.boneCount", int64(s.i32("skeleton.boneCount")), min)
	sk.Bones = make([]SkelBone, n)
	for i := range sk.Bones {
		b := &sk.Bones[i]
		b.Name = s.str("bone.name")
		b.Parent = s.str("bone.parent")
		if !proto {
			b.HasProps = true
			np := s.count("bone.propsCount", int64(s.i32("bone.propsCount")), propMin)
			if np > 0 {
				b.Props = make([]Prop, np)
				for j := range b.Props {
					b.Props[j] = decodeCharPairs(s, "bone.pairCount", int64(s.i32("bone.pairCount")))
				}
			}
		}
		s.vec("bone.translation", b.Translation[:])
		s.vec("bone.rotation", b.Rotation[:])
		b.CanTranslate = s.i32("bone.canTranslate")
		b.CanRotate = s.i32("bone.canRotate")
		if !proto {
			b.CanBlend = s.i32("bone.canBlend")
			b.WiggleValue = s.f32("bone.wiggleValue")
			b.WigglePower = s.f32("bone.wigglePower")
		}
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

// decodeSuit reads a suit: its skins are bindings of a mesh (a `.skn`
// file's base name) to a bone. Version 200 suits have no type, no unknown
// field and no binding flags.
func decodeSuit(s fieldSource, su *Suit, proto bool) {
	su.Name = s.str("suit.name")
	if !proto {
		su.Type = s.i32("suit.type")
		su.Unknown = s.i32("suit.unknown")
	}
	min := bindingMin
	if proto {
		min = binding200Min
	}
	n := s.count("suit.bindingCount", int64(s.u32("suit.bindingCount")), min)
	su.Bindings = make([]SuitBinding, n)
	for i := range su.Bindings {
		b := &su.Bindings[i]
		b.Bone = s.str("binding.bone")
		b.Mesh = s.str("binding.mesh")
		if !proto {
			b.CensorFlags = s.i32("binding.censorFlags")
			b.Unknown = s.i32("binding.unknown")
		}
	}
}

// decodeSkill reads a skill record (docs/formats/sims.md#skills): the arrays
// are counted here
// and stored in the `.cfp` file named by XSkillName.
//
// values counts the floats of the file's skills so far, which together
// may not exceed maxSkillValues.
func decodeSkill(s fieldSource, a *Animation, values *uint64) {
	a.Name = s.str("skill.name")
	a.XSkillName = s.str("skill.xskillName")
	a.Duration = s.f32("skill.duration")
	a.Distance = s.f32("skill.distance")
	a.IsMoving = uint32(s.i32("skill.isMoving"))
	a.TranslationCount = s.u32("skill.translationCount")
	a.RotationCount = s.u32("skill.rotationCount")
	*values += 3*uint64(a.TranslationCount) + 4*uint64(a.RotationCount)
	if s.err() == nil && *values > maxSkillValues {
		s.fail("skill.rotationCount", "skill %q: %d translations and %d rotations bring the file's skills to %d floats, more than the %d they may hold together",
			a.Name, a.TranslationCount, a.RotationCount, *values, maxSkillValues)
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

// EncodeBCF writes a binary character file (the layout of version 300).
// Skills are written without their arrays (those go to `.cfp` files, see
// EncodeCFP); their counts are TranslationCount and RotationCount, or the
// array lengths when the counts are 0.
func EncodeBCF(cf *CharacterFile) ([]byte, error) {
	s := &binSink{}
	if err := encodeCharacter(s, cf, false); err != nil {
		return nil, err
	}
	return s.bytes(), nil
}

// DefaultHeader is the comment line EncodeCMX writes when a file has no
// Header of its own.
const DefaultHeader = "// Character File. Written by animview."

// EncodeCMX writes a text character file as Maxis's tools write one
// (docs/formats/sims.md#text-form): the header lines (Header, else
// DefaultHeader), "version N", then one field per line, vectors between
// bars, CRLF line ends. Version 200 writes the prototype's layout (an error
// if the file holds what that layout has no place for); 0 means 300.
func EncodeCMX(cf *CharacterFile) ([]byte, error) {
	v := cf.Version
	if v == 0 {
		v = Version300
	}
	if v != Version200 && v != Version300 {
		return nil, fmt.Errorf("version %d: the known layouts are 300 and 200", v)
	}
	s := &textSink{}
	header := cf.Header
	if len(header) == 0 {
		header = []string{DefaultHeader}
	}
	for _, h := range header {
		if strings.HasPrefix(h, "version ") {
			return nil, fmt.Errorf("header line %q would be read as the version line", h)
		}
		if err := s.str(h); err != nil {
			return nil, err
		}
	}
	s.line("version " + strconv.Itoa(int(v)))
	if err := encodeCharacter(s, cf, v == Version200); err != nil {
		return nil, err
	}
	return s.bytes(), nil
}

func encodeCharacter(s fieldSink, cf *CharacterFile, proto bool) error {
	s.i32(int32(len(cf.Skeletons)))
	for i := range cf.Skeletons {
		if err := encodeCharSkeleton(s, &cf.Skeletons[i], proto); err != nil {
			return err
		}
	}
	s.i32(int32(len(cf.Suits)))
	for i := range cf.Suits {
		su := &cf.Suits[i]
		if proto && (su.Type != 0 || su.Unknown != 0) {
			return fmt.Errorf("suit %q: version 200 has no type or unknown field", su.Name)
		}
		if err := s.str(su.Name); err != nil {
			return err
		}
		if !proto {
			s.i32(su.Type)
			s.i32(su.Unknown)
		}
		s.u32(uint32(len(su.Bindings)))
		for _, b := range su.Bindings {
			if err := strs(s, b.Bone, b.Mesh); err != nil {
				return err
			}
			if proto {
				if b.CensorFlags != 0 || b.Unknown != 0 {
					return fmt.Errorf("suit %q: version 200 bindings have no flags", su.Name)
				}
				continue
			}
			s.i32(b.CensorFlags)
			s.i32(b.Unknown)
		}
	}
	s.i32(int32(len(cf.Skills)))
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
	for _, kv := range p.Pairs {
		if err := strs(s, kv.Key, kv.Value); err != nil {
			return err
		}
	}
	return nil
}

func encodeCharSkeleton(s fieldSink, sk *Skeleton, proto bool) error {
	if err := s.str(sk.Name); err != nil {
		return err
	}
	s.i32(int32(len(sk.Bones)))
	for i := range sk.Bones {
		b := &sk.Bones[i]
		if proto && (len(b.Props) != 0 || b.CanBlend != 0 || b.WiggleValue != 0 || b.WigglePower != 0) {
			return fmt.Errorf("bone %q: version 200 bones have no props, canBlend or wiggle", b.Name)
		}
		if err := strs(s, b.Name, b.Parent); err != nil {
			return err
		}
		if !proto {
			s.i32(int32(len(b.Props)))
			for _, p := range b.Props {
				if err := encodePairs(s, p); err != nil {
					return err
				}
			}
		}
		s.vec(b.Translation[:])
		s.vec(b.Rotation[:])
		s.i32(b.CanTranslate)
		s.i32(b.CanRotate)
		if !proto {
			s.i32(b.CanBlend)
			s.f32(b.WiggleValue)
			s.f32(b.WigglePower)
		}
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
	s.u32(nt)
	s.u32(nr)
	s.u32(uint32(len(a.Motions)))
	for i := range a.Motions {
		m := &a.Motions[i]
		if err := s.str(m.BoneName); err != nil {
			return err
		}
		s.u32(m.FrameCount)
		s.f32(m.Duration)
		s.i32(int32(boolByte(m.HasTranslation)))
		s.i32(int32(boolByte(m.HasRotation)))
		s.i32(int32(m.FirstTranslation))
		s.i32(int32(m.FirstRotation))
		s.u32(uint32(len(m.Props)))
		for _, pl := range m.Props {
			if len(pl.Props) != 1 {
				return fmt.Errorf("skill %q motion %q: a skill props list holds exactly one prop, not %d", a.Name, m.BoneName, len(pl.Props))
			}
			if err := encodePairs(s, pl.Props[0]); err != nil {
				return err
			}
		}
		s.u32(uint32(len(m.TimeProps)))
		for _, tl := range m.TimeProps {
			s.u32(uint32(len(tl.Items)))
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
