import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { caller } from './auth.js';
import { parseSpeakBody } from './speak-body.js';

/**
 * `POST /api/speak`: validates, charges the text length, records the speak and queues its
 * synthesis; answers at once with the URLs to poll. `play_id` is always empty (as the real one).
 */
export function registerSpeakCreate(api: FastifyInstance, services: Services): void {
  api.post('/speak', async (request) => {
    const { account, plan } = caller(request);
    const { order, query } = parseSpeakBody(request.body);
    const id = await services.earlier.speaks.create(account, plan, order, query);
    const { urls } = services.earlier;
    return { result: { speak_url: urls.speakUrl(id), speak_v2_url: urls.speakV2Url(id), play_id: '' } };
  });
}
