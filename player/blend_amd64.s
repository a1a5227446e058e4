//go:build amd64 && !purego

#include "textflag.h"

// The blend kernels take four joints at a time: their rotations (16 bytes
// at offset 12 of each 40-byte formats.Transform) are loaded as rows and
// transposed, so that one register holds the four W, the next the four X,
// and so on; each lane then performs exactly the IEEE operations the
// scalar Go code performs for its joint, in the same order, and gets the
// same bits (two reciprocal square roots are computed otherwise, with
// the same result for every input: INVSQRT2, NEWTON). FMAddS (a·b + c in
// double precision, rounded to float32) is done in two halves of two
// lanes converted to double. Lanes whose joint leaves the kernel's
// branch keep their rotation and are reported to the Go wrapper, which
// runs the scalar code for them. The Go code fuses nothing on amd64, and
// neither do the SSE2 kernels; the AVX kernels' FMAddS use VFMADD231PD,
// which gives the same double as a multiply and an add there: the
// product of two float32 is exact in double. Nothing else is fused.
//
// lerpRots8AVX, arcRots8AVX and lerpTSAVX are AVX versions of
// lerpRotsAsm and arcRotsAsm (on eight joints at a time) and lerpTSAsm
// with the same results, for processors with AVX (blendKernelsHere); the
// SSE2 kernels remain for those without.
// The slerp branches of both games have AVX kernels of their own
// (slerpPrime1AVX, slerpPrime2AVX); SSE2's slerpPrimeAsm does MP1's.

// Constants: double pairs and float32 quadruples, loaded with MOVUPS (the
// legacy SSE encodings would fault on an unaligned memory operand).
DATA blendK<>+0(SB)/8, $0x3ff0000000000000   // 1.0 (double)
DATA blendK<>+8(SB)/8, $0x3ff0000000000000
DATA blendK<>+16(SB)/4, $0x7f800000          // +Inf (float32)
DATA blendK<>+20(SB)/4, $0x7f800000
DATA blendK<>+24(SB)/4, $0x7f800000
DATA blendK<>+28(SB)/4, $0x7f800000
DATA blendK<>+32(SB)/4, $0x7fc00000          // float32(math.NaN())
DATA blendK<>+36(SB)/4, $0x7fc00000
DATA blendK<>+40(SB)/4, $0x7fc00000
DATA blendK<>+44(SB)/4, $0x7fc00000
DATA blendK<>+48(SB)/4, $0x3f800000          // 1.0 (float32)
DATA blendK<>+52(SB)/4, $0x3f800000
DATA blendK<>+56(SB)/4, $0x3f800000
DATA blendK<>+60(SB)/4, $0x3f800000
DATA blendK<>+64(SB)/4, $0x80000000          // sign bit
DATA blendK<>+68(SB)/4, $0x80000000
DATA blendK<>+72(SB)/4, $0x80000000
DATA blendK<>+76(SB)/4, $0x80000000
DATA blendK<>+80(SB)/4, $0x3f333333          // float32(arcSeriesMin)
DATA blendK<>+84(SB)/4, $0x3f333333
DATA blendK<>+88(SB)/4, $0x3f333333
DATA blendK<>+92(SB)/4, $0x3f333333
DATA blendK<>+96(SB)/4, $0x3f6ccccd          // FastArcCosR's limit, 0.925
DATA blendK<>+100(SB)/4, $0x3f6ccccd
DATA blendK<>+104(SB)/4, $0x3f6ccccd
DATA blendK<>+108(SB)/4, $0x3f6ccccd
DATA blendK<>+112(SB)/8, $0x3ff921fb60000000 // FastArcCosR c1 (double)
DATA blendK<>+120(SB)/8, $0x3ff921fb60000000
DATA blendK<>+128(SB)/8, $0xbfeff17a20000000 // c2
DATA blendK<>+136(SB)/8, $0xbfeff17a20000000
DATA blendK<>+144(SB)/8, $0xbfca59d180000000 // c3
DATA blendK<>+152(SB)/8, $0xbfca59d180000000
DATA blendK<>+160(SB)/8, $0x3fbd3fc400000000 // c4
DATA blendK<>+168(SB)/8, $0x3fbd3fc400000000
DATA blendK<>+176(SB)/8, $0xbfd301b100000000 // c5
DATA blendK<>+184(SB)/8, $0xbfd301b100000000
DATA blendK<>+192(SB)/4, $0x3f7ff347          // FastSinR c1 (float32)
DATA blendK<>+196(SB)/4, $0x3f7ff347
DATA blendK<>+200(SB)/4, $0x3f7ff347
DATA blendK<>+204(SB)/4, $0x3f7ff347
DATA blendK<>+208(SB)/8, $0xbfc54695c0000000 // FastSinR c2 (double)
DATA blendK<>+216(SB)/8, $0xbfc54695c0000000
DATA blendK<>+224(SB)/8, $0x3f808ff940000000 // c3
DATA blendK<>+232(SB)/8, $0x3f808ff940000000
DATA blendK<>+240(SB)/8, $0xbf240d0e60000000 // c4
DATA blendK<>+248(SB)/8, $0xbf240d0e60000000
DATA blendK<>+256(SB)/8, $0x3fe0000000000000 // 0.5 (double)
DATA blendK<>+264(SB)/8, $0x3fe0000000000000
DATA blendK<>+272(SB)/4, $0x3f733333          // float32(0.95)
DATA blendK<>+276(SB)/4, $0x3f733333
DATA blendK<>+280(SB)/4, $0x3f733333
DATA blendK<>+284(SB)/4, $0x3f733333
DATA blendK<>+288(SB)/8, $0x3fd8000000000000 // 0.375 (double)
DATA blendK<>+296(SB)/8, $0x3fd8000000000000
DATA blendK<>+304(SB)/4, $0x3f733322          // float32(0.95 - 1e-6)
DATA blendK<>+308(SB)/4, $0x3f733322
DATA blendK<>+312(SB)/4, $0x3f733322
DATA blendK<>+316(SB)/4, $0x3f733322
GLOBL blendK<>(SB), RODATA|NOPTR, $320

#define K_ONEPD blendK<>+0(SB)
#define K_INF blendK<>+16(SB)
#define K_QNAN blendK<>+32(SB)
#define K_ONEPS blendK<>+48(SB)
#define K_SIGN blendK<>+64(SB)
#define K_ARCMIN blendK<>+80(SB)
#define K_ACOSLIM blendK<>+96(SB)
#define K_AC1 blendK<>+112(SB)
#define K_AC2 blendK<>+128(SB)
#define K_AC3 blendK<>+144(SB)
#define K_AC4 blendK<>+160(SB)
#define K_AC5 blendK<>+176(SB)
#define K_SC1 blendK<>+192(SB)
#define K_SC2 blendK<>+208(SB)
#define K_SC3 blendK<>+224(SB)
#define K_SC4 blendK<>+240(SB)
#define K_HALFPD blendK<>+256(SB)
#define K_095 blendK<>+272(SB)
#define K_0375PD blendK<>+288(SB)
#define K_095LO blendK<>+304(SB)

// TRANSPOSE turns rows r0..r3 into columns r0..r3 (t0, t1 are clobbered).
// The columns come out through a0 b0 a1 b1 | a2 b2 a3 b3 (UNPCKLPS and
// UNPCKHPS of r0 and r1, likewise of r2 and r3), then MOVLHPS and MOVHLPS.
#define TRANSPOSE(r0, r1, r2, r3, t0, t1) \
	MOVAPS   r0, t0; \
	UNPCKLPS r1, t0; \
	UNPCKHPS r1, r0; \
	MOVAPS   r2, t1; \
	UNPCKLPS r3, t1; \
	UNPCKHPS r3, r2; \
	MOVAPS   t1, r3; \
	MOVHLPS  t0, r3; \
	MOVLHPS  t1, t0; \
	MOVAPS   r0, r1; \
	MOVLHPS  r2, r1; \
	MOVHLPS  r0, r2; \
	MOVAPS   t0, r0; \
	MOVAPS   r1, t0; \
	MOVAPS   r3, r1; \
	MOVAPS   r2, r3; \
	MOVAPS   t0, r2

// TRANSPOSEL is TRANSPOSE without the final moves: the columns come out
// in t0, r3, r1 and r2 (r0 and t1 are clobbered).
#define TRANSPOSEL(r0, r1, r2, r3, t0, t1) \
	MOVAPS   r0, t0; \
	UNPCKLPS r1, t0; \
	UNPCKHPS r1, r0; \
	MOVAPS   r2, t1; \
	UNPCKLPS r3, t1; \
	UNPCKHPS r3, r2; \
	MOVAPS   t1, r3; \
	MOVHLPS  t0, r3; \
	MOVLHPS  t1, t0; \
	MOVAPS   r0, r1; \
	MOVLHPS  r2, r1; \
	MOVHLPS  r0, r2

// LOAD4 loads the rotations of the four transforms at p (160 bytes).
#define LOAD4(p, r0, r1, r2, r3) \
	MOVUPS 12(p), r0; \
	MOVUPS 52(p), r1; \
	MOVUPS 92(p), r2; \
	MOVUPS 132(p), r3

// STORE4 stores four rotations back.
#define STORE4(p, r0, r1, r2, r3) \
	MOVUPS r0, 12(p); \
	MOVUPS r1, 52(p); \
	MOVUPS r2, 92(p); \
	MOVUPS r3, 132(p)

// HI: t = the high two lanes of a in its low two. (MOVHLPS alone would
// keep t's old high half, a false dependency on whatever last wrote t.)
#define HI(a, t) \
	MOVAPS  a, t; \
	MOVHLPS t, t

// FMADDS: dst = FMAddS(a, b, c) per lane. dst, t1 and t2 must differ from
// a, b and c and from each other.
#define FMADDS(a, b, c, dst, t1, t2) \
	CVTPS2PD a, dst; \
	CVTPS2PD b, t1; \
	MULPD    t1, dst; \
	CVTPS2PD c, t1; \
	ADDPD    t1, dst; \
	CVTPD2PS dst, dst; \
	HI(a, t1); \
	CVTPS2PD t1, t1; \
	HI(b, t2); \
	CVTPS2PD t2, t2; \
	MULPD    t2, t1; \
	HI(c, t2); \
	CVTPS2PD t2, t2; \
	ADDPD    t2, t1; \
	CVTPD2PS t1, t1; \
	MOVLHPS  t1, dst

// FMADDSQ: dst = FMAddS(a, a, c) per lane (same register rules).
#define FMADDSQ(a, c, dst, t1, t2) \
	CVTPS2PD a, dst; \
	MULPD    dst, dst; \
	CVTPS2PD c, t1; \
	ADDPD    t1, dst; \
	CVTPD2PS dst, dst; \
	HI(a, t1); \
	CVTPS2PD t1, t1; \
	MULPD    t1, t1; \
	HI(c, t2); \
	CVTPS2PD t2, t2; \
	ADDPD    t2, t1; \
	CVTPD2PS t1, t1; \
	MOVLHPS  t1, dst

// FMADDSK: dst = FMAddS(a, k, c) per lane, k a float32 constant given as
// a double pair in memory (same register rules).
#define FMADDSK(a, k, c, dst, t1, t2) \
	MOVUPS   k, t2; \
	CVTPS2PD a, dst; \
	MULPD    t2, dst; \
	CVTPS2PD c, t1; \
	ADDPD    t1, dst; \
	CVTPD2PS dst, dst; \
	HI(a, t1); \
	CVTPS2PD t1, t1; \
	MULPD    t2, t1; \
	HI(c, t2); \
	CVTPS2PD t2, t2; \
	ADDPD    t2, t1; \
	CVTPD2PS t1, t1; \
	MOVLHPS  t1, dst

// INVSQRT2: dst = InvSqrtMP2(n) per lane: 1 / float32(math.Sqrt(float64(n))).
// The float32 square root is that rounding of the double one: double
// rounding is innocuous for a square root when the wider format has at
// least 2p+2 bits (53 >= 2·24+2).
#define INVSQRT2(n, dst, t1) \
	SQRTPS n, t1; \
	MOVUPS K_ONEPS, dst; \
	DIVPS  t1, dst

// RSQSTEP: Y += Y·(e·(0.375·e + 0.5)), e = 1 - N·Y·Y, in double
// precision: the series of 1/√(1 - e) to its e² term, one step that
// triples the correct bits of Y as an estimate of 1/√N (t and u are
// clobbered).
#define RSQSTEP(N, Y, t, u) \
	MOVAPS N, t; \
	MULPD  Y, t; \
	MULPD  Y, t; \
	MOVUPS K_ONEPD, u; \
	SUBPD  t, u; \
	MOVUPS K_0375PD, t; \
	MULPD  u, t; \
	ADDPD  X15, t; \
	MULPD  t, u; \
	MULPD  Y, u; \
	ADDPD  u, Y

// NEWTON: dst = InvSqrtMP1(n) per lane for 0 < n < +Inf, without
// SQRTPD and DIVPD (the double-precision divider, slower than the
// whole kernel without it): the float32 1/√n, 1 / float32(√n), taken to
// double precision by RSQSTEP, then rounded to float32. That is 1/√n
// correctly rounded to float32, which InvSqrtMP1 also is, for every
// float32 in [1, 4) (TestInvSqrtNewton replays the arithmetic for each);
// every step scales exactly by powers of 4, so for every positive
// float32 n. X15 must hold 0.5 (double).
#define NEWTON(n, dst, t1, t2, t3, t4) \
	SQRTPS   n, dst; \
	MOVUPS   K_ONEPS, t1; \
	DIVPS    dst, t1; \
	CVTPS2PD n, t2; \
	CVTPS2PD t1, t3; \
	RSQSTEP(t2, t3, dst, t4); \
	CVTPD2PS t3, t3; \
	HI(n, t2); \
	CVTPS2PD t2, t2; \
	HI(t1, t4); \
	CVTPS2PD t4, t1; \
	RSQSTEP(t2, t1, dst, t4); \
	CVTPD2PS t1, t1; \
	MOVLHPS  t1, t3; \
	MOVAPS   t3, dst

// BLENDX: dst = m ? dst : old, as old ^ ((dst ^ old) & m).
#define BLENDX(m, old, dst) \
	XORPS old, dst; \
	ANDPS m, dst; \
	XORPS old, dst

// func lerpRotsAsm(a, b *formats.Transform, groups int, w, lo, hi float32, echoes bool, slow *uint8, dots *float32)
//
// For 4·groups joints (groups <= 16, the groups the frame's scratch
// memory holds): where the plain dot product d of
// the rotations has lo < d and not hi <= d, the lerp branch of the games'
// Slerp (MP1's or, with echoes, Echoes' InvSqrtF): blendRotPrime1 and
// blendRotsPrime2. Joints whose squared length comes out 0, +Inf or NaN
// (zero, huge or tiny quaternions, a NaN weight) are left to the Go code
// too. For MP1 the joints out of the band that blendRotPrimeSlow would
// lerp or leave are done here too, and dots[4g+j] gets the localDot of
// joint j of group g if it is left to the Go code (NaN for those in the
// band; anything for the others). slow[g] receives a bit per joint of group g left to the Go
// code.
//
// One group's work is a chain of dependent operations too long for the
// processor to overlap the next group's with it, so the kernel runs in
// three passes over the groups, which pass values on through scratch
// memory in its frame (per group x, y, z, qw, the squared length n then
// 1/√n, the lerp mask, and the mask of joints left as they are): each
// pass's chain is short enough for several groups to be in flight.
TEXT ·lerpRotsAsm(SB), 0, $2112-56
	MOVQ     a+0(FP), SI
	MOVQ     b+8(FP), DI
	MOVQ     groups+16(FP), CX
	LEAQ     64(SP), R8
	MOVQ     dots+48(FP), R9
	MOVBLZX  echoes+36(FP), DX
	MOVSS    w+24(FP), X15
	SHUFPS   $0, X15, X15
	CVTPS2PD X15, X14
	MOVUPS   X14, 32(SP)
	MOVSS    lo+28(FP), X12
	SHUFPS   $0, X12, X12
	MOVUPS   X12, 0(SP)
	MOVSS    hi+32(FP), X12
	SHUFPS   $0, X12, X12
	MOVUPS   X12, 16(SP)
	TESTQ    CX, CX
	JLE      lerpdone

