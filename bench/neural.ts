/**
 * Neural path benchmark (`npm run bench:neural`).
 *
 * 1. Pipeline overhead on the tiny Piper-signature model the tests build: a whole request through
 *    the synthesis pool (eSpeak phonemes, Piper ids, model, DSP to 44.1 kHz, WAV) against the model
 *    calls alone for the same ids, measured in the same run. The model here is nearly free, so the
 *    ratio bounds what Orator adds around any model.
 * 2. Every real model in MODELS_DIR (if set): real-time factor, first audio in streaming, and the
 *    memory one loaded model takes (RSS growth when its session loads).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { configureEngines } from '../src/synthesis/engines/engine-settings.js';
import { loadEspeakRuntime } from '../src/synthesis/engines/espeak/espeak-runtime.js';
import { installedModels } from '../src/synthesis/engines/piper/piper-catalog.js';
import { readPiperConfig } from '../src/synthesis/engines/piper/piper-config.js';
import { PiperModel } from '../src/synthesis/engines/piper/piper-model.js';
import { phonemeIds, piperPhonemes } from '../src/synthesis/engines/piper/piper-phonemes.js';
import { defaultOutput, type SpeechRequest } from '../src/synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../src/synthesis/pool/synthesis-pool.js';
import { buildTinyModel, tinyModelConfig } from '../test/synthesis/engines/piper/tiny-model.js';
import { fixed, printTable } from './table.js';
import { english300 } from './texts.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

function request(model: string, text: string, speaker = 0): SpeechRequest {
  return {
    text,
    language: 'eng',
    render: () => ({ voice: { engine: 'piper', id: 'bench', model, speaker }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } }),
    output: { ...defaultOutput, format: 'wav', sampleRate: 44100 },
  };
}

/** The model calls alone for a text: ids made beforehand, only `infer` timed. */
async function modelOnlyMs(onnx: string, text: string): Promise<number> {
  const config = readPiperConfig(`${onnx}.json`);
  const model = await PiperModel.load(onnx, config);
  const runtime = await loadEspeakRuntime();
  const sentences = piperPhonemes(text, (clause) => runtime.phonemize(config.espeakVoice, clause)).map((s) => phonemeIds(s.phonemes, config.phonemeIdMap).ids);
  const scales = { noise: config.noiseScale, length: config.lengthScale, noiseW: config.noiseW };
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    for (const ids of sentences) await model.infer(ids, scales, 0);
    times.push(performance.now() - start);
  }
  await model.release();
  return median(times.slice(2));
}

async function wholeMs(synthesizer: Synthesizer, onnx: string, text: string): Promise<{ ms: number; seconds: number }> {
  const times: number[] = [];
  let seconds = 0;
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    seconds = (await synthesizer.synthesize(request(onnx, text))).duration;
    times.push(performance.now() - start);
  }
  return { ms: median(times.slice(2)), seconds };
}

async function firstAudioMs(synthesizer: Synthesizer, onnx: string, text: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const stop = new AbortController();
    for await (const _ of synthesizer.sentences(request(onnx, text), { signal: stop.signal })) {
      times.push(performance.now() - start);
      stop.abort();
      break;
    }
  }
  return median(times.slice(1));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-models-'));
  const tiny = path.join(dir, 'en_US-tiny-x_low.onnx');
  writeFileSync(tiny, buildTinyModel());
  writeFileSync(`${tiny}.json`, JSON.stringify(tinyModelConfig()));
  const pool = new SynthesisPool(1);
  const synthesizer = new Synthesizer(pool);
  try {
    const text = english300;
    await synthesizer.synthesize(request(tiny, 'Warm up.'));
    const model = await modelOnlyMs(tiny, text);
    const whole = await wholeMs(synthesizer, tiny, text);
    printTable('Neural pipeline overhead, tiny model, one thread (300-character English paragraph)', ['path', 'ms', 'ratio'], [
      ['model calls alone (yardstick)', fixed(model, 1), '1.00'],
      ['whole request: phonemes + ids + model + DSP + WAV', fixed(whole.ms, 1), fixed(whole.ms / model, 2)],
    ]);

    const modelsDir = process.env.MODELS_DIR;
    const real = modelsDir ? installedModels(modelsDir).filter((m) => m.problem === null && m.language === 'eng') : [];
    if (real.length === 0) {
      console.log('\nNo English Piper voice in MODELS_DIR: real-model rows skipped (see docs/voices.md to install one).');
      return;
    }
    configureEngines({ modelsDir: modelsDir! });
    const rows: (string | number)[][] = [];
    for (const m of real) {
      const before = process.memoryUsage().rss;
      const loaded = await PiperModel.load(m.onnxPath, m.config!);
      const memory = (process.memoryUsage().rss - before) / 1024 / 1024;
      await loaded.release();
      await synthesizer.synthesize(request(m.onnxPath, 'Warm up.'));
      const timed = await wholeMs(synthesizer, m.onnxPath, text);
      const first = await firstAudioMs(synthesizer, m.onnxPath, text);
      rows.push([m.name, fixed(timed.ms / 1000 / timed.seconds, 3), fixed(first, 0), fixed(memory, 0)]);
    }
    printTable('Real Piper voices in MODELS_DIR, one thread', ['model', 'real-time factor', 'first audio ms (stream)', 'MB per loaded model'], rows);
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
