package main

import (
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/animview/animview/formats/open"
)

// memoryHeadroom is what a command may hold beyond the file it reads and
// what its archive decompresses: the loaded model, an export's samples and
// document, a picture.
const memoryHeadroom = 256 << 20

// limitMemory sets the Go runtime's soft memory limit for a command that
// reads path with an archive budget of budgetMiB: the file's size (a
// folder's largest file; at most open.MaxFileSize), the budget and
// memoryHeadroom (README, "What you can rely on"). Without it the
// collector lets the heap grow to twice what is live before it collects,
// so that an archive holding its budget's worth of decompressed entries
// could cost twice the budget as the batch made garbage. A limit set
// through GOMEMLIMIT is kept. It returns the limit in force.
func limitMemory(path string, budgetMiB int) int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1)
	}
	limit := inputSize(path) + int64(max(budgetMiB, 0))<<20 + memoryHeadroom
	debug.SetMemoryLimit(limit)
	return limit
}

// inputSize is the most a command reads at once from path: a file's size,
// or a folder's largest file's, at most open.MaxFileSize.
func inputSize(path string) int64 {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return 0
	case st.Mode().IsRegular():
		return min(st.Size(), open.MaxFileSize)
	case !st.IsDir():
		return 0
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return 0
	}
	var most int64
	for _, e := range ents {
		if fi, err := os.Stat(filepath.Join(path, e.Name())); err == nil && fi.Mode().IsRegular() {
			most = max(most, fi.Size())
		}
	}
	return min(most, open.MaxFileSize)
}
