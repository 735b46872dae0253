/**
 * Synthesis benchmark (issue 2): engine real-time factors per language, cold starts and peak RSS;
 * the whole pipeline against the engine alone; pool throughput on one thread against all cores.
 * Run: npm run bench:synthesis [-- engines|pipeline|throughput]   (prints tables; a few minutes on 2 cores)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { listBuiltinVoices } from '../src/synthesis/catalog/catalog.js';
import { previewTexts } from '../src/synthesis/catalog/preview-texts.js';
import type { Engine, EngineRequest } from '../src/synthesis/engines/engine.js';
import { EspeakEngine } from '../src/synthesis/engines/espeak/espeak-engine.js';
import { espeakVoiceFor } from '../src/synthesis/engines/espeak/languages.js';
import { FliteEngine } from '../src/synthesis/engines/flite/flite-engine.js';
import { Synthesizer } from '../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../src/synthesis/pool/synthesis-pool.js';
import { languageCodes } from '../src/synthesis/text/languages.js';
import { plainEngineRequest, plainSpeechRequest } from './plain-speech.js';
import { fixed, printTable } from './table.js';
import { english300 } from './texts.js';

/** About 300 characters of natural text in a language: its preview sentence repeated. */
export function textOf300(language: string): string {
  const sentence = previewTexts[language] ?? previewTexts.eng;
  let text = sentence;
  while (text.length < 300) text += ` ${sentence}`;
  return text;
}


async function timeIt<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

async function median(runs: number, run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function engineTable(): Promise<void> {
  const rows: (string | number)[][] = [];
  const espeakCold = await timeIt(async () => {
    const engine = new EspeakEngine();
    await engine.synthesize(request('eng', 'ready'));
    return engine;
  });
  const espeak: Engine = espeakCold.value;
  for (const language of languageCodes) {
    const text = textOf300(language);
    const first = await espeak.synthesize(request(language, text));
    const audio = first.samples.length / first.sampleRate;
    const ms = await median(3, async () => (await timeIt(() => espeak.synthesize(request(language, text)))).ms);
    rows.push(['espeak', language, text.length, fixed(audio, 2), fixed(ms, 0), fixed(ms / 1000 / audio, 4)]);
  }
  const fliteCold = await timeIt(async () => {
    const engine = new FliteEngine();
    await engine.synthesize({ ...request('eng', 'ready'), voice: { engine: 'flite', id: 'slt' } });
    return engine;
  });
  for (const voice of ['slt', 'kal16', 'awb', 'rms']) {
    const req: EngineRequest = { ...request('eng', english300), voice: { engine: 'flite', id: voice } };
    const first = await fliteCold.value.synthesize(req);
    const audio = first.samples.length / first.sampleRate;
    const ms = await median(3, async () => (await timeIt(() => fliteCold.value.synthesize(req))).ms);
    rows.push([`flite/${voice}`, 'eng', english300.length, fixed(audio, 2), fixed(ms, 0), fixed(ms / 1000 / audio, 4)]);
  }
  await fliteCold.value.close?.();
  printTable('Engine real-time factor (300 characters, one thread, warm; RTF = compute time / audio time)', ['engine', 'lang', 'chars', 'audio s', 'ms', 'RTF'], rows);
  printTable('Cold start (first synthesis of a fresh engine, including WASM load)', ['engine', 'ms'], [
    ['espeak', fixed(espeakCold.ms, 0)],
    ['flite (host thread)', fixed(fliteCold.ms, 0)],
  ]);
}

function request(language: string, text: string): EngineRequest {
  return { text, language, voice: { engine: 'espeak', id: espeakVoiceFor(language)!, variant: 'f3' }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } };
}

