import type { Engine, EngineOutput, EngineRequest, EngineVoice } from '../engine.js';
import { OneAtATime } from '../one-at-a-time.js';
import { espeakSampleRate, loadEspeakRuntime, type EspeakRuntime } from './espeak-runtime.js';
import { japaneseSpokenText } from './japanese-reading.js';
import { espeakVoiceFor, primaryLanguageOf } from './languages.js';
import { planEspeakProsody } from './prosody.js';
import { verbatimSpokenText } from './spoken-text.js';
import { isWellFormedVariantId } from './variants.js';
import { wordTimings } from './word-timings.js';

/**
 * eSpeak NG through its WASM build: every listed language, word events, native rate, pitch, range
 * and amplitude, and voice variants. Output is eSpeak's own 22050 Hz, unresampled.
 */
export class EspeakEngine implements Engine {
  readonly name = 'espeak' as const;
  private readonly turns = new OneAtATime();

  /** Requests to one engine run one after another, in the order they were made. */
  synthesize(request: EngineRequest): Promise<EngineOutput> {
    return this.turns.run(() => this.synthesizeNow(request));
  }

  /** Waits for queued requests; the eSpeak module itself stays loaded for the thread's other users. */
  async close(): Promise<void> {
    await this.turns.idle();
  }

  private async synthesizeNow(request: EngineRequest): Promise<EngineOutput> {
    const voiceName = espeakVoiceName(request.language, request.voice);
    const runtime = await loadEspeakRuntime();
    const variant = voiceName.split('+')[1];
    if (variant && !variantsOf(runtime).has(variant)) throw new Error(`eSpeak NG has no voice variant "${variant}"`);

    const spoken = primaryLanguageOf(voiceName) === 'ja' ? await japaneseSpokenText(request.text) : verbatimSpokenText(request.text, voiceName);
    const plan = planEspeakProsody(request.prosody);
    const { samples, events } = runtime.synthesize(voiceName, spoken.ssml, plan.parameters);
    return {
      samples,
      sampleRate: espeakSampleRate,
      words: wordTimings(events, spoken, samples, espeakSampleRate),
      applied: plan.applied,
      achievedPitch: plan.pitch,
    };
  }
}

/**
 * The eSpeak voice name (`en-us`, `ko+f3`) for a request. The voice's id is kept when it speaks the
 * request's language (so a catalog voice may ask for `en-gb`); otherwise, as when a voice is asked
 * to read another language, the language's own eSpeak voice reads it, with the voice's variant.
 */
export function espeakVoiceName(language: string, voice: EngineVoice): string {
  if (voice.engine !== 'espeak') throw new Error(`EspeakEngine cannot speak with a ${voice.engine} voice`);
  const [rawId, idVariant] = voice.id.trim().split('+');
  const requestedId = rawId.toLowerCase();
  const languageVoice = espeakVoiceFor(language);
  const speaksLanguage = !languageVoice || primaryLanguageOf(requestedId) === primaryLanguageOf(languageVoice);
  const id = speaksLanguage ? requestedId : languageVoice;
  if (!id || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) throw new Error(`eSpeak NG cannot speak language "${language}" with voice "${voice.id}"`);

  const variant = voice.variant ?? idVariant;
  if (variant === undefined || variant === '') return id;
  if (!isWellFormedVariantId(variant)) throw new Error(`"${variant}" is not an eSpeak NG variant name`);
  return `${id}+${variant}`;
}

const variantSets = new WeakMap<EspeakRuntime, Set<string>>();

function variantsOf(runtime: EspeakRuntime): Set<string> {
  let variants = variantSets.get(runtime);
  if (!variants) {
    variants = new Set(runtime.listDataDirectory('voices/!v'));
    variantSets.set(runtime, variants);
  }
  return variants;
}
