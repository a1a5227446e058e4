package bin

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestFinite32 reads a finite single, then the three non-finite kinds each
// at its offset: the error names the format, the field and the offset, and
// wraps formats.ErrNonFinite (docs/formats/README.md#limits-and-non-finite-numbers).
func TestFinite32(t *testing.T) {
	for _, tc := range []struct {
		name string
		word uint32
		want string
	}{
		{"damaged word", 0xFFFFFFFF, "NaN (0xFFFFFFFF)"},
		{"quiet NaN", 0x7FC00000, "NaN (0x7FC00000)"},
		{"+Inf", 0x7F800000, "+Inf (0x7F800000)"},
		{"-Inf", 0xFF800000, "-Inf (0xFF800000)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := binary.BigEndian.AppendUint32(nil, 0x3F800000) // 1.0
			data = binary.BigEndian.AppendUint32(data, tc.word)
			r := NewReader(data, binary.BigEndian, "test format")
			if v := r.Finite32("first"); v != 1 || r.Err() != nil {
				t.Fatalf("first = %v, %v; want 1, nil", v, r.Err())
			}
			if v := r.Finite32("key value"); v != 0 {
				t.Errorf("non-finite read gave %v, want 0", v)
			}
			err := r.Err()
			var fe *formats.Error
			if !errors.As(err, &fe) || !errors.Is(err, formats.ErrNonFinite) {
				t.Fatalf("error %v: want a *formats.Error wrapping ErrNonFinite", err)
			}
			if fe.Format != "test format" || fe.Field != "key value" || fe.Offset != 4 {
				t.Errorf("error names %q %q %d, want test format, key value, 4", fe.Format, fe.Field, fe.Offset)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// TestFinite32Order reads a little-endian NaN from a big-endian reader.
func TestFinite32Order(t *testing.T) {
	r := NewReader([]byte{0, 0, 0xC0, 0x7F}, binary.BigEndian, "f")
	r.Finite32Order("x", binary.LittleEndian)
	if !errors.Is(r.Err(), formats.ErrNonFinite) {
		t.Fatalf("error %v, want ErrNonFinite", r.Err())
	}
}

// TestTolerant32 substitutes a non-finite value and warns once; a finite
// value passes unchanged without a warning.
func TestTolerant32(t *testing.T) {
	data := binary.LittleEndian.AppendUint32(nil, 0xFFFFFFFF)
	data = binary.LittleEndian.AppendUint32(data, 0x40000000) // 2.0
	r := NewReader(data, binary.LittleEndian, "f")
	var warns []string
	warn := func(m string) { warns = append(warns, m) }
	if v := r.Tolerant32("radius", -1, warn); v != -1 {
		t.Errorf("substitute: got %v, want -1", v)
	}
	if v := r.Tolerant32("radius", -1, warn); v != 2 {
		t.Errorf("finite: got %v, want 2", v)
	}
	if r.Err() != nil || len(warns) != 1 || !strings.Contains(warns[0], "f: radius at offset 0 (0x0): NaN") || !strings.HasSuffix(warns[0], "read as -1") {
		t.Errorf("err %v, warnings %q", r.Err(), warns)
	}
}
