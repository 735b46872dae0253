import { unmarkedSpoken } from '../phonemes/phoneme-marks.js';
import type { SynthesisPool } from '../pool/synthesis-pool.js';
import type { FinishedSpeech, RenderedSentence, SentenceTask } from '../pool/tasks.js';
import { groupForParallelism } from './group-sentences.js';
import { NothingToSpeakError, planSentences, resolveLanguage, type SentencePlan } from './plan-sentences.js';
import { spanUnits, type SpanUnit } from './span-units.js';
import { contentTypeOf, type SpeechRequest, type SynthesizedSpeech, type VoiceRendering } from './speech-request.js';
import { joinSpoken, writtenWords } from './written-words.js';

/**
 * Below this many spoken characters a plain eSpeak request takes one thread unless the pool has
 * nothing else to do. Alone, two threads answer it sooner (600 characters in 58 ms against 70 on
 * one, 100 in 16 against 18, 2–4 % more CPU); beside other requests, its three tasks and two
 * hand-overs of audio cost the main thread what the second thread would win (48 concurrent
 * 600-character requests on two workers: 1.54× one worker's throughput when every request split,
 * 1.69× with this rule; docs/performance.md, "Issue 33, fourth session"). A custom voice's timbre
 * and the other engines cost far more per character, so their requests split.
 */
const cheapSplitCharacters = 1200;

function cheapForOneThread(rendering: VoiceRendering, characters: number): boolean {
  return rendering.voice.engine === 'espeak' && !rendering.profile && characters < cheapSplitCharacters;
}

/** The finished audio with its words: timed on the written text, and as spoken. */
function synthesizedSpeech(request: SpeechRequest, language: string, finished: FinishedSpeech, plans: SentencePlan[], spoken: ReturnType<typeof joinSpoken>): SynthesizedSpeech {
  return {
    audio: finished.audio,
    contentType: contentTypeOf(request.output.format),
    sampleRate: finished.sampleRate,
    duration: finished.duration,
    language,
    words: writtenWords(finished.words, plans, spoken.offsets),
    spoken: unmarkedSpoken(spoken.text, finished.words),
  };
}

/** Silence between sentences; the engines' own padding is trimmed first. Scaled by the tempo. */
export const sentencePauseSeconds = 0.3;

/** A rendered sentence (its words point into `plan.spoken`) and where it stands in the request. */
export interface SpokenSentence extends RenderedSentence {
  plan: SentencePlan;
  /** How many sentences the request has. */
  total: number;
  /** Seconds of silence before this sentence when it is not the usual pause (SSML spans). */
  pauseBefore?: number;
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

  /**
   * Sentences in order, each as soon as it and all before it are ready (for streaming). Only
   * `lookahead` sentences (default: one per pool thread) are handed to the pool ahead of the one
   * the caller takes, and the next is handed over when the caller comes back for more: a listener
   * that stops listening leaves no queue of renders behind, work that the caller encodes between
   * sentences is not stuck behind the rest of the text, and other requests keep their share of the
   * threads. Once `signal` aborts, nothing more is handed to the pool and the sentences end.
   */
  async *sentences(request: SpeechRequest, options: { signal?: AbortSignal; lookahead?: number } = {}): AsyncGenerator<SpokenSentence> {
    const language = resolveLanguage(request.text, request.language);
    if (request.spans) {
      const units = this.unitsOf(request, language);
      const lookahead = Math.max(1, options.lookahead ?? this.pool.threads);
      const pending: Promise<RenderedSentence>[] = [];
      const handOver = (i: number) => {
        if (i >= units.length || options.signal?.aborted) return;
        pending[i] = this.renderUnit(request, units[i]);
        pending[i].catch(() => undefined);
      };
      for (let i = 0; i < Math.min(lookahead, units.length); i++) handOver(i);
      for (let i = 0; i < units.length; i++) {
        if (options.signal?.aborted || !pending[i]) return;
        const rendered = await pending[i];
        if (options.signal?.aborted) return;
        yield { ...rendered, plan: units[i].plan, total: units.length, pauseBefore: units[i].pauseBefore };
        handOver(i + lookahead);
      }
      return;
    }
    const plans = planSentences(request.text, language);
    const lookahead = Math.max(1, options.lookahead ?? this.pool.threads);
    for await (const group of this.render(request, language, plans.map((plan) => [plan]), lookahead, options.signal)) {
      yield { samples: group.samples, sampleRate: group.sampleRate, words: group.words, plan: group.plans[0], total: plans.length };
    }
  }

