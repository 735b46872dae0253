import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { abandonedError } from '../../../../src/services/custom-voices/index.js';
import { f0Stats } from '../../../../src/synthesis/analysis/f0.js';
import { decodeWav } from '../../../../src/synthesis/decoders/wav.js';
import { encodeWavPcm16 } from '../../../../src/synthesis/encoders/wav.js';
import { SynthesisPool } from '../../../../src/synthesis/pool/synthesis-pool.js';
import { repeated } from '../../../synthesis/adaptation/clone-fixture.js';
import { makeSpeaker, sampleSentences, speakers } from '../../../synthesis/adaptation/speakers.js';
import { semitones } from './fixture.js';
import { freePort, killChildren, startChildServer } from '../../../start/child-server.js';

const cli = fileURLToPath(new URL('../../../../src/start/cli.js', import.meta.url));
const run = promisify(execFile);

type Item = { voice_id: string; source: string; status: string; error: string | null };

/**
 * The real server as a child process (`orator serve`), killed with SIGKILL while a professional
 * clone is queued or training and an instant clone is being made: after the restart the
 * professional clone's durable job finishes it, and the instant one, which no job carries, is
 * failed with a safe reason.
 */
describe('SIGKILL during clones, then a restart', () => {
  const children: ChildProcess[] = [];
  let dataDir = '';
  after(async () => {
    killChildren(children);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the professional clone completes after the restart, the instant one in flight is failed', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-cv-restart-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: '1' };
    const { api_key: key } = JSON.parse((await run(process.execPath, [cli, 'accounts', 'create', '--plan', 'custom', '--json'], { env })).stdout);

    // A five-minute recording and a 150 s sample of a synthetic speaker, written to files.
    const pool = new SynthesisPool(1);
    const reading = await makeSpeaker(pool, speakers[1], sampleSentences).finally(() => pool.close());
    const recording = path.join(dataDir, 'recording.wav');
    const sample = path.join(dataDir, 'sample.wav');
    await writeFile(recording, encodeWavPcm16(repeated(reading, 301)));
    await writeFile(sample, encodeWavPcm16(repeated(reading, 149)));
    const sampleF0 = (await f0Stats(reading)).median;

    const start = () => startChildServer(env, children);

    const list = async (): Promise<Item[]> => (await fetch(`${url}/v1/custom-voices`, { headers: { 'x-api-key': key } })).json() as Promise<Item[]>;
    const form = async (fields: Record<string, string>, fileField: string, file: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append(fileField, await openAsBlob(file, { type: 'audio/wav' }), path.basename(file));
      return body;
    };

    let child = await start();
    const professional = await fetch(`${url}/v1/custom-voices/professional-clone`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: await form({ name: 'Narrator', model: 'ssfm-v30', language: 'eng' }, 'files', recording),
    });
    assert.equal(professional.status, 200);
    const pro = (await professional.json()) as { voice_id: string; status: string };
    assert.equal(pro.status, 'pending');
    // Killed at once: the training takes seconds, so the job is still pending or running.
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // After a restart (the professional job resumes), an instant clone is killed while it is being made.
    child = await start();
    const instant = fetch(`${url}/v1/custom-voices/instant-clone`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: await form({ name: 'Quick', model: 'ssfm-v30' }, 'file', sample),
    }).catch(() => null);
    let quick: Item | undefined;
    for (const deadline = Date.now() + 30_000; !quick; ) {
      quick = (await list()).find((v) => v.source === 'instant' && v.status === 'training');
      if (Date.now() > deadline) throw new Error('the instant clone never showed as training');
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(await instant, null, 'the instant clone got no answer');

    const restarted = Date.now();
    child = await start();
    const seen = new Set<string>();
    let finalPro: Item | undefined;
    let finalQuick: Item | undefined;
    for (const deadline = Date.now() + 120_000; !finalPro || !finalQuick; ) {
      const voices = await list();
      const p = voices.find((v) => v.voice_id === pro.voice_id)!;
      const q = voices.find((v) => v.voice_id === quick.voice_id)!;
      seen.add(p.status);
      if (p.status === 'completed' || p.status === 'failed') finalPro ??= p;
      if (q.status === 'failed' || q.status === 'completed') finalQuick ??= q;
      if (Date.now() > deadline) throw new Error(`still ${p.status} / ${q.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`after the restart: professional ${[...seen].join(' → ')} in ${((Date.now() - restarted) / 1000).toFixed(1)} s; instant ${finalQuick.status}`);
    assert.equal(finalPro.status, 'completed', finalPro.error ?? '');
    assert.equal(finalQuick.status, 'failed');
    assert.equal(finalQuick.error, abandonedError);

    // The trained voice speaks like the recording.
    const speech = await fetch(`${url}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: pro.voice_id, text: 'The museum opens at nine, but the guided tours only start in the afternoon.', model: 'ssfm-v30' }),
    });
    assert.equal(speech.status, 200);
    const f0 = (await f0Stats(decodeWav(new Uint8Array(await speech.arrayBuffer())))).median;
    assert.ok(Math.abs(semitones(sampleF0, f0)) <= 1, `professional voice ${f0.toFixed(1)} Hz vs recording ${sampleF0.toFixed(1)} Hz`);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  });
});
