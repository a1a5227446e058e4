package prime

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// fmtANCS names the ANCS format in errors.
const fmtANCS = "prime ANCS"

// ANCS is a character set and the animation set its characters share
// (docs/formats/metroid-prime.md#ancs-character-sets; MP1 CCharacterSet and
// CAnimationSet, Echoes CCharacterInfo).
type ANCS struct {
	// Game is MP2 when a character has version 10 or more (or the caller
	// said so); it decides the effect bone field and the set's last table.
	Game Game
	// Version is the file's u16 version (1).
	Version uint16
	// SetVersion is the character set's u16 version (1).
	SetVersion uint16
	Characters []ANCSCharacter
	Anims      ANCSAnimSet
	// Trailing are the bytes after the data (PAK padding, 0xFF).
	Trailing []byte
}

// ANCSCharacter is one character (CCharacterInfo). Which fields exist
// depends on Version, as the games' constructors test it (MP1
// CCharacterInfo::CCharacterInfo, Echoes CCharacterInfo.cpp).
type ANCSCharacter struct {
	// ID is the u32 the character set stores before the record.
	ID      uint32
	Version uint16
	Name    string
	// Model (CMDL), Skin (CSKR) and Skeleton (CINF) are resource ids.
	Model, Skin, Skeleton uint32
	AnimNames             []ANCSAnimName
	PAS                   PASDatabase
	Particles             ParticleResources
	// DefaultAnim is the u32 after the particle block (Echoes:
	// mDefaultAnimation; "unknown" in the wiki).
	DefaultAnim uint32
	// AABBs are per-animation bounds by name (version > 1).
	AABBs []NamedAABB
	// Effects are the attached effects (version > 2).
	Effects []ANCSEffect
	// FrozenModel and FrozenSkin are the overlay CMDL and CSKR (version > 3).
	FrozenModel, FrozenSkin uint32
	// AnimIDMap maps character animation ids to animation-set indices
	// (version > 4; CAnimData::SetAnimation indexes it).
	AnimIDMap []uint32
	// SpatialPrims is the CSPP id (version > 6).
	SpatialPrims uint32
	// AnimatedScale is Echoes' mAnimatedScale byte (version > 7).
	AnimatedScale uint8
	// IndexedAABBs are bounds by animation id (version > 9).
	IndexedAABBs []IndexedAABB
}

// ANCSAnimName names one of a character's animations.
type ANCSAnimName struct {
	// ID is the character's animation id (through AnimIDMap when the
	// character has one).
	ID uint32
	// Unused is the always-empty string of versions below 10.
	Unused string
	Name   string
}

// PASDatabase is a character's animation-state database (CPASDatabase):
// magic "PAS4", the default state and the states.
type PASDatabase struct {
	Magic        [4]byte
	DefaultState int32
	States       []PASState
}

// PASState is one animation state (CPASAnimState).
type PASState struct {
	ID    int32
	Parms []PASParmInfo
	Anims []PASAnimInfo
}

// PAS parameter types (CPASAnimParm::EParmType).
const (
	PASInt32  = 0
	PASUInt32 = 1
	PASFloat  = 2
	PASBool   = 3
	PASEnum   = 4
)

// PASParmInfo describes one parameter of a state (CPASParmInfo). A value is
// 4 bytes for every type but Bool, which is 1; other types have no min and
// max (the game reads none).
type PASParmInfo struct {
	Type           uint32
	WeightFunction uint32
	Weight         float32
	Min, Max       uint32
}

// PASAnimInfo is an animation of a state with one value per parameter.
type PASAnimInfo struct {
	ID     int32
	Values []uint32
}

// ParticleResources are the particle id lists (CParticleResData): PART,
// SWHC and a third list always; ELSC from version 6; SPSC and SRSC from
// version 9.
type ParticleResources struct {
	PART, SWHC, Third, ELSC, SPSC, SRSC []uint32
}

// AABox is an axis-aligned box, min then max.
type AABox struct {
	Min, Max mgl32.Vec3
}

