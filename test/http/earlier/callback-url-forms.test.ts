import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { postCallback } from '../../../src/services/webhooks/post-callback.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, type EarlierClient } from './earlier-client.js';

/**
 * Every host form delivery refuses, in the spellings an attacker tries: registration refuses each
 * of them too (one function, callbackUrlRefusal, decides both), so the user learns at once.
 */
const refusedHosts = [
  // IPv4 and the spellings the URL parser turns into it.
  '127.0.0.1', '127.1', '0x7f.0.0.1', '0177.0.0.1', '2130706433', '0', '0.0.0.0', '10.0.0.1', '172.16.0.1', '192.168.1.1',
  '169.254.169.254', '100.64.0.1', '192.0.0.1', '198.18.0.1', '224.0.0.1', '255.255.255.255',
  // IPv6: loopback, unspecified, IPv4-compatible, IPv4-mapped, IPv4-translated, site-local (deprecated), link-local, unique local, multicast.
  '[::1]', '[::]', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:0:7f00:1]', '[::ffff:10.0.0.1]',
  '[fec0::1]', '[fe80::1]', '[fc00::1]', '[fd00:ec2::254]', '[ff02::1]',
  // NAT64 with private IPv4 inside, 6to4 and Teredo (which embed IPv4), documentation.
  '[64:ff9b::a00:1]', '[64:ff9b::7f00:1]', '[64:ff9b:1::a00:1]', '[2002:7f00:1::1]', '[2001::1]', '[2001:db8::1]',
  // Names that always mean this machine (RFC 6761).
  'localhost', 'LOCALHOST.', 'api.localhost',
];

describe('callback URL forms: refused at registration exactly as at delivery', () => {
  let server: TestServer;
  let client: EarlierClient;
  let receiver: { port: number; hits: () => number; close: () => Promise<void> };

  before(async () => {
    server = await startTestServer({ startQueue: false, env: { ALLOW_PRIVATE_CALLBACKS: 'false' } });
    client = earlierClient(server, (await server.createAccount('plus')).apiToken);
    receiver = await loopbackReceiver();
  });
  after(async () => {
    await receiver.close();
    await server.close();
  });

  it('PUT /api/me/callback-url refuses each form with 400 app/invalid/callback_url saying why', async () => {
    for (const host of refusedHosts) {
      const answer = await client.put('/api/me/callback-url', { callback_url: `http://${host}:${receiver.port}/hook` });
      assert.equal(answer.status, 400, `${host}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.message.error_code, 'app/invalid/callback_url', host);
      assert.match(answer.body.message.msg, /private or reserved address|this machine/, host);
    }
    assert.equal((await client.get('/api/me')).body.result.callback_url, null, 'nothing was registered');
    // Public addresses and names register (a name's addresses are checked at each delivery).
    for (const url of ['https://8.8.8.8/hook', 'https://[2606:4700:4700::1111]/hook', 'http://[::ffff:8.8.8.8]/x', 'https://hooks.example.org/tts?token=a']) {
      const answer = await client.put('/api/me/callback-url', { callback_url: url });
      assert.equal(answer.status, 200, `${url}: ${JSON.stringify(answer.body)}`);
    }
  });

  it('a delivery attempt to each form is final, and nothing reaches the loopback receiver', async () => {
    for (const host of refusedHosts) {
      const outcome = await postCallback(`http://${host}:${receiver.port}/hook`, '{}', {}, { timeoutMs: 5_000, allowPrivate: false });
      assert.equal(outcome.kind, 'final', `${host}: ${JSON.stringify(outcome)}`);
    }
    assert.equal(receiver.hits(), 0);
    // The receiver is real: allowed, the same attempt reaches it.
    assert.equal((await postCallback(`http://127.0.0.1:${receiver.port}/hook`, '{}', {}, { timeoutMs: 5_000, allowPrivate: true })).kind, 'delivered');
    assert.equal(receiver.hits(), 1);
  });

  it('with ALLOW_PRIVATE_CALLBACKS=true every form registers', async () => {
    const open = await startTestServer({ startQueue: false, env: { ALLOW_PRIVATE_CALLBACKS: 'true' } });
    try {
      const owner = earlierClient(open, (await open.createAccount('plus')).apiToken);
      for (const host of refusedHosts) assert.equal((await owner.put('/api/me/callback-url', { callback_url: `http://${host}:${receiver.port}/hook` })).status, 200, host);
    } finally {
      await open.close();
    }
  });
});

/** A receiver on 127.0.0.1 and, where the machine has IPv6, on ::1 at the same port. */
async function loopbackReceiver() {
  let hits = 0;
  const handler: http.RequestListener = (_request, response) => {
    hits++;
    response.end();
  };
  const v4 = http.createServer(handler);
  await new Promise<void>((resolve) => v4.listen(0, '127.0.0.1', resolve));
  const { port } = v4.address() as AddressInfo;
  const v6 = http.createServer(handler);
  const v6Listening = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false));
    v6.listen(port, '::1', () => resolve(true));
  });
  const close = (server: http.Server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { port, hits: () => hits, close: async () => void (await Promise.all([close(v4), v6Listening ? close(v6) : Promise.resolve()])) };
}
