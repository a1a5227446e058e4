package player

// blendKernels says which code blendPoses blends with: the Go code, or
// the SIMD kernels of blend_amd64.s in SSE2 or in AVX. Every choice gives
// the same bits; tests pass each one available explicitly.
type blendKernels uint8

const (
	// blendGo: the Go code alone.
	blendGo blendKernels = iota
	// blendSSE2: the SSE2 kernels (where the architecture has them).
	blendSSE2
	// blendAVX: the AVX kernels where there are some, else SSE2's.
	blendAVX
)
