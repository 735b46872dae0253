import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { isPublicAddress, vetCallbackHost } from '../../../src/services/webhooks/callback-address.js';
import { postCallback } from '../../../src/services/webhooks/post-callback.js';
import { maxWebhookRetries, webhookRetryDelayMs } from '../../../src/services/webhooks/retry-schedule.js';
import { signWebhook } from '../../../src/services/webhooks/webhook-signature.js';

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, server, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

describe('webhook signing', () => {
  it('matches the Standard Webhooks reference vector', () => {
    // From the Standard Webhooks specification's test suite.
    const signature = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    assert.equal(signature, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('webhook retry schedule', () => {
  it('retries 1–5 at once, then 1, 2, 4 … 4096 minutes, 18 at most', () => {
    const delays = Array.from({ length: 20 }, (_, i) => webhookRetryDelayMs(i + 1));
    assert.deepEqual(delays.slice(0, 5), [0, 0, 0, 0, 0]);
    assert.deepEqual(delays.slice(5, 18).map((d) => d! / 60_000), [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]);
    assert.deepEqual(delays.slice(18), [null, null]);
    assert.equal(maxWebhookRetries, 18);
    assert.equal(webhookRetryDelayMs(0), null);
  });
});

describe('callback addresses (SSRF)', () => {
  it('refuses loopback, private, link-local, metadata, unspecified and reserved addresses; allows public ones', () => {
    const refused = [
      '127.0.0.1', '127.9.9.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '192.0.0.192', '224.0.0.1', '255.255.255.255', '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
      '::ffff:7f00:1', '::127.0.0.1', '::ffff:0:7f00:1', 'fec0::1', 'fe80::1', 'fd00:ec2::254', 'fc00::1', 'ff02::1', '64:ff9b::7f00:1', '2002:7f00:1::', 'not-an-ip',
    ];
    for (const address of refused) assert.equal(isPublicAddress(address), false, address);
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  it('checks names by what they resolve to', async () => {
    await assert.rejects(vetCallbackHost('localhost', false), /private or reserved/);
    await assert.rejects(vetCallbackHost('[::1]', false), /private or reserved/);
    for (const host of ['[::127.0.0.1]', '[::ffff:0:7f00:1]', '[fec0::1]']) {
      await assert.rejects(vetCallbackHost(host, false), /private or reserved/, host);
    }
    assert.equal((await vetCallbackHost('localhost', true)).address.startsWith('127.') || (await vetCallbackHost('localhost', true)).address === '::1', true);
  });
});

describe('one delivery attempt', () => {
  const options = { timeoutMs: 10_000, allowPrivate: true };

  it('refuses a loopback receiver unless private callbacks are allowed; nothing reaches it', async () => {
    let hits = 0;
    const receiver = await listen((_q, s) => (hits++, s.end()));
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const outcome = await postCallback(`http://${host}:${receiver.port}/x`, '{}', {}, { ...options, allowPrivate: false });
        assert.equal(outcome.kind, 'final', host);
      }
      assert.equal(hits, 0);
      const allowed = await postCallback(`http://localhost:${receiver.port}/x`, '{}', {}, options);
      assert.deepEqual(allowed, { kind: 'delivered', status: 200 });
      assert.equal(hits, 1);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that does not answer in time is a retry, after the timeout', async () => {
    const receiver = await listen(() => undefined);
    try {
      const started = Date.now();
      const outcome = await postCallback(`http://127.0.0.1:${receiver.port}/slow`, '{}', {}, { ...options, timeoutMs: 300 });
      const took = Date.now() - started;
      assert.equal(outcome.kind, 'retry');
      assert.ok(took >= 290 && took < 2000, `${took} ms`);
    } finally {
      await receiver.close();
    }
  });

  it('statuses: 2xx delivered; 429 and 5xx retried; 3xx (not followed) and 4xx final; no listener retried', async () => {
    let status = 200;
    let redirectHit = false;
    const target = await listen((_q, s) => ((redirectHit = true), s.end()));
    const receiver = await listen((_q, s) => {
      s.statusCode = status;
      if (status === 302) s.setHeader('location', `http://127.0.0.1:${target.port}/`);
      s.end();
    });
    try {
      const expect: [number, string][] = [[200, 'delivered'], [204, 'delivered'], [429, 'retry'], [500, 'retry'], [503, 'retry'], [302, 'final'], [400, 'final'], [404, 'final'], [410, 'final']];
      for (const [code, kind] of expect) {
        status = code;
        assert.equal((await postCallback(`http://127.0.0.1:${receiver.port}/`, '{}', {}, options)).kind, kind, String(code));
      }
      assert.equal(redirectHit, false, 'the redirect was not followed');
    } finally {
      await receiver.close();
      await target.close();
    }
    const closed = await listen(() => undefined);
    const port = closed.port;
    await closed.close();
    assert.equal((await postCallback(`http://127.0.0.1:${port}/`, '{}', {}, options)).kind, 'retry');
    assert.equal((await postCallback('ftp://example.com/', '{}', {}, options)).kind, 'final');
  });
});
