package lego

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// SIWriter writes SI containers: enough of the format to wrap .ani
// payloads the way the game's files carry them, each top-level object in
// its own MxSt stream, data chunks split across buffers.
type SIWriter struct {
	// Version is the MxHd version (0: SIVersion22).
	Version uint32
	// BufferSize is the MxHd buffer size: even, at least 256 (0: 65536).
	BufferSize uint32
	// BufferCount is written to MxHd as given.
	BufferCount uint32
}

// Encode writes the objects. An object's Data become MxCh chunks in its
// stream, followed by an end-of-stream chunk; a payload that does not fit
// in the rest of the current buffer is split into chunks flagged
// ChunkSplit, each carrying the whole payload size. No chunk header
// straddles a buffer, and no MxCh chunk crosses one.
func (w SIWriter) Encode(objects []*SIObject) ([]byte, error) {
	version, bs := w.Version, w.BufferSize
	if version == 0 {
		version = SIVersion22
	}
	if bs == 0 {
		bs = 65536
	}
	if bs < 256 || bs%2 != 0 || bs > math.MaxInt32 {
		return nil, fmt.Errorf("%s: encode: buffer size %d must be even and at least 256", FormatSI, bs)
	}
	e := &siEncoder{bs: int(bs), version: version}
	riff := e.begin("RIFF")
	e.b = append(e.b, "OMNI"...)
	hd := e.begin("MxHd")
	e.u32(version)
	e.u32(bs)
	e.u32(w.BufferCount)
	e.end(hd)
	of := e.begin("MxOf")
	e.u32(uint32(len(objects)))
	table := len(e.b)
	for range objects {
		e.u32(0)
	}
	e.end(of)
	list := e.begin("LIST")
	e.b = append(e.b, "MxSt"...)
	for i, o := range objects {
		ob, err := encodeObject(o, version, 0)
		if err != nil {
			return nil, err
		}
		// The MxSt header, the object and the MxDa list header are read
		// as one block: keep them inside one buffer.
		need := chunkHeaderLen + len(ob) + 12
		if need > e.bs {
			return nil, fmt.Errorf("%s: encode: object %q needs %d header bytes, more than the %d-byte buffer",
				FormatSI, o.Name, need, e.bs)
		}
		e.fit(need)
		binary.LittleEndian.PutUint32(e.b[table+4*i:], uint32(len(e.b)))
		st := e.begin("MxSt")
		e.b = append(e.b, ob...)
		da := e.begin("LIST")
		e.b = append(e.b, "MxDa"...)
		var err2 error
		walkObjects(o, func(x *SIObject) {
			if err2 != nil || (len(x.Data) == 0 && !isMediaType(x.Type)) {
				return
			}
			for _, d := range x.Data {
				if err2 = e.data(x.ID, d); err2 != nil {
					return
				}
			}
			e.piece(ChunkEnd, x.ID, 0, nil)
		})
		if err2 != nil {
			return nil, err2
		}
		e.end(da)
		e.end(st)
	}
	e.end(list)
	e.end(riff)
	return e.b, nil
}

func walkObjects(o *SIObject, fn func(*SIObject)) {
	fn(o)
	for _, c := range o.Children {
		walkObjects(c, fn)
	}
}

type siEncoder struct {
	b       []byte
	bs      int
	version uint32
}

func (e *siEncoder) u16(v uint16) { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *siEncoder) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *siEncoder) f64(v float64) {
	e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v))
}

func (e *siEncoder) cstr(s, what string) error {
	if strings.IndexByte(s, 0) >= 0 {
		return fmt.Errorf("%s: encode: %s %q contains a NUL byte", FormatSI, what, s)
	}
	e.b = append(e.b, s...)
	e.b = append(e.b, 0)
	return nil
}

// begin starts a chunk and returns its offset for end.
func (e *siEncoder) begin(id string) int {
	off := len(e.b)
	e.b = append(e.b, id...)
	e.u32(0)
	return off
}

// end patches the chunk's size and adds the RIFF pad byte for odd sizes.
func (e *siEncoder) end(off int) {
	size := len(e.b) - off - chunkHeaderLen
	binary.LittleEndian.PutUint32(e.b[off+4:], uint32(size))
	if size%2 != 0 {
		e.b = append(e.b, 0)
	}
}

// room is the space left in the current buffer.
func (e *siEncoder) room() int { return e.bs - len(e.b)%e.bs }

// padToBuffer fills the rest of the buffer: with a "pad " chunk of 0xCD
// bytes when a chunk header fits, else with zeros, which readers skip by
// the buffer-boundary rule. Positions are always even, so the pad chunk's
// size is even and needs no pad byte.
func (e *siEncoder) padToBuffer() {
	room := e.room()
	if room < chunkHeaderLen {
		e.b = append(e.b, make([]byte, room)...)
		return
	}
	e.b = append(e.b, "pad "...)
	e.u32(uint32(room - chunkHeaderLen))
	for i := chunkHeaderLen; i < room; i++ {
		e.b = append(e.b, 0xCD)
	}
}

