import type { WordTiming } from '../audio.js';
import type { SynthesisPool } from '../pool/synthesis-pool.js';
import type { RenderedSentence } from '../pool/tasks.js';
import { planSentences, resolveLanguage, type SentencePlan } from './plan-sentences.js';
import { contentTypeOf, type SpeechRequest, type SynthesizedSpeech } from './speech-request.js';
import { joinSpoken, writtenWords } from './written-words.js';

/** Silence between sentences; the engines' own padding is trimmed first. */
export const sentencePauseSeconds = 0.3;

/** A rendered sentence (its words point into `plan.spoken`) and where it stands in the request. */
export interface SpokenSentence extends RenderedSentence {
  plan: SentencePlan;
  /** How many sentences the request has. */
  total: number;
}

/**
 * Turns a request into audio: language, sentences, the pool renders sentences in parallel, then
 * whole-speech stages and encoding run in the pool too. The event loop only plans and maps offsets.
 */
export class Synthesizer {
  constructor(private readonly pool: SynthesisPool) {}

  /** Sentences in order, each as soon as it and all before it are ready (for streaming). */
  async *sentences(request: SpeechRequest): AsyncGenerator<SpokenSentence> {
    const language = resolveLanguage(request.text, request.language);
    const { voice, prosody, profile } = request.render(language);
    const plans = planSentences(request.text, language);
    const { output } = request;
    const pending = plans.map((plan) =>
      this.pool.renderSentence({
        text: plan.spoken,
        language,
        voice,
        prosody,
        sampleRate: output.format === 'mulaw' ? 8000 : output.sampleRate,
        pitch: output.pitch,
        tempo: output.tempo,
        lastPitch: output.lastPitch,
        profile,
      }),
    );
    // Rejections of later sentences are observed once they are awaited; keep them from being "unhandled" meanwhile.
    pending.forEach((p) => p.catch(() => undefined));
    for (let i = 0; i < plans.length; i++) {
      yield { ...(await pending[i]), plan: plans[i], total: plans.length };
    }
  }

  /** `onProgress(done, total)` is told after each sentence, for progress bars on long texts. */
  async synthesize(request: SpeechRequest, onProgress?: (done: number, total: number) => void): Promise<SynthesizedSpeech> {
    const language = resolveLanguage(request.text, request.language);
    const sentences: SpokenSentence[] = [];
    for await (const sentence of this.sentences({ ...request, language })) {
      sentences.push(sentence);
      onProgress?.(sentences.length, sentence.total);
    }
    const spoken = joinSpoken(sentences.map((s) => s.plan));
    const finished = await this.pool.finish({
      pieces: sentences,
      pauses: sentences.map(() => sentencePauseSeconds).slice(0, -1),
      textOffsets: spoken.offsets,
      output: request.output,
    });
    return {
      audio: finished.audio,
      contentType: contentTypeOf(request.output.format),
      sampleRate: finished.sampleRate,
      duration: finished.duration,
      language,
      words: writtenWords(finished.words, sentences.map((s) => s.plan), spoken.offsets),
      spoken: { text: spoken.text, words: finished.words },
    };
  }
}

export type { WordTiming };
