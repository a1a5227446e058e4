package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/animview/animview/internal/retromath"
	"math"
	"math/bits"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// MP2Marker is the u16 after the scratch size of an MP2 compressed ANIM (two
// u8 fields, both 1); an MP1 file has its EVNT id there
// (docs/formats/metroid-prime.md#version-2-header).
const MP2Marker = 0x0101

// V2Header mirrors the compressed ANIM header up to the descriptor list
// (docs/formats/metroid-prime.md#version-2-header).
type V2Header struct {
	ScratchSize uint32
	// EVNT is the MP1 EVNT id (0 or 0xFFFFFFFF: none).
	EVNT uint32
	// Unk0 is an MP1 field, always 1.
	Unk0 uint32
	// Marker is the MP2 u16 0x0101.
	Marker    uint16
	Duration  float32
	Interval  float32
	RootBone  uint32
	Looping   uint32
	RotDiv    uint32
	TransMult float32
	// ScaleMult is MP2 only.
	ScaleMult        float32
	BoneChannelCount uint32
	Unk3             uint32
	// BitmapBits is the number of frames the key bitmap covers.
	BitmapBits uint32
	Bitmap     []uint32
	// AfterBitmap is the MP1 u32 between the bitmap and the descriptor
	// count; the engine ignores it (cookers write the channel count).
	AfterBitmap uint32
}

// Block describes one component group (rotation, translation or scale) of a
// channel: a key count (0: absent, and the rest is not stored), the initial
// values and the bit width of each delta.
type Block struct {
	KeyCount uint16
	Init     [3]int16
	Bits     [3]uint8
}

// Present reports whether the channel has this component.
func (b *Block) Present() bool { return b.KeyCount != 0 }

// Descriptor is a bone channel descriptor of a compressed ANIM.
type Descriptor struct {
	// BoneID is a u32 in MP1 and a u8 in MP2.
	BoneID uint32
	Rot    Block
	Trans  Block
	// Scale is MP2 only.
	Scale Block
}

// AnimV2 is a compressed ANIM as stored, with its bitstream unpacked into
// the running totals of every record.
type AnimV2 struct {
	Game Game
	V2Header
	Channels []Descriptor
	// Records is the number of key records in the bitstream: the first
	// channel's rotation key count, as the engine's GetNumKeyframes reads it
	// (docs/formats/metroid-prime.md#record-count).
	Records int
	// Values holds Records+1 rows of Stride() int16 values. Row 0 is the
	// implicit first key (the descriptors' initial values, W bit 0:
	// docs/formats/metroid-prime.md#implicit-first-key); row k holds the
	// running totals after record k, wrapped to 16 bits as the engine's
	// short accumulators do (docs/formats/metroid-prime.md#running-totals).
	// Within a row,
	// per channel in order: the W sign bit (0 or 1) and rx, ry, rz if the
	// channel rotates; tx, ty, tz if it translates; sx, sy, sz if it scales.
	Values []int16
	// Trailing are the bytes after the bitstream (PAK padding, 0xFF).
	Trailing []byte
}

// fieldPlan is one value of a record: its bit width and whether it is
// stored absolutely (the W bit) rather than as a delta.
type fieldPlan struct {
	bits uint8
	abs  bool
}

// plan lists the fields of one record in bitstream order
// (docs/formats/metroid-prime.md#records).
func (a *AnimV2) plan() (p []fieldPlan, sumBits int) {
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Rot.Present() {
			p = append(p, fieldPlan{1, true})
			sumBits++
			for _, q := range c.Rot.Bits {
				p = append(p, fieldPlan{bits: q})
				sumBits += int(q)
			}
		}
		if c.Trans.Present() {
			for _, q := range c.Trans.Bits {
				p = append(p, fieldPlan{bits: q})
				sumBits += int(q)
			}
		}
		if a.Game == MP2 && c.Scale.Present() {
			for _, q := range c.Scale.Bits {
				p = append(p, fieldPlan{bits: q})
				sumBits += int(q)
			}
		}
	}
	return p, sumBits
}

