import http from 'node:http';
import { freePort } from '../start/child-server.js';
import { podman, waitFor, waitHealthy } from './podman.js';
import type { Proofs } from './proofs.js';
import { builtInVoice, describeAudio, sampleText, textToSpeech } from './speech.js';

export interface SingleNodeFigures {
  /** Seconds from `podman run` to the first passing health check. */
  healthySeconds?: number;
}

/**
 * The image run as `docker run` users run it (one container, a named volume on /data, the port
 * published on loopback, on a bridge network of this run): health, a key, speech, non-root, a
 * clone, SIGTERM draining a request in flight, and a new container on the same volume.
 */
export async function singleNodeProofs(proofs: Proofs, image: string, id: string): Promise<SingleNodeFigures> {
  const figures: SingleNodeFigures = {};
  const network = `${id}-net`;
  const volume = `${id}-data`;
  const container = `${id}-node`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let key = '';
  let uid = '';
  let cloneId = '';

  const start = async () => {
    await podman(['rm', '--force', '--ignore', container]);
    const started = performance.now();
    await podman(['run', '-d', '--name', container, '--network', network, '-p', `127.0.0.1:${port}:8080`, '-v', `${volume}:/data`, '-e', `PUBLIC_URL=${url}`, '-e', 'SYNTH_WORKERS=1', image]);
    await waitHealthy(container);
    return (performance.now() - started) / 1000;
  };

  await podman(['network', 'create', network]);
  try {
    const started = await proofs.prove('one node: the container starts and its HEALTHCHECK goes healthy', async () => {
      figures.healthySeconds = await start();
      const ready = await waitFor('/readyz 200', 120_000, async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined));
      return `healthy ${figures.healthySeconds.toFixed(1)} s after podman run; /readyz ${ready ? 200 : '?'}`;
    });
    if (!started) {
      const logs = await podman(['logs', '--tail', '30', container], { allowFailure: true });
      process.stdout.write(`${logs.stdout}${logs.stderr}\n`);
      for (const name of ['non-root', 'key', 'speech', 'clone', 'SIGTERM', 'restart']) proofs.skip(`one node: ${name}`, 'the container did not become healthy');
      return figures;
    }

    await proofs.prove('one node: the server runs as a non-root user, as PID 1', async () => {
      const seen = (await podman(['exec', container, 'sh', '-c', 'id -un; grep ^Uid: /proc/1/status; tr "\\0" " " < /proc/1/cmdline'])).stdout.trim().split('\n');
      const uids = seen[1].split(/\s+/).slice(1);
      if (seen[0] === 'root' || uids.includes('0')) throw new Error(`runs as root: ${seen.join(' | ')}`);
      if (!seen[2].startsWith('node ')) throw new Error(`PID 1 is not node: ${seen[2]}`);
      return `user ${seen[0]} (uids ${uids.join(' ')}), PID 1: ${seen[2].trim()}`;
    });

    await proofs.prove('one node: a key is made with `orator accounts create` (docker exec)', async () => {
      const created = JSON.parse((await podman(['exec', container, 'orator', 'accounts', 'create', '--plan', 'custom', '--json'])).stdout) as { uid: string; api_key: string };
      key = created.api_key;
      uid = created.uid;
      const me = await fetch(`${url}/v1/users/me/subscription`, { headers: { 'x-api-key': key } });
      if (me.status !== 200) throw new Error(`the new key is refused: ${me.status}`);
      return `account ${uid}; its key answers /v1/users/me/subscription 200`;
    });

    await proofs.prove('one node: speech decodes (POST /v1/text-to-speech, ffprobe + ffmpeg)', async () => {
      return describeAudio(await textToSpeech(url, key, builtInVoice, 'Hello from the container. The speech decodes.'));
    });

    await proofs.prove('one node: a custom voice is cloned from a generated sample and speaks', async () => {
      const sample = await textToSpeech(url, key, builtInVoice, sampleText);
      const form = new FormData();
      form.append('name', 'Container voice');
      form.append('model', 'ssfm-v30');
      form.append('file', new Blob([new Uint8Array(sample)], { type: 'audio/wav' }), 'sample.wav');
      const res = await fetch(`${url}/v1/custom-voices/instant-clone`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
      const body = (await res.json()) as { voice_id: string };
      if (res.status !== 200) throw new Error(`instant-clone answered ${res.status}: ${JSON.stringify(body)}`);
      cloneId = body.voice_id;
      return `${cloneId}: ${await describeAudio(await textToSpeech(url, key, cloneId, 'The cloned voice speaks in the container.'))}`;
    });

    await proofs.prove('one node: SIGTERM (podman stop) drains: a request in flight completes, exit 0 within the grace', async () => {
      const text = 'This request was in flight when the container was told to stop. It finishes before the server exits.';
      const body = JSON.stringify({ voice_id: builtInVoice, model: 'ssfm-v30', language: 'eng', text });
      // Expect: 100-continue: the server answers "continue" once it holds the request's headers,
      // so the request is in flight before the signal; its body goes only after the server
      // logged that it is draining.
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/text-to-speech', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': key, expect: '100-continue' } });
      const answered = new Promise<{ status: number; bytes: Uint8Array }>((resolve, reject) => {
        request.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: new Uint8Array(Buffer.concat(chunks)) }));
          res.on('error', reject);
        });
        request.on('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        request.once('continue', resolve);
        request.once('error', reject);
      });
      const graceSeconds = 60;
      const stopStarted = performance.now();
      const stopped = podman(['stop', '--time', String(graceSeconds), container]);
      let answer: { status: number; bytes: Uint8Array };
      try {
        await waitFor('the "SIGTERM: draining" log line', 30_000, async () => {
          const logs = await podman(['logs', container]);
          return /SIGTERM: draining/.test(logs.stdout + logs.stderr) ? true : undefined;
        }, 200);
        request.end(body);
        answer = await answered;
      } finally {
        // Whatever happened, the container has stopped before the next proof starts one on its port.
        await stopped;
      }
      const stopSeconds = (performance.now() - stopStarted) / 1000;
      if (answer.status !== 200) throw new Error(`the request in flight was answered ${answer.status}: ${Buffer.from(answer.bytes).toString('utf8').slice(0, 200)}`);
      const audio = await describeAudio(answer.bytes);
      const exit = (await podman(['inspect', '--format', '{{.State.ExitCode}}', container])).stdout.trim();
      if (exit !== '0') throw new Error(`exit code ${exit} (137 = killed after the grace)`);
      if (stopSeconds >= graceSeconds) throw new Error(`stopping took ${stopSeconds.toFixed(1)} s, the whole grace`);
      return `in-flight request answered 200 (${audio}); exit 0 after ${stopSeconds.toFixed(1)} s of a ${graceSeconds} s grace`;
    });

    await proofs.prove('one node: a new container on the same volume keeps the account, its key and the custom voice', async () => {
      await start();
      const listed = JSON.parse((await podman(['exec', container, 'orator', 'accounts', 'list', '--json'])).stdout) as { uid: string }[];
      if (!listed.some((a) => a.uid === uid)) throw new Error(`account ${uid} is gone: ${JSON.stringify(listed)}`);
      const voices = (await (await fetch(`${url}/v1/custom-voices`, { headers: { 'x-api-key': key } })).json()) as { voice_id: string; status: string }[];
      const voice = voices.find((v) => v.voice_id === cloneId);
      if (!voice || voice.status !== 'completed') throw new Error(`custom voice ${cloneId} after the restart: ${JSON.stringify(voices)}`);
      return `account ${uid} listed, key accepted, ${cloneId} ${voice.status} and speaks: ${await describeAudio(await textToSpeech(url, key, cloneId, 'Still here after the restart.'))}`;
    });
  } finally {
    await podman(['rm', '--force', '--ignore', '--time', '0', container], { allowFailure: true });
    await podman(['volume', 'rm', '--force', volume], { allowFailure: true });
    await podman(['network', 'rm', '--force', network], { allowFailure: true });
  }
  return figures;
}
