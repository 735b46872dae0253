import type { Pcm } from '../../audio.js';

/** Reads the mono 16-bit PCM WAV file flite writes into Float32 samples. */
export function decodeFliteWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Flite output is not a WAV file');
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(at);
    // flite may leave the chunk size unset when it cannot seek back; trust the file's end then.
    const declared = view.getUint32(at + 4, true);
    const size = Math.min(declared, bytes.length - at - 8);
    if (id === 'fmt ') {
      channels = view.getUint16(at + 10, true);
      sampleRate = view.getUint32(at + 12, true);
      bits = view.getUint16(at + 22, true);
    } else if (id === 'data') {
      if (bits !== 16 || channels !== 1 || sampleRate <= 0) {
        throw new Error(`Unexpected flite WAV format: ${channels} channel(s), ${bits} bits, ${sampleRate} Hz`);
      }
      const count = Math.floor(size / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(at + 8 + i * 2, true) / 32768;
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('Flite WAV file has no data chunk');
}