// Stride returns the number of values in a row of Values.
func (a *AnimV2) Stride() int {
	n := 0
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Rot.Present() {
			n += 4
		}
		if c.Trans.Present() {
			n += 3
		}
		if a.Game == MP2 && c.Scale.Present() {
			n += 3
		}
	}
	return n
}

// KeyFrames returns the frame of each row of Values: frame 0 for the
// implicit first key, then the set bits of the bitmap after bit 0 (the
// engine never consults bit 0: docs/formats/metroid-prime.md#implicit-first-key).
// It stops at Records+1 rows or
// at the end of the bitmap, whichever comes first.
func (a *AnimV2) KeyFrames() []int {
	n := a.Records + 1
	frames := make([]int, 1, min(n, 1+int(a.BitmapBits)))
	for i := 1; i < int(a.BitmapBits) && len(frames) < n; i++ {
		if bitmapBit(a.Bitmap, i) {
			frames = append(frames, i)
		}
	}
	return frames
}

// setBitsAfterZero counts the keyed frames after frame 0.
func (a *AnimV2) setBitsAfterZero() int {
	n := 0
	for i, w := range a.Bitmap {
		if i == 0 {
			w &^= 1
		}
		if rem := int(a.BitmapBits) - i*32; rem < 32 {
			w &= 1<<uint(rem) - 1
		}
		n += bits.OnesCount32(w)
	}
	return n
}

// parseV2Detect picks the compressed layout: the MP2 marker 0x0101 where MP1
// keeps its EVNT id (docs/formats/metroid-prime.md#version-2-header, the
// rule PWE and RDS use), unless the caller
// names the game.
func parseV2Detect(data []byte, game Game) (*Anim, error) {
	if game == GameAuto {
		game = MP1
		if len(data) >= 10 && binary.BigEndian.Uint16(data[8:]) == MP2Marker {
			game = MP2
		}
	}
	v, warn, err := parseV2(data, game)
	if err != nil {
		return nil, err
	}
	a := &Anim{Game: game, Version: 2, V2: v, Warnings: warn}
	a.Keys = v.keys()
	if err := v.checkOverflow(&a.Keys); err != nil {
		return nil, err
	}
	if w := v.oppositeKeys(&a.Keys, len(data)); w != "" {
		a.Warnings = append(a.Warnings, w)
	}
	return a, nil
}

// checkOverflow refuses keys whose int16 total times its multiplier
// overflows a single (a multiplier above about 1e34): the game would get an
// infinity (docs/formats/README.md#limits-and-non-finite-numbers). The
// error is at the multiplier.
func (a *AnimV2) checkOverflow(k *Keys) error {
	// The multipliers follow the rotation divisor
	// (docs/formats/metroid-prime.md#version-2-header).
	multOff := int64(36)
	if a.Game == MP2 {
		multOff = 30
	}
	for i := range k.Channels {
		c := &k.Channels[i]
		for _, f := range []struct {
			keys  []mgl32.Vec3
			field string
			off   int64
			mult  float32
		}{{c.Translation, "translation multiplier", multOff, a.TransMult}, {c.Scale, "scale multiplier", multOff + 4, a.ScaleMult}} {
			for j, v := range f.keys {
				if !finite(v[0]) || !finite(v[1]) || !finite(v[2]) {
					return &formats.Error{Format: fmtANIM, Field: f.field, Offset: f.off,
						Err: fmt.Errorf("%v times channel %d's key %d total gives %v: %w", f.mult, i, j, v, formats.ErrNonFinite)}
				}
			}
		}
	}
	return nil
}

// nearlyOpposite is the dot product below which two consecutive rotation
// keys count as nearly opposite (docs/formats/metroid-prime.md#nearly-opposite-keys):
// within 5 degrees of the same orientation, reached by almost a full turn.
const nearlyOpposite = -0.999

