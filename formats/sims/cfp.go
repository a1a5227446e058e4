package sims

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

const cfpFormat = "sims-cfp"

// CFP code bytes (docs/formats/sims.md#cfp-key-data).
const (
	cfpLiteral = 0xFF // a little-endian float32 follows
	cfpRepeat  = 0xFE // a little-endian uint16 repeat count follows
	cfpZero    = 126  // the delta code whose delta is 0
	cfpDeltas  = 0xFD // codes 0x00..0xFC are deltas
)

// cfpDelta is the delta table: Delta[c] = 3.9676e-10·(c−126)³·|c−126|,
// computed in float64 and stored as float32, as FreeSO's CFP.Delta is.
var cfpDelta = func() (d [cfpDeltas]float32) {
	for c := range d {
		x := float64(c) - 126
		d[c] = float32(3.9676e-10 * (x * x * x * math.Abs(x)))
	}
	return d
}()

// RepeatReading says how many values a repeat code (0xFE, count R) makes.
type RepeatReading uint8

const (
	// RepeatPlusOne is FreeSO's decoder (CFP.ReadNFloats): the previous
	// value R times and then once more, R+1 values in all. It is the reading
	// this package uses and writes.
	RepeatPlusOne RepeatReading = iota
	// RepeatExact is the count FreeSO's encoder writes (CFP.CompressAnim):
	// R values. The loader falls back to it when only it fits a file.
	RepeatExact
)

// String names the reading as info output shows it.
func (r RepeatReading) String() string {
	if r == RepeatExact {
		return "R"
	}
	return "R+1"
}

// DecodeCFP decodes a `.cfp` stream holding nT translations and nR rotations
// (counts a skill gives; the stream has none). The stream is planar: all X
// of the translations, then all Y, all Z, then the rotations' X, Y, Z, W.
// Every plane starts from 0 and no repeat runs across planes. It returns the
// number of bytes used; bytes past the last value are the caller's concern.
func DecodeCFP(data []byte, nT, nR int, reading RepeatReading) ([]mgl32.Vec3, []FileQuat, int, error) {
	if nT < 0 || nR < 0 || 3*int64(nT)+4*int64(nR) > maxSkillValues {
		return nil, nil, 0, formats.Errorf(cfpFormat, "counts", 0, "%d translations and %d rotations are more than the %d floats a skill may hold", nT, nR, maxSkillValues)
	}
	trans := make([]mgl32.Vec3, nT)
	rots := make([]FileQuat, nR)
	off := 0
	var err error
	for k := 0; k < 3 && err == nil; k++ {
		off, err = decodePlane(data, off, nT, reading, k, func(i int, v float32) { trans[i][k] = v })
	}
	for k := 0; k < 4 && err == nil; k++ {
		off, err = decodePlane(data, off, nR, reading, 3+k, func(i int, v float32) { rots[i][k] = v })
	}
	if err != nil {
		return nil, nil, off, err
	}
	return trans, rots, off, nil
}

var planeNames = [7]string{"translation x", "translation y", "translation z", "rotation x", "rotation y", "rotation z", "rotation w"}

// decodePlane decodes n values from data[off:] and returns the offset after them.
func decodePlane(data []byte, off, n int, reading RepeatReading, plane int, put func(int, float32)) (int, error) {
	var last float32
	for i := 0; i < n; {
		if off >= len(data) {
			return off, formats.Errorf(cfpFormat, planeNames[plane], int64(off), "value %d of %d: unexpected end of data", i, n)
		}
		code := data[off]
		switch code {
		case cfpLiteral:
			if len(data)-off < 5 {
				return off, formats.Errorf(cfpFormat, planeNames[plane], int64(off), "literal needs 4 bytes, %d remain", len(data)-off-1)
			}
			last = math.Float32frombits(binary.LittleEndian.Uint32(data[off+1:]))
			off += 5
			put(i, last)
			i++
		case cfpRepeat:
			if len(data)-off < 3 {
				return off, formats.Errorf(cfpFormat, planeNames[plane], int64(off), "repeat count needs 2 bytes, %d remain", len(data)-off-1)
			}
			r := int(binary.LittleEndian.Uint16(data[off+1:]))
			if reading == RepeatPlusOne {
				r++
			}
			if r > n-i {
				return off, formats.Errorf(cfpFormat, planeNames[plane], int64(off), "repeat of %d values at value %d runs past the %d values of the plane", r, i, n)
			}
			off += 3
			for ; r > 0; r-- {
				put(i, last)
				i++
			}
		default:
			if code >= cfpDeltas {
				return off, formats.Errorf(cfpFormat, planeNames[plane], int64(off), "code 0x%02x", code)
			}
			last += cfpDelta[code]
			off++
			put(i, last)
			i++
		}
	}
	return off, nil
}

