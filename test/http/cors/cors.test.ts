import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';

const page = 'http://app.example.test:3000';
const adminToken = 'a-test-admin-token-of-enough-length-0123456789';

/** A browser's preflight: no credentials, only what the page is about to send. */
function preflight(server: TestServer, url: string, method: string, headers: string, origin = page) {
  return server.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } });
}

function corsHeaders(headers: Record<string, unknown>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('CORS with CORS_ORIGINS unset', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ startQueue: false, env: { ADMIN_TOKEN: adminToken } })));
  after(() => server.close());

  it('sends no Access-Control-* header, on a preflight or a request, on any interface', async () => {
    const { apiKey, apiToken } = await server.createAccount('lite');
    const answers = [
      await preflight(server, '/v1/text-to-speech', 'POST', 'x-api-key, content-type'),
      await preflight(server, '/v1/audio/speech', 'POST', 'authorization, content-type'),
      await preflight(server, '/api/speak', 'POST', 'authorization, content-type'),
      await server.app.inject({ method: 'GET', url: '/v1/voices', headers: { origin: page, 'x-api-key': apiKey } }),
      await server.app.inject({ method: 'GET', url: '/api/me', headers: { origin: page, authorization: `Bearer ${apiToken}` } }),
      await server.app.inject({ method: 'GET', url: '/v1/voices', headers: { origin: page } }),
    ];
    for (const answer of answers) assert.deepEqual(corsHeaders(answer.headers), [], `${answer.statusCode} ${JSON.stringify(answer.headers)}`);
    // As before: the preflight meets the key check.
    assert.equal(answers[0].statusCode, 401);
    assert.equal(answers[3].statusCode, 200);
  });
});

describe('CORS with CORS_ORIGINS set to a list', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ startQueue: false, env: { CORS_ORIGINS: `https://other.example.test, ${page}`, ADMIN_TOKEN: adminToken } })));
  after(() => server.close());

  it('answers preflights without a key on every interface, allowing the key headers', async () => {
    const cases: [string, string, string][] = [
      ['/v1/text-to-speech', 'POST', 'x-api-key, content-type'],
      ['/v2/voices', 'GET', 'x-api-key'],
      ['/v1/custom-voices/instant-clone', 'POST', 'x-api-key'],
      ['/v1/voices/uc_0123456789abcdef01234567', 'DELETE', 'x-api-key'],
      ['/v1/audio/speech', 'POST', 'authorization, content-type'],
      ['/v1/audio/speech', 'POST', 'xi-api-key, content-type'],
      ['/api/speak', 'POST', 'authorization, content-type'],
      ['/files/speak-resource/abc?expires=1&signature=x', 'PUT', 'content-type'],
    ];
    for (const [url, method, headers] of cases) {
      const answer = await preflight(server, url, method, headers);
      assert.equal(answer.statusCode, 204, `${method} ${url}: ${answer.body}`);
      assert.equal(answer.headers['access-control-allow-origin'], page, url);
      const allowed = String(answer.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const header of ['x-api-key', 'authorization', 'xi-api-key', 'content-type']) assert.ok(allowed.includes(header), `${url}: ${header} in ${allowed}`);
      assert.ok(String(answer.headers['access-control-allow-methods']).split(/,\s*/).includes(method), url);
      assert.equal(answer.headers['access-control-max-age'], '600');
      assert.equal(answer.headers['access-control-allow-credentials'], undefined, 'keys travel in headers, not cookies');
    }
  });

  it('lets the page read answers and refusals, with the audio length and waiting hints exposed', async () => {
    const { apiKey } = await server.createAccount('lite');
    const listed = await server.app.inject({ method: 'GET', url: '/v1/voices', headers: { origin: page, 'x-api-key': apiKey } });
    assert.equal(listed.statusCode, 200);
    assert.equal(listed.headers['access-control-allow-origin'], page);
    assert.match(String(listed.headers.vary), /origin/i);
    const exposed = String(listed.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    for (const header of ['x-audio-duration', 'retry-after', 'x-should-retry']) assert.ok(exposed.includes(header), `${header} in ${exposed}`);
    for (const refused of [
      await server.app.inject({ method: 'GET', url: '/v1/voices', headers: { origin: page } }),
      await server.app.inject({ method: 'POST', url: '/v1/audio/speech', headers: { origin: page, 'content-type': 'application/json' }, payload: '{}' }),
      await server.app.inject({ method: 'GET', url: '/api/me', headers: { origin: page } }),
    ]) {
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.headers['access-control-allow-origin'], page, 'a refusal is readable by the page');
    }
  });

  it('gives another origin nothing, and keeps the admin API and /metrics out of CORS', async () => {
    const stranger = await preflight(server, '/v1/text-to-speech', 'POST', 'x-api-key', 'https://evil.example.test');
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
    const admin = await preflight(server, '/admin/v1/accounts', 'GET', 'authorization');
    assert.deepEqual(corsHeaders(admin.headers), []);
    assert.equal(admin.statusCode, 404);
    const adminGet = await server.app.inject({ method: 'GET', url: '/admin/v1/accounts', headers: { origin: page, authorization: `Bearer ${adminToken}` } });
    assert.equal(adminGet.statusCode, 200);
    assert.deepEqual(corsHeaders(adminGet.headers), []);
    const metrics = await server.app.inject({ method: 'GET', url: '/metrics', headers: { origin: page } });
    assert.deepEqual(corsHeaders(metrics.headers), []);
  });
});

describe('CORS with CORS_ORIGINS=*', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ startQueue: false, env: { CORS_ORIGINS: '*' } })));
  after(() => server.close());

  it('lets any origin in', async () => {
    const answer = await preflight(server, '/v1/text-to-speech', 'POST', 'x-api-key, content-type', 'https://anywhere.example.test');
    assert.equal(answer.statusCode, 204);
    assert.equal(answer.headers['access-control-allow-origin'], '*');
    const { apiKey } = await server.createAccount('free');
    const listed = await server.app.inject({ method: 'GET', url: '/v1/voices', headers: { origin: 'https://anywhere.example.test', 'x-api-key': apiKey } });
    assert.equal(listed.headers['access-control-allow-origin'], '*');
  });
});
