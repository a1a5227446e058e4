/*
 * A stand-in for Windows' bcryptprimitives.dll, for running animview's
 * Windows build under Wine 8 (Debian bookworm), which has no such DLL.
 *
 * Go's runtime on Windows (since Go 1.22) loads bcryptprimitives.dll from
 * the system folder at start-up for one function, ProcessPrng, its source
 * of random bytes, and stops with "bcryptprimitives.dll not found" when it
 * is missing (runtime/os_windows.go). ProcessPrng takes a buffer and its
 * length and returns TRUE once the buffer is filled; the runtime counts a
 * FALSE as no bytes read. This one fills the buffer through BCryptGenRandom
 * with the system's preferred generator, which Wine's bcrypt.dll provides,
 * in chunks that fit BCryptGenRandom's ULONG length.
 *
 * scripts/test.sh builds it with Debian's gcc-mingw-w64-x86-64:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll \
 *       bcryptprimitives.c bcryptprimitives.def -lbcrypt
 * and copies it into its own Wine prefix's drive_c/windows/system32/.
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
