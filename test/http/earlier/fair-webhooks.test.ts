import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bullmqBackend, sqliteBackend } from '../server-backends.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, findVoiceByAnyName } from './earlier-client.js';
import { startReceiver } from './webhook-receiver.js';

const workerSlots = 4;
const accountSlots = 2;

/** A real receiver that never answers: every request is held open until close(). */
async function startHangingReceiver() {
  const held: { response: http.ServerResponse; closed: boolean }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    const entry = { response, closed: false };
    held.push(entry);
    response.on('close', () => {
      entry.closed = true;
    });
    for (const w of waiters.filter((w) => held.length >= w.count)) w.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    held,
    waitFor(count: number, timeoutMs = 60_000): Promise<void> {
      if (held.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for ${count} held requests, got ${held.length}`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const backends = [sqliteBackend('database queue on SQLite'), bullmqBackend('fair-webhooks')];

/**
 * Webhook deliveries are fair per account: account A's receiver never answers and A has many
 * deliveries, yet account B's delivery to a prompt receiver arrives while A's attempts are still
 * hanging, because one account holds at most WEBHOOK_ACCOUNT_CONCURRENCY worker slots with
 * attempts in flight. The attempt timeout is set far longer than the test, so "still hanging" is
 * a fact the test observes (no request of A's closed), not a matter of timing.
 */
for (const backend of backends) {
  describe(`webhook deliveries fair per account: ${backend.name}`, { skip: backend.skip }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        env: { ...(await backend.env()), JOB_CONCURRENCY: String(workerSlots), WEBHOOK_ACCOUNT_CONCURRENCY: String(accountSlots), WEBHOOK_TIMEOUT_SECONDS: '120' },
      });
    });
    after(async () => {
      await server?.close();
      await backend.cleanup();
    });

    it("delivers another account's webhook while one account's receivers hang", async () => {
      await server.services.plans.update('plus', { speakRatePerMinute: 1000 });
      const actor = findVoiceByAnyName('eng-olivia')!.id;
      const hanging = await startHangingReceiver();
      const prompt = await startReceiver();
      try {
        const a = earlierClient(server, (await server.createAccount('plus')).apiToken);
        const b = earlierClient(server, (await server.createAccount('plus')).apiToken);
        assert.equal((await a.put('/api/me/callback-url', { callback_url: hanging.url })).status, 200);
        assert.equal((await b.put('/api/me/callback-url', { callback_url: prompt.url })).status, 200);
        for (let n = 0; n < 3 * workerSlots; n++) {
          const created = await a.post('/api/speak', { text: `Hanging delivery ${n}.`, lang: 'en-us', actor_id: actor });
          assert.equal(created.status, 200, JSON.stringify(created.body));
        }
        // A's receiver holds as many attempts as A may have in flight.
        await hanging.waitFor(accountSlots);
        const created = await b.post('/api/speak', { text: 'The other account is told at once.', lang: 'en-us', actor_id: actor });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        await prompt.waitFor(1, 60_000);
        assert.equal(prompt.received[0].json.speak_v2_url, created.body.result.speak_v2_url);
        // When B's arrived, every attempt of A's was still hanging, and no more than A's share was in flight.
        assert.ok(hanging.held.every((h) => !h.closed), 'an attempt of A ended before B was delivered');
        assert.equal(hanging.held.length, accountSlots, `A had ${hanging.held.length} attempts in flight`);
      } finally {
        await hanging.close();
        await prompt.close();
      }
    });
  });
}
