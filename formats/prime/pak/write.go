package pak

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
)

// Compression is how the writer stores an entry.
type Compression uint8

// Entry storage kinds.
const (
	// Plain stores the bytes as they are.
	Plain Compression = iota
	// Zlib stores one zlib stream (MP1).
	Zlib
	// LZO stores LZO1X segments (MP2).
	LZO
)

// WriteEntry is a resource for Write.
type WriteEntry struct {
	Type        [4]byte
	ID          uint32
	Data        []byte
	Compression Compression
}

// WriteOptions tune Write.
type WriteOptions struct {
	// CompressLZO compresses one segment of at most SegmentSize bytes into
	// an LZO1X stream. Without it LZO entries store every segment raw
	// (negative lengths), which the games read as well.
	CompressLZO func([]byte) []byte
}

// Type4 makes a FourCC from a string of four characters.
func Type4(s string) [4]byte {
	var t [4]byte
	copy(t[:], s)
	return t
}

// Write builds a PAK: the header, the named and resource tables, zero
// bytes to the 32-byte boundary, then each entry in table order, padded
// with 0xFF to 32 bytes (sizes include the padding, as the games store
// them).
func Write(named []Named, entries []WriteEntry, opt WriteOptions) ([]byte, error) {
	var h []byte
	h = binary.BigEndian.AppendUint32(h, Version)
	h = binary.BigEndian.AppendUint32(h, 0)
	h = binary.BigEndian.AppendUint32(h, uint32(len(named)))
	for _, n := range named {
		h = append(h, n.Type[:]...)
		h = binary.BigEndian.AppendUint32(h, n.ID)
		h = binary.BigEndian.AppendUint32(h, uint32(len(n.Name)))
		h = append(h, n.Name...)
	}
	h = binary.BigEndian.AppendUint32(h, uint32(len(entries)))
	tableAt := len(h)
	h = append(h, make([]byte, 20*len(entries))...)
	for len(h)%32 != 0 {
		h = append(h, 0)
	}
	out := h
	for i, e := range entries {
		body, err := encode(e, opt)
		if err != nil {
			return nil, fmt.Errorf("pak: entry %d (%08X.%s): %w", i, e.ID, typeString(e.Type), err)
		}
		off := len(out)
		out = append(out, body...)
		for len(out)%32 != 0 {
			out = append(out, 0xFF)
		}
		row := out[tableAt+20*i:]
		var comp uint32
		if e.Compression != Plain {
			comp = 1
		}
		binary.BigEndian.PutUint32(row, comp)
		copy(row[4:], e.Type[:])
		binary.BigEndian.PutUint32(row[8:], e.ID)
		binary.BigEndian.PutUint32(row[12:], uint32(len(out)-off))
		binary.BigEndian.PutUint32(row[16:], uint32(off))
	}
	return out, nil
}

func encode(e WriteEntry, opt WriteOptions) ([]byte, error) {
	switch e.Compression {
	case Plain:
		return e.Data, nil
	case Zlib:
		var b bytes.Buffer
		b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(e.Data))))
		zw := zlib.NewWriter(&b)
		zw.Write(e.Data)
		if err := zw.Close(); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	case LZO:
		b := binary.BigEndian.AppendUint32(nil, uint32(len(e.Data)))
		for p := 0; p < len(e.Data); p += SegmentSize {
			seg := e.Data[p:min(p+SegmentSize, len(e.Data))]
			var c []byte
			if opt.CompressLZO != nil {
				c = opt.CompressLZO(seg)
			}
			if c != nil && len(c) < len(seg) && len(c) <= 0x7FFF {
				b = binary.BigEndian.AppendUint16(b, uint16(len(c)))
				b = append(b, c...)
				continue
			}
			b = binary.BigEndian.AppendUint16(b, uint16(-int16(len(seg))))
			b = append(b, seg...)
		}
		return b, nil
	}
	return nil, errors.New("unknown compression")
}
