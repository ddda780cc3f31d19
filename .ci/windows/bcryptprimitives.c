/*
 * A stand-in for bcryptprimitives.dll, for wine 8 (Debian 12's), which has
 * none. Rust's std for Windows 10 and later (every *-windows-gnu target but
 * the win7 ones) takes its random bytes from that DLL's ProcessPrng, so
 * without it no Rust program starts under wine ("bcryptprimitives.dll not
 * found", exit 53). This one gives ProcessPrng from advapi32's RtlGenRandom
 * (exported as SystemFunction036), which wine has. It goes only into the
 * private wine prefix of .ci/windows/check, never beside a program: the
 * programs tested are the ones Windows would run.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
