import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ComposeBody } from '../../src/http/current/schemas/speech-body.js';
import { currentValidatorCompiler } from '../../src/http/current/validation/schema-validator.js';
import { maxErrorString } from '../../src/http/bounded-error-body.js';
import { synthesisSlotKey } from '../../src/limits/limiter.js';
import { earlierClient, findVoiceByAnyName } from './earlier/earlier-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/** Sends the head of a request and `sent` bytes of its body, then waits for the whole answer and the close. */
function sendPartly(url: string, head: string, body: Buffer, sent: number): Promise<{ answer: string; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer: Buffer.concat(chunks).toString('latin1'), closed: true }));
    socket.write(head);
    socket.write(body.subarray(0, sent));
  });
}

/**
 * Each request's cost is bounded and refused early: the plan is checked before the body is read,
 * a list too long is reported without checking its items, text that would be spoken far longer
 * than it is written is refused before it is paid, error answers stay small, and a synthesis past
 * its time budget is stopped with a clear answer.
 */
describe('bounded cost per request', () => {
  let server: TestServer;
  let olivia: string;
  let plus: { uid: string; apiKey: string; apiToken: string };
  const postJson = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const postCurrent = (body: unknown) => postJson('/v1/text-to-speech', { 'x-api-key': plus.apiKey }, body);
  const postOpenAI = (body: unknown) => postJson('/v1/audio/speech', { authorization: `Bearer ${plus.apiKey}` }, body);
  before(async () => {
    // A refused upload is drained for a second at most here (10 s by default), then closed.
    server = await startTestServer({ startQueue: false, env: { REFUSED_BODY_DRAIN_SECONDS: '1' } });
    plus = await server.createAccount('plus');
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': plus.apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
    olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  });
  after(() => server?.close());

  it('a plan without cloning gets its 403 before the body; a client that stops sending after 64 KB of a 25 MB upload has its connection closed', async () => {
    await server.services.plans.create({ ...(await server.services.plans.require('lite')), name: 'no-clone', cloneAllowed: false });
    const barred = await server.createAccount('no-clone');
    const boundary = 'orator-boundary';
    const file = Buffer.alloc(25_000_000);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nJunk\r\n--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nssfm-v30\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="junk.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const route of ['/v1/custom-voices/instant-clone', '/v1/voices/clone', '/v1/custom-voices/professional-clone']) {
      const head =
        `POST ${route} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-API-KEY: ${barred.apiKey}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
      // Only the first 64 KB ever leave: had the server waited for the rest without bound, this
      // would never end. It reads what comes for REFUSED_BODY_DRAIN_SECONDS (so a client still
      // sending reads the 403 rather than a reset), then closes.
      const { answer, closed } = await sendPartly(server.url, head, body, 64 * 1024);
      assert.match(answer, /^HTTP\/1\.1 403 /, route);
      assert.doesNotMatch(answer, /connection: close/i, route);
      assert.match(answer, /not available on your plan/, route);
      assert.ok(closed);
    }
  });

  it('a 1 MB compose body of 520,000 segments: one bounded 422, its items never checked', async () => {
    const body = `{"segments":[${Array(520_000).fill('0').join(',')}]}`;
    assert.ok(body.length > 1_000_000 && body.length < 1024 * 1024);
    const res = await fetch(`${server.url}/v1/text-to-speech/compose`, { method: 'POST', headers: { 'x-api-key': plus.apiKey, 'content-type': 'application/json' }, body });
    const text = await res.text();
    assert.equal(res.status, 422);
    assert.ok(text.length < 300, `${text.length} bytes of error`);
    assert.deepEqual(JSON.parse(text), { detail: [{ loc: ['body', 'segments'], msg: 'List should have at most 50 items after validation, not 520000', type: 'too_long' }] });

    // The validator's own steps, counted: reads of the list's items while refusing it.
    let reads = 0;
    const items = new Proxy(Array(520_000).fill({ type: 'pause', duration_seconds: 99 }), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const validate = currentValidatorCompiler({ schema: ComposeBody, httpPart: 'body', method: 'POST', url: '/' } as never) as (data: unknown) => { error?: { issues: unknown[] } };
    const result = validate({ segments: items });
    assert.equal(result.error?.issues.length, 1);
    assert.ok(reads < 10, `${reads} items read to refuse a list of 520,000`);
  });

  it('2,000 characters of "99%" are refused before any credit is taken, saying why, in each interface', async () => {
    const text = '99% '.repeat(500);
    const before = (await server.services.accounts.require(plus.uid)).usedCredits;
    const current = await postCurrent({ voice_id: olivia, model: 'ssfm-v30', text });
    assert.equal(current.status, 422);
    const issue = ((await current.json()) as { detail: { loc: unknown[]; msg: string }[] }).detail[0];
    assert.deepEqual(issue.loc, ['body', 'text']);
    assert.match(issue.msg, /expands to \d+ characters.*at most 3 times as long as it is written/);
    const earlier = await earlierClient(server, plus.apiToken).post('/api/text-to-speech', { text: '99% '.repeat(87), lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id });
    assert.equal(earlier.status, 400);
    assert.equal(earlier.body.message.error_code, 'app/invalid/text');
    assert.match(earlier.body.message.msg, /expands to/);
    const openai = await postOpenAI({ model: 'tts-1', voice: 'nova', input: text });
    assert.equal(openai.status, 400);
    assert.equal(((await openai.json()) as { error: { param: string } }).error.param, 'input');
    assert.equal((await server.services.accounts.require(plus.uid)).usedCredits, before, 'nothing was charged');
    const figures = await postCurrent({ voice_id: olivia, model: 'ssfm-v30', text: 'Revenue rose 12.5% to $3.4 billion in 2024, up from $2.9 billion; call 555-1234.' });
    assert.equal(figures.status, 200, 'text with ordinary figures is spoken');
    await figures.arrayBuffer();
  });

  it('times and dates count as spoken: "12:30 2024-01-01 " × 112 (1,904 characters, 3.35× spoken) is refused before any credit', async () => {
    const text = '12:30 2024-01-01 '.repeat(112);
    assert.equal(text.length, 1904);
    const before = (await server.services.accounts.require(plus.uid)).usedCredits;
    const current = await postCurrent({ voice_id: olivia, model: 'ssfm-v30', text });
    assert.equal(current.status, 422);
    const issue = ((await current.json()) as { detail: { loc: unknown[]; msg: string }[] }).detail[0];
    assert.deepEqual(issue.loc, ['body', 'text']);
    assert.match(issue.msg, /expands to 6383 characters.*at most 3 times as long as it is written \(\+100\), 5812 characters for these 1904/);
    const openai = await postOpenAI({ model: 'tts-1', voice: 'nova', input: text, response_format: 'wav' });
    assert.equal(openai.status, 400);
    assert.equal(((await openai.json()) as { error: { param: string } }).error.param, 'input');
    assert.equal((await server.services.accounts.require(plus.uid)).usedCredits, before, 'nothing was charged');
    // Times and dates in sentences still speak.
    const schedule = await postCurrent({ voice_id: olivia, model: 'ssfm-v30', text: 'On 2024-03-15 the 08:15 to Leeds leaves from platform 4, and the 08:42 from platform 11. '.repeat(8) });
    assert.equal(schedule.status, 200, 'a timetable in sentences is spoken');
    await schedule.arrayBuffer();
  });

  it('error answers stay small whatever the request quotes back', async () => {
    const huge = 'x'.repeat(500_000);
    const answers = await Promise.all([
      postCurrent({ [huge]: 1, text: 'a', model: 'x' }),
      postOpenAI({ model: huge, voice: 'nova', input: 'Hello.' }),
      postCurrent({ voice_id: `tc_${huge}`, model: 'ssfm-v30', text: 'Hello.' }),
    ]);
    for (const res of answers) {
      const text = await res.text();
      assert.ok(res.status >= 400 && res.status < 500, `${res.status}`);
      assert.ok(text.length < 30 * maxErrorString, `${res.status}: ${text.length} bytes`);
    }
  });

  it('a synthesis past its time budget is stopped: 503 with Retry-After, credits back, slot free; then served again', async () => {
    const account = await server.createAccount('plus');
    const body = { voice_id: olivia, model: 'ssfm-v30', text: 'A long enough sentence to need some real work from the engine. '.repeat(20) };
    const call = () => postJson('/v1/text-to-speech', { 'x-api-key': account.apiKey }, body);
    const budget = server.services.pool.taskBudgetSeconds;
    server.services.pool.taskBudgetSeconds = 0.001;
    try {
      const res = await call();
      assert.equal(res.status, 503);
      assert.match(res.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      assert.match(((await res.json()) as { detail: string }).detail, /stopped after its 0\.001 s time budget/);
      const earlier = await earlierClient(server, account.apiToken).post('/api/text-to-speech', { text: 'Stopped by the budget, every time.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id });
      assert.equal(earlier.status, 503);
      assert.equal(earlier.body.message.error_code, 'app/service-unavailable');
    } finally {
      server.services.pool.taskBudgetSeconds = budget;
    }
    assert.equal((await server.services.accounts.require(account.uid)).usedCredits, 0, 'the credits came back');
    assert.equal(await server.services.limiters.concurrency.inUse(synthesisSlotKey(account.uid)), 0);
    const again = await call();
    assert.equal(again.status, 200);
    assert.ok((await again.arrayBuffer()).byteLength > 10_000);
  });
});
