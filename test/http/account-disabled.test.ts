import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from './test-server.js';

/** A disabled account is refused on every interface, each in its own error shape; enabling lets it in again. */
describe('a disabled account', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ startQueue: false });
  });
  after(() => server.close());

  it('is refused by the current, earlier, OpenAI and ElevenLabs interfaces, and let in again once enabled', async () => {
    const account = await server.createAccount('lite');
    const current = () => fetch(`${server.url}/v1/users/me/subscription`, { headers: { 'x-api-key': account.apiKey } });
    const earlier = () => fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${account.apiToken}` } });
    const openai = () => fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${account.apiKey}` } });
    const elevenlabs = () => fetch(`${server.url}/v1/user/subscription`, { headers: { 'xi-api-key': account.apiKey } });
    for (const call of [current, earlier, openai, elevenlabs]) assert.equal((await call()).status, 200);

    await server.services.accounts.disable(account.uid, 'cli');
    const c = await current();
    assert.equal(c.status, 403);
    assert.match((await c.json()).detail, /disabled/);
    const e = await earlier();
    assert.equal(e.status, 403);
    assert.equal((await e.json()).message.error_code, 'auth/account-disabled');
    const o = await openai();
    assert.equal(o.status, 401);
    assert.equal((await o.json()).error.code, 'account_deactivated');
    const x = await elevenlabs();
    assert.equal(x.status, 403);
    assert.equal((await x.json()).detail.status, 'account_disabled');

    await server.services.accounts.enable(account.uid, 'cli');
    for (const call of [current, earlier, openai, elevenlabs]) assert.equal((await call()).status, 200);
    const actions = (await server.services.accounts.auditLog(account.uid)).map((entry) => entry.action);
    assert.deepEqual(actions, ['create', 'disable', 'enable']);
  });
});
