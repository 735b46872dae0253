import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { synthesisSlotKey, type Release } from '../../src/limits/limiter.js';
import { decodeWav } from '../../src/synthesis/decoders/wav.js';
import { earlierClient, findVoiceByAnyName, type Answer } from './earlier/earlier-client.js';
import { holdSyntheses } from './held-syntheses.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Every synthesis route counts against the plan's limits, and every 429 of every interface says
 * when to come back (Retry-After).
 */
describe('limits on every synthesis route', () => {
  let server: TestServer;
  let olivia: string;
  before(async () => {
    server = await startTestServer({ startQueue: false });
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': (await server.createAccount('plus')).apiKey } })).json()) as {
      voice_id: string;
      voice_name: { eng: string };
    }[];
    olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  });
  after(() => server?.close());

  it('POST /api/text-to-speech at concurrency_limit 2: of 20 at once, exactly two run and 18 are refused 429 with Retry-After', async () => {
    await server.services.plans.update('lite', { concurrencyLimit: 2, speakRatePerMinute: 1000 });
    const account = await server.createAccount('lite');
    const client = earlierClient(server, account.apiToken);
    const actor = findVoiceByAnyName('eng-olivia')!.id;
    const held = holdSyntheses(server.services.synthesizer);
    try {
      const settled: Answer[] = [];
      const requests = Array.from({ length: 20 }, (_, n) =>
        client.post('/api/text-to-speech', { text: `Request number ${n} at once.`, lang: 'en-us', actor_id: actor }).then((answer) => {
          settled.push(answer);
          return answer;
        }),
      );
      // Two syntheses admitted and held; every other request is answered while they are.
      await held.startedAtLeast(2);
      while (settled.length < 18) await new Promise((resolve) => setImmediate(resolve));
      assert.equal(held.started.length, 2, 'only two syntheses were let in');
      assert.deepEqual(settled.map((a) => a.status), Array(18).fill(429));
      for (const refused of settled) {
        assert.equal(refused.body.message.error_code, 'app/too-many-requests');
        assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      }
      held.release();
      const answers = await Promise.all(requests);
      const served = answers.filter((a) => a.status === 200);
      assert.equal(served.length, 2);
      for (const answer of served) assert.ok(decodeWav(answer.bytes).samples.length > 1000, 'real audio');
      assert.equal(await server.services.limiters.concurrency.inUse(synthesisSlotKey(account.uid)), 0, 'the slots came back');
      const used = (await server.services.accounts.require(account.uid)).usedCredits;
      assert.equal(used, held.started[0].length + held.started[1].length, 'only the two served paid');
    } finally {
      held.restore();
    }
  });

  it('shares the slots with the current interface: one account\'s /v1 synthesis and /api/text-to-speech count together', async () => {
    await server.services.plans.update('free', { concurrencyLimit: 1, speakRatePerMinute: 1000 });
    const account = await server.createAccount('free');
    const release = (await server.services.limiters.concurrency.tryAcquire(synthesisSlotKey(account.uid), 1))!;
    try {
      const earlier = await earlierClient(server, account.apiToken).post('/api/text-to-speech', { text: 'Busy.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id });
      assert.equal(earlier.status, 429);
    } finally {
      await release();
    }
  });

  describe('every 429 carries Retry-After', () => {
    interface Case {
      name: string;
      /** Makes the next request of `account` over a limit; returns what gives the limit back. */
      exhaust(account: { uid: string }): Promise<() => Promise<void>>;
      send(account: { apiKey: string; apiToken: string }): Promise<Response>;
      /** The interface's error shape. */
      shape(body: any): void;
      /** Other headers the answer must carry. */
      headers?: Record<string, string>;
    }
    const plan = 'custom';
    const holdSlot = (key: (uid: string) => string, limit: () => number) => async (account: { uid: string }) => {
      const held: Release[] = [];
      for (let i = 0; i < limit(); i++) held.push((await server.services.limiters.concurrency.tryAcquire(key(account.uid), limit()))!);
      return async () => {
        for (const release of held) await release();
      };
    };
    const synthesisSlots = holdSlot(synthesisSlotKey, () => 1);
    const json = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const current = (path: string, body: () => unknown) => (account: { apiKey: string }) => json(path, body(), { 'x-api-key': account.apiKey });
    const detail = (body: any) => assert.equal(typeof body.detail, 'string');
    const earlierShape = (body: any) => assert.equal(body.message.error_code, 'app/too-many-requests');
    const openAiShape = (code: string) => (body: any) => assert.equal(body.error.code, code);
    const elevenLabsShape = (body: any) => assert.equal(body.detail.status, 'too_many_concurrent_requests');
    const elevenLabs = (path: string) => (account: { apiKey: string }) => json(path, { text: 'Over the limit.', model_id: 'ssfm-v30' }, { 'xi-api-key': account.apiKey });
    const tts = () => ({ voice_id: olivia, model: 'ssfm-v30', text: 'Over the limit.' });
    const actor = () => findVoiceByAnyName('eng-olivia')!.id;
    const form = () => {
      const body = new FormData();
      body.append('name', 'Limit');
      body.append('model', 'ssfm-v30');
      body.append('language', 'eng');
      body.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a.wav');
      body.append('files', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a.wav');
      return body;
    };
    const clone = (path: string) => (account: { apiKey: string }) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-api-key': account.apiKey }, body: form() });
    const cloneSlots = holdSlot((uid) => `clone:${uid}`, () => 5);
    const cases: Case[] = [
      { name: 'POST /v1/text-to-speech', exhaust: synthesisSlots, send: current('/v1/text-to-speech', tts), shape: detail },
      { name: 'POST /v1/text-to-speech/stream', exhaust: synthesisSlots, send: current('/v1/text-to-speech/stream', tts), shape: detail },
      { name: 'POST /v1/text-to-speech/with-timestamps', exhaust: synthesisSlots, send: current('/v1/text-to-speech/with-timestamps', tts), shape: detail },
      {
        name: 'POST /v1/text-to-speech/compose',
        exhaust: synthesisSlots,
        send: current('/v1/text-to-speech/compose', () => ({ segments: [{ type: 'tts', ...tts() }] })),
        shape: detail,
      },
      { name: 'POST /v1/custom-voices/instant-clone', exhaust: cloneSlots, send: clone('/v1/custom-voices/instant-clone'), shape: detail },
      { name: 'POST /v1/voices/clone', exhaust: cloneSlots, send: clone('/v1/voices/clone'), shape: detail },
      { name: 'POST /v1/custom-voices/professional-clone', exhaust: cloneSlots, send: clone('/v1/custom-voices/professional-clone'), shape: detail },
      {
        name: 'POST /api/text-to-speech (concurrency)',
        exhaust: synthesisSlots,
        send: (account) => json('/api/text-to-speech', { text: 'Over the limit.', lang: 'en-us', actor_id: actor() }, { authorization: `Bearer ${account.apiToken}` }),
        shape: earlierShape,
      },
      ...['/api/speak', '/api/text-to-speech'].map((path) => ({
        name: `POST ${path} (rate)`,
        exhaust: async (account: { uid: string }) => {
          await server.services.limiters.rate.hit(`earlier-speak:${account.uid}`, 1, 60_000);
          await server.services.plans.update(plan, { speakRatePerMinute: 1 });
          return async () => {
            await server.services.plans.update(plan, { speakRatePerMinute: 600 });
          };
        },
        send: (account: { apiToken: string }) => json(path, { text: 'Over the limit.', lang: 'en-us', actor_id: actor() }, { authorization: `Bearer ${account.apiToken}` }),
        shape: earlierShape,
      })),
      ...(['uploadSlotsOpen', 'uploadSlotsPerHour'] as const).map((limit) => ({
        name: `POST /api/speak/resource (${limit})`,
        exhaust: async () => {
          const before = (await server.services.plans.require(plan))[limit];
          await server.services.plans.update(plan, { [limit]: 0 });
          return async () => {
            await server.services.plans.update(plan, { [limit]: before });
          };
        },
        send: (account: { apiToken: string }) => json('/api/speak/resource', { audio_format: 'wav' }, { authorization: `Bearer ${account.apiToken}` }),
        shape: earlierShape,
      })),
      ...['', '/stream', '/with-timestamps', '/stream/with-timestamps'].map((tail) => ({
        name: `POST /v1/text-to-speech/{voice_id}${tail} (ElevenLabs)`,
        exhaust: synthesisSlots,
        send: (account: { apiKey: string }) => elevenLabs(`/v1/text-to-speech/${olivia}${tail}`)(account),
        shape: elevenLabsShape,
      })),
      {
        name: 'POST /v1/voices/add (ElevenLabs)',
        exhaust: cloneSlots,
        send: (account) => fetch(`${server.url}/v1/voices/add`, { method: 'POST', headers: { 'xi-api-key': account.apiKey }, body: form() }),
        shape: elevenLabsShape,
      },
      {
        name: 'POST /v1/audio/speech (concurrency)',
        exhaust: synthesisSlots,
        send: (account) => json('/v1/audio/speech', { model: 'tts-1', voice: 'nova', input: 'Over the limit.' }, { authorization: `Bearer ${account.apiKey}` }),
        shape: openAiShape('rate_limit_exceeded'),
      },
      {
        name: 'POST /v1/audio/speech (quota)',
        exhaust: async (account) => {
          const left = (await server.services.accounts.getWithPlan(account.uid))!;
          await server.services.accounts.debitCredits(account.uid, left.plan.planCredits);
          return async () => {};
        },
        send: (account) => json('/v1/audio/speech', { model: 'tts-1', voice: 'nova', input: 'Over the limit.' }, { authorization: `Bearer ${account.apiKey}` }),
        shape: openAiShape('insufficient_quota'),
        headers: { 'x-should-retry': 'false' },
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        await server.services.plans.update(plan, { concurrencyLimit: 1, maxConcurrentClones: 5 });
        const account = await server.createAccount(plan);
        const giveBack = await c.exhaust(account);
        try {
          const res = await c.send(account);
          const text = await res.text();
          assert.equal(res.status, 429, text);
          assert.match(res.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `Retry-After of ${c.name}`);
          c.shape(JSON.parse(text));
          for (const [name, value] of Object.entries(c.headers ?? {})) assert.equal(res.headers.get(name), value, name);
        } finally {
          await giveBack();
        }
      });
    }
  });
});
