//go:build !race

package export

// raceEnabled reports that the tests run under the race detector.
const raceEnabled = false
