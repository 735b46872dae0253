import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CoreServices } from '../../src/app/services.js';
import { readConfig } from '../../src/config/config.js';
import { serve, warmUpNode, type RunningNode } from '../../src/start/commands/serve.js';
import { decodeAudio } from '../../src/synthesis/decoders/decode-audio.js';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';

const olivia = findVoiceByAnyName('eng-olivia')!;

/** A warm-up the test holds open: it runs `inner` (the real one, or nothing) and then waits for `release()` or the stop signal. */
function heldWarmUp(inner: (services: CoreServices, signal: AbortSignal) => Promise<void> = async () => undefined) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sawSignal: AbortSignal | undefined;
  return {
    release,
    get signal() {
      return sawSignal;
    },
    warmUp: async (services: CoreServices, signal: AbortSignal) => {
      sawSignal = signal;
      const stopped = new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      await Promise.race([Promise.all([inner(services, signal), released]), stopped]);
    },
  };
}

async function readyz(url: string): Promise<{ status: number; body: { status?: string; detail?: string } }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status?: string; detail?: string } };
}

for (const role of ['all', 'api', 'worker'] as const) {
  describe(`orator serve --role ${role}, in process, while its warm-up is held open`, () => {
    let dataDir: string;
    let node: RunningNode;
    const hold = heldWarmUp(role === 'worker' ? undefined : warmUpNode);
    before(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), `orator-serve-warm-${role}-`));
      const config = readConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: '1', ORATOR_ROLE: role, PUBLIC_URL: 'http://orator.test' });
      node = await serve(config, { warmUp: hold.warmUp });
    });
    after(async () => {
      hold.release();
      await node?.stop('test end');
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers /healthz 200 and /readyz 503 `warming` as soon as serve() returns (listening)', async () => {
      const alive = await fetch(`${node.url}/healthz`);
      assert.equal(alive.status, 200);
      assert.deepEqual(await alive.json(), { status: 'ok' });
      const ready = await readyz(node.url);
      assert.equal(ready.status, 503);
      assert.match(ready.body.detail ?? '', /^warming/);
    });

    if (role !== 'worker') {
      it('serves a real synthesis (POST /v1/text-to-speech) while warming: the audio decodes, /readyz still says warming', async () => {
        const { services } = await node.opened;
        const { apiKey } = await services.accounts.createAccount({ plan: 'custom' });
        const response = await fetch(`${node.url}/v1/text-to-speech`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ voice_id: `tc_${olivia.id}`, model: 'ssfm-v21', text: 'This sentence is spoken while the server is still warming up.', output: { audio_format: 'wav' } }),
        });
        assert.equal(response.status, 200, await response.clone().text());
        const pcm = await decodeAudio(new Uint8Array(await response.arrayBuffer()));
        assert.ok(pcm.samples.length / pcm.sampleRate > 1, 'a sentence of speech');
        const ready = await readyz(node.url);
        assert.equal(ready.status, 503);
        assert.match(ready.body.detail ?? '', /^warming/);
      });
    }

    it('answers /readyz 200 once the warm-up is released and the node is ready', async () => {
      hold.release();
      await node.ready;
      const ready = await readyz(node.url);
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, { status: 'ready' });
      assert.equal(hold.signal?.aborted, false);
    });
  });
}

describe('orator serve, in process, stopped while its warm-up is held open', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-serve-warm-stop-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('drains: stop() ends the warm-up through its signal, closes the port, and the node never says ready', async () => {
    const hold = heldWarmUp();
    const config = readConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: '1' });
    const node = await serve(config, { warmUp: hold.warmUp });
    await node.opened;
    assert.equal((await readyz(node.url)).status, 503);
    await node.stop('SIGTERM');
    assert.equal(hold.signal?.aborted, true, 'the warm-up was told to stop');
    await node.ready; // resolves (stopped), never rejects
    await assert.rejects(fetch(`${node.url}/healthz`), 'the port is closed');
  });
});
