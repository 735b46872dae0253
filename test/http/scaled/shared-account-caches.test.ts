import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../../contract/test-redis.js';
import { openRedis } from '../../../src/redis/redis-connection.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * What a node keeps in memory about an account (its custom voices and the listings made of them)
 * is right on every node at once, and what signs a request in (keys, disabled, plan, usage) is
 * never answered from memory: two Orator nodes share one database (SQLite file, or PostgreSQL
 * with Redis as in the scaled setup); each change goes through one node, and the other node's
 * very next request, made after the change returned, must show it. The other node's caches are
 * warmed before every change, so a stale answer would be served if invalidation were wrong.
 */
const redisUrl = testRedisUrl();

for (const target of testDatabaseTargets()) {
  describe(`account caches across two nodes on ${target.dialect}`, () => {
    let database: TestDatabase | undefined;
    let sharedDir: string | undefined;
    let redisPrefix: string | undefined;
    let one: TestServer;
    let two: TestServer;

    before(async () => {
      let env: Record<string, string>;
      if (target.dialect === 'postgres') {
        database = await target.create();
        // Creates the schema and migrates it, so both nodes start on the same tables.
        await (await database.open()).close();
        const url = new URL(database.options.databaseUrl!);
        url.searchParams.set('options', `-c search_path=${database.options.schema}`);
        env = { DATABASE_URL: url.toString(), ORATOR_SECRET_KEY: randomBytes(32).toString('base64') };
        if (redisUrl) {
          redisPrefix = uniquePrefix('caches');
          env = { ...env, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix };
        }
      } else {
        sharedDir = await mkdtemp(path.join(os.tmpdir(), 'orator-two-nodes-'));
        env = { DATA_DIR: sharedDir };
      }
      // One after the other: on SQLite the second node waits for the first one's migration lock otherwise.
      one = await startTestServer({ env, startQueue: false });
      two = await startTestServer({ env, startQueue: false });
    });

    after(async () => {
      await one?.close();
      await two?.close();
      await database?.dispose();
      if (sharedDir) await rm(sharedDir, { recursive: true, force: true });
      if (redisPrefix) {
        const redis = openRedis(redisUrl!);
        await redis.connect();
        await deleteKeys(redis, redisPrefix);
        redis.disconnect();
      }
    });

    async function get(node: TestServer, route: string, key: string): Promise<{ status: number; body: any }> {
      const res = await fetch(`${node.url}${route}`, { headers: { 'x-api-key': key } });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    const listedIds = async (node: TestServer, key: string, route = '/v3/voices') => {
      const { status, body } = await get(node, route, key);
      assert.equal(status, 200);
      return (body as { voice_id: string }[]).map((v) => v.voice_id);
    };

    /** A custom voice of the account written as node `through` writes one: pending first, as a clone starts. */
    async function insertPending(through: TestServer, uid: string, name: string): Promise<string> {
      const voiceId = `uc_${randomBytes(12).toString('hex')}`;
      const now = Date.now();
      await through.services.repositories.customVoices.insert({ voice_id: voiceId, account_uid: uid, name, model: 'ssfm-v30', language: 'eng', source: 'instant', status: 'pending', created_at: now, updated_at: now });
      return voiceId;
    }

    it('a clone completed through one node is listed and found on the other at once; deleted, it is 404 there at once', async () => {
      const account = await one.createAccount('custom');
      assert.deepEqual((await listedIds(two, account.apiKey)).filter((id) => id.startsWith('uc_')), []);

      const voiceId = await insertPending(one, account.uid, 'Cached Carol');
      // Pending is not usable: still not listed, and the other node has now cached that.
      assert.ok(!(await listedIds(two, account.apiKey)).includes(voiceId));
      assert.equal((await get(two, `/v2/voices/${voiceId}`, account.apiKey)).status, 404);

      // What the clone's training does when it succeeds (CustomVoiceService.finishTraining).
      assert.ok(await one.services.repositories.customVoices.update(voiceId, { status: 'completed', profile: '{}', updated_at: Date.now() }));
      assert.equal((await listedIds(two, account.apiKey))[0], voiceId);
      assert.equal((await listedIds(two, account.apiKey, '/v2/voices'))[0], voiceId);
      const found = await get(two, `/v2/voices/${voiceId}`, account.apiKey);
      assert.equal(found.status, 200);
      assert.equal(found.body.voice_name, 'Cached Carol');
      assert.equal((await get(two, `/v1/voices/${voiceId}`, account.apiKey)).status, 200);

      // Deleted through node two's route: node one, which has it cached, answers 404 at once.
      assert.equal((await get(one, `/v2/voices/${voiceId}`, account.apiKey)).status, 200);
      const deleted = await fetch(`${two.url}/v1/voices/${voiceId}`, { method: 'DELETE', headers: { 'x-api-key': account.apiKey } });
      assert.ok(deleted.status === 200 || deleted.status === 204, `DELETE answered ${deleted.status}`);
      assert.equal((await get(one, `/v2/voices/${voiceId}`, account.apiKey)).status, 404);
      assert.equal((await get(one, `/v3/voices/${voiceId}`, account.apiKey)).status, 404);
      assert.ok(!(await listedIds(one, account.apiKey)).includes(voiceId));
    });

    it('a clone that fails after being listed disappears from the other node at once', async () => {
      const account = await one.createAccount('custom');
      const voiceId = await insertPending(one, account.uid, 'Failing Frank');
      await one.services.repositories.customVoices.update(voiceId, { status: 'completed', profile: '{}', updated_at: Date.now() });
      assert.ok((await listedIds(two, account.apiKey)).includes(voiceId));
      // Any status change counts, whichever code path makes it.
      await one.services.repositories.customVoices.update(voiceId, { status: 'failed', error: 'gone wrong', updated_at: Date.now() });
      assert.ok(!(await listedIds(two, account.apiKey)).includes(voiceId));
      assert.equal((await get(two, `/v2/voices/${voiceId}`, account.apiKey)).status, 404);
    });

    it("one account's voices never show in another's listing, however the caches are warmed", async () => {
      const owner = await one.createAccount('custom');
      const other = await one.createAccount('custom');
      const voiceId = await insertPending(one, owner.uid, 'Private Pat');
      await one.services.repositories.customVoices.update(voiceId, { status: 'completed', profile: '{}', updated_at: Date.now() });
      assert.ok((await listedIds(two, owner.apiKey)).includes(voiceId));
      assert.ok(!(await listedIds(two, other.apiKey)).includes(voiceId));
      assert.equal((await get(two, `/v2/voices/${voiceId}`, other.apiKey)).status, 404);
    });

    it('a key added, rotated or revoked through one node is honoured by the other on its next request', async () => {
      const account = await one.createAccount('plus');
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).status, 200);

      const added = await one.services.accounts.addKey(account.uid);
      assert.equal((await get(two, '/v1/users/me/subscription', added.apiKey)).status, 200);

      const [first] = await one.services.accounts.listKeys(account.uid);
      const rotated = await one.services.accounts.rotateKey(account.uid, first.id, 0);
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).status, 401);
      assert.equal((await get(two, '/v3/voices', account.apiKey)).status, 401);
      assert.equal((await get(two, '/v1/users/me/subscription', rotated.apiKey)).status, 200);

      await one.services.accounts.revokeKey(account.uid, added.id);
      assert.equal((await get(two, '/v1/users/me/subscription', added.apiKey)).status, 401);
      assert.equal((await get(two, `/v2/voices/tc_${'0'.repeat(24)}`, added.apiKey)).status, 401);
      assert.equal((await get(two, '/v1/users/me/subscription', rotated.apiKey)).status, 200);
    });

    it('an earlier-interface token rotated or switched off through one node is refused by the other at once', async () => {
      const account = await one.createAccount('plus');
      const me = (token: string) => fetch(`${two.url}/api/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
      assert.equal(await me(account.apiToken), 200);
      const rotated = await one.services.accounts.rotateApiToken(account.uid);
      assert.equal(await me(account.apiToken), 401);
      assert.equal(await me(rotated), 200);
      await one.services.accounts.setEnableApi(account.uid, false);
      assert.equal(await me(rotated), 401);
      await one.services.accounts.setEnableApi(account.uid, true);
      await one.services.accounts.disable(account.uid);
      assert.equal(await me(rotated), 403);
    });

    it('an account disabled through one node is refused by the other at once, and served again once enabled', async () => {
      const account = await one.createAccount('plus');
      assert.equal((await get(two, '/v3/voices', account.apiKey)).status, 200);
      await one.services.accounts.disable(account.uid);
      assert.equal((await get(two, '/v3/voices', account.apiKey)).status, 403);
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).status, 403);
      await one.services.accounts.enable(account.uid);
      assert.equal((await get(two, '/v3/voices', account.apiKey)).status, 200);
    });

    it('plan, plan limits and usage changed through one node show in the subscription on the other at once', async () => {
      const account = await one.createAccount('free');
      const before = await get(two, '/v1/users/me/subscription', account.apiKey);
      assert.equal(before.body.plan, 'free');
      assert.equal(before.body.credits.used_credits, 0);

      await one.services.accounts.setPlan(account.uid, 'plus');
      const plus = (await get(two, '/v1/users/me/subscription', account.apiKey)).body;
      assert.equal(plus.plan, 'plus');

      await one.services.plans.update('plus', { concurrencyLimit: plus.limits.concurrency_limit + 3 });
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.limits.concurrency_limit, plus.limits.concurrency_limit + 3);

      assert.ok(await one.services.accounts.debitCredits(account.uid, 42));
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.credits.used_credits, 42);
      await one.services.accounts.resetUsage(account.uid);
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.credits.used_credits, 0);
    });

    it('a subscription body and a voice body the other node keeps (asked twice, so served from memory) change with the very next request', async () => {
      const account = await one.createAccount('custom');
      /** Asked twice first: the first request reads, the second is answered from what the node keeps, if it keeps anything. */
      const warm = async (route: string) => {
        const first = await get(two, route, account.apiKey);
        const second = await get(two, route, account.apiKey);
        assert.deepEqual(second, first);
        return second;
      };
      assert.equal((await warm('/v1/users/me/subscription')).body.credits.used_credits, 0);
      assert.ok(await one.services.accounts.debitCredits(account.uid, 5));
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.credits.used_credits, 5);
      assert.equal((await warm('/v1/users/me/subscription')).body.plan, 'custom');
      await one.services.accounts.setPlan(account.uid, 'plus');
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.plan, 'plus');
      const limit = (await warm('/v1/users/me/subscription')).body.limits.concurrency_limit;
      await one.services.plans.update('plus', { concurrencyLimit: limit + 2 });
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).body.limits.concurrency_limit, limit + 2);
      await warm('/v1/users/me/subscription');
      await one.services.accounts.disable(account.uid);
      assert.equal((await get(two, '/v1/users/me/subscription', account.apiKey)).status, 403);
      await one.services.accounts.enable(account.uid);

      const voiceId = await insertPending(one, account.uid, 'Kept Kim');
      await one.services.repositories.customVoices.update(voiceId, { status: 'completed', profile: '{}', updated_at: Date.now() });
      assert.equal((await warm(`/v2/voices/${voiceId}`)).body.voice_name, 'Kept Kim');
      // No route renames a voice, but a row changed by any means must show (the database bumps the version).
      await one.services.store.db.updateTable('custom_voices').set({ name: 'Renamed Rita', updated_at: Date.now() }).where('voice_id', '=', voiceId).execute();
      assert.equal((await get(two, `/v2/voices/${voiceId}`, account.apiKey)).body.voice_name, 'Renamed Rita');
      await warm(`/v2/voices/${voiceId}`);
      await one.services.repositories.customVoices.update(voiceId, { status: 'failed', error: 'gone wrong', updated_at: Date.now() });
      assert.equal((await get(two, `/v2/voices/${voiceId}`, account.apiKey)).status, 404);
    });

    it('a listing with custom voices is sent gzipped when asked, and says the same as the plain one', async () => {
      const account = await one.createAccount('custom');
      for (let i = 0; i < 30; i++) {
        const voiceId = await insertPending(one, account.uid, `Voice ${i}`);
        await one.services.repositories.customVoices.update(voiceId, { status: 'completed', profile: '{}', updated_at: Date.now() });
      }
      const raw = (encoding: string | null) =>
        new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
          const headers: Record<string, string> = { 'x-api-key': account.apiKey };
          if (encoding) headers['accept-encoding'] = encoding;
          http
            .get(`${two.url}/v3/voices`, { headers }, (res) => {
              const parts: Buffer[] = [];
              res.on('data', (c: Buffer) => parts.push(c));
              res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
              res.on('error', reject);
            })
            .on('error', reject);
        });
      const plain = await raw(null);
      const gzipped = await raw('gzip, deflate');
      assert.equal(plain.encoding, undefined);
      assert.equal(gzipped.encoding, 'gzip');
      assert.ok(gzipped.body.length * 4 < plain.body.length, `${gzipped.body.length} gzipped bytes against ${plain.body.length}`);
      const listed = JSON.parse(gunzipSync(gzipped.body).toString('utf8')) as { voice_id: string; voice_name: unknown }[];
      assert.deepEqual(listed, JSON.parse(plain.body.toString('utf8')));
      assert.equal(listed.filter((v) => v.voice_id.startsWith('uc_')).length, 30);
    });
  });
}
