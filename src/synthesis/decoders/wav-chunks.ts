import { AudioDecodeError } from './audio-decode-error.js';

/** Where the two chunks a decoder needs sit in a WAV file. */
export interface WavLayout {
  format: Uint8Array;
  data: Uint8Array;
}

const unknownSize = 0xffffffff;

/**
 * Chunks a WAV may have before its format and data are found. Real files have a handful (fmt,
 * fact, LIST, bext, iXML, cue, JUNK, ds64…); a file of millions of empty chunks is made to cost
 * one step per eight bytes, so the walk stops here and the file is refused as corrupt.
 */
export const maxWavChunks = 256;

/** The refusal of a WAV with more than `maxWavChunks` chunks before its audio. */
export function tooManyWavChunks(): AudioDecodeError {
  return new AudioDecodeError('corrupt', `The WAV file has more than ${maxWavChunks} chunks before its audio data; it is not a usable recording.`);
}

function tagAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

/** Chunk ids are four printable ASCII characters. */
function looksLikeChunkId(bytes: Uint8Array, at: number): boolean {
  if (at + 8 > bytes.length) return false;
  for (let i = 0; i < 4; i++) if (bytes[at + i] < 0x20 || bytes[at + i] > 0x7e) return false;
  return true;
}

/**
 * Walks the RIFF chunks of a WAV (or RF64) file to its `fmt ` and `data` chunks, skipping any
 * other (LIST, fact, cue, junk…). A data size of 0xFFFFFFFF, or one of 0 or past the end of a
 * file whose RIFF size is unknown too (0 or 0xFFFFFFFF), means a stream written before its length
 * was known: the data then runs to the end of the file. A data size past the end of a file that declares its full size is a
 * truncated file.
 */
export function findWavChunks(bytes: Uint8Array): WavLayout {
  if (bytes.length === 0) throw new AudioDecodeError('empty', 'The audio file is empty.');
  const magic = bytes.length >= 12 ? tagAt(bytes, 0) : '';
  if ((magic !== 'RIFF' && magic !== 'RF64') || tagAt(bytes, 8) !== 'WAVE') {
    throw new AudioDecodeError(bytes.length < 12 ? 'truncated' : 'unrecognized', 'The file is not a WAV file.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffSize = view.getUint32(4, true);
  // RF64 keeps its real sizes in a ds64 chunk and puts 0xFFFFFFFF in the 32-bit fields. A RIFF
  // size that is merely larger than the file is not "unknown": that is what truncation looks like.
  const sizeUnknown = magic === 'RF64' || riffSize === unknownSize || riffSize === 0;
  let rf64DataSize: number | undefined;
  let format: Uint8Array | undefined;
  let data: Uint8Array | undefined;
  let overran = false;
  let at = 12;
  let chunks = 0;
  while (at + 8 <= bytes.length && !(format && data)) {
    if (++chunks > maxWavChunks) throw tooManyWavChunks();
    const id = tagAt(bytes, at);
    const size = view.getUint32(at + 4, true);
    const start = at + 8;
    if (id === 'data') {
      let length = size;
      if (size === unknownSize && rf64DataSize !== undefined && start + rf64DataSize <= bytes.length) length = rf64DataSize;
      // With an unknown RIFF size, a data size of 0 is a placeholder too (some stream writers).
      else if (size === unknownSize || (sizeUnknown && (size === 0 || start + size > bytes.length))) length = bytes.length - start;
      else if (start + size > bytes.length) throw new AudioDecodeError('truncated', 'The WAV file is truncated: its audio data is incomplete.');
      data = bytes.subarray(start, start + length);
      if (length !== size) break;
    } else {
      if (start + size > bytes.length) {
        overran = true;
        break;
      }
      if (id === 'fmt ') format = bytes.subarray(start, start + size);
      if (id === 'ds64' && size >= 16) rf64DataSize = view.getUint32(start + 8, true) + view.getUint32(start + 12, true) * 2 ** 32;
    }
    // Chunks are padded to an even length, but some writers forget the pad byte; follow whichever
    // position holds something that looks like the next chunk.
    const next = start + size;
    at = size % 2 === 1 && (looksLikeChunkId(bytes, next + 1) || !looksLikeChunkId(bytes, next)) ? next + 1 : next;
  }
  if (!format) {
    throw new AudioDecodeError(overran || at + 8 > bytes.length ? 'truncated' : 'corrupt', 'The WAV file has no readable format description.');
  }
  if (!data) throw new AudioDecodeError('truncated', 'The WAV file has no audio data.');
  return { format, data };
}
