package prime

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// Format names used in errors.
const (
	fmtANIM = "prime ANIM"
	fmtCINF = "prime CINF"
	fmtEVNT = "prime EVNT"
)

// MaxSegments is the size of the engine's segment-id map (TSegIdMap holds
// 100 entries, and a version 0 ANIM's bone table has 100 slots): bone ids
// from 0 to 99 are the only ones the games can address.
const MaxSegments = 100

// NoEVNT is the EVNT id an MP1 ANIM stores when it has no events; 0 means
// the same (the engine loads events only for a non-zero id).
const NoEVNT = 0xFFFFFFFF

// Anim is a decoded ANIM of either version: the file's own fields (V0 or V2)
// and the keys as the game evaluates them.
type Anim struct {
	Game    Game
	Version uint32
	// V0 is set for version 0 (uncompressed) files.
	V0 *AnimV0
	// V2 is set for version 2 (compressed) files.
	V2 *AnimV2
	// Keys are the decoded channels.
	Keys Keys
	// Warnings are problems the decoder worked around.
	Warnings []string
}

// Keys are an ANIM's channels as key values at frame numbers. All channels
// share the frames: version 0 has a key on every frame, version 2 on frame 0
// (the implicit first key, docs/formats/metroid-prime.md#implicit-first-key)
// and on every later frame whose bitmap bit is set
// (docs/formats/metroid-prime.md#key-timing).
type Keys struct {
	// Frames are the frame numbers of the keys, ascending; frame i is at
	// time i·interval.
	Frames   []int
	Channels []ChannelKeys
}

// ChannelKeys are one bone's keys. A nil slice means the channel does not
// animate that component; otherwise it has one value per frame of Keys.
type ChannelKeys struct {
	BoneID      int
	Rotation    []mgl32.Quat
	Translation []mgl32.Vec3
	Scale       []mgl32.Vec3
}

// Duration returns the clip length in seconds from the header.
func (a *Anim) Duration() float32 {
	if a.V0 != nil {
		return a.V0.Duration.Seconds
	}
	return a.V2.Duration
}

// Interval returns the seconds between frames.
func (a *Anim) Interval() float32 {
	if a.V0 != nil {
		return a.V0.Interval.Seconds
	}
	return a.V2.Interval
}

// RootBone returns the root bone id of the header.
func (a *Anim) RootBone() uint32 {
	if a.V0 != nil {
		return a.V0.RootBone
	}
	return a.V2.RootBone
}

// Looping reports the header's looping flag. Version 0 clips have none and
// the engine reports them as not looping
// (docs/formats/metroid-prime.md#version-0-sampling).
func (a *Anim) Looping() bool { return a.V2 != nil && a.V2.Looping != 0 }

// EVNTID returns the id of the EVNT the file names (MP1 only), and whether
// there is one: 0 and 0xFFFFFFFF mean none
// (docs/formats/metroid-prime.md#which-evnt-an-anim-uses).
func (a *Anim) EVNTID() (uint32, bool) {
	var id uint32
	switch {
	case a.Game != MP1:
		return 0, false
	case a.V0 != nil:
		id = a.V0.EVNT
	case a.V2 != nil:
		id = a.V2.EVNT
	}
	return id, id != 0 && id != NoEVNT
}

// CharAnimTime is the engine's time value
// (docs/formats/metroid-prime.md#charanimtime): seconds and a state
// that readers ignore for playback.
type CharAnimTime struct {
	Seconds float32
	// State is 0 NonZero, 1 ZeroIncreasing, 2 ZeroSteady, 3 ZeroDecreasing
	// or 4 Infinity.
	State uint32
}

// ParseANIM decodes an ANIM. With game GameAuto the layout is detected from
// the data (docs/formats/metroid-prime.md#telling-the-version-0-layouts-apart,
// #version-2-header); otherwise the given game's layout is used.
func ParseANIM(data []byte, game Game) (*Anim, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtANIM)
	version := r.U32("version")
	if err := r.Err(); err != nil {
		return nil, err
	}
	switch version {
	case 0:
		return parseV0Detect(data, game)
	case 2:
		return parseV2Detect(data, game)
	}
	return nil, formats.Errorf(fmtANIM, "version", 0, "%d is not 0 (uncompressed) or 2 (compressed)", version)
}

// checkTimes checks the duration and interval the sampler divides by.
func checkTimes(r *bin.Reader, duration float32, durOff int, interval float32, intOff int) {
	d := float64(duration)
	if math.IsNaN(d) || math.IsInf(d, 0) || d < 0 || d > maxSeconds {
		r.FailAt("duration", durOff, "%v is not a clip length", duration)
		return
	}
	i := float64(interval)
	if math.IsNaN(i) || math.IsInf(i, 0) || i <= 0 || i > maxSeconds {
		r.FailAt("interval", intOff, "%v is not a positive time between frames", interval)
	}
}

// maxSeconds bounds durations and intervals: a day is far beyond any clip
// and keeps frame times exact in float64.
const maxSeconds = 86400

// checkBone checks a channel's bone id against the engine's segment map.
func checkBone(r *bin.Reader, field string, off int, id uint32) {
	if id >= MaxSegments {
		r.FailAt(field, off, "bone id %d is outside the engine's %d segment ids", id, MaxSegments)
	}
}

// trailing classifies the bytes after the data: PAK padding is 0xFF.
func trailing(b []byte) (allPad bool) {
	for _, c := range b {
		if c != 0xFF {
			return false
		}
	}
	return true
}

func trailingWarning(b []byte) string {
	return fmt.Sprintf("%d trailing bytes after the data are not 0xFF padding; ignored", len(b))
}
