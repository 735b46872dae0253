/**
 * Neural path benchmark (`npm run bench:neural`).
 *
 * 1. Pipeline overhead on the tiny Piper-signature model the tests build: a whole request through
 *    the synthesis pool (eSpeak phonemes, Piper ids, model, DSP to 44.1 kHz, WAV) against the model
 *    calls alone for the same ids, measured in the same run. The model here is nearly free, so the
 *    ratio bounds what Orator adds around any model.
 * 2. Every real model in MODELS_DIR (if set), Piper and Kokoro: real-time factor, first audio in
 *    streaming, and the memory one loaded model takes (RSS growth when it loads).
 * 3. Round-trip word error rate (pocketsphinx) of the Flite and eSpeak NG tiers and of each real
 *    English model on the same paragraph; skipped, with the reason, when pocketsphinx is absent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EngineVoice } from '../src/synthesis/engines/engine.js';
import { configureEngines } from '../src/synthesis/engines/engine-settings.js';
import { installedKokoroModels } from '../src/synthesis/engines/kokoro/kokoro-catalog.js';
import { KokoroModel } from '../src/synthesis/engines/kokoro/kokoro-model.js';
import { kokoroLanguageOf } from '../src/synthesis/engines/kokoro/kokoro-catalog.js';
import { kokoroPhonemeString, kokoroTokens } from '../src/synthesis/engines/kokoro/kokoro-phonemes.js';
import { kokoroV1Vocab } from '../src/synthesis/engines/kokoro/kokoro-vocab.js';
import { readVoicePacks, styleFor } from '../src/synthesis/engines/kokoro/kokoro-voices.js';
import { loadEspeakRuntime } from '../src/synthesis/engines/espeak/espeak-runtime.js';
import { installedModels } from '../src/synthesis/engines/piper/piper-catalog.js';
import { readPiperConfig } from '../src/synthesis/engines/piper/piper-config.js';
import { PiperModel } from '../src/synthesis/engines/piper/piper-model.js';
import { phonemeIds, piperPhonemes } from '../src/synthesis/engines/piper/piper-phonemes.js';
import { defaultOutput, type SpeechRequest } from '../src/synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../src/synthesis/pool/synthesis-pool.js';
import { writeTinyKokoro } from '../test/synthesis/engines/kokoro/tiny-kokoro.js';
import { installKokoro } from '../src/start/commands/models-install-kokoro.js';
import { buildTinyModel, tinyModelConfig } from '../test/synthesis/engines/piper/tiny-model.js';
import { median } from './sections.js';
import { fixed, printTable } from './table.js';
import { english300 } from './texts.js';
import { pocketsphinxMissing, recognize, wordErrorRate } from './word-error-rate.js';

/** The WER paragraph: plain words (no numbers or abbreviations, so the reference is what is said). */
const werParagraph =
  'The north wind and the sun were arguing about which of them was stronger, when a traveller came along ' +
  'wrapped in a warm cloak. They agreed that the one who first made the traveller take off his cloak should ' +
  'be considered stronger than the other.';


function request(model: string, text: string, speaker = 0, engine = 'piper'): SpeechRequest {
  return voiceRequest({ engine, id: 'bench', model, speaker }, text, 44100);
}

function voiceRequest(voice: EngineVoice, text: string, sampleRate: number): SpeechRequest {
  return {
    text,
    language: 'eng',
    render: () => ({ voice, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } }),
    output: { ...defaultOutput, format: 'wav', sampleRate },
  };
}

/** A real model's first English voice, as the engine is asked for it. */
interface RealVoice {
  label: string;
  voice: EngineVoice;
  loadMb: () => Promise<number>;
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

/** Kokoro's model calls alone for a text (af_ voice): tokens and styles made beforehand. */
async function kokoroModelOnlyMs(onnx: string, voicesPath: string, text: string): Promise<number> {
  const model = await KokoroModel.load(onnx);
  const pack = readVoicePacks(voicesPath).find((p) => p.name.startsWith('af_'))!;
  const language = kokoroLanguageOf(pack.name);
  const runtime = await loadEspeakRuntime();
  const phonemes = kokoroPhonemeString(text, (clause) => runtime.phonemize(language.espeakVoice, clause), language.rules);
  const chunks = kokoroTokens(phonemes, kokoroV1Vocab).chunks;
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    for (const chunk of chunks) await model.infer(chunk.tokens, styleFor(pack, chunk.tokens.length), 1);
    times.push(performance.now() - start);
  }
  await model.release();
  return median(times.slice(2));
}

async function rssGrowth(load: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await load();
  } finally {
    clearInterval(timer);
  }
  return (Math.max(peak, process.memoryUsage().rss) - before) / 1024 / 1024;
}

async function wholeMs(synthesizer: Synthesizer, onnx: string, text: string, speaker = 0, engine = 'piper'): Promise<{ ms: number; seconds: number }> {
  const times: number[] = [];
  let seconds = 0;
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    seconds = (await synthesizer.synthesize(request(onnx, text, speaker, engine))).duration;
    times.push(performance.now() - start);
  }
  return { ms: median(times.slice(2)), seconds };
}

