package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/animview/animview/formats"
	"strconv"

	"github.com/animview/animview/formats/bin"
)

// POI types (EPOIType, docs/formats/metroid-prime.md#evnt-layout).
const (
	POILoop       = 0
	POIEmptyBool  = 1
	POIEmptyInt32 = 2
	POISoundInt32 = 4
	POIParticle   = 5
	POIUserEvent  = 6
	POIRandRate   = 7
	POISound      = 8
)

// POITypeName names an EPOIType value.
func POITypeName(t uint16) string {
	switch t {
	case POILoop:
		return "Loop"
	case POIEmptyBool:
		return "EmptyBool"
	case POIEmptyInt32:
		return "EmptyInt32"
	case POISoundInt32:
		return "SoundInt32"
	case POIParticle:
		return "Particle"
	case POIUserEvent:
		return "UserEvent"
	case POIRandRate:
		return "RandRate"
	case POISound:
		return "Sound"
	}
	return fmt.Sprintf("unknown (%d)", t)
}

// EVNT is an event list (CAnimPOIData,
// docs/formats/metroid-prime.md#evnt-events). The MP1 standalone file and
// the MP2 inline copy in an ANCS share the structure; MP2 names a particle's
// bone by id and gives sounds 12 more bytes.
type EVNT struct {
	Game    Game
	Version uint32
	Loops   []BoolEvent
	Users   []IntEvent
	Effects []ParticleEvent
	// Sounds exist from version 2.
	Sounds []SoundEvent
	// Trailing are the bytes after the data (PAK padding, 0xFF).
	Trailing []byte
}

// POI is the base of every event record (CPOINode).
type POI struct {
	// Unk is the node version (1 in the engine).
	Unk  uint16
	Name string
	Type uint16
	Time CharAnimTime
	// Index is unique among the file's events.
	Index  uint32
	Unique uint8
	Weight float32
	// CharIdx is the character the event is for, -1 for all.
	CharIdx int32
	Flags   uint32
}

// BoolEvent is a loop event (CBoolPOINode).
type BoolEvent struct {
	POI
	Value uint8
}

// IntEvent is a user event (CInt32POINode): a value (the user-event type)
// and the name of a bone or locator.
type IntEvent struct {
	POI
	Value   int32
	Locator string
}

// ParticleEvent is an effect event (CParticlePOINode).
type ParticleEvent struct {
	POI
	// Duration is in frames.
	Duration uint32
	// Type is the particle FourCC (PART, SWHC, ELSC, ...).
	Type [4]byte
	ID   uint32
	// Bone is the MP1 bone name; BoneID the MP2 bone id.
	Bone   string
	BoneID uint32
	Scale  float32
	// ParentMode is 0 Initial, 1 ContinuousEmitter, 2 ContinuousSystem.
	ParentMode uint32
}

// SoundEvent is a sound event (CSoundPOINode).
type SoundEvent struct {
	POI
	// SoundID's low 16 bits are the SFX id (0xFFFF: none).
	SoundID     uint32
	Falloff     float32
	MaxDistance float32
	// Extra are MP2's u32, u16, u16, f32.
	Extra1         uint32
	Extra2, Extra3 uint16
	Extra4         float32
}

// Minimum record sizes: the POI base with an empty name, then payloads.
const (
	minPOI      = 2 + 1 + 2 + 8 + 4 + 1 + 4 + 4 + 4
	minBool     = minPOI + 1
	minInt      = minPOI + 4 + 1
	minParticle = minPOI + 4 + 4 + 4 + 1 + 4 + 4
	minSound    = minPOI + 12
)

// ParseEVNT decodes an EVNT. With GameAuto it tries MP1 then MP2 and keeps
// the first that parses and is followed by nothing but 0xFF padding (the
// layouts differ only in particle and sound records).
func ParseEVNT(data []byte, game Game) (*EVNT, error) {
	if game != GameAuto {
		return parseEVNT(data, game)
	}
	e1, err1 := parseEVNT(data, MP1)
	if err1 == nil && trailing(e1.Trailing) {
		return e1, nil
	}
	e2, err2 := parseEVNT(data, MP2)
	if err2 == nil && trailing(e2.Trailing) {
		return e2, nil
	}
	if err1 == nil {
		// Said as an error, where the bytes start (issue 35: a warning's
		// text, "ignored", and no offset).
		mp2 := "MP2's layout fails: " + fmt.Sprint(err2)
		if err2 == nil {
			mp2 = fmt.Sprintf("MP2's layout leaves %d such bytes", len(e2.Trailing))
		}
		return nil, formats.Errorf(fmtEVNT, "padding", int64(len(data)-len(e1.Trailing)),
			"%d bytes after MP1's layout of the data are not 0xFF padding, and %s", len(e1.Trailing), mp2)
	}
	return nil, err1
}