lerploop1:
	// a: W X4, X X3, Y X1, Z X2; b: W X8, X X7, Y X5, Z X6.
	LOAD4(SI, X0, X1, X2, X3)
	TRANSPOSEL(X0, X1, X2, X3, X4, X5)
	LOAD4(DI, X0, X5, X6, X7)
	TRANSPOSEL(X0, X5, X6, X7, X8, X9)

	// quickDot: ((aW·bW + aX·bX) + aY·bY) + aZ·bZ.
	MOVAPS X4, X9
	MULPS  X8, X9
	MOVAPS X3, X0
	MULPS  X7, X0
	ADDPS  X0, X9
	MOVAPS X1, X0
	MULPS  X5, X0
	ADDPS  X0, X9
	MOVAPS X2, X0
	MULPS  X6, X0
	ADDPS  X0, X9

	// Fast lanes (X11): lo < d and not hi <= d.
	MOVUPS   0(SP), X10
	CMPPS    X9, X10, $1
	MOVUPS   16(SP), X11
	CMPPS    X9, X11, $2
	ANDNPS   X10, X11

	// MP1, a group with joints out of the band: localDot decides those
	// as blendRotPrimeSlow does, (0.95, 1) the lerp branch, 1 or more
	// unchanged (keep, X13); the others' localDot goes to the Go code
	// (dl; NaN for the joints in the band, which it must not take for
	// slerps).
	XORPS    X13, X13
	MOVUPS   K_QNAN, X12
	MOVMSKPS X11, AX
	CMPL     AX, $15
	JEQ      lerpclass
	TESTL    DX, DX
	JNE      lerpclass
	MOVAPS   X1, X9
	MULPS    X5, X9
	FMADDS(X3, X7, X9, X10, X12, X13)
	FMADDS(X2, X6, X10, X9, X12, X13)
	FMADDS(X4, X8, X9, X10, X12, X13)
	MOVUPS   K_ONEPS, X9
	CMPPS    X10, X9, $2
	MOVAPS   X11, X13
	ANDNPS   X9, X13
	MOVUPS   K_095, X12
	CMPPS    X10, X12, $1
	MOVAPS   X10, X9
	MOVUPS   K_ONEPS, X0
	CMPPS    X0, X9, $1
	ANDPS    X9, X12
	MOVUPS   K_QNAN, X9
	ANDPS    X11, X9
	MOVAPS   X11, X0
	ANDNPS   X10, X0
	ORPS     X12, X11
	ORPS     X0, X9
	MOVAPS   X9, X12

lerpclass:
	MOVUPS   X12, (R9)
	MOVUPS   X13, 112(R8)
	MOVUPS   X11, 80(R8)
	MOVMSKPS X11, AX
	TESTL    AX, AX
	JEQ      lerpnext1

	// x, y, z = a + float32(w·(b - a)) in X7, X5, X6; qw = FMAddS(w,
	// bW - aW, aW) in X9.
	SUBPS    X4, X8
	SUBPS    X3, X7
	SUBPS    X1, X5
	SUBPS    X2, X6
	MULPS    X15, X7
	ADDPS    X3, X7
	MULPS    X15, X5
	ADDPS    X1, X5
	MULPS    X15, X6
	ADDPS    X2, X6
	MOVUPS   32(SP), X14
	CVTPS2PD X8, X9
	MULPD    X14, X9
	CVTPS2PD X4, X10
	ADDPD    X10, X9
	CVTPD2PS X9, X9
	HI(X8, X10)
	CVTPS2PD X10, X10
	MULPD    X14, X10
	HI(X4, X12)
	CVTPS2PD X12, X12
	ADDPD    X12, X10
	CVTPD2PS X10, X10
	MOVLHPS  X10, X9
	MOVUPS   X7, 0(R8)
	MOVUPS   X5, 16(R8)
	MOVUPS   X6, 32(R8)
	MOVUPS   X9, 48(R8)

lerpnext1:
	ADDQ $160, SI
	ADDQ $160, DI
	ADDQ $128, R8
	ADDQ $16, R9
	DECQ CX
	JNZ  lerploop1

	// Second pass: n = FMAddS(qw, qw, FMAddS(z, z, FMAddS(x, x, y·y)));
	// lanes with n not in (0, +Inf) drop out.
	MOVQ groups+16(FP), CX
	LEAQ 64(SP), R8
	MOVUPS K_INF, X15

lerploopn:
	MOVUPS 0(R8), X7
	MOVUPS 16(R8), X5
	MOVUPS 32(R8), X6
	MOVUPS 48(R8), X9
	MOVAPS X5, X8
	MULPS  X5, X8
	FMADDSQ(X7, X8, X10, X12, X13)
	FMADDSQ(X6, X10, X8, X12, X13)
	FMADDSQ(X9, X8, X10, X12, X13)
	MOVUPS X10, 64(R8)
	XORPS  X12, X12
	CMPPS  X10, X12, $1
	MOVAPS X10, X13
	CMPPS  X15, X13, $1
	ANDPS  X12, X13
	MOVUPS 80(R8), X11
	ANDPS  X13, X11
	MOVUPS X11, 80(R8)
	ADDQ   $128, R8
	DECQ   CX
	JNZ    lerploopn

lerppass3:
	// Third pass: 1/√n (MP1's or Echoes' InvSqrtF), scale, keep the fast
	// lanes, store.
	MOVUPS K_HALFPD, X15
	MOVQ a+0(FP), SI
	MOVQ groups+16(FP), CX
	LEAQ 64(SP), R8
	MOVQ slow+40(FP), BX

lerploop3:
	MOVUPS   80(R8), X11
	MOVUPS   112(R8), X10
	ORPS     X11, X10
	MOVMSKPS X10, AX
	XORL     $15, AX
	MOVB     AX, (BX)
	MOVMSKPS X11, AX
	TESTL    AX, AX
	JEQ      lerpnext3
	MOVUPS   64(R8), X10
	TESTL    DX, DX
	JNE      lerpinv2
	NEWTON(X10, X8, X0, X12, X13, X14)
	JMP      lerpscale

lerpinv2:
	INVSQRT2(X10, X8, X0)

lerpscale:
	MOVUPS   48(R8), X9
	MOVUPS   0(R8), X7
	MOVUPS   16(R8), X10
	MOVUPS   32(R8), X6
	MULPS    X8, X9
	MULPS    X8, X7
	MULPS    X8, X10
	MULPS    X8, X6
	CMPL     AX, $15
	JEQ      lerpstore

	// Some joints keep their rotation: blend with a's.
	LOAD4(SI, X0, X1, X2, X3)
	TRANSPOSEL(X0, X1, X2, X3, X4, X5)
	BLENDX(X11, X4, X9)
	BLENDX(X11, X3, X7)
	BLENDX(X11, X1, X10)
	BLENDX(X11, X2, X6)

lerpstore:
	TRANSPOSEL(X9, X7, X10, X6, X0, X8)
	STORE4(SI, X0, X6, X7, X10)

lerpnext3:
	ADDQ $160, SI
	ADDQ $128, R8
	INCQ BX
	DECQ CX
	JNZ  lerploop3

lerpdone:
	RET

// The AVX kernels do each FMAddS and square root in double precision on
// four lanes at once: VCVTPS2PD widens four floats into a Y register,
// VMULPD and VADDPD work on the four doubles, VCVTPD2PSY narrows them
// back, where SSE2 needs two halves. Their every instruction is
// VEX-encoded (mixing legacy SSE with 256-bit VEX instructions costs
// transitions on Intel processors) and they end with VZEROUPPER, since
// the Go code after them is legacy SSE. The operations and their operand
// order are the SSE2 kernels' (VOP s, d, d is OP s, d), so the bits are
// too.

// VTRANSPOSE: the rows r0..r3 become the columns c0..c3 (r0, r2, t0 and
// t1 are clobbered; c0 must not be t0, t1, r0 or r2, c1 and c2 not r0
// or r2).
#define VTRANSPOSE(r0, r1, r2, r3, t0, t1, c0, c1, c2, c3) \
	VUNPCKLPS r1, r0, t0; \
	VUNPCKHPS r1, r0, r0; \
	VUNPCKLPS r3, r2, t1; \
	VUNPCKHPS r3, r2, r2; \
	VMOVLHPS  t1, t0, c0; \
	VMOVHLPS  t0, t1, c1; \
	VMOVLHPS  r2, r0, c2; \
	VMOVHLPS  r0, r2, c3

// VFMADDS: dst = FMAddS(a, b, c) on four lanes, a, b and c in X
// registers or in memory, yd, yt and yc clobbered (c must not be the low
// half of yd or yt). VFMADD231PD rounds a·b + c once, to double, as a
// multiply and an add do: the product of two float32 is exact in double.
#define VFMADDS(a, b, c, dst, yd, yt, yc) \
	VCVTPS2PD   a, yd; \
	VCVTPS2PD   b, yt; \
	VCVTPS2PD   c, yc; \
	VFMADD231PD yt, yd, yc; \
	VCVTPD2PSY  yc, dst

// INFNAN: where n is +Inf, dst becomes float32(math.NaN()), as
// InvSqrtMP1 returns there (the arithmetic would give 0).
#define INFNAN(n, dst, t1, t2) \
	MOVUPS K_INF, t1; \
	CMPPS  n, t1, $0; \
	MOVUPS K_QNAN, t2; \
	ANDPS  t1, t2; \
	ANDNPS dst, t1; \
	ORPS   t2, t1; \
	MOVAPS t1, dst

// INVSQRT1: dst = InvSqrtMP1(n) per lane, as it computes it:
// float32(1 / math.Sqrt(float64(n))) (n is a sum of squares, never -0,
// so InvSqrtMP1's +0 changes nothing), NaN at +Inf.
#define INVSQRT1(n, dst, t1, t2) \
	CVTPS2PD n, t1; \
	SQRTPD   t1, t1; \
	MOVUPS   K_ONEPD, dst; \
	DIVPD    t1, dst; \
	CVTPD2PS dst, dst; \
	HI(n, t1); \
	CVTPS2PD t1, t1; \
	SQRTPD   t1, t1; \
	MOVUPS   K_ONEPD, t2; \
	DIVPD    t1, t2; \
	CVTPD2PS t2, t2; \
	MOVLHPS  t2, dst; \
	INFNAN(n, dst, t1, t2)

// FASTSIN: dst = FastSinR(x) per lane for |x| <= π (no turns to remove):
// x·c1, then x³·c2, x⁵·c3 and x⁷·c4 each fused into the sum in turn. x
// is clobbered (it ends as x⁷).
#define FASTSIN(x, dst, x2, acc, t1, t2) \
	MOVAPS x, x2; \
	MULPS  x, x2; \
	MOVUPS K_SC1, acc; \
	MULPS  x, acc; \
	MULPS  x2, x; \
	FMADDSK(x, K_SC2, acc, dst, t1, t2); \
	MULPS  x2, x; \
	FMADDSK(x, K_SC3, dst, acc, t1, t2); \
	MULPS  x2, x; \
	FMADDSK(x, K_SC4, acc, dst, t1, t2)

// GATHER4: the byte offsets of the transforms of joints idx[0..3] into
// R10..R13 (40 bytes a transform).
#define GATHER4(p) \
	MOVLQSX 0(p), R10; \
	MOVLQSX 4(p), R11; \
	MOVLQSX 8(p), R12; \
	MOVLQSX 12(p), R13; \
	IMUL3Q  $40, R10, R10; \
	IMUL3Q  $40, R11, R11; \
	IMUL3Q  $40, R12, R12; \
	IMUL3Q  $40, R13, R13

// func slerpPrimeAsm(a, b *formats.Transform, idx *int32, d, angle *float32, groups int, u float32)
//
// The slerp branch of MP1's Slerp (blendRotPrimeSlow's, SlerpPrime's
// arithmetic) for the joints idx[0..4·groups), whose rotations are not
// flipped: their localDot d is from 0 to 0.95. The angle is FastArcCosR's
// polynomial of d up to 0.925, above that angle[] (math.Acos, which the
// Go code computes); u is strictly between Slerp's snaps, so that the
// sine arguments need no range reduction. A joint may be listed more
// than once within a group (the last one repeats to fill it). groups <=
// 16: the frame holds the passes' scratch memory for 16 groups.
TEXT ·slerpPrimeAsm(SB), 0, $2112-52
	MOVQ   groups+40(FP), CX
	TESTQ  CX, CX
	JLE    slerpdone
	MOVQ   d+24(FP), DX
	MOVQ   angle+32(FP), R9
	LEAQ   64(SP), R8
	MOVSS  u+48(FP), X0
	SHUFPS $0, X0, X0
	MOVUPS X0, 16(SP)
	MOVUPS K_ONEPS, X1
	SUBPS  X0, X1
	MOVUPS X1, 0(SP)

	// Like lerpRotsAsm, in passes over the groups through scratch memory
	// (per group: the angle, then sa and sb, x, y, z, w and n).
slerploop1:
	// FastArcCosR(d): c1 + c2·d, then c3·d³, c4·d⁵, c5·d⁷ each fused
	// into the sum; angle[] where d > 0.925.
	MOVUPS   (DX), X8
	MOVUPS   K_AC2, X14
	MOVUPS   K_AC1, X13
	CVTPS2PD X8, X10
	MULPD    X14, X10
	ADDPD    X13, X10
	CVTPD2PS X10, X10
	HI(X8, X11)
	CVTPS2PD X11, X11
	MULPD    X14, X11
	ADDPD    X13, X11
	CVTPD2PS X11, X11
	MOVLHPS  X11, X10
	MOVAPS   X8, X9
	MULPS    X8, X9
	MOVAPS   X8, X11
	MULPS    X9, X11
	FMADDSK(X11, K_AC3, X10, X12, X13, X14)
	MULPS    X9, X11
	FMADDSK(X11, K_AC4, X12, X10, X13, X14)
	MULPS    X9, X11
	FMADDSK(X11, K_AC5, X10, X12, X13, X14)
	MOVUPS   K_ACOSLIM, X13
	CMPPS    X8, X13, $1
	MOVUPS   (R9), X8
	BLENDX(X13, X12, X8)
	MOVUPS   X8, 0(R8)
	ADDQ     $16, DX
	ADDQ     $16, R9
	ADDQ     $128, R8
	DECQ     CX
	JNZ      slerploop1

	// sa = FastSinR(angle·(1 - u)), sb = FastSinR(angle·u).
	MOVQ groups+40(FP), CX
	LEAQ 64(SP), R8

