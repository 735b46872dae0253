import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ComposeBody, SpeechBody } from '../../../src/http/current/schemas/speech-body.js';
import { openCurrentApi, type CurrentApi } from './current-api.js';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; parameters?: { name: string; in: string }[] }>>;
};

describe('OpenAPI and docs', () => {
  let api: CurrentApi;
  let doc: Doc;
  before(async () => {
    api = await openCurrentApi();
    const res = await api.call('GET', '/openapi.json', { key: null });
    assert.equal(res.status, 200, 'served without a key');
    doc = (await res.json()) as Doc;
  });
  after(() => api.close());

  it('has a title, a version and the ApiKeyAuth scheme on X-API-KEY', () => {
    assert.match(doc.openapi, /^3\./);
    assert.ok(doc.info.title.length > 0);
    assert.equal(doc.info.version, '0.1.2');
    assert.deepEqual(doc.components.securitySchemes.ApiKeyAuth, { type: 'apiKey', in: 'header', name: 'X-API-KEY' });
  });

  it('lists every route of the interface with its security and error bodies', () => {
    const expected: [string, string, string[]][] = [
      ['/v3/voices', 'get', ['200', '401', '422']],
      ['/v3/voices/{voice_id}', 'get', ['200', '401', '404']],
      ['/v2/voices', 'get', ['200', '401', '422']],
      ['/v2/voices/{voice_id}', 'get', ['200', '401', '404']],
      ['/v1/voices', 'get', ['200', '401', '422']],
      ['/v1/voices/{voice_id}', 'get', ['200', '401', '404']],
      ['/v1/voices/recommendations', 'get', ['200', '401', '422']],
      ['/v1/text-to-speech', 'post', ['200', '400', '401', '402', '404', '422', '429']],
      ['/v1/text-to-speech/stream', 'post', ['200', '400', '401', '402', '404', '422', '429']],
      ['/v1/text-to-speech/with-timestamps', 'post', ['200', '400', '401', '402', '404', '422', '429']],
      ['/v1/text-to-speech/compose', 'post', ['200', '400', '401', '402', '404', '422', '429']],
      ['/v1/users/me/subscription', 'get', ['200', '401']],
    ];
    for (const [path, method, statuses] of expected) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.deepEqual(op.security, [{ ApiKeyAuth: [] }], path);
      for (const status of statuses) assert.ok(op.responses[status], `${path} ${status}`);
      const unauthorized = op.responses['401'].content!['application/json'].schema;
      assert.deepEqual(Object.keys(unauthorized.properties as object), ['detail']);
    }
    assert.ok(!doc.paths['/openapi.json'] && !Object.keys(doc.paths).some((p) => p.startsWith('/docs')), 'the docs do not document themselves');
    const tts = doc.paths['/v1/text-to-speech'].post;
    assert.deepEqual(Object.keys(tts.responses['200'].content!).sort(), ['audio/mp3', 'audio/wav']);
    const validation = tts.responses['422'].content!['application/json'].schema as { anyOf: { title: string }[] };
    assert.deepEqual(validation.anyOf.map((s) => s.title), ['HTTPValidationError', 'TextNotSynthesizable']);
    const query = doc.paths['/v3/voices'].get.parameters!.map((p) => `${p.in}:${p.name}`).sort();
    assert.deepEqual(query, ['query:age', 'query:gender', 'query:model', 'query:use_cases', 'query:voice_type']);
  });

  /** @fastify/swagger writes `const: x` as `enum: [x]`; otherwise the schemas must be the same. */
  const canonical = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema), (_key, value) => {
      if (value && typeof value === 'object' && !Array.isArray(value) && 'const' in value) {
        const { const: only, ...rest } = value as Record<string, unknown>;
        return { ...rest, enum: [only] };
      }
      return value;
    });

  it('documents the very schemas the routes validate with', () => {
    const documented = doc.paths['/v1/text-to-speech'].post.requestBody!.content['application/json'].schema;
    assert.deepEqual(canonical(documented), canonical(SpeechBody));
    const compose = doc.paths['/v1/text-to-speech/compose'].post.requestBody!.content['application/json'].schema;
    assert.deepEqual(canonical(compose), canonical(ComposeBody));
  });

  it('serves a readable docs page whose files come from this server', async () => {
    const page = await fetch(`${api.server.url}/docs/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /swagger-ui/i);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(sources.length > 0);
    for (const source of sources) {
      assert.ok(!/^https?:/.test(source), `${source} is local`);
      const res = await fetch(new URL(source, `${api.server.url}/docs/`));
      assert.equal(res.status, 200, source);
      await res.arrayBuffer();
    }
    const json = await fetch(`${api.server.url}/docs/json`);
    assert.equal(json.status, 200);
    assert.equal(((await json.json()) as Doc).info.version, '0.1.2');
  });
});
