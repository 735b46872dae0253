import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, security, tags, UidParams } from './shapes.js';

/** `DELETE /admin/v1/accounts/{uid}`: the account and everything it owns; the audit log is kept. */
export function registerDeleteAccount(admin: FastifyInstance, services: Services): void {
  admin.delete<{ Params: { uid: string } }>(
    '/accounts/:uid',
    {
      schema: {
        summary: 'Delete an account and everything it owns (voices, uploads, speaks, audio, deliveries, jobs, keys, cached answers)',
        tags,
        security,
        params: UidParams,
        response: {
          200: Type.Object({ uid: Type.String(), rows: Type.Record(Type.String(), Type.Integer(), { description: 'Rows deleted per table' }), jobs: Type.Integer(), blobs: Type.Integer() }),
          ...adminErrors(404),
        },
      },
    },
    async (request) => services.accountDeletion.delete(request.params.uid, 'admin-api'),
  );
}