func parseEVNT(data []byte, game Game) (*EVNT, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtEVNT)
	e := &EVNT{Game: game}
	e.Version = r.U32("version")
	if r.Err() == nil && e.Version != 1 && e.Version != 2 {
		return nil, r.FailAt("version", 0, "%d is not 1 or 2", e.Version)
	}
	n := r.Count("loop event count", uint64(r.U32("loop event count")), minBool)
	if r.Err() == nil {
		e.Loops = make([]BoolEvent, n)
		for i := 0; i < n && r.Err() == nil; i++ {
			ev := &e.Loops[i]
			readPOI(r, &ev.POI)
			ev.Value = r.U8("value")
			failed(r, "loop event", i)
		}
	}
	n = r.Count("user event count", uint64(r.U32("user event count")), minInt)
	if r.Err() == nil {
		e.Users = make([]IntEvent, n)
		for i := 0; i < n && r.Err() == nil; i++ {
			ev := &e.Users[i]
			readPOI(r, &ev.POI)
			ev.Value = r.I32("value")
			ev.Locator = readString(r, "locator")
			failed(r, "user event", i)
		}
	}
	n = r.Count("effect event count", uint64(r.U32("effect event count")), minParticle)
	if r.Err() == nil {
		e.Effects = make([]ParticleEvent, n)
		for i := 0; i < n && r.Err() == nil; i++ {
			ev := &e.Effects[i]
			readPOI(r, &ev.POI)
			ev.Duration = r.U32("duration")
			copy(ev.Type[:], r.Bytes("particle type", 4))
			ev.ID = r.U32("particle id")
			if game == MP1 {
				ev.Bone = readString(r, "bone name")
			} else {
				ev.BoneID = r.U32("bone id")
			}
			ev.Scale = r.Finite32("scale")
			ev.ParentMode = r.U32("parent mode")
			failed(r, "effect event", i)
		}
	}
	if e.Version >= 2 {
		size := minSound
		if game == MP2 {
			size += 12
		}
		n = r.Count("sound event count", uint64(r.U32("sound event count")), size)
		if r.Err() == nil {
			e.Sounds = make([]SoundEvent, n)
			for i := 0; i < n && r.Err() == nil; i++ {
				ev := &e.Sounds[i]
				readPOI(r, &ev.POI)
				ev.SoundID = r.U32("sound id")
				ev.Falloff = r.Finite32("falloff")
				ev.MaxDistance = r.Finite32("max distance")
				if game == MP2 {
					ev.Extra1 = r.U32("extra")
					ev.Extra2 = r.U16("extra")
					ev.Extra3 = r.U16("extra")
					ev.Extra4 = r.Finite32("extra")
				}
				failed(r, "sound event", i)
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	e.Trailing = r.Bytes("padding", r.Len())
	return e, nil
}

// failed names the record in the reader's error if reading it failed.
func failed(r *bin.Reader, what string, i int) {
	if r.Err() != nil {
		prefixField(r, what+" "+strconv.Itoa(i))
	}
}

func readPOI(r *bin.Reader, p *POI) {
	p.Unk = r.U16("node version")
	p.Name = readString(r, "name")
	p.Type = r.U16("type")
	off := r.Offset()
	p.Time = readTime(r, "time")
	if r.Err() == nil && (!finite(p.Time.Seconds) || p.Time.Seconds < -maxSeconds || p.Time.Seconds > maxSeconds) {
		r.FailAt("time", off, "%v is not a time in a clip", p.Time.Seconds)
	}
	p.Index = r.U32("index")
	p.Unique = r.U8("unique")
	p.Weight = r.Finite32("weight")
	p.CharIdx = r.I32("character index")
	p.Flags = r.U32("flags")
}

// MarshalBinary encodes the EVNT in its game's layout.
func (e *EVNT) MarshalBinary() ([]byte, error) {
	if e.Game != MP1 && e.Game != MP2 {
		return nil, errors.New("prime EVNT: encoder needs a game (mp1 or mp2)")
	}
	if e.Version != 1 && e.Version != 2 {
		return nil, fmt.Errorf("prime EVNT: version %d is not 1 or 2", e.Version)
	}
	if e.Version < 2 && len(e.Sounds) > 0 {
		return nil, errors.New("prime EVNT: version 1 has no sound events")
	}
	var w writer
	w.u32(e.Version)
	w.u32(uint32(len(e.Loops)))
	for i := range e.Loops {
		if err := w.poi(&e.Loops[i].POI); err != nil {
			return nil, err
		}
		w.u8(e.Loops[i].Value)
	}
	w.u32(uint32(len(e.Users)))
	for i := range e.Users {
		ev := &e.Users[i]
		if err := w.poi(&ev.POI); err != nil {
			return nil, err
		}
		w.u32(uint32(ev.Value))
		if err := w.cstr(ev.Locator); err != nil {
			return nil, err
		}
	}
	w.u32(uint32(len(e.Effects)))
	for i := range e.Effects {
		ev := &e.Effects[i]
		if err := w.poi(&ev.POI); err != nil {
			return nil, err
		}
		w.u32(ev.Duration)
		w.b = append(w.b, ev.Type[:]...)
		w.u32(ev.ID)
		if e.Game == MP1 {
			if err := w.cstr(ev.Bone); err != nil {
				return nil, err
			}
		} else {
			w.u32(ev.BoneID)
		}
		w.f32(ev.Scale)
		w.u32(ev.ParentMode)
	}
	if e.Version >= 2 {
		w.u32(uint32(len(e.Sounds)))
		for i := range e.Sounds {
			ev := &e.Sounds[i]
			if err := w.poi(&ev.POI); err != nil {
				return nil, err
			}
			w.u32(ev.SoundID)
			w.f32(ev.Falloff)
			w.f32(ev.MaxDistance)
			if e.Game == MP2 {
				w.u32(ev.Extra1)
				w.u16(ev.Extra2)
				w.u16(ev.Extra3)
				w.f32(ev.Extra4)
			}
		}
	}
	return append(w.b, e.Trailing...), nil
}

func (w *writer) cstr(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return fmt.Errorf("prime: string %q holds a NUL", s)
		}
	}
	w.str(s)
	return nil
}

func (w *writer) poi(p *POI) error {
	w.u16(p.Unk)
	if err := w.cstr(p.Name); err != nil {
		return err
	}
	w.u16(p.Type)
	w.f32(p.Time.Seconds)
	w.u32(p.Time.State)
	w.u32(p.Index)
	w.u8(p.Unique)
	w.f32(p.Weight)
	w.u32(uint32(p.CharIdx))
	w.u32(p.Flags)
	return nil
}