// NamedAABB is an animation's bounds by name.
type NamedAABB struct {
	Name string
	Box  AABox
}

// IndexedAABB is an animation's bounds by id.
type IndexedAABB struct {
	ID  uint32
	Box AABox
}

// ANCSEffect is a named list of effect components.
type ANCSEffect struct {
	Name       string
	Components []EffectComponent
}

// EffectComponent attaches a particle to a bone (CEffectComponent): MP1
// names the bone, MP2 gives its id.
type EffectComponent struct {
	Name       string
	Type       [4]byte
	ID         uint32
	Bone       string
	BoneID     uint32
	Scale      float32
	ParentMode uint32
	Flags      uint32
}

// ANCSAnimSet is the animation set (CAnimationSet). TableCount says which
// tables follow the default transition.
type ANCSAnimSet struct {
	TableCount  uint16
	Animations  []ANCSAnimation
	Transitions []ANCSTransition
	Default     ANCSMetaTrans
	// Additive and the default fades exist when TableCount > 1.
	Additive                      []ANCSAdditive
	DefaultFadeIn, DefaultFadeOut float32
	HalfTransitions               []ANCSHalfTransition
	Resources                     []ANCSAnimResource
	EventSets                     []*EVNT
}

// ANCSAnimation is a named meta-animation.
type ANCSAnimation struct {
	Name string
	Tree *ANCSMetaAnim
}

// Meta-animation node kinds (CMetaAnimFactory::CreateMetaAnim).
const (
	MetaAnimPlay       = 0
	MetaAnimBlend      = 1
	MetaAnimPhaseBlend = 2
	MetaAnimRandom     = 3
	MetaAnimSequence   = 4
)

// ANCSMetaAnim is a meta-animation node as stored: a u32 kind and its
// fields. Blend and PhaseBlend have exactly two Children; Random has one
// Probability per child (cumulative percent thresholds).
type ANCSMetaAnim struct {
	Kind uint32
	// Play.
	AnimID uint32
	Prim   uint32
	Name   string
	Start  CharAnimTime
	// Blend and PhaseBlend.
	Weight float32
	Flag   uint8
	// Blend, PhaseBlend, Random and Sequence.
	Children      []*ANCSMetaAnim
	Probabilities []uint32
}

// Meta-transition kinds (CMetaTransFactory::CreateMetaTrans).
const (
	MetaTransAnimKind  = 0
	MetaTransTransKind = 1
	MetaTransPhaseKind = 2
	MetaTransSnapKind  = 3
)

// ANCSMetaTrans is a meta-transition: Anim for kind 0; Duration, Unused,
// RunA and Flags for kinds 1 and 2; nothing for 3.
type ANCSMetaTrans struct {
	Kind     uint32
	Anim     *ANCSMetaAnim
	Duration CharAnimTime
	Unused   uint8
	RunA     uint8
	Flags    uint32
}

// ANCSTransition is a row of the transition table.
type ANCSTransition struct {
	ID       uint32
	From, To uint32
	Trans    ANCSMetaTrans
}

// ANCSHalfTransition is a transition keyed by its destination.
type ANCSHalfTransition struct {
	To    uint32
	Trans ANCSMetaTrans
}

// ANCSAdditive is an additive animation with its fades.
type ANCSAdditive struct {
	Anim            uint32
	FadeIn, FadeOut float32
}

// ANCSAnimResource is an MP1 (ANIM, EVNT) id pair.
type ANCSAnimResource struct {
	Anim, Event uint32
}

// maxMetaDepth bounds meta-animation and meta-transition nesting. The
// games' trees are a few levels deep; the bound keeps a hostile file from
// exhausting the stack.
const maxMetaDepth = 64

// Minimum sizes, for Count before allocating: a meta-animation is at least
// its kind and a count (an empty Random or Sequence).
const (
	minMetaAnim   = 8
	minMetaTrans  = 4
	minCharacter  = 4 + 2 + 1 + 12 + 4 + 12 + 12 + 4
	minAnimation  = 1 + minMetaAnim
	minTransition = 12 + minMetaTrans
	minAABB       = 1 + 24
	minEffect     = 1 + 4
	minComponent  = 1 + 4 + 4 + 4 + 4 + 4 + 4
	minPASState   = 12
	minParm       = 12
)

