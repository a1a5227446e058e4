package raster

import "testing"

// TestParseSize: WxH with each side in [MinSize, MaxSize]; anything else
// is an error naming the value.
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		s    string
		w, h int
		ok   bool
	}{
		{"640x480", 640, 480, true},
		{"16x16", 16, 16, true},
		{"8192x8192", 8192, 8192, true},
		{"15x480", 0, 0, false},
		{"640x8193", 0, 0, false},
		{"640", 0, 0, false},
		{"x", 0, 0, false},
		{"-640x480", 0, 0, false},
	} {
		w, h, err := ParseSize(c.s)
		if (err == nil) != c.ok || w != c.w || h != c.h {
			t.Errorf("%q: %dx%d, %v", c.s, w, h, err)
		}
		if err != nil && err.Error() != `size "`+c.s+`": want WxH between 16x16 and 8192x8192` {
			t.Errorf("%q: error %q", c.s, err)
		}
	}
}