// fit pads to the next buffer unless n bytes fit in this one.
func (e *siEncoder) fit(n int) {
	if e.room() < n {
		e.padToBuffer()
	}
}

func (e *siEncoder) piece(flags uint16, id uint32, total int, data []byte) {
	c := e.begin("MxCh")
	e.u16(flags)
	e.u32(id)
	e.u32(0) // time
	e.u32(uint32(total))
	e.b = append(e.b, data...)
	e.end(c)
}

// data writes one payload as one MxCh chunk, or as split chunks when it
// does not fit in the rest of the buffer.
func (e *siEncoder) data(id uint32, payload []byte) error {
	if uint64(len(payload)) > math.MaxUint32-mxchHeaderLen {
		return fmt.Errorf("%s: encode: %d-byte payload is too large", FormatSI, len(payload))
	}
	const hdr = chunkHeaderLen + mxchHeaderLen
	var flags uint16
	off := 0
	for {
		if e.room() < chunkHeaderLen {
			e.padToBuffer()
		}
		rest := len(payload) - off
		if hdr+rest+rest%2 <= e.room() {
			e.piece(flags, id, len(payload), payload[off:])
			return nil
		}
		if e.room() < hdr+2 {
			e.padToBuffer()
			continue
		}
		n := e.room() - hdr // even: positions and buffer sizes are even
		flags = ChunkSplit
		e.piece(flags, id, len(payload), payload[off:off+n])
		off += n
	}
}

// encodeObject returns the whole MxOb chunk of an object and its children.
func encodeObject(o *SIObject, version uint32, depth int) ([]byte, error) {
	if depth >= MaxObjectDepth {
		return nil, fmt.Errorf("%s: encode: objects nested deeper than %d levels", FormatSI, MaxObjectDepth)
	}
	e := &siEncoder{version: version}
	ob := e.begin("MxOb")
	e.u16(o.Type)
	if err := e.cstr(o.Presenter, "presenter name"); err != nil {
		return nil, err
	}
	e.u32(o.Unknown)
	if err := e.cstr(o.Name, "object name"); err != nil {
		return nil, err
	}
	e.u32(o.ID)
	if o.Type > TypeObjectAction {
		return nil, fmt.Errorf("%s: encode: object %q has unknown type %d", FormatSI, o.Name, o.Type)
	}
	if len(o.Children) > 0 && !isMultiType(o.Type) {
		return nil, fmt.Errorf("%s: encode: object %q of type %d cannot have children", FormatSI, o.Name, o.Type)
	}
	if o.Type == TypeObject {
		e.end(ob)
		return e.b, nil
	}
	e.u32(o.Flags)
	e.u32(uint32(o.StartTime))
	e.u32(uint32(o.Duration))
	e.u32(uint32(o.LoopCount))
	for _, v := range [...]*[3]float64{&o.Location, &o.Direction, &o.Up} {
		for _, c := range v {
			e.f64(c)
		}
	}
	if len(o.Extra) > math.MaxUint16 {
		return nil, fmt.Errorf("%s: encode: object %q: %d extra bytes, at most %d fit", FormatSI, o.Name, len(o.Extra), math.MaxUint16)
	}
	e.u16(uint16(len(o.Extra)))
	e.b = append(e.b, o.Extra...)
	if isMediaType(o.Type) {
		if err := e.cstr(o.MediaSrc, "media source path"); err != nil {
			return nil, err
		}
		e.u32(o.MediaUnknown[0])
		e.u32(o.MediaUnknown[1])
		e.u32(uint32(o.FramesPerSecond))
		e.u32(o.MediaFormat)
		e.u32(uint32(o.PaletteManagement))
		e.u32(uint32(o.SustainTime))
		if o.Type == TypeSound {
			e.u32(o.Volume)
		}
	}
	if isMultiType(o.Type) {
		l := e.begin("LIST")
		e.b = append(e.b, "MxCh"...)
		if version == SIVersion21 {
			e.u32(0)
		}
		if o.Type == TypeSelectAction {
			if len(o.Choices) != len(o.Children) {
				return nil, fmt.Errorf("%s: encode: select action %q has %d choices for %d children",
					FormatSI, o.Name, len(o.Choices), len(o.Children))
			}
			if err := e.cstr(o.Selector, "selector"); err != nil {
				return nil, err
			}
			e.u32(uint32(len(o.Choices)))
			for _, c := range o.Choices {
				if err := e.cstr(c, "choice"); err != nil {
					return nil, err
				}
			}
		} else {
			e.u32(uint32(len(o.Children)))
		}
		for _, c := range o.Children {
			cb, err := encodeObject(c, version, depth+1)
			if err != nil {
				return nil, err
			}
			e.b = append(e.b, cb...)
		}
		e.end(l)
	}
	e.end(ob)
	return e.b, nil
}
