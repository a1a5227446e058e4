package lego

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Loaders returns the LEGO Island loaders: bare .ani payloads and SI
// containers.
func Loaders() []formats.Loader {
	return []formats.Loader{
		{
			Name:        FormatAni,
			Description: "LEGO Island animation (.ani, the data of LegoAnimPresenter)",
			Extensions:  []string{"ani"},
			Sniff:       SniffAni,
			Load:        LoadAni,
		},
		{
			Name:        FormatSI,
			Description: "LEGO Island SI (Interleaf) container: the animations it carries",
			Extensions:  []string{"si"},
			Sniff:       SniffSI,
			Load:        LoadSI,
		},
	}
}

// SniffAni reports whether data starts like a .ani payload: magic 0x11,
// a finite bounding sphere with a radius that is not negative, and an
// actor count that fits in the data.
func SniffAni(data []byte) bool {
	if len(data) < headerSize+8 || binary.LittleEndian.Uint32(data) != Magic {
		return false
	}
	for off := 4; off < 20; off += 4 {
		v := float64(math.Float32frombits(binary.LittleEndian.Uint32(data[off:])))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	if math.Float32frombits(binary.LittleEndian.Uint32(data[4:])) < 0 {
		return false
	}
	actors := uint64(binary.LittleEndian.Uint32(data[headerSize:]))
	return actors <= uint64(len(data)-headerSize-8)/4
}

// SniffSI reports whether data is a RIFF file of form type OMNI.
func SniffSI(data []byte) bool {
	return len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "OMNI"
}

// LoadAni loads a bare .ani payload; the clip and skeleton are named
// after the file.
func LoadAni(in *formats.Input) (*formats.Asset, error) {
	f, err := Parse(in.Data)
	if err != nil {
		return nil, err
	}
	a, err := f.Asset(baseName(in))
	if err != nil {
		return nil, err
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", FormatAni, err)
	}
	return a, nil
}

// baseName names an animation after its file, "animation" when the name
// has none.
func baseName(in *formats.Input) string {
	if s := in.Stem(); s != "" {
		return s
	}
	return "animation"
}

// LoadSI lists the animations of an SI file in Asset.Entries (by object
// name; a repeated name gets "#id" appended) and opens the one Input.Entry
// names, or the first. The payload is the object's first data chunk, as
// LegoAnimPresenter::ReadyTickle hands it to CreateAnim. The clip loops
// when the presenter does.
func LoadSI(in *formats.Input) (*formats.Asset, error) {
	si, err := ParseSI(in.Data, (*SIObject).IsAnimation)
	if err != nil {
		return nil, err
	}
	anims := si.Animations()
	if len(anims) == 0 {
		// Where the chunks start: none of them holds one (issue 35: no
		// location).
		return nil, formats.Errorf(FormatSI, "MxOb presenter", 12, "no object in the file is an animation (presenters %s)",
			strings.Join(AnimationPresenters(), ", "))
	}
	entries := make([]formats.Entry, len(anims))
	seen := map[string]bool{}
	for i, o := range anims {
		name := o.Name
		if seen[name] {
			name += "#" + strconv.FormatUint(uint64(o.ID), 10)
		}
		seen[name] = true
		entries[i] = formats.Entry{Name: name, Type: "ani"}
	}
	pick := pickEntry(entries, in.Entry)
	if pick < 0 {
		names := make([]string, 0, 10)
		for i := 0; i < len(entries) && i < 10; i++ {
			names = append(names, strconv.Quote(entries[i].Name))
		}
		more := ""
		if len(entries) > 10 {
			more = fmt.Sprintf(" and %d more", len(entries)-10)
		}
		return nil, fmt.Errorf("%s: no animation named %q; the file has %s%s", FormatSI, in.Entry,
			strings.Join(names, ", "), more)
	}
	o := anims[pick]
	where := fmt.Sprintf("%s: object %q (id %d, offset %d)", FormatSI, o.Name, o.ID, o.Offset)
	if len(o.Data) == 0 {
		if o.DataError != nil {
			return nil, fmt.Errorf("%s: %w", where, o.DataError)
		}
		return nil, fmt.Errorf("%s: %w", where, formats.Errorf(FormatSI, "MxCh data", int64(o.Offset), "no data chunk follows the object"))
	}
	f, err := Parse(o.Data[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	a, err := f.Asset(entries[pick].Name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	a.Format = FormatSI
	a.Clips[0].Loop = o.Loops()
	a.Entries = entries
	a.Entry = entries[pick].Name
	a.Info = append([]formats.KV{
		{Key: "si version", Value: fmt.Sprintf("%d.%d", si.Version&0xFFFF, si.Version>>16)},
		{Key: "buffer size", Value: strconv.FormatUint(uint64(si.BufferSize), 10)},
		{Key: "buffer count", Value: strconv.FormatUint(uint64(si.BufferCount), 10)},
		{Key: "animations", Value: strconv.Itoa(len(anims))},
		{Key: "object", Value: fmt.Sprintf("%q id %d type %d at offset %d", o.Name, o.ID, o.Type, o.Offset)},
		{Key: "presenter", Value: o.Presenter},
		{Key: "data chunks", Value: strconv.Itoa(len(o.Data))},
		{Key: "payload bytes", Value: strconv.Itoa(len(o.Data[0]))},
	}, a.Info...)
	a.Warnings = append(append([]string(nil), si.Warnings...), a.Warnings...)
	if o.DataError != nil {
		a.Warnings = append(a.Warnings, "later data of the object: "+o.DataError.Error())
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return a, nil
}

// pickEntry finds the entry named want: exactly, then ignoring case; ""
// picks the first. It returns -1 when nothing matches.
func pickEntry(entries []formats.Entry, want string) int {
	if want == "" {
		return 0
	}
	for i, e := range entries {
		if e.Name == want {
			return i
		}
	}
	for i, e := range entries {
		if strings.EqualFold(e.Name, want) {
			return i
		}
	}
	return -1
}
