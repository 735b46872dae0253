import LibAVWrapper from '@libav.js/variant-default';

export type LibAVInstance = LibAVWrapper.LibAV;

/** Bytes libav wrote to a file of ours: where in the file, and what. */
export type WriteHandler = (position: number, bytes: Uint8Array) => void;

interface Loaded {
  libav: LibAVInstance;
  writers: Map<string, WriteHandler>;
}

let loaded: Promise<Loaded> | undefined;
let files = 0;

/**
 * The one libav.js instance of this thread (its default variant: libopus, FLAC, Ogg; LGPL-2.1,
 * WASM, no worker). Its calls are synchronous under their promises, so concurrent encoders can
 * share it: each writes to a file of its own name, and writes are routed back by that name.
 */
export function libavModule(): Promise<Loaded> {
  loaded ??= (async () => {
    const libav = await LibAVWrapper.LibAV({ noworker: true });
    // Quiet: a streamed FLAC's header cannot be rewritten at the end, which libav would log each time.
    await libav.av_log_set_level(-8);
    const writers = new Map<string, WriteHandler>();
    libav.onwrite = (name, position, buffer) => {
      // libav hands out a view of its heap, reused by the next write: copy it.
      writers.get(name)?.(position, new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice());
    };
    return { libav, writers };
  })();
  return loaded;
}

/** A fresh file name inside the libav instance. */
export function libavFileName(extension: string): string {
  files += 1;
  return `out-${files}.${extension}`;
}
