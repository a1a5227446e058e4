//go:build amd64 && !purego

#include "textflag.h"

// Operand order is Go's: sources first, destination last, so that
// VSUBPS X6, X15, X0 is X0 = X15 - X6. Every operation keeps the Go
// code's left operand as its first source (the middle operand), so that
// even NaN payloads come out as composeBone's do.

DATA worldOne<>+0(SB)/4, $0x3f800000
GLOBL worldOne<>(SB), RODATA|NOPTR, $4
DATA worldTwo<>+0(SB)/4, $0x40000000
GLOBL worldTwo<>(SB), RODATA|NOPTR, $4

// ROWS4 loads the 16 bytes at off of four consecutive 40-byte Transforms
// at SI into X0-X3 and interleaves them into X4-X7 (the first half of a
// 4×4 transpose: the columns are then two VSHUFPS away).
#define ROWS4(off) \
	VMOVUPS off(SI), X0; \
	VMOVUPS off+40(SI), X1; \
	VMOVUPS off+80(SI), X2; \
	VMOVUPS off+120(SI), X3; \
	VUNPCKLPS X1, X0, X4; \
	VUNPCKHPS X1, X0, X5; \
	VUNPCKLPS X3, X2, X6; \
	VUNPCKHPS X3, X2, X7

// func localToSoA(local *formats.Transform, soa *float32, groups int)
TEXT ·localToSoA(SB), NOSPLIT, $0-24
	MOVQ local+0(FP), SI
	MOVQ soa+8(FP), DI
	MOVQ groups+16(FP), CX
	VBROADCASTSS worldOne<>(SB), X15

group:
	// Four rotations (W, X, Y, Z at byte 12 of each 40-byte Transform),
	// transposed to one vector per component.
	ROWS4(12)
	VSHUFPS $0x44, X6, X4, X0 // W
	VSHUFPS $0xEE, X6, X4, X1 // X
	VSHUFPS $0x44, X7, X5, X2 // Y
	VSHUFPS $0xEE, X7, X5, X3 // Z

	// n = w·w + x·x + y·y + z·z; k = 2/n where n > 0, else 0.
	VMULPS X0, X0, X4
	VMULPS X1, X1, X5
	VMULPS X2, X2, X6
	VMULPS X3, X3, X7
	VADDPS X5, X4, X8
	VADDPS X6, X8, X8
	VADDPS X7, X8, X8
	VBROADCASTSS worldTwo<>(SB), X9
	VDIVPS X8, X9, X9
	VXORPS X10, X10, X10
	VCMPPS $1, X8, X10, X10 // 0 < n
	VANDPS X10, X9, X9

	// xx, yy, zz = x·x·k, …; xy, xz, yz; wx, wy, wz.
	VMULPS X9, X5, X5
	VMULPS X9, X6, X6
	VMULPS X9, X7, X7
	VMULPS X2, X1, X10
	VMULPS X9, X10, X10
	VMULPS X3, X1, X11
	VMULPS X9, X11, X11
	VMULPS X3, X2, X12
	VMULPS X9, X12, X12
	VMULPS X1, X0, X13
	VMULPS X9, X13, X13
	VMULPS X2, X0, X14
	VMULPS X9, X14, X14
	VMULPS X3, X0, X4
	VMULPS X9, X4, X4

	// Four scales (at byte 24: Z, then Sx, Sy, Sz), transposed.
	VMOVUPS 24(SI), X0
	VMOVUPS 64(SI), X1
	VMOVUPS 104(SI), X2
	VMOVUPS 144(SI), X3
	VUNPCKLPS X1, X0, X8
	VUNPCKHPS X1, X0, X9
	VUNPCKLPS X3, X2, X0
	VUNPCKHPS X3, X2, X1
	VSHUFPS $0xEE, X0, X8, X2 // Sx
	VSHUFPS $0x44, X1, X9, X3 // Sy
	VSHUFPS $0xEE, X1, X9, X8 // Sz

	// Column 0: (1-yy-zz)·sx, (xy+wz)·sx, (xz-wy)·sx.
	VSUBPS X6, X15, X0
	VSUBPS X7, X0, X0
	VMULPS X2, X0, X0
	VMOVUPS X0, 0(DI)
	VADDPS X4, X10, X1
	VMULPS X2, X1, X1
	VMOVUPS X1, 16(DI)
	VSUBPS X14, X11, X9
	VMULPS X2, X9, X9
	VMOVUPS X9, 32(DI)

	// Column 1: (xy-wz)·sy, (1-xx-zz)·sy, (yz+wx)·sy.
	VSUBPS X4, X10, X0
	VMULPS X3, X0, X0
	VMOVUPS X0, 48(DI)
	VSUBPS X5, X15, X1
	VSUBPS X7, X1, X1
	VMULPS X3, X1, X1
	VMOVUPS X1, 64(DI)
	VADDPS X13, X12, X9
	VMULPS X3, X9, X9
	VMOVUPS X9, 80(DI)

	// Column 2: (xz+wy)·sz, (yz-wx)·sz, (1-xx-yy)·sz.
	VADDPS X14, X11, X0
	VMULPS X8, X0, X0
	VMOVUPS X0, 96(DI)
	VSUBPS X13, X12, X1
	VMULPS X8, X1, X1
	VMOVUPS X1, 112(DI)
	VSUBPS X5, X15, X9
	VSUBPS X6, X9, X9
	VMULPS X8, X9, X9
	VMOVUPS X9, 128(DI)

	// Column 3: the translations (at byte 0: Tx, Ty, Tz, then W).
	ROWS4(0)
	VSHUFPS $0x44, X6, X4, X0
	VSHUFPS $0xEE, X6, X4, X1
	VSHUFPS $0x44, X7, X5, X2
	VMOVUPS X0, 144(DI)
	VMOVUPS X1, 160(DI)
	VMOVUPS X2, 176(DI)

	ADDQ $160, SI
	ADDQ $192, DI
	DECQ CX
	JNZ  group
	VZEROUPPER
	RET

