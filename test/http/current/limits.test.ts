import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { SpeechAdmission } from '../../../src/services/speech/admission.js';
import { SpeechError } from '../../../src/services/speech/speech-errors.js';
import { english300, openCurrentApi, type CurrentApi } from './current-api.js';

describe('current interface: concurrency limit and credits', () => {
  let api: CurrentApi;
  let olivia: string;
  const used = async (key = api.apiKey) =>
    ((await (await api.call('GET', '/v1/users/me/subscription', { key })).json()) as { credits: { used_credits: number } }).credits.used_credits;
  before(async () => {
    api = await openCurrentApi('lite');
    olivia = await api.voiceId('Olivia');
  });
  after(() => api.close());

  it('with concurrency_limit 2, three simultaneous requests give two 200s and one immediate 429', async (t) => {
    await api.server.services.plans.update('lite', { concurrencyLimit: 2 });
    const before = await used();
    const started = performance.now();
    const timed = async (path: string) => {
      const res = await api.call('POST', path, { body: { voice_id: olivia, model: 'ssfm-v30', text: english300 } });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started, retry: res.headers.get('content-type') };
    };
    const results = await Promise.all([timed('/v1/text-to-speech'), timed('/v1/text-to-speech/stream'), timed('/v1/text-to-speech')]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 429]);
    const refused = results.find((r) => r.status === 429)!;
    const served = results.filter((r) => r.status === 200);
    t.diagnostic(`429 after ${refused.ms.toFixed(0)} ms; 200s after ${served.map((r) => r.ms.toFixed(0)).join(', ')} ms`);
    assert.ok(refused.ms < Math.min(...served.map((r) => r.ms)) / 3, `429 after ${refused.ms.toFixed(0)} ms, 200s after ${served.map((r) => r.ms.toFixed(0))} ms: never queued`);
    assert.equal((await used()) - before, 2 * english300.length, 'the refused request took no credit');
    const again = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: olivia, model: 'ssfm-v30', text: 'Slots are free again.' } });
    assert.equal(again.status, 200);
    await again.arrayBuffer();
    const sub = (await (await api.call('GET', '/v1/users/me/subscription')).json()) as { limits: { concurrency_limit: number } };
    assert.equal(sub.limits.concurrency_limit, 2);
  });

  it('answers 429 {detail} and counts each account on its own', async () => {
    await api.server.services.plans.update('lite', { concurrencyLimit: 1 });
    const other = await api.server.createAccount('lite');
    const body = { voice_id: olivia, model: 'ssfm-v30', text: english300 };
    const [a, b, c] = await Promise.all([
      api.call('POST', '/v1/text-to-speech', { body }),
      api.call('POST', '/v1/text-to-speech', { body }),
      api.call('POST', '/v1/text-to-speech', { body, key: other.apiKey }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 429]);
    assert.equal(c.status, 200, 'another account has its own slots');
    const refused = a.status === 429 ? a : b;
    assert.equal(typeof ((await refused.json()) as { detail: unknown }).detail, 'string');
    await Promise.all([a, b, c].filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
    await api.server.services.plans.update('lite', { concurrencyLimit: 5 });
  });

  it('answers 402 when the plan credits run out; listing still works and never debits', async () => {
    const poor = await api.server.createAccount('free');
    await api.server.services.plans.update('free', { planCredits: 30 });
    const speak = (text: string) => api.call('POST', '/v1/text-to-speech', { body: { voice_id: olivia, model: 'ssfm-v21', text }, key: poor.apiKey });
    let res = await speak('Twenty characters!!');
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    res = await speak('Twenty characters!!');
    assert.equal(res.status, 402);
    assert.deepEqual(await res.json(), { detail: 'Insufficient credit' });
    for (const path of ['/v1/text-to-speech/stream', '/v1/text-to-speech/with-timestamps']) {
      const r = await api.call('POST', path, { body: { voice_id: olivia, model: 'ssfm-v21', text: 'Twenty characters!!' }, key: poor.apiKey });
      assert.equal(r.status, 402, path);
    }
    assert.equal((await api.call('GET', '/v3/voices', { key: poor.apiKey })).status, 200);
    assert.equal(await used(poor.apiKey), 19);
    res = await speak('Eleven char');
    assert.equal(res.status, 200, 'exactly the rest of the allowance');
    await res.arrayBuffer();
    assert.equal(await used(poor.apiKey), 30);
  });

  it('gives credits back and frees the slot when a synthesis fails', async () => {
    const account = await api.server.createAccount('plus');
    const admission = new SpeechAdmission(api.server.services.accounts, api.server.services.limiters.concurrency);
    const one = await admission.admit(account.uid, 100);
    assert.equal((await api.server.services.accounts.require(account.uid)).usedCredits, 100);
    await one.end('failed');
    await one.end('failed');
    assert.equal((await api.server.services.accounts.require(account.uid)).usedCredits, 0);
    assert.equal(await api.server.services.limiters.concurrency.inUse(`synthesis:${account.uid}`), 0);
    await api.server.services.plans.update('plus', { planCredits: 50 });
    await assert.rejects(admission.admit(account.uid, 51), (e: unknown) => e instanceof SpeechError && e.code === 'insufficient_credit');
    assert.equal(await api.server.services.limiters.concurrency.inUse(`synthesis:${account.uid}`), 0, 'a refused debit frees its slot');
  });
});
