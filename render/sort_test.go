package render

import "testing"

func TestSortFarToNear(t *testing.T) {
	tests := []struct {
		depths []float32
		want   []int // original positions, in sorted order
	}{
		{nil, nil},
		{[]float32{3, 2, 1}, []int{0, 1, 2}},
		{[]float32{1, 2, 3}, []int{2, 1, 0}},
		{[]float32{2, 5, 2, 5, 1}, []int{1, 3, 0, 2, 4}}, // ties keep list order
		{[]float32{4, 4, 4}, []int{0, 1, 2}},
	}
	var keys []depthKey
	var scratch []Dot
	for _, tc := range tests {
		dots := make([]Dot, len(tc.depths))
		for i, d := range tc.depths {
			dots[i] = Dot{Depth: d, Bone: i}
		}
		sortFarToNear(dots, func(d *Dot) float32 { return d.Depth }, &keys, &scratch)
		for i, d := range dots {
			if d.Bone != tc.want[i] {
				t.Errorf("depths %v: sorted bones %+v, want %v", tc.depths, dots, tc.want)
				break
			}
		}
	}
}