slerploop2:
	MOVUPS 0(R8), X8
	MOVUPS 0(SP), X9
	MULPS  X8, X9
	FASTSIN(X9, X10, X11, X12, X13, X14)
	MOVUPS 16(SP), X1
	MULPS  X8, X1
	FASTSIN(X1, X2, X3, X4, X5, X6)
	MOVUPS X10, 0(R8)
	MOVUPS X2, 16(R8)
	ADDQ   $128, R8
	DECQ   CX
	JNZ    slerploop2

	// x, y, z = float32(sa·a) + float32(sb·b); w = FMAddS(sa, aW,
	// float32(sb·bW)); n = FMAddS(w, w, FMAddS(z, z, FMAddS(x, x, y·y))).
	MOVQ groups+40(FP), CX
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ idx+16(FP), R9
	LEAQ 64(SP), R8

slerploop3:
	GATHER4(R9)
	MOVUPS 12(SI)(R10*1), X0
	MOVUPS 12(SI)(R11*1), X1
	MOVUPS 12(SI)(R12*1), X2
	MOVUPS 12(SI)(R13*1), X3
	TRANSPOSE(X0, X1, X2, X3, X8, X9)
	MOVUPS 12(DI)(R10*1), X4
	MOVUPS 12(DI)(R11*1), X5
	MOVUPS 12(DI)(R12*1), X6
	MOVUPS 12(DI)(R13*1), X7
	TRANSPOSE(X4, X5, X6, X7, X8, X9)
	MOVUPS 0(R8), X8
	MOVUPS 16(R8), X9
	MULPS  X8, X1
	MULPS  X9, X5
	ADDPS  X5, X1
	MULPS  X8, X2
	MULPS  X9, X6
	ADDPS  X6, X2
	MULPS  X8, X3
	MULPS  X9, X7
	ADDPS  X7, X3
	MULPS  X9, X4
	FMADDS(X8, X0, X4, X10, X11, X12)
	MOVUPS X1, 32(R8)
	MOVUPS X2, 48(R8)
	MOVUPS X3, 64(R8)
	MOVUPS X10, 80(R8)
	MOVAPS X2, X5
	MULPS  X2, X5
	FMADDSQ(X1, X5, X6, X11, X12)
	FMADDSQ(X3, X6, X5, X11, X12)
	FMADDSQ(X10, X5, X6, X11, X12)
	MOVUPS X6, 96(R8)
	ADDQ   $16, R9
	ADDQ   $128, R8
	DECQ   CX
	JNZ    slerploop3

	// inv = InvSqrtMP1(n); the rotations are inv·(w, x, y, z).
	MOVQ groups+40(FP), CX
	MOVQ idx+16(FP), R9
	LEAQ 64(SP), R8

slerploop4:
	MOVUPS 96(R8), X6
	INVSQRT1(X6, X7, X11, X12)
	MOVUPS 80(R8), X10
	MOVUPS 32(R8), X1
	MOVUPS 48(R8), X2
	MOVUPS 64(R8), X3
	MULPS  X7, X10
	MULPS  X7, X1
	MULPS  X7, X2
	MULPS  X7, X3
	TRANSPOSEL(X10, X1, X2, X3, X8, X9)
	GATHER4(R9)
	MOVUPS X8, 12(SI)(R10*1)
	MOVUPS X3, 12(SI)(R11*1)
	MOVUPS X1, 12(SI)(R12*1)
	MOVUPS X2, 12(SI)(R13*1)
	ADDQ   $16, R9
	ADDQ   $128, R8
	DECQ   CX
	JNZ    slerploop4

slerpdone:
	RET

// SERIES: dst = (c[k] + c[k+1]·y) + y2·(c[k+2] + c[k+3]·y), the
// coefficients broadcast at byte offsets o0..o3 from p (arcRun's Estrin terms).
#define SERIES(p, o0, o1, o2, o3, y, y2, dst, t1, t2) \
	MOVUPS o1(p), t1; \
	MULPS  y, t1; \
	MOVUPS o0(p), dst; \
	ADDPS  t1, dst; \
	MOVUPS o3(p), t1; \
	MULPS  y, t1; \
	MOVUPS o2(p), t2; \
	ADDPS  t1, t2; \
	MULPS  y2, t2; \
	ADDPS  t2, dst

// ARCCOMP: b = pa·a + pb·b, in arcRun's operand order (which NaN wins
// when both products are NaN; t is clobbered).
#define ARCCOMP(a, b, pa, pb, t) \
	MULPS  pb, b; \
	MOVAPS pa, t; \
	MULPS  a, t; \
	ADDPS  b, t; \
	MOVAPS t, b

// func arcRotsAsm(a, b *formats.Transform, groups int, coef *[16][4]float32, slow *uint8)
//
// arcRun for 4·groups joints: coef holds arcSeries' ca then cb, each
// coefficient four times. Joints with |d| < arcSeriesMin (or NaN) are left
// as they were and reported in slow as in lerpRotsAsm.
TEXT ·arcRotsAsm(SB), NOSPLIT, $32-40
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ groups+16(FP), CX
	MOVQ coef+24(FP), R8
	MOVQ slow+32(FP), BX
	TESTQ CX, CX
	JLE  arcdone

arcloop:
	// a: W X4, X X3, Y X1, Z X2; b: W X8, X X7, Y X5, Z X6.
	LOAD4(SI, X0, X1, X2, X3)
	TRANSPOSEL(X0, X1, X2, X3, X4, X5)
	LOAD4(DI, X0, X5, X6, X7)
	TRANSPOSEL(X0, X5, X6, X7, X8, X9)

	// d as arcRun computes it (quickDot's order).
	MOVAPS X4, X9
	MULPS  X8, X9
	MOVAPS X3, X0
	MULPS  X7, X0
	ADDPS  X0, X9
	MOVAPS X1, X0
	MULPS  X5, X0
	ADDPS  X0, X9
	MOVAPS X2, X0
	MULPS  X6, X0
	ADDPS  X0, X9

	// sign = d < 0 ? -1 : 1, kept as the sign bit (d = -0 is a slow
	// lane anyway); d = |d|; fast lanes have d >= arcSeriesMin.
	MOVUPS   K_SIGN, X10
	ANDPS    X9, X10
	XORPS    X10, X9
	MOVUPS   K_ARCMIN, X11
	CMPPS    X9, X11, $2
	MOVMSKPS X11, AX
	XORL     $15, AX
	MOVB     AX, (BX)
	CMPL     AX, $15
	JEQ      arcnext
	MOVUPS   X10, 0(SP)
	MOVUPS   X11, 16(SP)

	// y = min(d, 1) - 1 (X9), y2 (X10), y4 (X11).
	MOVUPS K_ONEPS, X0
	MINPS  X0, X9
	SUBPS  X0, X9
	MOVAPS X9, X10
	MULPS  X9, X10
	MOVAPS X10, X11
	MULPS  X10, X11

	// pa = a0 + y4·a1 (X12), pb = sign·(b0 + y4·b1) (X0), a product
	// as in arcRun (flipping the sign bit would flip a NaN's too).
	SERIES(R8, 0, 16, 32, 48, X9, X10, X12, X13, X14)
	SERIES(R8, 64, 80, 96, 112, X9, X10, X0, X13, X14)
	MULPS  X11, X0
	ADDPS  X0, X12
	SERIES(R8, 128, 144, 160, 176, X9, X10, X0, X13, X14)
	SERIES(R8, 192, 208, 224, 240, X9, X10, X13, X14, X15)
	MULPS  X11, X13
	ADDPS  X13, X0
	MOVUPS 0(SP), X13
	MOVUPS K_ONEPS, X14
	XORPS  X14, X13
	MULPS  X13, X0

	// pa·a + pb·b, into b's registers.
	ARCCOMP(X4, X8, X12, X0, X14)
	ARCCOMP(X3, X7, X12, X0, X14)
	ARCCOMP(X1, X5, X12, X0, X14)
	ARCCOMP(X2, X6, X12, X0, X14)
	TESTL  AX, AX
	JEQ    arcstore
	MOVUPS 16(SP), X13
	BLENDX(X13, X4, X8)
	BLENDX(X13, X3, X7)
	BLENDX(X13, X1, X5)
	BLENDX(X13, X2, X6)

arcstore:
	TRANSPOSEL(X8, X7, X5, X6, X0, X9)
	STORE4(SI, X0, X6, X7, X5)

arcnext:
	ADDQ $160, SI
	ADDQ $160, DI
	INCQ BX
	DECQ CX
	JNZ  arcloop

arcdone:
	RET

// Lane masks for two consecutive transforms (80 bytes, five registers):
// translations at floats 0-2 and 10-12, scales at 7-9 and 17-19.
DATA blendTS<>+0(SB)/4, $0xffffffff  // T T T R
DATA blendTS<>+4(SB)/4, $0xffffffff
DATA blendTS<>+8(SB)/4, $0xffffffff
DATA blendTS<>+12(SB)/4, $0
DATA blendTS<>+16(SB)/4, $0          // R R R S
DATA blendTS<>+20(SB)/4, $0
DATA blendTS<>+24(SB)/4, $0
DATA blendTS<>+28(SB)/4, $0xffffffff
DATA blendTS<>+32(SB)/4, $0xffffffff // S S T T
DATA blendTS<>+36(SB)/4, $0xffffffff
DATA blendTS<>+40(SB)/4, $0xffffffff
DATA blendTS<>+44(SB)/4, $0xffffffff
DATA blendTS<>+48(SB)/4, $0xffffffff // T R R R
DATA blendTS<>+52(SB)/4, $0
DATA blendTS<>+56(SB)/4, $0
DATA blendTS<>+60(SB)/4, $0
DATA blendTS<>+64(SB)/4, $0          // R S S S
DATA blendTS<>+68(SB)/4, $0xffffffff
DATA blendTS<>+72(SB)/4, $0xffffffff
DATA blendTS<>+76(SB)/4, $0xffffffff
GLOBL blendTS<>(SB), RODATA|NOPTR, $80

// LERPVEC: the floats at off(SI) become a + (b - a)·w (X15) in the lanes
// of m, lerp3To's operations in its order; the other lanes keep their
// bits.
#define LERPVEC(off, m, a, t) \
	MOVUPS off(SI), a; \
	MOVUPS off(DI), t; \
	SUBPS  a, t; \
	MULPS  X15, t; \
	ADDPS  a, t; \
	XORPS  a, t; \
	ANDPS  m, t; \
	XORPS  a, t; \
	MOVUPS t, off(SI)

// func lerpTSAsm(a, b *formats.Transform, pairs int, w float32)
//
// lerp3To of the translations and scales of 2·pairs transforms.
TEXT ·lerpTSAsm(SB), NOSPLIT, $0-28
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DI
	MOVQ   pairs+16(FP), CX
	MOVSS  w+24(FP), X15
	SHUFPS $0, X15, X15
	MOVUPS blendTS<>+0(SB), X10
	MOVUPS blendTS<>+16(SB), X11
	MOVUPS blendTS<>+32(SB), X12
	MOVUPS blendTS<>+48(SB), X13
	MOVUPS blendTS<>+64(SB), X14
	TESTQ  CX, CX
	JLE    tsdone

tsloop:
	LERPVEC(0, X10, X0, X1)
	LERPVEC(16, X11, X2, X3)
	LERPVEC(32, X12, X4, X5)
	LERPVEC(48, X13, X6, X7)
	LERPVEC(64, X14, X8, X9)
	ADDQ $80, SI
	ADDQ $80, DI
	DECQ CX
	JNZ  tsloop

tsdone:
	RET

// VLERPVEC is LERPVEC in AVX for the floats at off(SI) in a or in the
// Y register a, with w in the same width of register 15 and the lanes
// an immediate blend mask (VBLENDPS: a bit set takes the lerp).
#define VLERPVEC(off, imm, a, t, w) \
	VMOVUPS  off(SI), a; \
	VMOVUPS  off(DI), t; \
	VSUBPS   a, t, t; \
	VMULPS   w, t, t; \
	VADDPS   a, t, t; \
	VBLENDPS imm, t, a, a; \
	VMOVUPS  a, off(SI)

// func lerpTSAVX(a, b *formats.Transform, pairs int, w float32)
//
// lerpTSAsm in AVX: a pair of transforms in two Y registers and an X
// register (floats 0-7: T T T R R R R S, 8-15: S S T T T R R R, 16-19:
// R S S S), the lerps' operations and order LERPVEC's.
TEXT ·lerpTSAVX(SB), NOSPLIT, $0-28
	MOVQ         a+0(FP), SI
	MOVQ         b+8(FP), DI
	MOVQ         pairs+16(FP), CX
	VBROADCASTSS w+24(FP), Y15
	TESTQ        CX, CX
	JLE          tsavxdone

tsavxloop:
	VLERPVEC(0, $0x87, Y0, Y1, Y15)
	VLERPVEC(32, $0x1f, Y2, Y3, Y15)
	VLERPVEC(64, $0x0e, X4, X5, X15)
	ADDQ $80, SI
	ADDQ $80, DI
	DECQ CX
	JNZ  tsavxloop

tsavxdone:
	VZEROUPPER
	RET

