import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { freePort } from '../../start/child-server.js';
import { cliPath } from '../../start/run-cli.js';
import { startTestServer, type TestServer } from '../test-server.js';

const token = randomBytes(32).toString('base64url');

/** An admin API client: JSON in and out, with the admin token unless told otherwise. */
function adminClient(url: string, bearer: string | null = token) {
  return async (method: string, route: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}/admin/v1${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
}

describe('admin API when ADMIN_TOKEN is unset', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ startQueue: false });
  });
  after(() => server.close());

  it('does not exist: 404 like any unknown path, with or without a token, and is not documented', async () => {
    for (const bearer of [null, token]) {
      const answer = await adminClient(server.url, bearer)('GET', '/accounts');
      assert.equal(answer.status, 404);
    }
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    assert.deepEqual(Object.keys(doc.paths).filter((p: string) => p.startsWith('/admin')), []);
  });
});

describe('admin API', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8));
  let server: TestServer;
  let admin: ReturnType<typeof adminClient>;
  before(async () => {
    server = await startTestServer({ startQueue: false, clock, env: { ADMIN_TOKEN: token } });
    admin = adminClient(server.url);
  });
  after(() => server.close());

  const subscription = (key: string) => fetch(`${server.url}/v1/users/me/subscription`, { headers: { 'x-api-key': key } });

  it('refuses a missing, wrong or partial token with 401 {detail, code}', async () => {
    for (const bearer of [null, 'x'.repeat(43), token.slice(0, -1), `${token}x`]) {
      const answer = await adminClient(server.url, bearer)('GET', '/accounts');
      assert.equal(answer.status, 401, String(bearer));
      assert.equal(answer.headers.get('www-authenticate'), 'Bearer');
      assert.equal(answer.body.code, 'unauthorized');
    }
    const wrongScheme = await fetch(`${server.url}/admin/v1/accounts`, { headers: { 'x-api-key': token } });
    assert.equal(wrongScheme.status, 401);
  });

  it('takes an account through its whole life: create, show, plan, usage, keys with a grace period, disable, enable, audit, delete', async () => {
    const created = await admin('POST', '/accounts', { plan: 'free', email: 'ada@example.com', name: 'Ada' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { uid } = created.body.account;
    assert.match(uid, /^[0-9a-f]{24}$/);
    assert.equal((await subscription(created.body.api_key)).status, 200, 'the key shown works');
    assert.ok((await admin('GET', '/accounts')).body.accounts.some((a: { uid: string }) => a.uid === uid));

    assert.ok(await server.services.accounts.debitCredits(uid, 120));
    const shown = await admin('GET', `/accounts/${uid}`);
    assert.equal(shown.status, 200);
    assert.deepEqual(shown.body.usage, { used_credits: 120, plan_credits: 10_000, remaining_credits: 9880, used_professional_generations: 0, professional_generations: 0 });
    assert.deepEqual(shown.body.period, { length: 'P1M', start: '2026-05-10T08:00:00.000Z', next_renewal_at: '2026-06-10T08:00:00.000Z' });
    assert.equal(shown.body.account.email, 'ada@example.com');

    assert.equal((await admin('PUT', `/accounts/${uid}/plan`, { plan: 'plus' })).body.usage.plan_credits, 500_000);
    const noPlan = await admin('PUT', `/accounts/${uid}/plan`, { plan: 'platinum' });
    assert.deepEqual([noPlan.status, noPlan.body.code], [422, 'plan_not_found']);
    assert.equal((await admin('POST', `/accounts/${uid}/reset-usage`)).body.usage.used_credits, 0);

    const added = await admin('POST', `/accounts/${uid}/keys`);
    assert.equal(added.status, 201);
    assert.equal((await subscription(added.body.api_key)).status, 200);
    const rotated = await admin('POST', `/accounts/${uid}/keys/${added.body.key_id}/rotate`, { grace_seconds: 3600 });
    assert.equal(rotated.status, 201, JSON.stringify(rotated.body));
    assert.equal(rotated.body.old_key_expires_at, new Date(clock.now() + 3_600_000).toISOString());
    clock.advance(3_600_000 - 1);
    assert.equal((await subscription(added.body.api_key)).status, 200, 'the old key still works within its grace');
    clock.advance(1);
    assert.equal((await subscription(added.body.api_key)).status, 401, 'and is refused from its end on');
    assert.equal((await subscription(rotated.body.api_key)).status, 200);
    const revoked = await admin('POST', `/accounts/${uid}/keys/${rotated.body.key_id}/revoke`);
    assert.deepEqual(revoked.body, { key_id: rotated.body.key_id, revoked: true });
    assert.equal((await subscription(rotated.body.api_key)).status, 401);
    const keys = (await admin('GET', `/accounts/${uid}/keys`)).body.keys;
    assert.equal(keys.length, 3);
    assert.ok(keys.every((k: Record<string, unknown>) => !('api_key' in k)), 'listings never show a key');
    const badGrace = await admin('POST', `/accounts/${uid}/keys/${created.body.account.uid.slice(0, 12)}/rotate`, { grace_seconds: -1 });
    assert.deepEqual([badGrace.status, badGrace.body.code], [422, 'invalid_request']);
    const noKey = await admin('POST', `/accounts/${uid}/keys/000000000000/revoke`);
    assert.deepEqual([noKey.status, noKey.body.code], [404, 'key_not_found']);

    assert.notEqual((await admin('POST', `/accounts/${uid}/disable`)).body.account.disabled_at, null);
    assert.equal((await subscription(created.body.api_key)).status, 403);
    assert.equal((await admin('POST', `/accounts/${uid}/enable`)).body.account.disabled_at, null);
    assert.equal((await subscription(created.body.api_key)).status, 200);

    const audit = (await admin('GET', `/audit?uid=${uid}`)).body.entries;
    assert.deepEqual(
      audit.map((e: { action: string; actor: string }) => `${e.action}:${e.actor}`),
      ['create:admin-api', 'set-plan:admin-api', 'reset-usage:admin-api', 'add-key:admin-api', 'rotate-key:admin-api', 'revoke-key:admin-api', 'disable:admin-api', 'enable:admin-api'].reverse(),
      'newest first',
    );

    const deleted = await admin('DELETE', `/accounts/${uid}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.rows.accounts, 1);
    assert.equal(deleted.body.rows.account_keys, 3);
    const gone = await admin('GET', `/accounts/${uid}`);
    assert.deepEqual([gone.status, gone.body.code], [404, 'account_not_found']);
    assert.equal((await admin('GET', `/audit?uid=${uid}`)).body.entries[0].action, 'delete', 'the audit log outlives the account');
    assert.equal((await subscription(created.body.api_key)).status, 401);
  });

  it('answers bad input in its own shape, never a 500', async () => {
    for (const [method, route, body] of [
      ['GET', '/accounts/not-a-uid', undefined],
      ['POST', '/accounts', { email: 'x@example.com' }],
      ['POST', '/accounts', { plan: { name: 'free' } }],
      ['POST', '/accounts', { plan: 7 }],
      ['POST', '/accounts', { plan: 'free', role: 'root' }],
      ['GET', '/audit?uid=zz', undefined],
    ] as const) {
      const answer = await admin(method, route, body);
      assert.equal(answer.status, 422, `${method} ${route}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(typeof answer.body.detail, 'string');
    }
    const unknownField = await admin('POST', '/accounts', { plan: 'free', role: 'root' });
    assert.match(unknownField.body.detail, /body/);
    const unknown = await admin('GET', '/nothing-here');
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'not_found']);
    const missing = await admin('POST', `/accounts/${'0'.repeat(24)}/disable`);
    assert.deepEqual([missing.status, missing.body.code], [404, 'account_not_found']);
  });
});

