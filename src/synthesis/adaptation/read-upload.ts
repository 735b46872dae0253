import { open, type FileHandle } from 'node:fs/promises';
import { MPEGDecoder } from 'mpg123-decoder';
import type { Pcm } from '../audio.js';
import { AudioDecodeError } from '../decoders/audio-decode-error.js';
import { id3v2Length, mp3FrameAt, sniffAudioFormat } from '../decoders/sniff.js';
import { maxWavChunks, tooManyWavChunks } from '../decoders/wav-chunks.js';
import { parseWavFormat, type WavFormat } from '../decoders/wav-format.js';
import { wavSamplesToMono } from '../decoders/wav-samples.js';
import { UploadRejection, type UploadLimits } from './upload-rejection.js';
import { mixDown, withoutConsoleErrors } from '../decoders/mpg123-output.js';

/** What an upload is, found before or while its audio is read. */
export interface UploadInfo {
  format: 'wav' | 'mp3';
  sampleRate: number;
  /** Seconds of audio (for MP3 without `blocks`, found by decoding to the end or the limit). */
  seconds: number;
}

/** Seconds of audio handed to `onBlock` at a time. */
const blockSeconds = 10;
const readBytes = 1 << 20;
const headBytes = 64 * 1024;
/** Below telephone quality there is no voice left to measure (and the resampler refuses odd rates). */
const lowestSampleRate = 8000;

/**
 * Reads a WAV or MP3 file from disk as mono blocks of about ten seconds, never the whole file at
 * once, checking the limits as it goes: a file longer than allowed is stopped at the limit, not
 * read to its end. The format comes from the content (an MP3 named .wav is an MP3). Every problem
 * with the bytes is an UploadRejection; nothing else is thrown for bad input.
 * Without `onBlock` it only probes: for WAV the header is enough, MP3 is decoded to learn its length.
 */
export async function readUpload(path: string, limits: UploadLimits, onBlock?: (pcm: Pcm) => Promise<void>): Promise<UploadInfo> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    if (size === 0) throw unreadable('The audio file is empty.');
    const head = Buffer.alloc(Math.min(size, headBytes));
    await file.read(head, 0, head.length, 0);
    const format = sniffUpload(head, size);
    const info = format === 'wav' ? await readWav(file, size, limits, onBlock) : await readMp3(file, size, head, limits, onBlock);
    if (info.seconds < limits.minSeconds) {
      throw new UploadRejection('too_short', `The audio is ${info.seconds.toFixed(1)} s long; at least ${limits.minSeconds} s are needed.`);
    }
    return info;
  } catch (error) {
    if (error instanceof AudioDecodeError) throw unreadable(error.message);
    throw error;
  } finally {
    await file.close();
  }
}

function sniffUpload(head: Buffer, size: number): 'wav' | 'mp3' {
  const format = sniffAudioFormat(head);
  if (format !== 'unknown') return format;
  // An ID3 tag larger than the head read hides the first frame; sniffing says unknown only when it saw past the tag.
  const tag = id3v2Length(head);
  if (tag >= head.length && tag < size) return 'mp3';
  throw unreadable('The file is neither WAV nor MP3 audio.');
}

function unreadable(message: string): UploadRejection {
  return new UploadRejection('unreadable', message);
}

function tooLong(limits: UploadLimits): UploadRejection {
  return new UploadRejection('too_long', `The audio is longer than the ${limits.maxSeconds} s allowed.`);
}

