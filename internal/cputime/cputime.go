// Package cputime reads the CPU time the process has spent, for benchmarks
// on a machine whose cores are shared with other work: the wall time of an
// op counts the time the benchmark waited for a core, the process's CPU
// time (with -cpu 1 and no allocation) is the benchmark's own.
package cputime
