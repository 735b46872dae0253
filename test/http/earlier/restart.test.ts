import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../../src/store/database.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { earlierClient, pollUntilFinished } from './earlier-client.js';
import { startReceiver } from './webhook-receiver.js';
import { freePort, killChildren, startChildServer } from '../../start/child-server.js';

const cli = fileURLToPath(new URL('../../../src/start/cli.js', import.meta.url));
const run = promisify(execFile);
const actorId = findVoiceByAnyName('eng-olivia')!.id;

describe('SIGKILL with speaks in progress and a webhook in backoff', () => {
  const children: ChildProcess[] = [];
  let dataDir = '';
  after(async () => {
    killChildren(children);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('after a restart every accepted speak finishes and every delivery attempt happens exactly once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-restart-'));
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ALLOW_PRIVATE_CALLBACKS: 'true', LOG_LEVEL: 'silent', SYNTH_WORKERS: '1' };
    const account = async () => JSON.parse((await run(process.execPath, [cli, 'accounts', 'create', '--plan', 'plus', '--json'], { env })).stdout);
    const backoff = await account();
    const busy = await account();

    const start = () => startChildServer(env, children);

    let healed = false;
    const receiver = await startReceiver((hook) => (hook.json?.speak_url && hookFor(hook) === 'backoff' && !healed ? 500 : 200));
    const backoffSpeaks = new Set<string>();
    const hookFor = (hook: { json: any }) => (backoffSpeaks.has(hook.json.speak_url) ? 'backoff' : 'busy');
    try {
      const server = { url: `http://127.0.0.1:${port}` };
      let child = await start();
      const a = earlierClient(server, backoff.api_token);
      const b = earlierClient(server, busy.api_token);
      assert.equal((await a.put('/api/me/callback-url', { callback_url: receiver.url })).status, 200);
      assert.equal((await b.put('/api/me/callback-url', { callback_url: receiver.url })).status, 200);

      // A speak whose webhook fails 6 times (the attempt and the 5 immediate retries): now in its 1-minute backoff.
      const first = await a.post('/api/speak', { text: 'This webhook will wait.', lang: 'eng', actor_id: actorId });
      backoffSpeaks.add(first.body.result.speak_url);
      await receiver.waitFor(6, 30_000);

      // Speaks in progress, then SIGKILL at once.
      const created: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await b.post('/api/speak', { text: `Speak number ${i + 1} survives a crash of the server.`, lang: 'eng', actor_id: actorId });
        assert.equal(answer.status, 200);
        created.push(answer.body.result.speak_url);
      }
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      assert.equal(receiver.received.length, 6, 'no webhook of the busy account came before the kill');

      // While it is down: the delivery waits in the table; move its backoff forward instead of waiting a minute.
      const store = await openDatabase({ dataDir });
      const waiting = await store.db.selectFrom('jobs').selectAll().where('type', '=', 'webhook.deliver').execute();
      assert.equal(waiting.length, 1);
      assert.equal(waiting[0].state, 'waiting');
      assert.equal(waiting[0].attempts, 6);
      assert.ok(waiting[0].run_at - Date.now() > 30_000, 'retry 6 is a minute away');
      const progress = await store.db.selectFrom('speaks').select('id').where('status', '=', 'progress').execute();
      assert.ok(progress.length >= 4, `${progress.length} speaks still in progress at the kill`);
      await store.db.updateTable('jobs').set({ run_at: Date.now() }).where('id', '=', waiting[0].id).execute();
      await store.close();

      healed = true;
      child = await start();
      for (const url of created) {
        const result = await pollUntilFinished(b, url.replace('/api/speak/', '/api/speak/v2/'), 250, 60_000);
        assert.equal(result.status, 'done');
      }
      await receiver.waitFor(6 + 1 + created.length, 30_000);
      await new Promise((r) => setTimeout(r, 1500));

      const byId = new Map<string, typeof receiver.received>();
      for (const hook of receiver.received) {
        const id = String(hook.headers['webhook-id']);
        byId.set(id, [...(byId.get(id) ?? []), hook]);
      }
      const backoffHooks = receiver.received.filter((h) => hookFor(h) === 'backoff');
      assert.equal(backoffHooks.length, 7, 'attempt 1, retries 1–5 before the kill, retry 6 after: each once');
      assert.equal(new Set(backoffHooks.map((h) => h.headers['webhook-id'])).size, 1);
      const busyHooks = receiver.received.filter((h) => hookFor(h) === 'busy');
      assert.deepEqual(busyHooks.map((h) => h.json.speak_url).sort(), [...created].sort(), 'one webhook per speak, none twice');
      assert.equal(new Set(busyHooks.map((h) => h.headers['webhook-id'])).size, created.length);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      await receiver.close();
    }
  });
});
