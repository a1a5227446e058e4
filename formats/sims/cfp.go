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
	cfpRepeat  = 0xFE // a little-endian uint16 R follows: R+1 copies of the previous value
	cfpZero    = 126  // the delta code whose delta is 0
	cfpDeltas  = 0xFD // codes 0x00..0xFC are deltas
)

// cfpDelta is the delta table: Delta[c] = ±0.1·v⁴ with v = 2c/252 − 1, the
// sign of v (Maxis's table, 253 codes spread over ±0.1 as vitamoo gives
// it), computed in float64 and stored as float32. FreeSO writes the
// constant as 3.9676e-10·(c−126)⁴, 2.5e-5 too large; the real files fit
// 0.1/126⁴ = 3.96750e-10 (docs/formats/sims.md#cfp-key-data).
var cfpDelta = func() (d [cfpDeltas]float32) {
	for c := range d {
		v := 2*float64(c)/(cfpDeltas-1) - 1
		d[c] = float32(math.Copysign(v*v*v*v*0.1, v))
	}
	return d
}()

// cfpPlane names the seven planes of a `.cfp` stream, in stream order.
var cfpPlane = [7]string{"translation x", "translation y", "translation z", "rotation x", "rotation y", "rotation z", "rotation w"}

// ParseCFP decodes a `.cfp` stream holding nT translations and nR
// rotations (counts a skill gives; the stream has none). The stream is
// planar: all X of the translations, then all Y, all Z, then the
// rotations' X, Y, Z, W. Every plane starts from 0; a repeat code R makes
// R+1 copies of the previous value and never runs past its plane. The
// stream must end with the last value of the last plane: a stream that
// ends early, a run past a plane and bytes left over are errors naming
// the plane (docs/formats/sims.md#cfp-key-data).
func ParseCFP(data []byte, nT, nR int) ([]mgl32.Vec3, []FileQuat, error) {
	if nT < 0 || nR < 0 || 3*int64(nT)+4*int64(nR) > maxSkillValues {
		return nil, nil, formats.Errorf(cfpFormat, "counts", 0, "%d translations and %d rotations are more than the %d floats a skill may hold", nT, nR, maxSkillValues)
	}
	trans := make([]mgl32.Vec3, nT)
	rots := make([]FileQuat, nR)
	off := 0
	var err error
	plane := make([]float32, max(nT, nR))
	var starts [7]int
	for p := 0; p < 7 && err == nil; p++ {
		n := nT
		if p >= 3 {
			n = nR
		}
		starts[p] = off
		off, err = decodePlane(data, off, plane[:n], p)
		for i, v := range plane[:n] {
			if p < 3 {
				trans[i][p] = v
			} else {
				rots[i][p-3] = v
			}
		}
	}
	if err != nil {
		return nil, nil, err
	}
	if off != len(data) {
		return nil, nil, formats.Errorf(cfpFormat, cfpPlane[6], int64(off), "%d bytes after the last value of the last plane (%d translations, %d rotations)", len(data)-off, nT, nR)
	}
	for i, q := range rots {
		x, y, z, w := float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])
		if l := math.Sqrt(x*x + y*y + z*z + w*w); math.Abs(l-1) > cfpUnitTolerance {
			return nil, nil, formats.Errorf(cfpFormat, "rotations", int64(starts[3]),
				"rotation %d %v has length %.7g: the games' rotations are unit quaternions (to %g after compression), so the data is damaged (the rotation planes start at offsets %d, %d, %d and %d)",
				i, [4]float32(q), l, cfpUnitTolerance, starts[3], starts[4], starts[5], starts[6])
		}
	}
	return trans, rots, nil
}

// cfpUnitTolerance is how far a `.cfp` rotation's length may be from 1:
// the 107,562 rotations of the demo's 24 skills lie between 0.99856 and
// 1.0015 after compression (docs/formats/sims.md#cfp-key-data); a damaged
// value is much further.
const cfpUnitTolerance = 0.05

// decodePlane decodes len(out) values from data[off:] and returns the
// offset after them.
func decodePlane(data []byte, off int, out []float32, plane int) (int, error) {
	var last float32
	n := len(out)
	for i := 0; i < n; {
		if off >= len(data) {
			return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off), "value %d of %d: unexpected end of data", i, n)
		}
		switch code := data[off]; code {
		case cfpLiteral:
			if len(data)-off < 5 {
				return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off), "literal needs 4 bytes, %d remain", len(data)-off-1)
			}
			last = math.Float32frombits(binary.LittleEndian.Uint32(data[off+1:]))
			if !isFinite(last) {
				return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off+1), "value %d: %v (0x%08X): %w", i, last, math.Float32bits(last), errNonFinite)
			}
			off += 5
			out[i] = last
			i++
		case cfpRepeat:
			if len(data)-off < 3 {
				return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off), "repeat count needs 2 bytes, %d remain", len(data)-off-1)
			}
			r := int(binary.LittleEndian.Uint16(data[off+1:])) + 1
			if r > n-i {
				return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off), "repeat of %d values at value %d runs past the %d values of the plane", r, i, n)
			}
			off += 3
			for end := i + r; i < end; i++ {
				out[i] = last
			}
		default:
			if code >= cfpDeltas {
				return off, formats.Errorf(cfpFormat, cfpPlane[plane], int64(off), "code 0x%02x", code)
			}
			// Deltas accumulate in float32 (a float64 sum, as vitamoo's
			// JavaScript has, differs in the last bit now and then).
			last += cfpDelta[code]
			off++
			out[i] = last
			i++
		}
	}
	return off, nil
}

