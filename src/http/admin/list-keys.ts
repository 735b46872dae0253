import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, KeyView, keyView, security, tags, UidParams } from './shapes.js';

/** `GET /admin/v1/accounts/{uid}/keys`: the account's API keys (ids and dates; never the keys). */
export function registerListKeys(admin: FastifyInstance, services: Services): void {
  admin.get<{ Params: { uid: string } }>(
    '/accounts/:uid/keys',
    { schema: { summary: "List an account's API keys", tags, security, params: UidParams, response: { 200: Type.Object({ keys: Type.Array(KeyView) }), ...adminErrors(404) } } },
    async (request) => ({ keys: (await services.accounts.listKeys(request.params.uid)).map(keyView) }),
  );
}
