import type { Pcm } from '../../../src/synthesis/audio.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import type { EmotionPreset, TtsModel } from '../../../src/synthesis/catalog/voice-types.js';
import { decodeAudio } from '../../../src/synthesis/decoders/decode-audio.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { renderCatalogVoice } from '../../../src/synthesis/pipeline/render-voice.js';
import { defaultOutput, type OutputSpec, type SynthesizedSpeech } from '../../../src/synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../../../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';

export interface SpeakOptions {
  voice?: string;
  model?: TtsModel;
  language?: string | null;
  emotion?: EmotionPreset;
  intensity?: number;
  output?: Partial<OutputSpec>;
}

/** A real pool of worker threads and the synthesizer over it; runs only from the compiled tests. */
export function openPipeline(threads = 2) {
  const pool = new SynthesisPool(threads);
  const synthesizer = new Synthesizer(pool);
  async function speak(text: string, options: SpeakOptions = {}): Promise<{ speech: SynthesizedSpeech; pcm: Pcm }> {
    const voice = findVoiceByAnyName(options.voice ?? 'eng-olivia');
    if (!voice) throw new Error(`no voice ${options.voice}`);
    const speech = await synthesizer.synthesize({
      text,
      language: options.language === undefined ? voice.language : options.language,
      render: (language) =>
        renderCatalogVoice(voice, options.model ?? 'ssfm-v21', { preset: options.emotion ?? 'normal', intensity: options.intensity ?? 1 }, language),
      output: { ...defaultOutput, ...options.output },
    });
    const pcm = speech.contentType === 'audio/wav' ? decodeWav(speech.audio) : await decodeAudio(speech.audio);
    return { speech, pcm };
  }
  return { pool, synthesizer, speak, close: () => pool.close() };
}

/** Semitones between two frequencies. */
export function semitones(from: number, to: number): number {
  return 12 * Math.log2(to / from);
}
