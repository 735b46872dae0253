import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WasmMediaEncoder } from 'wasm-media-encoders';

// wasm-media-encoders inlines its WASM as a data: URL and, given a URL, would fetch() it. Handing
// it a compiled module read from its own package on disk keeps all of that out of the picture:
// nothing is fetched, and the 130 KB module is compiled once per thread.
let compiled: Promise<WebAssembly.Module> | undefined;

function lameWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const path = createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3');
    return WebAssembly.compile(await readFile(path));
  })();
  return compiled;
}

/** A fresh LAME instance (its own WASM memory), not yet configured. */
export async function createLame(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  // Imported on first use: the package is ~0.8 MB of JavaScript (its WASM inlined as a data: URL)
  // that the server's main thread, which imports this module but never encodes, would hold for good.
  const { createEncoder } = await import('wasm-media-encoders');
  return createEncoder('audio/mpeg', await lameWasm());
}
