import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, KeyParams, NewKey, security, tags } from './shapes.js';

const Body = Type.Object(
  { grace_seconds: Type.Integer({ minimum: 0, maximum: 366 * 86_400, description: 'How long the old key keeps working; 0 refuses it at once' }) },
  { additionalProperties: false },
);

/** `POST /admin/v1/accounts/{uid}/keys/{key_id}/rotate`: a new key; the old one works for the grace period, then is refused. */
export function registerRotateKey(admin: FastifyInstance, services: Services): void {
  admin.post<{ Params: { uid: string; key_id: string }; Body: Static<typeof Body> }>(
    '/accounts/:uid/keys/:key_id/rotate',
    {
      schema: {
        summary: 'Rotate an API key with a grace period (the new key is shown only in this answer)',
        tags,
        security,
        params: KeyParams,
        body: Body,
        response: { 201: Type.Composite([NewKey, Type.Object({ old_key_id: Type.String(), old_key_expires_at: Type.String({ format: 'date-time' }) })]), ...adminErrors(404, 422) },
      },
    },
    async (request, reply) => {
      const { uid, key_id } = request.params;
      const rotated = await services.accounts.rotateKey(uid, key_id, request.body.grace_seconds, 'admin-api');
      return reply.status(201).send({ key_id: rotated.id, api_key: rotated.apiKey, old_key_id: key_id, old_key_expires_at: new Date(rotated.oldKeyExpiresAt).toISOString() });
    },
  );
}
