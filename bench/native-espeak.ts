/**
 * `npm run bench -- native` (issue 33): Orator's eSpeak NG (the WebAssembly build in
 * vendor/espeak-ng) against Debian's native `espeak-ng` binary on the same text, voice and rate,
 * interleaved: the engine alone (target ≤ 1.5×) and a whole POST /v1/text-to-speech (WAV, the
 * eSpeak tier, target ≤ 2.0×), on 100, 600 and 2,000 characters of English, Korean and Japanese.
 * The binary writes a WAV file (`-w`); its own start, measured on an empty text, is subtracted.
 * The HTTP rows compare what a client gets (44.1 kHz WAV through a socket, the interface's only
 * rate) with the binary's 22.05 kHz file; the "like for like" rows put the binary's output through
 * ffmpeg to 44.1 kHz as well (`espeak-ng --stdout | ffmpeg -ar 44100`, the pipe's start on an empty
 * text subtracted), when ffmpeg is there. Last, 600-character syntheses per second at 8 clients,
 * beside the figure recorded for the npm build before issue 33.
 * Without the binary the rows say so and are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultVoiceFor } from '../src/synthesis/catalog/find-voice.js';
import { EspeakEngine } from '../src/synthesis/engines/espeak/espeak-engine.js';
import type { EngineRequest } from '../src/synthesis/engines/engine.js';
import { startBenchServer } from './in-process-server.js';
import { atMost, median, type BenchRow, type BenchSection } from './sections.js';
import { englishText, japaneseText, koreanText } from './texts.js';

const languages = [
  { code: 'eng', voice: 'en-us', text: englishText },
  { code: 'kor', voice: 'ko', text: koreanText },
  { code: 'jpn', voice: 'ja', text: japaneseText },
];
const lengths = [100, 600, 2000];
/** Olivia's variant (the catalog's eSpeak voices are language voice + variant). */
const variant = 'f3';
const runs = 9;

/**
 * 600-character English requests (WAV) per second at 8 clients with `@echogarden/espeak-ng-emscripten`
 * 0.3.5, measured on 2026-11-28 at b4ef699 (a checkout of its own, each server in its own
 * process, both loaded by one script in alternating 6-second bursts, load 4–9 on 2 cores): median
 * of 4 bursts. The WebAssembly build as merged (73447ac), in the same run: 10.56/s.
 */
const npmBuildThroughput = { perSecond: 4.86, commit: 'b4ef699', date: '2026-11-28' };
const loadClients = 8;
const loadSeconds = 6;
const loadBursts = 3;

const ms = (n: number) => `${n.toFixed(0)} ms`;

