//go:build race

package gltf

// raceEnabled reports that the tests run under the race detector.
const raceEnabled = true