// func orBoolsAsm(dst, a, b *bool, n int)
//
// dst[i] = a[i] || b[i] for n bools (dst may alias a or b): bools are the
// bytes 0 and 1, whose OR is a bool again.
TEXT ·orBoolsAsm(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	CMPQ CX, $16
	JLT  or1
	// The last 16 bytes, first: they may overlap the blocks below, and
	// an OR written twice is the same OR (dst may alias a or b, never
	// overlap them otherwise).
	MOVOU -16(SI)(CX*1), X0
	MOVOU -16(DX)(CX*1), X1
	POR   X1, X0
	MOVOU X0, -16(DI)(CX*1)
	SUBQ  $16, CX

or16:
	MOVOU (SI), X0
	MOVOU (DX), X1
	POR   X1, X0
	MOVOU X0, (DI)
	ADDQ  $16, SI
	ADDQ  $16, DX
	ADDQ  $16, DI
	SUBQ  $16, CX
	JGT   or16
	RET

or1:
	TESTQ CX, CX
	JLE   ordone
	MOVB  (SI), AX
	ORB   (DX), AX
	MOVB  AX, (DI)
	INCQ  SI
	INCQ  DX
	INCQ  DI
	DECQ  CX
	JMP   or1

ordone:
	RET

// Echoes' slerp branch (slerpPrime2AVX): double-precision constants, each
// four times so that a Y register operand can read it from memory. The
// arcsine and sine coefficients are retromath.asinSeries' and sinTo's, the
// float64 roundings of the same fractions.
DATA e2K<>+0(SB)/8, $0x3ff0000000000000 // ONE
DATA e2K<>+8(SB)/8, $0x3ff0000000000000
DATA e2K<>+16(SB)/8, $0x3ff0000000000000
DATA e2K<>+24(SB)/8, $0x3ff0000000000000
DATA e2K<>+32(SB)/8, $0x3fe0000000000000 // HALF
DATA e2K<>+40(SB)/8, $0x3fe0000000000000
DATA e2K<>+48(SB)/8, $0x3fe0000000000000
DATA e2K<>+56(SB)/8, $0x3fe0000000000000
DATA e2K<>+64(SB)/8, $0x3ff921fb54442d18 // PIO2
DATA e2K<>+72(SB)/8, $0x3ff921fb54442d18
DATA e2K<>+80(SB)/8, $0x3ff921fb54442d18
DATA e2K<>+88(SB)/8, $0x3ff921fb54442d18
DATA e2K<>+96(SB)/8, $0x400921fb54442d18 // PI
DATA e2K<>+104(SB)/8, $0x400921fb54442d18
DATA e2K<>+112(SB)/8, $0x400921fb54442d18
DATA e2K<>+120(SB)/8, $0x400921fb54442d18
DATA e2K<>+128(SB)/8, $0x3ca1a62633145c07 // PILO
DATA e2K<>+136(SB)/8, $0x3ca1a62633145c07
DATA e2K<>+144(SB)/8, $0x3ca1a62633145c07
DATA e2K<>+152(SB)/8, $0x3ca1a62633145c07
DATA e2K<>+160(SB)/8, $0x3d50000000000000 // E42
DATA e2K<>+168(SB)/8, $0x3d50000000000000
DATA e2K<>+176(SB)/8, $0x3d50000000000000
DATA e2K<>+184(SB)/8, $0x3d50000000000000
DATA e2K<>+192(SB)/8, $0x3ce0000000000000 // E49
DATA e2K<>+200(SB)/8, $0x3ce0000000000000
DATA e2K<>+208(SB)/8, $0x3ce0000000000000
DATA e2K<>+216(SB)/8, $0x3ce0000000000000
DATA e2K<>+224(SB)/8, $0x3fc5555555555555 // AC1
DATA e2K<>+232(SB)/8, $0x3fc5555555555555
DATA e2K<>+240(SB)/8, $0x3fc5555555555555
DATA e2K<>+248(SB)/8, $0x3fc5555555555555
DATA e2K<>+256(SB)/8, $0x3fb3333333333333 // AC2
DATA e2K<>+264(SB)/8, $0x3fb3333333333333
DATA e2K<>+272(SB)/8, $0x3fb3333333333333
DATA e2K<>+280(SB)/8, $0x3fb3333333333333
DATA e2K<>+288(SB)/8, $0x3fa6db6db6db6db7 // AC3
DATA e2K<>+296(SB)/8, $0x3fa6db6db6db6db7
DATA e2K<>+304(SB)/8, $0x3fa6db6db6db6db7
DATA e2K<>+312(SB)/8, $0x3fa6db6db6db6db7
DATA e2K<>+320(SB)/8, $0x3f9f1c71c71c71c7 // AC4
DATA e2K<>+328(SB)/8, $0x3f9f1c71c71c71c7
DATA e2K<>+336(SB)/8, $0x3f9f1c71c71c71c7
DATA e2K<>+344(SB)/8, $0x3f9f1c71c71c71c7
DATA e2K<>+352(SB)/8, $0x3f96e8ba2e8ba2e9 // AC5
DATA e2K<>+360(SB)/8, $0x3f96e8ba2e8ba2e9
DATA e2K<>+368(SB)/8, $0x3f96e8ba2e8ba2e9
DATA e2K<>+376(SB)/8, $0x3f96e8ba2e8ba2e9
DATA e2K<>+384(SB)/8, $0x3f91c4ec4ec4ec4f // AC6
DATA e2K<>+392(SB)/8, $0x3f91c4ec4ec4ec4f
DATA e2K<>+400(SB)/8, $0x3f91c4ec4ec4ec4f
DATA e2K<>+408(SB)/8, $0x3f91c4ec4ec4ec4f
DATA e2K<>+416(SB)/8, $0x3f8c99999999999a // AC7
DATA e2K<>+424(SB)/8, $0x3f8c99999999999a
DATA e2K<>+432(SB)/8, $0x3f8c99999999999a
DATA e2K<>+440(SB)/8, $0x3f8c99999999999a
DATA e2K<>+448(SB)/8, $0x3f87a87878787878 // AC8
DATA e2K<>+456(SB)/8, $0x3f87a87878787878
DATA e2K<>+464(SB)/8, $0x3f87a87878787878
DATA e2K<>+472(SB)/8, $0x3f87a87878787878
DATA e2K<>+480(SB)/8, $0x3f83fde50d79435e // AC9
DATA e2K<>+488(SB)/8, $0x3f83fde50d79435e
DATA e2K<>+496(SB)/8, $0x3f83fde50d79435e
DATA e2K<>+504(SB)/8, $0x3f83fde50d79435e
DATA e2K<>+512(SB)/8, $0x3f812ef3cf3cf3cf // AC10
DATA e2K<>+520(SB)/8, $0x3f812ef3cf3cf3cf
DATA e2K<>+528(SB)/8, $0x3f812ef3cf3cf3cf
DATA e2K<>+536(SB)/8, $0x3f812ef3cf3cf3cf
DATA e2K<>+544(SB)/8, $0x3f7df3bd37a6f4df // AC11
DATA e2K<>+552(SB)/8, $0x3f7df3bd37a6f4df
DATA e2K<>+560(SB)/8, $0x3f7df3bd37a6f4df
DATA e2K<>+568(SB)/8, $0x3f7df3bd37a6f4df
DATA e2K<>+576(SB)/8, $0x3f7a6863d70a3d71 // AC12
DATA e2K<>+584(SB)/8, $0x3f7a6863d70a3d71
DATA e2K<>+592(SB)/8, $0x3f7a6863d70a3d71
DATA e2K<>+600(SB)/8, $0x3f7a6863d70a3d71
DATA e2K<>+608(SB)/8, $0x3f7782dda12f684c // AC13
DATA e2K<>+616(SB)/8, $0x3f7782dda12f684c
DATA e2K<>+624(SB)/8, $0x3f7782dda12f684c
DATA e2K<>+632(SB)/8, $0x3f7782dda12f684c
DATA e2K<>+640(SB)/8, $0x3f751ba308d3dcb1 // AC14
DATA e2K<>+648(SB)/8, $0x3f751ba308d3dcb1
DATA e2K<>+656(SB)/8, $0x3f751ba308d3dcb1
DATA e2K<>+664(SB)/8, $0x3f751ba308d3dcb1
DATA e2K<>+672(SB)/8, $0x3f731683bdef7bdf // AC15
DATA e2K<>+680(SB)/8, $0x3f731683bdef7bdf
DATA e2K<>+688(SB)/8, $0x3f731683bdef7bdf
DATA e2K<>+696(SB)/8, $0x3f731683bdef7bdf
DATA e2K<>+704(SB)/8, $0x3f715ee9d45d1746 // AC16
DATA e2K<>+712(SB)/8, $0x3f715ee9d45d1746
DATA e2K<>+720(SB)/8, $0x3f715ee9d45d1746
DATA e2K<>+728(SB)/8, $0x3f715ee9d45d1746
DATA e2K<>+736(SB)/8, $0x3f6fcaf8fb6db6db // AC17
DATA e2K<>+744(SB)/8, $0x3f6fcaf8fb6db6db
DATA e2K<>+752(SB)/8, $0x3f6fcaf8fb6db6db
DATA e2K<>+760(SB)/8, $0x3f6fcaf8fb6db6db
DATA e2K<>+768(SB)/8, $0x3f6d3d2a8e0dd67d // AC18
DATA e2K<>+776(SB)/8, $0x3f6d3d2a8e0dd67d
DATA e2K<>+784(SB)/8, $0x3f6d3d2a8e0dd67d
DATA e2K<>+792(SB)/8, $0x3f6d3d2a8e0dd67d
DATA e2K<>+800(SB)/8, $0x3f6b026f57b13b14 // AC19
DATA e2K<>+808(SB)/8, $0x3f6b026f57b13b14
DATA e2K<>+816(SB)/8, $0x3f6b026f57b13b14
DATA e2K<>+824(SB)/8, $0x3f6b026f57b13b14
DATA e2K<>+832(SB)/8, $0xbfc5555555555555 // S1
DATA e2K<>+840(SB)/8, $0xbfc5555555555555
DATA e2K<>+848(SB)/8, $0xbfc5555555555555
DATA e2K<>+856(SB)/8, $0xbfc5555555555555
DATA e2K<>+864(SB)/8, $0x3f81111111111111 // S2
DATA e2K<>+872(SB)/8, $0x3f81111111111111
DATA e2K<>+880(SB)/8, $0x3f81111111111111
DATA e2K<>+888(SB)/8, $0x3f81111111111111
DATA e2K<>+896(SB)/8, $0xbf2a01a01a01a01a // S3
DATA e2K<>+904(SB)/8, $0xbf2a01a01a01a01a
DATA e2K<>+912(SB)/8, $0xbf2a01a01a01a01a
DATA e2K<>+920(SB)/8, $0xbf2a01a01a01a01a
DATA e2K<>+928(SB)/8, $0x3ec71de3a556c734 // S4
DATA e2K<>+936(SB)/8, $0x3ec71de3a556c734
DATA e2K<>+944(SB)/8, $0x3ec71de3a556c734
DATA e2K<>+952(SB)/8, $0x3ec71de3a556c734
DATA e2K<>+960(SB)/8, $0xbe5ae64567f544e4 // S5
DATA e2K<>+968(SB)/8, $0xbe5ae64567f544e4
DATA e2K<>+976(SB)/8, $0xbe5ae64567f544e4
DATA e2K<>+984(SB)/8, $0xbe5ae64567f544e4
DATA e2K<>+992(SB)/8, $0x3de6124613a86d09 // S6
DATA e2K<>+1000(SB)/8, $0x3de6124613a86d09
DATA e2K<>+1008(SB)/8, $0x3de6124613a86d09
DATA e2K<>+1016(SB)/8, $0x3de6124613a86d09
DATA e2K<>+1024(SB)/8, $0xbd6ae7f3e733b81f // S7
DATA e2K<>+1032(SB)/8, $0xbd6ae7f3e733b81f
DATA e2K<>+1040(SB)/8, $0xbd6ae7f3e733b81f
DATA e2K<>+1048(SB)/8, $0xbd6ae7f3e733b81f
DATA e2K<>+1056(SB)/8, $0x3ce952c77030ad4a // S8
DATA e2K<>+1064(SB)/8, $0x3ce952c77030ad4a
DATA e2K<>+1072(SB)/8, $0x3ce952c77030ad4a
DATA e2K<>+1080(SB)/8, $0x3ce952c77030ad4a
DATA e2K<>+1088(SB)/8, $0xbc62f49b46814157 // S9
DATA e2K<>+1096(SB)/8, $0xbc62f49b46814157
DATA e2K<>+1104(SB)/8, $0xbc62f49b46814157
DATA e2K<>+1112(SB)/8, $0xbc62f49b46814157
DATA e2K<>+1120(SB)/8, $0x3bd71b8ef6dcf572 // S10
DATA e2K<>+1128(SB)/8, $0x3bd71b8ef6dcf572
DATA e2K<>+1136(SB)/8, $0x3bd71b8ef6dcf572
DATA e2K<>+1144(SB)/8, $0x3bd71b8ef6dcf572
GLOBL e2K<>(SB), RODATA|NOPTR, $1152

#define E2_ONE e2K<>+0(SB)
#define E2_HALF e2K<>+32(SB)
#define E2_PIO2 e2K<>+64(SB)
#define E2_PI e2K<>+96(SB)
#define E2_PILO e2K<>+128(SB)
#define E2_E42 e2K<>+160(SB)
#define E2_E49 e2K<>+192(SB)
#define E2_AC1 e2K<>+224(SB)
#define E2_AC2 e2K<>+256(SB)
#define E2_AC3 e2K<>+288(SB)
#define E2_AC4 e2K<>+320(SB)
#define E2_AC5 e2K<>+352(SB)
#define E2_AC6 e2K<>+384(SB)
#define E2_AC7 e2K<>+416(SB)
#define E2_AC8 e2K<>+448(SB)
#define E2_AC9 e2K<>+480(SB)
#define E2_AC10 e2K<>+512(SB)
#define E2_AC11 e2K<>+544(SB)
#define E2_AC12 e2K<>+576(SB)
#define E2_AC13 e2K<>+608(SB)
#define E2_AC14 e2K<>+640(SB)
#define E2_AC15 e2K<>+672(SB)
#define E2_AC16 e2K<>+704(SB)
#define E2_AC17 e2K<>+736(SB)
#define E2_AC18 e2K<>+768(SB)
#define E2_AC19 e2K<>+800(SB)
#define E2_S1 e2K<>+832(SB)
#define E2_S2 e2K<>+864(SB)
#define E2_S3 e2K<>+896(SB)
#define E2_S4 e2K<>+928(SB)
#define E2_S5 e2K<>+960(SB)
#define E2_S6 e2K<>+992(SB)
#define E2_S7 e2K<>+1024(SB)
#define E2_S8 e2K<>+1056(SB)
#define E2_S9 e2K<>+1088(SB)
#define E2_S10 e2K<>+1120(SB)

DATA e2F<>+0(SB)/4, $0x3f5db22d // float32(0.866), Echoes' lerp threshold
DATA e2F<>+4(SB)/4, $0x3f5db22d
DATA e2F<>+8(SB)/4, $0x3f5db22d
DATA e2F<>+12(SB)/4, $0x3f5db22d
GLOBL e2F<>(SB), RODATA|NOPTR, $16

// ESTRIN4: dst = (c0 + c1·u) + u2·(c2 + c3·u) on four doubles, the
// coefficients in memory, each product rounded before it is added as in
// the Go code (t is clobbered).
#define ESTRIN4(c0, c1, c2, c3, u, u2, dst, t) \
	VMULPD c1, u, dst; \
	VADDPD c0, dst, dst; \
	VMULPD c3, u, t; \
	VADDPD c2, t, t; \
	VMULPD t, u2, t; \
	VADDPD t, dst, dst

// VSINTO: dst = sinTo(x) on four doubles, ok = the lanes where x is in
// [0, π] (sinTo hands the others to math.Sin): x above π/2 becomes
// (π - x) + piLo, then x·P(x²) in sinTo's order. x is kept; xr, y, y2,
// y4, a, b and t are clobbered.
#define VSINTO(x, dst, ok, xr, y, y2, y4, a, b, t) \
	VXORPD    t, t, t; \
	VCMPPD    $13, t, x, ok; \
	VCMPPD    $2, E2_PI, x, t; \
	VANDPD    t, ok, ok; \
	VMOVUPD   E2_PI, xr; \
	VSUBPD    x, xr, xr; \
	VADDPD    E2_PILO, xr, xr; \
	VCMPPD    $14, E2_PIO2, x, t; \
	VBLENDVPD t, xr, x, xr; \
	VMULPD    xr, xr, y; \
	VMULPD    y, y, y2; \
	VMULPD    y2, y2, y4; \
	ESTRIN4(E2_ONE, E2_S1, E2_S2, E2_S3, y, y2, a, t); \
	ESTRIN4(E2_S4, E2_S5, E2_S6, E2_S7, y, y2, b, t); \
	VMULPD    b, y4, b; \
	VADDPD    b, a, a; \
	VMULPD    E2_S9, y, b; \
	VADDPD    E2_S8, b, b; \
	VMULPD    E2_S10, y2, t; \
	VADDPD    t, b, b; \
	VMULPD    y4, y4, t; \
	VMULPD    t, b, b; \
	VADDPD    b, a, a; \
	VMULPD    a, xr, dst

// VWEIGHT: w32 = prime2Weight's float32(s·inv) where its bracket (s·inv
// ± 2⁻⁴² of it) rounds to one float32; bad gets the lanes where it does
// not (NaN included), which the Go code decides. t1 and t2 are clobbered.
#define VWEIGHT(s, inv, w32, bad, t1, t2) \
	VMULPD     inv, s, s; \
	VMULPD     E2_E42, s, t1; \
	VSUBPD     t1, s, t2; \
	VADDPD     t1, s, t1; \
	VCVTPD2PSY t2, bad; \
	VCVTPD2PSY t1, w32; \
	VCMPPS     $4, w32, bad, bad; \
	VCVTPD2PSY s, w32

// ACOSBRACKET: from an arccosine r in Y12, X12 = float32(r) and X14 = the
// lanes where Acos32's bracket, r ± (2⁻⁴² r + 2⁻⁴⁹), rounds to one
// float32 (Y13 and Y15 are clobbered).
#define ACOSBRACKET \
	VMULPD     E2_E42, Y12, Y13; \
	VADDPD     E2_E49, Y13, Y13; \
	VSUBPD     Y13, Y12, Y14; \
	VADDPD     Y13, Y12, Y15; \
	VCVTPD2PSY Y14, X14; \
	VCVTPD2PSY Y15, X15; \
	VCMPPS     $0, X15, X14, X14; \
	VCVTPD2PSY Y12, X12

// VACOS32: X12 = retromath.Acos32(d) for d in [0, 1] in X13, X14 = the
// lanes where Acos32's bracket (r ± 2⁻⁴² r + 2⁻⁴⁹) rounds to one float32
// (elsewhere the Go code asks math.Acos): u = d² for d <= 1/2, else (1 -
// d)/2; S = asinSeries(u) in its Estrin order; r = π/2 - d·S, or 2√u·S.
// Y0-Y11, Y13 and Y15 are clobbered.
#define VACOS32 \
	VCVTPS2PD X13, Y0; \
	VMULPD    Y0, Y0, Y1; \
	VMOVUPD   E2_ONE, Y2; \
	VSUBPD    Y0, Y2, Y2; \
	VMULPD    E2_HALF, Y2, Y2; \
	VCMPPD    $14, E2_HALF, Y0, Y3; \
	VBLENDVPD Y3, Y2, Y1, Y4; \
	VMULPD    Y4, Y4, Y5; \
	VMULPD    Y5, Y5, Y6; \
	VMULPD    Y6, Y6, Y7; \
	ESTRIN4(E2_ONE, E2_AC1, E2_AC2, E2_AC3, Y4, Y5, Y8, Y15); \
	ESTRIN4(E2_AC4, E2_AC5, E2_AC6, E2_AC7, Y4, Y5, Y9, Y15); \
	ESTRIN4(E2_AC8, E2_AC9, E2_AC10, E2_AC11, Y4, Y5, Y10, Y15); \
	ESTRIN4(E2_AC12, E2_AC13, E2_AC14, E2_AC15, Y4, Y5, Y11, Y15); \
	ESTRIN4(E2_AC16, E2_AC17, E2_AC18, E2_AC19, Y4, Y5, Y12, Y15); \
	VMULPD    Y9, Y6, Y9; \
	VADDPD    Y9, Y8, Y8; \
	VMULPD    Y11, Y6, Y11; \
	VADDPD    Y11, Y10, Y10; \
	VMULPD    Y12, Y7, Y12; \
	VADDPD    Y12, Y10, Y10; \
	VMULPD    Y10, Y7, Y10; \
	VADDPD    Y10, Y8, Y8; \
	VMULPD    Y8, Y0, Y9; \
	VMOVUPD   E2_PIO2, Y10; \
	VSUBPD    Y9, Y10, Y10; \
	VSQRTPD   Y4, Y11; \
	VADDPD    Y11, Y11, Y11; \
	VMULPD    Y8, Y11, Y11; \
	VBLENDVPD Y3, Y11, Y10, Y12; \
	ACOSBRACKET

// VACOSBAND: VACOS32 for d in X13 from 0.925 to 1 (MP1's band above
// FastArcCosR's limit): u = (1 - d)/2 <= 0.0375, the arcsine series to
// u⁹ (what it leaves out is below 5e-17 of the sum, where Acos32's twenty
// terms leave 4e-15 at u = 1/4: both far inside the bracket's 2⁻⁴²), r =
// 2√u·S, under Acos32's bracket. Same registers as VACOS32.
#define VACOSBAND \
	VCVTPS2PD  X13, Y0; \
	VMOVUPD    E2_ONE, Y2; \
	VSUBPD     Y0, Y2, Y2; \
	VMULPD     E2_HALF, Y2, Y4; \
	VMULPD     Y4, Y4, Y5; \
	VMULPD     Y5, Y5, Y6; \
	VMULPD     Y6, Y6, Y7; \
	ESTRIN4(E2_ONE, E2_AC1, E2_AC2, E2_AC3, Y4, Y5, Y8, Y15); \
	ESTRIN4(E2_AC4, E2_AC5, E2_AC6, E2_AC7, Y4, Y5, Y9, Y15); \
	VMULPD     E2_AC9, Y4, Y10; \
	VADDPD     E2_AC8, Y10, Y10; \
	VMULPD     Y9, Y6, Y9; \
	VADDPD     Y9, Y8, Y8; \
	VMULPD     Y10, Y7, Y10; \
	VADDPD     Y10, Y8, Y8; \
	VSQRTPD    Y4, Y11; \
	VADDPD     Y11, Y11, Y11; \
	VMULPD     Y8, Y11, Y12; \
	ACOSBRACKET

// func slerpPrime2AVX(a, b *formats.Transform, idx *int32, groups int, u, lo float32, fail *uint8)
//
// Echoes' blend of the rotations of joints idx[0..4·groups) (indices from a
// and b) through its slerp branch, as blendRotsPrime2 computes it for a
// joint outside its lerp band: quickDot not above lo, SlerpLocal's
// localDot d from 0 to 0.866 (no flip), the angle float32(acos d) from
// retromath.Acos32's series, the weights float32(sin x · (1 / sin θ))
// from sinTo under prime2Weight's bracket, and the unnormalised sum. A
// joint outside those conditions, or whose angle or weights fall next to
// a float32 tie (where the Go code asks the library), is left as it was
// and gets its bit in fail[g] (a byte per group of idx), for the Go code.
// A group may list a joint twice. It ends with VZEROUPPER.
//
// Frame: 0 u, 16 1-u, 32 lo (four float32 each); 64 float64(u), 96
// float64(1-u) (four doubles each); 128..255 a's W, X, Y, Z and b's as
// columns; 256 the lanes still good; 288 the angles, 320 1/sin θ.
TEXT ·slerpPrime2AVX(SB), 0, $352-56
	MOVQ         $0, failed+48(FP)
	MOVQ         a+0(FP), SI
	MOVQ         b+8(FP), DI
	MOVQ         idx+16(FP), R9
	MOVQ         groups+24(FP), CX
	MOVQ         fail+40(FP), BX
	TESTQ        CX, CX
	JLE          e2done
	VBROADCASTSS u+32(FP), X0
	VMOVUPS      X0, 0(SP)
	VMOVUPS      K_ONEPS, X1
	VSUBPS       X0, X1, X1
	VMOVUPS      X1, 16(SP)
	VBROADCASTSS lo+36(FP), X2
	VMOVUPS      X2, 32(SP)
	VCVTPS2PD    X0, Y0
	VMOVUPD      Y0, 64(SP)
	VCVTPS2PD    X1, Y1
	VMOVUPD      Y1, 96(SP)

e2loop:
	// a: W X4, X X5, Y X6, Z X7; b: W X8, X X9, Y X10, Z X11.
	GATHER4(R9)
	VMOVUPS 12(SI)(R10*1), X0
	VMOVUPS 12(SI)(R11*1), X1
	VMOVUPS 12(SI)(R12*1), X2
	VMOVUPS 12(SI)(R13*1), X3
	VTRANSPOSE(X0, X1, X2, X3, X8, X9, X4, X5, X6, X7)
	VMOVUPS 12(DI)(R10*1), X0
	VMOVUPS 12(DI)(R11*1), X1
	VMOVUPS 12(DI)(R12*1), X2
	VMOVUPS 12(DI)(R13*1), X3
	VTRANSPOSE(X0, X1, X2, X3, X12, X13, X8, X9, X10, X11)
	VMOVUPS X4, 128(SP)
	VMOVUPS X5, 144(SP)
	VMOVUPS X6, 160(SP)
	VMOVUPS X7, 176(SP)
	VMOVUPS X8, 192(SP)
	VMOVUPS X9, 208(SP)
	VMOVUPS X10, 224(SP)
	VMOVUPS X11, 240(SP)

	// quickDot above lo: blendRotsPrime2's lerp branch, not this one.
	VMULPS  X8, X4, X12
	VMULPS  X9, X5, X13
	VADDPS  X13, X12, X12
	VMULPS  X10, X6, X13
	VADDPS  X13, X12, X12
	VMULPS  X11, X7, X13
	VADDPS  X13, X12, X12
	VMOVUPS 32(SP), X14
	VCMPPS  $1, X12, X14, X14

	// d = localDot (X13); good lanes: 0 <= d < 0.866, quickDot <= lo.
	VMULPS  X10, X6, X12
	VFMADDS(X5, X9, X12, X13, Y13, Y15, Y0)
	VFMADDS(X7, X11, X13, X12, Y12, Y15, Y0)
	VFMADDS(X4, X8, X12, X13, Y13, Y15, Y0)
	VXORPS  X15, X15, X15
	VCMPPS  $13, X15, X13, X0
	VMOVUPS e2F<>+0(SB), X1
	VCMPPS  $1, X1, X13, X1
	VANDPS  X1, X0, X0
	VANDNPS X0, X14, X14
	VMOVUPS X14, 256(SP)
	VMOVMSKPS X14, AX
	TESTL   AX, AX
	JEQ     e2next

	// The angle float32(acos d) (X12), where Acos32's bracket holds (X14).
	VACOS32
	VMOVUPS    256(SP), X15
	VANDPS     X14, X15, X15
	VMOVUPS    X15, 256(SP)
	VCVTPS2PD  X12, Y0
	VMOVUPD    Y0, 288(SP)

	// inv = 1 / sinTo(angle).
	VSINTO(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9)
	VMOVUPD    E2_ONE, Y10
	VDIVPD     Y1, Y10, Y10
	VMOVUPD    Y10, 320(SP)
	VCVTPD2PSY Y2, X2
	VMOVUPS    256(SP), X15
	VANDPS     X2, X15, X15
	VMOVUPS    X15, 256(SP)

	// The weights: X11 of a (x = angle·(1 - u)), X12 of b (angle·u).
	VMULPD     96(SP), Y0, Y1
	VSINTO(Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10)
	VMOVUPD    320(SP), Y4
	VWEIGHT(Y2, Y4, X11, X13, Y5, Y6)
	VCVTPD2PSY Y3, X3
	VANDNPS    X3, X13, X13
	VMOVUPS    256(SP), X15
	VANDPS     X13, X15, X15
	VMOVUPS    X15, 256(SP)
	VMOVUPD    288(SP), Y0
	VMULPD     64(SP), Y0, Y1
	VSINTO(Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10)
	VMOVUPD    320(SP), Y4
	VWEIGHT(Y2, Y4, X12, X13, Y5, Y6)
	VCVTPD2PSY Y3, X3
	VANDNPS    X3, X13, X13
	VMOVUPS    256(SP), X15
	VANDPS     X13, X15, X15

	// W = FMAddS(wa, aW, float32(wb·bW)), X, Y, Z = float32(wa·a) +
	// float32(wb·b), kept only in the good lanes (X15).
	VMULPS  192(SP), X12, X0
	VMOVUPS 128(SP), X4
	VFMADDS(X11, X4, X0, X1, Y1, Y2, Y3)
	VMULPS  144(SP), X11, X2
	VMULPS  208(SP), X12, X3
	VADDPS  X3, X2, X2
	VMULPS  160(SP), X11, X3
	VMULPS  224(SP), X12, X5
	VADDPS  X5, X3, X3
	VMULPS  176(SP), X11, X5
	VMULPS  240(SP), X12, X6
	VADDPS  X6, X5, X5
	VBLENDVPS X15, X1, X4, X1
	VMOVUPS 144(SP), X4
	VBLENDVPS X15, X2, X4, X2
	VMOVUPS 160(SP), X4
	VBLENDVPS X15, X3, X4, X3
	VMOVUPS 176(SP), X4
	VBLENDVPS X15, X5, X4, X5
	VTRANSPOSE(X1, X2, X3, X5, X8, X9, X4, X6, X7, X10)
	VMOVUPS X4, 12(SI)(R10*1)
	VMOVUPS X6, 12(SI)(R11*1)
	VMOVUPS X7, 12(SI)(R12*1)
	VMOVUPS X10, 12(SI)(R13*1)
	VMOVMSKPS X15, AX

e2next:
	XORL $15, AX
	ORQ  AX, failed+48(FP)
	MOVB AX, (BX)
	ADDQ $16, R9
	INCQ BX
	DECQ CX
	JNZ  e2loop

e2done:
	VZEROUPPER
	RET

// VFMADDSR: dst = FMAddS(a, k, c) on four lanes, k a float32 constant
// as four doubles in a Y register (one rounding to double, as in
// VFMADDS).
#define VFMADDSR(a, k, c, dst, yd, yt) \
	VCVTPS2PD   a, yd; \
	VCVTPS2PD   c, yt; \
	VFMADD231PD k, yd, yt; \
	VCVTPD2PSY  yt, dst

// VFASTSINR is FASTSIN in AVX, with its constants in registers: c1 four
// float32, c2..c4 four doubles each (yd, ya: the Y registers of dst and
// acc).
#define VFASTSINR(x, dst, x2, acc, yd, ya, yt, c1, c2, c3, c4) \
	VMULPS x, x, x2; \
	VMULPS x, c1, acc; \
	VMULPS x2, x, x; \
	VFMADDSR(x, c2, acc, dst, yd, yt); \
	VMULPS x2, x, x; \
	VFMADDSR(x, c3, dst, acc, ya, yt); \
	VMULPS x2, x, x; \
	VFMADDSR(x, c4, acc, dst, yd, yt)

// VTRANSPOSE8 is VTRANSPOSE on Y registers: each 128-bit half transposed
// on its own (the rows r0..r3 hold joints k and k+4 in their halves; the
// columns come out with joints 0..3 low and 4..7 high). Same register
// rules.
#define VTRANSPOSE8(r0, r1, r2, r3, t0, t1, c0, c1, c2, c3) \
	VUNPCKLPS r1, r0, t0; \
	VUNPCKHPS r1, r0, r0; \
	VUNPCKLPS r3, r2, t1; \
	VUNPCKHPS r3, r2, r2; \
	VUNPCKLPD t1, t0, c0; \
	VUNPCKHPD t1, t0, c1; \
	VUNPCKLPD r2, r0, c2; \
	VUNPCKHPD r2, r0, c3

// FMADDSQMEM: dst = FMAddS(a, a, c) on four lanes, a in memory or an X
// register (one rounding to double, as in VFMADDS).
#define FMADDSQMEM(a, c, dst, ya, yb) \
	VCVTPS2PD   a, ya; \
	VCVTPS2PD   c, yb; \
	VFMADD231PD ya, ya, yb; \
	VCVTPD2PSY  yb, dst

// GATHER4AT is GATHER4 of the four indices o bytes from p.
#define GATHER4AT(p, o) \
	MOVLQSX o+0(p), R10; \
	MOVLQSX o+4(p), R11; \
	MOVLQSX o+8(p), R12; \
	MOVLQSX o+12(p), R13; \
	IMUL3Q  $40, R10, R10; \
	IMUL3Q  $40, R11, R11; \
	IMUL3Q  $40, R12, R12; \
	IMUL3Q  $40, R13, R13

// P1POLY: FastArcCosR's polynomial of d (slerpPrime1AVX's second pass)
// for the half h of an octet (0 or 16), the lanes above its limit, and d
// kept for P1ACOS; AX gets the mask of those lanes. The constants c1..c5
// as doubles in Y15, Y14, Y5, Y6, Y7.
#define P1POLY(h) \
	VMOVUPS     256+h(R8), X8; \
	VCVTPS2PD   X8, Y10; \
	VFMADD213PD Y15, Y14, Y10; \
	VCVTPD2PSY  Y10, X10; \
	VMULPS      X8, X8, X9; \
	VMULPS      X9, X8, X11; \
	VFMADDSR(X11, Y5, X10, X12, Y12, Y13); \
	VMULPS      X9, X11, X11; \
	VFMADDSR(X11, Y6, X12, X10, Y10, Y13); \
	VMULPS      X9, X11, X11; \
	VFMADDSR(X11, Y7, X10, X12, Y12, Y13); \
	VMOVUPS     X12, 256+h(R8); \
	VMOVUPS     K_ACOSLIM, X13; \
	VCMPPS      $1, X8, X13, X13; \
	VANDPS      288+h(R8), X13, X13; \
	VMOVUPS     X13, 544+h(R8); \
	VMOVUPS     X8, 512+h(R8); \
	VMOVMSKPS   X13, AX

// P1ACOS: for the half h of an octet with lanes above FastArcCosR's
// limit, their angle from VACOSBAND, and the lanes next to a tie dropped
// (skip labels the end).
#define P1ACOS(h, skip) \
	VMOVUPS   544+h(R8), X0; \
	VMOVMSKPS X0, AX; \
	TESTL     AX, AX; \
	JEQ       skip; \
	VMOVUPS   512+h(R8), X13; \
	VACOSBAND; \
	VMOVUPS   544+h(R8), X0; \
	VMOVUPS   256+h(R8), X1; \
	VBLENDVPS X0, X12, X1, X1; \
	VMOVUPS   X1, 256+h(R8); \
	VANDNPS   X0, X14, X14; \
	VANDNPS   288+h(R8), X14, X0; \
	VMOVUPS   X0, 288+h(R8); \
skip:

// P1SINES: sa = FastSinR(angle·(1 - u)), sb = FastSinR(angle·u) for the
// half h of an octet (constants as for VFASTSINR in X13, Y10, Y11, Y14).
#define P1SINES(h) \
	VMOVUPS 256+h(R8), X12; \
	VMOVUPS 0(SP), X0; \
	VMULPS  X12, X0, X0; \
	VFASTSINR(X0, X8, X1, X2, Y8, Y2, Y3, X13, Y10, Y11, Y14); \
	VMOVUPS 16(SP), X4; \
	VMULPS  X12, X4, X4; \
	VFASTSINR(X4, X9, X5, X6, Y9, Y6, Y7, X13, Y10, Y11, Y14); \
	VMOVUPS X8, 320+h(R8); \
	VMOVUPS X9, 352+h(R8)

// func slerpPrime1AVX(a, b *formats.Transform, idx *int32, octs int, u, lo, hi float32, fail *uint8)
//
// Metroid Prime's blend of the rotations of joints idx[0..8·octs) of a
// and b through its Slerp's slerp branch, as blendRotsPrime computes it
// for a joint outside its lerp band (blendRotPrimeSlow): quickDot not in
// (lo, hi), localDot d from 0 to 0.95 (no flip); the angle FastArcCosR(d),
// its polynomial up to 0.925 and Acos32 above (VACOSBAND); the weights
// FastSinR(angle · (1 - u)) and FastSinR(angle · u); the sum normalised
// by InvSqrtMP1. u must be strictly between Slerp's snaps. A joint
// outside those conditions, or whose angle lies next to a float32 tie
// (where the Go code asks math.Acos), is left as it was and gets its bit
// in fail[g] (a byte per group of four). The list may name a joint more
// than once (octs <= 16). It ends with VZEROUPPER.
//
// Eight joints at a time where the work is in float32 (the gathers, dot
// products, masks, the weighted sums, the blend and the stores), four at
// a time where it is in double precision. One octet's work is a chain of
// dependent operations several hundred cycles long, so the kernel runs in
// five passes over the octets, each short enough for the processor to
// overlap them, which pass values on through the frame: 0 1-u, 16 u (four
// float32 each), 32 lo, 64 hi (eight each); from 128, per octet (P1OCT
// bytes, eight lanes to a 32-byte column): a's W, X, Y, Z and b's
// (0..255), d then the angle (256), the good lanes (288), sa (320), sb
// (352), the new W, X, Y, Z (384..511), scratch then n (512), the lanes
// above FastArcCosR's limit (544).
#define P1OCT 576
TEXT ·slerpPrime1AVX(SB), 0, $9344-64
	MOVQ         $0, failed+56(FP)
	MOVQ         octs+24(FP), CX
	TESTQ        CX, CX
	JLE          p1done
	VBROADCASTSS u+32(FP), X0
	VMOVUPS      X0, 16(SP)
	VMOVUPS      K_ONEPS, X1
	VSUBPS       X0, X1, X1
	VMOVUPS      X1, 0(SP)
	VBROADCASTSS lo+36(FP), Y2
	VMOVUPS      Y2, 32(SP)
	VBROADCASTSS hi+40(FP), Y2
	VMOVUPS      Y2, 64(SP)

	// Pass 1: the columns, d = localDot, the good lanes: 0 <= d <= 0.95,
	// quickDot out of (lo, hi). a: W Y10, X Y11, Y Y12, Z Y13; b: W Y0,
	// X Y1, Y Y2, Z Y3.
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ idx+16(FP), R9
	LEAQ 128(SP), R8

p1loop1:
	GATHER4(R9)
	VMOVUPS     12(SI)(R10*1), X0
	VMOVUPS     12(SI)(R11*1), X1
	VMOVUPS     12(SI)(R12*1), X2
	VMOVUPS     12(SI)(R13*1), X3
	VMOVUPS     12(DI)(R10*1), X4
	VMOVUPS     12(DI)(R11*1), X5
	VMOVUPS     12(DI)(R12*1), X6
	VMOVUPS     12(DI)(R13*1), X7
	GATHER4AT(R9, 16)
	VINSERTF128 $1, 12(SI)(R10*1), Y0, Y0
	VINSERTF128 $1, 12(SI)(R11*1), Y1, Y1
	VINSERTF128 $1, 12(SI)(R12*1), Y2, Y2
	VINSERTF128 $1, 12(SI)(R13*1), Y3, Y3
	VINSERTF128 $1, 12(DI)(R10*1), Y4, Y4
	VINSERTF128 $1, 12(DI)(R11*1), Y5, Y5
	VINSERTF128 $1, 12(DI)(R12*1), Y6, Y6
	VINSERTF128 $1, 12(DI)(R13*1), Y7, Y7
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11, Y12, Y13)
	VTRANSPOSE8(Y4, Y5, Y6, Y7, Y8, Y9, Y0, Y1, Y2, Y3)
	VMOVUPS     Y10, 0(R8)
	VMOVUPS     Y11, 32(R8)
	VMOVUPS     Y12, 64(R8)
	VMOVUPS     Y13, 96(R8)
	VMOVUPS     Y0, 128(R8)
	VMOVUPS     Y1, 160(R8)
	VMOVUPS     Y2, 192(R8)
	VMOVUPS     Y3, 224(R8)
	VMULPS      Y0, Y10, Y4
	VMULPS      Y1, Y11, Y5
	VADDPS      Y5, Y4, Y4
	VMULPS      Y2, Y12, Y5
	VADDPS      Y5, Y4, Y4
	VMULPS      Y3, Y13, Y5
	VADDPS      Y5, Y4, Y4
	VMOVUPS     32(SP), Y14
	VCMPPS      $1, Y4, Y14, Y14
	VMOVUPS     64(SP), Y15
	VCMPPS      $2, Y4, Y15, Y15
	VANDNPS     Y14, Y15, Y14
	VMULPS      Y2, Y12, Y5
	VMOVUPS     Y5, 512(R8)
	VFMADDS(32(R8), 160(R8), 512(R8), X6, Y8, Y9, Y10)
	VFMADDS(96(R8), 224(R8), X6, X6, Y8, Y9, Y10)
	VFMADDS(0(R8), 128(R8), X6, X6, Y8, Y9, Y10)
	VFMADDS(48(R8), 176(R8), 528(R8), X7, Y8, Y9, Y10)
	VFMADDS(112(R8), 240(R8), X7, X7, Y8, Y9, Y10)
	VFMADDS(16(R8), 144(R8), X7, X7, Y8, Y9, Y10)
	VINSERTF128 $1, X7, Y6, Y6
	VXORPS       Y8, Y8, Y8
	VCMPPS       $13, Y8, Y6, Y9
	VBROADCASTSS K_095, Y8
	VCMPPS       $2, Y8, Y6, Y8
	VANDPS       Y8, Y9, Y9
	VANDNPS      Y9, Y14, Y14
	VMOVUPS      Y6, 256(R8)
	VMOVUPS      Y14, 288(R8)
	ADDQ         $32, R9
	ADDQ         $P1OCT, R8
	DECQ         CX
	JNZ          p1loop1

	// Pass 2: the angle, FastArcCosR's polynomial (as in slerpPrimeAsm),
	// and the lanes above its limit, by halves.
	MOVQ         octs+24(FP), CX
	LEAQ         128(SP), R8
	XORL         DX, DX
	VBROADCASTSD K_AC2, Y14
	VBROADCASTSD K_AC1, Y15
	VBROADCASTSD K_AC3, Y5
	VBROADCASTSD K_AC4, Y6
	VBROADCASTSD K_AC5, Y7

