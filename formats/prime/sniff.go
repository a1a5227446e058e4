package prime

import (
	"encoding/binary"
	"math"
)

// Sniffing has to tell Prime ANIMs from The Sims' .anim, which also starts
// with a big-endian u32 version 2, followed by a u16 name length, the ASCII
// name and little-endian floats. The checks below look at fields that a Sims
// file fills with ASCII or little-endian floats:
//
//   - MP1 version 2 needs unk0 (bytes 12..15) to be exactly 00 00 00 01;
//     MP2 version 2 needs the bytes 8..9 to be 01 01, which is no ASCII.
//   - The interval must lie between 1e-4 and 10 seconds: a little-endian
//     float read big-endian is a denormal or a wild value, never in range.
//   - The duration must be a finite, non-negative float below a day, the
//     rotation divisor non-zero, the multipliers finite, the bitmap words
//     present and the descriptor count at most 100 with a first bone id
//     below 100.
//
// Version 0 needs a zero version, CharAnimTime states 0..4, the same interval
// range and a bone table of 1 to 100 entries that are 0xFF or below 100.

const (
	sniffMinInterval = 1e-4
	sniffMaxInterval = 10
)

func be32(b []byte, off int) uint32 { return binary.BigEndian.Uint32(b[off:]) }

func beF32(b []byte, off int) float64 { return float64(math.Float32frombits(be32(b, off))) }

func plausibleTimes(duration, interval float64) bool {
	return !math.IsNaN(duration) && duration >= 0 && duration <= maxSeconds &&
		interval >= sniffMinInterval && interval <= sniffMaxInterval
}

// SniffANIM reports whether data looks like a Metroid Prime 1 or 2 ANIM.
func SniffANIM(data []byte) bool {
	if len(data) < 36 {
		return false
	}
	switch be32(data, 0) {
	case 0:
		return sniffV0(data)
	case 2:
		if binary.BigEndian.Uint16(data[8:]) == MP2Marker {
			return sniffV2(data, MP2)
		}
		return sniffV2(data, MP1)
	}
	return false
}

func sniffV0(d []byte) bool {
	if be32(d, 8) > 4 || be32(d, 16) > 4 || !plausibleTimes(beF32(d, 4), beF32(d, 12)) {
		return false
	}
	n := int(be32(d, 28))
	if n < 1 || n > MaxSegments || len(d) < 32+n {
		return false
	}
	for _, c := range d[32 : 32+n] {
		if c != NoChannel && c >= MaxSegments {
			return false
		}
	}
	return true
}

func sniffV2(d []byte, game Game) bool {
	// Offsets of duration, rotation divisor, translation multiplier and
	// bitmap length, then the multipliers' count.
	dur, div, mult, bitmap := 16, 32, 36, 48
	if game == MP2 {
		dur, div, mult, bitmap = 10, 26, 30, 46
	} else if be32(d, 12) != 1 {
		return false
	}
	if len(d) < bitmap+4 || !plausibleTimes(beF32(d, dur), beF32(d, dur+4)) || be32(d, div) == 0 {
		return false
	}
	if m := beF32(d, mult); math.IsNaN(m) || math.IsInf(m, 0) {
		return false
	}
	if game == MP2 {
		if m := beF32(d, mult+4); math.IsNaN(m) || math.IsInf(m, 0) {
			return false
		}
	}
	words := (uint64(be32(d, bitmap)) + 31) / 32
	off := uint64(bitmap+4) + 4*words
	if game == MP1 {
		off += 4
	}
	if off+4 > uint64(len(d)) {
		return false
	}
	n := be32(d, int(off))
	if n > MaxSegments {
		return false
	}
	if n == 0 {
		return true
	}
	off += 4
	if game == MP2 {
		return off < uint64(len(d)) && d[off] < MaxSegments
	}
	return off+4 <= uint64(len(d)) && be32(d, int(off)) < MaxSegments
}

// SniffCINF reports whether data parses as a Metroid Prime 1 or 2 CINF with
// at least one bone. CINFs are small, so the whole structure is checked.
func SniffCINF(data []byte) bool {
	if len(data) < 4+minBoneMP1+8 || be32(data, 0) == 0 || be32(data, 0) > MaxSegments {
		return false
	}
	c, err := ParseCINF(data, GameAuto)
	return err == nil && len(c.Bones) > 0
}
