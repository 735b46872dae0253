import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { runCli } from '../../start/run-cli.js';
import { earlierClient } from '../earlier/earlier-client.js';
import { startTestServer, type TestServer } from '../test-server.js';

const token = randomBytes(32).toString('base64');

function adminClient(url: string, bearer: string | null = token) {
  return async (method: string, route: string, body?: string) => {
    const headers: Record<string, string> = {};
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}/admin/v1${route}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
  };
}

/** Runs `count` calls of `call`, `width` at a time. */
async function inParallel(count: number, width: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await call(next++);
  }));
}

describe('the audit log stays an audit log: 2,000 owner changes, then an admin action', () => {
  let server: TestServer;
  let uid: string;
  let apiToken: string;
  before(async () => {
    // The owner allowance raised so that all 2,000 changes are written (the flood the issue saw).
    server = await startTestServer({ startQueue: false, env: { ADMIN_TOKEN: token, OWNER_CHANGES_PER_HOUR: '100000' } });
    ({ uid, apiToken } = await server.createAccount('free'));
  });
  after(() => server.close());

  it('puts the admin disable on the first page, by the admin API and the CLI, and pages walk every row once', { timeout: 600_000 }, async () => {
    const owner = earlierClient(server, apiToken);
    const other = await server.createAccount('free');
    const started = Date.now();
    await inParallel(2000, 8, async (i) => {
      const answer = await owner.put('/api/me/callback-url', { callback_url: `https://hooks.example.com/${i}` });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    });
    console.log(`# 2,000 owner changes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const admin = adminClient(server.url);
    assert.equal((await admin('POST', `/accounts/${other.uid}/disable`)).status, 200);

    const first = await admin('GET', '/audit');
    assert.equal(first.status, 200);
    assert.equal(first.body.entries.length, 100, 'a page is 100 entries by default');
    assert.deepEqual([first.body.entries[0].action, first.body.entries[0].actor, first.body.entries[0].uid], ['disable', 'admin-api', other.uid]);
    assert.equal(typeof first.body.next_cursor, 'string');
    const ofOwner = await admin('GET', `/audit?uid=${uid}&limit=3`);
    assert.deepEqual(ofOwner.body.entries.map((e: { action: string; actor: string }) => `${e.action}:${e.actor}`), ['set-callback-url:owner', 'set-callback-url:owner', 'set-callback-url:owner']);

    // Walking the cursors: every row once, newest first, the last page says null.
    const seen = new Set<string>();
    let times: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: { entries: Array<{ at: string; action: string; uid: string; details: { set?: boolean } }>; next_cursor: string | null } } = await admin('GET', `/audit?limit=137${cursor ? `&cursor=${cursor}` : ''}`);
      for (const e of page.body.entries) {
        const id = `${e.uid}|${e.at}|${e.action}`;
        assert.ok(!seen.has(id), `${id} listed twice`);
        seen.add(id);
      }
      times = times.concat(page.body.entries.map((e) => Date.parse(e.at)));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor);
    // 2,000 changes, two creations, one disable.
    assert.equal(seen.size, 2003);
    assert.equal(pages, Math.ceil(2003 / 137));
    assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first across pages');

    // The CLI, on the same database: the disable first, then the pages it names.
    const env = { DATA_DIR: server.dataDir };
    const cliFirst = await runCli(['accounts', 'audit', '--limit', '2', '--json'], env);
    assert.equal(cliFirst.code, 0, cliFirst.stderr);
    const parsed = JSON.parse(cliFirst.stdout);
    assert.deepEqual([parsed.entries[0].action, parsed.entries[0].actor], ['disable', 'admin-api']);
    const text = await runCli(['accounts', 'audit', '--limit', '2'], env);
    const lines = text.stdout.trim().split('\n');
    assert.match(lines[0], new RegExp(`  ${other.uid}  admin-api\\s+disable`));
    const next = /^next page: --cursor (\S+)$/.exec(lines.at(-1)!)?.[1];
    assert.ok(next, text.stdout);
    const second = JSON.parse((await runCli(['accounts', 'audit', '--limit', '2', '--cursor', next, '--json'], env)).stdout);
    assert.deepEqual(second.entries.map((e: { action: string }) => e.action), ['set-callback-url', 'set-callback-url']);
    assert.equal(Date.parse(first.body.entries[2].at), second.entries[0].at, 'the CLI page after the cursor is the API one');
    const bad = await runCli(['accounts', 'audit', '--cursor', 'not-a-cursor'], env);
    assert.equal(bad.code, 2, 'a refused value, like the other account commands');
    assert.match(bad.stderr, /cursor/);
  });

  it('refuses a forged cursor or a limit out of range with 422, in the admin shape', async () => {
    const admin = adminClient(server.url);
    for (const query of ['cursor=abc', `cursor=${Buffer.from('1.xyz').toString('base64url')}`, 'limit=0', 'limit=1001', `cursor=${'A'.repeat(101)}`]) {
      const answer = await admin('GET', `/audit?${query}`);
      assert.equal(answer.status, 422, `${query}: ${answer.text}`);
      assert.equal(typeof answer.body.detail, 'string');
    }
  });
});

describe("an owner's own changes are rate-limited per account", () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8));
  before(async () => {
    server = await startTestServer({ startQueue: false, clock, env: { OWNER_CHANGES_PER_HOUR: '5' } });
  });
  after(() => server.close());

  it('answers 429 in the earlier shape with Retry-After past the allowance, writes no audit row for it, and counts accounts apart', async () => {
    const a = await server.createAccount('free');
    const b = await server.createAccount('free');
    const owner = earlierClient(server, a.apiToken);
    for (let i = 0; i < 5; i++) assert.equal((await owner.put('/api/me/callback-url', { callback_url: `https://example.com/${i}` })).status, 200);
    const refused = await owner.put('/api/me/callback-url', { callback_url: 'https://example.com/6' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message.error_code, 'app/too-many-requests');
    assert.match(refused.body.message.msg, /5 times an hour/);
    assert.equal(refused.headers.get('retry-after'), '3600');
    const page = await server.services.accounts.auditPage({ uid: a.uid });
    assert.equal(page.entries.filter((e) => e.action === 'set-callback-url').length, 5);
    assert.equal((await earlierClient(server, b.apiToken).put('/api/me/callback-url', { callback_url: 'https://example.com/b' })).status, 200, 'another account has its own allowance');
    clock.advance(3_600_000);
    assert.equal((await owner.put('/api/me/callback-url', { callback_url: null })).status, 200, 'an hour later');
  });
});

describe('failed admin authentications are throttled per address', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8));
  before(async () => {
    server = await startTestServer({ startQueue: false, clock, env: { ADMIN_TOKEN: token, ADMIN_AUTH_FAILURES: '3', ADMIN_AUTH_WINDOW_SECONDS: '60' } });
  });
  after(() => server.close());

  it('answers 429 with Retry-After after N failures in the window, the right token included, until the window has passed', async () => {
    const wrong = adminClient(server.url, randomBytes(32).toString('base64'));
    const right = adminClient(server.url);
    assert.equal((await right('GET', '/accounts')).status, 200, 'successes are not counted');
    for (let i = 0; i < 3; i++) {
      const answer = await wrong('GET', '/accounts');
      assert.deepEqual([answer.status, answer.body.code], [401, 'unauthorized']);
      clock.advance(1000);
    }
    const throttled = await wrong('GET', '/accounts');
    assert.deepEqual([throttled.status, throttled.body.code], [429, 'too_many_failed_authentications']);
    assert.equal(throttled.headers.get('retry-after'), '57', 'until the first failure (3 s ago) leaves the 60 s window');
    assert.equal((await right('GET', '/accounts')).status, 429, 'a right guess from a throttled address is refused too');
    assert.equal((await adminClient(server.url, null)('GET', '/accounts')).status, 429);
    clock.advance(57_000);
    assert.equal((await right('GET', '/accounts')).status, 200, 'the window has passed');
  });

  it('counts IPv6 addresses per /64', async () => {
    const { addressBlock } = await import('../../../src/services/accounts/admin-sign-in-throttle.js');
    assert.equal(addressBlock('2001:db8:1:2:aaaa::1'), addressBlock('2001:db8:1:2:ffff:1:2:3'));
    assert.notEqual(addressBlock('2001:db8:1:2::1'), addressBlock('2001:db8:1:3::1'));
    assert.equal(addressBlock('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(addressBlock('127.0.0.1'), '127.0.0.1');
    assert.equal(addressBlock('::1'), '0:0:0:0::/64');
  });
});

describe('admin errors never echo more than a short cut of the input', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ startQueue: false, env: { ADMIN_TOKEN: token } });
  });
  after(() => server.close());

  it('answers 400 kB of input with a small error', async () => {
    const admin = adminClient(server.url);
    const huge = 'p'.repeat(400_000);
    const { uid } = await server.createAccount('free');
    const cases: Array<[string, string, string]> = [
      ['PUT', `/accounts/${uid}/plan`, JSON.stringify({ plan: huge })],
      ['POST', '/accounts', JSON.stringify({ plan: 'free', [huge]: 1 })],
      ['POST', '/accounts', JSON.stringify({ plan: 'free', name: huge })],
      ['POST', '/accounts', `{"plan": "${huge}`],
      ['GET', `/audit?cursor=${huge.slice(0, 10_000)}`, ''],
      ['GET', `/accounts/${huge.slice(0, 10_000)}`, ''],
    ];
    for (const [method, route, body] of cases) {
      const answer = await admin(method, route, body || undefined);
      assert.ok(answer.status >= 400 && answer.status < 500, `${method} ${route.slice(0, 40)}: ${answer.status}`);
      assert.equal(typeof answer.body?.detail, 'string', `${method} ${route.slice(0, 40)}: ${answer.status} ${answer.text.slice(0, 200)}`);
      assert.ok(answer.text.length <= 400, `${method} ${route.slice(0, 40)} answered ${answer.text.length} bytes: ${answer.text.slice(0, 300)}`);
    }
  });
});