function checkRate(sampleRate: number, limits: UploadLimits): void {
  const lowest = limits.minSampleRate ?? lowestSampleRate;
  if (sampleRate < lowest) {
    throw new UploadRejection('sample_rate_too_low', `The audio is sampled at ${sampleRate} Hz; at least ${lowest} Hz is needed.`);
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Walks the RIFF chunks with positioned reads to `fmt ` and `data`, then streams the data. */
async function readWav(file: FileHandle, size: number, limits: UploadLimits, onBlock?: (pcm: Pcm) => Promise<void>): Promise<UploadInfo> {
  const riff = await readAt(file, 0, 12);
  if (riff.length < 12) throw unreadable('The WAV file is truncated.');
  const riffSize = riff.readUInt32LE(4);
  const sizeUnknown = riff.toString('latin1', 0, 4) === 'RF64' || riffSize === 0 || riffSize === 0xffffffff;
  let format: WavFormat | undefined;
  let dataStart = -1;
  let dataLength = 0;
  let rf64DataSize: number | undefined;
  // One positioned read per chunk header, so the count is capped (maxWavChunks): cost bounded by a
  // constant, not by how many empty chunks the file was stuffed with.
  let chunks = 0;
  for (let at = 12; at + 8 <= size && dataStart < 0; ) {
    if (++chunks > maxWavChunks) throw tooManyWavChunks();
    const header = await readAt(file, at, 8);
    const id = header.toString('latin1', 0, 4);
    const chunkSize = header.readUInt32LE(4);
    const start = at + 8;
    if (id === 'data') {
      dataStart = start;
      if (chunkSize === 0xffffffff && rf64DataSize !== undefined && start + rf64DataSize <= size) dataLength = rf64DataSize;
      else if (chunkSize === 0xffffffff || (sizeUnknown && (chunkSize === 0 || start + chunkSize > size))) dataLength = size - start;
      else if (start + chunkSize > size) throw unreadable('The WAV file is truncated: its audio data is incomplete.');
      else dataLength = chunkSize;
      break;
    }
    if (start + chunkSize > size) throw unreadable('The WAV file is truncated.');
    if (id === 'fmt ') {
      if (chunkSize > 4096) throw unreadable('The WAV format description is corrupt.');
      format = parseWavFormat(await readAt(file, start, chunkSize));
    }
    if (id === 'ds64' && chunkSize >= 16) {
      const ds64 = await readAt(file, start, 16);
      rf64DataSize = ds64.readUInt32LE(8) + ds64.readUInt32LE(12) * 2 ** 32;
    }
    at = start + chunkSize + (chunkSize % 2);
  }
  if (!format) throw unreadable('The WAV file has no readable format description.');
  if (dataStart < 0) throw unreadable('The WAV file has no audio data.');
  checkRate(format.sampleRate, limits);
  const frames = Math.floor(dataLength / format.blockAlign);
  const seconds = frames / format.sampleRate;
  if (seconds > limits.maxSeconds) throw tooLong(limits);
  if (onBlock && seconds >= limits.minSeconds) {
    // Ten seconds a block, but never more than 8 MiB of file (a 64-channel file has big frames).
    const step = Math.max(1, Math.floor(Math.min(blockSeconds * format.sampleRate, (8 * readBytes) / format.blockAlign))) * format.blockAlign;
    for (let offset = 0; offset < frames * format.blockAlign; offset += step) {
      const bytes = await readAt(file, dataStart + offset, Math.min(step, frames * format.blockAlign - offset));
      await onBlock({ samples: wavSamplesToMono(bytes, format), sampleRate: format.sampleRate });
    }
  }
  return { format: 'wav', sampleRate: format.sampleRate, seconds };
}

/** Feeds the file to mpg123 a megabyte at a time; decoding stops as soon as the audio passes the limit. */
async function readMp3(file: FileHandle, size: number, head: Buffer, limits: UploadLimits, onBlock?: (pcm: Pcm) => Promise<void>): Promise<UploadInfo> {
  const start = id3v2Length(head);
  if (start >= size) throw unreadable('The MP3 file holds a tag but no audio.');
  const first = await readAt(file, start, Math.min(8192, size - start));
  if (!mp3FrameAt(first, 0)) throw unreadable('The file is not an MP3 file.');
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let sampleRate = 0;
  let decoded = 0;
  let pending: Float32Array[] = [];
  let pendingLength = 0;
  const flush = async () => {
    if (!onBlock || pendingLength === 0) return;
    const samples = new Float32Array(pendingLength);
    let at = 0;
    for (const part of pending) {
      samples.set(part, at);
      at += part.length;
    }
    pending = [];
    pendingLength = 0;
    await onBlock({ samples, sampleRate });
  };
  try {
    for (let offset = start; offset < size; offset += readBytes) {
      const chunk = await readAt(file, offset, Math.min(readBytes, size - offset));
      let result;
      try {
        result = withoutConsoleErrors(() => decoder.decode(chunk));
      } catch {
        throw unreadable('The MP3 file could not be decoded.');
      }
      if (result.samplesDecoded === 0) continue;
      if (sampleRate === 0) {
        sampleRate = result.sampleRate;
        checkRate(sampleRate, limits);
      }
      decoded += result.samplesDecoded;
      if (decoded / sampleRate > limits.maxSeconds) throw tooLong(limits);
      if (onBlock) {
        pending.push(mixDown(result.channelData, result.samplesDecoded));
        pendingLength += result.samplesDecoded;
        if (pendingLength >= blockSeconds * sampleRate) await flush();
      }
    }
  } finally {
    try {
      decoder.free();
    } catch {
      // A decoder whose WASM aborted may fail to free; it is dropped either way.
    }
  }
  if (decoded === 0 || sampleRate === 0) throw unreadable('The MP3 file holds no decodable audio.');
  const seconds = decoded / sampleRate;
  if (seconds >= limits.minSeconds) await flush();
  return { format: 'mp3', sampleRate, seconds };
}
