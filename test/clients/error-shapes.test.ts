import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TypecastAPIError, TypecastClient, type TTSRequest } from '@neosapience/typecast-js';
import { english300 } from '../http/current/current-api.js';
import { startTestServer, type TestServer } from '../http/test-server.js';

type Shape = 'detail-string' | 'detail-list' | 'error-code';

/** The body of each decided error shape of the current interface. */
function assertShape(body: unknown, shape: Shape, context: string): void {
  const b = body as Record<string, unknown>;
  if (shape === 'detail-string') {
    assert.deepEqual(Object.keys(b), ['detail'], context);
    assert.equal(typeof b.detail, 'string', context);
  } else if (shape === 'detail-list') {
    assert.deepEqual(Object.keys(b), ['detail'], context);
    assert.ok(Array.isArray(b.detail) && b.detail.length > 0, context);
    for (const issue of b.detail as { loc: unknown[]; msg: unknown; type: unknown }[]) {
      assert.ok(Array.isArray(issue.loc) && typeof issue.msg === 'string' && typeof issue.type === 'string', `${context}: ${JSON.stringify(issue)}`);
    }
  } else {
    assert.equal(typeof b.error_code, 'string', context);
    assert.equal(typeof b.message, 'string', context);
  }
}

/**
 * The body the client kept. textToSpeech asks axios for an ArrayBuffer, so its errors carry the
 * raw bytes of the JSON (and the client's message then lacks the detail); the listings parse it.
 */
function bodyOf(response: unknown): { body: unknown; raw: boolean } {
  if (response instanceof ArrayBuffer || ArrayBuffer.isView(response)) {
    const bytes = response instanceof ArrayBuffer ? Buffer.from(response) : Buffer.from(response.buffer, response.byteOffset, response.byteLength);
    return { body: JSON.parse(bytes.toString('utf8')), raw: true };
  }
  return { body: response, raw: false };
}

/** What the official JS client raises for a status: its own class, and the message it picks. */
const clientMessages: Record<number, RegExp> = {
  400: /^Bad Request/,
  401: /^Unauthorized/,
  402: /^Payment Required/,
  404: /^Not Found/,
  422: /^Validation Error/,
  429: /^API request failed with status 429/,
};

/**
 * Every 4xx of the current interface, raised through the official JS client: the class it throws
 * (TypecastAPIError), the status it reports, the message it chooses for that status, and the body
 * it keeps in `response`, which must be the decided shape.
 */
describe('error shapes the official JS client parses', () => {
  let server: TestServer;
  let client: TypecastClient;
  let poor: TypecastClient;
  let busy: TypecastClient;
  const voice = 'tc_62a8975e695ad26f7fb514d1';
  const tts = (c: () => TypecastClient, request: Partial<TTSRequest> & Record<string, unknown>) => () =>
    c().textToSpeech({ voice_id: voice, model: 'ssfm-v21', text: 'Hello there.', ...request } as TTSRequest);
  before(async () => {
    server = await startTestServer({ startQueue: false });
    const plus = await server.createAccount('plus');
    client = new TypecastClient({ baseHost: server.url, apiKey: plus.apiKey });
    await server.services.plans.update('free', { planCredits: 5 });
    poor = new TypecastClient({ baseHost: server.url, apiKey: (await server.createAccount('free')).apiKey });
    await server.services.plans.update('lite', { concurrencyLimit: 1 });
    busy = new TypecastClient({ baseHost: server.url, apiKey: (await server.createAccount('lite')).apiKey });
  });
  after(() => server.close());

  const cases: [string, () => Promise<unknown>, number, Shape, ((body: any) => void)?][] = [
    ['wrong API key', () => new TypecastClient({ baseHost: server.url, apiKey: 'nope' }).textToSpeech({ voice_id: voice, model: 'ssfm-v21', text: 'Hi.' }), 401, 'detail-string'],
    ['no API key, listing voices', () => new TypecastClient({ baseHost: server.url, apiKey: '' }).getVoices(), 401, 'detail-string'],
    ['unknown voice', tts(() => client, { voice_id: 'tc_ffffffffffffffffffffffff' }), 404, 'detail-string'],
    ['unknown voice by id', () => client.getVoiceById('tc_ffffffffffffffffffffffff'), 404, 'detail-string'],
    ['a model the voice lacks on the route filter', () => client.getVoiceById(voice, 'ssfm-v99'), 422, 'detail-list'],
    ['unknown model in listing', () => client.getVoices('non-existent-model'), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['query', 'model'])],
    ['missing text', tts(() => client, { text: undefined }), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['body', 'text'])],
    ['text over 2000 characters', tts(() => client, { text: 'a'.repeat(2001) }), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['body', 'text'])],
    ['unknown model', tts(() => client, { model: 'ssfm-v99' as TTSRequest['model'] }), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['body', 'model'])],
    ['unknown language', tts(() => client, { language: 'xx' as TTSRequest['language'] }), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['body', 'language'])],
    ['volume out of range', tts(() => client, { output: { volume: 500 } }), 422, 'detail-list', (b) => assert.deepEqual(b.detail[0].loc, ['body', 'output', 'volume'])],
    ['volume with target_lufs', tts(() => client, { output: { volume: 100, target_lufs: -14 } as TTSRequest['output'] }), 422, 'detail-list'],
    ['nothing to speak', tts(() => client, { text: '... !!!' }), 422, 'error-code', (b) => assert.equal(b.error_code, 'TEXT_NOT_SYNTHESIZABLE')],
    ['an emotion the model lacks', tts(() => client, { prompt: { emotion_preset: 'whisper' } as unknown as TTSRequest['prompt'] }), 400, 'detail-string'],
    ['out of credits', tts(() => poor, { text: 'More than five characters.' }), 402, 'detail-string'],
  ];

  for (const [name, call, status, shape, extra] of cases) {
    it(`${status} ${name}: TypecastAPIError, status ${status}, ${shape}`, async () => {
      const error = await call().then(
        () => assert.fail(`${name}: no error`),
        (e: unknown) => e,
      );
      assert.ok(error instanceof TypecastAPIError, `${name}: ${String(error)}`);
      assert.equal(error.statusCode, status, `${name}: ${error.message}`);
      assert.match(error.message, clientMessages[status], name);
      const { body, raw } = bodyOf(error.response);
      assertShape(body, shape, name);
      extra?.(body);
      if (!raw) assert.ok(error.message.includes(' - '), `${name}: the client shows the detail: ${error.message}`);
    });
  }

  it('429 past the plan\'s concurrency limit: TypecastAPIError, status 429, detail-string', async () => {
    const long = { voice_id: voice, model: 'ssfm-v21' as const, text: english300 };
    const results = await Promise.allSettled([busy.textToSpeech(long), busy.textToSpeech(long)]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(refused.length, 1, JSON.stringify(results.map((r) => r.status)));
    const error = refused[0].reason;
    assert.ok(error instanceof TypecastAPIError, String(error));
    assert.equal(error.statusCode, 429);
    assert.match(error.message, clientMessages[429]);
    assertShape(bodyOf(error.response).body, 'detail-string', '429');
  });
});
