//go:build amd64.v3

package player

// testDataFused says that this build lets the compiler fuse multiply-adds
// (GOAMD64=v3 and up) in code the tests build their cases with, such as
// mgl32's: cases recorded from a build without fusion come out otherwise.
const testDataFused = true
