package prime

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Header holds what the ANIM encoders need besides the keys.
type Header struct {
	// Duration in seconds; 0 means the last key's time.
	Duration float32
	// Interval is the seconds between frames (1/30 in the games).
	Interval float32
	RootBone uint32
	// Looping sets the version 2 looping flag (version 0 has none).
	Looping bool
	// EVNT is the MP1 EVNT id; 0 is written as NoEVNT.
	EVNT uint32
	// RotDiv is the version 2 rotation divisor (0: 0x7FFF, what Retro's
	// and metaforce's cookers use). At most 0x7FFF so that a quarter turn
	// fits the int16 totals.
	RotDiv uint32
	// TransMult and ScaleMult are the version 2 multipliers (0: the
	// largest magnitude in the data over 32766).
	TransMult, ScaleMult float32
	// BitmapBits is the version 2 bitmap length (0: last frame + 1).
	BitmapBits uint32
	// Pad appends 0xFF bytes up to a multiple of 32, as in a PAK.
	Pad bool
}

// checkKeys validates keys for an encoder.
func checkKeys(game Game, k *Keys) error {
	if game != MP1 && game != MP2 {
		return errors.New("prime ANIM: encoder needs a game (mp1 or mp2)")
	}
	for i, f := range k.Frames {
		if i == 0 && f != 0 {
			return errors.New("prime ANIM: the first key must be at frame 0")
		}
		if i > 0 && f <= k.Frames[i-1] {
			return fmt.Errorf("prime ANIM: frame %d after frame %d", f, k.Frames[i-1])
		}
	}
	n := len(k.Frames)
	seen := map[int]bool{}
	for i := range k.Channels {
		c := &k.Channels[i]
		if c.BoneID < 0 || c.BoneID >= MaxSegments {
			return fmt.Errorf("prime ANIM: channel %d bone id %d outside 0..%d", i, c.BoneID, MaxSegments-1)
		}
		if seen[c.BoneID] {
			return fmt.Errorf("prime ANIM: bone id %d has two channels", c.BoneID)
		}
		seen[c.BoneID] = true
		for _, l := range []int{len(c.Rotation), len(c.Translation), len(c.Scale)} {
			if l != 0 && l != n {
				return fmt.Errorf("prime ANIM: channel %d has %d keys for %d frames", i, l, n)
			}
		}
		if game == MP1 && c.Rotation == nil {
			return fmt.Errorf("prime ANIM: channel %d: every MP1 channel needs rotation keys", i)
		}
		if game == MP1 && c.Scale != nil {
			return fmt.Errorf("prime ANIM: channel %d: MP1 has no scale keys", i)
		}
	}
	return nil
}

func (h *Header) duration(k *Keys) float32 {
	if h.Duration != 0 || len(k.Frames) == 0 {
		return h.Duration
	}
	return float32(k.Frames[len(k.Frames)-1]) * h.Interval
}

func (h *Header) evnt() uint32 {
	if h.EVNT == 0 {
		return NoEVNT
	}
	return h.EVNT
}

func pad32(b []byte, pad bool) []byte {
	if !pad {
		return nil
	}
	var t []byte
	for (len(b)+len(t))%32 != 0 {
		t = append(t, 0xFF)
	}
	return t
}

// BuildV0 makes an uncompressed ANIM from keys on every frame 0..N-1.
// Channel i of the keys becomes channel i of the file; arrays are
// channel-major (MP2 scales frame-major), as the engine reads them.
func BuildV0(game Game, h Header, k *Keys) (*AnimV0, error) {
	if err := checkKeys(game, k); err != nil {
		return nil, err
	}
	for i, f := range k.Frames {
		if f != i {
			return nil, errors.New("prime ANIM: version 0 has a key on every frame")
		}
	}
	n := len(k.Frames)
	a := &AnimV0{
		Game:       game,
		Duration:   CharAnimTime{Seconds: h.duration(k)},
		Interval:   CharAnimTime{Seconds: h.Interval},
		FrameCount: uint32(n),
		RootBone:   h.RootBone,
		EVNT:       h.evnt(),
	}
	if len(k.Channels) > 0xFE {
		return nil, errors.New("prime ANIM: more than 254 channels")
	}
	a.BoneToChannel = make([]uint8, MaxSegments)
	for i := range a.BoneToChannel {
		a.BoneToChannel[i] = NoChannel
	}
	var nScale int
	for i := range k.Channels {
		if k.Channels[i].Scale != nil {
			nScale++
		}
	}
	for i := range k.Channels {
		c := &k.Channels[i]
		a.BoneToChannel[c.BoneID] = uint8(i)
		rot, trans, scale := uint8(NoChannel), uint8(NoChannel), uint8(NoChannel)
		if c.Rotation != nil {
			rot = uint8(len(a.Rotations) / max(n, 1))
			a.Rotations = append(a.Rotations, c.Rotation...)
		}
		if c.Translation != nil {
			trans = uint8(len(a.Translations) / max(n, 1))
			a.Translations = append(a.Translations, c.Translation...)
		}
		if c.Scale != nil {
			s := 0
			for j := 0; j < i; j++ {
				if k.Channels[j].Scale != nil {
					s++
				}
			}
			scale = uint8(s)
			if a.Scales == nil {
				a.Scales = make([]mgl32.Vec3, n*nScale)
			}
			for f, v := range c.Scale {
				a.Scales[f*nScale+s] = v
			}
		}
		a.ChannelToTranslation = append(a.ChannelToTranslation, trans)
		if game == MP2 {
			a.ChannelToRotation = append(a.ChannelToRotation, rot)
			a.ChannelToScale = append(a.ChannelToScale, scale)
		}
	}
	if b, err := a.MarshalBinary(); err == nil {
		a.Trailing = pad32(b, h.Pad)
	}
	return a, nil
}

