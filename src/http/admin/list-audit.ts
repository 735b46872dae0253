import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, AuditView, auditView, security, tags } from './shapes.js';

const Query = Type.Object({ uid: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: "One account's changes (kept after it is deleted); all accounts' without it" })) }, { additionalProperties: false });

/** `GET /admin/v1/audit?uid=`: every change made to accounts (or to one), oldest first: who, what, when. */
export function registerListAudit(admin: FastifyInstance, services: Services): void {
  admin.get<{ Querystring: Static<typeof Query> }>(
    '/audit',
    { schema: { summary: 'The audit log: who changed what, when', tags, security, querystring: Query, response: { 200: Type.Object({ entries: Type.Array(AuditView) }), ...adminErrors(422) } } },
    async (request) => ({ entries: (await services.accounts.auditLog(request.query.uid)).map(auditView) }),
  );
}
