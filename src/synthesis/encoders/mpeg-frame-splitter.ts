import { parseMpegFrameHeader } from '../decoders/mpeg-frame-header.js';

/**
 * Cuts an MPEG audio byte stream into whole frames. LAME hands out its bitstream in pieces that
 * end anywhere; a streaming response must only ever send whole frames, so the tail of an
 * incomplete frame waits here for the next piece.
 */
export class MpegFrameSplitter {
  private pending = new Uint8Array(0);

  /** Appends `bytes` and returns every frame now complete (possibly none), concatenated. */
  push(bytes: Uint8Array): Uint8Array {
    const joined = new Uint8Array(this.pending.length + bytes.length);
    joined.set(this.pending);
    joined.set(bytes, this.pending.length);
    let end = 0;
    for (;;) {
      const header = parseMpegFrameHeader(joined, end);
      if (!header) {
        if (end + 4 <= joined.length) throw new Error('MP3 encoder produced bytes that are not a frame');
        break;
      }
      if (end + header.frameBytes > joined.length) break;
      end += header.frameBytes;
    }
    this.pending = joined.slice(end);
    return joined.subarray(0, end);
  }

  /** What is left when the stream has ended: an incomplete frame would be a bug, so none is expected. */
  rest(): Uint8Array {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return rest;
  }
}
