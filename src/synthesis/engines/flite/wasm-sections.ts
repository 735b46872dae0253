/**
 * A WebAssembly binary without its custom sections (names, producers, DWARF debug information).
 * V8 keeps a copy of every byte of a compiled module for as long as the module lives; flite.wasm
 * carries 4 MB of custom sections that running it never reads (they only name functions in a
 * trap's stack trace), so they are dropped before compiling.
 */
export function withoutCustomSections(binary: Uint8Array): Uint8Array<ArrayBuffer> {
  const headerBytes = 8; // "\0asm" and the version
  const kept: Uint8Array[] = [binary.subarray(0, headerBytes)];
  let at = headerBytes;
  while (at < binary.length) {
    const start = at;
    const id = binary[at++];
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = binary[at++];
      size += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) break;
    }
    at += size;
    if (at > binary.length) throw new Error('truncated WebAssembly section');
    if (id !== 0) kept.push(binary.subarray(start, at));
  }
  return Buffer.concat(kept);
}
