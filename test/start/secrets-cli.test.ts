import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from './run-cli.js';

/** `orator secrets re-encrypt` as an operator runs it, between the two steps of a key rotation. */
describe('orator secrets re-encrypt', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orator-secrets-cli-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');

  it('moves every stored secret to the new key, after which the old one can be dropped', async () => {
    const withOld = { DATA_DIR: dataDir, ORATOR_SECRET_KEY: oldKey };
    const created = JSON.parse((await runCli(['accounts', 'create', '--plan', 'lite', '--json'], withOld)).stdout);
    const secret = JSON.parse((await runCli(['accounts', 'webhook-secret', created.uid, '--json'], withOld)).stdout);

    const newOnly = { DATA_DIR: dataDir, ORATOR_SECRET_KEY: newKey };
    assert.notEqual((await runCli(['accounts', 'webhook-secret', created.uid, '--json'], newOnly)).code, 0, 'the new key alone cannot open it yet');

    const rotating = await runCli(['secrets', 're-encrypt', '--json'], { ...newOnly, ORATOR_PREVIOUS_SECRET_KEYS: oldKey });
    assert.equal(rotating.code, 0, rotating.stderr);
    assert.equal(JSON.parse(rotating.stdout).accounts, 1);

    const after = await runCli(['accounts', 'webhook-secret', created.uid, '--json'], newOnly);
    assert.equal(after.code, 0, after.stderr);
    assert.deepEqual(JSON.parse(after.stdout), secret);
  });

  it('refuses anything but re-encrypt with its usage', async () => {
    const result = await runCli(['secrets', 'rotate'], { DATA_DIR: dataDir, ORATOR_SECRET_KEY: newKey });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /re-encrypt/);
  });
});
