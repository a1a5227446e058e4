//go:build !amd64 || purego

package player

import "github.com/animview/animview/formats"

// The SIMD entry points are the Go code itself.

// blendKernelsHere: no SIMD kernels here; BlendPoses runs the Go code.
func blendKernelsHere() blendKernels { return blendGo }

func blendRotsPrimeSIMD(la, lb []formats.Transform, w float32, _ blendKernels) {
	blendRotsPrime(la, lb, w)
}
func blendRotsPrime2SIMD(la, lb []formats.Transform, w float32, _ blendKernels) {
	blendRotsPrime2(la, lb, w)
}
func blendRotsShortestSIMD(la, lb []formats.Transform, w float32, _ blendKernels) {
	blendRotsShortest(la, lb, w)
}

func lerpTranslationsScalesSIMD(la, lb []formats.Transform, w float32, _ blendKernels) {
	lerpTranslationsScales(la, lb, w)
}
func orIntoSIMD(dst, a, b []bool) { orInto(dst, a, b) }

func lerpTranslationsPrimeBoundSIMD(la, lb []formats.Transform, w float32, bones []formats.Bone, ma, mb, mo []bool) {
	lerpTranslationsPrimeBound(la, lb, w, bones, ma, mb, mo)
}