function ffmpegFound(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

function nativeVersion(): string | undefined {
  const run = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().split(' ')[3] : undefined;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * Orator's `subject` against the binary's own work, interleaved: each round times the subject,
 * the binary on the text and the binary on an empty text (its start), in ABBA order, and the
 * binary's work is the median of the paired differences (text − empty of the same round): on a
 * loaded machine a process start moves by tens of milliseconds from one second to the next.
 * `settle` runs after each step, untimed: the HTTP rows let the answer's store into the response
 * cache (made behind the response) land there, as it does on a server between requests, instead
 * of inside the next step (the binary's execFileSync holds the event loop meanwhile). The store's
 * CPU still counts in the throughput row.
 */
async function againstBinary(subject: () => Promise<unknown>, binary: () => unknown, start: () => unknown, settle?: () => Promise<void>): Promise<{ subjectMs: number; binaryMs: number; startMs: number }> {
  const subjectTimes: number[] = [];
  const differences: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < runs; i++) {
    let binaryTime = 0;
    let startTime = 0;
    const steps = [async () => subjectTimes.push(await timed(subject)), async () => (binaryTime = await timed(binary)), async () => (startTime = await timed(start))];
    for (const step of i % 2 === 0 ? steps : [...steps].reverse()) {
      await step();
      await settle?.();
    }
    differences.push(binaryTime - startTime);
    starts.push(startTime);
  }
  return { subjectMs: median(subjectTimes), binaryMs: Math.max(1, median(differences)), startMs: median(starts) };
}

/** Requests per second with `loadClients` requests always in flight: the median of a few bursts. */
async function syntheses600PerSecond(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<number> {
  const text = englishText(600);
  let n = 0;
  const once = async () => {
    const numbered = `${++n} ${text}`.slice(0, text.length);
    const res = await fetch(`${server.url}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: server.olivia, model: 'ssfm-v21', text: numbered, language: 'eng', output: { audio_format: 'wav' } }),
    });
    if (res.status !== 200) throw new Error(`POST /v1/text-to-speech ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < loadClients; i++) await once();
  const rates: number[] = [];
  for (let burst = 0; burst < loadBursts; burst++) {
    const start = performance.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: loadClients }, async () => {
        while (performance.now() - start < loadSeconds * 1000) {
          await once();
          done++;
        }
      }),
    );
    rates.push((done / (performance.now() - start)) * 1000);
  }
  return median(rates);
}

export async function nativeEspeakSection(): Promise<BenchSection[]> {
  const version = nativeVersion();
  if (!version) {
    const skipped = { name: 'espeak-ng binary not found (apt-get install espeak-ng): rows skipped', value: 'skipped', target: '', ok: true };
    return [{ title: 'eSpeak NG against the native binary', rows: [skipped] }];
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-native-'));
  const wav = path.join(folder, 'out.wav');
  const native = (voice: string, text: string) => () => execFileSync('espeak-ng', ['-v', `${voice}+${variant}`, '-s', '175', '-w', wav, text], { stdio: 'ignore' });
  // The binary's WAV brought to the interface's rate: the text goes as an argument, not through the shell.
  const resampled = (voice: string, text: string) => () =>
    execFileSync('sh', ['-c', 'espeak-ng -v "$1" -s 175 --stdout "$2" | ffmpeg -v error -f wav -i - -ar 44100 -y "$3"', 'sh', `${voice}+${variant}`, text, wav], { stdio: 'ignore' });
  const withFfmpeg = ffmpegFound();
  const engine = new EspeakEngine();
  const server = await startBenchServer('native');
  const settleStores = () => server.services.speechCache.settled();
  try {
    const engineRows: BenchRow[] = [];
    const httpRows: BenchRow[] = [];
    const likeRows: BenchRow[] = [];
    for (const language of languages) {
      const start = native(language.voice, '');
      const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': server.apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
      const catalogName = defaultVoiceFor(language.code)?.name.eng;
      const voiceId = voices.find((v) => v.voice_name.eng === catalogName)?.voice_id;
      for (const length of lengths) {
        const text = language.text(length);
        const request: EngineRequest = {
          text,
          language: language.code,
          voice: { engine: 'espeak', id: language.voice, variant },
          prosody: { rate: 1, pitch: 0, range: 1, volume: 1 },
        };
        const orator = () => engine.synthesize(request);
        const binary = native(language.voice, text);
        for (let i = 0; i < 2; i++) {
          await orator();
          binary();
        }
        const alone = await againstBinary(orator, binary, start);
        engineRows.push(
          atMost(`engine alone / espeak-ng -w, ${language.code}, ${length} chars`, alone.subjectMs / alone.binaryMs, 1.5, {
            detail: `${ms(alone.subjectMs)} / ${ms(alone.binaryMs)} (binary's start ${ms(alone.startMs)} subtracted)`,
          }),
        );

        if (!voiceId) continue;
        // Each request a different text of the same length (a number in front), so the response cache never answers.
        let n = 0;
        const http = async () => {
          const numbered = `${++n} ${text}`.slice(0, text.length);
          const body = JSON.stringify({ voice_id: voiceId, model: 'ssfm-v21', text: numbered, language: language.code, output: { audio_format: 'wav' } });
          const res = await fetch(`${server.url}/v1/text-to-speech`, {
            method: 'POST',
            headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
            body,
          });
          if (res.status !== 200) throw new Error(`POST /v1/text-to-speech ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        };
        await http();
        const whole = await againstBinary(http, binary, start, settleStores);
        httpRows.push(
          atMost(`HTTP WAV / espeak-ng -w, ${language.code}, ${length} chars`, whole.subjectMs / whole.binaryMs, 2.0, {
            detail: `${ms(whole.subjectMs)} / ${ms(whole.binaryMs)} (binary's start ${ms(whole.startMs)} subtracted)`,
          }),
        );
        if (!withFfmpeg) continue;
        const like = await againstBinary(http, resampled(language.voice, text), resampled(language.voice, ''), settleStores);
        likeRows.push(
          atMost(`HTTP WAV / espeak-ng | ffmpeg -ar 44100, ${language.code}, ${length} chars`, like.subjectMs / like.binaryMs, 2.0, {
            detail: `${ms(like.subjectMs)} / ${ms(like.binaryMs)} (the pipe's start ${ms(like.startMs)} subtracted)`,
          }),
        );
      }
    }
    const throughput = await syntheses600PerSecond(server);
    return [
      { title: `eSpeak NG engine alone (vendor/espeak-ng 1.52.0, WebAssembly) against native espeak-ng ${version}, medians of ${runs} interleaved rounds`, rows: engineRows },
      { title: `POST /v1/text-to-speech (WAV, eSpeak tier, in-process server) against native espeak-ng ${version}`, rows: httpRows },
      {
        title: 'Like for like: the same requests against the binary\'s output resampled to 44.1 kHz by ffmpeg',
        rows: withFfmpeg ? likeRows : [{ name: 'ffmpeg not found: rows skipped', value: 'skipped', target: '', ok: true }],
      },
      {
        title: `600-character syntheses per second at ${loadClients} clients (POST /v1/text-to-speech, WAV, English)`,
        rows: [
          {
            name: `this build / the npm build (${npmBuildThroughput.perSecond}/s, recorded ${npmBuildThroughput.date} at ${npmBuildThroughput.commit})`,
            value: throughput / npmBuildThroughput.perSecond,
            target: '',
            ok: true,
            detail: `${throughput.toFixed(2)}/s, median of ${loadBursts} bursts of ${loadSeconds} s`,
          },
        ],
      },
    ];
  } finally {
    await engine.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
