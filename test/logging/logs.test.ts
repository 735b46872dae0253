import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startReceiver } from '../http/earlier/webhook-receiver.js';
import { freePort } from '../start/child-server.js';
import { runCli } from '../start/run-cli.js';
import { startLoggedServer } from './logged-server.js';

describe('logs', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-logs-'));
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('hold no key, token, signature or callback secret that a run used; JSON lines when not on a terminal; no health probes at info', async () => {
    const env = { DATA_DIR: path.join(dir, 'secrets'), PORT: String(await freePort()), ALLOW_PRIVATE_CALLBACKS: 'true', LOG_LEVEL: 'info' };
    const account = JSON.parse((await runCli(['accounts', 'create', '--plan', 'plus', '--json'], env)).stdout);
    const webhookSecret = JSON.parse((await runCli(['accounts', 'webhook-secret', account.uid, '--json'], env)).stdout).webhook_secret;
    const receiver = await startReceiver();
    const callbackToken = 'cb-token-5f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const server = await startLoggedServer(env);
    children.push(server.child);
    try {
      for (let i = 0; i < 3; i++) await fetch(`${server.url}/health`);
      const key = { 'x-api-key': account.api_key };
      const bearer = { authorization: `Bearer ${account.api_token}`, 'content-type': 'application/json' };
      assert.equal((await fetch(`${server.url}/v1/voices`, { headers: key })).status, 200);
      assert.equal((await fetch(`${server.url}/v1/voices`, { headers: { 'x-api-key': `${account.api_key}x` } })).status, 401);
      assert.equal((await fetch(`${server.url}/v2/voices?api_key=${account.api_key}`)).status, 401);
      const callback = `${receiver.url}?token=${callbackToken}`;
      assert.equal((await fetch(`${server.url}/api/me/callback-url`, { method: 'PUT', headers: bearer, body: JSON.stringify({ callback_url: callback }) })).status, 200);
      const actors = (await (await fetch(`${server.url}/api/actor`, { headers: bearer })).json()) as { result: { actor_id: string }[] };
      const created = await fetch(`${server.url}/api/speak`, { method: 'POST', headers: bearer, body: JSON.stringify({ text: 'Logs keep secrets.', lang: 'eng', actor_id: actors.result[0].actor_id, callback_url: callback }) });
      assert.equal(created.status, 200, await created.clone().text());
      const { speak_v2_url } = ((await created.json()) as { result: { speak_v2_url: string } }).result;
      let download = '';
      for (let i = 0; i < 120 && !download; i++) {
        const polled = (await (await fetch(speak_v2_url, { headers: bearer })).json()) as { result: { status: string; audio_download_url: string | null } };
        if (polled.result.status === 'done') download = polled.result.audio_download_url!;
        else await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(download, 'the speak finished');
      const signature = new URL(download).searchParams.get('signature')!;
      assert.ok(signature.length > 10);
      assert.equal((await fetch(download)).status, 200);
      // A tampered link fails, and its (wrong) signature must not be logged either.
      assert.equal((await fetch(download.replace('signature=', 'signature=A'))).status >= 400, true);
      await receiver.waitFor(1);
    } finally {
      const output = await server.stop();
      await receiver.close();
      for (const secret of [account.api_key, account.api_token, webhookSecret, callbackToken]) assert.ok(!output.includes(secret), `a secret leaked into the logs:\n${output}`);
      const signatures = [...output.matchAll(/signature=([^&"\s]+)/g)].map((m) => m[1]);
      assert.ok(signatures.every((s) => s === '[redacted]'), `signatures in the logs: ${signatures.join(', ')}`);
      const lines = output.trim().split('\n');
      for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), line);
      const records = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
      assert.ok(records.some((r) => r.req?.url.startsWith('/api/speak')), 'requests are logged');
      assert.ok(!records.some((r) => r.req?.url === '/health'), 'health probes are not logged at info');
    }
  });

  it('say where the server listens even at LOG_LEVEL=warn, and nothing else on a quiet start', async () => {
    const server = await startLoggedServer({ DATA_DIR: path.join(dir, 'quiet'), PORT: String(await freePort()), LOG_LEVEL: 'warn' });
    children.push(server.child);
    await fetch(`${server.url}/v1/voices`);
    const lines = (await server.stop()).trim().split('\n');
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(JSON.parse(lines[0]).msg, /^Orator listening on http:\/\/127\.0\.0\.1:\d+ \(SQLite in .*, api\+worker; public URL http:\/\/localhost:\d+\)$/);
  });
});
