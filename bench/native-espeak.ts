/**
 * `npm run bench -- native` (issue 33): Orator's eSpeak NG (the WebAssembly build in
 * vendor/espeak-ng) against Debian's native `espeak-ng` binary on the same text, voice and rate,
 * interleaved: the engine alone (target ≤ 1.5×) and a whole POST /v1/text-to-speech (WAV, the
 * eSpeak tier, target ≤ 2.0×), on 100, 600 and 2,000 characters of English, Korean and Japanese.
 * The binary writes a WAV file (`-w`); its own start, measured on an empty text, is subtracted.
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
const runs = 7;

const ms = (n: number) => `${n.toFixed(0)} ms`;

function nativeVersion(): string | undefined {
  const run = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().split(' ')[3] : undefined;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Medians of `a` and `b` timed alternately (ABBA), so load on the machine hits both alike. */
async function interleaved(a: () => Promise<unknown> | unknown, b: () => Promise<unknown> | unknown): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) times[k].push(await timed([a, b][k]));
  }
  return [median(times[0]), median(times[1])];
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
  const engine = new EspeakEngine();
  const server = await startBenchServer('native');
  try {
    const engineRows: BenchRow[] = [];
    const httpRows: BenchRow[] = [];
    for (const language of languages) {
      const start = median(await Promise.all([0, 1, 2, 3, 4].map(() => timed(native(language.voice, '')))));
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
        const [oratorMs, binaryMs] = await interleaved(orator, binary);
        const binaryWork = Math.max(1, binaryMs - start);
        engineRows.push(
          atMost(`engine alone / espeak-ng -w, ${language.code}, ${length} chars`, oratorMs / binaryWork, 1.5, {
            detail: `${ms(oratorMs)} / (${ms(binaryMs)} − start ${ms(start)})`,
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
        const [httpMs, binaryAgainMs] = await interleaved(http, binary);
        httpRows.push(
          atMost(`HTTP WAV / espeak-ng -w, ${language.code}, ${length} chars`, httpMs / Math.max(1, binaryAgainMs - start), 2.0, {
            detail: `${ms(httpMs)} / (${ms(binaryAgainMs)} − start ${ms(start)})`,
          }),
        );
      }
    }
    return [
      { title: `eSpeak NG engine alone (vendor/espeak-ng 1.52.0, WebAssembly) against native espeak-ng ${version}, medians of ${runs} interleaved`, rows: engineRows },
      { title: `POST /v1/text-to-speech (WAV, eSpeak tier, in-process server) against native espeak-ng ${version}`, rows: httpRows },
    ];
  } finally {
    await engine.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
