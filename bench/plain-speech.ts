/**
 * The benches' requests for a catalog voice in its plain style (no emotion), in its language: as the
 * pipeline sees them (`plainSpeechRequest`) and as the engine alone sees them (`plainEngineRequest`),
 * so a bench's yardstick and its subject render the very same voice.
 */
import { findVoiceByAnyName } from '../src/synthesis/catalog/find-voice.js';
import type { CatalogVoice, TtsModel } from '../src/synthesis/catalog/voice-types.js';
import type { Engine, EngineRequest } from '../src/synthesis/engines/engine.js';
import { engineFor } from '../src/synthesis/engines/registered-engines.js';
import { renderCatalogVoice } from '../src/synthesis/pipeline/render-voice.js';
import { defaultOutput, type AudioFormat, type SpeechRequest } from '../src/synthesis/pipeline/speech-request.js';

export function plainSpeechRequest(text: string, voice: string | CatalogVoice, model: TtsModel, format: AudioFormat = 'wav'): SpeechRequest {
  const found = typeof voice === 'string' ? findVoiceByAnyName(voice)! : voice;
  return {
    text,
    language: found.language,
    render: (language) => renderCatalogVoice(found, model, { preset: 'normal', intensity: 1 }, language),
    output: { ...defaultOutput, format, sampleRate: 44100 },
  };
}

export function plainEngineRequest(text: string, voice: string | CatalogVoice, model: TtsModel): { engine: Engine; request: EngineRequest } {
  const speech = plainSpeechRequest(text, voice, model);
  const language = speech.language!;
  const rendering = speech.render(language);
  return { engine: engineFor(rendering.voice.engine), request: { text, language, voice: rendering.voice, prosody: rendering.prosody } };
}
