package safefile

import "golang.org/x/sys/unix"

// NameMax returns the longest file name, in bytes, that dir's file system
// takes (statfs's f_namelen; 255 when it cannot tell).
func NameMax(dir string) int {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err == nil && st.Namelen > 16 && st.Namelen < 255 {
		return int(st.Namelen)
	}
	return 255
}
