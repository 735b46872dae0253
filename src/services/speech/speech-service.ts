import { silence } from '../../synthesis/dsp/concat.js';
import { decodeWav } from '../../synthesis/decoders/wav.js';
import { checkSpokenLength, NothingToSpeakError, SpokenTextTooLongError } from '../../synthesis/pipeline/plan-sentences.js';
import type { EmotionChoice } from '../../synthesis/pipeline/render-voice.js';
import { contentTypeOf, defaultOutput, type OutputSpec, type SpeechRequest, type SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';
import type { SpokenSentence, Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { SynthesisTimeoutError, type SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import { VoiceModelUnavailableError } from '../../synthesis/pool/voice-model-failure.js';
import type { RenderedSentence } from '../../synthesis/pool/tasks.js';
import { detectLanguage } from '../../synthesis/text/detect-language.js';
import { hasSpeakableContent } from '../../synthesis/text/speakable.js';
import { readSpeechText, type SpeechText } from '../../text/ssml/read-ssml.js';
import { applyPronunciation, phonemeReadings, spansOnSpokenText, wordsOnWrittenText, type Replacement } from '../../text/pronunciation/apply-pronunciation.js';
import { PronunciationDictionaryError } from '../pronunciation-dictionaries/pronunciation-dictionary-errors.js';
import type { AppliedDictionaries, DictionaryLocator, PronunciationSource } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import { SsmlError } from '../../text/ssml/ssml-error.js';
import type { ResolvedVoice, VoiceResolver } from '../voices/voice-resolver.js';
import type { Admission, HeldSlot, SpeechAdmission } from './admission.js';
import { SpeechCache, type CachedSpeech } from './speech-cache.js';
import { SpeechError } from './speech-errors.js';
import { creditCost, type SpeechOrder } from './speech-order.js';
import { inferEmotion } from './smart-emotion.js';
import { speakBySentences } from './sentence-speech.js';
import { streamChunks, type StreamProgress } from './stream-chunks.js';
import { cachedSentenceStream, sentencesOnWrittenText, sentencesOfCache, timedSentences, type SentenceStream, type TimedSentence } from './sentence-stream.js';

/** A checked request, ready for the synthesizer, and what it costs. */
export interface PreparedSpeech {
  request: SpeechRequest & { language: string };
  emotion: EmotionChoice;
  cost: number;
  /** The response cache's key: every input that shapes the answer's bytes. */
  cacheKey: string;
  /**
   * The text as written (an SSML document's spoken text, before the pronunciation dictionaries'
   * aliases): what billing, timings and captions refer to. `request.text` is what the engine reads.
   */
  written: { text: string; replacements: Replacement[] };
}

/** A streaming synthesis whose first sentence is rendered already (so errors came before any byte). */
export interface SpeechStream {
  output: OutputSpec;
  /** What is spoken (an SSML document's spoken text), as billed. */
  text: string;
  language: string;
  contentType: string;
  /** Seconds of speech in the chunks taken so far: the whole length once `chunks` has ended. */
  readonly seconds: number;
  /** The encoded chunks in order, one per sentence; iterate once. Ending or leaving the iteration ends the admission. */
  chunks(): AsyncGenerator<Buffer>;
  /**
   * The listener is gone: no more sentences go to the pool (those already there finish and are
   * dropped), the slot is freed, and the characters of the sentences not handed to the
   * connection are given back. Safe to call twice, and after the end.
   */
  cancel(): Promise<void>;
}

export type ComposePart = { type: 'tts'; order: SpeechOrder } | { type: 'pause'; seconds: number };

export interface ComposedSpeech {
  audio: Uint8Array;
  contentType: string;
  sampleRate: number;
  duration: number;
}

export interface SpeechServiceDeps {
  voices: VoiceResolver;
  synthesizer: Synthesizer;
  pool: SynthesisPool;
  admission: SpeechAdmission;
  /** Finished answers of identical requests (off when absent). */
  cache?: SpeechCache;
  /** The account's pronunciation dictionaries (none applied when absent). */
  pronunciation?: PronunciationSource;
}

/** The rate of every non-streamed answer of the current interface (WAV and MP3). */
export const outputSampleRate = 44100;
/** The rate of `/v1/text-to-speech/stream` (WAV and MP3). */
export const streamSampleRate = 32000;

/**
 * Runs the syntheses of the current interface for an account: resolves the voice among those the
 * account may use, checks model and emotion, chooses the language, takes a concurrency slot and
 * the credits, synthesizes, and gives the credits back if synthesis fails.
 */
export class SpeechService {
  constructor(private readonly deps: SpeechServiceDeps) {}

  async prepare(accountUid: string, order: SpeechOrder, sampleRate = outputSampleRate, segment?: number): Promise<PreparedSpeech> {
    const voice = await this.deps.voices.resolve(accountUid, order.voiceId);
    if (!voice) throw new SpeechError('voice_not_found', `Voice not found: ${order.voiceId}`, segment);
    // What is said: the text itself, or what an SSML document's elements say. Billed, timed and
    // captioned as said; the document itself keys the cache.
    const said = speechTextOf(order, segment);
    const emotion = chooseEmotion(voice, { ...order, text: said.text }, segment);
    if (!hasSpeakableContent(said.text)) throw new SpeechError('nothing_to_speak', 'The text contains nothing that can be spoken', segment);
    const language = order.language ?? detectLanguage(said.text) ?? voice.language;
    // The dictionaries' aliases are what the engine reads; the written text stays what is billed and timed.
    const dictionaries = await this.dictionariesOf(accountUid, order.dictionaries ?? [], segment);
    const pronounced = applyPronunciation(said.text, dictionaries.rules, phonemeReadings(said));
    const spans = said.spans ? spansOnSpokenText(said.spans, pronounced.replacements) : undefined;
    try {
      checkSpokenLength(pronounced.spoken, language);
    } catch (error) {
      if (error instanceof SpokenTextTooLongError) throw new SpeechError('text_expands_too_much', error.message, segment);
      throw error;
    }
    const output: OutputSpec = {
      ...defaultOutput,
      format: order.output.format,
      sampleRate,
      pitch: order.output.pitch,
      tempo: order.output.tempo,
      volume: order.output.volume / 100,
      targetLufs: order.output.targetLufs,
    };
    const seed = order.seed ?? 0;
    // The account is part of the key: an account hits only answers its own requests stored, so
    // the speed of a hit tells it nothing about what other accounts said (docs/caching.md).
    const cacheKey = SpeechCache.keyOf({
      account: accountUid,
      voice: { id: voice.voiceId, kind: voice.kind, version: voice.version ?? null, rendering: voice.render(order.model, emotion, language) },
      model: order.model,
      emotion: { asked: order.emotion, chosen: emotion },
      text: order.text,
      language,
      output,
      seed,
      // Only when some apply, so that keys of requests without dictionaries stay as they were.
      ...(dictionaries.versions.length > 0 ? { dictionaries: dictionaries.versions } : {}),
    });
    return {
      request: { text: pronounced.spoken, ...(spans ? { spans } : {}), language, render: (lang) => voice.render(order.model, emotion, lang), output, seed },
      emotion,
      cost: creditCost(said.text),
      cacheKey,
      written: { text: said.text, replacements: pronounced.replacements },
    };
  }

  /** Refuses (pronunciation_dictionary_not_found) dictionaries that are not the account's, before a session starts. */
  async checkDictionaries(accountUid: string, dictionaries: readonly DictionaryLocator[]): Promise<void> {
    await this.dictionariesOf(accountUid, dictionaries);
  }

  /** The dictionaries a request names and the account's defaults; one that is not the account's is refused. */
  private async dictionariesOf(accountUid: string, named: readonly DictionaryLocator[], segment?: number): Promise<AppliedDictionaries> {
    const source = this.deps.pronunciation;
    if (!source) return { rules: [], versions: [] };
    try {
      return await source.forSynthesis(accountUid, named);
    } catch (error) {
      if (error instanceof PronunciationDictionaryError) throw new SpeechError('pronunciation_dictionary_not_found', error.message, segment);
      throw error;
    }
  }

  /**
   * One whole answer. An identical earlier request's answer comes from the response cache, billed
   * and limited exactly like a synthesis: the same credits, the same concurrency slot.
   */
  async synthesize(accountUid: string, order: SpeechOrder): Promise<SynthesizedSpeech & { text: string }> {
    const prepared = await this.prepare(accountUid, order);
    const admission = await this.deps.admission.admit(accountUid, prepared.cost);
    const { cache } = this.deps;
    try {
      const cached = await cache?.get(prepared.cacheKey);
      // `text`: what the words' offsets point into (an SSML document's spoken text, as written).
      const { text } = prepared.written;
      if (cached) {
        await admission.end('done');
        return { ...cached, text };
      }
      const speech = onWrittenText(await this.deps.synthesizer.synthesize(prepared.request), prepared);
      await admission.end('done');
      // Stored behind the answer, not before it: writing a long answer (9.6 MB for 2,000
      // characters of WAV) took 40–260 ms on a loaded disk, all of it added to the response
      // (docs/performance.md). A repeat arriving meanwhile waits for the store and hits.
      void cache?.put(prepared.cacheKey, speech, accountUid);
      return { ...speech, text };
    } catch (error) {
      await admission.end('failed');
      throw translate(error);
    }
  }

  /** One concurrency slot for a session of many syntheses (the stream-input WebSocket); refused like any synthesis. */
  holdSlot(accountUid: string): Promise<HeldSlot> {
    return this.deps.admission.hold(accountUid);
  }

  /**
   * One piece of a session under its held slot: checked like any synthesis, its characters
   * charged when it starts and given back if it fails, answered from the response cache alike;
   * rendered sentence by sentence (sentence-speech.ts), as a stream is, for the first audio's sake.
   */
  async synthesizeInSlot(slot: HeldSlot, order: SpeechOrder, sampleRate = outputSampleRate): Promise<SynthesizedSpeech> {
    const prepared = await this.prepare(slot.accountUid, order, sampleRate);
    const charge = await slot.charge(prepared.cost);
    const { cache } = this.deps;
    try {
      const cached = await cache?.get(prepared.cacheKey);
      if (cached) {
        await charge.end('done');
        return cached;
      }
      const speech = onWrittenText(await speakBySentences(this.deps.synthesizer, prepared.request), prepared);
      await charge.end('done');
      await cache?.put(prepared.cacheKey, speech, slot.accountUid);
      return speech;
    } catch (error) {
      await charge.end('failed');
      throw translate(error);
    }
  }

  /**
   * `/v1/text-to-speech/stream`. Credits: the whole text is debited up front, like any synthesis;
   * when the listener leaves early, the characters after the last sentence handed to the
   * connection (whitespace between sentences goes with the sentence after it) are given back. Audio
   * that left is paid for; the sentences still rendering when the listener left are not.
   */
  async openStream(accountUid: string, order: SpeechOrder): Promise<SpeechStream> {
    const prepared = await this.prepare(accountUid, order, streamSampleRate);
    const admission = await this.deps.admission.admit(accountUid, prepared.cost);
    const { cache } = this.deps;
    // A stream's bytes differ from the whole file's (its WAV header has no sizes): a key of its own.
    const cacheKey = SpeechCache.keyOf({ stream: prepared.cacheKey });
    let cached: CachedSpeech | null;
    try {
      cached = (await cache?.get(cacheKey)) ?? null;
    } catch (error) {
      await admission.end('failed');
      throw error;
    }
    if (cached) return cachedStream(cached, prepared, prepared.request.text, admission);
    const stop = new AbortController();
    const source = this.deps.synthesizer.sentences(prepared.request, { signal: stop.signal });
    let first: IteratorResult<SpokenSentence>;
    try {
      first = await source.next();
    } catch (error) {
      await admission.end('failed');
      throw translate(error);
    }
    const { text, output } = prepared.request;
    const progress: StreamProgress = { seconds: 0 };
    let handedOver = 0;
    let complete = false;
    const settle = async () => {
      stop.abort();
      await admission.end('done', complete ? 0 : creditCost(text.slice(handedOver)));
    };
    const pool = this.deps.pool;
    async function* sentences(): AsyncGenerator<SpokenSentence> {
      if (first.done) return;
      yield first.value;
      yield* source;
    }
    return {
      output,
      text,
      language: prepared.request.language,
      contentType: contentTypeOf(output.format),
      get seconds() {
        return progress.seconds;
      },
      async *chunks() {
        const sent: Uint8Array[] = [];
        const sizes: { size: number; spokenUpTo: number }[] = [];
        try {
          for await (const chunk of streamChunks(sentences(), output, pool, progress)) {
            if (stop.signal.aborted) return;
            yield chunk.audio;
            if (cache) {
              sent.push(chunk.audio);
              sizes.push({ size: chunk.audio.length, spokenUpTo: chunk.spokenUpTo });
            }
            // The consumer came back for more: this chunk is on its way to the listener.
            handedOver = chunk.spokenUpTo;
          }
          complete = !stop.signal.aborted;
          if (complete && cache) {
            const audio = Buffer.concat(sent);
            await cache.put(cacheKey, {
              audio,
              contentType: contentTypeOf(output.format),
              sampleRate: output.sampleRate,
              duration: progress.seconds,
              language: prepared.request.language,
              words: [],
              spoken: { text: '', words: [] },
              chunks: sizes,
            }, accountUid);
          }
        } finally {
          await source.return(undefined);
          await settle();
        }
      },
      cancel: settle,
    };
  }

  /**
   * A stream of rendered, unencoded sentences with their timings (ElevenLabs'
   * `stream/with-timestamps`, which encodes and times them itself), rendered at `sampleRate`.
   * Slot, credits and their return when the listener leaves early as `openStream`; a complete
   * stream is kept in the response cache, sentence by sentence, and replayed so.
   */
  async openSentences(accountUid: string, order: SpeechOrder, sampleRate: number): Promise<SentenceStream> {
    const prepared = await this.prepare(accountUid, order, sampleRate);
    const admission = await this.deps.admission.admit(accountUid, prepared.cost);
    const { cache } = this.deps;
    const cacheKey = SpeechCache.keyOf({ sentences: prepared.cacheKey });
    const { language } = prepared.request;
    // Billed, timed and handed out on the text as written; the engine reads the aliases in.
    const { text, replacements } = prepared.written;
    const stop = new AbortController();
    let source: AsyncGenerator<TimedSentence>;
    let first: IteratorResult<TimedSentence>;
    let fromCache = false;
    try {
      const cached = await cache?.get(cacheKey);
      const replay = cached ? sentencesOfCache(cached) : null;
      fromCache = replay !== null;
      const rendered = () => timedSentences(this.deps.synthesizer.sentences(prepared.request, { signal: stop.signal }), prepared.request.text, prepared.request.output.tempo);
      source = replay ? (async function* () { yield* replay; })() : replacements.length > 0 ? sentencesOnWrittenText(rendered(), text, replacements) : rendered();
      first = await source.next();
    } catch (error) {
      await admission.end('failed');
      throw translate(error);
    }
    let handedOver = 0;
    let complete = false;
    const settle = async () => {
      stop.abort();
      await admission.end('done', complete ? 0 : creditCost(text.slice(handedOver)));
    };
    return {
      text,
      language,
      credits: prepared.cost,
      async *sentences() {
        const kept: TimedSentence[] = [];
        try {
          let next = first;
          while (!next.done && !stop.signal.aborted) {
            // Kept before it is handed over: the consumer may hand its samples on (and detach them).
            if (cache && !fromCache) kept.push({ ...next.value, samples: next.value.samples.slice() });
            yield next.value;
            handedOver = next.value.to;
            next = await source.next();
          }
          complete = !stop.signal.aborted;
          if (complete && cache && !fromCache) await cache.put(cacheKey, cachedSentenceStream(kept, language), accountUid);
        } finally {
          await source.return(undefined);
          await settle();
        }
      },
      cancel: settle,
    };
  }

  /**
   * `/v1/text-to-speech/compose`: each tts part synthesized on its own (with its own voice,
   * prompt and output controls), pauses as digital silence, joined into one file of one format.
   * Every part is checked before any credit is taken; the credits are the texts' total length.
   */
  async compose(accountUid: string, parts: ComposePart[], format: 'wav' | 'mp3'): Promise<ComposedSpeech> {
    const prepared: (PreparedSpeech | null)[] = [];
    for (const [i, part] of parts.entries()) {
      if (part.type === 'pause') prepared.push(null);
      else prepared.push(await this.prepare(accountUid, { ...part.order, output: { ...part.order.output, format: 'wav' } }, outputSampleRate, i));
    }
    const cost = prepared.reduce((sum, p) => sum + (p?.cost ?? 0), 0);
    const admission = await this.deps.admission.admit(accountUid, cost);
    try {
      const spoken = await Promise.all(prepared.map((p) => (p ? this.deps.synthesizer.synthesize(p.request) : null)));
      const pieces: RenderedSentence[] = parts.map((part, i) => {
        if (part.type === 'pause') return silence(part.seconds, outputSampleRate);
        const pcm = decodeWav(spoken[i]!.audio);
        return { samples: pcm.samples, sampleRate: pcm.sampleRate, words: [] };
      });
      const finished = await this.deps.pool.finish({
        pieces,
        pauses: [],
        textOffsets: [],
        output: { ...defaultOutput, format, sampleRate: outputSampleRate },
      });
      await admission.end('done');
      return { audio: finished.audio, contentType: contentTypeOf(format), sampleRate: finished.sampleRate, duration: finished.duration };
    } catch (error) {
      await admission.end('failed');
      throw translate(error);
    }
  }
}

/**
 * A stream answered from the cache: the recorded chunks replayed as they were made. Billed like a
 * synthesis: the slot is held until the end, and a listener gone early is given back the
 * characters after the last chunk handed over, as on a miss.
 */
function cachedStream(cached: CachedSpeech, prepared: PreparedSpeech, text: string, admission: Admission): SpeechStream {
  const audio = Buffer.from(cached.audio.buffer, cached.audio.byteOffset, cached.audio.byteLength);
  const chunks = cached.chunks ?? [{ size: audio.length, spokenUpTo: text.length }];
  let handedOver = 0;
  let seconds = 0;
  let complete = false;
  let settled: Promise<void> | null = null;
  const settle = () => (settled ??= admission.end('done', complete ? 0 : creditCost(text.slice(handedOver))));
  return {
    output: prepared.request.output,
    text,
    language: prepared.request.language,
    contentType: cached.contentType,
    get seconds() {
      return seconds;
    },
    async *chunks() {
      try {
        let at = 0;
        for (const chunk of chunks) {
          if (settled) return;
          yield audio.subarray(at, at + chunk.size);
          at += chunk.size;
          handedOver = chunk.spokenUpTo;
        }
        seconds = cached.duration;
        complete = !settled;
      } finally {
        await settle();
      }
    },
    cancel: settle,
  };
}

/** A synthesis's words moved from the text the engine read onto the text as written. */
function onWrittenText(speech: SynthesizedSpeech, prepared: PreparedSpeech): SynthesizedSpeech {
  const { text, replacements } = prepared.written;
  if (replacements.length === 0) return speech;
  return { ...speech, words: wordsOnWrittenText(speech.words, text, replacements) };
}

/** The spoken text of an order; an SSML document it cannot read is refused, naming what is wrong. */
function speechTextOf(order: SpeechOrder, segment?: number): SpeechText {
  try {
    return readSpeechText(order.text, order.language);
  } catch (error) {
    if (error instanceof SsmlError) throw new SpeechError('invalid_ssml', error.message, segment);
    throw error;
  }
}

/** The emotion a request asks for, checked against what the voice has on the model. */
function chooseEmotion(voice: ResolvedVoice, order: SpeechOrder, segment?: number): EmotionChoice {
  const model = voice.models.find((m) => m.version === order.model);
  if (!model) {
    const offered = voice.models.map((m) => m.version).join(', ');
    throw new SpeechError('model_not_supported', `Voice ${order.voiceId} does not support model ${order.model} (it supports ${offered})`, segment);
  }
  const { emotion } = order;
  if (emotion.kind !== 'plain' && order.model === 'ssfm-v21') {
    throw new SpeechError('prompt_not_supported', `The ${emotion.kind} prompt needs ssfm-v30 or later; ssfm-v21 takes {emotion_preset, emotion_intensity}`, segment);
  }
  if (emotion.kind === 'smart') return inferEmotion(order.text, emotion.previousText, emotion.nextText, model.emotions);
  if (!model.emotions.includes(emotion.preset)) {
    throw new SpeechError(
      'emotion_not_supported',
      `Voice ${order.voiceId} has no emotion "${emotion.preset}" on ${order.model} (it has ${model.emotions.join(', ')})`,
      segment,
    );
  }
  return { preset: emotion.preset, intensity: emotion.intensity };
}

/** Retry-After (s) of a synthesis stopped by its time budget. */
export const timedOutRetryAfterSeconds = 5;
/** Retry-After (s) when a voice's model cannot be used: an operator has to act, so not soon. */
export const voiceUnavailableRetryAfterSeconds = 60;

function translate(error: unknown): unknown {
  if (error instanceof NothingToSpeakError) return new SpeechError('nothing_to_speak', 'The text contains nothing that can be spoken');
  if (error instanceof SynthesisTimeoutError) return new SpeechError('synthesis_timed_out', error.message, undefined, timedOutRetryAfterSeconds);
  if (error instanceof VoiceModelUnavailableError) return new SpeechError('voice_unavailable', error.message, undefined, voiceUnavailableRetryAfterSeconds);
  return error;
}