// ParseANCS decodes an ANCS. With GameAuto the game is MP2 when the first
// character's version is 10 or more, else MP1 (PWE's CharVersion == 0xA
// test); a set without characters is read as MP1 unless told otherwise.
func ParseANCS(data []byte, game Game) (*ANCS, error) {
	if game == GameAuto {
		game = MP1
		// Version, set version, count, then the first character's id
		// and version.
		if len(data) >= 14 && binary.BigEndian.Uint32(data[4:]) > 0 &&
			binary.BigEndian.Uint16(data[12:]) >= 10 {
			game = MP2
		}
	}
	r := bin.NewReader(data, binary.BigEndian, fmtANCS)
	a := &ANCS{Game: game}
	a.Version = r.U16("version")
	a.SetVersion = r.U16("character set version")
	n := r.Count("character count", uint64(r.U32("character count")), minCharacter)
	if err := r.Err(); err != nil {
		return nil, err
	}
	a.Characters = make([]ANCSCharacter, n)
	for i := range a.Characters {
		c := &a.Characters[i]
		readCharacter(r, game, c)
		if r.Err() != nil {
			prefixField(r, fmt.Sprintf("character %d %q", i, c.Name))
			return nil, r.Err()
		}
	}
	readAnimSet(r, game, &a.Anims)
	if err := r.Err(); err != nil {
		return nil, err
	}
	a.Trailing = r.Bytes("padding", r.Len())
	return a, nil
}

func readIDs(r *bin.Reader, field string) []uint32 {
	n := r.Count(field+" count", uint64(r.U32(field+" count")), 4)
	if r.Err() != nil {
		return nil
	}
	ids := make([]uint32, n)
	for i := range ids {
		ids[i] = r.U32(field)
	}
	return ids
}

func readBox(r *bin.Reader, field string) AABox {
	var b AABox
	for i := 0; i < 3; i++ {
		b.Min[i] = r.Finite32(field)
	}
	for i := 0; i < 3; i++ {
		b.Max[i] = r.Finite32(field)
	}
	return b
}

func readCharacter(r *bin.Reader, game Game, c *ANCSCharacter) {
	c.ID = r.U32("id")
	c.Version = r.U16("version")
	c.Name = readString(r, "name")
	c.Model = r.U32("model")
	c.Skin = r.U32("skin")
	c.Skeleton = r.U32("skeleton")
	minName := 1 + 4
	if c.Version < 10 {
		minName++
	}
	n := r.Count("animation name count", uint64(r.U32("animation name count")), minName)
	if r.Err() != nil {
		return
	}
	c.AnimNames = make([]ANCSAnimName, n)
	for i := range c.AnimNames {
		an := &c.AnimNames[i]
		an.ID = r.U32("animation id")
		if c.Version < 10 {
			an.Unused = readString(r, "animation name (unused)")
		}
		an.Name = readString(r, "animation name")
	}
	readPAS(r, &c.PAS)
	p := &c.Particles
	p.PART = readIDs(r, "PART")
	p.SWHC = readIDs(r, "SWHC")
	p.Third = readIDs(r, "third particle list")
	if c.Version > 5 {
		p.ELSC = readIDs(r, "ELSC")
	}
	if c.Version > 8 {
		p.SPSC = readIDs(r, "SPSC")
		p.SRSC = readIDs(r, "SRSC")
	}
	c.DefaultAnim = r.U32("default animation")
	if c.Version > 1 {
		n := r.Count("AABB count", uint64(r.U32("AABB count")), minAABB)
		if r.Err() != nil {
			return
		}
		c.AABBs = make([]NamedAABB, n)
		for i := range c.AABBs {
			c.AABBs[i].Name = readString(r, "AABB name")
			c.AABBs[i].Box = readBox(r, "AABB")
		}
	}
	if c.Version > 2 {
		n := r.Count("effect count", uint64(r.U32("effect count")), minEffect)
		if r.Err() != nil {
			return
		}
		c.Effects = make([]ANCSEffect, n)
		for i := range c.Effects {
			readEffect(r, game, &c.Effects[i])
		}
	}
	if c.Version > 3 {
		c.FrozenModel = r.U32("frozen model")
		c.FrozenSkin = r.U32("frozen skin")
	}
	if c.Version > 4 {
		c.AnimIDMap = readIDs(r, "animation id map")
	}
	if c.Version > 6 {
		c.SpatialPrims = r.U32("spatial primitives")
	}
	if c.Version > 7 {
		c.AnimatedScale = r.U8("animated scale")
	}
	if c.Version > 9 {
		n := r.Count("indexed AABB count", uint64(r.U32("indexed AABB count")), 28)
		if r.Err() != nil {
			return
		}
		c.IndexedAABBs = make([]IndexedAABB, n)
		for i := range c.IndexedAABBs {
			c.IndexedAABBs[i].ID = r.U32("indexed AABB id")
			c.IndexedAABBs[i].Box = readBox(r, "indexed AABB")
		}
	}
}

