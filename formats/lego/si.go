package lego

import (
	"encoding/binary"
	"strings"
)

// FormatSI names the SI container in errors and in Asset.Format.
const FormatSI = "lego-si"

// SI versions as MxHd stores them (minor in the high half).
const (
	SIVersion22 = 0x00020002
	SIVersion21 = 0x00010002
)

// MxCh flags (MxDSChunk).
const (
	ChunkEnd   = 0x02 // the object's stream ends; carries no data
	ChunkSplit = 0x10 // the data continues in the following split chunks
)

// Object types (the first u16 of an MxOb; isle's MxDSObject enum).
const (
	TypeObject         = 0
	TypeAction         = 1
	TypeMediaAction    = 2
	TypeAnim           = 3
	TypeSound          = 4
	TypeMultiAction    = 5
	TypeSerialAction   = 6
	TypeParallelAction = 7
	TypeEvent          = 8
	TypeSelectAction   = 9
	TypeStill          = 10
	TypeObjectAction   = 11
)

// AnimationPresenters returns the presenter names whose objects carry .ani
// data (legoobjectfactory.cpp). LegoAnimMMPresenter is the composite that
// wraps them, not the data. A function, not a variable, so that no caller
// can change what the loader matches.
func AnimationPresenters() []string {
	return []string{
		"LegoAnimPresenter",
		"LegoLoopingAnimPresenter",
		"LegoLocomotionAnimPresenter",
		"LegoHideAnimPresenter",
	}
}

// MaxObjectDepth bounds the nesting of composite objects.
const MaxObjectDepth = 32

const (
	chunkHeaderLen = 8
	mxchHeaderLen  = 14
)

func fourCC(s string) uint32 { return binary.LittleEndian.Uint32([]byte(s)) }

// SIHeader is the MxHd chunk.
type SIHeader struct {
	Version     uint32
	BufferSize  uint32
	BufferCount uint32
}

// SIObject is one MxOb: the MxDSObject fields, the MxDSAction fields for
// every type but TypeObject, the media fields for media actions, and the
// children of composite actions.
type SIObject struct {
	// Offset is the byte offset of the MxOb chunk (set by ParseSI).
	Offset    int
	Type      uint16
	Presenter string
	Unknown   uint32
	Name      string
	ID        uint32

	Flags     uint32
	StartTime int32
	Duration  int32
	LoopCount int32
	Location  [3]float64
	Direction [3]float64
	Up        [3]float64
	Extra     []byte

	// Media action fields (TypeMediaAction, TypeAnim, TypeSound,
	// TypeEvent, TypeStill, TypeObjectAction).
	MediaSrc          string
	MediaUnknown      [2]uint32
	FramesPerSecond   int32
	MediaFormat       uint32
	PaletteManagement int32
	SustainTime       int32
	// Volume follows the media fields of a TypeSound.
	Volume uint32

	// Selector and Choices are a TypeSelectAction's variable (or
	// "RANDOM_n") and the value naming each child.
	Selector string
	Choices  []string
	Children []*SIObject

	// Data are the object's data chunks in file order, split chunks
	// joined, end-of-stream chunks left out. ParseSI fills it only for the
	// objects its filter selects.
	Data [][]byte
	// DataError says why the object's data is incomplete, or is nil.
	DataError error
}

// IsAnimation reports whether the object's presenter is one of the
// animation presenters (compared ignoring case, as MxAtomId lookups do).
func (o *SIObject) IsAnimation() bool {
	for _, p := range AnimationPresenters() {
		if strings.EqualFold(o.Presenter, p) {
			return true
		}
	}
	return false
}

// Loops reports whether the presenter plays the animation in a loop: all
// the animation presenters but LegoAnimPresenter derive from
// LegoLoopingAnimPresenter, which takes the time modulo the duration.
func (o *SIObject) Loops() bool {
	return o.IsAnimation() && !strings.EqualFold(o.Presenter, "LegoAnimPresenter")
}

func isMediaType(t uint16) bool {
	switch t {
	case TypeMediaAction, TypeAnim, TypeSound, TypeEvent, TypeStill, TypeObjectAction:
		return true
	}
	return false
}

func isMultiType(t uint16) bool {
	switch t {
	case TypeMultiAction, TypeSerialAction, TypeParallelAction, TypeSelectAction:
		return true
	}
	return false
}

// SIFile is a parsed SI container.
type SIFile struct {
	SIHeader
	// Objects are the top-level objects in file order.
	Objects []*SIObject
	// Warnings are problems the parser worked around.
	Warnings []string
}

// Walk calls fn for every object, parents before children.
func (f *SIFile) Walk(fn func(o *SIObject)) {
	var rec func(os []*SIObject)
	rec = func(os []*SIObject) {
		for _, o := range os {
			fn(o)
			rec(o.Children)
		}
	}
	rec(f.Objects)
}

// Animations returns the objects whose presenter is an animation
// presenter, parents before children.
func (f *SIFile) Animations() []*SIObject {
	var out []*SIObject
	f.Walk(func(o *SIObject) {
		if o.IsAnimation() {
			out = append(out, o)
		}
	})
	return out
}
