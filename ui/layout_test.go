package ui

import "testing"

// TestClipListCap: the clip list takes at most half the room the two
// lists share, and the tree never less than minTreeH (issue 33 item 1).
func TestClipListCap(t *testing.T) {
	// The left panel's fixed rows at 800×600 and 1280×800: file, summary,
	// headings, hint, the bone buttons and the cut buttons (eight gaps of
	// leftRowSpacing between the nine rows).
	fixed := []int{17, 17, 17, 17, 17, 24, 24}
	tests := []struct {
		h, want int
	}{
		{478, (478 - 16 - 32 - 133) / 2},
		{678, (678 - 16 - 32 - 133) / 2},
		{320, 320 - 16 - 32 - 133 - minTreeH}, // a low panel: the tree's least height first
		{200, 1},                              // no room at all: the list a pixel tall
	}
	for _, tt := range tests {
		if got := clipListCap(tt.h, fixed); got != tt.want {
			t.Errorf("panel %d tall: clip list at most %d, want %d", tt.h, got, tt.want)
		}
	}
}
