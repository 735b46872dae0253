import assert from 'node:assert/strict';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { parseMpegFrameHeader } from '../../../src/synthesis/decoders/mpeg-frame-header.js';
import { lameEncoderDelay } from '../../../src/services/speech/stream-chunks.js';
import { measureLoudness } from '../../../src/synthesis/analysis/loudness.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { englishText, openCurrentApi, type CurrentApi } from './current-api.js';

interface Received {
  status: number;
  contentType: string | null;
  chunks: { bytes: Uint8Array; at: number }[];
  started: number;
  ended: number;
}

/** The PCM of a WAV stream (44-byte header, then 16-bit samples), as floats. */
function pcmOfWavStream(bytes: Buffer): Float32Array {
  const ints = new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.length - ((bytes.length - 44) % 2)));
  return Float32Array.from(ints, (v) => v / 32768);
}

/** [from, to) sample ranges of sound between runs of at least `minSilence` exact zeros. */
function splitAtSilence(samples: Float32Array, minSilence: number): [number, number][] {
  const parts: [number, number][] = [];
  let start = -1;
  let zeros = 0;
  for (let i = 0; i < samples.length; i++) {
    if (samples[i] === 0) {
      zeros++;
      if (zeros === minSilence && start >= 0) {
        parts.push([start, i - zeros + 1]);
        start = -1;
      }
      continue;
    }
    if (start < 0) start = i;
    zeros = 0;
  }
  if (start >= 0) parts.push([start, samples.length]);
  return parts;
}

function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return ab / Math.sqrt(aa * bb);
}