// Quantisation of keys for version 2.

// QuantRotation returns the W sign bit and the three int16 angle totals
// whose sines, as the game computes them (FastSinR of the single precision
// angle, docs/formats/metroid-prime.md#dequantisation), come closest to q's
// X, Y and Z at the rotation
// divisor. q is normalised first.
func QuantRotation(q mgl32.Quat, rotDiv uint32) (wNeg bool, v [3]int16) {
	if l := q.Len(); l > 0 {
		q = q.Scale(1 / l)
	}
	step := float32(math.Pi/2) / float32(rotDiv)
	for i := 0; i < 3; i++ {
		x := math.Max(-1, math.Min(1, float64(q.V[i])))
		guess := math.Round(math.Asin(x) / float64(step))
		best, bestErr := int16(0), math.Inf(1)
		// FastSinR is within 8e-5 of sin, a few steps at the finest
		// divisor: search around the exact inverse.
		for d := -4.0; d <= 4; d++ {
			c := guess + d
			if c < -32768 || c > 32767 {
				continue
			}
			if e := math.Abs(float64(sinStep(int16(c), step)) - x); e < bestErr {
				best, bestErr = int16(c), e
			}
		}
		v[i] = best
	}
	return q.W < 0, v
}

// quantVec returns round(v/mult) per component, or an error when it does
// not fit int16.
func quantVec(v mgl32.Vec3, mult float32) ([3]int16, error) {
	var o [3]int16
	for i := 0; i < 3; i++ {
		x := math.Round(float64(v[i]) / float64(mult))
		if x < -32768 || x > 32767 || math.IsNaN(x) {
			return o, fmt.Errorf("prime ANIM: value %v does not fit int16 at multiplier %v", v[i], mult)
		}
		o[i] = int16(x)
	}
	return o, nil
}

// autoMult returns the multiplier that maps the largest magnitude to 32766.
func autoMult(vals func(yield func(mgl32.Vec3))) float32 {
	var m float64
	vals(func(v mgl32.Vec3) {
		for _, x := range v {
			m = math.Max(m, math.Abs(float64(x)))
		}
	})
	if m == 0 || math.IsNaN(m) || math.IsInf(m, 0) {
		return 1
	}
	return float32(m / 32766)
}

