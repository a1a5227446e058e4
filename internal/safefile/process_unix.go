//go:build unix

package safefile

import (
	"errors"
	"syscall"
)

// processRunning reports whether a process with the id runs (signal 0
// checks without sending; EPERM means it runs as another user).
func processRunning(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
