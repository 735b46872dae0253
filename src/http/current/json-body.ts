import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies of the current interface, parsed as Fastify does by default, except that a DELETE
 * with `Content-Type: application/json` and no body at all has no body rather than an invalid
 * one. The official Python client sets that content type on its whole session, so its
 * `delete_voice` sends it on a bodiless DELETE; FastAPI ignores a body the route does not take.
 * Any other method keeps the strict rule (an empty JSON body is a 422 `missing` at `body`).
 */
export function registerJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (request.method === 'DELETE' && text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