// BuildV2 makes a compressed ANIM from keys: it quantises them (rotation by
// the divisor, translation and scale by the multipliers), sets the bitmap
// bits of the keyed frames, and picks each component's bit width as the
// fewest bits that hold every delta between consecutive keys after the
// int16 wrap (docs/formats/metroid-prime.md#running-totals), at least 1. A
// first key with a negative W is negated (the same rotation), because the
// implicit first key's W sign is always positive
// (docs/formats/metroid-prime.md#implicit-first-key). Version 2 needs at
// least two keys: with no
// record, the descriptors cannot store the initial values.
func BuildV2(game Game, h Header, k *Keys) (*AnimV2, error) {
	if err := checkKeys(game, k); err != nil {
		return nil, err
	}
	if len(k.Frames) < 2 && len(k.Channels) > 0 {
		return nil, errors.New("prime ANIM: version 2 needs at least two keys")
	}
	if len(k.Frames)-1 > 0xFFFF {
		return nil, errors.New("prime ANIM: more than 65535 records")
	}
	if h.RotDiv == 0 {
		h.RotDiv = 0x7FFF
	}
	if h.RotDiv > 0x7FFF {
		return nil, fmt.Errorf("prime ANIM: rotation divisor %d is more than 0x7FFF", h.RotDiv)
	}
	if h.TransMult == 0 {
		h.TransMult = autoMult(func(y func(mgl32.Vec3)) {
			for i := range k.Channels {
				for _, v := range k.Channels[i].Translation {
					y(v)
				}
			}
		})
	}
	if h.ScaleMult == 0 && game == MP2 {
		h.ScaleMult = autoMult(func(y func(mgl32.Vec3)) {
			for i := range k.Channels {
				for _, v := range k.Channels[i].Scale {
					y(v)
				}
			}
		})
	}
	records := len(k.Frames) - 1
	bitmapBits := h.BitmapBits
	if len(k.Frames) > 0 {
		bitmapBits = max(bitmapBits, uint32(k.Frames[len(k.Frames)-1]+1))
	}
	a := &AnimV2{Game: game, Records: max(records, 0)}
	a.V2Header = V2Header{
		Duration:         h.duration(k),
		Interval:         h.Interval,
		RootBone:         h.RootBone,
		RotDiv:           h.RotDiv,
		TransMult:        h.TransMult,
		BoneChannelCount: uint32(len(k.Channels)),
		Unk3:             1,
		BitmapBits:       bitmapBits,
		Bitmap:           make([]uint32, (bitmapBits+31)/32),
	}
	if h.Looping {
		a.Looping = 1
	}
	if game == MP1 {
		a.EVNT, a.Unk0, a.AfterBitmap = h.evnt(), 1, uint32(len(k.Channels))
	} else {
		a.Marker, a.ScaleMult = MP2Marker, h.ScaleMult
	}
	for _, f := range k.Frames {
		a.Bitmap[f>>5] |= 1 << (uint(f) & 31)
	}
	a.Channels = make([]Descriptor, len(k.Channels))
	for i := range k.Channels {
		c := &k.Channels[i]
		d := &a.Channels[i]
		d.BoneID = uint32(c.BoneID)
		if c.Rotation != nil {
			d.Rot.KeyCount = uint16(records)
		}
		if c.Translation != nil {
			d.Trans.KeyCount = uint16(records)
		}
		if c.Scale != nil {
			d.Scale.KeyCount = uint16(records)
		}
	}
	stride := a.Stride()
	a.Values = make([]int16, len(k.Frames)*stride)
	j := 0
	for i := range k.Channels {
		c := &k.Channels[i]
		d := &a.Channels[i]
		if c.Rotation != nil {
			neg0 := c.Rotation[0].W < 0
			for f, q := range c.Rotation {
				if neg0 && f == 0 {
					q = mgl32.Quat{W: -q.W, V: q.V.Mul(-1)}
				}
				w, v := QuantRotation(q, h.RotDiv)
				row := a.Values[f*stride+j:]
				row[0] = 0
				if w {
					row[0] = 1
				}
				copy(row[1:4], v[:])
			}
			finishBlock(a.Values, stride, j+1, &d.Rot)
			j += 4
		}
		for _, comp := range []struct {
			vals []mgl32.Vec3
			mult float32
			b    *Block
		}{{c.Translation, h.TransMult, &d.Trans}, {c.Scale, h.ScaleMult, &d.Scale}} {
			if comp.vals == nil {
				continue
			}
			for f, v := range comp.vals {
				q, err := quantVec(v, comp.mult)
				if err != nil {
					return nil, fmt.Errorf("channel %d frame %d: %w", i, k.Frames[f], err)
				}
				copy(a.Values[f*stride+j:f*stride+j+3], q[:])
			}
			finishBlock(a.Values, stride, j, comp.b)
			j += 3
		}
	}
	b, err := a.MarshalBinary()
	if err != nil {
		return nil, err
	}
	a.ScratchSize = uint32(len(b))
	a.Trailing = pad32(b, h.Pad)
	return a, nil
}

// finishBlock sets a block's initial values from row 0 and its bit widths
// from the largest wrapped delta of each component.
func finishBlock(vals []int16, stride, j int, b *Block) {
	rows := len(vals) / stride
	for c := 0; c < 3; c++ {
		b.Init[c] = vals[j+c]
		bits := uint8(1)
		for k := 1; k < rows; k++ {
			d := vals[k*stride+j+c] - vals[(k-1)*stride+j+c]
			bits = max(bits, signedBits(int32(d)))
		}
		b.Bits[c] = bits
	}
}

// EncodeANIM builds and encodes an ANIM of the given version (0 or 2).
func EncodeANIM(game Game, version int, h Header, k *Keys) ([]byte, error) {
	switch version {
	case 0:
		a, err := BuildV0(game, h, k)
		if err != nil {
			return nil, err
		}
		return a.MarshalBinary()
	case 2:
		a, err := BuildV2(game, h, k)
		if err != nil {
			return nil, err
		}
		return a.MarshalBinary()
	}
	return nil, fmt.Errorf("prime ANIM: version %d is not 0 or 2", version)
}