p1loop2:
	P1POLY(0)
	ORL  AX, DX
	P1POLY(16)
	ORL  AX, DX
	ADDQ $P1OCT, R8
	DECQ CX
	JNZ  p1loop2

	// Pass 2b, where some lane is above the limit: Acos32 there, and
	// the lanes next to a tie dropped.
	TESTL DX, DX
	JEQ   p1sines
	MOVQ  octs+24(FP), CX
	LEAQ  128(SP), R8

p1loopacos:
	P1ACOS(0, p1acoshi)
	P1ACOS(16, p1acosnext)
	ADDQ $P1OCT, R8
	DECQ CX
	JNZ  p1loopacos

p1sines:
	// Pass 3: the sines, by halves.
	MOVQ         octs+24(FP), CX
	LEAQ         128(SP), R8
	VMOVUPS      K_SC1, X13
	VBROADCASTSD K_SC2, Y10
	VBROADCASTSD K_SC3, Y11
	VBROADCASTSD K_SC4, Y14

p1loop3:
	P1SINES(0)
	P1SINES(16)
	ADDQ $P1OCT, R8
	DECQ CX
	JNZ  p1loop3

	// Pass 4: x, y, z = float32(sa·a) + float32(sb·b); w = FMAddS(sa,
	// aW, float32(sb·bW)) by halves; n by halves.
	MOVQ octs+24(FP), CX
	LEAQ 128(SP), R8