describe('POST /v1/text-to-speech/stream', () => {
  let api: CurrentApi;
  let olivia: string;
  const stream = async (body: Record<string, unknown>): Promise<Received> => {
    const started = performance.now();
    const res = await api.call('POST', '/v1/text-to-speech/stream', { body: { voice_id: olivia, model: 'ssfm-v30', ...body } });
    const chunks: Received['chunks'] = [];
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push({ bytes: value, at: performance.now() });
    }
    return { status: res.status, contentType: res.headers.get('content-type'), chunks, started, ended: performance.now() };
  };
  const joined = (r: Received) => Buffer.concat(r.chunks.map((c) => c.bytes));
  before(async () => {
    api = await openCurrentApi('custom');
    olivia = await api.voiceId('Olivia');
  });
  after(() => api.close());

  it('WAV: a header with both sizes 0xFFFFFFFF, then PCM 16-bit mono 32000 Hz', async () => {
    // Two sentences the file answer renders apart too (a short text's sentences may share one engine call there).
    const text = 'Streaming starts with a header, and then the samples follow. Sentence by sentence.';
    const r = await stream({ text });
    assert.equal(r.status, 200);
    assert.equal(r.contentType, 'audio/wav');
    const bytes = joined(r);
    assert.equal(bytes.toString('latin1', 0, 4), 'RIFF');
    assert.equal(bytes.readUInt32LE(4), 0xffffffff);
    assert.equal(bytes.toString('latin1', 8, 16), 'WAVEfmt ');
    assert.deepEqual([bytes.readUInt32LE(16), bytes.readUInt16LE(20), bytes.readUInt16LE(22), bytes.readUInt32LE(24), bytes.readUInt32LE(28), bytes.readUInt16LE(32), bytes.readUInt16LE(34)], [16, 1, 1, 32000, 64000, 2, 16]);
    assert.equal(bytes.toString('latin1', 36, 40), 'data');
    assert.equal(bytes.readUInt32LE(40), 0xffffffff);
    const pcmBytes = bytes.length - 44;
    assert.equal(pcmBytes % 2, 0);
    // The same speech as a file answer, at another rate: the same length.
    const file = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: olivia, model: 'ssfm-v30', text } });
    const fileSeconds = Number(file.headers.get('x-audio-duration'));
    await file.arrayBuffer();
    const streamSeconds = pcmBytes / 2 / 32000;
    assert.ok(Math.abs(streamSeconds - fileSeconds) < 0.02, `stream ${streamSeconds} s, file ${fileSeconds} s`);
  });

  it('sentences that share one engine call in the file answer are set apart there as in the stream: the same pause, the same length', async () => {
    // Short: the file answer speaks both sentences in one engine call (group-sentences.ts).
    const text = 'Good morning. The train leaves from platform four in ten minutes.';
    const r = await stream({ text });
    const streamSeconds = (joined(r).length - 44) / 2 / 32000;
    const file = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: olivia, model: 'ssfm-v30', text } });
    const pcm = decodeWav(new Uint8Array(await file.arrayBuffer()));
    // The engine's own pause gave way to the pipeline's: 0.3 s of silence (its middle exact zeros once resampled).
    assert.equal(splitAtSilence(pcm.samples, Math.round(0.25 * pcm.sampleRate)).length, 2);
    const fileSeconds = pcm.samples.length / pcm.sampleRate;
    assert.ok(Math.abs(streamSeconds - fileSeconds) < 0.06, `stream ${streamSeconds} s, file ${fileSeconds} s`);
  });

  it('sends the first audio long before a long text is synthesized', async (t) => {
    const text = englishText(2000);
    assert.ok(text.length > 1900 && text.length <= 2000);
    const r = await stream({ text });
    assert.equal(r.status, 200);
    const first = r.chunks[0].at - r.started;
    const total = r.ended - r.started;
    assert.ok(r.chunks.length >= 10, `${r.chunks.length} chunks`);
    assert.ok(r.chunks[0].bytes.length > 44, 'the first chunk carries audio, not only the header');
    t.diagnostic(`2000 chars: first chunk ${first.toFixed(0)} ms, last ${total.toFixed(0)} ms, ${r.chunks.length} chunks`);
    assert.ok(first < total / 4, `first chunk after ${first.toFixed(0)} ms, last after ${total.toFixed(0)} ms`);
  });

  it('MP3: whole frames per chunk at 32000 Hz, decodable as one stream', async () => {
    const r = await stream({ text: 'First sentence of an MP3 stream. Second sentence. And a third one to finish.', output: { audio_format: 'mp3' } });
    assert.equal(r.status, 200);
    assert.equal(r.contentType, 'audio/mp3');
    // Chunks may be re-split by TCP; frames are whole when the bytes are walked from the start.
    const bytes = joined(r);
    let at = 0;
    let frames = 0;
    while (at < bytes.length) {
      const frame = parseMpegFrameHeader(bytes, at);
      assert.ok(frame, `a frame header at byte ${at}`);
      assert.equal(frame.sampleRate, 32000);
      at += frame.frameBytes;
      frames++;
    }
    assert.equal(at, bytes.length, 'ends on a frame boundary');
    const pcm = await decodeMp3(bytes);
    assert.ok(pcm.samples.length / pcm.sampleRate > 3, `${frames} frames`);
  });

  it('MP3 chunks from separate encoders line up with the WAV stream: the same waveform, shifted by the encoder delay once', async () => {
    const text = 'Every sentence is encoded on its own. The pauses absorb the encoder delay and padding. So nothing drifts.';
    const wav = await stream({ text });
    const mp3 = await stream({ text, output: { audio_format: 'mp3' } });
    assert.equal(mp3.chunks.length >= 1, true);
    const reference = pcmOfWavStream(joined(wav));
    const decoded = await decodeMp3(joined(mp3));
    const extra = decoded.samples.length - reference.length - lameEncoderDelay;
    assert.ok(extra >= 0 && extra < 1152, `decoded ${decoded.samples.length} samples, WAV ${reference.length}`);
    // Sentence by sentence (split at the digital silence of the pauses), the waveforms match at lag 1105.
    const sentences = splitAtSilence(reference, 32000 * 0.2);
    assert.equal(sentences.length, 3);
    for (const [from, to] of sentences) {
      const r = correlation(reference.subarray(from, to), decoded.samples.subarray(from + lameEncoderDelay, to + lameEncoderDelay));
      assert.ok(r > 0.97, `sentence at ${(from / 32000).toFixed(2)} s correlates ${r.toFixed(3)}`);
    }
  });

  it('target_lufs brings every sentence to the target, in WAV and MP3', async () => {
    const text = 'A quiet first sentence that stays calm. THEN A LOUD ONE, SHOUTED WITH ALL THE ENERGY IN THE WORLD! And a last one.';
    const wav = await stream({ text, output: { target_lufs: -20 } });
    assert.equal(wav.status, 200);
    const samples = pcmOfWavStream(joined(wav));
    const sentences = splitAtSilence(samples, 32000 * 0.2);
    assert.equal(sentences.length, 3);
    for (const [from, to] of sentences) {
      const lufs = measureLoudness({ samples: samples.subarray(from, to), sampleRate: 32000 });
      assert.ok(Math.abs(lufs + 20) < 0.5, `sentence at ${(from / 32000).toFixed(2)} s: ${lufs.toFixed(2)} LUFS`);
    }
    const mp3 = await stream({ text, output: { target_lufs: -20, audio_format: 'mp3' } });
    const decoded = await decodeMp3(joined(mp3));
    const whole = measureLoudness(decoded);
    assert.ok(Math.abs(whole + 20) < 1, `MP3 stream: ${whole.toFixed(2)} LUFS`);
  });

  it('carries X-Audio-Duration as a trailer', async () => {
    const url = new URL('/v1/text-to-speech/stream', api.server.url);
    const body = JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', text: 'A trailer tells the length.' });
    const { trailers, bytes } = await new Promise<{ trailers: NodeJS.Dict<string>; bytes: number }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'x-api-key': api.apiKey, 'content-type': 'application/json', te: 'trailers' } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve({ trailers: res.trailers, bytes: n }));
        res.on('error', reject);
      });
      req.end(body);
    });
    assert.ok(Math.abs(Number(trailers['x-audio-duration']) - (bytes - 44) / 64000) < 0.002, JSON.stringify(trailers));
  });

  it('reports errors before the first byte as ordinary answers', async () => {
    let r = await stream({ voice_id: 'tc_ffffffffffffffffffffffff', text: 'Nobody speaks.' });
    assert.equal(r.status, 404);
    assert.ok(JSON.parse(joined(r).toString()).detail);
    r = await stream({ text: '?!' });
    assert.equal(r.status, 422);
    assert.equal(JSON.parse(joined(r).toString()).error_code, 'TEXT_NOT_SYNTHESIZABLE');
    r = await stream({ text: 'x', output: { audio_format: 'flac' } });
    assert.equal(r.status, 422);
  });
});
