import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished } from './earlier-client.js';
import { startReceiver, verifyStandardWebhook } from './webhook-receiver.js';

const actorId = findVoiceByAnyName('eng-james')!.id;
const minute = 60_000;
/** Decisions §2: retries 1–5 at once, then 1, 2, 4 … 4096 minutes. */
const expectedDelays = [0, 0, 0, 0, 0, ...Array.from({ length: 13 }, (_, i) => 2 ** i * minute)];

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('completion webhooks', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ clock });
  });
  after(() => server.close());

  async function accountWithCallback(url: string) {
    const account = await server.createAccount('plus');
    const client = earlierClient(server, account.apiToken);
    const put = await client.put('/api/me/callback-url', { callback_url: url });
    assert.equal(put.status, 200);
    assert.equal(put.body.result.callback_url, url);
    assert.equal((await client.get('/api/me')).body.result.callback_url, url);
    return { account, client };
  }

  async function speak(client: ReturnType<typeof earlierClient>, text = 'The webhook should arrive.') {
    const answer = await client.post('/api/speak', { text, lang: 'en-us', actor_id: actorId });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.result as { speak_url: string; speak_v2_url: string };
  }

  it('arrives signed (Standard Webhooks) with the speak_url POST /api/speak returned, and its links work', async () => {
    const receiver = await startReceiver();
    try {
      const { account, client } = await accountWithCallback(receiver.url);
      const created = await speak(client);
      await receiver.waitFor(1);
      const hook = receiver.received[0];
      const secret = await server.services.accounts.getWebhookSecret(account.uid);
      assert.match(secret, /^whsec_/);
      assert.ok(verifyStandardWebhook(secret, hook.headers, hook.body), 'signature verifies with the account secret');
      assert.ok(!verifyStandardWebhook(secret, hook.headers, hook.body.replace('done', 'dene')), 'a changed body does not verify');
      assert.equal(hook.headers['webhook-timestamp'], String(Math.floor(clock.now() / 1000)));
      assert.match(String(hook.headers['webhook-id']), /^msg_[0-9a-f]{24}$/);
      assert.equal(hook.headers['content-type'], 'application/json');
      assert.equal(hook.json.speak_url, created.speak_url);
      assert.equal(hook.json.speak_v2_url, created.speak_v2_url);
      assert.equal(hook.json.status, 'done');
      assert.equal(hook.json.kind, '/api/speak');
      for (const link of [hook.json.audio_download_url, hook.json.audio_url_no_redirect]) {
        const audio = await fetch(link);
        assert.equal(audio.status, 200);
        assert.equal(Buffer.from(await audio.arrayBuffer()).subarray(0, 4).toString('latin1'), 'RIFF');
      }
      const embed = await fetch(hook.json.share.embed_url);
      assert.equal(embed.status, 200);
      const html = await embed.text();
      const src = /<audio[^>]*src="([^"]+)"/.exec(html)?.[1].replace(/&#38;/g, '&');
      assert.ok(src, 'the embed page has an <audio> element');
      assert.equal((await fetch(new URL(src!, server.url))).status, 200, 'the embedded audio plays');
      // A rotated secret signs the next message; the old one no longer verifies it.
      const rotated = await server.services.accounts.rotateWebhookSecret(account.uid);
      await speak(client, 'Second message.');
      await receiver.waitFor(2);
      assert.ok(verifyStandardWebhook(rotated, receiver.received[1].headers, receiver.received[1].body));
      assert.ok(!verifyStandardWebhook(secret, receiver.received[1].headers, receiver.received[1].body));
    } finally {
      await receiver.close();
    }
  });

  it('an answer of 500 is retried at the decided offsets (18 retries, then no more), with one webhook-id', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { client } = await accountWithCallback(receiver.url);
      const created = await speak(client);
      const speakId = new URL(created.speak_url).pathname.split('/').pop()!;
      await receiver.waitFor(1);
      const delivery = await waitUntil(() => server.services.earlier.deliveries.forSpeak(speakId));
      const jobId = `webhook:${delivery.id}`;
      // Retries 1–5 come at once: six requests arrive while the clock stands still.
      await receiver.waitFor(6);
      const offsets: number[] = [0, 0, 0, 0, 0];
      const times = Array.from({ length: 6 }, () => clock.now());
      for (let retry = 6; retry <= 18; retry++) {
        // After attempt `retry` fails the job waits; its run_at is the decided delay from now.
        const job = await waitUntil(async () => {
          const j = await server.services.queue.getJob(jobId);
          return j && j.state === 'waiting' && j.attempts === retry ? j : null;
        });
        offsets.push(job.runAt - clock.now());
        clock.set(job.runAt);
        await receiver.waitFor(retry + 1);
        times.push(clock.now());
      }
      assert.deepEqual(offsets, expectedDelays);
      const job = await waitUntil(async () => {
        const j = await server.services.queue.getJob(jobId);
        return j && j.state !== 'active' && j.attempts === 19 ? j : null;
      });
      assert.notEqual(job.state, 'waiting', 'no 19th retry is scheduled');
      clock.advance(10_000 * minute);
      await new Promise((r) => setTimeout(r, 600));
      assert.equal(receiver.received.length, 19, '1 attempt + 18 retries');
      assert.equal(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size, 1, 'webhook-id stable across retries');
      // Each retry's timestamp is its own attempt's time.
      assert.deepEqual(receiver.received.map((r) => Number(r.headers['webhook-timestamp'])), times.map((t) => Math.floor(t / 1000)));
      const row = await server.services.earlier.deliveries.get(delivery.id);
      assert.equal(row?.status, 'failed');
      assert.equal(row?.attempts, 19);
      assert.equal(row?.last_status_code, 500);
    } finally {
      await receiver.close();
    }
  });

  it('an answer of 404 ends the delivery: no retry', async () => {
    const receiver = await startReceiver(() => 404);
    try {
      const { client } = await accountWithCallback(receiver.url);
      const created = await speak(client);
      const speakId = new URL(created.speak_url).pathname.split('/').pop()!;
      await receiver.waitFor(1);
      const row = await waitUntil(async () => {
        const d = await server.services.earlier.deliveries.forSpeak(speakId);
        return d && d.status !== 'pending' ? d : null;
      });
      assert.equal(row.status, 'failed');
      assert.equal(row.last_status_code, 404);
      clock.advance(10_000 * minute);
      await new Promise((r) => setTimeout(r, 600));
      assert.equal(receiver.received.length, 1);
    } finally {
      await receiver.close();
    }
  });

  it('429 is retried; a redirect is not followed and ends the delivery', async () => {
    const receiver = await startReceiver((_r, i) => (i === 0 ? 429 : 200));
    const redirecting = await startReceiver(() => 302);
    try {
      const { client } = await accountWithCallback(receiver.url);
      await speak(client);
      await receiver.waitFor(2);
      assert.equal(receiver.received[0].headers['webhook-id'], receiver.received[1].headers['webhook-id']);
      const other = await accountWithCallback(redirecting.url);
      const created = await speak(other.client);
      const speakId = new URL(created.speak_url).pathname.split('/').pop()!;
      const row = await waitUntil(async () => {
        const d = await server.services.earlier.deliveries.forSpeak(speakId);
        return d && d.status !== 'pending' ? d : null;
      });
      assert.equal(row.status, 'failed');
      assert.equal(row.last_status_code, 302);
      assert.equal(redirecting.received.length, 1);
    } finally {
      await receiver.close();
      await redirecting.close();
    }
  });

  it('a failed speak is announced with status failed and no audio links', async () => {
    const receiver = await startReceiver();
    try {
      const { account, client } = await accountWithCallback(receiver.url);
      const created = await speak(client);
      const speakId = new URL(created.speak_url).pathname.split('/').pop()!;
      await receiver.waitFor(1);
      // A speak that fails for good (its order names an actor that is gone): failed, refunded, announced.
      const before = (await server.services.accounts.get(account.uid))!.usedCredits;
      await server.services.store.db
        .insertInto('speaks')
        .values({
          ...(await server.services.store.db.selectFrom('speaks').selectAll().where('id', '=', speakId).executeTakeFirstOrThrow()),
          id: 'f'.repeat(24),
          status: 'progress',
          params: JSON.stringify({ ...(await server.services.earlier.speakStore.get(speakId))!.order, actorId: '0'.repeat(24) }),
          credits: 5,
        })
        .execute();
      await server.services.store.db.updateTable('accounts').set({ used_credits: before + 5 }).where('uid', '=', account.uid).execute();
      await server.services.earlier.speaks.run('f'.repeat(24), 1);
      await receiver.waitFor(2);
      const hook = receiver.received[1].json;
      assert.equal(hook.status, 'failed');
      assert.equal(hook.audio_download_url, null);
      assert.equal(hook.speak_url, `${server.url}/api/speak/${'f'.repeat(24)}`);
      assert.equal((await client.get(`/api/speak/v2/${'f'.repeat(24)}`)).body.result.status, 'failed');
      assert.equal((await server.services.accounts.get(account.uid))!.usedCredits, before, 'credits refunded');
    } finally {
      await receiver.close();
    }
  });
});
