import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient } from './earlier-client.js';
import { startReceiver, verifyStandardWebhook } from './webhook-receiver.js';

/** Speaks queued before their account is disabled fail with the documented reason, and their webhooks say so. */
describe('a disabled account’s queued speaks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    // The queue starts only once the account is disabled, so the speaks are certainly still queued then.
    server = await startTestServer({ startQueue: false });
    receiver = await startReceiver();
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it('fail with auth/account-disabled, refund their credits, and report failed to the callback receiver', async () => {
    const account = await server.createAccount('plus');
    const client = earlierClient(server, account.apiToken);
    assert.equal((await client.put('/api/me/callback-url', { callback_url: receiver.url })).status, 200);
    const actor = findVoiceByAnyName('eng-olivia')!.id;
    const ids: string[] = [];
    for (const text of ['Queued before the account was disabled.', 'This one too.']) {
      const created = await client.post('/api/speak', { text, lang: 'en-us', actor_id: actor });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      ids.push(created.body.result.speak_v2_url.split('/').at(-1));
    }
    assert.equal((await server.services.accounts.overview(account.uid)).usage.usedCredits, 'Queued before the account was disabled.'.length + 'This one too.'.length);

    await server.services.accounts.disable(account.uid, 'admin-api');
    await server.services.queue.start({ concurrency: 2 });
    await receiver.waitFor(2, 60_000);

    const secret = await server.services.accounts.getWebhookSecret(account.uid);
    for (const hook of receiver.received) {
      assert.ok(verifyStandardWebhook(secret, hook.headers, hook.body), 'signed as usual');
      assert.equal(hook.json.status, 'failed');
      assert.equal(hook.json.audio_download_url, null);
      assert.deepEqual(hook.json.error, { msg: 'The account was disabled before this speak was synthesized', error_code: 'auth/account-disabled' });
    }
    assert.deepEqual(receiver.received.map((h) => h.json.speak_v2_url.split('/').at(-1)).sort(), [...ids].sort());
    // Nothing was synthesized: the credits are back, no audio was stored.
    assert.equal((await server.services.accounts.overview(account.uid)).usage.usedCredits, 0);
    for await (const key of server.services.blobs.list('speaks/')) assert.ok(!ids.some((id) => key.includes(id)), key);

    // Enabled again, the owner reads the same reason on the speak.
    await server.services.accounts.enable(account.uid, 'admin-api');
    const read = await client.get(`/api/speak/v2/${ids[0]}`);
    assert.equal(read.body.result.status, 'failed');
    assert.deepEqual(read.body.result.error, { msg: 'The account was disabled before this speak was synthesized', error_code: 'auth/account-disabled' });
  });
});