p1loop4:
	VMOVUPS     320(R8), Y8
	VMOVUPS     352(R8), Y9
	VMULPS      32(R8), Y8, Y1
	VMULPS      160(R8), Y9, Y4
	VADDPS      Y4, Y1, Y1
	VMULPS      64(R8), Y8, Y2
	VMULPS      192(R8), Y9, Y4
	VADDPS      Y4, Y2, Y2
	VMULPS      96(R8), Y8, Y3
	VMULPS      224(R8), Y9, Y4
	VADDPS      Y4, Y3, Y3
	VMULPS      128(R8), Y9, Y4
	VMOVUPS     Y4, 512(R8)
	VFMADDS(320(R8), 0(R8), 512(R8), X0, Y5, Y6, Y10)
	VFMADDS(336(R8), 16(R8), 528(R8), X7, Y5, Y6, Y10)
	VINSERTF128 $1, X7, Y0, Y0
	VMOVUPS     Y0, 384(R8)
	VMOVUPS     Y1, 416(R8)
	VMOVUPS     Y2, 448(R8)
	VMOVUPS     Y3, 480(R8)
	VMULPS      Y2, Y2, Y5
	VMOVUPS     Y5, 512(R8)
	FMADDSQMEM(416(R8), 512(R8), X6, Y8, Y9)
	FMADDSQMEM(480(R8), X6, X6, Y8, Y9)
	FMADDSQMEM(384(R8), X6, X6, Y8, Y9)
	FMADDSQMEM(432(R8), 528(R8), X7, Y8, Y9)
	FMADDSQMEM(496(R8), X7, X7, Y8, Y9)
	FMADDSQMEM(400(R8), X7, X7, Y8, Y9)
	VINSERTF128 $1, X7, Y6, Y6
	VMOVUPS     Y6, 512(R8)
	ADDQ        $P1OCT, R8
	DECQ        CX
	JNZ         p1loop4

	// Pass 5: inv = InvSqrtMP1(n) (float32(1 / √n) in double precision
	// by halves, NaN at +Inf), the rotations inv·(w, x, y, z) in the good
	// lanes, stored.
	MOVQ octs+24(FP), CX
	MOVQ a+0(FP), SI
	MOVQ idx+16(FP), R9
	MOVQ fail+48(FP), BX
	LEAQ 128(SP), R8
	XORL DI, DI

p1loop5:
	VCVTPS2PD    512(R8), Y11
	VSQRTPD      Y11, Y11
	VBROADCASTSD K_ONEPD, Y7
	VDIVPD       Y11, Y7, Y7
	VCVTPD2PSY   Y7, X7
	VCVTPS2PD    528(R8), Y12
	VSQRTPD      Y12, Y12
	VBROADCASTSD K_ONEPD, Y8
	VDIVPD       Y12, Y8, Y8
	VCVTPD2PSY   Y8, X8
	VINSERTF128  $1, X8, Y7, Y7
	VMOVUPS      512(R8), Y6
	VBROADCASTSS K_INF, Y11
	VCMPPS       $0, Y6, Y11, Y11
	VBROADCASTSS K_QNAN, Y12
	VANDPS       Y12, Y11, Y12
	VANDNPS      Y7, Y11, Y11
	VORPS        Y12, Y11, Y7
	VMULPS       384(R8), Y7, Y0
	VMULPS       416(R8), Y7, Y1
	VMULPS       448(R8), Y7, Y2
	VMULPS       480(R8), Y7, Y3
	VMOVUPS      288(R8), Y15
	VBROADCASTSS K_SIGN, Y14
	VXORPS       Y14, Y15, Y14
	VBLENDVPS    Y14, 0(R8), Y0, Y0
	VBLENDVPS    Y14, 32(R8), Y1, Y1
	VBLENDVPS    Y14, 64(R8), Y2, Y2
	VBLENDVPS    Y14, 96(R8), Y3, Y3
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y8, Y9, Y4, Y5, Y6, Y7)
	GATHER4(R9)
	VMOVUPS      X4, 12(SI)(R10*1)
	VMOVUPS      X5, 12(SI)(R11*1)
	VMOVUPS      X6, 12(SI)(R12*1)
	VMOVUPS      X7, 12(SI)(R13*1)
	GATHER4AT(R9, 16)
	VEXTRACTF128 $1, Y4, 12(SI)(R10*1)
	VEXTRACTF128 $1, Y5, 12(SI)(R11*1)
	VEXTRACTF128 $1, Y6, 12(SI)(R12*1)
	VEXTRACTF128 $1, Y7, 12(SI)(R13*1)
	VMOVMSKPS    Y15, AX
	XORL         $255, AX
	ORL          AX, DI
	MOVL         AX, DX
	ANDL         $15, DX
	MOVB         DX, (BX)
	SHRL         $4, AX
	MOVB         AX, 1(BX)
	ADDQ         $32, R9
	ADDQ         $2, BX
	ADDQ         $P1OCT, R8
	DECQ         CX
	JNZ          p1loop5
	MOVQ         DI, failed+56(FP)

p1done:
	VZEROUPPER
	RET

