//go:build unix

package cputime

import "testing"

// TestProcessGrows checks that work shows in the process's CPU time.
func TestProcessGrows(t *testing.T) {
	start := Process()
	if start <= 0 {
		t.Fatalf("Process() = %v at start, want > 0 (getrusage failed?)", start)
	}
	x := uint64(1)
	for Process() == start {
		for i := 0; i < 1_000_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 0 {
		t.Log("unreachable")
	}
}
