import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, NewKey, security, tags, UidParams } from './shapes.js';

/** `POST /admin/v1/accounts/{uid}/keys`: a further API key, shown in this answer only; the others keep working. */
export function registerAddKey(admin: FastifyInstance, services: Services): void {
  admin.post<{ Params: { uid: string } }>(
    '/accounts/:uid/keys',
    { schema: { summary: 'Add an API key (shown only in this answer)', tags, security, params: UidParams, response: { 201: NewKey, ...adminErrors(404) } } },
    async (request, reply) => {
      const added = await services.accounts.addKey(request.params.uid, 'admin-api');
      return reply.status(201).send({ key_id: added.id, api_key: added.apiKey });
    },
  );
}