// oppositeKeys describes, as a warning, the consecutive rotation keys of
// the ANIM that are nearly opposite quaternions
// (docs/formats/metroid-prime.md#nearly-opposite-keys): the game's slerp,
// which never flips a key, spins such a bone almost a full turn between
// them, and a damaged byte of the bitstream is what makes them. The
// warning counts them and locates the first: channel, bone, keys,
// frames and the bitstream word of its record (size is the file's).
func (a *AnimV2) oppositeKeys(k *Keys, size int) string {
	p, sumBits := a.plan()
	bitsOff := size - len(a.Trailing) - int((uint64(sumBits)*uint64(a.Records)+31)/32)*4
	count, first := 0, ""
	pre := 0 // bits of the record before the channel's fields
	j := 0   // plan field of the channel's first value
	for ci := range a.Channels {
		c := &a.Channels[ci]
		ck := &k.Channels[ci]
		for key := 1; key < len(ck.Rotation); key++ {
			q0, q1 := ck.Rotation[key-1], ck.Rotation[key]
			dot := float64(q0.W)*float64(q1.W) + float64(q0.V[0])*float64(q1.V[0]) +
				float64(q0.V[1])*float64(q1.V[1]) + float64(q0.V[2])*float64(q1.V[2])
			if dot >= nearlyOpposite {
				continue
			}
			count++
			if first == "" {
				bit := (key-1)*sumBits + pre
				first = fmt.Sprintf("the first is channel %d (bone id %d), keys %d and %d (frames %d and %d, dot %.5f), "+
					"whose record %d starts at bit %d of the word at offset %d (0x%X)",
					ci, c.BoneID, key-1, key, k.Frames[key-1], k.Frames[key], dot, key, bit%32, bitsOff+bit/32*4, bitsOff+bit/32*4)
			}
		}
		// Advance past the channel's fields in the record plan.
		n := 0
		if c.Rot.Present() {
			n += 4
		}
		if c.Trans.Present() {
			n += 3
		}
		if a.Game == MP2 && c.Scale.Present() {
			n += 3
		}
		for _, f := range p[j : j+n] {
			pre += int(f.bits)
		}
		j += n
	}
	if count == 0 {
		return ""
	}
	pairs := fmt.Sprintf("%d pairs of consecutive rotation keys are", count)
	if count == 1 {
		pairs = "a pair of consecutive rotation keys is"
	}
	return fmt.Sprintf("%s nearly opposite quaternions, which the game's slerp turns almost a full turn "+
		"within one interval (a damaged bitstream gives such keys); %s", pairs, first)
}

// descriptor sizes without the optional blocks: bone id and the u16 counts.
const (
	minDescMP1 = 4 + 2 + 2
	minDescMP2 = 1 + 2 + 2 + 2
)

// parseV2 reads a compressed ANIM in the given game's layout
// (docs/formats/metroid-prime.md#anim-version-2).
func parseV2(data []byte, game Game) (*AnimV2, []string, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtANIM)
	a := &AnimV2{Game: game}
	h := &a.V2Header
	if v := r.U32("version"); v != 2 && r.Err() == nil {
		return nil, nil, r.FailAt("version", 0, "%d is not 2", v)
	}
	h.ScratchSize = r.U32("scratch size")
	if game == MP1 {
		h.EVNT = r.U32("EVNT id")
		h.Unk0 = r.U32("unk0")
	} else {
		h.Marker = r.U16("marker")
	}
	durOff := r.Offset()
	h.Duration = r.Finite32("duration")
	intOff := r.Offset()
	h.Interval = r.Finite32("interval")
	if r.Err() == nil {
		checkTimes(r, h.Duration, durOff, h.Interval, intOff)
	}
	h.RootBone = r.U32("root bone id")
	h.Looping = r.U32("looping")
	divOff := r.Offset()
	h.RotDiv = r.U32("rotation divisor")
	if r.Err() == nil && h.RotDiv == 0 {
		r.FailAt("rotation divisor", divOff, "0 (the rotation step would be infinite)")
	}
	h.TransMult = r.Finite32("translation multiplier")
	if game == MP2 {
		h.ScaleMult = r.Finite32("scale multiplier")
	}
	h.BoneChannelCount = r.U32("bone channel count")
	h.Unk3 = r.U32("unk3")
	h.BitmapBits = r.U32("key bitmap length")
	nWords := r.Count("key bitmap", (uint64(h.BitmapBits)+31)/32, 4)
	if r.Err() == nil {
		h.Bitmap = make([]uint32, nWords)
		for i := range h.Bitmap {
			h.Bitmap[i] = r.U32("key bitmap")
		}
	}
	if game == MP1 {
		h.AfterBitmap = r.U32("unk after key bitmap")
	}
	minDesc := minDescMP1
	if game == MP2 {
		minDesc = minDescMP2
	}
	nCh := r.Count("channel count", uint64(r.U32("channel count")), minDesc)
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	a.Channels = make([]Descriptor, nCh)
	for i := 0; i < len(a.Channels) && r.Err() == nil; i++ {
		readDescriptor(r, game, i, &a.Channels[i])
	}
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	var warn []string
	if nCh > 0 {
		a.Records = int(a.Channels[0].Rot.KeyCount)
		warn = a.countWarnings()
	}
	if err := a.readBitstream(r); err != nil {
		return nil, nil, err
	}
	a.Trailing = r.Bytes("padding", r.Len())
	if !trailing(a.Trailing) {
		warn = append(warn, trailingWarning(a.Trailing))
	}
	return a, warn, nil
}

