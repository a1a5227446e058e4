//go:build !unix

package formats

import "os"

// openNoBlock opens path for reading (Windows and the browser have no
// named pipes in folders to wait on).
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
