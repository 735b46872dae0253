import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { registerDeleteCustomVoice } from './delete-custom-voice.js';
import { registerDeleteVoice } from './delete-voice.js';
import { registerGetCustomVoice } from './get-custom-voice.js';
import { registerInstantClone } from './instant-clone.js';
import { registerListCustomVoices } from './list-custom-voices.js';
import { registerProfessionalClone } from './professional-clone.js';
import { registerVoicesClone } from './voices-clone.js';

/**
 * Custom voices, in a scope of their own inside the current interface (its key check, error
 * renderer and 422 shape apply). No body is parsed before the handler: a form route streams a
 * multipart form itself (multipart-form.ts), and leaves any other body unread, answering it
 * with FastAPI's "field required" for each field.
 */
export async function registerCustomVoices(api: FastifyInstance, services: Services): Promise<void> {
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    registerVoicesClone(scope, services);
    registerInstantClone(scope, services);
    registerProfessionalClone(scope, services);
    registerListCustomVoices(scope, services);
    registerGetCustomVoice(scope, services);
    registerDeleteCustomVoice(scope, services);
    registerDeleteVoice(scope, services);
  });
}
