import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { accountOf } from '../authenticate.js';
import { security } from '../schemas/common.js';
import { answering } from './custom-voice-errors.js';
import { documentedErrors } from './form-route.js';
import { CustomVoiceItem, customVoiceItem, VoiceIdParams, type VoiceIdParamsValue } from './shapes.js';

/** `GET /v1/custom-voices/{voice_id}`: one voice of the account (another account's is 404). */
export function registerGetCustomVoice(app: FastifyInstance, services: Services): void {
  app.get<{ Params: VoiceIdParamsValue }>(
    '/v1/custom-voices/:voice_id',
    {
      schema: {
        summary: 'Read a custom voice',
        description: 'Poll a professional clone here until its status is completed or failed.',
        tags: ['custom-voices'],
        security,
        params: VoiceIdParams,
        response: { 200: CustomVoiceItem, ...documentedErrors({ 401: 'Missing or invalid X-API-KEY', 404: 'No such custom voice for this account' }, { noInput: true }) },
      },
    },
    async (request) => answering(async () => customVoiceItem(await services.customVoices.get(accountOf(request).uid, request.params.voice_id))),
  );
}
