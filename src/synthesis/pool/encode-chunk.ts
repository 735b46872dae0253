import { parseMpegFrameHeader } from '../decoders/mpeg-frame-header.js';
import { normalizeLoudness } from '../dsp/loudness.js';
import { encodeMp3 } from '../encoders/mp3.js';
import { pcm16Bytes } from '../encoders/wav.js';
import type { EncodeChunkTask, EncodedChunk } from './tasks.js';

/**
 * A stream chunk: loudness of the piece (when asked), the leading pause, then PCM16 or MP3. Each
 * MP3 chunk comes from its own LAME encoder: chunks are encoded in whichever pool thread is free,
 * so no encoder state can follow the stream. A fresh encoder starts with `main_data_begin` 0 (no
 * bit reservoir reaching back), so chunks joined are one valid MP3 stream; each adds LAME's
 * encoder delay at its start and frame padding at its end, which the caller folds into the pauses.
 */
export async function encodeChunk(task: EncodeChunkTask): Promise<EncodedChunk> {
  const { output } = task;
  let piece = { samples: task.piece.samples, sampleRate: task.piece.sampleRate };
  if (output.targetLufs !== null) piece = normalizeLoudness(piece, output.targetLufs);
  const lead = Math.max(0, Math.round(task.leadingSilence ?? 0));
  let samples = piece.samples;
  if (lead > 0) {
    samples = new Float32Array(lead + piece.samples.length);
    samples.set(piece.samples, lead);
  }
  const pcm = { samples, sampleRate: piece.sampleRate };
  if (output.format === 'mp3') {
    const audio = await encodeMp3(pcm, { bitrate: output.mp3Bitrate });
    return { audio, samples: samples.length, decodedSamples: samplesInFrames(audio) };
  }
  if (output.format !== 'wav') throw new RangeError(`a stream chunk cannot be ${output.format}`);
  return { audio: pcm16Bytes(pcm), samples: samples.length, decodedSamples: samples.length };
}

function samplesInFrames(mp3: Uint8Array): number {
  let samples = 0;
  for (let at = 0; at < mp3.length; ) {
    const frame = parseMpegFrameHeader(mp3, at);
    if (!frame) throw new Error(`MP3 chunk broken at byte ${at}`);
    samples += frame.samplesPerFrame;
    at += frame.frameBytes;
  }
  return samples;
}
