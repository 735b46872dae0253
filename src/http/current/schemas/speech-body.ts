import { Type, type Static } from '@sinclair/typebox';
import { emotionPresets, ttsModels } from '../../../synthesis/catalog/voice-types.js';
import { CaptionsField, captionsList } from './captions.js';
import { Nullable, StringEnum } from './common.js';

const preset = StringEnum(emotionPresets, { description: 'Default normal; ssfm-v21 has normal, happy, sad, angry' });
const intensity = Type.Number({ minimum: 0, maximum: 2, description: 'Default 1' });
const contextText = Nullable(Type.String({ maxLength: 2000 }));

export const PlainPrompt = Type.Object(
  { emotion_preset: Type.Optional(preset), emotion_intensity: Type.Optional(intensity) },
  { additionalProperties: false, title: 'Prompt', description: 'Any model' },
);
export const PresetPrompt = Type.Object(
  { emotion_type: Type.Literal('preset'), emotion_preset: Type.Optional(preset), emotion_intensity: Type.Optional(intensity) },
  { additionalProperties: false, title: 'PresetPrompt', description: 'ssfm-v30 and later' },
);
export const SmartPrompt = Type.Object(
  { emotion_type: Type.Literal('smart'), previous_text: Type.Optional(contextText), next_text: Type.Optional(contextText) },
  { additionalProperties: false, title: 'SmartPrompt', description: 'ssfm-v30 and later: the emotion is inferred from the text and the text around it' },
);
export const Prompt = Type.Union([PlainPrompt, PresetPrompt, SmartPrompt]);

const audioFormat = StringEnum(['wav', 'mp3'] as const, { description: 'Default wav' });
const pitch = Type.Integer({ minimum: -12, maximum: 12, description: 'Semitones, default 0' });
const tempo = Type.Number({ minimum: 0.5, maximum: 2, description: 'Playback speed, default 1' });
const targetLufs = Nullable(Type.Number({ minimum: -70, maximum: 0, description: 'Integrated loudness target (BS.1770); not with volume' }));
const removeSilence = Nullable(Type.Integer({ minimum: 0, maximum: 1000, description: 'Accepted for compatibility; speech is already trimmed' }));

export const Output = Type.Object(
  {
    volume: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 200, description: '100 unchanged; not with target_lufs' }))),
    target_lufs: Type.Optional(targetLufs),
    audio_pitch: Type.Optional(pitch),
    audio_tempo: Type.Optional(tempo),
    audio_format: Type.Optional(audioFormat),
    remove_silence_ms: Type.Optional(removeSilence),
  },
  { title: 'Output' },
);
export const StreamOutput = Type.Object(
  {
    target_lufs: Type.Optional(targetLufs),
    audio_pitch: Type.Optional(pitch),
    audio_tempo: Type.Optional(tempo),
    audio_format: Type.Optional(audioFormat),
    remove_silence_ms: Type.Optional(removeSilence),
  },
  { additionalProperties: false, title: 'OutputStream', description: 'No volume in a stream; target_lufs is applied sentence by sentence' },
);

function speechFields<O extends typeof Output | typeof StreamOutput>(output: O) {
  return {
    voice_id: Type.String({ minLength: 1, maxLength: 100, examples: ['tc_62a8975e695ad26f7fb514d1'] }),
    text: Type.String({ minLength: 1, maxLength: 2000 }),
    model: StringEnum(ttsModels, { description: 'ssfm-v31 is handled like ssfm-v30' }),
    language: Type.Optional(Nullable(Type.String({ maxLength: 16, description: 'ISO 639-3, any letter case; detected from the text when absent' }))),
    prompt: Type.Optional(Nullable(Prompt)),
    output: Type.Optional(Nullable(output)),
    seed: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Accepted; synthesis is deterministic whatever the seed' }))),
  };
}

export const SpeechBody = Type.Object(speechFields(Output), { title: 'TTSRequest' });
export const StreamBody = Type.Object(speechFields(StreamOutput), { title: 'TTSRequestStream' });
export type SpeechBodyValue = Static<typeof SpeechBody>;
export type StreamBodyValue = Static<typeof StreamBody>;

export const TtsSegment = Type.Object({ type: Type.Literal('tts'), ...speechFields(Output) }, { title: 'ComposeTtsSegment' });
export const PauseSegment = Type.Object(
  { type: Type.Literal('pause'), duration_seconds: Type.Number({ exclusiveMinimum: 0, maximum: 10 }) },
  { title: 'ComposePauseSegment' },
);
export const ComposeBody = Type.Object(
  {
    segments: Type.Array(Type.Union([TtsSegment, PauseSegment]), {
      minItems: 1,
      maxItems: 50,
      description: 'At least one tts segment; tts texts at most 2000 characters together; pauses at most 60 s together',
    }),
    audio_format: Type.Optional(audioFormat),
  },
  { title: 'ComposeRequest' },
);
export type ComposeBodyValue = Static<typeof ComposeBody>;

export const TimestampsQuery = Type.Object({
  granularity: Type.Optional(StringEnum(['word', 'char'] as const, { description: 'Omitted: both words and characters' })),
  captions: captionsList,
});

const TimedText = Type.Object({ text: Type.String(), start: Type.Number(), end: Type.Number() });
export const TimestampsResponse = Type.Object(
  {
    audio: Type.String({ description: 'Base64 of the audio file' }),
    audio_format: audioFormat,
    audio_duration: Type.Number(),
    words: Nullable(Type.Array(TimedText)),
    characters: Nullable(Type.Array(TimedText)),
    captions: CaptionsField,
  },
  { title: 'TTSWithTimestampsResponse' },
);

/** Documented 200 of the audio routes. */
export const audioResponse = {
  description:
    'Audio: audio/wav is PCM 16-bit mono 44100 Hz; audio/mp3 is MP3 320 kbps 44100 Hz. MP3 is labelled audio/mp3 as the real service labels it (the official JS client reads the format from the subtype); downloads of the earlier interface keep audio/mpeg.',
  headers: { 'X-Audio-Duration': { type: 'number', description: 'Seconds of audio' } },
  content: {
    'audio/wav': { schema: { type: 'string', format: 'binary' } },
    'audio/mp3': { schema: { type: 'string', format: 'binary' } },
  },
};
