import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { planSentences } from '../../../src/synthesis/pipeline/plan-sentences.js';
import { englishText, openCurrentApi, type CurrentApi } from './current-api.js';

/** Resolves once the pool holds no task (none waiting, none running): the event the assertions wait for. */
async function poolSettled(pool: SynthesisPool): Promise<void> {
  for (let waited = 0; pool.activity.unsettled > 0 || pool.activity.queued > 0; waited += 5) {
    if (waited > 60_000) throw new Error('the pool never settled');
    await sleep(5);
  }
}

/**
 * Opens a stream, takes `chunks` chunks, then hangs up. With 0 it hangs up before any byte, as
 * soon as `started()` says the server has begun on the request.
 */
function listenAndLeave(api: CurrentApi, body: unknown, chunks: number, started: () => boolean = () => true): Promise<{ received: number; status: number | null }> {
  const url = new URL('/v1/text-to-speech/stream', api.server.url);
  return new Promise((resolve, reject) => {
    let received = 0;
    let status: number | null = null;
    const req = http.request(url, { method: 'POST', headers: { 'x-api-key': api.apiKey, 'content-type': 'application/json' } }, (res) => {
      status = res.statusCode ?? null;
      let taken = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (++taken >= chunks) {
          req.destroy();
          resolve({ received, status });
        }
      });
      res.on('end', () => resolve({ received, status }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve({ received, status }) : reject(error)));
    req.end(JSON.stringify(body));
    if (chunks === 0) {
      const leave = () => (started() ? req.destroy() : setTimeout(leave, 2));
      leave();
    }
  });
}

describe('a stream whose listener leaves', () => {
  let api: CurrentApi;
  let olivia: string;
  const text = englishText(2000);
  const plans = planSentences(text, 'eng');
  // Credits a listener keeps when it leaves after sentence k: the text up to the end of that sentence.
  const boundaries = plans.map((p) => p.offset + p.written.length);
  const usedCredits = async () => {
    const res = await api.call('GET', '/v1/users/me/subscription');
    return ((await res.json()) as { credits: { used_credits: number } }).credits.used_credits;
  };
  /** Waits until the account's used credits stop changing, and returns them. */
  const settledCredits = async (from: number) => {
    let last = await usedCredits();
    for (let i = 0; i < 600 && last === from; i++) {
      await sleep(100);
      last = await usedCredits();
    }
    return last;
  };

  before(async () => {
    // free: concurrency_limit 2, 10 000 credits; a leaked slot or unreturned credits would show.
    api = await openCurrentApi('free');
    olivia = await api.voiceId('Olivia');
    assert.ok(plans.length > 25, `${plans.length} sentences`);
  });
  after(() => api.close());

  it('stops rendering, frees the slot and keeps only the credits of the sentences sent (WAV)', async (t) => {
    const pool = api.server.services.pool;
    const before = await usedCredits();
    const tasksBefore = pool.activity.completed;
    const { status } = await listenAndLeave(api, { voice_id: olivia, model: 'ssfm-v30', text }, 1);
    assert.equal(status, 200);
    const used = (await settledCredits(before + text.length)) - before;
    const sent = boundaries.indexOf(used) + 1;
    t.diagnostic(`kept ${used} of ${text.length} credits (${sent} of ${plans.length} sentences)`);
    assert.ok(sent >= 1, `${used} credits is the end of a sentence`);
    assert.ok(sent < plans.length / 3, `only the first sentences were paid for: ${sent}`);
    // The credits settle when the stream has ended, so nothing more is handed to the pool:
    // once it has finished what it had in hand, the count is final.
    await poolSettled(pool);
    const rendered = pool.activity.completed - tasksBefore;
    t.diagnostic(`${rendered} sentences rendered of ${plans.length}`);
    assert.ok(rendered <= sent + pool.threads + 1, `${rendered} tasks ran for ${sent} sentences sent`);
  });

  it('MP3: the same, with its sentences encoded in the pool', async (t) => {
    const pool = api.server.services.pool;
    const before = await usedCredits();
    const tasksBefore = pool.activity.completed;
    await listenAndLeave(api, { voice_id: olivia, model: 'ssfm-v30', text, output: { audio_format: 'mp3', target_lufs: -18 } }, 1);
    const used = (await settledCredits(before + text.length)) - before;
    const sent = boundaries.indexOf(used) + 1;
    assert.ok(sent >= 1 && sent < plans.length / 3, `kept ${used} credits`);
    await poolSettled(pool);
    // Each sentence sent took a render and an encode; a few more were in hand when the listener left.
    const tasks = pool.activity.completed - tasksBefore;
    t.diagnostic(`kept ${used} credits, ${tasks} pool tasks for ${sent} sentences sent`);
    assert.ok(tasks <= 2 * sent + pool.threads + 2, `${tasks} pool tasks`);
  });

  it('a listener gone before the first byte pays nothing', async () => {
    const pool = api.server.services.pool;
    const before = await usedCredits();
    const tasksBefore = pool.activity.completed;
    // Hang up once the server has handed the first sentence to the pool, before any byte came back.
    const begun = () => pool.activity.unsettled > 0 || pool.activity.completed > tasksBefore;
    const { received } = await listenAndLeave(api, { voice_id: olivia, model: 'ssfm-v30', text }, 0, begun);
    assert.equal(received, 0);
    await poolSettled(pool);
    assert.ok(pool.activity.completed > tasksBefore, 'the server rendered the first sentence');
    assert.equal(await settledCredits(before + text.length), before);
  });

  it('leaves both slots of the plan free: two full streams at once still run', async () => {
    const before = await usedCredits();
    const short = 'The slots are free again. Both streams run.';
    const results = await Promise.all([0, 1].map(() => api.call('POST', '/v1/text-to-speech/stream', { body: { voice_id: olivia, model: 'ssfm-v30', text: short } })));
    for (const res of results) {
      assert.equal(res.status, 200);
      assert.ok((await res.arrayBuffer()).byteLength > 44);
    }
    assert.equal(await usedCredits(), before + 2 * short.length);
  });
});
