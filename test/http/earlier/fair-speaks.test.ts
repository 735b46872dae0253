import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BullMQJobQueue } from '../../../src/queue/bullmq-job-queue.js';
import { DatabaseJobQueue } from '../../../src/queue/database-job-queue.js';
import { holdSyntheses } from '../held-syntheses.js';
import { bullmqBackend, postgresBackend, sqliteBackend } from '../server-backends.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, findVoiceByAnyName } from './earlier-client.js';

const backlog = 100;
const workerSlots = 2;

const backends = [sqliteBackend('database queue on SQLite'), postgresBackend('fair', 'database queue on PostgreSQL'), bullmqBackend('fair-speaks')];

/**
 * Queued speaks are fair between accounts: with one account's 100 speaks queued and the worker
 * slots busy with them, another account's single speak starts as soon as a slot frees (before
 * the backlog's next speak), on every queue backend. The syntheses are held at their start, so
 * the order is seen without timing.
 */
for (const backend of backends) {
  describe(`POST /api/speak fairness: ${backend.name}`, { skip: backend.skip }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ env: { ...(await backend.env()), JOB_CONCURRENCY: String(workerSlots) } });
    });
    after(async () => {
      await server?.close();
      await backend.cleanup();
    });

    it(`starts another account's speak within one speak per worker slot of a ${backlog}-speak backlog`, async () => {
      if (backend.name.startsWith('BullMQ')) assert.ok(server.services.queue instanceof BullMQJobQueue);
      else assert.ok(server.services.queue instanceof DatabaseJobQueue);
      await server.services.plans.update('plus', { speakRatePerMinute: 1000 });
      const heavy = earlierClient(server, (await server.createAccount('plus')).apiToken);
      const light = earlierClient(server, (await server.createAccount('plus')).apiToken);
      const actor = findVoiceByAnyName('eng-olivia')!.id;
      const held = holdSyntheses(server.services.synthesizer);
      try {
        const heavyIds: string[] = [];
        for (let n = 0; n < backlog; n++) {
          const created = await heavy.post('/api/speak', { text: `Heavy speak ${n}.`, lang: 'en-us', actor_id: actor });
          assert.equal(created.status, 200, JSON.stringify(created.body));
          heavyIds.push(created.body.result.speak_v2_url);
        }
        await held.startedAtLeast(workerSlots);
        const created = await light.post('/api/speak', { text: 'The light account speaks once.', lang: 'en-us', actor_id: actor });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        held.release();
        await held.startedAtLeast(backlog + 1);
        // The queue claims in a fixed order, but the jobs of one batch of claims (one per slot)
        // run side by side, and which of them reaches its synthesis first is up to the database's
        // answers: a start may be overtaken by at most the other slots' jobs.
        const at = held.started.indexOf('The light account speaks once.');
        assert.ok(at >= workerSlots && at < 2 * workerSlots, `the light speak started ${at}th; first starts: ${held.started.slice(0, 2 * workerSlots + 1).join(' | ')}`);
        const heavyOrder = held.started.filter((text) => text.startsWith('Heavy')).map((text) => Number(/\d+/.exec(text)![0]));
        assert.deepEqual([...heavyOrder].sort((a, b) => a - b), heavyOrder.map((_, n) => n), 'every heavy speak started once');
        const overtaken = heavyOrder.map((n, position) => Math.abs(n - position)).filter((gap) => gap >= workerSlots);
        assert.deepEqual(overtaken, [], `one account's speaks start in the order they were made, give or take the other slots: ${heavyOrder.join(' ')}`);
        const poll = await light.get(new URL(created.body.result.speak_v2_url).pathname);
        assert.equal(poll.status, 200);
      } finally {
        held.restore();
      }
    });
  });
}
