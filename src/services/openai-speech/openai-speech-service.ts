import { createFormatEncoder, streamContentTypes, type StreamFormat } from '../../synthesis/encoders/format-encoder.js';
import type { TtsModel } from '../../synthesis/catalog/voice-types.js';
import type { CustomVoiceService } from '../custom-voices/custom-voice-service.js';
import type { SpeechService } from '../speech/speech-service.js';
import { SpeechError } from '../speech/speech-errors.js';
import { creditCost, defaultOutputOrder, type EmotionOrder, type SpeechOrder } from '../speech/speech-order.js';
import type { VoiceResolver } from '../voices/voice-resolver.js';
import type { ModelChoice } from './model-names.js';
import { openAiVoiceNames, voiceIdForName } from './voice-names.js';
import type { EncodedSpeechStream } from '../speech/encoded-speech-stream.js';
import { reencodedChunks } from '../speech/reencoded-chunks.js';

/** OpenAI's answers are 24 kHz mono (`pcm` is documented as such); every format here is too. */
export const openAiSampleRate = 24000;

/** One request of the OpenAI speech API, validated for shape. */
export interface OpenAiSpeechOrder {
  model: ModelChoice;
  input: string;
  voice: string;
  format: StreamFormat;
  /** 0.25…4: playback speed without a pitch change. */
  speed: number;
  instructions: string | null;
}

export type OpenAiSpeechStream = EncodedSpeechStream;

export interface AcceptedVoice {
  id: string;
  name: string;
  kind: 'openai' | 'builtin' | 'custom';
}

export interface OpenAiSpeechDeps {
  speech: SpeechService;
  voices: VoiceResolver;
  customVoices: Pick<CustomVoiceService, 'listUsable'>;
  listBuiltin(): { id: string; name: string }[];
}

/**
 * The OpenAI speech API over the current interface's SpeechService: the same voices, plan
 * limits, credits and concurrency slots. Names are mapped (voice-names, model-names), the
 * instructions become the smart prompt's context, and the 32 kHz stream of the SpeechService is
 * resampled to 24 kHz and encoded into the asked format as it comes.
 */
export class OpenAiSpeechService {
  constructor(private readonly deps: OpenAiSpeechDeps) {}

  async open(accountUid: string, order: OpenAiSpeechOrder): Promise<OpenAiSpeechStream> {
    const voiceId = voiceIdForName(order.voice);
    if (!voiceId) throw new SpeechError('voice_not_found', `Voice not found: ${order.voice}. Use one of ${openAiVoiceNames.join(', ')} or a tc_/uc_ voice id (GET /v1/audio/voices).`);
    const voice = await this.deps.voices.resolve(accountUid, voiceId);
    if (!voice) throw new SpeechError('voice_not_found', `Voice not found: ${order.voice}`);
    const offered = voice.models.map((m) => m.version);
    const model = chooseModel(order.model, offered);
    const speechOrder: SpeechOrder = {
      voiceId,
      text: order.input,
      model,
      language: null,
      emotion: emotionFor(order.instructions, model),
      output: { ...defaultOutputOrder, format: 'wav', tempo: order.speed },
      seed: null,
    };
    const stream = await this.deps.speech.openStream(accountUid, speechOrder);
    const chunks = () => reencodedChunks(stream, openAiSampleRate, () => createFormatEncoder(order.format, openAiSampleRate));
    return {
      contentType: streamContentTypes[order.format],
      credits: creditCost(stream.text),
      chunks,
      cancel: () => stream.cancel(),
    };
  }

  /** Every voice name this server takes for the account: OpenAI's names, the built-in ids, the account's completed custom voices. */
  async listVoices(accountUid: string): Promise<AcceptedVoice[]> {
    const custom = await this.deps.customVoices.listUsable(accountUid);
    return [
      ...openAiVoiceNames.map((name) => ({ id: name, name, kind: 'openai' as const })),
      ...custom.map((v) => ({ id: v.voiceId, name: v.name, kind: 'custom' as const })),
      ...this.deps.listBuiltin().map((v) => ({ id: v.id, name: v.name, kind: 'builtin' as const })),
    ];
  }
}

/** An alias speaks on its tier when the voice has it, else on the voice's newest model; an Orator model id is taken as asked. */
function chooseModel(choice: ModelChoice, offered: TtsModel[]): TtsModel {
  if (!choice.alias || offered.includes(choice.model)) return choice.model;
  return offered[offered.length - 1] ?? choice.model;
}

/** Instructions drive the smart prompt (ssfm-v30 and later); without them, or on ssfm-v21, the voice speaks plainly. */
function emotionFor(instructions: string | null, model: TtsModel): EmotionOrder {
  if (!instructions || model === 'ssfm-v21') return { kind: 'plain', preset: 'normal', intensity: 1 };
  return { kind: 'smart', previousText: instructions, nextText: null };
}
