import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { freePort, killChildren, startChildServer } from '../start/child-server.js';
import { runCli } from '../start/run-cli.js';

/**
 * What someone holding a copy of the embedded database learns, and who may read the data
 * directory: a real `orator serve` process writes an account, a webhook secret and a speak's
 * audio, then the files are inspected.
 */
describe('data at rest', () => {
  const children: ChildProcess[] = [];
  let root: string;
  let dataDir: string;
  let secrets: string[];

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'orator-at-rest-'));
    dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir };
    const created = JSON.parse((await runCli(['accounts', 'create', '--plan', 'plus', '--json'], env)).stdout);
    const webhook = JSON.parse((await runCli(['accounts', 'webhook-secret', created.uid, '--json'], env)).stdout);
    secrets = [created.api_key, created.api_token, webhook.webhook_secret ?? webhook.secret];
    assert.ok(secrets.every((s) => typeof s === 'string' && s.length >= 20), JSON.stringify(webhook));
    const port = await freePort();
    await startChildServer({ ...env, PORT: String(port), SYNTH_WORKERS: '1' }, children);
    const client = earlierClient({ url: `http://127.0.0.1:${port}` }, created.api_token);
    // A callback URL carrying credentials: kept sealed in the account and in the speak's delivery.
    const hookPassword = 'hook-pass-9c41d7';
    const hookToken = 'hook-token-3b8e02';
    secrets.push(hookPassword, hookToken);
    assert.equal((await client.put('/api/me/callback-url', { callback_url: `https://hooks:${hookPassword}@hooks.example.invalid/tts?token=${hookToken}` })).status, 200);
    const speak = await client.post('/api/speak', { text: 'Kept private.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id });
    assert.equal(speak.status, 200);
    assert.equal((await pollUntilFinished(client, speak.body.result.speak_v2_url, 100)).status, 'done');
    // The delivery row is made as the speak finishes; wait for it so its URL is among what is read.
    const live = new BetterSqlite3(path.join(dataDir, 'orator.db'), { readonly: true });
    try {
      while (!live.prepare('select 1 from webhook_deliveries').get()) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      live.close();
    }
    killChildren(children);
  });

  after(() => {
    killChildren(children);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the database file copied away holds no key, no token and no secret key', () => {
    const copy = path.join(root, 'stolen.db');
    fs.copyFileSync(path.join(dataDir, 'orator.db'), copy);
    for (const suffix of ['-wal', '-shm']) {
      if (fs.existsSync(path.join(dataDir, `orator.db${suffix}`))) fs.copyFileSync(path.join(dataDir, `orator.db${suffix}`), `${copy}${suffix}`);
    }
    const db = new BetterSqlite3(copy, { readonly: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    let cells = 0;
    for (const { name } of tables) {
      for (const row of db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[]) {
        for (const value of Object.values(row)) {
          const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
          cells++;
          for (const secret of secrets) assert.ok(!text.includes(secret), `${name} holds a secret in clear`);
        }
      }
    }
    assert.ok(cells > 50, `only ${cells} cells read`);
    // The one setting that names the key is its fingerprint (an HMAC under the key, so nodes with
    // another key are refused): 16 hex digits that give nothing of the key away.
    const keys = db.prepare("select key, value from server_settings").all() as { key: string; value: string }[];
    assert.ok(!keys.some((k) => /secret/.test(k.key) && k.key !== 'secret_key_fingerprint'), `server_settings: ${keys.map((k) => k.key)}`);
    assert.match(keys.find((k) => k.key === 'secret_key_fingerprint')?.value ?? '', /^[0-9a-f]{16}$/);
    db.close();
  });

  it('DATA_DIR and everything in it are for the server\'s user alone (0700 folders, 0600 files)', () => {
    const seen: string[] = [];
    const walk = (dir: string) => {
      assert.equal(fs.statSync(dir).mode & 0o777, 0o700, dir);
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else {
          seen.push(path.relative(dataDir, full));
          assert.equal(fs.statSync(full).mode & 0o777, 0o600, full);
        }
      }
    };
    walk(dataDir);
    assert.ok(seen.includes('orator.db') && seen.includes('secret.key'), seen.join(', '));
    assert.ok(seen.some((file) => /\.(wav|mp3)$/.test(file)), `no audio among ${seen.join(', ')}`);
  });
});