func finite(f float32) bool {
	return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0)
}

// readDescriptor reads one channel descriptor: the bone id, then the blocks
// whose 9 bytes follow only a non-zero key count
// (docs/formats/metroid-prime.md#channel-descriptors). Field
// names are constant and the channel number is added to an error's field
// afterwards, so that a good file costs no formatting.
func readDescriptor(r *bin.Reader, game Game, i int, d *Descriptor) {
	off := r.Offset()
	if game == MP1 {
		d.BoneID = r.U32("bone id")
	} else {
		d.BoneID = uint32(r.U8("bone id"))
	}
	if r.Err() == nil {
		checkBone(r, "bone id", off, d.BoneID)
	}
	readBlock(r, &d.Rot, "rotation key count", rotFields)
	readBlock(r, &d.Trans, "translation key count", transFields)
	if game == MP2 {
		readBlock(r, &d.Scale, "scale key count", scaleFields)
	}
	if r.Err() != nil {
		prefixField(r, "channel "+strconv.Itoa(i))
	}
}

// Field names of a block's initial values and widths, per axis.
var (
	rotFields   = blockFields("rotation")
	transFields = blockFields("translation")
	scaleFields = blockFields("scale")
)

func blockFields(what string) [6]string {
	return [6]string{
		"initial " + what + " x", what + " bits x",
		"initial " + what + " y", what + " bits y",
		"initial " + what + " z", what + " bits z",
	}
}

func readBlock(r *bin.Reader, b *Block, countField string, fields [6]string) {
	b.KeyCount = r.U16(countField)
	if b.KeyCount == 0 {
		return
	}
	for j := 0; j < 3; j++ {
		b.Init[j] = r.I16(fields[2*j])
		off := r.Offset()
		b.Bits[j] = r.U8(fields[2*j+1])
		if r.Err() == nil && b.Bits[j] > 32 {
			r.FailAt(fields[2*j+1], off, "%d bits is more than the bit reader's 32", b.Bits[j])
		}
	}
}

// prefixField puts a record's name in front of the field of the reader's
// error. Callers read records until the first error and call it once, for
// the record that failed.
func prefixField(r *bin.Reader, prefix string) {
	var fe *formats.Error
	if errors.As(r.Err(), &fe) {
		fe.Field = prefix + " " + fe.Field
	}
}

