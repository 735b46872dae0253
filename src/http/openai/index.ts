import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { OpenAiSpeechService } from '../../services/openai-speech/openai-speech-service.js';
import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { bearerKeyAuthentication } from './authenticate.js';
import { renderOpenAiError } from './error-renderer.js';
import { registerModels } from './models.js';
import { registerSpeech } from './speech.js';
import { registerVoices } from './voices.js';

/**
 * OpenAI's speech API (`/v1/audio/speech`, `/v1/audio/voices`, `/v1/models`), in a scope of its
 * own: `Authorization: Bearer <api key>` and OpenAI's error shape apply to these routes only,
 * beside the current interface's `/v1` routes (X-API-KEY, `{detail}`).
 */
export async function registerOpenAiInterface(app: FastifyInstance, services: Services): Promise<void> {
  const speech = new OpenAiSpeechService({
    speech: services.speech,
    voices: services.voices,
    customVoices: services.customVoices,
    listBuiltin: () => listBuiltinVoices().map((v) => ({ id: `tc_${v.id}`, name: v.name.eng })),
  });
  await app.register(async (api) => {
    api.setErrorHandler(renderOpenAiError);
    api.addHook('onRequest', bearerKeyAuthentication(services));
    registerSpeech(api, speech);
    registerVoices(api, speech);
    registerModels(api);
  });
}
