import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { elevenLabsSignInOf } from './authenticate.js';
import { onSharedPath } from './credential-constraint.js';
import { elevenLabsVoice } from './voice-shape.js';

/** `GET /v1/voices` (xi-api-key; Typecast's route answers X-API-KEY): every voice the key may use, its custom voices first. */
export function registerVoices(app: FastifyInstance, services: Services): void {
  app.get('/v1/voices', { ...onSharedPath, schema: { hide: true } }, async (request) => {
    const { account, voicesVersion } = elevenLabsSignInOf(request);
    const entries = await services.voiceCatalog.list(account.uid, voicesVersion);
    return { voices: entries.map((entry) => elevenLabsVoice(entry, services.config.publicUrl)) };
  });
}