// func composeRun(out *mgl32.Mat4, soa *float32, parent *int, stride uintptr, i, n int) int
//
// A bone whose parent is the bone just composed (a chain) takes the
// parent's columns from X10-X13 rather than from memory: the store and
// reload would add their latency to every link of the chain. Those
// registers hold the columns before lane 3 is set, which changes nothing
// in lanes 0-2: every operation here works lane by lane.
TEXT ·composeRun(SB), NOSPLIT, $0-56
	MOVQ out+0(FP), DI
	MOVQ soa+8(FP), SI
	MOVQ parent+16(FP), BX
	MOVQ stride+24(FP), R8
	MOVQ i+32(FP), CX
	MOVQ n+40(FP), DX
	MOVQ $-1, R12 // the bone whose columns X10-X13 hold
	VXORPS X14, X14, X14
	VBROADCASTSS worldOne<>(SB), X15

bone:
	CMPQ CX, DX
	JGE  done
	MOVQ (BX), AX
	CMPQ AX, CX
	JAE  done // a root (negative) or a parent not before the bone

	// L = bone i's lane of its soa block, O = &out[i].
	MOVQ CX, R9
	SHRQ $2, R9
	IMUL3Q $192, R9, R9
	MOVQ CX, R11
	ANDQ $3, R11
	LEAQ (R9)(R11*4), R9
	ADDQ SI, R9
	MOVQ CX, R10
	SHLQ $6, R10
	ADDQ DI, R10

	CMPQ AX, R12
	JNE  load
	VMOVAPS X10, X0
	VMOVAPS X11, X1
	VMOVAPS X12, X2
	VMOVAPS X13, X3
	JMP  columns

load:
	SHLQ $6, AX
	ADDQ DI, AX
	VMOVUPS 0(AX), X0
	VMOVUPS 16(AX), X1
	VMOVUPS 32(AX), X2
	VMOVUPS 48(AX), X3

columns:
	// Column c is a0·b0c + a1·b1c + a2·b2c; the translation column adds
	// a3.
	VBROADCASTSS 0(R9), X4
	VBROADCASTSS 16(R9), X8
	VBROADCASTSS 32(R9), X9
	VMULPS X4, X0, X4
	VMULPS X8, X1, X8
	VMULPS X9, X2, X9
	VADDPS X8, X4, X4
	VADDPS X9, X4, X4

	VBROADCASTSS 48(R9), X5
	VBROADCASTSS 64(R9), X8
	VBROADCASTSS 80(R9), X9
	VMULPS X5, X0, X5
	VMULPS X8, X1, X8
	VMULPS X9, X2, X9
	VADDPS X8, X5, X5
	VADDPS X9, X5, X5

	VBROADCASTSS 96(R9), X6
	VBROADCASTSS 112(R9), X8
	VBROADCASTSS 128(R9), X9
	VMULPS X6, X0, X6
	VMULPS X8, X1, X8
	VMULPS X9, X2, X9
	VADDPS X8, X6, X6
	VADDPS X9, X6, X6

	VBROADCASTSS 144(R9), X7
	VBROADCASTSS 160(R9), X8
	VBROADCASTSS 176(R9), X9
	VMULPS X7, X0, X7
	VMULPS X8, X1, X8
	VMULPS X9, X2, X9
	VADDPS X8, X7, X7
	VADDPS X9, X7, X7
	VADDPS X3, X7, X7

	VMOVAPS X4, X10
	VMOVAPS X5, X11
	VMOVAPS X6, X12
	VMOVAPS X7, X13
	MOVQ    CX, R12

	// Lane 3 is 0, 0, 0, 1 whatever the products gave (0·∞ is NaN).
	VBLENDPS $8, X14, X4, X4
	VBLENDPS $8, X14, X5, X5
	VBLENDPS $8, X14, X6, X6
	VBLENDPS $8, X15, X7, X7
	VMOVUPS  X4, 0(R10)
	VMOVUPS  X5, 16(R10)
	VMOVUPS  X6, 32(R10)
	VMOVUPS  X7, 48(R10)

	INCQ CX
	ADDQ R8, BX
	JMP  bone

done:
	MOVQ CX, ret+48(FP)
	VZEROUPPER
	RET
