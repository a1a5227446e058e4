package lego

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// maxChunkDepth bounds the RIFF nesting (RIFF > LIST > MxSt > LIST > MxCh
// is four levels in real files).
const maxChunkDepth = 16

// maxWarnings bounds the warnings kept from one file.
const maxWarnings = 20

// ParseSI walks an SI container: the RIFF "OMNI" form, MxHd, the MxSt
// streams with their MxOb objects (composite objects recursively) and the
// MxCh data chunks. Between chunks it applies the buffer-boundary rule: a
// chunk header never straddles a MxHd buffer, so a position with fewer
// than 8 bytes left in its buffer moves to the next buffer.
//
// Data chunks are collected only for the objects for which keep returns
// true (all objects when keep is nil); split chunks are joined until the
// first one's total size has been gathered.
func ParseSI(data []byte, keep func(*SIObject) bool) (*SIFile, error) {
	p := &siParser{data: data, keep: keep, states: map[uint32]*dataState{}}
	if len(data) < 12 || string(data[0:4]) != "RIFF" {
		return nil, formats.Errorf(FormatSI, "RIFF header", 0, "not a RIFF file")
	}
	if string(data[8:12]) != "OMNI" {
		return nil, formats.Errorf(FormatSI, "RIFF form type", 8, "%q, want \"OMNI\"", data[8:12])
	}
	end := uint64(binary.LittleEndian.Uint32(data[4:8])) + 8
	if end > uint64(len(data)) {
		p.warn("RIFF size %d runs %d bytes past the end of the file; reading to the end",
			end-8, end-uint64(len(data)))
		end = uint64(len(data))
	}
	if err := p.children(12, int(end), 1); err != nil {
		return nil, err
	}
	if !p.haveHeader {
		return nil, formats.Errorf(FormatSI, "MxHd", 12, "no MxHd header chunk")
	}
	for _, st := range p.order {
		if st.joining {
			st.fail(formats.Errorf(FormatSI, "MxCh split total", int64(st.start),
				"the file ends after %d of the %d bytes this first chunk of a split says", len(st.cur), st.want))
		}
	}
	if p.skippedWarnings > 0 {
		p.f.Warnings = append(p.f.Warnings, fmt.Sprintf("%d more warnings left out", p.skippedWarnings))
	}
	return &p.f, nil
}

type siParser struct {
	data       []byte
	keep       func(*SIObject) bool
	f          SIFile
	haveHeader bool
	states     map[uint32]*dataState
	order      []*dataState
	// skippedWarnings counts warnings past maxWarnings.
	skippedWarnings int
}

func (p *siParser) warn(format string, args ...any) {
	if len(p.f.Warnings) >= maxWarnings {
		p.skippedWarnings++
		return
	}
	p.f.Warnings = append(p.f.Warnings, fmt.Sprintf(format, args...))
}

func (p *siParser) u32(off int) uint32 { return binary.LittleEndian.Uint32(p.data[off:]) }

// children walks the chunks of a stream level in [start, end), with the
// buffer-boundary rule. (Inside an MxOb the rule does not apply: the game
// reads an object's bytes as one block; see childList.)
func (p *siParser) children(start, end, depth int) error {
	if depth > maxChunkDepth {
		return formats.Errorf(FormatSI, "chunk", int64(start), "chunks nested deeper than %d levels", maxChunkDepth)
	}
	pos := start
	for pos+chunkHeaderLen <= end {
		if bs := int(p.f.BufferSize); bs > 0 {
			if in := pos % bs; in+chunkHeaderLen > bs {
				pos += bs - in
				continue
			}
		}
		id := string(p.data[pos : pos+4])
		size := int64(p.u32(pos + 4))
		body := pos + chunkHeaderLen
		if int64(body)+size > int64(end) {
			return formats.Errorf(FormatSI, fmt.Sprintf("%q chunk size", id), int64(pos+4),
				"%d bytes run past the end of the enclosing chunk (%d bytes left)", size, end-body)
		}
		bodyEnd := body + int(size)
		if err := p.chunk(id, pos, body, bodyEnd, depth); err != nil {
			return err
		}
		pos = bodyEnd + int(size&1)
	}
	return nil
}

