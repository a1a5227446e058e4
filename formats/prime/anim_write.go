package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MarshalBinary encodes the ANIM in its version and game's layout.
func (a *Anim) MarshalBinary() ([]byte, error) {
	switch {
	case a.V0 != nil:
		return a.V0.MarshalBinary()
	case a.V2 != nil:
		return a.V2.MarshalBinary()
	}
	return nil, errors.New("prime ANIM: nothing to encode")
}

type writer struct{ b []byte }

func (w *writer) u8(v uint8)    { w.b = append(w.b, v) }
func (w *writer) u16(v uint16)  { w.b = binary.BigEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32)  { w.b = binary.BigEndian.AppendUint32(w.b, v) }
func (w *writer) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *writer) vec3(v mgl32.Vec3) {
	w.f32(v[0])
	w.f32(v[1])
	w.f32(v[2])
}
func (w *writer) quat(q mgl32.Quat) {
	w.f32(q.W)
	w.vec3(q.V)
}
func (w *writer) str(s string) {
	w.b = append(w.b, s...)
	w.b = append(w.b, 0)
}
func (w *writer) bytes(b []uint8) {
	w.u32(uint32(len(b)))
	w.b = append(w.b, b...)
}

// MarshalBinary encodes the uncompressed ANIM as its fields stand.
func (a *AnimV0) MarshalBinary() ([]byte, error) {
	if a.Game != MP1 && a.Game != MP2 {
		return nil, errors.New("prime ANIM: encoder needs a game (mp1 or mp2)")
	}
	if a.Game == MP1 && (len(a.Scales) > 0 || len(a.ChannelToScale) > 0 || len(a.ChannelToRotation) > 0) {
		return nil, errors.New("prime ANIM: MP1 version 0 has no scale or rotation channel tables")
	}
	var w writer
	w.u32(0)
	w.f32(a.Duration.Seconds)
	w.u32(a.Duration.State)
	w.f32(a.Interval.Seconds)
	w.u32(a.Interval.State)
	w.u32(a.FrameCount)
	w.u32(a.RootBone)
	w.bytes(a.BoneToChannel)
	if a.Game == MP2 {
		w.bytes(a.ChannelToRotation)
	}
	w.bytes(a.ChannelToTranslation)
	if a.Game == MP2 {
		w.bytes(a.ChannelToScale)
		w.u32(uint32(len(a.Scales)))
		for _, v := range a.Scales {
			w.vec3(v)
		}
	}
	w.u32(uint32(len(a.Rotations)))
	for _, q := range a.Rotations {
		w.quat(q)
	}
	w.u32(uint32(len(a.Translations)))
	for _, v := range a.Translations {
		w.vec3(v)
	}
	if a.Game == MP1 {
		w.u32(a.EVNT)
	}
	w.b = append(w.b, a.Trailing...)
	return w.b, nil
}