async function firstAudioMs(synthesizer: Synthesizer, onnx: string, text: string, speaker = 0, engine = 'piper'): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const stop = new AbortController();
    for await (const _ of synthesizer.sentences(request(onnx, text, speaker, engine), { signal: stop.signal })) {
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
    const published = writeTinyKokoro(path.join(dir, 'published'), 'kokoro-tiny');
    const kokoro = await installKokoro(published.onnx, published.voices, dir, {});
    const kokoroVoice = kokoro.voices.find((v) => v.slug.endsWith(':af_tiny'))!;
    await synthesizer.synthesize(request(kokoro.onnxPath, 'Warm up.', kokoroVoice.neural!.speaker, 'kokoro'));
    const kokoroModel = await kokoroModelOnlyMs(kokoro.onnxPath, kokoro.voicesPath!, text);
    const kokoroWhole = await wholeMs(synthesizer, kokoro.onnxPath, text, kokoroVoice.neural!.speaker, 'kokoro');
    printTable('Neural pipeline overhead, tiny models, one thread (300-character English paragraph)', ['path', 'ms', 'ratio'], [
      ['Piper: model calls alone (yardstick)', fixed(model, 1), '1.00'],
      ['Piper: whole request (phonemes + ids + model + DSP + WAV)', fixed(whole.ms, 1), fixed(whole.ms / model, 2)],
      ['Kokoro: model calls alone (yardstick)', fixed(kokoroModel, 1), '1.00'],
      ['Kokoro: whole request (phonemes + tokens + style + model + DSP + WAV)', fixed(kokoroWhole.ms, 1), fixed(kokoroWhole.ms / kokoroModel, 2)],
    ]);

    const modelsDir = process.env.MODELS_DIR;
    const real: RealVoice[] = [];
    if (modelsDir) {
      configureEngines({ modelsDir });
      for (const m of installedModels(modelsDir).filter((m) => m.problem === null && m.language === 'eng')) {
        real.push({ label: `piper ${m.name}`, voice: { engine: 'piper', id: m.name, model: m.onnxPath, speaker: 0 }, loadMb: () => rssGrowth(async () => (await PiperModel.load(m.onnxPath, m.config!)).release()) });
      }
      for (const m of installedKokoroModels(modelsDir).filter((m) => m.problem === null)) {
        const voice = m.voices.find((v) => v.language === 'eng' && v.slug.endsWith(':af_heart')) ?? m.voices.find((v) => v.language === 'eng');
        if (!voice) continue;
        real.push({
          label: `kokoro ${m.name} ${voice.slug.split(':').pop()}`,
          voice: { engine: 'kokoro', id: voice.slug, model: m.onnxPath, speaker: voice.neural!.speaker },
          loadMb: () => rssGrowth(async () => {
            readVoicePacks(m.voicesPath!);
            await (await KokoroModel.load(m.onnxPath)).release();
          }),
        });
      }
    }
    if (real.length === 0) {
      console.log('\nNo English Piper or Kokoro model in MODELS_DIR: real-model rows skipped (see docs/voices.md to install one).');
    } else {
      const rows: (string | number)[][] = [];
      for (const r of real) {
        const memory = await r.loadMb();
        const model = r.voice.model!;
        await synthesizer.synthesize(request(model, 'Warm up.', r.voice.speaker, r.voice.engine));
        const timed = await wholeMs(synthesizer, model, text, r.voice.speaker, r.voice.engine);
        const first = await firstAudioMs(synthesizer, model, text, r.voice.speaker, r.voice.engine);
        rows.push([r.label, fixed(timed.ms / 1000 / timed.seconds, 3), fixed(first, 0), fixed(memory, 0)]);
      }
      printTable('Real neural models in MODELS_DIR, one thread', ['model', 'real-time factor', 'first audio ms (stream)', 'MB per loaded model'], rows);
    }

    const missing = pocketsphinxMissing();
    if (missing) {
      console.log(`\nWord error rate column skipped: ${missing}.`);
      return;
    }
    const tiers: { label: string; voice: EngineVoice }[] = [
      { label: 'Flite slt (ssfm-v30 English tier)', voice: { engine: 'flite', id: 'slt' } },
      { label: 'Flite rms', voice: { engine: 'flite', id: 'rms' } },
      { label: 'eSpeak NG en-us (formant tier)', voice: { engine: 'espeak', id: 'en-us' } },
      { label: 'eSpeak NG en-us f3', voice: { engine: 'espeak', id: 'en-us', variant: 'f3' } },
      ...real.map((r) => ({ label: r.label, voice: r.voice })),
    ];
    const werRows: (string | number)[][] = [];
    let yardstick = 0;
    for (const [i, tier] of tiers.entries()) {
      const speech = await synthesizer.synthesize(voiceRequest(tier.voice, werParagraph, 16000));
      const heard = await recognize(speech.audio);
      const wer = wordErrorRate(werParagraph, heard);
      if (i === 0) yardstick = wer;
      werRows.push([tier.label, fixed(wer, 2), yardstick > 0 ? fixed(wer / yardstick, 2) : '-', heard.split(' ').slice(0, 8).join(' ') + ' …']);
    }
    printTable('Round-trip word error rate (pocketsphinx 0.8 en-us, 16 kHz WAV, 40-word paragraph; ratio to Flite slt)', ['voice', 'WER', 'ratio', 'heard (start)'], werRows);
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
