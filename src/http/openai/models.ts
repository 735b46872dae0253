import type { FastifyInstance } from 'fastify';
import { speechModelIds } from '../../services/openai-speech/model-names.js';

/** When the model list was first published; OpenAI's `created` is a Unix time. */
const created = 1764028800;

/**
 * `GET /v1/models`: OpenAI's list shape (`{object: "list", data: [{id, object, created, owned_by}]}`),
 * and `GET /v1/audio/models` (`{models: [{id}]}`, which Open WebUI reads for its model menu).
 */
export function registerModels(app: FastifyInstance): void {
  app.get('/v1/models', { schema: { hide: true } }, async () => ({
    object: 'list',
    data: speechModelIds.map((id) => ({ id, object: 'model', created, owned_by: 'orator' })),
  }));
  app.get('/v1/audio/models', { schema: { hide: true } }, async () => ({ models: speechModelIds.map((id) => ({ id })) }));
}
