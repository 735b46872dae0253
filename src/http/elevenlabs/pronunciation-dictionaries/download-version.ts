import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsAccountOf } from '../authenticate.js';

const Params = Type.Object({ pronunciation_dictionary_id: Type.String({ minLength: 1, maxLength: 100 }), version_id: Type.String({ minLength: 1, maxLength: 100 }) });

/** `GET /v1/pronunciation-dictionaries/{id}/{version_id}/download`: that version as a PLS lexicon. */
export function registerDownloadVersion(app: FastifyInstance, services: Services): void {
  app.get<{ Params: Static<typeof Params> }>('/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/:version_id/download', { schema: { params: Params, hide: true } }, async (request, reply) => {
    const { pronunciation_dictionary_id: id, version_id } = request.params;
    const lexicon = await services.pronunciationDictionaries.download(elevenLabsAccountOf(request).uid, id, version_id);
    return reply.type('application/pls+xml; charset=utf-8').header('content-disposition', `attachment; filename="${id}.pls"`).send(lexicon);
  });
}
