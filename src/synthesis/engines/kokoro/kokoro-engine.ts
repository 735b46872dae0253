import type { Engine, EngineOutput, EngineRequest } from '../engine.js';
import { espeakPhonemeInput } from '../../phonemes/phoneme-marks.js';
import { joinSamples } from '../../dsp/concat.js';
import { OneAtATime } from '../one-at-a-time.js';
import { threadModelBudget } from '../model-budget.js';
import { loadEspeakRuntime } from '../espeak/espeak-runtime.js';
import { ModelError } from '../model-error.js';
import { wordTimings, type SpokenWord } from '../piper/piper-timings.js';
import { KokoroCache } from './kokoro-cache.js';
import { kokoroLanguageOf } from './kokoro-catalog.js';
import { kokoroSampleRate } from './kokoro-model.js';
import { kokoroPhonemeString, kokoroTokens } from './kokoro-phonemes.js';
import { kokoroWordSpans } from './kokoro-timings.js';
import { styleFor } from './kokoro-voices.js';

/**
 * Kokoro voices (StyleTTS 2 graphs in ONNX Runtime, CPU) in the synthesis pool: Orator's eSpeak NG
 * gives the IPA, misaki's rules and Kokoro's vocab give the tokens, the voice pack gives the style
 * row for the call's length, the model gives 24 kHz audio, sentence by sentence. The rate goes to
 * the model's `speed`; pitch and volume are left to Orator's DSP.
 */
export class KokoroEngine implements Engine {
  readonly name = 'kokoro' as const;
  private readonly turns = new OneAtATime();
  /** Symbols skipped because the vocab lacks them, since the thread started. */
  readonly skipped = new Map<string, number>();
  /** The tokens of the last call of each request (for tests and diagnostics). */
  lastTokens: number[][] = [];

  constructor(readonly models = new KokoroCache(undefined, threadModelBudget)) {}

  synthesize(request: EngineRequest): Promise<EngineOutput> {
    return this.turns.run(() => this.synthesizeNow(request));
  }

  async close(): Promise<void> {
    await this.turns.idle();
  }

  private async synthesizeNow(request: EngineRequest): Promise<EngineOutput & { skippedPhonemes: number }> {
    const path = request.voice.model;
    if (request.voice.engine !== 'kokoro' || !path) throw new Error('KokoroEngine needs a kokoro voice with a model path');
    const { model, vocab, packs, letters } = await this.models.get(path);
    const speaker = request.voice.speaker ?? 0;
    const pack = Number.isInteger(speaker) ? packs[speaker] : undefined;
    if (!pack) throw new ModelError('speaker_unknown', `${path}: no voice ${speaker} (the voices file has ${packs.length})`);
    const language = kokoroLanguageOf(pack.name, letters[pack.name] ?? letters['*']);
    const runtime = await loadEspeakRuntime();
    const phonemes = kokoroPhonemeString(request.text, (clause) => runtime.phonemize(language.espeakVoice, espeakPhonemeInput(clause, language.espeakVoice)), language.rules);
    const { chunks, missing } = kokoroTokens(phonemes, vocab);
    let skippedPhonemes = 0;
    for (const [symbol, count] of missing) {
      this.skipped.set(symbol, (this.skipped.get(symbol) ?? 0) + count);
      skippedPhonemes += count;
    }
    const nativeRate = model.speedType === 'float32';
    const pieces: Float32Array[] = [];
    const spoken: SpokenWord[] = [];
    this.lastTokens = [];
    let total = 0;
    for (const chunk of chunks) {
      this.lastTokens.push(chunk.tokens);
      const { samples, idSamples } = await model.infer(chunk.tokens, styleFor(pack, chunk.tokens.length), nativeRate ? request.prosody.rate : 1);
      spoken.push(...kokoroWordSpans(chunk, samples.length, idSamples, total));
      pieces.push(samples);
      total += samples.length;
    }
    const samples = joinSamples(pieces);
    return {
      samples,
      sampleRate: kokoroSampleRate,
      words: wordTimings(request.text, spoken, total, kokoroSampleRate),
      applied: { rate: nativeRate, pitch: false, range: false, volume: false },
      skippedPhonemes,
    };
  }
}
