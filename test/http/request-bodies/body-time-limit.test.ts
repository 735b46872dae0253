import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';
import { rawConnections } from './raw-connection.js';

/** Headers of a POST whose body (of `length` bytes) the test then sends itself. */
function head(path: string, headers: Record<string, string>, length: number): string {
  const lines = Object.entries({ host: 'orator.test', 'content-length': String(length), ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

describe('time limits on request bodies', () => {
  let server: TestServer;
  const connections = rawConnections(() => server.url);
  before(async () => {
    server = await startTestServer({ startQueue: false, env: { BODY_TIMEOUT_SECONDS: '1', UPLOAD_BODY_TIMEOUT_SECONDS: '4', REFUSED_BODY_DRAIN_SECONDS: '1' } });
  });
  after(async () => {
    connections.closeAll();
    await server.close();
  });
  const open = connections.open;

  it('cuts a trickling body at its limit: 408 in each interface’s shape, then the connection closed; an upload route has its longer limit', { timeout: 60_000 }, async () => {
    const { apiKey, apiToken } = await server.createAccount('lite');
    const json = { 'content-type': 'application/json' };
    const routes = {
      current: head('/v1/text-to-speech', { ...json, 'x-api-key': apiKey }, 1000),
      earlier: head('/api/speak', { ...json, authorization: `Bearer ${apiToken}` }, 1000),
      openai: head('/v1/audio/speech', { ...json, authorization: `Bearer ${apiKey}` }, 1000),
      upload: head('/v1/custom-voices/instant-clone', { 'content-type': 'multipart/form-data; boundary=b', 'x-api-key': apiKey }, 100_000),
    };
    const connections = Object.fromEntries(await Promise.all(Object.entries(routes).map(async ([name, request]) => {
      const connection = await open();
      await connection.write(request);
      return [name, connection] as const;
    })));
    // A byte every 200 ms: each route's body would take minutes to arrive.
    const trickles = Object.fromEntries(Object.entries(connections).map(([name, connection]) => [name, connection.trickle(200)]));

    const shapes = {
      current: (body: any) => assert.match(body.detail, /did not arrive within 1 s/),
      earlier: (body: any) => assert.match(body.message.msg, /did not arrive within 1 s/),
      openai: (body: any) => assert.match(body.error.message, /did not arrive within 1 s/),
    };
    for (const [name, check] of Object.entries(shapes)) {
      const connection = connections[name];
      const answer = await connection.response();
      assert.equal(answer.status, 408, `${name}: ${answer.body}`);
      assert.equal(answer.headers.connection, 'close', name);
      check(JSON.parse(answer.body));
      await connection.closed;
      const sent = await trickles[name];
      assert.ok(sent < 1000, `${name}: the body was cut after ${sent} of 1000 bytes`);
    }
    // Every short route is cut; the upload, started at the same time, is still being received.
    assert.equal(connections.upload.isClosed, false, 'the upload route has UPLOAD_BODY_TIMEOUT_SECONDS');
    const upload = await connections.upload.response();
    assert.equal(upload.status, 408, upload.body);
    assert.match(JSON.parse(upload.body).detail, /did not arrive within 4 s/);
    await connections.upload.closed;
  });

  it('a body refused before it was read is drained for REFUSED_BODY_DRAIN_SECONDS at most, then its connection closed', { timeout: 60_000 }, async () => {
    const connection = await open();
    await connection.write(head('/v1/text-to-speech', { 'content-type': 'application/json' }, 1000));
    const answer = await connection.response();
    assert.equal(answer.status, 401);
    assert.notEqual(answer.headers.connection, 'close', 'the rest of the body is read, not cut at once');
    const sent = await connection.trickle(200);
    assert.ok(sent < 1000, `cut after ${sent} bytes`);
  });
});
