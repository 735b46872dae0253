import { Readable } from 'node:stream';

/** Bytes read before the upload is stored, to check what it is (content sniffing needs the start). */
export const uploadHeadBytes = 64 * 1024;

export interface UploadHead {
  /** The first `uploadHeadBytes` bytes (fewer when the upload is shorter). */
  head: Buffer;
  /**
   * The whole upload, `head` first, as a stream for the blob store; fails with `tooLarge()` as
   * soon as more than `maxBytes` have arrived, and with `interrupted()` if the client goes away.
   */
  body(maxBytes: number, tooLarge: () => Error, interrupted: () => Error): Readable;
}

/**
 * Reads the start of an upload and hands back the rest as a stream: the upload never sits whole
 * in memory, only its head and the chunks in flight to the store.
 */
export async function readUploadHead(source: AsyncIterable<Uint8Array>, onInterrupted: () => Error): Promise<UploadHead> {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  try {
    while (headLength < uploadHeadBytes) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value);
      parts.push(chunk);
      headLength += chunk.length;
    }
  } catch {
    throw onInterrupted();
  }
  const first = Buffer.concat(parts);
  return {
    head: first.subarray(0, uploadHeadBytes),
    body(maxBytes, tooLarge, interrupted) {
      return Readable.from(
        (async function* () {
          let size = first.length;
          if (size > maxBytes) throw tooLarge();
          yield first;
          if (ended) return;
          for (;;) {
            let next: IteratorResult<Uint8Array>;
            try {
              next = await iterator.next();
            } catch {
              throw interrupted();
            }
            if (next.done) return;
            size += next.value.length;
            if (size > maxBytes) throw tooLarge();
            yield Buffer.from(next.value);
          }
        })(),
        { objectMode: false },
      );
    },
  };
}