func (p *siParser) chunk(id string, pos, body, end, depth int) error {
	switch id {
	case "MxHd":
		if end-body < 12 {
			return formats.Errorf(FormatSI, "MxHd", int64(pos), "%d bytes, want 12", end-body)
		}
		p.f.Version, p.f.BufferSize, p.f.BufferCount = p.u32(body), p.u32(body+4), p.u32(body+8)
		if p.f.BufferSize > 0 && p.f.BufferSize < chunkHeaderLen {
			return formats.Errorf(FormatSI, "MxHd buffer size", int64(body+4),
				"%d bytes cannot hold a chunk header", p.f.BufferSize)
		}
		if p.f.BufferSize > math.MaxInt32 {
			return formats.Errorf(FormatSI, "MxHd buffer size", int64(body+4), "%d bytes is implausible", p.f.BufferSize)
		}
		if p.f.BufferSize == 0 {
			p.warn("MxHd buffer size is 0; chunks read without the buffer-boundary rule")
		}
		p.haveHeader = true
	case "LIST":
		if end-body < 4 {
			return nil
		}
		switch string(p.data[body : body+4]) {
		case "MxSt", "MxDa":
			return p.children(body+4, end, depth+1)
		}
	case "MxSt":
		return p.children(body, end, depth+1)
	case "MxOb":
		o, err := p.object(pos, body, end, 0)
		if err != nil {
			return err
		}
		p.f.Objects = append(p.f.Objects, o)
	case "MxCh":
		p.dataChunk(pos, body, end)
	}
	// "pad ", MxOf and unknown chunks carry nothing the viewer needs.
	return nil
}