func readEffect(r *bin.Reader, game Game, e *ANCSEffect) {
	e.Name = readString(r, "effect name")
	n := r.Count("effect component count", uint64(r.U32("effect component count")), minComponent)
	if r.Err() != nil {
		return
	}
	e.Components = make([]EffectComponent, n)
	for i := range e.Components {
		c := &e.Components[i]
		c.Name = readString(r, "component name")
		copy(c.Type[:], r.Bytes("component particle type", 4))
		c.ID = r.U32("component particle id")
		if game == MP2 {
			c.BoneID = r.U32("component bone id")
		} else {
			c.Bone = readString(r, "component bone name")
		}
		c.Scale = r.Finite32("component scale")
		c.ParentMode = r.U32("component parent mode")
		c.Flags = r.U32("component flags")
	}
}

// pasValueSize is a parameter value's size: CPASParmInfo reads a bool as
// one byte and Int32, UInt32, Float and Enum as four; any other type has no
// value.
func pasValueSize(t uint32) int {
	switch t {
	case PASInt32, PASUInt32, PASFloat, PASEnum:
		return 4
	case PASBool:
		return 1
	}
	return 0
}

func readPASValue(r *bin.Reader, t uint32, field string) uint32 {
	switch pasValueSize(t) {
	case 4:
		return r.U32(field)
	case 1:
		return uint32(r.U8(field))
	}
	return 0
}

func readPAS(r *bin.Reader, p *PASDatabase) {
	off := r.Offset()
	copy(p.Magic[:], r.Bytes("PAS magic", 4))
	if r.Err() == nil && string(p.Magic[:]) != "PAS4" {
		r.FailAt("PAS magic", off, "%q is not PAS4", p.Magic[:])
		return
	}
	n := r.Count("PAS state count", uint64(r.U32("PAS state count")), minPASState)
	p.DefaultState = r.I32("PAS default state")
	if r.Err() != nil {
		return
	}
	p.States = make([]PASState, n)
	for i := range p.States {
		s := &p.States[i]
		s.ID = r.I32("PAS state id")
		np := r.U32("PAS parameter count")
		na := r.U32("PAS animation count")
		// CPASAnimState keeps the values in an 8-entry reserved_vector.
		if r.Err() == nil && np > 8 {
			r.FailAt("PAS parameter count", r.Offset()-8, "%d parameters; the game holds 8", np)
		}
		nParm := r.Count("PAS parameter count", uint64(np), minParm)
		if r.Err() != nil {
			return
		}
		s.Parms = make([]PASParmInfo, nParm)
		rowSize := 4
		for j := range s.Parms {
			pi := &s.Parms[j]
			pi.Type = r.U32("PAS parameter type")
			pi.WeightFunction = r.U32("PAS weight function")
			pi.Weight = r.Finite32("PAS weight")
			pi.Min = readPASValue(r, pi.Type, "PAS parameter min")
			pi.Max = readPASValue(r, pi.Type, "PAS parameter max")
			rowSize += pasValueSize(pi.Type)
		}
		nAnim := r.Count("PAS animation count", uint64(na), rowSize)
		if r.Err() != nil {
			return
		}
		s.Anims = make([]PASAnimInfo, nAnim)
		for j := range s.Anims {
			ai := &s.Anims[j]
			ai.ID = r.I32("PAS animation id")
			// The decompiled CPASAnimState indexes the parameter infos
			// by the animation's index (x4_parms[i]); the value that
			// matches the parameter is the j-th info's type, which is
			// what metaforce and RDS read and what round-trips real
			// files.
			ai.Values = make([]uint32, len(s.Parms))
			for k := range s.Parms {
				ai.Values[k] = readPASValue(r, s.Parms[k].Type, "PAS animation value")
			}
		}
	}
}

