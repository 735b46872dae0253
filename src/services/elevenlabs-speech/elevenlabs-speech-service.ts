import { decodeWav } from '../../synthesis/decoders/wav.js';
import { resample } from '../../synthesis/dsp/resample.js';
import { codecContentTypes, createCodecEncoder, type AudioEncoding } from '../../synthesis/encoders/codec-encoder.js';
import { encodeWavPcm16 } from '../../synthesis/encoders/wav.js';
import type { SpeechService } from '../speech/speech-service.js';
import { SpeechError } from '../speech/speech-errors.js';
import { creditCost, defaultOutputOrder, type SpeechOrder } from '../speech/speech-order.js';
import type { VoiceResolver } from '../voices/voice-resolver.js';
import type { DictionaryLocator } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import type { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import type { TimedSentence } from '../speech/sentence-stream.js';
import { ChunkEncoder } from '../stream-input/chunk-encoder.js';
import type { SpokenPiece } from '../stream-input/chunk-speaker.js';
import { alignmentOf, sliceAlignment, type CharacterAlignment } from './alignment.js';
import { chooseModel, elevenLabsModelIds, modelForId } from './model-ids.js';
import { prosodyOf, type ElevenLabsVoiceSettings } from './voice-settings.js';
import { oratorVoiceIdOf } from './voice-ids.js';
import type { EncodedSpeechStream } from '../speech/encoded-speech-stream.js';
import { reencodedChunks } from '../speech/reencoded-chunks.js';

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
  /** Encodes a timed stream's MP3 chunks. */
  pool: Pick<SynthesisPool, 'encodeChunk'>;
}

/** Timed audio under way: the first sentence is rendered, so refusals came before any byte. */
export interface TimedAudioStream {
  /** Credits charged (characters of the text). */
  credits: number;
  /** A piece a sentence, sent as soon as it is rendered; iterate once. */
  chunks(): AsyncGenerator<TimedAudio>;
  /** The listener left: stop, free the slot, give back what was not sent. */
  cancel(): Promise<void>;
}

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
    const chunks = () => reencodedChunks(stream, encoding.sampleRate, () => createCodecEncoder(encoding));
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
   * `stream/with-timestamps`: a piece a sentence, each as soon as it is rendered (and those before
   * it sent), encoded as the stream-input WebSocket encodes its chunks (chunk-encoder.ts: joined,
   * the pieces are one valid stream, as long as the same text's `stream`). A piece's characters
   * are those of its sentence, the whitespace before it included; their times count from the
   * start of the whole audio (as decoded, codec delay included), as ElevenLabs' HTTP stream gives
   * them.
   */
  async openTimed(accountUid: string, order: ElevenLabsSpeechOrder): Promise<TimedAudioStream> {
    const speechOrder = await this.speechOrderOf(accountUid, order);
    const rate = order.encoding.sampleRate;
    const stream = await this.deps.speech.openSentences(accountUid, speechOrder, rate);
    const { encoding } = order;
    const { pool } = this.deps;
    async function* chunks(): AsyncGenerator<TimedAudio> {
      // Made here, so only this loop ever touches it (closing it from elsewhere mid-encode is unsafe).
      const encoder = new ChunkEncoder(encoding, speechOrder.output.tempo, pool);
      let sent = 0;
      let first = true;
      try {
        for await (const sentence of stream.sentences()) {
          const piece = await spokenPieceOf(stream.text, sentence, first, rate);
          first = false;
          const encoded = await encoder.encodeAfterPause(piece, sentence.pauseBefore);
          // The codec's tail (Opus's last frame) goes with the last piece: no piece without characters.
          const tail = sentence.last ? await encoder.finish() : null;
          const whole = (a: CharacterAlignment) => sliceAlignment(a, 0, a.characters.length, sent);
          yield {
            audio: tail ? concat(encoded.audio, tail.audio) : encoded.audio,
            duration: encoded.seconds,
            alignment: whole(encoded.alignment),
            normalizedAlignment: whole(encoded.normalizedAlignment),
          };
          sent += encoded.seconds;
        }
      } finally {
        await encoder.close();
      }
    }
    return { credits: stream.credits, chunks, cancel: () => stream.cancel() };
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

/** A sentence's samples at `rate`, its characters timed from its first sample (a space first in the spoken text after the first, as the whole answer joins them). */
async function spokenPieceOf(text: string, sentence: TimedSentence, first: boolean, rate: number): Promise<SpokenPiece> {
  const pcm = sentence.sampleRate === rate ? { samples: sentence.samples, sampleRate: rate } : await resample({ samples: sentence.samples, sampleRate: sentence.sampleRate }, rate);
  const duration = pcm.samples.length / rate;
  const spokenText = first ? sentence.spokenText : ` ${sentence.spokenText}`;
  const spokenWords = first ? sentence.spokenWords : sentence.spokenWords.map((w) => ({ ...w, offset: w.offset + 1 }));
  return {
    samples: pcm.samples,
    sampleRate: rate,
    alignment: alignmentOf(text.slice(sentence.from, sentence.to), sentence.words, duration),
    normalizedAlignment: alignmentOf(spokenText, spokenWords, duration),
  };
}
