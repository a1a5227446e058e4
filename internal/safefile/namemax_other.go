//go:build !linux

package safefile

// NameMax returns the longest file name, in bytes, that dir's file system
// takes: 255, the limit of the common ones (a name of at most 255 UTF-8
// bytes has at most 255 UTF-16 units, Windows' and HFS+'s limit).
func NameMax(dir string) int { return 255 }