// countWarnings notes channels whose counts disagree with the record count
// the engine uses, and MP1 channels without rotation.
func (a *AnimV2) countWarnings() []string {
	var w []string
	odd := 0
	for i := range a.Channels {
		c := &a.Channels[i]
		if a.Game == MP1 && !c.Rot.Present() {
			w = append(w, fmt.Sprintf("channel %d (bone %d) has no rotation block; the MP1 engine expects one on every channel", i, c.BoneID))
		}
		for _, b := range []*Block{&c.Rot, &c.Trans, &c.Scale} {
			if b.Present() && int(b.KeyCount) != a.Records {
				odd++
				break
			}
		}
	}
	if odd > 0 {
		w = append(w, fmt.Sprintf("%d channels have key counts other than the first channel's %d; the engine reads %d records", odd, a.Records, a.Records))
	}
	if n := a.setBitsAfterZero(); n != a.Records {
		w = append(w, fmt.Sprintf("the key bitmap has %d keyed frames after frame 0 but the bitstream holds %d records; keys are kept for %d frames", n, a.Records, min(n, a.Records)))
	}
	return w
}

// maxFreeValues is the number of decoded values allowed beyond what the
// bitstream's bits justify (values of zero-width fields cost no bits).
const maxFreeValues = 1 << 20

// readBitstream unpacks the records into running totals
// (docs/formats/metroid-prime.md#records to #running-totals). The word
// count is the engine's: ceil(sumBits·records/32).
func (a *AnimV2) readBitstream(r *bin.Reader) error {
	p, sumBits := a.plan()
	stride := len(p)
	words := (uint64(sumBits)*uint64(a.Records) + 31) / 32
	off := r.Offset()
	nWords := r.Count("key bitstream", words, 4)
	if err := r.Err(); err != nil {
		return err
	}
	// Bound the allocation by the data: every value of a field with a
	// width costs at least one bit of the stream that is present.
	rows := uint64(a.Records) + 1
	if need := rows * uint64(stride); need > 2*uint64(nWords)*32+maxFreeValues {
		return r.FailAt("key bitstream", off, "%d records of %d values are more than the %d-byte bitstream can hold",
			a.Records, stride, nWords*4)
	}
	a.Values = make([]int16, int(rows)*stride)
	row := a.Values[:stride]
	j := 0
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Rot.Present() {
			row[j], row[j+1], row[j+2], row[j+3] = 0, c.Rot.Init[0], c.Rot.Init[1], c.Rot.Init[2]
			j += 4
		}
		if c.Trans.Present() {
			copy(row[j:j+3], c.Trans.Init[:])
			j += 3
		}
		if a.Game == MP2 && c.Scale.Present() {
			copy(row[j:j+3], c.Scale.Init[:])
			j += 3
		}
	}
	if !unpackRecords(r.Bytes("key bitstream", nWords*4), p, a.Values, stride, a.Records) {
		return r.FailAt("key bitstream", off, "records run past the %d words", nWords)
	}
	return r.Err()
}

// unpackRecords is the hot loop of the decoder: the bit reader
// (docs/formats/metroid-prime.md#bit-order) inlined, with its state in
// locals. Each field is a delta added to the previous row (keep = all ones)
// or, for the W bit, a value of its own (keep = 0, no sign extension). The
// sign extension (docs/formats/metroid-prime.md#signed-fields) is the shift
// pair by 32-q; for q = 0 both shifts give 0, the defensive reading. It
// reports false if the fields run past the words, which the caller's word
// count rules out.
func unpackRecords(words []byte, p []fieldPlan, vals []int16, stride, records int) bool {
	type field struct {
		q, shift uint8
		keep     int16
	}
	fs := make([]field, len(p))
	for i, f := range p {
		fs[i] = field{q: f.bits, shift: 32 - f.bits, keep: -1}
		if f.abs {
			fs[i].shift, fs[i].keep = 0, 0
		}
	}
	var buf uint64
	var n uint
	pos := 0
	for k := 1; k <= records; k++ {
		prev := vals[(k-1)*stride : k*stride]
		cur := vals[k*stride : (k+1)*stride]
		cur = cur[:len(fs)]
		prev = prev[:len(fs)]
		for i := range fs {
			f := &fs[i]
			q := uint(f.q)
			if n < q {
				if pos+4 > len(words) {
					return false
				}
				buf |= uint64(binary.BigEndian.Uint32(words[pos:])) << n
				pos += 4
				n += 32
			}
			v := uint32(buf) & uint32(1<<q-1)
			buf >>= q
			n -= q
			cur[i] = prev[i]&f.keep + int16(int32(v<<f.shift)>>f.shift)
		}
	}
	return true
}