// LOAD8: the rotations of the eight transforms at p as rows of two
// joints' in Y0..Y3: joints k and k+4 in Yk, joint k+4 at R9 bytes past
// joint k (160; 0 for a half octet, whose high half repeats its low).
#define LOAD8(p) \
	VMOVUPS     12(p), X0; \
	VINSERTF128 $1, 12(p)(R9*1), Y0, Y0; \
	VMOVUPS     52(p), X1; \
	VINSERTF128 $1, 52(p)(R9*1), Y1, Y1; \
	VMOVUPS     92(p), X2; \
	VINSERTF128 $1, 92(p)(R9*1), Y2, Y2; \
	VMOVUPS     132(p), X3; \
	VINSERTF128 $1, 132(p)(R9*1), Y3, Y3

// HALFOFF: R9 = 160, or 240(SP) (0 if the last octet is a half one) in
// the last octet (CX = 1).
#define HALFOFF \
	MOVQ    $160, R9; \
	CMPQ    CX, $1; \
	CMOVQEQ 240(SP), R9

// leftPerm: for each 4-bit mask, the VPERMILPS control that moves the
// lanes whose bits it holds to the front, lowest first (leftIndices'
// table).
DATA leftPerm<>+0(SB)/4, $0
DATA leftPerm<>+4(SB)/4, $0
DATA leftPerm<>+8(SB)/4, $0
DATA leftPerm<>+12(SB)/4, $0
DATA leftPerm<>+16(SB)/4, $0
DATA leftPerm<>+20(SB)/4, $0
DATA leftPerm<>+24(SB)/4, $0
DATA leftPerm<>+28(SB)/4, $0
DATA leftPerm<>+32(SB)/4, $1
DATA leftPerm<>+36(SB)/4, $0
DATA leftPerm<>+40(SB)/4, $0
DATA leftPerm<>+44(SB)/4, $0
DATA leftPerm<>+48(SB)/4, $0
DATA leftPerm<>+52(SB)/4, $1
DATA leftPerm<>+56(SB)/4, $0
DATA leftPerm<>+60(SB)/4, $0
DATA leftPerm<>+64(SB)/4, $2
DATA leftPerm<>+68(SB)/4, $0
DATA leftPerm<>+72(SB)/4, $0
DATA leftPerm<>+76(SB)/4, $0
DATA leftPerm<>+80(SB)/4, $0
DATA leftPerm<>+84(SB)/4, $2
DATA leftPerm<>+88(SB)/4, $0
DATA leftPerm<>+92(SB)/4, $0
DATA leftPerm<>+96(SB)/4, $1
DATA leftPerm<>+100(SB)/4, $2
DATA leftPerm<>+104(SB)/4, $0
DATA leftPerm<>+108(SB)/4, $0
DATA leftPerm<>+112(SB)/4, $0
DATA leftPerm<>+116(SB)/4, $1
DATA leftPerm<>+120(SB)/4, $2
DATA leftPerm<>+124(SB)/4, $0
DATA leftPerm<>+128(SB)/4, $3
DATA leftPerm<>+132(SB)/4, $0
DATA leftPerm<>+136(SB)/4, $0
DATA leftPerm<>+140(SB)/4, $0
DATA leftPerm<>+144(SB)/4, $0
DATA leftPerm<>+148(SB)/4, $3
DATA leftPerm<>+152(SB)/4, $0
DATA leftPerm<>+156(SB)/4, $0
DATA leftPerm<>+160(SB)/4, $1
DATA leftPerm<>+164(SB)/4, $3
DATA leftPerm<>+168(SB)/4, $0
DATA leftPerm<>+172(SB)/4, $0
DATA leftPerm<>+176(SB)/4, $0
DATA leftPerm<>+180(SB)/4, $1
DATA leftPerm<>+184(SB)/4, $3
DATA leftPerm<>+188(SB)/4, $0
DATA leftPerm<>+192(SB)/4, $2
DATA leftPerm<>+196(SB)/4, $3
DATA leftPerm<>+200(SB)/4, $0
DATA leftPerm<>+204(SB)/4, $0
DATA leftPerm<>+208(SB)/4, $0
DATA leftPerm<>+212(SB)/4, $2
DATA leftPerm<>+216(SB)/4, $3
DATA leftPerm<>+220(SB)/4, $0
DATA leftPerm<>+224(SB)/4, $1
DATA leftPerm<>+228(SB)/4, $2
DATA leftPerm<>+232(SB)/4, $3
DATA leftPerm<>+236(SB)/4, $0
DATA leftPerm<>+240(SB)/4, $0
DATA leftPerm<>+244(SB)/4, $1
DATA leftPerm<>+248(SB)/4, $2
DATA leftPerm<>+252(SB)/4, $3
GLOBL leftPerm<>(SB), RODATA|NOPTR, $256

DATA idxBase<>+0(SB)/4, $0 // the lanes' indices in a group, and 4
DATA idxBase<>+4(SB)/4, $1
DATA idxBase<>+8(SB)/4, $2
DATA idxBase<>+12(SB)/4, $3
DATA idxBase<>+16(SB)/4, $4
DATA idxBase<>+20(SB)/4, $4
DATA idxBase<>+24(SB)/4, $4
DATA idxBase<>+28(SB)/4, $4
GLOBL idxBase<>(SB), RODATA|NOPTR, $32

// LEFTPACK: the indices of the lanes whose bits r holds (of a group of
// four, whose first index and the next three are in X14, which then moves
// on by four) are written at (R11)(R12*4), and R12 counts them (DI holds
// leftPerm's address; r, R13 and X12 are clobbered).
#define LEFTPACK(r) \
	ANDL      $15, r; \
	MOVQ      r, R13; \
	SHLQ      $4, R13; \
	VPERMILPS (DI)(R13*1), X14, X12; \
	VMOVDQU   X12, (R11)(R12*4); \
	POPCNTL   r, r; \
	ADDQ      r, R12; \
	VPADDD    idxBase<>+16(SB), X14, X14

// func lerpRots8AVX(a, b *formats.Transform, groups int, w, lo, hi float32, echoes bool, idx *int32) int
//
// lerpRotsAsm in AVX on eight joints at a time, 4·groups joints (groups
// <= 32): the float32 work on Y registers of eight lanes, the
// double-precision work (FMAddS; MP1's InvSqrtF as SQRTPD and DIVPD,
// which measured as fast here as NEWTON with a third of its
// instructions) on their halves, with lerpRotsAsm's results, except that
// it tests MP1's lanes out of the band only if a quickDot is above 0.95 -
// 1e-6 (the others go to slerpPrime1AVX, which tests them). An odd last
// group is a half octet whose high half repeats its low one (computed
// twice, stored twice, listed once). Instead of slow bytes it lists the
// joints it left in idx (from a table, without a branch on them) and
// returns how many, then the last of them eight times more (so that idx
// must have room for 4·groups + 8 entries).
//
// MP1's lanes out of the band whose quickDot is above 0.95 - 1e-6 (most
// of them rotations a few ulps apart) pass the first pass as lerp lanes;
// the second pass works out their localDot and keeps them, lerps them or
// leaves them as blendRotPrimeSlow says, so that the first pass's chain
// does not end in a branch on a localDot.
//
// Frame: 0 lo, 32 hi (eight float32 each); 240 HALFOFF's offset; from
// 256, per octet (480 bytes): x, y, z, qw (0..127), n (128), the lerp
// lanes (160), the kept lanes (192; MP1's lanes out of the band above
// 0.95 - 1e-6 until the second pass), a's W, X, Y, Z (224..351), b's
// (352..479).
TEXT ·lerpRots8AVX(SB), 0, $7936-56
	MOVQ         a+0(FP), SI
	MOVQ         b+8(FP), DI
	MOVQ         groups+16(FP), CX
	MOVQ         CX, AX
	ANDQ         $1, AX
	XORQ         $1, AX
	IMULQ        $160, AX
	MOVQ         AX, 240(SP)
	INCQ         CX
	SHRQ         $1, CX
	LEAQ         256(SP), R8
	MOVBLZX      echoes+36(FP), DX
	VBROADCASTSS w+24(FP), Y15
	VCVTPS2PD    X15, Y14
	VBROADCASTSS lo+28(FP), Y12
	VMOVUPS      Y12, 0(SP)
	VBROADCASTSS hi+32(FP), Y12
	VMOVUPS      Y12, 32(SP)
	TESTQ        CX, CX
	JLE          l8done

l8loop1:
	// a: W Y4, X Y5, Y Y6, Z Y7; b: W Y8, X Y9, Y Y10, Z Y11.
	HALFOFF
	LOAD8(SI)
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y8, Y9, Y4, Y5, Y6, Y7)
	LOAD8(DI)
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y12, Y13, Y8, Y9, Y10, Y11)
	VMOVUPS Y4, 224(R8)
	VMOVUPS Y5, 256(R8)
	VMOVUPS Y6, 288(R8)
	VMOVUPS Y7, 320(R8)

	// quickDot (Y12); lerp lanes (Y0): lo < d and not hi <= d.
	VMULPS  Y8, Y4, Y12
	VMULPS  Y9, Y5, Y13
	VADDPS  Y13, Y12, Y12
	VMULPS  Y10, Y6, Y13
	VADDPS  Y13, Y12, Y12
	VMULPS  Y11, Y7, Y13
	VADDPS  Y13, Y12, Y12
	VMOVUPS 0(SP), Y13
	VCMPPS  $1, Y12, Y13, Y13
	VMOVUPS 32(SP), Y0
	VCMPPS  $2, Y12, Y0, Y0
	VANDNPS Y13, Y0, Y0

	// MP1's lanes out of the band whose quickDot is above 0.95 - 1e-6
	// (Y1) join the lerp lanes until the second pass decides them, with
	// b's rotations kept for it; the others, whose localDot is at most
	// 0.95 but for huge quaternions, are left to slerpPrime1AVX.
	VXORPS       Y1, Y1, Y1
	TESTL        DX, DX
	JNE          l8class
	VBROADCASTSS K_095LO, Y2
	VCMPPS       $1, Y12, Y2, Y2
	VANDNPS      Y2, Y0, Y1
	VORPS        Y1, Y0, Y0

l8class:
	VMOVUPS   Y1, 192(R8)
	VMOVUPS   Y0, 160(R8)
	VMOVMSKPS Y0, AX
	TESTL     AX, AX
	JEQ       l8next1
	VMOVUPS   Y8, 352(R8)
	VMOVUPS   Y9, 384(R8)
	VMOVUPS   Y10, 416(R8)
	VMOVUPS   Y11, 448(R8)

	// x, y, z = a + float32(w·(b - a)) (Y9, Y10, Y11); qw = FMAddS(w,
	// bW - aW, aW) by halves (Y2).
	VSUBPS      Y4, Y8, Y8
	VSUBPS      Y5, Y9, Y9
	VSUBPS      Y6, Y10, Y10
	VSUBPS      Y7, Y11, Y11
	VMULPS      Y15, Y9, Y9
	VADDPS      Y5, Y9, Y9
	VMULPS      Y15, Y10, Y10
	VADDPS      Y6, Y10, Y10
	VMULPS      Y15, Y11, Y11
	VADDPS      Y7, Y11, Y11
	VCVTPS2PD    X8, Y2
	VCVTPS2PD    X4, Y3
	VFMADD231PD  Y14, Y2, Y3
	VCVTPD2PSY   Y3, X2
	VEXTRACTF128 $1, Y8, X3
	VCVTPS2PD    X3, Y3
	VEXTRACTF128 $1, Y4, X12
	VCVTPS2PD    X12, Y12
	VFMADD231PD  Y14, Y3, Y12
	VCVTPD2PSY   Y12, X3
	VINSERTF128  $1, X3, Y2, Y2
	VMOVUPS     Y9, 0(R8)
	VMOVUPS     Y10, 32(R8)
	VMOVUPS     Y11, 64(R8)
	VMOVUPS     Y2, 96(R8)

l8next1:
	ADDQ $320, SI
	ADDQ $320, DI
	ADDQ $480, R8
	DECQ CX
	JNZ  l8loop1

	// Second pass: MP1's lanes above 0.95 - 1e-6 decided (l8near); n, by
	// halves; lanes with n not in (0, +Inf) drop out.
	MOVQ         groups+16(FP), CX
	INCQ         CX
	SHRQ         $1, CX
	LEAQ         256(SP), R8
	VBROADCASTSS K_INF, Y15

l8loopn:
	VMOVUPS   192(R8), Y0
	VMOVMSKPS Y0, AX
	TESTL     AX, AX
	JNE       l8near

l8n:
	VMOVUPS 32(R8), Y0
	VMULPS  Y0, Y0, Y0
	VMOVUPS Y0, 128(R8)
	FMADDSQMEM(0(R8), 128(R8), X1, Y1, Y2)
	FMADDSQMEM(64(R8), X1, X2, Y2, Y3)
	FMADDSQMEM(96(R8), X2, X3, Y3, Y4)
	FMADDSQMEM(16(R8), 144(R8), X5, Y5, Y6)
	FMADDSQMEM(80(R8), X5, X6, Y6, Y7)
	FMADDSQMEM(112(R8), X6, X7, Y7, Y8)
	VINSERTF128 $1, X7, Y3, Y3
	VMOVUPS Y3, 128(R8)
	VXORPS  Y1, Y1, Y1
	VCMPPS  $1, Y3, Y1, Y1
	VCMPPS  $1, Y15, Y3, Y2
	VANDPS  Y1, Y2, Y2
	VANDPS  160(R8), Y2, Y2
	VMOVUPS Y2, 160(R8)
	ADDQ    $480, R8
	DECQ    CX
	JNZ     l8loopn
	JMP     l8pass3

l8near:
	// MP1's lanes out of the band with a quickDot above 0.95 - 1e-6
	// (Y0), taken as lerp lanes so far: blendRotPrimeSlow's localDot d
	// (Y3) keeps them as they are where 1 <= d, lerps them where 0.95 < d
	// < 1, and leaves the others to slerpPrime1AVX.
	VMOVUPS      288(R8), Y1
	VMULPS       416(R8), Y1, Y1
	VEXTRACTF128 $1, Y1, X2
	VFMADDS(256(R8), 384(R8), X1, X3, Y4, Y5, Y6)
	VFMADDS(272(R8), 400(R8), X2, X7, Y4, Y5, Y8)
	VFMADDS(320(R8), 448(R8), X3, X3, Y4, Y5, Y6)
	VFMADDS(336(R8), 464(R8), X7, X7, Y4, Y5, Y8)
	VFMADDS(224(R8), 352(R8), X3, X3, Y4, Y5, Y6)
	VFMADDS(240(R8), 368(R8), X7, X7, Y4, Y5, Y8)
	VINSERTF128  $1, X7, Y3, Y3
	VBROADCASTSS K_ONEPS, Y4
	VCMPPS       $2, Y3, Y4, Y5
	VANDPS       Y0, Y5, Y5
	VMOVUPS      Y5, 192(R8)
	VBROADCASTSS K_095, Y6
	VCMPPS       $1, Y3, Y6, Y6
	VCMPPS       $1, Y4, Y3, Y7
	VANDPS       Y7, Y6, Y6
	VANDNPS      Y0, Y6, Y6
	VANDNPS      160(R8), Y6, Y6
	VMOVUPS      Y6, 160(R8)
	JMP          l8n