describe('admin API logs', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-admin-logs-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('hold neither the admin token nor any key or token the admin API handed out', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [cliPath, 'serve'], {
      env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'info', SYNTH_WORKERS: '1', ADMIN_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('close', resolve));
    try {
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600 && !(await fetch(`${url}/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
      const call = adminClient(url);
      const created = await call('POST', '/accounts', { plan: 'lite' });
      assert.equal(created.status, 201);
      const added = await call('POST', `/accounts/${created.body.account.uid}/keys`);
      const rotated = await call('POST', `/accounts/${created.body.account.uid}/keys/${added.body.key_id}/rotate`, { grace_seconds: 0 });
      assert.equal((await adminClient(url, `${token}x`)('GET', '/accounts')).status, 401);
      child.kill('SIGTERM');
      await exited;
      assert.match(output, /\/admin\/v1\/accounts/, 'the admin requests are logged');
      const failure = output.split('\n').find((line) => line.includes('admin authentication failed'));
      assert.ok(failure, `the failed authentication is logged:\n${output}`);
      assert.deepEqual([JSON.parse(failure).address, JSON.parse(failure).route, JSON.parse(failure).token_given], ['127.0.0.1', 'GET /admin/v1/accounts', true]);
      for (const secret of [token, created.body.api_key, created.body.api_token, added.body.api_key, rotated.body.api_key]) {
        assert.ok(!output.includes(secret), `a secret leaked into the logs:\n${output}`);
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
