import type { DictionaryLocator } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import type { ElevenLabsSpeechService } from '../elevenlabs-speech/elevenlabs-speech-service.js';
import type { ElevenLabsVoiceSettings } from '../elevenlabs-speech/voice-settings.js';
import type { SpeechService } from '../speech/speech-service.js';
import type { AudioEncoding } from '../../synthesis/encoders/codec-encoder.js';
import type { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import { ChunkEncoder } from './chunk-encoder.js';
import { ChunkSpeaker } from './chunk-speaker.js';
import { StreamInputSession, type StreamInputSink } from './stream-input-session.js';

/** What a stream-input connection asks for: its query and its first message, checked for shape. */
export interface StreamInputRequest {
  voiceId: string;
  modelId: string | null;
  /** ISO 639-3, or null to detect each chunk's language. */
  language: string | null;
  settings: ElevenLabsVoiceSettings | null;
  seed: number | null;
  /** Pronunciation dictionaries the first message names, besides the account's defaults. */
  dictionaries: readonly DictionaryLocator[];
  encoding: AudioEncoding;
  /** Characters before a chunk is cut inside a sentence; null never (auto_mode). */
  schedule: readonly number[] | null;
  inactivitySeconds: number;
}

export interface StreamInputDeps {
  speech: SpeechService;
  elevenLabs: ElevenLabsSpeechService;
  pool: Pick<SynthesisPool, 'encodeChunk'>;
}

/**
 * ElevenLabs' stream-input sessions over the same services as every synthesis: the voice and
 * model checked (and refused) before anything else, then one concurrency slot held for the
 * session, each chunk's characters charged as it is synthesized.
 */
export class StreamInputService {
  constructor(private readonly deps: StreamInputDeps) {}

  async open(accountUid: string, request: StreamInputRequest, sink: StreamInputSink): Promise<StreamInputSession> {
    const order = await this.deps.elevenLabs.speechOrderOf(accountUid, {
      voiceId: request.voiceId,
      text: '',
      modelId: request.modelId,
      language: request.language,
      settings: request.settings,
      seed: request.seed,
      previousText: null,
      nextText: null,
      dictionaries: request.dictionaries,
      encoding: request.encoding,
    });
    // A dictionary that is not the account's is refused now, not at the first chunk.
    if (request.dictionaries.length > 0) await this.deps.speech.checkDictionaries(accountUid, request.dictionaries);
    const slot = await this.deps.speech.holdSlot(accountUid);
    return new StreamInputSession(
      slot,
      order,
      new ChunkSpeaker(this.deps.speech, request.encoding.sampleRate),
      new ChunkEncoder(request.encoding, order.output.tempo, this.deps.pool),
      sink,
      { language: request.language ?? 'eng', schedule: request.schedule, inactivitySeconds: request.inactivitySeconds },
    );
  }
}