// EncodeCFP writes the arrays as a `.cfp` stream. It is lossless: a delta
// code is used only when it gives the value bit for bit, else a literal;
// runs of bit-equal values become repeat codes (R+1 copies each).
func EncodeCFP(trans []mgl32.Vec3, rots []FileQuat) []byte {
	var b []byte
	vals := make([]float32, max(len(trans), len(rots)))
	for k := 0; k < 3; k++ {
		for i := range trans {
			vals[i] = trans[i][k]
		}
		b = encodePlane(b, vals[:len(trans)])
	}
	for k := 0; k < 4; k++ {
		for i := range rots {
			vals[i] = rots[i][k]
		}
		b = encodePlane(b, vals[:len(rots)])
	}
	return b
}

func encodePlane(b []byte, vals []float32) []byte {
	var last float32
	for i := 0; i < len(vals); {
		v := vals[i]
		if math.Float32bits(v) == math.Float32bits(last) {
			run := 1
			for i+run < len(vals) && math.Float32bits(vals[i+run]) == math.Float32bits(last) {
				run++
			}
			b, run = appendRun(b, last, run)
			i += run
			continue
		}
		if c, ok := exactDelta(last, v); ok {
			b = append(b, c)
		} else {
			b = append(b, cfpLiteral)
			b = appendLEF32(b, v)
		}
		last = v
		i++
	}
	return b
}

// appendRun writes one code for up to run copies of the previous value and
// returns how many it wrote.
func appendRun(b []byte, last float32, run int) ([]byte, int) {
	// A single copy is the zero delta, unless adding 0 would change the
	// bits (−0 becomes +0).
	if run == 1 && math.Float32bits(last+cfpDelta[cfpZero]) == math.Float32bits(last) {
		return append(b, cfpZero), 1
	}
	run = min(run, 0x10000)
	b = append(b, cfpRepeat)
	return binary.LittleEndian.AppendUint16(b, uint16(run-1)), run
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

// ApplyCFP fills a skill's arrays from its `.cfp` data. An error names the
// skill, its `.cfp` and the plane.
func ApplyCFP(a *Animation, data []byte) error {
	t, r, err := ParseCFP(data, int(a.TranslationCount), int(a.RotationCount))
	if err != nil {
		return fmt.Errorf("skill %q (%s.cfp): %w", a.Name, a.XSkillName, err)
	}
	a.Translations, a.Rotations = t, r
	return nil
}

// rawKeysFormat is the uncompressed key data of the 1998 prototype.
const rawKeysFormat = "sims-skill-bin"

// ParseRawKeys decodes the prototype's uncompressed key data (the
// `xskill-….bin` files beside version 200 skills): nT translations of three
// little-endian float32 (x, y, z), then nR rotations of four (x, y, z, w),
// exactly filling the file (docs/formats/sims.md#skill-bin).
func ParseRawKeys(data []byte, nT, nR int) ([]mgl32.Vec3, []FileQuat, error) {
	if nT < 0 || nR < 0 || 3*int64(nT)+4*int64(nR) > maxSkillValues {
		return nil, nil, formats.Errorf(rawKeysFormat, "counts", 0, "%d translations and %d rotations are more than the %d floats a skill may hold", nT, nR, maxSkillValues)
	}
	want := 12*nT + 16*nR
	if len(data) != want {
		return nil, nil, formats.Errorf(rawKeysFormat, "size", 0, "%d bytes; %d translations and %d rotations take %d", len(data), nT, nR, want)
	}
	trans := make([]mgl32.Vec3, nT)
	rots := make([]FileQuat, nR)
	get := func(off int, field string) (float32, error) {
		v := math.Float32frombits(binary.LittleEndian.Uint32(data[off:]))
		if !isFinite(v) {
			return 0, formats.Errorf(rawKeysFormat, field, int64(off), "%v (0x%08X): %w", v, math.Float32bits(v), errNonFinite)
		}
		return v, nil
	}
	var err error
	for i := range trans {
		for k := 0; k < 3 && err == nil; k++ {
			trans[i][k], err = get(12*i+4*k, "translations")
		}
	}
	for i := range rots {
		for k := 0; k < 4 && err == nil; k++ {
			rots[i][k], err = get(12*nT+16*i+4*k, "rotations")
		}
		if err == nil {
			err = checkUnit(rots[i], i, int64(12*nT+16*i))
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return trans, rots, nil
}

// rawUnitTolerance is how far a `.bin` rotation's length may be from 1:
// the prototype's four files hold unit quaternions to 1e-7
// (docs/formats/sims.md#skill-bin), and a damaged byte above the lowest
// of a float's mantissa moves the length by more than this.
const rawUnitTolerance = 1e-3

// checkUnit refuses a `.bin` rotation that is not a unit quaternion: the
// prototype's keys are (docs/formats/sims.md#skill-bin), so one that is
// not is damage, which would otherwise play as a rotation the game never
// stored.
func checkUnit(q FileQuat, i int, off int64) error {
	x, y, z, w := float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])
	l := math.Sqrt(x*x + y*y + z*z + w*w)
	if math.Abs(l-1) <= rawUnitTolerance {
		return nil
	}
	return formats.Errorf(rawKeysFormat, "rotations", off, "rotation %d %v has length %.7g: the prototype's rotations are unit quaternions (to %g), so the key is damaged",
		i, [4]float32(q), l, rawUnitTolerance)
}

// EncodeRawKeys writes arrays in the prototype's uncompressed layout.
func EncodeRawKeys(trans []mgl32.Vec3, rots []FileQuat) []byte {
	b := make([]byte, 0, 12*len(trans)+16*len(rots))
	for _, t := range trans {
		for _, f := range t {
			b = appendLEF32(b, f)
		}
	}
	for _, q := range rots {
		for _, f := range q {
			b = appendLEF32(b, f)
		}
	}
	return b
}
