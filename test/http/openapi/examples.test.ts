import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';

type Parameter = { name: string; in: string; required?: boolean; example?: unknown };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type Doc = { security: Record<string, string[]>[]; paths: Record<string, Record<string, Operation>> };

/** What "Try it out" would send: every required parameter and a required body from their examples, or null when one is missing. */
function exampleRequest(url: string, operation: Operation): { path: string; body?: unknown } | null {
  let path = url;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    if (parameter.example === undefined) return null;
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
  }
  if (operation.parameters?.some((p) => p.in !== 'path' && p.required && p.example === undefined)) return null;
  const json = operation.requestBody?.content['application/json'];
  if (operation.requestBody?.required !== false && operation.requestBody && json?.example === undefined) return null;
  return { path, body: json?.example };
}

describe('OpenAPI examples, executed', () => {
  let server: TestServer;
  let doc: Doc;
  let credentials: { apiKey: string; apiToken: string };
  const adminToken = randomBytes(32).toString('base64url');
  before(async () => {
    server = await startTestServer({ env: { ADMIN_TOKEN: adminToken } });
    credentials = await server.createAccount('plus');
    doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
  });
  after(() => server.close());

  it('documents both interfaces, each with its own security scheme', () => {
    assert.ok(doc.paths['/v1/text-to-speech']?.post);
    assert.ok(doc.paths['/api/speak']?.post);
    assert.deepEqual(doc.paths['/api/speak'].post.security, [{ BearerAuth: [] }]);
  });

  it('answers every example request with its documented success status', async () => {
    const executed: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        let request = exampleRequest(url, operation);
        if (!request) continue;
        if (url.startsWith('/admin/')) {
          // The admin examples' path ids are placeholders: each runs on a fresh account, its uid and key id put in.
          const fresh = await server.createAccount('free');
          const [key] = await server.services.accounts.listKeys(fresh.uid);
          let path = url;
          for (const parameter of operation.parameters ?? []) {
            if (parameter.in === 'path') assert.ok(parameter.example, `${method} ${url}: {${parameter.name}} has an example`);
          }
          path = path.replace('{uid}', fresh.uid).replace('{key_id}', key!.id);
          request = { ...request, path };
        }
        const success = Object.keys(operation.responses).filter((s) => s.startsWith('2')).sort()[0];
        assert.ok(success, `${method} ${url} documents a success status`);
        const security = operation.security ?? doc.security;
        const headers: Record<string, string> = {};
        if (security.some((s) => 'AdminToken' in s)) headers.authorization = `Bearer ${adminToken}`;
        else if (security.some((s) => 'BearerAuth' in s)) headers.authorization = `Bearer ${credentials.apiToken}`;
        else if (security.some((s) => 'ApiKeyAuth' in s)) headers['x-api-key'] = credentials.apiKey;
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${server.url}${request.path}`, { method: method.toUpperCase(), headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.equal(String(response.status), success, `${method.toUpperCase()} ${request.path}: ${bytes.toString('utf8', 0, 500)}`);
        executed.push(`${method} ${url}`);
      }
    }
    // The ones "Try it out" is most often used on must be among them.
    for (const expected of [
      'post /v1/text-to-speech',
      'post /v1/text-to-speech/stream',
      'post /v1/text-to-speech/with-timestamps',
      'post /v1/text-to-speech/compose',
      'get /v3/voices/{voice_id}',
      'get /v1/users/me/subscription',
      'post /api/speak',
      'post /api/text-to-speech',
      'get /api/actor/{actor_id}/versions',
      'put /api/me/callback-url',
      'get /admin/v1/accounts',
      'post /admin/v1/accounts',
      'get /admin/v1/accounts/{uid}',
      'put /admin/v1/accounts/{uid}/plan',
      'post /admin/v1/accounts/{uid}/reset-usage',
      'post /admin/v1/accounts/{uid}/disable',
      'post /admin/v1/accounts/{uid}/enable',
      'delete /admin/v1/accounts/{uid}',
      'get /admin/v1/accounts/{uid}/keys',
      'post /admin/v1/accounts/{uid}/keys',
      'post /admin/v1/accounts/{uid}/keys/{key_id}/rotate',
      'post /admin/v1/accounts/{uid}/keys/{key_id}/revoke',
      'get /admin/v1/audit',
    ]) {
      assert.ok(executed.includes(expected), `${expected} was executed (executed: ${executed.join(', ')})`);
    }
  });

  it('shows Orator on the docs page, not the framework logo', async () => {
    const initializer = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    assert.match(initializer, /data:image\/svg\+xml;base64,/);
    const logo = Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(initializer)![1], 'base64').toString('utf8');
    assert.match(logo, /Orator/);
    const page = await (await fetch(`${server.url}/docs/`)).text();
    assert.match(page, /<title>Orator API<\/title>/);
  });
});
