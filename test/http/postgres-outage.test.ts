import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startCuttableProxy, type CuttableProxy } from '../store/cuttable-proxy.js';
import { earlierClient, findVoiceByAnyName, pollUntilFinished } from './earlier/earlier-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The server on PostgreSQL when the database goes away under it: connections killed by the
 * server (pg_terminate_backend), and an outage (every connection cut, new ones refused, as in a
 * restart) during which requests are answered 503 in each interface's shape, then served again
 * without a restart, with no speak lost.
 */
describe('PostgreSQL faults', { skip: databaseUrl ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const schema = `orator_outage_${tag}`;
  const applicationName = `orator-outage-${tag}`;
  let admin: pg.Client;
  let proxy: CuttableProxy;
  let server: TestServer;
  let account: { apiKey: string; apiToken: string };

  const subscription = () => fetch(`${server.url}/v1/users/me/subscription`, { headers: { 'x-api-key': account.apiKey } });

  before(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const target = new URL(databaseUrl!);
    proxy = await startCuttableProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.set('options', `-c search_path=${schema}`);
    viaProxy.searchParams.set('application_name', applicationName);
    server = await startTestServer({ env: { DATABASE_URL: viaProxy.toString(), ORATOR_SECRET_KEY: randomBytes(32).toString('base64') }, startQueue: false });
    account = await server.createAccount('plus');
  });

  after(async () => {
    await server?.close();
    await proxy?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  it('keeps running when PostgreSQL terminates its connections, and serves again at once', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await subscription()).status, 200);
    const { rows } = await admin.query('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1', [applicationName]);
    assert.ok(rows.length > 0, 'the server held connections to terminate');
    // Until the pool has seen its connections die, a request may meet one: it is answered 503,
    // never 500; each new request gets a fresh connection, so a 200 follows within the pool's size.
    const seen: number[] = [];
    for (let i = 0; i < 12 && seen.at(-1) !== 200; i++) seen.push((await subscription()).status);
    assert.ok(seen.every((status) => status === 200 || status === 503), `answers ${seen}`);
    assert.equal(seen.at(-1), 200, `answers ${seen}`);
  });

  it('answers 503 in each interface\'s shape while the database is away, then recovers with no speak lost', async () => {
    const earlier = earlierClient(server, account.apiToken);
    const actor = findVoiceByAnyName('eng-olivia')!.id;
    const speaks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await earlier.post('/api/speak', { text: `Sentence number ${i} survives the outage.`, lang: 'en-us', actor_id: actor });
      assert.equal(created.status, 200);
      speaks.push(created.body.result.speak_v2_url);
    }

    // The workers start and the database goes away at once: whatever they had claimed or not,
    // their claims and outcomes fail until it is back, and every speak must still end done.
    await server.services.queue.start({ concurrency: 2 });
    proxy.cut();
    const current = await subscription();
    assert.equal(current.status, 503);
    assert.equal(current.headers.get('retry-after'), '5');
    assert.match(((await current.json()) as { detail: string }).detail, /database is unreachable/);
    for (const answer of [await earlier.get('/api/me'), await earlier.post('/api/speak', { text: 'Refused.', lang: 'en-us', actor_id: actor })]) {
      assert.equal(answer.status, 503);
      assert.equal(answer.body.message.error_code, 'app/service-unavailable');
    }

    proxy.restore();
    assert.equal((await subscription()).status, 200);
    assert.equal((await earlier.get('/api/me')).status, 200);
    for (const url of speaks) {
      const result = await pollUntilFinished(earlier, url, 200);
      assert.equal(result.status, 'done', JSON.stringify(result));
    }
  });
});