// object decodes an MxOb body in [body, end) the way
// DeserializeDSObjectDispatch does, then any composite children.
func (p *siParser) object(pos, body, end, depth int) (*SIObject, error) {
	if depth >= MaxObjectDepth {
		return nil, formats.Errorf(FormatSI, "MxOb", int64(pos), "objects nested deeper than %d levels", MaxObjectDepth)
	}
	r := bin.NewReader(p.data[:end], binary.LittleEndian, FormatSI)
	r.Seek("MxOb", body)
	o := &SIObject{Offset: pos}
	o.Type = r.U16("object type")
	o.Presenter = cstring(r, "presenter name")
	o.Unknown = r.U32("object unknown word")
	o.Name = cstring(r, "object name")
	o.ID = r.U32("object id")
	if err := r.Err(); err != nil {
		return nil, err
	}
	p.register(o)
	switch {
	case o.Type == TypeObject:
		return o, nil
	case o.Type > TypeObjectAction:
		p.warn("object %q (id %d) at offset %d: unknown type %d; its fields after the id are skipped",
			o.Name, o.ID, pos, o.Type)
		return o, nil
	}
	o.Flags = r.U32("action flags")
	o.StartTime = r.I32("action start time")
	o.Duration = r.I32("action duration")
	o.LoopCount = r.I32("action loop count")
	readVec64(r, "action location", &o.Location)
	readVec64(r, "action direction", &o.Direction)
	readVec64(r, "action up", &o.Up)
	n := int(r.U16("action extra length"))
	if x := r.Bytes("action extra", n); len(x) > 0 {
		o.Extra = bytes.Clone(x)
	}
	if isMediaType(o.Type) {
		o.MediaSrc = cstring(r, "media source path")
		o.MediaUnknown[0] = r.U32("media unknown word")
		o.MediaUnknown[1] = r.U32("media unknown word")
		o.FramesPerSecond = r.I32("media frames per second")
		o.MediaFormat = r.U32("media format")
		o.PaletteManagement = r.I32("media palette management")
		o.SustainTime = r.I32("media sustain time")
		if o.Type == TypeSound {
			o.Volume = r.U32("sound volume")
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if isMultiType(o.Type) {
		if err := p.childList(r, o, end, depth); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// childList reads a composite's LIST "MxCh": a count (a selector, a count
// and the choice strings for a select action), then the child MxOb chunks.
// A composite without the list has no children.
func (p *siParser) childList(r *bin.Reader, o *SIObject, end, depth int) error {
	pos := r.Offset()
	if end-pos < 12 || string(p.data[pos:pos+4]) != "LIST" {
		return nil
	}
	size := int64(p.u32(pos + 4))
	if int64(pos+8)+size > int64(end) {
		return formats.Errorf(FormatSI, "object child list size", int64(pos+4),
			"%d bytes run past the end of the MxOb chunk (%d bytes left)", size, end-pos-8)
	}
	listEnd := pos + 8 + int(size)
	if string(p.data[pos+8:pos+12]) != "MxCh" {
		p.warn("object %q (id %d): child list of type %q skipped", o.Name, o.ID, p.data[pos+8:pos+12])
		return nil
	}
	lr := bin.NewReader(p.data[:listEnd], binary.LittleEndian, FormatSI)
	lr.Seek("object child list", pos+12)
	if p.f.Version == SIVersion21 {
		lr.Skip("v2.1 child list word", 4)
	}
	first := lr.Offset()
	count := lr.U32("child count")
	if o.Type == TypeSelectAction || count == fourCC("Act\x00") || count == fourCC("RAND") {
		// MxDSSelectAction: a selector string where the count would be,
		// then the count and one value string per child.
		lr.Seek("select action selector", first)
		o.Selector = cstring(lr, "select action selector")
		count = lr.U32("child count")
		nc := lr.Count("select action choice count", uint64(count), 1)
		for i := 0; i < nc && lr.Err() == nil; i++ {
			o.Choices = append(o.Choices, cstring(lr, "select action choice"))
		}
	}
	if err := lr.Err(); err != nil {
		return err
	}
	// Children are MxOb chunks, contiguous (no buffer rule inside an
	// object); anything else in the list is skipped.
	pos = lr.Offset()
	for pos+chunkHeaderLen <= listEnd {
		size := int64(p.u32(pos + 4))
		body := pos + chunkHeaderLen
		if int64(body)+size > int64(listEnd) {
			return formats.Errorf(FormatSI, "child MxOb chunk size", int64(pos+4),
				"%d bytes run past the end of the child list (%d bytes left)", size, listEnd-body)
		}
		if string(p.data[pos:pos+4]) == "MxOb" {
			c, err := p.object(pos, body, body+int(size), depth+1)
			if err != nil {
				return err
			}
			o.Children = append(o.Children, c)
		}
		pos = body + int(size) + int(size&1)
	}
	return nil
}

// register makes the object the target of data chunks with its id. A
// later object with the same id takes over, as the game's lookup by id
// would find only one.
func (p *siParser) register(o *SIObject) {
	collect := p.keep == nil || p.keep(o)
	if old, ok := p.states[o.ID]; ok && old.obj != o {
		p.warn("objects %q and %q share id %d; data chunks go to the later one", old.obj.Name, o.Name, o.ID)
	}
	st := &dataState{obj: o, collect: collect}
	p.states[o.ID] = st
	p.order = append(p.order, st)
}

// dataState joins one object's split data chunks.
type dataState struct {
	obj     *SIObject
	collect bool
	joining bool
	want    int
	cur     []byte
	// start is the offset of the split's first chunk's total size.
	start int
}

func (st *dataState) fail(err error) {
	if st.obj.DataError == nil {
		st.obj.DataError = err
	}
	st.joining, st.cur = false, nil
}

func (p *siParser) dataChunk(pos, body, end int) {
	if end-body < mxchHeaderLen {
		p.warn("MxCh chunk at offset %d: %d bytes is shorter than its %d-byte header", pos, end-body, mxchHeaderLen)
		return
	}
	flags := binary.LittleEndian.Uint16(p.data[body:])
	id := p.u32(body + 2)
	total := p.u32(body + 10)
	payload := p.data[body+mxchHeaderLen : end]
	if flags&ChunkEnd != 0 {
		return
	}
	st, ok := p.states[id]
	if !ok {
		p.warn("MxCh chunk at offset %d is for object id %d, which no MxOb before it declares", pos, id)
		return
	}
	if !st.collect {
		return
	}
	if st.joining {
		if flags&ChunkSplit != 0 {
			st.cur = append(st.cur, payload...)
			switch {
			case len(st.cur) == st.want:
				st.obj.Data = append(st.obj.Data, st.cur)
				st.joining, st.cur = false, nil
			case len(st.cur) > st.want:
				st.fail(formats.Errorf(FormatSI, "MxCh split total", int64(st.start),
					"the split's chunks, ending at offset %d, carry %d bytes, more than the %d this first chunk says", end, len(st.cur), st.want))
			}
			return
		}
		st.fail(formats.Errorf(FormatSI, "MxCh split total", int64(st.start),
			"a chunk at offset %d, not of the split, ends it after %d of the %d bytes this first chunk says", pos, len(st.cur), st.want))
	}
	if flags&ChunkSplit != 0 && uint64(len(payload)) < uint64(total) {
		// The joined size can never exceed the file, whatever total says.
		c := min(uint64(total), uint64(len(p.data)))
		st.cur = append(make([]byte, 0, c), payload...)
		st.want, st.start = int(total), body+10
		st.joining = true
		return
	}
	st.obj.Data = append(st.obj.Data, payload)
}

// cstring reads a NUL-terminated string that must end inside the reader.
func cstring(r *bin.Reader, field string) string {
	if r.Err() != nil {
		return ""
	}
	rest := r.Data()[r.Offset():]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		r.Fail(field, "no NUL terminator in the %d bytes left", len(rest))
		return ""
	}
	s := string(rest[:i])
	r.Skip(field, i+1)
	return s
}

func readVec64(r *bin.Reader, field string, v *[3]float64) {
	for i := range v {
		v[i] = r.Finite64(field)
	}
}