func readAnimSet(r *bin.Reader, game Game, s *ANCSAnimSet) {
	s.TableCount = r.U16("table count")
	n := r.Count("animation count", uint64(r.U32("animation count")), minAnimation)
	if r.Err() != nil {
		return
	}
	s.Animations = make([]ANCSAnimation, n)
	for i := range s.Animations {
		an := &s.Animations[i]
		an.Name = readString(r, "animation name")
		an.Tree = readMetaAnim(r, 0)
		if r.Err() != nil {
			prefixField(r, fmt.Sprintf("animation %d %q", i, an.Name))
			return
		}
	}
	n = r.Count("transition count", uint64(r.U32("transition count")), minTransition)
	if r.Err() != nil {
		return
	}
	s.Transitions = make([]ANCSTransition, n)
	for i := range s.Transitions {
		t := &s.Transitions[i]
		t.ID = r.U32("transition id")
		t.From = r.U32("transition from")
		t.To = r.U32("transition to")
		t.Trans = readMetaTrans(r, 0)
		if r.Err() != nil {
			prefixField(r, "transition "+strconv.Itoa(i))
			return
		}
	}
	s.Default = readMetaTrans(r, 0)
	if r.Err() != nil {
		prefixField(r, "default transition")
		return
	}
	if s.TableCount > 1 {
		n := r.Count("additive count", uint64(r.U32("additive count")), 12)
		if r.Err() != nil {
			return
		}
		s.Additive = make([]ANCSAdditive, n)
		for i := range s.Additive {
			s.Additive[i] = ANCSAdditive{Anim: r.U32("additive animation"),
				FadeIn: r.Finite32("additive fade in"), FadeOut: r.Finite32("additive fade out")}
		}
		s.DefaultFadeIn = r.Finite32("default additive fade in")
		s.DefaultFadeOut = r.Finite32("default additive fade out")
	}
	if s.TableCount > 2 {
		n := r.Count("half transition count", uint64(r.U32("half transition count")), 4+minMetaTrans)
		if r.Err() != nil {
			return
		}
		s.HalfTransitions = make([]ANCSHalfTransition, n)
		for i := range s.HalfTransitions {
			h := &s.HalfTransitions[i]
			h.To = r.U32("half transition to")
			h.Trans = readMetaTrans(r, 0)
			if r.Err() != nil {
				prefixField(r, "half transition "+strconv.Itoa(i))
				return
			}
		}
	}
	if s.TableCount > 3 {
		if game == MP2 {
			readEventSets(r, s)
			return
		}
		n := r.Count("animation resource count", uint64(r.U32("animation resource count")), 8)
		if r.Err() != nil {
			return
		}
		s.Resources = make([]ANCSAnimResource, n)
		for i := range s.Resources {
			s.Resources[i] = ANCSAnimResource{Anim: r.U32("resource ANIM id"), Event: r.U32("resource EVNT id")}
		}
	}
}

