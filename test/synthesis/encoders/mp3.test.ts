import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMp3StreamEncoder, defaultMp3Bitrate, encodeMp3 } from '../../../src/synthesis/encoders/mp3.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { parseMpegFrameHeader } from '../../../src/synthesis/decoders/mpeg-frame-header.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { speechLike } from '../signals.js';

// Nothing may be downloaded at run time: every WASM module here must come from node_modules. Any
// fetch (including of a data: URL, which the encoder package would use by default) is recorded.
const fetched: string[] = [];
globalThis.fetch = (async (input: unknown) => {
  fetched.push(String(input).slice(0, 40));
  throw new Error('fetch is not allowed in this test');
}) as typeof fetch;

/** Walks the frames; returns their headers, and fails on anything between or after them. */
function frames(bytes: Uint8Array): NonNullable<ReturnType<typeof parseMpegFrameHeader>>[] {
  const headers = [];
  for (let at = 0; at < bytes.length; ) {
    const header = parseMpegFrameHeader(bytes, at);
    assert.ok(header, `no frame header at byte ${at} of ${bytes.length}`);
    assert.ok(at + header.frameBytes <= bytes.length, 'last frame incomplete');
    headers.push(header);
    at += header.frameBytes;
  }
  return headers;
}

/** LAME's encoder delay plus mpg123's decoder delay, which a bare MP3 (no LAME tag) keeps. */
const codecDelay = 1105;

for (const [rate, seconds] of [[44100, 3], [32000, 2], [22050, 2], [16000, 2]] as const) {
  test(`MP3 at ${rate} Hz, ${defaultMp3Bitrate(rate)} kbps CBR mono: decodes to the same rate, length and pitch`, async () => {
    const speech = speechLike({ sampleRate: rate, seconds, f0: 150 });
    const mp3 = await encodeMp3(speech);
    const headers = frames(mp3);
    assert.ok(headers.every((h) => h.layer === 3 && h.sampleRate === rate && h.channels === 1 && h.bitrateKbps === defaultMp3Bitrate(rate)));
    // Constant bitrate: the size follows from the bitrate and the number of frames.
    const expectedBytes = (headers.length * headers[0].samplesPerFrame * defaultMp3Bitrate(rate) * 1000) / 8 / rate;
    assert.ok(Math.abs(mp3.length - expectedBytes) <= headers.length, `${mp3.length} bytes vs ${expectedBytes}`);

    const decoded = await decodeMp3(mp3);
    assert.equal(decoded.sampleRate, rate);
    const extra = decoded.samples.length - speech.samples.length;
    assert.ok(extra >= 0 && extra <= codecDelay + headers[0].samplesPerFrame, `${extra} extra samples`);

    // The audio itself survives: same pitch, and after removing the codec delay the waveform matches.
    const f0In = (await f0Stats(speech)).median;
    const f0Out = (await f0Stats(decoded)).median;
    assert.ok(Math.abs(f0Out / f0In - 1) < 0.01, `F0 ${f0In} → ${f0Out}`);
    let signal = 0;
    let noise = 0;
    for (let i = 0; i < speech.samples.length; i++) {
      signal += speech.samples[i] ** 2;
      noise += (decoded.samples[i + codecDelay] - speech.samples[i]) ** 2;
    }
    assert.ok(10 * Math.log10(signal / noise) > 15, `SNR ${10 * Math.log10(signal / noise)} dB`);
  });
}

test('the stream encoder returns whole frames per chunk and the same bytes as one call', async () => {
  const speech = speechLike({ sampleRate: 44100, seconds: 2 });
  const whole = await encodeMp3(speech);
  const encoder = await createMp3StreamEncoder(44100);
  const chunks: Uint8Array[] = [];
  for (const [from, to] of [[0, 100], [100, 5000], [5000, 5001], [5001, 40000], [40000, speech.samples.length]]) {
    chunks.push(encoder.encode(speech.samples.subarray(from, to)));
  }
  chunks.push(encoder.finish());
  for (const chunk of chunks) frames(chunk); // each one starts and ends on a frame boundary
  assert.ok(chunks.filter((c) => c.length > 0).length >= 3);
  assert.deepEqual(Buffer.concat(chunks), Buffer.from(whole));
  assert.throws(() => encoder.encode(new Float32Array(10)));
});

test('bitrates are checked against the MPEG version of the rate; unsupported rates are refused', async () => {
  const pcm = { samples: new Float32Array(16000), sampleRate: 16000 };
  const low = await encodeMp3(pcm, { bitrate: 64 });
  assert.ok(frames(low).every((h) => h.bitrateKbps === 64 && h.version === 2));
  await assert.rejects(encodeMp3(pcm, { bitrate: 320 }), RangeError);
  await assert.rejects(encodeMp3({ samples: new Float32Array(100), sampleRate: 44000 }), RangeError);
  await assert.rejects(encodeMp3({ samples: new Float32Array(100), sampleRate: 44100 }, { bitrate: 100 }), RangeError);
});

test('silence and very short input still make a valid MP3', async () => {
  const mp3 = await encodeMp3({ samples: new Float32Array(10), sampleRate: 44100 });
  assert.ok(frames(mp3).length >= 1);
  const empty = await encodeMp3({ samples: new Float32Array(0), sampleRate: 22050 });
  frames(empty);
});

test('no WASM was fetched: encoder and decoder loaded from node_modules', () => {
  assert.deepEqual(fetched, []);
});
