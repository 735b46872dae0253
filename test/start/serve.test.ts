import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { listBuiltinVoices } from '../../src/synthesis/catalog/catalog.js';
import { decodeMp3 } from '../../src/synthesis/decoders/mp3.js';
import { freePort, startChildServer } from './child-server.js';

describe('orator serve', () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-serve-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = await startChildServer({ PORT: String(port), DATA_DIR: dir, SYNTH_WORKERS: '2' });
  });
  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the preview of a built-in voice as real MP3 speech, the same bytes the second time', async () => {
    const voice = listBuiltinVoices().find((v) => v.slug === 'kor-minjun')!;
    const first = await fetch(`${url}/previews/tc_${voice.id}.mp3`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'audio/mpeg');
    const bytes = new Uint8Array(await first.arrayBuffer());
    const pcm = await decodeMp3(bytes);
    assert.ok(pcm.samples.length / pcm.sampleRate > 1);
    const second = new Uint8Array(await (await fetch(`${url}/previews/tc_${voice.id}.mp3`)).arrayBuffer());
    assert.deepEqual(second, bytes);
  });

  it('answers an unknown preview and an unknown path with 404 {detail}', async () => {
    for (const address of [`${url}/previews/tc_000000000000000000000000.mp3`, `${url}/previews/../../etc/passwd`, `${url}/nowhere`]) {
      const response = await fetch(address);
      assert.equal(response.status, 404);
      assert.equal(typeof (await response.json()).detail, 'string');
    }
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
