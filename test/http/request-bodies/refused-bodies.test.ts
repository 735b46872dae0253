import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';
import { rawConnections } from './raw-connection.js';

/**
 * A request refused before its body was read (401, 403, 413, 429) is answered, and the body is
 * then read and dropped, so a client still sending it (as every client does until it reads the
 * answer) meets no reset; within bounds: twice the route's size limit, REFUSED_BODY_DRAIN_SECONDS.
 */
describe('refused bodies are drained, within bounds', () => {
  let server: TestServer;
  let barredKey: string;
  const connections = rawConnections(() => server.url);
  before(async () => {
    server = await startTestServer({ startQueue: false });
    await server.services.plans.create({ ...(await server.services.plans.require('lite')), name: 'noclone', cloneAllowed: false });
    barredKey = (await server.createAccount('noclone')).apiKey;
  });
  after(async () => {
    connections.closeAll();
    await server.close();
  });
  const open = connections.open;

  it('a clone refused by the plan: the answer comes before the body, the whole body is then taken, and the connection serves the next request', { timeout: 60_000 }, async () => {
    const body = Buffer.alloc(8 * 44_100 * 2 + 1000, 7); // an 8-second 44.1 kHz sample, and then some
    const connection = await open();
    await connection.write(`POST /v1/custom-voices/instant-clone HTTP/1.1\r\nhost: orator.test\r\nx-api-key: ${barredKey}\r\ncontent-type: multipart/form-data; boundary=b\r\ncontent-length: ${body.length}\r\n\r\n`);
    const refused = await connection.response();
    assert.equal(refused.status, 403, refused.body);
    assert.match(JSON.parse(refused.body).detail, /not available on your plan/);
    assert.notEqual(refused.headers.connection, 'close');
    // Closing here (as before) would have reset the connection under these writes (EPIPE).
    for (let at = 0; at < body.length; at += 64 * 1024) await connection.write(body.subarray(at, at + 64 * 1024));
    await connection.write(`GET /v1/voices HTTP/1.1\r\nhost: orator.test\r\nx-api-key: ${barredKey}\r\n\r\n`);
    const next = await connection.response();
    assert.equal(next.status, 200, 'the same connection answers the next request');
    assert.ok(Array.isArray(JSON.parse(next.body)));
  });

  it('an upload refused after its first bytes (not audio): the rest is drained though its reader gave up, and the connection serves the next request', { timeout: 60_000 }, async () => {
    const { apiToken } = await server.createAccount('lite');
    const slot = await fetch(`${server.url}/api/speak/resource`, { method: 'POST', headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ audio_format: 'wav' }) });
    const upload = new URL(((await slot.json()) as { result: { presigned_url: string } }).result.presigned_url);
    const body = Buffer.alloc(200_000, 0x41); // not a WAV: refused once its head is read
    const connection = await open();
    await connection.write(`PUT ${upload.pathname}${upload.search} HTTP/1.1\r\nhost: orator.test\r\ncontent-type: audio/wav\r\ncontent-length: ${body.length}\r\n\r\n`);
    await connection.write(body);
    const refused = await connection.response();
    assert.equal(refused.status, 400, refused.body);
    await connection.write(`GET /api/me HTTP/1.1\r\nhost: orator.test\r\nauthorization: Bearer ${apiToken}\r\n\r\n`);
    const next = await connection.response();
    assert.equal(next.status, 200, 'the same connection answers the next request at once');
  });

  it('a body too large for its route (413): drained up to twice the limit, then the connection closed', { timeout: 60_000 }, async () => {
    const connection = await open();
    await connection.write(`POST /v1/text-to-speech HTTP/1.1\r\nhost: orator.test\r\nx-api-key: ${barredKey}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
    const chunk = Buffer.concat([Buffer.from(`10000\r\n`), Buffer.alloc(0x10000, 32), Buffer.from('\r\n')]);
    let sent = 0;
    const sending = (async () => {
      while (!connection.isClosed && sent < 256 * 1024 * 1024) {
        try {
          await connection.write(chunk);
        } catch {
          break;
        }
        sent += 0x10000;
      }
    })();
    const refused = await connection.response();
    assert.equal(refused.status, 413, refused.body);
    await connection.closed;
    await sending;
    assert.ok(sent < 64 * 1024 * 1024, `the server stopped reading after ${sent} bytes (limit 1 MiB)`);
  });
});