// keys dequantises the rows into channel keys
// (docs/formats/metroid-prime.md#dequantisation, #key-timing).
func (a *AnimV2) keys() Keys {
	frames := a.KeyFrames()
	n := len(frames)
	stride := a.Stride()
	var nRot, nVec int
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Rot.Present() {
			nRot++
		}
		if c.Trans.Present() {
			nVec++
		}
		if a.Game == MP2 && c.Scale.Present() {
			nVec++
		}
	}
	rots := make([]mgl32.Quat, nRot*n)
	vecs := make([]mgl32.Vec3, nVec*n)
	k := Keys{Frames: frames, Channels: make([]ChannelKeys, len(a.Channels))}
	// The game works in single precision: the step (π/2)/rotDiv is a
	// float, each angle a float product
	// (docs/formats/metroid-prime.md#dequantisation).
	step := float32(math.Pi/2) / float32(a.RotDiv)
	tm, sm := a.TransMult, a.ScaleMult
	j := 0
	for i := range a.Channels {
		c := &a.Channels[i]
		ck := &k.Channels[i]
		ck.BoneID = int(c.BoneID)
		if c.Rot.Present() {
			ck.Rotation, rots = rots[:n:n], rots[n:]
			dequantRot(a.Values, stride, j, step, ck.Rotation)
			j += 4
		}
		if c.Trans.Present() {
			ck.Translation, vecs = vecs[:n:n], vecs[n:]
			dequantVec(a.Values, stride, j, tm, ck.Translation)
			j += 3
		}
		if a.Game == MP2 && c.Scale.Present() {
			ck.Scale, vecs = vecs[:n:n], vecs[n:]
			dequantVec(a.Values, stride, j, sm, ck.Scale)
			j += 3
		}
	}
	return k
}

// dequantRot turns rotation rows into quaternions: the three totals are
// angles in steps of (π/2)/rotDiv whose sines (the game's FastSinR) are X,
// Y and Z; W completes the unit length and takes the stored sign
// (docs/formats/metroid-prime.md#dequantisation). A component whose total
// did not change since the previous key
// reuses the previous sine.
func dequantRot(vals []int16, stride, j int, step float32, out []mgl32.Quat) {
	var px, py, pz int16
	var x, y, z float32
	for k := range out {
		base := k*stride + j
		row := vals[base : base+4 : base+4]
		if k == 0 || row[1] != px {
			px, x = row[1], sinStep(row[1], step)
		}
		if k == 0 || row[2] != py {
			py, y = row[2], sinStep(row[2], step)
		}
		if k == 0 || row[3] != pz {
			pz, z = row[3], sinStep(row[3], step)
		}
		out[k] = mgl32.Quat{W: quatW(x, y, z, row[0] != 0), V: mgl32.Vec3{x, y, z}}
	}
}

// sinStep is the sine of total i as the game computes it: the angle a
// single precision product of the step and the total, then FastSinR.
func sinStep(i int16, step float32) float32 {
	return retromath.FastSinR(step * float32(i))
}

// dequantVec multiplies translation or scale totals by their multiplier.
func dequantVec(vals []int16, stride, j int, mult float32, out []mgl32.Vec3) {
	for k := range out {
		row := vals[k*stride+j : k*stride+j+3]
		out[k] = mgl32.Vec3{float32(row[0]) * mult, float32(row[1]) * mult, float32(row[2]) * mult}
	}
}

// quatW is the W the game derives from X, Y and Z
// (docs/formats/metroid-prime.md#dequantisation):
// sqrt(max(0, 1 − (X² + Y² + Z²))), the sum of squares contracted into
// fused multiply-adds, the sign from the stored bit.
func quatW(x, y, z float32, negative bool) float32 {
	s := retromath.FMAddS(z, z, retromath.FMAddS(y, y, x*x))
	w := 1 - s
	if w < 0 {
		w = 0
	}
	w = float32(math.Sqrt(float64(w)))
	if negative {
		return -w
	}
	return w
}
