import type { SynthesisPool } from '../pool/synthesis-pool.js';
import type { RenderedSentence } from '../pool/tasks.js';
import { groupForParallelism } from './group-sentences.js';
import { planSentences, resolveLanguage, type SentencePlan } from './plan-sentences.js';
import { contentTypeOf, type SpeechRequest, type SynthesizedSpeech } from './speech-request.js';
import { joinSpoken, writtenWords } from './written-words.js';

/** Silence between sentences; the engines' own padding is trimmed first. Scaled by the tempo. */
export const sentencePauseSeconds = 0.3;

/** A rendered sentence (its words point into `plan.spoken`) and where it stands in the request. */
export interface SpokenSentence extends RenderedSentence {
  plan: SentencePlan;
  /** How many sentences the request has. */
  total: number;
}

/** Rendered consecutive sentences, spoken as one engine call (words point into their spoken texts joined by a space). */
interface SpokenGroup extends RenderedSentence {
  plans: SentencePlan[];
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
    const plans = planSentences(request.text, language);
    for await (const group of this.render(request, language, plans.map((plan) => [plan]))) {
      yield { samples: group.samples, sampleRate: group.sampleRate, words: group.words, plan: group.plans[0], total: plans.length };
    }
  }

  /** `onProgress(done, total)` is told as sentences finish, for progress bars on long texts. */
  async synthesize(request: SpeechRequest, onProgress?: (done: number, total: number) => void): Promise<SynthesizedSpeech> {
    const language = resolveLanguage(request.text, request.language);
    const plans = planSentences(request.text, language);
    // last_pitch acts on each sentence's last word, so it needs the sentences apart.
    const groups = request.output.lastPitch ? plans.map((plan) => [plan]) : groupForParallelism(plans, this.pool.threads);
    const rendered: SpokenGroup[] = [];
    let done = 0;
    for await (const group of this.render(request, language, groups)) {
      rendered.push(group);
      done += group.plans.length;
      onProgress?.(done, plans.length);
    }
    const spoken = joinSpoken(plans);
    const groupOffsets = groups.map((group) => spoken.offsets[plans.indexOf(group[0])]);
    const finished = await this.pool.finish({
      pieces: rendered,
      pauses: rendered.map(() => sentencePauseSeconds / request.output.tempo).slice(0, -1),
      textOffsets: groupOffsets,
      output: request.output,
    });
    return {
      audio: finished.audio,
      contentType: contentTypeOf(request.output.format),
      sampleRate: finished.sampleRate,
      duration: finished.duration,
      language,
      words: writtenWords(finished.words, plans, spoken.offsets),
      spoken: { text: spoken.text, words: finished.words },
    };
  }

  /** Every group goes to the pool at once; results come back in order. */
  private async *render(request: SpeechRequest, language: string, groups: SentencePlan[][]): AsyncGenerator<SpokenGroup> {
    const { voice, prosody, profile } = request.render(language);
    const { output } = request;
    const pending = groups.map((plans) =>
      this.pool.renderSentence({
        text: joinSpoken(plans).text,
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
    // Rejections of later groups are observed once they are awaited; keep them from being "unhandled" meanwhile.
    pending.forEach((p) => p.catch(() => undefined));
    for (let i = 0; i < groups.length; i++) {
      yield { ...(await pending[i]), plans: groups[i] };
    }
  }
}
