package render

import "slices"

// depthKey is one item's sort key: depth, then list position for ties, so
// the order is deterministic without a stable sort.
type depthKey struct {
	depth float32
	i     int32
}

// sortFarToNear orders items by decreasing depth, equal depths keeping their
// order. Sorting 8-byte keys and permuting once is about twice as fast as a
// stable sort that moves the 40-byte lines around; keys and scratch are
// reused buffers, so nothing is allocated once they have grown.
func sortFarToNear[T any](items []T, depth func(*T) float32, keys *[]depthKey, scratch *[]T) {
	k := (*keys)[:0]
	sorted := true
	for i := range items {
		d := depth(&items[i])
		if i > 0 && d > k[i-1].depth {
			sorted = false
		}
		k = append(k, depthKey{d, int32(i)})
	}
	*keys = k
	if sorted {
		return
	}
	slices.SortFunc(k, func(a, b depthKey) int {
		switch {
		case a.depth > b.depth:
			return -1
		case a.depth < b.depth:
			return 1
		}
		return int(a.i - b.i)
	})
	s := append((*scratch)[:0], items...)
	*scratch = s
	for j, key := range k {
		items[j] = s[key.i]
	}
}
