package prime

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// NoChannel marks a table entry that maps to no channel (s8 -1, 0xFF).
const NoChannel = 0xFF

// AnimV0 is an uncompressed ANIM as stored
// (docs/formats/metroid-prime.md#version-0-layout). Key arrays are
// channel-major: the key of channel c at frame f is element c·FrameCount+f
// (the decompilation's CopyRotationsAndOffsets), except MP2 scales, which
// the Echoes engine indexes frame-major: f·scaleChannels+c.
type AnimV0 struct {
	Game       Game
	Duration   CharAnimTime
	Interval   CharAnimTime
	FrameCount uint32
	RootBone   uint32
	// BoneToChannel is indexed by bone id (100 entries in practice).
	BoneToChannel []uint8
	// ChannelToRotation is MP2 only; in MP1 the channel is the rotation
	// channel.
	ChannelToRotation []uint8
	// ChannelToTranslation is indexed by channel (MP1: rotation channel).
	ChannelToTranslation []uint8
	// ChannelToScale is MP2 only.
	ChannelToScale []uint8
	// Scales are MP2 only, frame-major.
	Scales       []mgl32.Vec3
	Rotations    []mgl32.Quat
	Translations []mgl32.Vec3
	// EVNT is the MP1 trailing EVNT id.
	EVNT uint32
	// Trailing are the bytes after the data (PAK padding, 0xFF).
	Trailing []byte
}

// parseV0Detect picks the MP1 or MP2 uncompressed layout. The file has no
// marker, so both layouts are tried (as PWE does): a layout fits when it
// parses and only 0xFF padding follows. MP1 wins a tie; with neither
// fitting cleanly, the one that parsed is used with a warning, and with
// neither parsing the error of the attempt that got further is returned.
func parseV0Detect(data []byte, game Game) (*Anim, error) {
	if game != GameAuto {
		v, err := parseV0(data, game)
		if err != nil {
			return nil, err
		}
		return v0Anim(v, nil), nil
	}
	v1, err1 := parseV0(data, MP1)
	if err1 == nil && trailing(v1.Trailing) {
		return v0Anim(v1, nil), nil
	}
	v2, err2 := parseV0(data, MP2)
	if err2 == nil && trailing(v2.Trailing) {
		return v0Anim(v2, nil), nil
	}
	switch {
	case err1 == nil:
		return v0Anim(v1, []string{trailingWarning(v1.Trailing)}), nil
	case err2 == nil:
		return v0Anim(v2, []string{trailingWarning(v2.Trailing)}), nil
	}
	if errOffset(err2) > errOffset(err1) {
		return nil, fmt.Errorf("not an MP1 layout (%v); as MP2: %w", err1, err2)
	}
	return nil, fmt.Errorf("not an MP2 layout (%v); as MP1: %w", err2, err1)
}

func v0Anim(v *AnimV0, warn []string) *Anim {
	a := &Anim{Game: v.Game, Version: 0, V0: v, Warnings: warn}
	a.Keys = v.keys()
	return a
}

// parseV0 reads an uncompressed ANIM in the given game's layout.
func parseV0(data []byte, game Game) (*AnimV0, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtANIM)
	a := &AnimV0{Game: game}
	if v := r.U32("version"); v != 0 && r.Err() == nil {
		return nil, r.FailAt("version", 0, "%d is not 0", v)
	}
	durOff := r.Offset()
	a.Duration = readTime(r, "duration")
	intOff := r.Offset()
	a.Interval = readTime(r, "interval")
	if r.Err() == nil {
		checkTimes(r, a.Duration.Seconds, durOff, a.Interval.Seconds, intOff)
	}
	a.FrameCount = r.U32("frame count")
	a.RootBone = r.U32("root bone id")
	var t tableOffsets
	a.BoneToChannel, t.bone = readTable(r, "bone channel table", MaxSegments)
	if game == MP2 {
		a.ChannelToRotation, t.rot = readTable(r, "rotation channel table", 256)
	}
	a.ChannelToTranslation, t.trans = readTable(r, "translation channel table", 256)
	scaleOff := r.Offset()
	if game == MP2 {
		a.ChannelToScale, t.scale = readTable(r, "scale channel table", 256)
		scaleOff = r.Offset()
		a.Scales = readVec3s(r, "scale keys")
	}
	rotOff := r.Offset()
	n := r.Count("rotation keys", uint64(r.U32("rotation key count")), 16)
	if r.Err() == nil {
		a.Rotations = make([]mgl32.Quat, n)
		for i := range a.Rotations {
			w := r.Finite32("rotation keys")
			x := r.Finite32("rotation keys")
			y := r.Finite32("rotation keys")
			z := r.Finite32("rotation keys")
			a.Rotations[i] = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
		}
	}
	transOff := r.Offset()
	a.Translations = readVec3s(r, "translation keys")
	if game == MP1 {
		a.EVNT = r.U32("EVNT id")
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if err := a.check(r, t, rotOff, transOff, scaleOff); err != nil {
		return nil, err
	}
	a.Trailing = r.Bytes("padding", r.Len())
	return a, nil
}

func readTime(r *bin.Reader, field string) CharAnimTime {
	return CharAnimTime{Seconds: r.Finite32(field), State: r.U32(field + " state")}
}

