import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { resourceFormats } from '../../services/speak-resources/resource-formats.js';
import { errors } from '../api-error.js';
import { caller } from './auth.js';
import { objectBody, oneOf, requiredString } from './body-fields.js';

/**
 * `POST /api/speak/resource` `{audio_format: wav|mp3|m4a}` → `{speak_resource_id, presigned_url}`.
 * PUT the file's bytes to `presigned_url` within the hour. The seller's switch for this feature
 * is the plan's cloning permission; the plan also bounds open slots, kept bytes and slots per hour.
 */
export function registerSpeakResourceCreate(api: FastifyInstance, services: Services): void {
  api.post('/speak/resource', async (request) => {
    const { account, plan } = caller(request);
    const body = objectBody(request.body);
    const format = oneOf('audio_format', requiredString(body, 'audio_format', 16).toLowerCase(), resourceFormats);
    if (!plan.cloneAllowed) throw errors.forbidden('Voice uploads are not enabled for this account');
    const slot = await services.earlier.resources.create(account.uid, plan, format);
    return { result: { speak_resource_id: slot.id, presigned_url: slot.presignedUrl } };
  });
}