// DecodeCFPAuto decodes with FreeSO's reading (RepeatPlusOne) and, when
// that fails or leaves bytes over while the other reading uses the data
// exactly, with RepeatExact. It returns the reading used and, when the
// chosen reading still leaves bytes over, their count.
func DecodeCFPAuto(data []byte, nT, nR int) (trans []mgl32.Vec3, rots []FileQuat, reading RepeatReading, extra int, err error) {
	t1, r1, used1, err1 := DecodeCFP(data, nT, nR, RepeatPlusOne)
	if err1 == nil && used1 == len(data) {
		return t1, r1, RepeatPlusOne, 0, nil
	}
	t2, r2, used2, err2 := DecodeCFP(data, nT, nR, RepeatExact)
	if err2 == nil && used2 == len(data) {
		return t2, r2, RepeatExact, 0, nil
	}
	if err1 != nil {
		return nil, nil, RepeatPlusOne, 0, err1
	}
	return t1, r1, RepeatPlusOne, len(data) - used1, nil
}

// EncodeCFP writes the arrays as a `.cfp` stream in the given reading. It is
// lossless: a delta code is used only when it gives the value bit for bit,
// else a literal; runs of bit-equal values become repeat codes.
func EncodeCFP(trans []mgl32.Vec3, rots []FileQuat, reading RepeatReading) []byte {
	var b []byte
	vals := make([]float32, max(len(trans), len(rots)))
	for k := 0; k < 3; k++ {
		for i := range trans {
			vals[i] = trans[i][k]
		}
		b = encodePlane(b, vals[:len(trans)], reading)
	}
	for k := 0; k < 4; k++ {
		for i := range rots {
			vals[i] = rots[i][k]
		}
		b = encodePlane(b, vals[:len(rots)], reading)
	}
	return b
}

func encodePlane(b []byte, vals []float32, reading RepeatReading) []byte {
	var last float32
	for i := 0; i < len(vals); {
		v := vals[i]
		if math.Float32bits(v) == math.Float32bits(last) {
			run := 1
			for i+run < len(vals) && math.Float32bits(vals[i+run]) == math.Float32bits(last) {
				run++
			}
			b, run = appendRun(b, last, run, reading)
			i += run
			continue
		}
		if c, ok := exactDelta(last, v); ok {
			b = append(b, c)
			last = v
		} else {
			b = append(b, cfpLiteral)
			b = appendLEF32(b, v)
			last = v
		}
		i++
	}
	return b
}

// appendRun writes one code for up to run copies of the previous value and
// returns how many it wrote.
func appendRun(b []byte, last float32, run int, reading RepeatReading) ([]byte, int) {
	if reading == RepeatPlusOne {
		// A single copy is the zero delta, unless adding 0 would change the
		// bits (−0 becomes +0).
		if run == 1 && math.Float32bits(last+cfpDelta[cfpZero]) == math.Float32bits(last) {
			return append(b, cfpZero), 1
		}
		run = min(run, 0x10000)
		b = append(b, cfpRepeat)
		return binary.LittleEndian.AppendUint16(b, uint16(run-1)), run
	}
	run = min(run, 0xFFFF)
	b = append(b, cfpRepeat)
	return binary.LittleEndian.AppendUint16(b, uint16(run)), run
}

// exactDelta finds a delta code c with last+Delta[c] == v bit for bit.
func exactDelta(last, v float32) (byte, bool) {
	d := float64(v) - float64(last)
	if math.IsNaN(d) || math.IsInf(d, 0) || math.Abs(d) > float64(cfpDelta[cfpDeltas-1])*1.01 {
		return 0, false
	}
	// The table is increasing: find the nearest entries and test them.
	lo, hi := 0, cfpDeltas-1
	for lo < hi {
		m := (lo + hi) / 2
		if float64(cfpDelta[m]) < d {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for c := max(lo-2, 0); c <= min(lo+2, cfpDeltas-1); c++ {
		if c == cfpZero {
			continue // a zero delta is a run
		}
		if math.Float32bits(last+cfpDelta[c]) == math.Float32bits(v) {
			return byte(c), true
		}
	}
	return 0, false
}

// ApplyCFP fills a skill's arrays from its `.cfp` data (DecodeCFPAuto) and
// returns the reading used and a warning for anything unusual ("" if none).
func ApplyCFP(a *Animation, data []byte) (RepeatReading, string, error) {
	t, r, reading, extra, err := DecodeCFPAuto(data, int(a.TranslationCount), int(a.RotationCount))
	if err != nil {
		return reading, "", fmt.Errorf("skill %q: %w", a.Name, err)
	}
	a.Translations, a.Rotations = t, r
	var warn string
	switch {
	case extra > 0:
		warn = fmt.Sprintf("skill %q: %d bytes left over after the %d translations and %d rotations of %s.cfp",
			a.Name, extra, a.TranslationCount, a.RotationCount, a.XSkillName)
	case reading == RepeatExact:
		warn = fmt.Sprintf("skill %q: %s.cfp fits only when a repeat code makes R values (not FreeSO's R+1); decoded that way",
			a.Name, a.XSkillName)
	}
	return reading, warn, nil
}
