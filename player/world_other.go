//go:build !amd64 || purego

package player

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// soaLen is the length of WorldPose.soa: the portable pass needs none.
func soaLen(int) int { return 0 }

// toWorldSIMD reports that there is no SIMD pass on this architecture.
func toWorldSIMD([]formats.Bone, []formats.Transform, []mgl32.Mat4, *WorldPose) bool {
	return false
}
