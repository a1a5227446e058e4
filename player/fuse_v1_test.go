//go:build !amd64.v3

package player

// testDataFused: see fuse_v3_test.go.
const testDataFused = false
