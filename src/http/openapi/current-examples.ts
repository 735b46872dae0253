import { findVoiceByAnyName } from '../../synthesis/catalog/find-voice.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { exampleVoice } from './example-voice.js';

type Operation = { parameters?: { name: string; in: string; example?: unknown }[]; requestBody?: { content?: Record<string, { example?: unknown }> } };
type Paths = Record<string, Record<string, Operation>>;

const model = modelsOf(findVoiceByAnyName(exampleVoice.voiceId.slice(3)) ?? findVoiceByAnyName('eng-olivia')!).at(-1)!.version;
const speech = { voice_id: exampleVoice.voiceId, text: 'Hello from Orator.', model, language: exampleVoice.language, output: { audio_format: 'mp3' } };

/** Request bodies "Try it out" sends as they are: a real voice, a real language, no fields that exclude each other. */
const bodies: Record<string, unknown> = {
  'post /v1/text-to-speech': speech,
  'post /v1/text-to-speech/stream': speech,
  'post /v1/text-to-speech/with-timestamps': speech,
  'post /v1/text-to-speech/compose': {
    segments: [
      { type: 'tts', voice_id: exampleVoice.voiceId, text: 'First part.', model, language: exampleVoice.language },
      { type: 'pause', duration_seconds: 0.5 },
      { type: 'tts', voice_id: exampleVoice.voiceId, text: 'Second part.', model, language: exampleVoice.language },
    ],
    audio_format: 'mp3',
  },
};

/** Path parameters of reading operations on built-in voices (never of deleting ones: an example must not destroy). */
const readParameters: Record<string, unknown> = { voice_id: exampleVoice.voiceId };
const builtinVoicePath = /^\/v\d\/voices\/\{voice_id\}$/;

/** Puts the examples into the generated document of the current interface. */
export function addCurrentExamples(paths: Paths): void {
  for (const [url, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = bodies[`${method} ${url}`];
      const json = operation.requestBody?.content?.['application/json'];
      if (body && json) json.example = body;
      if (method !== 'get' || !builtinVoicePath.test(url)) continue;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name in readParameters) parameter.example = readParameters[parameter.name];
      }
    }
  }
}
