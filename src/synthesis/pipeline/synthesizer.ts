import type { WordTiming } from '../audio.js';
import type { SynthesisPool } from '../pool/synthesis-pool.js';
import type { RenderedSentence } from '../pool/tasks.js';
import { planSentences, resolveLanguage, type SentencePlan } from './plan-sentences.js';
import { contentTypeOf, type SpeechRequest, type SynthesizedSpeech } from './speech-request.js';

/** Silence between sentences; the engines' own padding is trimmed first. */
export const sentencePauseSeconds = 0.3;

/** A rendered sentence with its words pointing into the request text, plus the spoken words. */
export interface SpokenSentence extends RenderedSentence {
  plan: SentencePlan;
  /** How many sentences the request has. */
  total: number;
  spokenWords: WordTiming[];
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
    const { voice, prosody } = request.render(language);
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
      }),
    );
    // Rejections of later sentences are observed once they are awaited; keep them from being "unhandled" meanwhile.
    pending.forEach((p) => p.catch(() => undefined));
    for (let i = 0; i < plans.length; i++) {
      const rendered = await pending[i];
      yield toSpoken(plans[i], rendered, plans.length);
    }
  }

  /** `onProgress(done, total)` is told after each sentence, for progress bars on long texts. */
  async synthesize(request: SpeechRequest, onProgress?: (done: number, total: number) => void): Promise<SynthesizedSpeech> {
    const language = resolveLanguage(request.text, request.language);
    const spoken: SpokenSentence[] = [];
    for await (const sentence of this.sentences({ ...request, language })) {
      spoken.push(sentence);
      onProgress?.(spoken.length, sentence.total);
    }
    const finished = await this.pool.finish({
      pieces: spoken,
      pauses: spoken.map(() => sentencePauseSeconds).slice(0, -1),
      output: request.output,
    });
    return {
      audio: finished.audio,
      contentType: contentTypeOf(request.output.format),
      sampleRate: finished.sampleRate,
      duration: finished.duration,
      language,
      words: finished.words,
      spoken: spokenTranscript(spoken, finished.words),
    };
  }
}

function toSpoken(plan: SentencePlan, rendered: RenderedSentence, total: number): SpokenSentence {
  const words = rendered.words.map((word) => {
    const source = plan.map.toSource(word.offset, word.offset + word.length);
    return { ...word, text: plan.written.slice(source.start, source.end), offset: plan.offset + source.start, length: source.end - source.start };
  });
  return { samples: rendered.samples, sampleRate: rendered.sampleRate, words, plan, total, spokenWords: rendered.words };
}

/**
 * The normalized text (sentences joined by a space) with the finished timings: the whole-speech
 * stages keep words in order and only drop a tail, so the i-th finished word is the i-th spoken one.
 */
function spokenTranscript(sentences: SpokenSentence[], finished: WordTiming[]): { text: string; words: WordTiming[] } {
  let text = '';
  const words: WordTiming[] = [];
  for (const sentence of sentences) {
    if (text) text += ' ';
    const base = text.length;
    text += sentence.plan.spoken;
    for (const word of sentence.spokenWords) {
      const timing = finished[words.length];
      if (!timing) break;
      words.push({ text: word.text, offset: base + word.offset, length: word.length, start: timing.start, end: timing.end });
    }
  }
  return { text, words };
}
