import type { Engine, EngineOutput, EngineRequest } from '../engine.js';
import { espeakPhonemeInput } from '../../phonemes/phoneme-marks.js';
import { joinSamples } from '../../dsp/concat.js';
import { OneAtATime } from '../one-at-a-time.js';
import { threadModelBudget } from '../model-budget.js';
import { loadEspeakRuntime } from '../espeak/espeak-runtime.js';
import { ModelCache } from './model-cache.js';
import { ModelError } from '../model-error.js';
import { phonemeIds, piperPhonemes } from './piper-phonemes.js';
import { sentenceWordSpans, wordTimings, type SpokenWord } from './piper-timings.js';

/**
 * Piper voices (VITS graphs in ONNX Runtime, CPU) in the synthesis pool: Orator's eSpeak NG gives
 * the IPA, Piper's rules give the ids, the model gives the audio, sentence by sentence. The rate is
 * applied natively through `length_scale`; pitch and volume are left to Orator's DSP.
 */
export class PiperEngine implements Engine {
  readonly name = 'piper' as const;
  private readonly turns = new OneAtATime();
  /** Phonemes skipped because a model's map lacks them, by phoneme, since the thread started. */
  readonly skipped = new Map<string, number>();

  constructor(readonly models = new ModelCache(undefined, threadModelBudget)) {}

  synthesize(request: EngineRequest): Promise<EngineOutput> {
    return this.turns.run(() => this.synthesizeNow(request));
  }

  async close(): Promise<void> {
    await this.turns.idle();
  }

  private async synthesizeNow(request: EngineRequest): Promise<EngineOutput & { skippedPhonemes: number }> {
    const path = request.voice.model;
    if (request.voice.engine !== 'piper' || !path) throw new Error('PiperEngine needs a piper voice with a model path');
    const { config, model } = await this.models.get(path);
    const speaker = request.voice.speaker ?? 0;
    if (!Number.isInteger(speaker) || speaker < 0 || speaker >= config.numSpeakers) {
      throw new ModelError('speaker_unknown', `${path}: no speaker ${speaker} (the model has ${config.numSpeakers})`);
    }
    const runtime = await loadEspeakRuntime();
    const sentences = piperPhonemes(request.text, (clause) => runtime.phonemize(config.espeakVoice, espeakPhonemeInput(clause, config.espeakVoice)));
    const scales = { noise: config.noiseScale, length: config.lengthScale / request.prosody.rate, noiseW: config.noiseW };

    const pieces: Float32Array[] = [];
    const spoken: SpokenWord[] = [];
    let total = 0;
    let skippedPhonemes = 0;
    for (const sentence of sentences) {
      const mapped = phonemeIds(sentence.phonemes, config.phonemeIdMap);
      for (const [phoneme, count] of mapped.missing) {
        this.skipped.set(phoneme, (this.skipped.get(phoneme) ?? 0) + count);
        skippedPhonemes += count;
      }
      if (!mapped.idOfPhoneme.some((id) => id >= 0)) continue;
      const { samples, idSamples } = await model.infer(mapped.ids, scales, speaker);
      spoken.push(...sentenceWordSpans(sentence, mapped, samples.length, idSamples, total));
      pieces.push(samples);
      total += samples.length;
    }
    const samples = joinSamples(pieces);
    return {
      samples,
      sampleRate: config.sampleRate,
      words: wordTimings(request.text, spoken, total, config.sampleRate),
      applied: { rate: true, pitch: false, range: false, volume: false },
      skippedPhonemes,
    };
  }
}