// MarshalBinary encodes the compressed ANIM as its fields stand: the header,
// bitmap and descriptors as given, and the bitstream as the deltas between
// consecutive rows of Values at the descriptors' bit widths. It fails when a
// delta does not fit its width or row 0 differs from the initial values.
func (a *AnimV2) MarshalBinary() ([]byte, error) {
	if a.Game != MP1 && a.Game != MP2 {
		return nil, errors.New("prime ANIM: encoder needs a game (mp1 or mp2)")
	}
	p, sumBits := a.plan()
	stride := len(p)
	if len(a.Values) != (a.Records+1)*stride {
		return nil, fmt.Errorf("prime ANIM: %d values for %d records of %d", len(a.Values), a.Records, stride)
	}
	if len(a.Channels) > 0 && int(a.Channels[0].Rot.KeyCount) != a.Records {
		return nil, fmt.Errorf("prime ANIM: first channel's rotation key count %d must equal the %d records (the engine reads that many)",
			a.Channels[0].Rot.KeyCount, a.Records)
	}
	if len(a.Channels) == 0 && a.Records != 0 {
		return nil, errors.New("prime ANIM: records without channels")
	}
	if want := (int(a.BitmapBits) + 31) / 32; len(a.Bitmap) != want {
		return nil, fmt.Errorf("prime ANIM: %d bitmap words for %d bits", len(a.Bitmap), a.BitmapBits)
	}
	if err := a.checkRowZero(); err != nil {
		return nil, err
	}
	var w writer
	h := &a.V2Header
	w.u32(2)
	w.u32(h.ScratchSize)
	if a.Game == MP1 {
		w.u32(h.EVNT)
		w.u32(h.Unk0)
	} else {
		w.u16(h.Marker)
	}
	w.f32(h.Duration)
	w.f32(h.Interval)
	w.u32(h.RootBone)
	w.u32(h.Looping)
	w.u32(h.RotDiv)
	w.f32(h.TransMult)
	if a.Game == MP2 {
		w.f32(h.ScaleMult)
	}
	w.u32(h.BoneChannelCount)
	w.u32(h.Unk3)
	w.u32(h.BitmapBits)
	for _, x := range h.Bitmap {
		w.u32(x)
	}
	if a.Game == MP1 {
		w.u32(h.AfterBitmap)
	}
	w.u32(uint32(len(a.Channels)))
	for i := range a.Channels {
		c := &a.Channels[i]
		if a.Game == MP1 {
			w.u32(c.BoneID)
		} else {
			if c.BoneID > 0xFF {
				return nil, fmt.Errorf("prime ANIM: channel %d bone id %d does not fit MP2's u8", i, c.BoneID)
			}
			w.u8(uint8(c.BoneID))
		}
		blocks := []*Block{&c.Rot, &c.Trans}
		if a.Game == MP2 {
			blocks = append(blocks, &c.Scale)
		}
		for _, b := range blocks {
			w.u16(b.KeyCount)
			if b.KeyCount == 0 {
				continue
			}
			for j := 0; j < 3; j++ {
				if b.Bits[j] > 32 {
					return nil, fmt.Errorf("prime ANIM: channel %d: %d bits is more than 32", i, b.Bits[j])
				}
				w.u16(uint16(b.Init[j]))
				w.u8(b.Bits[j])
			}
		}
	}
	bw := bitWriter{out: w.b}
	for k := 1; k <= a.Records; k++ {
		prev := a.Values[(k-1)*stride : k*stride]
		cur := a.Values[k*stride : (k+1)*stride]
		for f := range p {
			q := uint(p[f].bits)
			if p[f].abs {
				if cur[f] != 0 && cur[f] != 1 {
					return nil, fmt.Errorf("prime ANIM: record %d value %d: W sign bit %d is not 0 or 1", k, f, cur[f])
				}
				bw.write(uint32(cur[f]), q)
				continue
			}
			d := int32(cur[f] - prev[f]) // wraps like the engine's int16 totals
			if !fitsSigned(d, q) {
				return nil, fmt.Errorf("prime ANIM: record %d value %d: delta %d does not fit %d bits", k, f, d, q)
			}
			bw.write(uint32(d), q)
		}
	}
	out := bw.flush()
	if want := len(w.b) + 4*int((uint64(sumBits)*uint64(a.Records)+31)/32); len(out) != want {
		return nil, fmt.Errorf("prime ANIM: internal: bitstream is %d bytes, want %d", len(out)-len(w.b), want-len(w.b))
	}
	return append(out, a.Trailing...), nil
}

// checkRowZero checks that the first row holds the initial values with a
// positive W (docs/formats/metroid-prime.md#implicit-first-key).
func (a *AnimV2) checkRowZero() error {
	j := 0
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Rot.Present() {
			if a.Values[j] != 0 || a.Values[j+1] != c.Rot.Init[0] || a.Values[j+2] != c.Rot.Init[1] || a.Values[j+3] != c.Rot.Init[2] {
				return fmt.Errorf("prime ANIM: channel %d: first key rotation differs from the initial values (or has W negative)", i)
			}
			j += 4
		}
		if c.Trans.Present() {
			if [3]int16(a.Values[j:j+3]) != c.Trans.Init {
				return fmt.Errorf("prime ANIM: channel %d: first key translation differs from the initial values", i)
			}
			j += 3
		}
		if a.Game == MP2 && c.Scale.Present() {
			if [3]int16(a.Values[j:j+3]) != c.Scale.Init {
				return fmt.Errorf("prime ANIM: channel %d: first key scale differs from the initial values", i)
			}
			j += 3
		}
	}
	return nil
}

func fitsSigned(d int32, q uint) bool {
	if q == 0 {
		return d == 0
	}
	if q >= 32 {
		return true
	}
	lim := int32(1) << (q - 1)
	return d >= -lim && d < lim
}