// readTable reads a u32 count and that many s8 channel indices, and
// returns them with the offset of the first.
func readTable(r *bin.Reader, field string, max int) ([]uint8, int) {
	off := r.Offset()
	n := r.Count(field, uint64(r.U32(field+" count")), 1)
	if r.Err() == nil && n > max {
		r.FailAt(field+" count", off, "%d entries; the engine's table holds %d", n, max)
	}
	b := r.Bytes(field, n)
	if b == nil {
		return nil, off + 4
	}
	return append([]uint8(nil), b...), off + 4
}

func readVec3s(r *bin.Reader, field string) []mgl32.Vec3 {
	n := r.Count(field, uint64(r.U32(field+" count")), 12)
	if r.Err() != nil {
		return nil
	}
	v := make([]mgl32.Vec3, n)
	for i := range v {
		v[i] = mgl32.Vec3{r.Finite32(field), r.Finite32(field), r.Finite32(field)}
	}
	return v
}

// arrayChannels returns how many channels an array of n keys holds at the
// frame count, or fails when n is not a whole number of channels.
func (a *AnimV0) arrayChannels(r *bin.Reader, field string, off, n int) int {
	f := int(a.FrameCount)
	if f == 0 {
		if n != 0 {
			r.FailAt(field, off, "%d keys for 0 frames", n)
		}
		return 0
	}
	if n%f != 0 {
		r.FailAt(field, off, "%d keys are not a whole number of channels of %d frames", n, f)
		return 0
	}
	return n / f
}

// tableOffsets are where the channel tables' entries start, for errors.
type tableOffsets struct {
	bone, rot, trans, scale int
}

// check validates every table entry against the arrays it indexes, so that
// the key lookups cannot go out of range. A channel table entry that no bone
// uses is checked too: a table that points outside its array is corrupt.
func (a *AnimV0) check(r *bin.Reader, t tableOffsets, rotOff, transOff, scaleOff int) error {
	nRot := a.arrayChannels(r, "rotation keys", rotOff, len(a.Rotations))
	nTrans := a.arrayChannels(r, "translation keys", transOff, len(a.Translations))
	nScale := 0
	if a.Game == MP2 {
		nScale = a.arrayChannels(r, "scale keys", scaleOff, len(a.Scales))
	}
	if err := r.Err(); err != nil || a.FrameCount == 0 {
		return err
	}
	if a.Game == MP1 {
		// The channel is the rotation channel (every MP1 channel rotates).
		if err := checkMap(r, "bone channel table", t.bone, a.BoneToChannel, nRot); err != nil {
			return err
		}
		return checkMap(r, "translation channel table", t.trans, a.ChannelToTranslation, nTrans)
	}
	if err := checkMap(r, "rotation channel table", t.rot, a.ChannelToRotation, nRot); err != nil {
		return err
	}
	if err := checkMap(r, "translation channel table", t.trans, a.ChannelToTranslation, nTrans); err != nil {
		return err
	}
	return checkMap(r, "scale channel table", t.scale, a.ChannelToScale, nScale)
}

func checkMap(r *bin.Reader, field string, off int, table []uint8, n int) error {
	for i, c := range table {
		if c != NoChannel && int(c) >= n {
			return r.FailAt(field, off+i, "entry %d maps to channel %d of %d", i, c, n)
		}
	}
	return nil
}

// lookup returns table[i], or NoChannel when i is outside the table.
func lookup(table []uint8, i uint8) uint8 {
	if int(i) >= len(table) {
		return NoChannel
	}
	return table[i]
}

// keys gathers each animated bone's keys
// (docs/formats/metroid-prime.md#version-0-channel-lookup): channel
// c = BoneToChannel[bone]; MP1 rotates by channel c and translates by
// ChannelToTranslation[c]; MP2 maps c through its three tables.
func (a *AnimV0) keys() Keys {
	f := int(a.FrameCount)
	var k Keys
	if len(a.Rotations)+len(a.Translations)+len(a.Scales) == 0 {
		f = 0
	}
	k.Frames = make([]int, f)
	for i := range k.Frames {
		k.Frames[i] = i
	}
	nScale := 0
	if f > 0 {
		nScale = len(a.Scales) / f
	}
	for id, c := range a.BoneToChannel {
		if c == NoChannel {
			continue
		}
		ck := ChannelKeys{BoneID: id}
		rot, trans, scale := c, lookup(a.ChannelToTranslation, c), uint8(NoChannel)
		if a.Game == MP2 {
			rot, scale = lookup(a.ChannelToRotation, c), lookup(a.ChannelToScale, c)
		}
		if f > 0 {
			if rot != NoChannel {
				ck.Rotation = a.Rotations[int(rot)*f : int(rot+1)*f : int(rot+1)*f]
			}
			if trans != NoChannel {
				ck.Translation = a.Translations[int(trans)*f : int(trans+1)*f : int(trans+1)*f]
			}
			if scale != NoChannel {
				ck.Scale = make([]mgl32.Vec3, f)
				for i := range ck.Scale {
					ck.Scale[i] = a.Scales[i*nScale+int(scale)]
				}
			}
		}
		k.Channels = append(k.Channels, ck)
	}
	return k
}

// errOffset returns the byte offset of a decoding error, or -1.
func errOffset(err error) int64 {
	var fe *formats.Error
	if errors.As(err, &fe) {
		return fe.Offset
	}
	return -1
}
