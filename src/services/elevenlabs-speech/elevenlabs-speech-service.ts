import { decodeWav } from '../../synthesis/decoders/wav.js';
import { int16ToFloat } from '../../synthesis/dsp/int16.js';
import { resample } from '../../synthesis/dsp/resample.js';
import { codecContentTypes, createCodecEncoder, type AudioEncoding } from '../../synthesis/encoders/codec-encoder.js';
import { encodeWavPcm16 } from '../../synthesis/encoders/wav.js';
import type { SpeechService } from '../speech/speech-service.js';
import { SpeechError } from '../speech/speech-errors.js';
import { creditCost, defaultOutputOrder, type SpeechOrder } from '../speech/speech-order.js';
import type { VoiceResolver } from '../voices/voice-resolver.js';
import type { DictionaryLocator } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import { alignmentOf, sliceAlignment, type CharacterAlignment } from './alignment.js';
import { chooseModel, elevenLabsModelIds, modelForId } from './model-ids.js';
import { prosodyOf, type ElevenLabsVoiceSettings } from './voice-settings.js';
import { oratorVoiceIdOf } from './voice-ids.js';
import type { EncodedSpeechStream } from '../speech/encoded-speech-stream.js';

/** One request of ElevenLabs' text-to-speech, validated for shape. */
export interface ElevenLabsSpeechOrder {
  /** An ElevenLabs premade id or an Orator voice id (voice-ids.ts). */
  voiceId: string;
  text: string;
  /** ElevenLabs' or Orator's model id; null for ElevenLabs' default. */
  modelId: string | null;
  /** Our ISO 639-3 code, or null to detect the language from the text. */
  language: string | null;
  settings: ElevenLabsVoiceSettings | null;
  seed: number | null;
  previousText: string | null;
  nextText: string | null;
  /** Pronunciation dictionaries the request names (up to 3), besides the account's defaults. */
  dictionaries?: readonly DictionaryLocator[];
  encoding: AudioEncoding;
}

export type ElevenLabsAudioStream = EncodedSpeechStream;

/** Encoded audio with the characters it speaks and their times. */
export interface TimedAudio {
  audio: Uint8Array;
  /** Seconds. */
  duration: number;
  /** The request text's characters. */
  alignment: CharacterAlignment;
  /** The characters as spoken (numbers, abbreviations and symbols written out). */
  normalizedAlignment: CharacterAlignment;
}

export interface ElevenLabsSpeechDeps {
  speech: SpeechService;
  voices: VoiceResolver;
}

/** Audio of a timed stream's chunk: whole words, about this long (the last takes the rest). */
const timedChunkSeconds = 1;

/**
 * ElevenLabs' text-to-speech over the Typecast interface's SpeechService: the same voices, plan
 * limits, credits, concurrency slots and response cache. Voice and model ids are mapped
 * (voice-ids, model-ids), voice_settings become prosody (voice-settings), and the audio is
 * resampled and encoded into the asked `output_format`.
 */
export class ElevenLabsSpeechService {
  constructor(private readonly deps: ElevenLabsSpeechDeps) {}

  /** The Typecast-shaped order the request stands for (voice, model, prosody checked against the voice). */
  async speechOrderOf(accountUid: string, order: ElevenLabsSpeechOrder): Promise<SpeechOrder> {
    const choice = modelForId(order.modelId);
    if (!choice) throw new SpeechError('model_not_supported', `Model '${order.modelId}' does not exist here. Models: ${elevenLabsModelIds.join(', ')} (GET /v1/models).`);
    const voiceId = oratorVoiceIdOf(order.voiceId);
    const voice = await this.deps.voices.resolve(accountUid, voiceId);
    if (!voice) throw new SpeechError('voice_not_found', `A voice with the voice_id ${order.voiceId} was not found.`);
    const model = chooseModel(choice, voice.models.map((m) => m.version));
    const prosody = prosodyOf(order.settings, { previousText: order.previousText, nextText: order.nextText }, model);
    return {
      voiceId,
      text: order.text,
      model,
      language: order.language,
      emotion: prosody.emotion,
      output: { ...defaultOutputOrder, format: 'wav', tempo: prosody.tempo },
      seed: order.seed,
      ...(order.dictionaries?.length ? { dictionaries: order.dictionaries } : {}),
    };
  }

