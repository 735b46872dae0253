import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../../contract/test-s3.js';
import { startReceiver } from '../earlier/webhook-receiver.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { postgresSchema } from '../server-backends.js';
import { accountWithEverything, everyBlob, everyRow } from './account-data.js';

type Setup = { name: string; skip?: string; env(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> };

const setups: Setup[] = [
  { name: 'SQLite and local disk', env: async () => ({ env: {}, dispose: async () => {} }) },
  {
    name: 'PostgreSQL and local disk',
    skip: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
    env: async () => {
      const schema = (await postgresSchema('deletion'))!;
      return { env: { DATABASE_URL: schema.url, ORATOR_SECRET_KEY: randomBytes(32).toString('base64') }, dispose: schema.dispose };
    },
  },
  {
    name: 'SQLite and S3 (s3rver)',
    env: async () => {
      const s3: TestS3Server = await startS3Server();
      process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
      return { env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1' }, dispose: () => s3.close() };
    },
  },
];

for (const setup of setups) {
  describe(`deleting an account on ${setup.name}`, { skip: setup.skip }, () => {
    let server: TestServer;
    let dispose: () => Promise<void>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    before(async () => {
      const made = await setup.env();
      dispose = made.dispose;
      server = await startTestServer({ env: made.env });
      receiver = await startReceiver();
    });
    after(async () => {
      await server?.close();
      await receiver?.close();
      await dispose?.();
    });

    it('leaves not one row (in any table but the audit log) nor one blob of it, and everything of another account', async () => {
      const victim = await accountWithEverything(server, receiver.url, 'victim');
      const bystander = await accountWithEverything(server, receiver.url, 'bystander');
      await receiver.waitFor(2);
      const rowsBefore = await everyRow(server);
      const blobsBefore = await everyBlob(server);

      // Every id the victim's rows carry: rows and blobs naming one of them are the victim's.
      const ownRows = [...rowsBefore.values()].flat().map((r) => JSON.parse(r) as Record<string, unknown>).filter((r) => r.uid === victim.uid || r.account_uid === victim.uid || r.owner_uid === victim.uid);
      const markers = new Set<string>([victim.uid]);
      for (const row of ownRows) for (const column of ['id', 'voice_id', 'key']) if (typeof row[column] === 'string') markers.add(row[column] as string);
      const mentionsVictim = (text: string) => [...markers].some((m) => text.includes(m));
      for (const table of ['accounts', 'account_keys', 'speaks', 'speak_resources', 'custom_voices', 'webhook_deliveries', 'synthesis_cache', 'jobs']) {
        assert.ok(rowsBefore.get(table)?.some(mentionsVictim), `before: the victim has rows in ${table}`);
        assert.ok(rowsBefore.get(table)?.some((r) => !mentionsVictim(r)), `before: others have rows in ${table}`);
      }
      const victimBlobs = blobsBefore.filter(mentionsVictim);
      for (const kind of ['speaks/', 'speak-resources/', 'custom-voices/', 'cache/']) assert.ok(victimBlobs.some((k) => k.startsWith(kind)), `before: the victim has ${kind} blobs (${victimBlobs.join(', ')})`);

      const deleted = await server.services.accountDeletion.delete(victim.uid, 'admin-api');
      assert.equal(deleted.blobs, victimBlobs.length);

      const rowsAfter = await everyRow(server);
      assert.deepEqual([...rowsAfter.keys()].sort(), [...rowsBefore.keys()].sort());
      for (const [table, before] of rowsBefore) {
        const after = rowsAfter.get(table)!;
        if (table === 'account_audit') {
          assert.deepEqual(after.filter((r) => before.indexOf(r) < 0).map((r) => JSON.parse(r).action), ['delete'], 'the audit log is kept, one delete row added');
          continue;
        }
        assert.deepEqual(after, before.filter((r) => !mentionsVictim(r)), `${table}: exactly the victim's rows are gone (${before.length} → ${after.length})`);
      }
      assert.deepEqual(await everyBlob(server), blobsBefore.filter((k) => !mentionsVictim(k)), 'exactly the victim blobs are gone');

      // The other account works as before; the deleted key is refused.
      const headers = (key: string) => ({ 'x-api-key': key });
      assert.equal((await fetch(`${server.url}/v1/users/me/subscription`, { headers: headers(bystander.apiKey) })).status, 200);
      assert.equal((await fetch(`${server.url}/v1/users/me/subscription`, { headers: headers(victim.apiKey) })).status, 401);
      const audit = await server.services.accounts.auditLog(victim.uid);
      assert.deepEqual(audit.at(-1)?.details.rows, deleted.rows);
    });
  });
}
