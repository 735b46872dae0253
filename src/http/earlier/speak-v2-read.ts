import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { caller } from './auth.js';
import { speakFailure } from '../../services/speaks/speak-service.js';

/**
 * `GET /api/speak/v2/{id}`: `{_id, status, audio_download_url, text_count, duration}`. The
 * download URL is signed at each read and lives 24 hours from then; `duration` is the audio's
 * length in seconds, null until done. Reading never costs credits.
 */
export function registerSpeakV2Read(api: FastifyInstance, services: Services): void {
  api.get<{ Params: { id: string } }>('/speak/v2/:id', async (request) => {
    const speak = await services.earlier.speaks.get(caller(request).account.uid, request.params.id);
    const done = speak.status === 'done';
    return {
      result: {
        _id: speak.id,
        status: speak.status,
        audio_download_url: done ? services.earlier.urls.audioDownloadUrl(speak) : null,
        text_count: speak.textCount,
        duration: done ? speak.duration : null,
        // Orator's addition: why a failed speak failed, `{msg, error_code}`.
        ...(speak.status === 'failed' ? { error: speakFailure(speak) } : {}),
      },
    };
  });
}
