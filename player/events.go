package player

import "github.com/animview/animview/formats"

// CrossedEvents appends to dst the indices of the events that playback
// crosses going forward from clip time from to clip time to: times in
// (from, to]. When loop is set and to < from, playback wrapped: the events in
// (from, duration] and then those in [0, to] are crossed, in that order.
// Without a wrap and with to < from (a backwards scrub), nothing is crossed.
func CrossedEvents(events []formats.Event, from, to, duration float64, loop bool, dst []int) []int {
	if to >= from {
		for i := range events {
			if e := events[i].Time; e > from && e <= to {
				dst = append(dst, i)
			}
		}
		return dst
	}
	if !loop {
		return dst
	}
	for i := range events {
		if e := events[i].Time; e > from && e <= duration {
			dst = append(dst, i)
		}
	}
	for i := range events {
		if e := events[i].Time; e >= 0 && e <= to {
			dst = append(dst, i)
		}
	}
	return dst
}
