/**
 * Where a 2,000-character request's time goes (docs/performance.md, issue 33): one English
 * request (Olivia, ssfm-v21, the eSpeak tier, WAV) through HTTP on an in-process server, against
 * its parts measured alone in the same run, interleaved: the pipeline without HTTP (Synthesizer
 * and a pool as the server has), the engine on each sentence one after another, the sentence
 * planning, resampling to 44.1 kHz and WAV encoding, storing the answer in the response cache (done
 * behind the response since issue 33), the answer's bytes alone through HTTP (a plain node:http
 * server sending them, fetch reading them), and the native espeak-ng binary on the text.
 * Run: npm run build && node dist/bench/request-anatomy.js
 */
import { execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { resample } from '../src/synthesis/dsp/resample.js';
import { encodeWavPcm16 } from '../src/synthesis/encoders/wav.js';
import { planSentences } from '../src/synthesis/pipeline/plan-sentences.js';
import { Synthesizer } from '../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../src/synthesis/pool/synthesis-pool.js';
import { startBenchServer } from './in-process-server.js';
import { plainEngineRequest, plainSpeechRequest } from './plain-speech.js';
import { median } from './sections.js';
import { printTable } from './table.js';
import { englishText } from './texts.js';

const text = englishText(2000);
const runs = 7;

async function timed(run: () => unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const server = await startBenchServer('anatomy');
const pool = new SynthesisPool(os.availableParallelism());
await pool.warmUp();
const synthesizer = new Synthesizer(pool);
const speech = plainSpeechRequest(text, 'eng-olivia', 'ssfm-v21');
const { engine, request } = plainEngineRequest(text, 'eng-olivia', 'ssfm-v21');
const plans = planSentences(text, 'eng');
const whole = await engine.synthesize(request);
const answer = await synthesizer.synthesize(speech);
const bytesServer = http.createServer((_req, res) => res.end(answer.audio));
await new Promise<void>((resolve) => bytesServer.listen(0, '127.0.0.1', resolve));
const bytesUrl = `http://127.0.0.1:${(bytesServer.address() as AddressInfo).port}/`;
let stored = 0;

let n = 0;
const parts: [string, () => unknown][] = [
  [
    'POST /v1/text-to-speech, WAV (socket to last byte)',
    async () => {
      const numbered = `${++n} ${text}`.slice(0, text.length);
      const res = await fetch(`${server.url}/v1/text-to-speech`, {
        method: 'POST',
        headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ voice_id: server.olivia, model: 'ssfm-v21', text: numbered, language: 'eng', output: { audio_format: 'wav' } }),
      });
      await res.arrayBuffer();
    },
  ],
  [`pipeline alone (Synthesizer, pool of ${pool.threads})`, () => synthesizer.synthesize(speech)],
  [
    `engine on each of the ${plans.length} sentences, one after another`,
    async () => {
      for (const plan of plans) await engine.synthesize({ ...request, text: plan.spoken });
    },
  ],
  ['engine on the whole text in one call', () => engine.synthesize(request)],
  ['sentence planning (segment, normalize)', () => planSentences(text, 'eng')],
  ['resample 22.05 → 44.1 kHz and WAV encode (one thread)', async () => encodeWavPcm16(await resample(whole, 44100))],
  [`storing the ${(answer.audio.length / 1e6).toFixed(1)} MB answer in the response cache`, () => server.services.speechCache.put(`anatomy-${++stored}`.padEnd(64, '0'), answer)],
  ['the same bytes alone through HTTP (node:http → fetch)', async () => (await fetch(bytesUrl)).arrayBuffer()],
];
const nativeFound = spawnSync('espeak-ng', ['--version']).status === 0;
if (nativeFound) {
  parts.push(['native espeak-ng -w (whole process)', () => execFileSync('espeak-ng', ['-v', 'en-us+f3', '-w', '/dev/null', text], { stdio: 'ignore' })]);
  parts.push(['native espeak-ng -w on an empty text (its start)', () => execFileSync('espeak-ng', ['-v', 'en-us+f3', '-w', '/dev/null', ''], { stdio: 'ignore' })]);
}

for (const [, run] of parts) for (let i = 0; i < 2; i++) await run();
const times = parts.map(() => [] as number[]);
for (let round = 0; round < runs; round++) {
  const order = round % 2 === 0 ? parts.map((_, i) => i) : parts.map((_, i) => parts.length - 1 - i);
  for (const i of order) times[i].push(await timed(parts[i][1]));
}
printTable(
  `A 2,000-character English request (${(whole.samples.length / whole.sampleRate).toFixed(1)} s of speech), medians of ${runs} interleaved; load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
  ['part', 'ms'],
  parts.map(([name], i) => [name, median(times[i]).toFixed(0)]),
);
bytesServer.close();
await pool.close();
await server.close();
process.exit(0);
