import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { extensionOf } from '../../services/speaks/speak-order.js';
import { caller } from './auth.js';

/** `GET /api/speak/{id}` (deprecated): `{status, audio: {url, extension}}`; `url` is null until done. */
export function registerSpeakRead(api: FastifyInstance, services: Services): void {
  api.get<{ Params: { id: string } }>('/speak/:id', async (request) => {
    const speak = await services.earlier.speaks.get(caller(request).account.uid, request.params.id);
    return {
      result: {
        status: speak.status,
        audio: {
          url: speak.status === 'done' ? services.earlier.urls.audioDownloadUrl(speak) : null,
          extension: extensionOf(speak.format),
        },
      },
    };
  });
}
