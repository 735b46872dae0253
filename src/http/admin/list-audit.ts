import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { adminErrors, AuditView, auditView, security, tags } from './shapes.js';

const Query = Type.Object(
  {
    uid: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: "One account's changes (kept after it is deleted); all accounts' without it" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Entries per page' })),
    cursor: Type.Optional(Type.String({ maxLength: 100, description: 'The `next_cursor` of the previous page' })),
  },
  { additionalProperties: false },
);

/**
 * `GET /admin/v1/audit?uid=&limit=&cursor=`: changes made to accounts (or to one), newest first,
 * a page at a time: who, what, when. `next_cursor` fetches the next (older) page; null on the last.
 */
export function registerListAudit(admin: FastifyInstance, services: Services): void {
  admin.get<{ Querystring: Static<typeof Query> }>(
    '/audit',
    {
      schema: {
        summary: 'The audit log, newest first, a page at a time: who changed what, when',
        tags,
        security,
        querystring: Query,
        response: { 200: Type.Object({ entries: Type.Array(AuditView), next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last page' }) }), ...adminErrors(422) },
      },
    },
    async (request) => {
      const page = await services.accounts.auditPage({ uid: request.query.uid, limit: request.query.limit, cursor: request.query.cursor });
      return { entries: page.entries.map(auditView), next_cursor: page.nextCursor };
    },
  );
}
