import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { errors } from '../api-error.js';
import { maxResourceBytes } from '../../services/speak-resources/resource-formats.js';
import type { SignedQuery } from './speak-file-access.js';

type UploadRequest = FastifyRequest<{ Params: { id: string }; Querystring: SignedQuery }>;

/**
 * `PUT /files/speak-resource/{id}?expires=…&signature=…`: the `presigned_url` of a speak
 * resource. The body is the file's bytes, whatever the Content-Type (as with S3). The signature
 * is checked before the body is read, so an unsigned upload costs us nothing; then the body is
 * streamed into the blob store as it arrives (no parser reads it: the handler hands the request
 * stream to the service), never held whole in memory.
 */
export async function registerResourceUpload(files: FastifyInstance, services: Services): Promise<void> {
  await files.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    // Leaves the body unread: the handler streams `request.raw` itself.
    upload.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // An answer given before the body was read whole (refused early) is followed by reading and
    // dropping the rest, within bounds, so the client reads it (http/request-bodies/). The route's
    // body has the upload's time limit, and its size limit is what such a drain is held to.
    upload.put('/speak-resource/:id', {
      bodyLimit: maxResourceBytes,
      config: { upload: true },
      onRequest: async (request: UploadRequest) => {
        const { expires, signature } = request.query ?? {};
        const ok = typeof expires === 'string' && typeof signature === 'string' && services.earlier.resources.verifyUploadUrl(request.params.id, expires, signature);
        if (!ok) throw errors.unauthorized('The upload URL has expired or is not valid');
      },
      handler: async (request: UploadRequest, reply) => {
        const declared = request.headers['content-length'];
        const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
        const stored = await services.earlier.resources.acceptUpload(request.params.id, request.raw, length);
        return reply.status(200).send({ result: { speak_resource_id: request.params.id, size: stored.size } });
      },
    });
  });
}
