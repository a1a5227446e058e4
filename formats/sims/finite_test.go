package sims

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// patch returns a copy of data with a little-endian single written at off.
func patch(data []byte, off int, v float32) []byte {
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(out[off:], math.Float32bits(v))
	return out
}

// TestNonFinite applies the rule of docs/formats/sims.md#numbers to every
// loader of the package: a NaN or an infinity in a number field is an
// error that names the format, the field and the offset (or line) and
// wraps errNonFinite. Before the rule every one of these loaded, and `info
// --json` then failed on the NaN. Offsets are those of the hand vectors'
// rows (anim_test.go, skel_test.go, charfile_test.go).
func TestNonFinite(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	damaged := math.Float32frombits(0xFFFFFFFF)
	cmx := func(old, new string) func() error {
		return func() error { _, err := ParseCMX([]byte(strings.Replace(handCMX, old, new, 1))); return err }
	}
	tests := []struct {
		name   string
		decode func() error
		format string
		field  string
		off    int64 // -1 for a line
		line   int
	}{
		{"anim duration", func() error { _, err := ParseAnim(patch(handAnim, 8, inf)); return err }, animFormat, "duration", 8, 0},
		{"anim distance", func() error { _, err := ParseAnim(patch(handAnim, 12, nan)); return err }, animFormat, "distance", 12, 0},
		{"anim translation y", func() error { _, err := ParseAnim(patch(handAnim, 25, damaged)); return err }, animFormat, "translations", 25, 0},
		{"anim rotation w", func() error { _, err := ParseAnim(patch(handAnim, 49, -inf)); return err }, animFormat, "rotations", 49, 0},
		{"anim motion duration", func() error { _, err := ParseAnim(patch(handAnim, 70, nan)); return err }, animFormat, "motion.duration", 70, 0},
		{"skel translation", func() error { _, err := ParseSkel(patch(handSkel, 41, nan)); return err }, skelFormat, "bone.translation", 41, 0},
		{"skel rotation", func() error { _, err := ParseSkel(patch(handSkel, 61, inf)); return err }, skelFormat, "bone.rotation", 61, 0},
		{"skel wiggle", func() error { _, err := ParseSkel(patch(handSkel, 81, nan)); return err }, skelFormat, "bone.wigglePower", 81, 0},
		{"bcf translation", func() error { _, err := ParseBCF(patch(handBCF, 30, nan)); return err }, bcfFormat, "bone.translation", 30, 0},
		{"bcf rotation", func() error { _, err := ParseBCF(patch(handBCF, 50, damaged)); return err }, bcfFormat, "bone.rotation", 50, 0},
		{"bcf wiggle", func() error { _, err := ParseBCF(patch(handBCF, 66, inf)); return err }, bcfFormat, "bone.wiggleValue", 66, 0},
		{"cmx vector", cmx("3.01362", "nan"), cmxFormat, "bone.translation", -1, 9},
		{"cmx quaternion", cmx("-0.706336", "-inf"), cmxFormat, "bone.rotation", -1, 10},
		{"cmx beyond float32", cmx("| -0.0366778", "| 1e39"), cmxFormat, "bone.translation", -1, 22},
		{"cmx skill duration", cmx("\r\n1000\r\n", "\r\nInfinity\r\n"), cmxFormat, "skill.duration", -1, 41},
		{"cfp literal", func() error { _, _, err := ParseCFP(patch(handCFP, 1, nan), 2, 2); return err }, cfpFormat, "translation x", 1, 0},
		{"skill bin", func() error { _, _, err := ParseRawKeys(patch(make([]byte, 28), 16, nan), 1, 1); return err }, rawKeysFormat, "rotations", 16, 0},
		{"skn vertex", func() error {
			_, err := ParseSKN([]byte(strings.Replace(handSKN, "0.210565 ", "NaN ", 1)))
			return err
		}, sknFormat, "vertex", -1, 20},
	}
	for _, tt := range tests {
		err := tt.decode()
		var fe *formats.Error
		if !errors.As(err, &fe) || !errors.Is(err, errNonFinite) || fe.Format != tt.format || fe.Field != tt.field ||
			(tt.off >= 0 && fe.Offset != tt.off) || (tt.off < 0 && fe.Line != tt.line) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