// readEventSets reads MP2's inline event sets with the EVNT reader; each
// starts where the previous one ended.
func readEventSets(r *bin.Reader, s *ANCSAnimSet) {
	n := r.Count("event set count", uint64(r.U32("event set count")), 16)
	if r.Err() != nil {
		return
	}
	s.EventSets = make([]*EVNT, n)
	for i := range s.EventSets {
		off := r.Offset()
		rest := r.Data()[off:]
		e, err := parseEVNT(rest, MP2)
		if err != nil {
			r.FailAt("event set "+strconv.Itoa(i), off, "%w", err)
			return
		}
		r.Skip("event set", len(rest)-len(e.Trailing))
		e.Trailing = nil
		s.EventSets[i] = e
	}
}

func readMetaAnim(r *bin.Reader, depth int) *ANCSMetaAnim {
	off := r.Offset()
	if depth > maxMetaDepth {
		r.FailAt("meta-animation", off, "nested deeper than %d levels", maxMetaDepth)
		return nil
	}
	m := &ANCSMetaAnim{Kind: r.U32("meta-animation kind")}
	if r.Err() != nil {
		return nil
	}
	switch m.Kind {
	case MetaAnimPlay:
		m.AnimID = r.U32("play ANIM id")
		m.Prim = r.U32("play primitive index")
		m.Name = readString(r, "play name")
		m.Start = readTime(r, "play start time")
	case MetaAnimBlend, MetaAnimPhaseBlend:
		a := readMetaAnim(r, depth+1)
		b := readMetaAnim(r, depth+1)
		m.Children = []*ANCSMetaAnim{a, b}
		m.Weight = r.Finite32("blend weight")
		m.Flag = r.U8("blend flag")
	case MetaAnimRandom:
		n := r.Count("random child count", uint64(r.U32("random child count")), minMetaAnim+4)
		if r.Err() != nil {
			return nil
		}
		m.Children = make([]*ANCSMetaAnim, n)
		m.Probabilities = make([]uint32, n)
		for i := 0; i < n && r.Err() == nil; i++ {
			m.Children[i] = readMetaAnim(r, depth+1)
			m.Probabilities[i] = r.U32("random threshold")
		}
		// CMetaAnimRandom draws r in 1..100 and plays the first child
		// whose threshold is >= r; with no threshold reaching 100 the game
		// reads past its list.
		if r.Err() == nil && (n == 0 || maxU32(m.Probabilities) < 100) {
			r.FailAt("random thresholds", off, "%v never reach 100 (the game would read past the list)", m.Probabilities)
		}
	case MetaAnimSequence:
		n := r.Count("sequence child count", uint64(r.U32("sequence child count")), minMetaAnim)
		if r.Err() != nil {
			return nil
		}
		m.Children = make([]*ANCSMetaAnim, n)
		for i := 0; i < n && r.Err() == nil; i++ {
			m.Children[i] = readMetaAnim(r, depth+1)
		}
		if r.Err() == nil && n == 0 {
			r.FailAt("sequence child count", off, "a sequence without children plays nothing")
		}
	default:
		// CMetaAnimFactory returns null for other kinds; the game would
		// then crash using it.
		r.FailAt("meta-animation kind", off, "%d is not Play (0), Blend (1), PhaseBlend (2), Random (3) or Sequence (4)", m.Kind)
		return nil
	}
	return m
}

func readMetaTrans(r *bin.Reader, depth int) ANCSMetaTrans {
	off := r.Offset()
	t := ANCSMetaTrans{Kind: r.U32("meta-transition kind")}
	if r.Err() != nil {
		return t
	}
	switch t.Kind {
	case MetaTransAnimKind:
		t.Anim = readMetaAnim(r, depth+1)
	case MetaTransTransKind, MetaTransPhaseKind:
		t.Duration = readTime(r, "transition duration")
		t.Unused = r.U8("transition unused byte")
		t.RunA = r.U8("transition runA")
		t.Flags = r.U32("transition flags")
	case MetaTransSnapKind:
	default:
		r.FailAt("meta-transition kind", off, "%d is not MetaAnim (0), Trans (1), PhaseTrans (2) or Snap (3)", t.Kind)
	}
	return t
}

func maxU32(v []uint32) uint32 {
	var m uint32
	for _, x := range v {
		m = max(m, x)
	}
	return m
}
