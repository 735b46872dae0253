import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { ElevenLabsSpeechService } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { xiApiKeyAuthentication } from './authenticate.js';
import { registerAddVoice } from './add-voice.js';
import { addCredentialConstraint } from './credential-constraint.js';
import { registerDeleteVoice } from './delete-voice.js';
import { renderElevenLabsError } from './error-renderer.js';
import { registerNotFound } from './not-found.js';
import { registerModels } from './models.js';
import { registerSubscription } from './subscription.js';
import { registerTextToSpeech } from './text-to-speech.js';
import { registerTextToSpeechStream } from './text-to-speech-stream.js';
import { registerTextToSpeechStreamWithTimestamps } from './text-to-speech-stream-with-timestamps.js';
import { registerTextToSpeechWithTimestamps } from './text-to-speech-with-timestamps.js';
import { registerUser } from './user.js';
import { registerVoice } from './voice.js';
import { registerVoices } from './voices.js';
import { registerVoicesSearch } from './voices-search.js';
import { registerStreamInput } from './stream-input.js';
import { registerPronunciationDictionaries } from './pronunciation-dictionaries/index.js';
import { StreamInputService } from '../../services/stream-input/stream-input-service.js';

/** The ElevenLabs speech service over an app's services (stateless: every route, the WebSocket's too, may share one or make its own). */
export function elevenLabsSpeechOf(services: Services): ElevenLabsSpeechService {
  return new ElevenLabsSpeechService({ speech: services.speech, voices: services.voices, pool: services.pool });
}

/**
 * ElevenLabs' API (docs/elevenlabs.md), in a scope of its own: `xi-api-key` and the
 * `{"detail": {"status", "message"}}` error shape apply to these routes only. On paths the
 * Typecast or OpenAI interface has too, the credential decides (credential-constraint.ts).
 */
export async function registerElevenLabsInterface(app: FastifyInstance, services: Services): Promise<void> {
  addCredentialConstraint(app);
  const speech = elevenLabsSpeechOf(services);
  await app.register(async (api) => {
    api.setErrorHandler(renderElevenLabsError);
    api.addHook('onRequest', xiApiKeyAuthentication(services));
    registerTextToSpeech(api, speech);
    registerTextToSpeechStream(api, speech);
    registerTextToSpeechWithTimestamps(api, speech);
    registerTextToSpeechStreamWithTimestamps(api, speech);
    registerVoices(api, services);
    registerVoice(api, services);
    registerVoicesSearch(api, services);
    registerModels(api);
    registerUser(api, services);
    registerSubscription(api, services);
    registerAddVoice(api, services);
    registerDeleteVoice(api, services);
    registerNotFound(api);
  });
  await registerPronunciationDictionaries(app, services);
  // The WebSocket takes its key from the header or from its first message: a scope without the
  // header check, with the same error renderer for what the handshake refuses.
  const streamInput = new StreamInputService({ speech: services.speech, elevenLabs: speech, pool: services.pool });
  await app.register(async (api) => {
    api.setErrorHandler(renderElevenLabsError);
    registerStreamInput(api, services, streamInput);
  });
}
