package lego

import (
	"bytes"
	"encoding/binary"

	"github.com/animview/animview/formats/bin"
)

// FormatAni names the .ani format in errors and in Asset.Format.
const FormatAni = "lego-ani"

// Parse decodes a .ani payload. Bytes after the node tree are accepted
// and kept in File.Trailing (files cut out of an SI carry its pad byte).
// Key times must not decrease within a channel: the game's key search
// would then depend on its cached index, which a viewer cannot reproduce.
func Parse(data []byte) (*File, error) {
	r := bin.NewReader(data, binary.LittleEndian, FormatAni)
	f := &File{}
	f.Magic = r.I32("magic")
	if r.Err() == nil && f.Magic != Magic {
		return nil, r.FailAt("magic", 0, "0x%x, want 0x%x", uint32(f.Magic), Magic)
	}
	f.BoundingRadius = r.Finite32("bounding radius")
	for i := range f.Center {
		f.Center[i] = r.Finite32("bounding centre")
	}
	f.HasCamera = r.I32("camera flag")
	f.Unused = r.I32("unused header word")

	n := r.Count("actor count", uint64(r.U32("actor count")), 4)
	if n > 0 {
		f.Actors = make([]Actor, 0, n)
	}
	for i := 0; i < n && r.Err() == nil; i++ {
		var a Actor
		l := r.Count("actor name length", uint64(r.U32("actor name length")), 1)
		if l > 0 {
			a.Name = string(r.Bytes("actor name", l))
			a.Type = r.U32("actor type")
		}
		f.Actors = append(f.Actors, a)
	}
	f.Duration = r.I32("duration")
	if f.HasCamera != 0 {
		f.Camera = readCamera(r)
	}
	f.Root = readNode(r, 0)
	if err := r.Err(); err != nil {
		return nil, err
	}
	if r.Len() > 0 {
		f.Trailing = bytes.Clone(data[r.Offset():])
	}
	return f, nil
}

func readCamera(r *bin.Reader) *Camera {
	c := &Camera{}
	c.Position = readTranslationKeys(r, "camera position key")
	c.Target = readTranslationKeys(r, "camera target key")
	n := r.Count("camera roll key count", uint64(r.U16("camera roll key count")), rollLen)
	if n > 0 {
		c.Roll = make([]RollKey, n)
	}
	var t timeCheck
	for i := range c.Roll {
		k := &c.Roll[i]
		k.Key = t.read(r, "camera roll key time")
		k.Angle = r.Finite32("camera roll key angle")
	}
	return c
}

func readNode(r *bin.Reader, depth int) *Node {
	if r.Err() != nil {
		return nil
	}
	if depth >= MaxDepth {
		r.Fail("node", "tree deeper than %d levels", MaxDepth)
		return nil
	}
	n := &Node{}
	l := r.Count("node name length", uint64(r.U32("node name length")), 1)
	n.Name = string(r.Bytes("node name", l))
	n.Translation = readTranslationKeys(r, "translation key")
	n.Rotation = readRotationKeys(r)
	n.Scale = readScaleKeys(r)
	n.Morph = readMorphKeys(r)
	nc := r.Count("child count", uint64(r.U32("child count")), minNodeSize)
	if nc > 0 {
		n.Children = make([]*Node, 0, nc)
	}
	for i := 0; i < nc; i++ {
		c := readNode(r, depth+1)
		if r.Err() != nil {
			return nil
		}
		n.Children = append(n.Children, c)
	}
	return n
}

// timeCheck reads key words and refuses a time smaller than the previous
// key's.
type timeCheck struct {
	prev uint32
	seen bool
}

func (t *timeCheck) read(r *bin.Reader, field string) Key {
	off := r.Offset()
	v := r.U32(field)
	k := Key{Time: v & timeMask, Flags: uint8(v >> flagShift)}
	if r.Err() != nil {
		return k
	}
	if t.seen && k.Time < t.prev {
		r.FailAt(field, off, "%d ms is before the previous key's %d ms", k.Time, t.prev)
	}
	t.prev, t.seen = k.Time, true
	return k
}

func readTranslationKeys(r *bin.Reader, field string) []TranslationKey {
	n := r.Count(field+" count", uint64(r.U16(field+" count")), translationLen)
	if n == 0 {
		return nil
	}
	keys := make([]TranslationKey, n)
	var t timeCheck
	fTime, fX, fY, fZ := field+" time", field+" x", field+" y", field+" z"
	for i := range keys {
		k := &keys[i]
		k.Key = t.read(r, fTime)
		k.X = r.Finite32(fX)
		k.Y = r.Finite32(fY)
		k.Z = r.Finite32(fZ)
	}
	return keys
}

func readRotationKeys(r *bin.Reader) []RotationKey {
	n := r.Count("rotation key count", uint64(r.U16("rotation key count")), rotationLen)
	if n == 0 {
		return nil
	}
	keys := make([]RotationKey, n)
	var t timeCheck
	for i := range keys {
		k := &keys[i]
		k.Key = t.read(r, "rotation key time")
		k.W = r.Finite32("rotation key angle (w)")
		k.X = r.Finite32("rotation key x")
		k.Y = r.Finite32("rotation key y")
		k.Z = r.Finite32("rotation key z")
	}
	return keys
}

func readScaleKeys(r *bin.Reader) []ScaleKey {
	n := r.Count("scale key count", uint64(r.U16("scale key count")), scaleLen)
	if n == 0 {
		return nil
	}
	keys := make([]ScaleKey, n)
	var t timeCheck
	for i := range keys {
		k := &keys[i]
		k.Key = t.read(r, "scale key time")
		k.X = r.Finite32("scale key x")
		k.Y = r.Finite32("scale key y")
		k.Z = r.Finite32("scale key z")
	}
	return keys
}

func readMorphKeys(r *bin.Reader) []MorphKey {
	n := r.Count("morph key count", uint64(r.U16("morph key count")), morphLen)
	if n == 0 {
		return nil
	}
	keys := make([]MorphKey, n)
	var t timeCheck
	for i := range keys {
		k := &keys[i]
		k.Key = t.read(r, "morph key time")
		k.Visible = r.U8("morph key visible")
	}
	return keys
}