  /** `onProgress(done, total)` is told as sentences finish, for progress bars on long texts. */
  async synthesize(request: SpeechRequest, onProgress?: (done: number, total: number) => void): Promise<SynthesizedSpeech> {
    const language = resolveLanguage(request.text, request.language);
    if (request.spans) return this.synthesizeSpans(request, language, onProgress);
    const plans = planSentences(request.text, language);
    // last_pitch acts on each sentence's last word, so it needs the sentences apart; so does a
    // progress listener, told of each sentence in turn (a few big groups would stall, then jump).
    const groups = request.output.lastPitch || onProgress ? plans.map((plan) => [plan]) : groupForParallelism(plans, this.pool.threads);
    const spoken = joinSpoken(plans);
    const textOffsets = groups.map((group) => spoken.offsets[plans.indexOf(group[0])]);
    const pauses = groups.map(() => sentencePauseSeconds / request.output.tempo).slice(0, -1);
    let finished: FinishedSpeech;
    const rendering = request.render(language);
    const oneThread = groups.length === 1 || this.pool.threads === 1 || this.pool.saturated || (!this.pool.idle && cheapForOneThread(rendering, spoken.text.length));
    if (oneThread && !onProgress) {
      // One group, one thread, every thread busy, or a short request beside others: one thread
      // takes the whole request, sparing two hand-overs of its audio and a task per group.
      finished = await this.pool.speech({ groups: groups.map((g) => sentenceTask(request, language, rendering, g)), pauses, textOffsets, output: request.output });
    } else {
      const rendered: SpokenGroup[] = [];
      for await (const group of this.render(request, language, groups)) {
        rendered.push(group);
        onProgress?.(rendered.reduce((n, g) => n + g.plans.length, 0), plans.length);
      }
      finished = await this.pool.finish({ pieces: rendered, pauses, textOffsets, output: request.output });
    }
    return synthesizedSpeech(request, language, finished, plans, spoken);
  }

  /**
   * An SSML request: each sentence of each span rendered on its own with the span's rate and
   * pitch (the DSP's tempo and pitch, so they are exact whatever the engine), language and gain,
   * laid out with the span's pauses; then the whole-speech stages as for any request.
   */
  private async synthesizeSpans(request: SpeechRequest, language: string, onProgress?: (done: number, total: number) => void): Promise<SynthesizedSpeech> {
    const units = this.unitsOf(request, language);
    let done = 0;
    const pieces = await Promise.all(
      units.map(async (unit) => {
        const rendered = await this.renderUnit(request, unit);
        onProgress?.(++done, units.length);
        return rendered;
      }),
    );
    const plans = units.map((u) => u.plan);
    const spoken = joinSpoken(plans);
    const finished = await this.pool.finish({ pieces, pauses: units.slice(1).map((u) => u.pauseBefore), textOffsets: spoken.offsets, output: request.output });
    return synthesizedSpeech(request, language, finished, plans, spoken);
  }

  private unitsOf(request: SpeechRequest, language: string): SpanUnit[] {
    const units = spanUnits({ ...request, spans: request.spans ?? [] }, language, sentencePauseSeconds);
    if (units.length === 0) throw new NothingToSpeakError();
    return units;
  }

  private async renderUnit(request: SpeechRequest, unit: SpanUnit): Promise<RenderedSentence> {
    const rendering = request.render(unit.language);
    const task = sentenceTask(request, unit.language, rendering, [unit.plan]);
    const rendered = await this.pool.renderSentence({ ...task, tempo: task.tempo * unit.rate, pitch: task.pitch + unit.pitch });
    if (unit.volume !== 1) for (let i = 0; i < rendered.samples.length; i++) rendered.samples[i] *= unit.volume;
    return rendered;
  }

  /**
   * Groups go to the pool `lookahead` at a time (all at once by default); results come back in
   * order. The next group is handed over when the caller takes the next result, and none once
   * `signal` has aborted.
   */
  private async *render(request: SpeechRequest, language: string, groups: SentencePlan[][], lookahead = groups.length, signal?: AbortSignal): AsyncGenerator<SpokenGroup> {
    const rendering = request.render(language);
    const submit = (plans: SentencePlan[]) => this.pool.renderSentence(sentenceTask(request, language, rendering, plans));
    const pending: Promise<RenderedSentence>[] = [];
    const handOver = (i: number) => {
      if (i >= groups.length || signal?.aborted) return;
      pending[i] = submit(groups[i]);
      // Rejections of later groups are observed once they are awaited; keep them from being "unhandled" meanwhile.
      pending[i].catch(() => undefined);
    };
    for (let i = 0; i < Math.min(lookahead, groups.length); i++) handOver(i);
    for (let i = 0; i < groups.length; i++) {
      if (signal?.aborted || !pending[i]) return;
      const rendered = await pending[i];
      if (signal?.aborted) return;
      yield { ...rendered, plans: groups[i] };
      handOver(i + lookahead);
    }
  }
}

/** What the pool needs to render consecutive sentences as one engine call. */
function sentenceTask(request: SpeechRequest, language: string, rendering: VoiceRendering, plans: SentencePlan[]): Omit<SentenceTask, 'kind'> {
  const { output } = request;
  const spoken = joinSpoken(plans);
  return {
    text: spoken.text,
    language,
    voice: rendering.voice,
    prosody: rendering.prosody,
    sampleRate: output.format === 'mulaw' ? 8000 : output.sampleRate,
    pitch: output.pitch,
    tempo: output.tempo,
    lastPitch: output.lastPitch,
    profile: rendering.profile,
    seed: request.seed ?? 0,
    // Several sentences in one call get the pause a stream puts between them, not the engine's own.
    ...(plans.length > 1 ? { sentences: { starts: spoken.offsets, pauseSeconds: sentencePauseSeconds } } : {}),
  };
}
