import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postgresBackend, sqliteBackend } from '../server-backends.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient } from './earlier-client.js';
import { MiB, putInPieces as put, uploadQuotaPlan, wavBytes } from './parallel-uploads.js';

const backends = [sqliteBackend(), postgresBackend('upload_quota')];

for (const backend of backends) {
  describe(`upload quotas hold under parallel requests (${backend.name})`, { skip: backend.skip }, () => {
    let server: TestServer;
    /** Resolves when the blob store starts receiving the upload of this key. */
    const storing = new Map<string, () => void>();
    const stored = new Map<string, Promise<void>>();
    const whenStoring = (key: string) => stored.get(key) ?? stored.set(key, new Promise<void>((r) => storing.set(key, r))).get(key)!;

    before(async () => {
      server = await startTestServer({ startQueue: false, env: await backend.env() });
      await server.services.plans.create(uploadQuotaPlan('bounded'));
      const blobs = server.services.blobs;
      const original = blobs.put.bind(blobs);
      blobs.put = async (key, data, contentType) => {
        void whenStoring(key);
        storing.get(key)?.();
        return original(key, data, contentType);
      };
    });
    after(async () => {
      await server?.close();
      await backend.cleanup();
    });

    const newSlots = async (client: ReturnType<typeof earlierClient>, n: number) => {
      const slots = [];
      for (let i = 0; i < n; i++) {
        const slot = await client.post('/api/speak/resource', { audio_format: 'wav' });
        assert.equal(slot.status, 200, JSON.stringify(slot.body));
        slots.push(slot.body.result as { speak_resource_id: string; presigned_url: string });
      }
      return slots;
    };

    for (const declare of [true, false]) {
      it(`8 parallel uploads of 20 MiB${declare ? '' : ' without a Content-Length'} against a 30 MiB bound keep at most 30 MiB; the others are refused 413 storage-full`, { timeout: 120_000 }, async () => {
        const account = await server.createAccount('bounded');
        const client = earlierClient(server, account.apiToken);
        const slots = await newSlots(client, 8);
        const body = wavBytes(20 * MiB);
        const results = await Promise.all(slots.map((slot) => put(slot.presigned_url, body, { declare, accepted: () => whenStoring(`speak-resources/${slot.speak_resource_id}.wav`) })));
        const statuses = results.map((r) => r.status);
        assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses ${statuses}`);
        // Declared: all refused before a byte is read. Undeclared: the first takes 25 MiB (the file
        // cap), the second the 5 MiB left, refused as its body passes them, maybe cut while sending.
        const refused = results.filter((r) => r.status !== 200 && r.status !== 0);
        assert.ok(refused.length >= (declare ? 7 : 6), `statuses ${statuses}`);
        for (const answer of refused) {
          assert.equal(answer.status, 413);
          assert.equal(answer.body.message.error_code, 'app/upload/storage-full');
        }
        let kept = 0;
        for (const slot of slots) kept += (await server.services.blobs.stat(`speak-resources/${slot.speak_resource_id}.wav`))?.size ?? 0;
        assert.equal(kept, 20 * MiB);
        const usage = await server.services.repositories.speakResources.usage(account.uid, Date.now());
        assert.equal(usage.storedBytes, 20 * MiB, 'every reservation was settled or given back');
      });
    }

    it('16 parallel slot requests against a bound of 10 open exactly 10; the others are 429', async () => {
      const account = await server.createAccount('bounded');
      const client = earlierClient(server, account.apiToken);
      const answers = await Promise.all(Array.from({ length: 16 }, () => client.post('/api/speak/resource', { audio_format: 'wav' })));
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 200).length, 10, `statuses ${statuses}`);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        assert.equal(refused.status, 429);
        assert.equal(refused.body.message.error_code, 'app/too-many-requests');
      }
      assert.equal((await server.services.repositories.speakResources.usage(account.uid, Date.now())).openSlots, 10);
    });
  });
}
