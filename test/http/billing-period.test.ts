import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from './test-server.js';

/** The billing period and its renewal as the account's owner sees them, on the server's controllable clock. */
describe('billing period on GET /v1/users/me/subscription and GET /api/me', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 31, 9));
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ startQueue: false, clock });
  });
  after(() => server.close());

  it('shows the period and the next renewal, and the used credits back at zero once the clock passes it', async () => {
    const account = await server.createAccount('free');
    const subscription = async () => (await fetch(`${server.url}/v1/users/me/subscription`, { headers: { 'x-api-key': account.apiKey } })).json();
    const me = async () => (await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${account.apiToken}` } })).json()).result;

    assert.ok(await server.services.accounts.debitCredits(account.uid, 12));
    const first = await subscription();
    assert.equal(first.credits.used_credits, 12);
    assert.deepEqual(first.period, { length: 'P1M', start: '2026-01-31T09:00:00.000Z', next_renewal_at: '2026-02-28T09:00:00.000Z' });
    assert.deepEqual((await me()).period, first.period);

    clock.set(Date.UTC(2026, 1, 28, 9));
    const renewed = await subscription();
    assert.equal(renewed.credits.used_credits, 0);
    assert.deepEqual(renewed.period, { length: 'P1M', start: '2026-02-28T09:00:00.000Z', next_renewal_at: '2026-03-31T09:00:00.000Z' });
    assert.deepEqual((await me()).period, renewed.period);
  });
});