  /** `convert` and `stream`: the audio, sentence by sentence as it is made. */
  async open(accountUid: string, order: ElevenLabsSpeechOrder): Promise<ElevenLabsAudioStream> {
    const stream = await this.deps.speech.openStream(accountUid, await this.speechOrderOf(accountUid, order));
    const { encoding } = order;
    let headerLeft = 44;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      // Made here, so only this loop ever touches it (closing it from elsewhere mid-encode is unsafe).
      const encoder = await createCodecEncoder(encoding);
      try {
        for await (const chunk of stream.chunks()) {
          const body = chunk.subarray(Math.min(headerLeft, chunk.length));
          headerLeft = Math.max(0, headerLeft - chunk.length);
          const pcm = await resample({ samples: pcm16ToFloat(body), sampleRate: stream.output.sampleRate }, encoding.sampleRate);
          const encoded = await encoder.encode(pcm.samples);
          if (encoded.length > 0) yield encoded;
        }
        const last = await encoder.finish();
        if (last.length > 0) yield last;
      } finally {
        await encoder.close();
      }
    }
    return { contentType: codecContentTypes[encoding.codec], credits: creditCost(order.text), chunks, cancel: () => stream.cancel() };
  }

  /** `with-timestamps`: the whole audio and the time of every character. */
  async synthesizeTimed(accountUid: string, order: ElevenLabsSpeechOrder): Promise<TimedAudio> {
    const { samples, duration, alignment, normalizedAlignment } = await this.timedSpeech(accountUid, order);
    // A whole WAV file has its sizes in its header; a streamed one cannot.
    const audio = order.encoding.codec === 'wav' ? encodeWavPcm16({ samples, sampleRate: order.encoding.sampleRate }) : (await encodeWhole(order.encoding, [samples]))[0];
    return { audio, duration, alignment, normalizedAlignment };
  }

  /**
   * `stream/with-timestamps`: the audio in pieces of whole words (about a second each), each with
   * the characters it speaks; times count from the start of the whole audio. The pieces are one
   * encoder's output, so joined they are one valid stream.
   */
  async *timedChunks(accountUid: string, order: ElevenLabsSpeechOrder): AsyncGenerator<TimedAudio> {
    const { samples, duration, alignment, normalizedAlignment } = await this.timedSpeech(accountUid, order);
    const rate = order.encoding.sampleRate;
    const cuts = wordCuts(alignment, duration);
    const pieces = cuts.map((cut) => samples.subarray(Math.round(cut.start * rate), cut.last ? samples.length : Math.round(cut.end * rate)));
    const audio = await encodeWhole(order.encoding, pieces);
    let spokenFrom = 0;
    for (const [i, cut] of cuts.entries()) {
      const starts = normalizedAlignment.character_start_times_seconds;
      let spokenTo = spokenFrom;
      while (spokenTo < starts.length && (cut.last || starts[spokenTo] < cut.end)) spokenTo++;
      yield {
        audio: audio[i],
        duration: cut.end - cut.start,
        alignment: sliceAlignment(alignment, cut.from, cut.to),
        normalizedAlignment: sliceAlignment(normalizedAlignment, spokenFrom, spokenTo),
      };
      spokenFrom = spokenTo;
    }
  }

  private async timedSpeech(accountUid: string, order: ElevenLabsSpeechOrder) {
    const text = order.text;
    const speech = await this.deps.speech.synthesize(accountUid, await this.speechOrderOf(accountUid, order));
    const pcm = await resample(decodeWav(speech.audio), order.encoding.sampleRate);
    return {
      samples: pcm.samples,
      duration: speech.duration,
      alignment: alignmentOf(text, speech.words, speech.duration),
      normalizedAlignment: alignmentOf(speech.spoken.text, speech.spoken.words, speech.duration),
    };
  }
}

interface Cut {
  /** Characters from…to (exclusive) of the alignment. */
  from: number;
  to: number;
  start: number;
  end: number;
  last: boolean;
}

/** Where a timed stream is cut: before a whitespace character, once a piece has its second of audio. */
function wordCuts(alignment: CharacterAlignment, duration: number): Cut[] {
  const cuts: Cut[] = [];
  const starts = alignment.character_start_times_seconds;
  let from = 0;
  let start = 0;
  for (let i = 1; i < alignment.characters.length; i++) {
    if (/^\s$/u.test(alignment.characters[i]) && starts[i] - start >= timedChunkSeconds) {
      cuts.push({ from, to: i, start, end: starts[i], last: false });
      from = i;
      start = starts[i];
    }
  }
  cuts.push({ from, to: alignment.characters.length, start, end: Math.max(start, duration), last: true });
  return cuts;
}

/** Pieces of PCM through one encoder: one encoded piece each (the encoder's tail goes with the last). */
async function encodeWhole(encoding: AudioEncoding, pieces: Float32Array[]): Promise<Uint8Array[]> {
  const encoder = await createCodecEncoder(encoding);
  try {
    const out: Uint8Array[] = [];
    for (const piece of pieces) out.push(await encoder.encode(piece));
    const tail = await encoder.finish();
    out[out.length - 1] = concat(out[out.length - 1], tail);
    return out;
  } finally {
    await encoder.close();
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (b.length === 0) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const aligned = new Uint8Array(bytes.length - (bytes.length % 2));
  aligned.set(bytes.subarray(0, aligned.length));
  return int16ToFloat(new Int16Array(aligned.buffer));
}
