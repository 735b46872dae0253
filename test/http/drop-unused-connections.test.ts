import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { after, it } from 'node:test';
import { startTestServer } from './test-server.js';

let spare: net.Socket | undefined;
// Were the server's close held by the spare connection, this frees it once the test has failed:
// Node stops checking header timeouts when a server closes, so nothing else would end it.
after(() => spare?.destroy());

it('closes with a connection open that no byte was sent on, ending that connection', { timeout: 20_000 }, async () => {
  const server = await startTestServer({ startQueue: false });
  assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
  const accepted = once(server.app.server, 'connection');
  spare = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  const spareClosed = once(spare, 'close');
  spare.on('error', () => undefined);
  await accepted;

  await server.close();
  await spareClosed;
  assert.equal(spare.bytesRead, 0, 'the spare connection was ended without an answer');
});
