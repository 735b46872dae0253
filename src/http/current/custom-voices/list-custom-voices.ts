import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { accountOf } from '../authenticate.js';
import { security } from '../schemas/common.js';
import { documentedErrors } from './form-route.js';
import { CustomVoiceItem, customVoiceItem } from './shapes.js';

/** `GET /v1/custom-voices`: every voice of the account, whatever its status, newest first. */
export function registerListCustomVoices(app: FastifyInstance, services: Services): void {
  app.get(
    '/v1/custom-voices',
    {
      schema: {
        summary: 'List custom voices',
        description: 'Instant and professional voices of the account in every status (pending, training, completed, failed), newest first.',
        tags: ['custom-voices'],
        security,
        response: { 200: Type.Array(CustomVoiceItem), ...documentedErrors({ 401: 'Missing or invalid X-API-KEY' }, { noInput: true }) },
      },
    },
    async (request) => (await services.customVoices.list(accountOf(request).uid)).map(customVoiceItem),
  );
}
