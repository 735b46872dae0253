import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startReceiver } from '../http/earlier/webhook-receiver.js';
import { freePort } from '../start/child-server.js';
import { runCli } from '../start/run-cli.js';
import { startLoggedServer } from './logged-server.js';

/**
 * A whole session over the three interfaces at LOG_LEVEL=trace (the level at which the server
 * says the most: each form part of an upload, for one), every line the server wrote kept, then
 * searched for every secret the session used.
 */
describe('logs at trace', () => {
  let dir: string;
  let stopServer: (() => Promise<string>) | null = null;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-trace-'));
  });
  after(async () => {
    await stopServer?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('hold no key, token, signature, callback credential, metrics token or secret key of a whole session', { timeout: 240_000 }, async () => {
    const secretKey = randomBytes(32).toString('base64url');
    const metricsToken = `mt-${randomBytes(16).toString('hex')}`;
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      PORT: String(await freePort()),
      ALLOW_PRIVATE_CALLBACKS: 'true',
      LOG_LEVEL: 'trace',
      ORATOR_SECRET_KEY: secretKey,
      METRICS_TOKEN: metricsToken,
    };
    const account = JSON.parse((await runCli(['accounts', 'create', '--plan', 'plus', '--json'], env)).stdout);
    const webhookSecret = JSON.parse((await runCli(['accounts', 'webhook-secret', account.uid, '--json'], env)).stdout).webhook_secret as string;
    const receiver = await startReceiver();
    const callbackPassword = `cb-pass-${randomBytes(8).toString('hex')}`;
    const callbackToken = `cb-token-${randomBytes(8).toString('hex')}`;
    const callback = receiver.url.replace('http://', `http://hooks:${callbackPassword}@`) + `?token=${callbackToken}`;
    const server = await startLoggedServer(env);
    stopServer = server.stop;
    const secrets: Record<string, string> = { apiKey: account.api_key, apiToken: account.api_token, webhookSecret, callbackPassword, callbackToken, secretKey, metricsToken };
    let output = '';
    try {
      const url = server.url;
      const key = { 'x-api-key': account.api_key };
      const bearer = { authorization: `Bearer ${account.api_token}`, 'content-type': 'application/json' };
      // Signing in: the current interface's account, the earlier one's `me`, a wrong key, a key in a query.
      assert.equal((await fetch(`${url}/v1/users/me/subscription`, { headers: key })).status, 200);
      assert.equal((await fetch(`${url}/api/me`, { headers: bearer })).status, 200);
      assert.equal((await fetch(`${url}/v1/voices`, { headers: { 'x-api-key': `${account.api_key}x` } })).status, 401);
      await fetch(`${url}/v1/voices?api_key=${account.api_key}&token=${account.api_token}`);

      // Synthesis on all three interfaces.
      const voices = (await (await fetch(`${url}/v2/voices`, { headers: key })).json()) as Array<{ voice_id: string }>;
      const synth = await fetch(`${url}/v1/text-to-speech`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ voice_id: voices[0].voice_id, model: 'ssfm-v30', text: 'The logs keep every secret to themselves, whatever their level says.' }),
      });
      assert.equal(synth.status, 200);
      const sample = Buffer.from(await synth.arrayBuffer());
      const openai = await fetch(`${url}/v1/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'Hello from the OpenAI route.' }),
      });
      assert.equal(openai.status, 200);
      await openai.arrayBuffer();

      // The earlier interface: a callback URL with credentials, a speak, its download link.
      assert.equal((await fetch(`${url}/api/me/callback-url`, { method: 'PUT', headers: bearer, body: JSON.stringify({ callback_url: callback }) })).status, 200);
      const actors = (await (await fetch(`${url}/api/actor`, { headers: bearer })).json()) as { result: { actor_id: string }[] };
      const created = await fetch(`${url}/api/speak`, { method: 'POST', headers: bearer, body: JSON.stringify({ text: 'Secrets stay out of the logs.', lang: 'eng', actor_id: actors.result[0].actor_id, callback_url: callback }) });
      assert.equal(created.status, 200, await created.clone().text());
      const { speak_v2_url } = ((await created.json()) as { result: { speak_v2_url: string } }).result;
      let download = '';
      for (let i = 0; i < 240 && !download; i++) {
        const polled = (await (await fetch(speak_v2_url, { headers: bearer })).json()) as { result: { status: string; audio_download_url: string | null } };
        if (polled.result.status === 'done') download = polled.result.audio_download_url!;
        else await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(download, 'the speak finished');
      secrets.downloadSignature = new URL(download).searchParams.get('signature')!;
      assert.equal((await fetch(download)).status, 200);
      assert.equal((await fetch(download, { headers: { range: 'bytes=0-99' } })).status, 206);
      await receiver.waitFor(1);
      // The callback carried its credentials to the receiver (as Basic authorization).
      assert.equal(receiver.received[0].headers.authorization, `Basic ${Buffer.from(`hooks:${callbackPassword}`).toString('base64')}`);

      // An upload slot, its signed PUT, and a speak in the uploaded voice's slot refused for language.
      const slot = (await (await fetch(`${url}/api/speak/resource`, { method: 'POST', headers: bearer, body: JSON.stringify({ audio_format: 'wav' }) })).json()) as { result: { presigned_url: string } };
      secrets.uploadSignature = new URL(slot.result.presigned_url).searchParams.get('signature')!;
      assert.equal((await fetch(slot.result.presigned_url, { method: 'PUT', body: sample, headers: { 'content-type': 'audio/wav' } })).status, 200);

      // A clone: multipart, with the key in its header (each form part is logged at trace).
      const form = new FormData();
      form.append('name', 'Logged');
      form.append('model', 'ssfm-v30');
      form.append('file', new Blob([sample], { type: 'audio/wav' }), 'sample.wav');
      const clone = await fetch(`${url}/v1/custom-voices/instant-clone`, { method: 'POST', headers: key, body: form });
      assert.ok(clone.status < 500, `clone answered ${clone.status}`);
      await clone.arrayBuffer();

      // Metrics with their token.
      assert.equal((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).status, 200);
    } finally {
      output = await server.stop();
      stopServer = null;
      await receiver.close();
    }
    if (process.env.TRACE_LOG_FILE) (await import('node:fs')).writeFileSync(process.env.TRACE_LOG_FILE, output);
    const lines = output.trim().split('\n');
    assert.ok(lines.length > 30, `a trace run says a lot (${lines.length} lines)`);
    assert.ok(lines.some((l) => JSON.parse(l).level === 10), 'trace lines were written');
    for (const [name, secret] of Object.entries(secrets)) {
      assert.ok(secret && secret.length >= 16, `${name} is a real secret`);
      const at = output.indexOf(secret);
      assert.equal(at, -1, `${name} leaked into the logs: …${output.slice(Math.max(0, at - 300), at + 100)}…`);
    }
    const signatures = [...output.matchAll(/signature=([^&"\s]+)/g)].map((m) => m[1]);
    assert.ok(signatures.length > 0 && signatures.every((s) => s === '[redacted]'), `signatures in the logs: ${signatures.join(', ')}`);
  });
});
