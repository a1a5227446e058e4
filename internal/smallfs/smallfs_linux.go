package smallfs

import (
	"strconv"
	"syscall"
)

func mount(dir string, size int) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size="+strconv.Itoa(size))
}

func unmount(dir string) error { return syscall.Unmount(dir, 0) }
