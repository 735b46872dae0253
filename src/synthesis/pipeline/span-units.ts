import { hasSpeakableContent } from '../text/speakable.js';
import { planSentences, type SentencePlan } from './plan-sentences.js';
import type { SpeechRequest } from './speech-request.js';

/** One sentence of an SSML request, read with its span's prosody and language, and the silence before it. */
export interface SpanUnit {
  /** Offsets into the request text. */
  plan: SentencePlan;
  language: string;
  /** Multiplies the request's tempo. */
  rate: number;
  /** Semitones added to the request's pitch. */
  pitch: number;
  volume: number;
  /** Seconds of silence before this sentence (none before the first). */
  pauseBefore: number;
}

const endsSentence = /[.!?。！？…؟।॥][\s"'»”’)\]」』）]*$/u;

/**
 * The sentences of a request's spans in order. Between sentences the usual pause (scaled by the
 * tempo); where a span starts inside a sentence (a word in another rate, say), none; a break adds
 * its seconds as given. A span with nothing to speak hands its pause on to the next one.
 */
export function spanUnits(request: SpeechRequest & { spans: NonNullable<SpeechRequest['spans']> }, language: string, sentencePause: number): SpanUnit[] {
  const units: SpanUnit[] = [];
  let carriedPause = 0;
  let carriedSentence = false;
  for (const span of request.spans) {
    const text = request.text.slice(span.from, span.to);
    const spanLanguage = span.language ?? language;
    carriedPause += span.pauseBefore;
    carriedSentence ||= span.newSentence;
    if (!hasSpeakableContent(text)) continue;
    const plans = planSentences(text, spanLanguage).map((plan) => ({ ...plan, offset: plan.offset + span.from }));
    plans.forEach((plan, i) => {
      const previous = units.at(-1);
      const sentenceStarts = i > 0 || carriedSentence || (previous !== undefined && endsSentence.test(previous.plan.written));
      const pauseBefore = previous === undefined ? 0 : (i === 0 ? carriedPause : 0) + (sentenceStarts ? sentencePause / (request.output.tempo * span.rate) : 0);
      units.push({ plan, language: spanLanguage, rate: span.rate, pitch: span.pitch, volume: span.volume, pauseBefore });
    });
    carriedPause = 0;
    carriedSentence = false;
  }
  return units;
}