async function pipelineTable(): Promise<void> {
  const rows: (string | number)[][] = [];
  const cases: [string, string, 'ssfm-v21' | 'ssfm-v30', string][] = [
    ['espeak', 'eng-olivia', 'ssfm-v21', english300],
    ['flite', 'eng-olivia', 'ssfm-v30', english300],
    ['espeak', 'kor-jiyoon', 'ssfm-v21', textOf300('kor')],
  ];
  const espeak = new EspeakEngine();
  const flite = new FliteEngine();
  for (const threads of [1, os.availableParallelism()]) {
    const pool = new SynthesisPool(threads);
    const synthesizer = new Synthesizer(pool);
    await pool.warmUp();
    for (const [engineName, slug, model, text] of cases) {
      const req = plainSpeechRequest(text, slug, model);
      const engineRequest = plainEngineRequest(text, slug, model).request;
      const engine = engineName === 'flite' ? flite : espeak;
      for (let i = 0; i < 8; i++) await engine.synthesize(engineRequest);
      await Promise.all(Array.from({ length: 8 * threads }, () => synthesizer.synthesize(req)));
      const engineMs = await median(5, async () => (await timeIt(() => engine.synthesize(engineRequest))).ms);
      const pipelineMs = await median(5, async () => (await timeIt(() => synthesizer.synthesize(req))).ms);
      rows.push([`${engineName} ${slug}`, threads, fixed(engineMs, 0), fixed(pipelineMs, 0), fixed(pipelineMs / engineMs, 2)]);
    }
    await pool.close();
  }
  await flite.close();
  printTable(
    'Whole pipeline (WAV 44.1 kHz: normalize, sentences, engine, trim, resample, encode) vs the engine alone on the same text; target ratio ≤ 1.15',
    ['case', 'pool threads', 'engine ms', 'pipeline ms', 'ratio'],
    rows,
  );
}

const throughputRequests = 24;

/** One measurement in this process: requests per second through a pool of `threads`. */
async function measureThroughput(threads: number): Promise<number> {
  const pool = new SynthesisPool(threads);
  const synthesizer = new Synthesizer(pool);
  await pool.warmUp();
  const req = plainSpeechRequest(english300, 'eng-james', 'ssfm-v21');
  // V8 tiers the engine's code up in background threads during the first calls; measure after.
  await Promise.all(Array.from({ length: 8 * threads }, () => synthesizer.synthesize(req)));
  const { ms } = await timeIt(() => Promise.all(Array.from({ length: throughputRequests }, () => synthesizer.synthesize(req))));
  await pool.close();
  return throughputRequests / (ms / 1000);
}

/**
 * "1 core" is the whole process pinned to one CPU with taskset (the event loop and one pool
 * thread share it), against the process free on every core with one pool thread per core.
 */
async function throughputTable(): Promise<void> {
  const cores = os.availableParallelism();
  const child = (pin: boolean, threads: number) => {
    const args = [fileURLToPath(import.meta.url), 'throughput-run', String(threads)];
    const [command, argv] = pin ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
    return Number(execFileSync(command, argv as string[], { encoding: 'utf8' }).trim().split('\n').at(-1));
  };
  const single = child(true, 1);
  const all = child(false, cores);
  const unpinnedOne = child(false, 1);
  printTable(`Pool throughput, ${throughputRequests} concurrent 300-character requests (eSpeak); target ≥ 1.8× on 2 cores`, ['setup', 'requests/s', 'vs 1 core'], [
    ['1 core (taskset), 1 pool thread', fixed(single, 2), '1.00'],
    [`${cores} cores, ${cores} pool threads`, fixed(all, 2), fixed(all / single, 2)],
    [`${cores} cores, 1 pool thread (event loop on its own core)`, fixed(unpinnedOne, 2), fixed(unpinnedOne / single, 2)],
  ]);
}

// `node dist/bench/synthesis.js [engines] [pipeline] [throughput]` runs only the tables named.
if (process.argv[2] === 'throughput-run') {
  console.log(await measureThroughput(Number(process.argv[3])));
  process.exit(0);
}
const wanted = new Set(process.argv.slice(2));
const runs = (name: string) => wanted.size === 0 || wanted.has(name);
if (runs('engines')) await engineTable();
if (runs('pipeline')) await pipelineTable();
if (runs('throughput')) await throughputTable();
printTable('Memory', ['measure', 'MB'], [['peak RSS of this process (engines in-process + pool threads)', fixed(process.resourceUsage().maxRSS / 1024, 0)]]);
