import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, KeyParams, security, tags } from './shapes.js';

/** `POST /admin/v1/accounts/{uid}/keys/{key_id}/revoke`: refuses the key at once (it stays listed, revoked). */
export function registerRevokeKey(admin: FastifyInstance, services: Services): void {
  admin.post<{ Params: { uid: string; key_id: string } }>(
    '/accounts/:uid/keys/:key_id/revoke',
    { schema: { summary: 'Revoke an API key at once', tags, security, params: KeyParams, response: { 200: Type.Object({ key_id: Type.String(), revoked: Type.Literal(true) }), ...adminErrors(404) } } },
    async (request) => {
      await services.accounts.revokeKey(request.params.uid, request.params.key_id, 'admin-api');
      return { key_id: request.params.key_id, revoked: true as const };
    },
  );
}
