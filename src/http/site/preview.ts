import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { errors } from '../api-error.js';

/** `GET /previews/tc_<id>.mp3`: the `preview_url` of a built-in voice; rendered on first request, then cached. */
export function registerPreview(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { file: string } }>('/previews/:file', async (request, reply) => {
    const match = /^(tc_[0-9a-f]{24})\.mp3$/.exec(request.params.file);
    const preview = match ? await services.previews.open(match[1]) : null;
    if (!preview) throw errors.notFound('No preview for this voice');
    return reply
      .header('content-type', preview.info.contentType)
      .header('content-length', preview.info.size)
      .header('cache-control', 'public, max-age=86400')
      .send(preview.body);
  });
}

export function previewUrlOf(publicUrl: string, voiceId: string): string {
  return `${publicUrl}/previews/${voiceId}.mp3`;
}
