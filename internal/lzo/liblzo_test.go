package lzo_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/animview/animview/internal/lzo"
)

// Streams from the reference library (testdata/README.md) decode to their
// inputs.
func TestLiblzoStreams(t *testing.T) {
	inputs := map[string][]byte{
		"small": []byte("abcabcabc"),
		"seg":   bytes.Repeat([]byte("segment data "), 2000)[:0x4000],
		"runs":  bytes.Repeat([]byte{0, 0, 0, 0, 1, 2}, 12000),
		"text":  bytes.Repeat([]byte("the quick brown fox jumps over the lazy dog "), 3000),
	}
	for name, want := range inputs {
		for _, level := range []string{"lzo1x-1", "lzo1x-999"} {
			c, err := os.ReadFile("testdata/" + name + "." + level)
			if err != nil {
				t.Fatal(err)
			}
			got, unread, err := lzo.Decompress(nil, c, len(want))
			if err != nil || unread != 0 || !bytes.Equal(got, want) {
				t.Errorf("%s.%s: %v (unread %d)", name, level, err, unread)
			}
		}
	}
}