l8pass3:
	// Third pass: 1/√n, scale, a's rotation in the lanes out of the
	// band, store.
	MOVQ         a+0(FP), SI
	MOVQ         groups+16(FP), CX
	INCQ         CX
	SHRQ         $1, CX
	LEAQ         256(SP), R8
	MOVQ         idx+40(FP), R11
	XORL         R12, R12
	VMOVDQU      idxBase<>+0(SB), X14
	LEAQ         leftPerm<>(SB), DI

l8loop3:
	HALFOFF
	VMOVUPS   160(R8), Y11
	VORPS     192(R8), Y11, Y10
	VMOVMSKPS Y10, BX
	XORL      $255, BX
	MOVL      BX, R10
	LEFTPACK(R10)
	SHRL      $4, BX
	TESTQ     R9, R9
	CMOVQEQ   R9, BX
	LEFTPACK(BX)
	VMOVMSKPS Y11, AX
	TESTL     AX, AX
	JEQ       l8next3
	VMOVUPS   128(R8), Y10
	TESTL     DX, DX
	JNE       l8inv2

	// InvSqrtMP1 by halves: float32(1 / √n) in double precision (the
	// lanes kept have n in (0, +Inf)).
	VCVTPS2PD    X10, Y12
	VSQRTPD      Y12, Y12
	VBROADCASTSD K_ONEPD, Y8
	VDIVPD       Y12, Y8, Y8
	VCVTPD2PSY   Y8, X8
	VEXTRACTF128 $1, Y10, X12
	VCVTPS2PD    X12, Y12
	VSQRTPD      Y12, Y12
	VBROADCASTSD K_ONEPD, Y9
	VDIVPD       Y12, Y9, Y9
	VCVTPD2PSY   Y9, X9
	VINSERTF128  $1, X9, Y8, Y8
	JMP          l8scale

l8inv2:
	// INVSQRT2.
	VSQRTPS      Y10, Y0
	VBROADCASTSS K_ONEPS, Y8
	VDIVPS       Y0, Y8, Y8

l8scale:
	VMOVUPS      96(R8), Y9
	VMOVUPS      0(R8), Y7
	VMOVUPS      32(R8), Y10
	VMOVUPS      64(R8), Y6
	VMULPS       Y8, Y9, Y9
	VMULPS       Y8, Y7, Y7
	VMULPS       Y8, Y10, Y10
	VMULPS       Y8, Y6, Y6
	VBROADCASTSS K_SIGN, Y12
	VXORPS       Y12, Y11, Y11
	VBLENDVPS    Y11, 224(R8), Y9, Y9
	VBLENDVPS    Y11, 256(R8), Y7, Y7
	VBLENDVPS    Y11, 288(R8), Y10, Y10
	VBLENDVPS    Y11, 320(R8), Y6, Y6
	VTRANSPOSE8(Y9, Y7, Y10, Y6, Y0, Y8, Y1, Y2, Y3, Y4)
	VMOVUPS      X1, 12(SI)
	VEXTRACTF128 $1, Y1, 12(SI)(R9*1)
	VMOVUPS      X2, 52(SI)
	VEXTRACTF128 $1, Y2, 52(SI)(R9*1)
	VMOVUPS      X3, 92(SI)
	VEXTRACTF128 $1, Y3, 92(SI)(R9*1)
	VMOVUPS      X4, 132(SI)
	VEXTRACTF128 $1, Y4, 132(SI)(R9*1)

l8next3:
	ADDQ $320, SI
	ADDQ $480, R8
	DECQ CX
	JNZ  l8loop3

	// The last joint listed, eight times after the list: the slerp
	// kernels take whole octets.
	MOVQ         R12, ret+48(FP)
	TESTQ        R12, R12
	JEQ          l8ret
	VBROADCASTSS -4(R11)(R12*4), Y0
	VMOVDQU      Y0, (R11)(R12*4)

l8ret:
	VZEROUPPER
	RET

l8done:
	MOVQ $0, ret+48(FP)
	VZEROUPPER
	RET

// PTBONE: joint DX of primeTransAsm, which ma marks: lerp3To of its
// translation if mb marks it too, else the bind translation (the stride
// at 0(SP); R12, R13 and DX are clobbered; done is where to go on).
#define PTBONE(done, bind) \
	IMUL3Q  $40, DX, R12; \
	CMPB    (R9)(DX*1), $0; \
	JEQ     bind; \
	MOVUPS  (SI)(R12*1), X3; \
	MOVUPS  (DI)(R12*1), X4; \
	SUBPS   X3, X4; \
	MULPS   X15, X4; \
	ADDPS   X3, X4; \
	MOVSD   X4, (SI)(R12*1); \
	MOVHLPS X4, X4; \
	MOVSS   X4, 8(SI)(R12*1); \
	JMP     done; \
bind:; \
	MOVQ    0(SP), R13; \
	IMULQ   DX, R13; \
	MOVQ    (BX)(R13*1), DX; \
	MOVQ    DX, (SI)(R12*1); \
	MOVL    8(BX)(R13*1), DX; \
	MOVL    DX, 8(SI)(R12*1)

// PTMASKS: mo = ma && mb for the 16 joints from R11 (ma at R8, mb at R9,
// mo at R10; X14 zero), and in AX the bits of those ma marks.
#define PTMASKS \
	MOVOU    (R8)(R11*1), X0; \
	MOVOU    (R9)(R11*1), X1; \
	MOVOU    X0, X2; \
	PAND     X1, X2; \
	MOVOU    X2, (R10)(R11*1); \
	PCMPEQB  X14, X0; \
	PMOVMSKB X0, AX; \
	XORL     $0xffff, AX

// func primeTransAsm(la, lb *formats.Transform, bind *mgl32.Vec3, stride uintptr, ma, mb, mo *bool, n int, w float32)
//
// lerpTranslationsPrimeBound for n joints in SSE2: sixteen masks at a
// time, mo = ma && mb (mo may alias ma), and for each joint that ma marks
// (PMOVMSKB of its nonzero bytes) PTBONE; the last n%16 as the last 16
// masks, their first bits cleared, or one by one if n < 16. The lerp is
// VLERPVEC's arithmetic on the 16 bytes from the translation, of which 12
// are stored.
TEXT ·primeTransAsm(SB), NOSPLIT, $8-68
	MOVQ   stride+24(FP), AX
	MOVQ   AX, 0(SP)
	MOVQ   la+0(FP), SI
	MOVQ   lb+8(FP), DI
	MOVQ   bind+16(FP), BX
	MOVQ   ma+32(FP), R8
	MOVQ   mb+40(FP), R9
	MOVQ   mo+48(FP), R10
	MOVQ   n+56(FP), CX
	MOVSS  w+64(FP), X15
	SHUFPS $0, X15, X15
	XORQ   R11, R11
	PXOR   X14, X14

pt16:
	CMPQ CX, $16
	JLT  pt1
	PTMASKS

ptbits:
	TESTL AX, AX
	JEQ   ptnext
	BSFL  AX, DX
	ADDQ  R11, DX
	PTBONE(ptclear, ptbind)

ptclear:
	LEAL -1(AX), DX
	ANDL DX, AX
	JMP  ptbits

ptnext:
	ADDQ $16, R11
	SUBQ $16, CX
	JMP  pt16

pt1:
	TESTQ CX, CX
	JLE   ptdone
	TESTQ R11, R11
	JEQ   ptbyte

	// The last CX joints, as the last 16 bytes of the masks: the joints
	// before them were done above (mo, which may alias ma, is written
	// again with the same values), so their bits are cleared. With CX =
	// 16, ptnext then ends the loop.
	LEAQ -16(R11)(CX*1), R11
	PTMASKS
	NEGQ CX
	ADDQ $16, CX
	SHRL CX, AX
	SHLL CX, AX
	MOVQ $16, CX
	JMP  ptbits

ptbyte:
	TESTQ   CX, CX
	JLE     ptdone
	MOVBLZX (R8)(R11*1), AX
	MOVBLZX (R9)(R11*1), DX
	ANDL    AX, DX
	MOVB    DX, (R10)(R11*1)
	TESTL   AX, AX
	JEQ     pt1next
	MOVQ    R11, DX
	PTBONE(pt1next, pt1bind)

pt1next:
	INCQ R11
	DECQ CX
	JMP  ptbyte

ptdone:
	RET

// func acosBandAVX(d, out *float32, ok *uint32, groups int)
//
// VACOSBAND on 4·groups arguments, for the tests: out gets the angles,
// ok all ones where the bracket holds.
TEXT ·acosBandAVX(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), SI
	MOVQ out+8(FP), DI
	MOVQ ok+16(FP), BX
	MOVQ groups+24(FP), CX
	TESTQ CX, CX
	JLE  abdone

abloop:
	VMOVUPS (SI), X13
	VACOSBAND
	VMOVUPS X12, (DI)
	VMOVUPS X14, (BX)
	ADDQ    $16, SI
	ADDQ    $16, DI
	ADDQ    $16, BX
	DECQ    CX
	JNZ     abloop

abdone:
	VZEROUPPER
	RET

// ARCSERIES8: dst = (c[k] + c[k+1]·y) + y2·(c[k+2] + c[k+3]·y) on eight
// lanes, the coefficients float32 at byte offsets o0..o3 from p,
// broadcast: SERIES' operations in its operand order.
#define ARCSERIES8(p, o0, o1, o2, o3, y, y2, dst, t1, t2) \
	VBROADCASTSS o1(p), t1; \
	VMULPS       y, t1, t1; \
	VBROADCASTSS o0(p), dst; \
	VADDPS       t1, dst, dst; \
	VBROADCASTSS o3(p), t1; \
	VMULPS       y, t1, t1; \
	VBROADCASTSS o2(p), t2; \
	VADDPS       t1, t2, t2; \
	VMULPS       y2, t2, t2; \
	VADDPS       t2, dst, dst

// ARCCOMP8: b = pa·a + pb·b on eight lanes, ARCCOMP's operations in its
// operand order (t is clobbered).
#define ARCCOMP8(a, b, pa, pb, t) \
	VMULPS pb, b, b; \
	VMULPS a, pa, t; \
	VADDPS b, t, b

// func arcRots8AVX(a, b *formats.Transform, groups int, coef *[16]float32, slow *uint8)
//
// arcRotsAsm in AVX on eight joints at a time, 4·groups joints (groups <=
// 32): the same operations in the same order on Y registers of eight
// lanes, so the same bits. coef holds arcSeriesPair's ca then cb, each
// coefficient once (broadcast here). An odd last group is a half octet
// whose high half repeats its low one (computed twice, stored twice);
// slow gets a byte per group as from arcRotsAsm.
//
// Frame: 0 the sign bits of d, 32 the lanes inside the series' range
// (eight float32 each), 240 HALFOFF's offset.
TEXT ·arcRots8AVX(SB), 0, $256-40
	MOVQ  a+0(FP), SI
	MOVQ  b+8(FP), DI
	MOVQ  coef+24(FP), R8
	MOVQ  slow+32(FP), BX
	MOVQ  groups+16(FP), CX
	MOVQ  CX, AX
	ANDQ  $1, AX
	XORQ  $1, AX
	IMULQ $160, AX
	MOVQ  AX, 240(SP)
	INCQ  CX
	SHRQ  $1, CX
	TESTQ CX, CX
	JLE   a8done

a8loop:
	// a: W Y4, X Y5, Y Y6, Z Y7; b: W Y8, X Y9, Y Y10, Z Y11.
	HALFOFF
	LOAD8(SI)
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y8, Y9, Y4, Y5, Y6, Y7)
	LOAD8(DI)
	VTRANSPOSE8(Y0, Y1, Y2, Y3, Y12, Y13, Y8, Y9, Y10, Y11)

	// d as arcRun computes it (quickDot's order), Y12.
	VMULPS Y8, Y4, Y12
	VMULPS Y9, Y5, Y0
	VADDPS Y0, Y12, Y12
	VMULPS Y10, Y6, Y0
	VADDPS Y0, Y12, Y12
	VMULPS Y11, Y7, Y0
	VADDPS Y0, Y12, Y12

	// The sign bits (0(SP)); d = |d|; the lanes with d >= arcSeriesMin
	// (32(SP)); the others' bits in slow, a byte per group.
	VBROADCASTSS K_SIGN, Y13
	VANDPS       Y12, Y13, Y13
	VXORPS       Y13, Y12, Y12
	VBROADCASTSS K_ARCMIN, Y14
	VCMPPS       $2, Y12, Y14, Y14
	VMOVMSKPS    Y14, AX
	XORL         $255, AX
	MOVL         AX, DX
	ANDL         $15, DX
	MOVB         DX, (BX)
	TESTQ        R9, R9
	JEQ          a8half
	MOVL         AX, DX
	SHRL         $4, DX
	MOVB         DX, 1(BX)

a8half:
	CMPL    AX, $255
	JEQ     a8next
	VMOVUPS Y13, 0(SP)
	VMOVUPS Y14, 32(SP)

	// y = min(d, 1) - 1 (Y12), y2 (Y13), y4 (Y14).
	VBROADCASTSS K_ONEPS, Y0
	VMINPS       Y0, Y12, Y12
	VSUBPS       Y0, Y12, Y12
	VMULPS       Y12, Y12, Y13
	VMULPS       Y13, Y13, Y14

	// pa = a0 + y4·a1 (Y15), pb = sign·(b0 + y4·b1) (Y0).
	ARCSERIES8(R8, 0, 4, 8, 12, Y12, Y13, Y15, Y0, Y1)
	ARCSERIES8(R8, 16, 20, 24, 28, Y12, Y13, Y0, Y1, Y2)
	VMULPS       Y14, Y0, Y0
	VADDPS       Y0, Y15, Y15
	ARCSERIES8(R8, 32, 36, 40, 44, Y12, Y13, Y0, Y1, Y2)
	ARCSERIES8(R8, 48, 52, 56, 60, Y12, Y13, Y1, Y2, Y3)
	VMULPS       Y14, Y1, Y1
	VADDPS       Y1, Y0, Y0
	VMOVUPS      0(SP), Y1
	VBROADCASTSS K_ONEPS, Y2
	VXORPS       Y2, Y1, Y1
	VMULPS       Y1, Y0, Y0

	// pa·a + pb·b, into b's registers; a's rotation where d is out of
	// the series' range.
	ARCCOMP8(Y4, Y8, Y15, Y0, Y1)
	ARCCOMP8(Y5, Y9, Y15, Y0, Y1)
	ARCCOMP8(Y6, Y10, Y15, Y0, Y1)
	ARCCOMP8(Y7, Y11, Y15, Y0, Y1)
	TESTL     AX, AX
	JEQ       a8store
	VMOVUPS   32(SP), Y1
	VBLENDVPS Y1, Y8, Y4, Y8
	VBLENDVPS Y1, Y9, Y5, Y9
	VBLENDVPS Y1, Y10, Y6, Y10
	VBLENDVPS Y1, Y11, Y7, Y11

a8store:
	VTRANSPOSE8(Y8, Y9, Y10, Y11, Y0, Y1, Y2, Y3, Y12, Y13)
	VMOVUPS      X2, 12(SI)
	VEXTRACTF128 $1, Y2, 12(SI)(R9*1)
	VMOVUPS      X3, 52(SI)
	VEXTRACTF128 $1, Y3, 52(SI)(R9*1)
	VMOVUPS      X12, 92(SI)
	VEXTRACTF128 $1, Y12, 92(SI)(R9*1)
	VMOVUPS      X13, 132(SI)
	VEXTRACTF128 $1, Y13, 132(SI)(R9*1)

a8next:
	ADDQ $320, SI
	ADDQ $320, DI
	ADDQ $2, BX
	DECQ CX
	JNZ  a8loop

a8done:
	VZEROUPPER
	RET
