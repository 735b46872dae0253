import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { maxResourceBytes } from '../../services/speak-resources/resource-formats.js';
import { errors } from '../api-error.js';
import type { SignedQuery } from './speak-file-access.js';

type UploadRequest = FastifyRequest<{ Params: { id: string }; Querystring: SignedQuery }>;

/**
 * `PUT /files/speak-resource/{id}?expires=…&signature=…`: the `presigned_url` of a speak
 * resource. The body is the file's bytes, whatever the Content-Type (as with S3). The signature
 * is checked before the body is read, so an unsigned upload costs us nothing.
 */
export async function registerResourceUpload(files: FastifyInstance, services: Services): Promise<void> {
  await files.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxResourceBytes }, (_request, body, done) => done(null, body));
    upload.put('/speak-resource/:id', {
      bodyLimit: maxResourceBytes,
      onRequest: async (request: UploadRequest) => {
        const { expires, signature } = request.query ?? {};
        const ok = typeof expires === 'string' && typeof signature === 'string' && services.earlier.resources.verifyUploadUrl(request.params.id, expires, signature);
        if (!ok) throw errors.unauthorized('The upload URL has expired or is not valid');
      },
      handler: async (request: UploadRequest, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const stored = await services.earlier.resources.acceptUpload(request.params.id, body);
        return reply.status(200).send({ result: { speak_resource_id: request.params.id, size: stored.size } });
      },
    });
  });
}
