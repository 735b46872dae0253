import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { BlobRangeError, type ByteRange } from '../../blobs/blob-store.js';
import { audioPath, noRedirectPath } from '../../services/speaks/speak-urls.js';
import { errors } from '../api-error.js';
import { parseRangeHeader } from './byte-range-header.js';
import { speakForFile, type SignedQuery } from './speak-file-access.js';

type AudioRequest = FastifyRequest<{ Params: { name: string }; Querystring: SignedQuery }>;

/**
 * `GET /files/speak/{name}` (`audio_download_url`) and `GET /files/speak/{name}/no-redirect`
 * (`audio_url_no_redirect`). Both stream the stored audio through this server (from disk or
 * S3 alike), a single `Range: bytes=…` included (206, or 416 past the end); the first is the one
 * that may one day redirect to object storage, the second never will.
 */
export function registerSpeakAudio(files: FastifyInstance, services: Services): void {
  const serve = (pathOf: (name: string) => string) => async (request: AudioRequest, reply: FastifyReply) => {
    const { name } = request.params;
    const speak = await speakForFile(request, services, name, pathOf(name));
    const key = speak.audioKey!;
    const asked = parseRangeHeader(request.headers.range);
    let range: ByteRange | undefined;
    if (asked && 'suffix' in asked) {
      const info = await services.blobs.stat(key);
      if (!info) throw errors.notFound('The audio of this speak is gone');
      range = { start: Math.max(0, info.size - asked.suffix) };
    } else if (asked) {
      range = asked.range;
    }
    let stored;
    try {
      stored = await services.blobs.stream(key, range);
    } catch (error) {
      if (error instanceof BlobRangeError) return reply.code(416).header('content-range', `bytes */${error.size}`).header('accept-ranges', 'bytes').send();
      throw error;
    }
    if (!stored) throw errors.notFound('The audio of this speak is gone');
    reply
      .header('content-type', stored.info.contentType)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, max-age=3600');
    if (stored.range) {
      const { start, end } = stored.range;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${stored.info.size}`).header('content-length', end - start + 1);
    } else {
      reply.header('content-length', stored.info.size);
    }
    return reply.send(stored.body);
  };
  files.get('/speak/:name', serve(audioPath));
  files.get('/speak/:name/no-redirect', serve(noRedirectPath));
}
