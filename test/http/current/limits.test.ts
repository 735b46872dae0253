import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SpeechAdmission } from '../../../src/services/speech/admission.js';
import { SpeechError } from '../../../src/services/speech/speech-errors.js';
import { holdSyntheses } from '../held-syntheses.js';
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

  it('with concurrency_limit 2, a third request while two run gets an immediate 429, never queued', async () => {
    await api.server.services.plans.update('lite', { concurrencyLimit: 2 });
    const before = await used();
    // The two admitted syntheses are held at their start, so the third request is answered while
    // both slots are certainly taken: a 429 here cannot have waited for one of them to end.
    const held = holdSyntheses(api.server.services.synthesizer);
    let results: number[];
    try {
      const body = { voice_id: olivia, model: 'ssfm-v30', text: english300 };
      const admitted = [api.call('POST', '/v1/text-to-speech', { body }), api.call('POST', '/v1/text-to-speech', { body })];
      await held.startedAtLeast(2);
      const refused = await api.call('POST', '/v1/text-to-speech/stream', { body });
      assert.equal(refused.status, 429, await refused.clone().text());
      assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'the 429 says when to retry');
      await refused.arrayBuffer();
      held.release();
      results = await Promise.all(admitted.map(async (request) => {
        const res = await request;
        await res.arrayBuffer();
        return res.status;
      }));
    } finally {
      held.restore();
    }
    assert.deepEqual(results, [200, 200]);
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
    // Texts no earlier case spoke, so neither answer can come from the response cache.
    const body = (text: string) => ({ voice_id: olivia, model: 'ssfm-v30', text });
    // Both admitted syntheses are held at their start, so the refusal cannot race their end.
    const held = holdSyntheses(api.server.services.synthesizer);
    try {
      const a = api.call('POST', '/v1/text-to-speech', { body: body('The first account speaks first.') });
      const c = api.call('POST', '/v1/text-to-speech', { body: body('The other account speaks too.'), key: other.apiKey });
      await held.startedAtLeast(2);
      const refused = await api.call('POST', '/v1/text-to-speech', { body: body('The first account asks again.') });
      assert.equal(refused.status, 429);
      assert.equal(typeof ((await refused.json()) as { detail: unknown }).detail, 'string');
      held.release();
      const [first, another] = await Promise.all([a, c]);
      assert.equal(first.status, 200);
      assert.equal(another.status, 200, 'another account has its own slots');
      await Promise.all([first.arrayBuffer(), another.arrayBuffer()]);
    } finally {
      held.restore();
    }
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
