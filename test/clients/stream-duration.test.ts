import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../src/synthesis/decoders/mp3.js';
import { englishText, openCurrentApi, type CurrentApi } from '../http/current/current-api.js';
import { ffmpegSeconds } from '../synthesis/ffmpeg-decode.js';

/** A stream read to its end, with its trailers (asked for with `TE: trailers`). */
function readStream(api: CurrentApi, body: unknown): Promise<{ status: number; type: string; bytes: Buffer; trailer: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${api.server.url}/v1/text-to-speech/stream`, { method: 'POST', headers: { 'x-api-key': api.apiKey, 'content-type': 'application/json', te: 'trailers' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), bytes: Buffer.concat(parts), trailer: Number(res.trailers['x-audio-duration']) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Seconds of a WAV stream: 44-byte header with unknown sizes, then PCM 16-bit mono at 32 kHz. */
const wavStreamSeconds = (bytes: Buffer) => (bytes.length - 44) / 2 / 32000;

/**
 * The X-Audio-Duration trailer of a stream is the length of the audio a client decodes, for every
 * format and loudness option, one sentence or many (±0.05 s).
 */
describe('stream X-Audio-Duration trailer against the decoded duration', () => {
  let api: CurrentApi;
  let voice: string;
  before(async () => {
    api = await openCurrentApi('plus');
    voice = await api.voiceId('Olivia');
  });
  after(() => api.close());

  // Streams have no volume: their loudness options are none and target_lufs.
  const texts: [string, string, object, number][] = [
    ['one sentence', 'Just one sentence to stream.', {}, 1],
    ['ten sentences at tempo 1.2', englishText(600), { audio_tempo: 1.2 }, 20],
    ['a minute and more at tempo 0.9', englishText(1500), { audio_tempo: 0.9 }, 60],
  ];
  const loudness: Record<string, object> = { default: {}, 'target_lufs -14': { target_lufs: -14 }, 'target_lufs -30': { target_lufs: -30 } };
  for (const format of ['wav', 'mp3'] as const) {
    for (const [option, output] of Object.entries(loudness)) {
      it(`${format}, ${option}`, async () => {
        for (const [kind, text, tempo, atLeast] of texts) {
          // The long text (the 90 s MP3 stream that reported 8.7) once per format, to keep the suite short.
          if (atLeast === 60 && option !== (format === 'mp3' ? 'default' : 'target_lufs -14')) continue;
          const res = await readStream(api, { voice_id: voice, model: 'ssfm-v30', text, output: { audio_format: format, ...output, ...tempo } });
          assert.equal(res.status, 200, res.bytes.toString());
          const decoded = format === 'wav' ? wavStreamSeconds(res.bytes) : (await decodeMp3(res.bytes)).samples.length / 32000;
          const byFfmpeg = await ffmpegSeconds(res.bytes, ['-f', format], 32000);
          const context = `${format} ${option} ${kind}: trailer ${res.trailer}, decoded ${decoded.toFixed(3)}, ffmpeg ${byFfmpeg.toFixed(3)}`;
          assert.ok(decoded > atLeast, context);
          assert.ok(Math.abs(res.trailer - decoded) <= 0.05, context);
          assert.ok(Math.abs(res.trailer - byFfmpeg) <= 0.05, context);
        }
      });
    }
  }
});
