import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { audioPath, noRedirectPath } from '../../services/speaks/speak-urls.js';
import { errors } from '../api-error.js';
import { speakForFile, type SignedQuery } from './speak-file-access.js';

type AudioRequest = FastifyRequest<{ Params: { name: string }; Querystring: SignedQuery }>;

/**
 * `GET /files/speak/{name}` (`audio_download_url`) and `GET /files/speak/{name}/no-redirect`
 * (`audio_url_no_redirect`). Both stream the stored audio from this server; the first is the one
 * that may one day redirect to object storage when blobs live there, the second never will.
 */
export function registerSpeakAudio(files: FastifyInstance, services: Services): void {
  const serve = (pathOf: (name: string) => string) => async (request: AudioRequest, reply: FastifyReply) => {
    const { name } = request.params;
    const speak = await speakForFile(request, services, name, pathOf(name));
    const stored = await services.blobs.stream(speak.audioKey!);
    if (!stored) throw errors.notFound('The audio of this speak is gone');
    return reply
      .header('content-type', stored.info.contentType)
      .header('content-length', stored.info.size)
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(stored.body);
  };
  files.get('/speak/:name', serve(audioPath));
  files.get('/speak/:name/no-redirect', serve(noRedirectPath));
}
