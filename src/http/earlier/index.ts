import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerFiles } from '../files/index.js';
import { registerActorList } from './actor-list.js';
import { registerActorVersion } from './actor-version.js';
import { registerActorVersions } from './actor-versions.js';
import { requireBearer } from './auth.js';
import { registerMeCallbackUrl } from './me-callback-url.js';
import { registerMe } from './me.js';
import { registerProsodyMeta } from './prosody-meta.js';
import { errorBody, renderEarlierError } from './render-error.js';
import { registerSpeakCreate } from './speak-create.js';
import { registerSpeakRead } from './speak-read.js';
import { registerSpeakResourceCreate } from './speak-resource-create.js';
import { registerSpeakV2Read } from './speak-v2-read.js';
import { registerSpeakCaptions } from './speak-captions.js';
import { registerTextToSpeech } from './text-to-speech.js';

/**
 * The earlier interface (`Authorization: Bearer`; `/api`, `/files`), registered in its own scope
 * so its error renderer (`{message: {msg, error_code}}`) applies to its routes only.
 */
export async function registerEarlierInterface(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(renderEarlierError);
    await scope.register(
      async (api) => {
        api.setNotFoundHandler((request, reply) => reply.status(404).send(errorBody('Not found', 'app/not-found')));
        api.addHook('onRequest', requireBearer(services));
        registerActorList(api);
        registerActorVersions(api);
        registerActorVersion(api);
        registerMe(api, services);
        registerMeCallbackUrl(api, services);
        registerSpeakCreate(api, services);
        registerSpeakV2Read(api, services);
        registerSpeakCaptions(api, services);
        registerSpeakRead(api, services);
        registerTextToSpeech(api, services);
        registerSpeakResourceCreate(api, services);
        registerProsodyMeta(api, services);
      },
      { prefix: '/api' },
    );
    await scope.register(
      async (files) => {
        files.setNotFoundHandler((request, reply) => reply.status(404).send(errorBody('Not found', 'app/not-found')));
        await registerFiles(files, services);
      },
      { prefix: '/files' },
    );
  });
}
