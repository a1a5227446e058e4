//go:build amd64 && !purego

package player

import (
	"unsafe"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/sys/cpu"
)

// The SIMD local-to-world pass, in two steps as ozz-animation's
// LocalToModelJob takes them: every bone's local matrix is built four
// bones at a time, one bone per lane of each vector (localToSoA), then
// each bone's matrix is its parent's times its local one, a column at a
// time (composeRun). Each lane performs the IEEE operations of
// composeBone in its order, without fused multiply-adds, so the result is
// toWorldGo's to the bit (TestToWorldSIMDMatchesGo). It needs AVX for its
// three-operand forms and the broadcast from memory that feeds the
// column products.

// soaBlock is the size of one block of soa: twelve vectors of four lanes,
// the elements m0, m1, m2, m4, m5, m6, m8, m9, m10, m12, m13, m14 of four
// bones' local matrices.
const soaBlock = 48

// soaLen is the length of WorldPose.soa for n bones.
func soaLen(n int) int { return (n + 3) / 4 * soaBlock }

// localToSoA writes the local matrices of the bones local[0:4·groups]
// into soa, a block per four bones.
//
//go:noescape
func localToSoA(local *formats.Transform, soa *float32, groups int)

// composeRun composes bones i, i+1, … (out[j] = out[parent] · local j
// from soa) until it reaches n or a bone whose parent is not an earlier
// bone (a root, or a parent the portable pass must handle), and returns
// that bone's index. parent points at bone i's Parent field, and stride
// is the distance between two bones' fields.
//
//go:noescape
func composeRun(out *mgl32.Mat4, soa *float32, parent *int, stride uintptr, i, n int) int

// toWorldSIMD runs the SIMD pass where the CPU has AVX and reports
// whether it did.
func toWorldSIMD(bones []formats.Bone, local []formats.Transform, out []mgl32.Mat4, w *WorldPose) bool {
	n := len(bones)
	if n == 0 || !cpu.X86.HasAVX {
		return false
	}
	local, out = local[:n], out[:n]
	if len(w.soa) < soaLen(n) {
		w.soa = make([]float32, soaLen(n))
	}
	soa := w.soa[:soaLen(n)]
	groups := n / 4
	if groups > 0 {
		localToSoA(&local[0], &soa[0], groups)
	}
	for i := groups * 4; i < n; i++ {
		localToSoAGo(&local[i], soa, i)
	}
	stride := unsafe.Sizeof(formats.Bone{})
	for i := 0; i < n; {
		i = composeRun(&out[0], &soa[0], &bones[i].Parent, stride, i, n)
		if i < n {
			composeBone(bones[i].Parent, &local[i], out, i)
			i++
		}
	}
	return true
}

// localToSoAGo is localToSoA for one bone, for the bones after the last
// whole group of four: Transform.WriteMat4's arithmetic.
func localToSoAGo(l *formats.Transform, soa []float32, i int) {
	var m mgl32.Mat4
	l.WriteMat4(&m)
	blk := soa[i/4*soaBlock : i/4*soaBlock+soaBlock]
	for e, k := range [12]int{0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14} {
		blk[e*4+i%4] = m[k]
	}
}
