package prime

import (
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// hexBytes decodes hex laid out in lines; text after a | is a comment.
func hexBytes(t testing.TB, s string) []byte {
	t.Helper()
	var clean strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[:i]
		}
		clean.WriteString(strings.NewReplacer(" ", "", "\t", "").Replace(line))
	}
	b, err := hex.DecodeString(clean.String())
	if err != nil {
		t.Fatalf("bad hex: %v", err)
	}
	return b
}

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func quatNear(a, b mgl32.Quat, eps float64) bool {
	return near(float64(a.W), float64(b.W), eps) && vecNear(a.V, b.V, eps)
}

func vecNear(a, b mgl32.Vec3, eps float64) bool {
	return near(float64(a[0]), float64(b[0]), eps) && near(float64(a[1]), float64(b[1]), eps) &&
		near(float64(a[2]), float64(b[2]), eps)
}

func q(w, x, y, z float32) mgl32.Quat { return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}} }
