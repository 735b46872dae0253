import { createRequire } from 'node:module';

/** The part of koffi (an FFI for Node, MIT) used here. */
interface Koffi {
  load(path: string): { func(signature: string): (...args: unknown[]) => unknown };
}

let trim: ((pad: number) => unknown) | null | undefined;

/**
 * Gives the memory the C allocator holds free back to the system, in every thread's arena:
 * glibc's `malloc_trim(0)`, through koffi when it is installed (an optional dependency); a no-op
 * elsewhere (no koffi, or a C library without malloc_trim, as on musl or macOS).
 *
 * Why: audio buffers are allocated with malloc (V8's ArrayBuffers), and glibc keeps what they took
 * once freed: it raises its mmap threshold each time a large block is freed, so later buffers come
 * from the threads' arenas, and it only returns an arena's free memory from its top, which the
 * small blocks allocated meanwhile pin. After the pool's threads have collected their garbage,
 * most of a used server's arenas are free but held (V8's helper threads' arenas, where compilers
 * and the collector worked, ~0.1 MB in use of several MB each): `malloc_trim` releases their free
 * pages, in the middle of an arena too. Called only when the pool has been idle (see
 * SynthesisPool.collectGarbage), so the pages a busy server reuses request after request stay.
 * Returns whether it ran.
 */
export function releaseNativeMemory(): boolean {
  if (trim === undefined) trim = loadTrim();
  if (!trim) return false;
  trim(0);
  return true;
}

function loadTrim(): ((pad: number) => unknown) | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as Koffi;
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => unknown;
  } catch {
    // Not installed, or not glibc: the memory stays with the allocator, as without this module.
    return null;
  }
}
