//go:build !unix

package cputime

import "time"

// Process is 0 here: this system (a browser, Windows) has no getrusage,
// and the benchmarks that report it are run on Linux.
func Process() time.Duration { return 0 }
