import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerOpenApi } from '../openapi/register-openapi.js';
import { registerSubscription } from './account/subscription.js';
import { registerCaptions } from './captions/captions.js';
import { registerAdminInterface } from '../admin/index.js';
import { registerCustomVoices } from './custom-voices/index.js';
import { requireApiKey } from './authenticate.js';
import { renderCurrentError, renderNotFound } from './error-renderer.js';
import { registerJsonBody } from './json-body.js';
import { registerTextToSpeechCompose } from './speech/text-to-speech-compose.js';
import { registerTextToSpeechStream } from './speech/text-to-speech-stream.js';
import { registerTextToSpeechWithTimestamps } from './speech/text-to-speech-with-timestamps.js';
import { registerTextToSpeech } from './speech/text-to-speech.js';
import { currentValidatorCompiler } from './validation/schema-validator.js';
import { registerRecommendations } from './voices/recommendations.js';
import { registerV1Voice } from './voices/v1-voice.js';
import { registerV1Voices } from './voices/v1-voices.js';
import { registerV2Voice } from './voices/v2-voice.js';
import { registerV2Voices } from './voices/v2-voices.js';
import { registerV3Voice } from './voices/v3-voice.js';
import { registerV3Voices } from './voices/v3-voices.js';

/**
 * The current interface (`X-API-KEY`; `/v1`, `/v2`, `/v3`), registered in its own scope so its
 * error renderer (`{detail}`, FastAPI's 422 shape) applies to its routes only. OpenAPI
 * (`/openapi.json`, `/docs`) is registered first so it sees every route; it needs no key.
 */
export async function registerCurrentInterface(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    await registerOpenApi(scope);
    await scope.register(async (api) => {
      api.setValidatorCompiler(currentValidatorCompiler);
      api.setErrorHandler(renderCurrentError);
      registerJsonBody(api);
      // Before anything else, even before the body is read or a route is known.
      requireApiKey(api, services);
      for (const prefix of ['/v1', '/v2', '/v3']) {
        await api.register(async (version) => void version.setNotFoundHandler(renderNotFound), { prefix });
      }
      registerV3Voices(api, services);
      registerV3Voice(api, services);
      registerV2Voices(api, services);
      registerV2Voice(api, services);
      registerV1Voices(api, services);
      registerRecommendations(api, services);
      registerV1Voice(api, services);
      registerTextToSpeech(api, services);
      registerTextToSpeechStream(api, services);
      registerTextToSpeechWithTimestamps(api, services);
      registerTextToSpeechCompose(api, services);
      registerCaptions(api);
      registerSubscription(api, services);
      // Custom voices (/v1/voices/clone, /v1/custom-voices/*, DELETE /v1/voices/{id}) register here.
      await registerCustomVoices(api, services);
    });
    // The admin API lives in this scope only so that the one OpenAPI document describes it too.
    await registerAdminInterface(scope, services);
  });
}
