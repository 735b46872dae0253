import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { speakCaptionsOf } from '../../services/speaks/speak-captions.js';
import { defaultCueLimits } from '../../text/captions/caption-cues.js';
import { captionContentTypes } from '../../text/captions/caption-file.js';
import { bodyErrors } from './body-fields.js';
import { caller } from './auth.js';

type Query = Record<string, string | string[] | undefined>;

function queryNumber(query: Query, field: string, fallback: number, valid: (n: number) => boolean, rule: string): number {
  const raw = query[field];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!valid(value)) throw bodyErrors.invalid(field, `${field} must be ${rule}`);
  return value;
}

/**
 * `GET /api/speak/v2/{id}/captions?format=srt|vtt[&max_seconds=&max_chars=]`: the caption file of
 * a finished speak (owner only: another account's speak answers 404, as prosody-meta does).
 */
export function registerSpeakCaptions(api: FastifyInstance, services: Services): void {
  api.get<{ Params: { id: string }; Querystring: Query }>('/speak/v2/:id/captions', async (request, reply) => {
    const { format } = request.query;
    if (format !== 'srt' && format !== 'vtt') throw bodyErrors.invalid('format', 'format must be srt or vtt');
    const maxSeconds = queryNumber(request.query, 'max_seconds', defaultCueLimits.maxSeconds, (n) => n > 0 && n <= 3600, 'a number of seconds above 0, at most 3600');
    const maxChars = queryNumber(request.query, 'max_chars', defaultCueLimits.maxChars, (n) => Number.isInteger(n) && n >= 1 && n <= 10000, 'a whole number from 1 to 10000');
    const speak = await services.earlier.speaks.get(caller(request).account.uid, request.params.id);
    const file = speakCaptionsOf(speak, format, { maxSeconds, maxChars });
    return reply.type(`${captionContentTypes[format]}; charset=utf-8`).send(file);
  });
}
