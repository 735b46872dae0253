import { randomBytes } from 'node:crypto';
import { freePort } from '../start/child-server.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { containerEnv, podman, run, waitFor, waitHealthy } from './podman.js';
import type { Proofs } from './proofs.js';
import { builtInActor, describeAudio } from './speech.js';

export interface ClusterFigures {
  /** Seconds from `podman-compose up` to the first speech decoded (made on API 1, downloaded from API 2). */
  upToFirstAudioSeconds?: number;
}

/**
 * compose.cluster.yaml as it is, run with podman-compose under a project name of this run:
 * PostgreSQL, Redis, MinIO and its bucket step (stand-ins), two API nodes and a worker of the
 * image just built. Proves every node healthy and ready, a key made with `exec … orator accounts
 * create`, and a speak made through API 1 (earlier interface) downloaded through API 2.
 */
export async function clusterProofs(proofs: Proofs, image: string, id: string): Promise<ClusterFigures> {
  const figures: ClusterFigures = {};
  const project = id.replace(/-/g, '');
  const [port1, port2] = [await freePort(), await freePort()];
  const api1 = `http://127.0.0.1:${port1}`;
  const api2 = `http://127.0.0.1:${port2}`;
  const env: NodeJS.ProcessEnv = {
    ...containerEnv,
    ORATOR_IMAGE: image,
    ORATOR_SECRET_KEY: randomBytes(32).toString('base64'),
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    MINIO_ROOT_PASSWORD: randomBytes(12).toString('hex'),
    API1_PUBLISH: `127.0.0.1:${port1}`,
    API2_PUBLISH: `127.0.0.1:${port2}`,
    API1_PUBLIC_URL: api1,
    API2_PUBLIC_URL: api2,
    WORKER_PUBLIC_URL: api1,
  };
  const compose = (args: string[], allowFailure = false) => run('podman-compose', ['--project-name', project, '-f', 'compose.cluster.yaml', ...args], { env, allowFailure });
  const container = (service: string) => `${project}_${service}_1`;
  let apiToken = '';

  try {
    const started = performance.now();
    const up = await proofs.prove('cluster: podman-compose up; both API nodes and the worker go healthy and ready', async () => {
      await compose(['up', '-d', '--no-build']);
      for (const service of ['api1', 'api2', 'worker']) await waitHealthy(container(service), 300_000);
      for (const url of [api1, api2]) await waitFor(`${url}/readyz 200`, 180_000, async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined));
      const bucket = await podman(['inspect', '--format', '{{.State.ExitCode}}', container('bucket')]);
      if (bucket.stdout.trim() !== '0') throw new Error(`the bucket step exited ${bucket.stdout.trim()}`);
      return `healthy and ready ${((performance.now() - started) / 1000).toFixed(1)} s after up; the bucket step exited 0`;
    });
    if (!up) {
      for (const service of ['postgres', 'redis', 'minio', 'bucket', 'api1', 'api2', 'worker']) {
        const logs = await podman(['logs', '--tail', '15', container(service)], { allowFailure: true });
        process.stdout.write(`--- ${service}\n${logs.stdout}${logs.stderr}`);
      }
      proofs.skip('cluster: a key, and a speak made through API 1 downloaded through API 2', 'the cluster did not come up');
      return figures;
    }

    await proofs.prove('cluster: a key made with `exec api1 orator accounts create`; a speak made through API 1 is downloaded through API 2', async () => {
      const created = JSON.parse((await podman(['exec', container('api1'), 'orator', 'accounts', 'create', '--plan', 'custom', '--json'])).stdout) as { api_token: string };
      apiToken = created.api_token;
      const one = earlierClient({ url: api1 }, apiToken);
      const speak = await one.post('/api/speak', { text: 'Made on the first node, downloaded from the second.', lang: 'eng', actor_id: builtInActor });
      if (speak.status !== 200) throw new Error(`POST /api/speak answered ${speak.status}: ${JSON.stringify(speak.body)}`);
      const result = await pollUntilFinished(one, speak.body.result.speak_v2_url, 1000, 180_000);
      if (result.status !== 'done') throw new Error(`the speak ended ${JSON.stringify(result)}`);
      const link = new URL(result.audio_download_url);
      if (link.origin !== api1) throw new Error(`the link names ${link.origin}, not API 1's PUBLIC_URL ${api1}`);
      const download = await fetch(`${api2}${link.pathname}${link.search}`);
      if (download.status !== 200) throw new Error(`API 2 answered ${download.status} to the download`);
      const audio = await describeAudio(new Uint8Array(await download.arrayBuffer()));
      figures.upToFirstAudioSeconds = (performance.now() - started) / 1000;
      return `downloaded from API 2: ${audio}; ${figures.upToFirstAudioSeconds.toFixed(1)} s from up to this audio`;
    });
  } finally {
    await compose(['down', '--volumes'], true);
    // podman-compose 1.0.3 leaves the project's network (and, on some paths, volumes) behind.
    const volumes = (await podman(['volume', 'ls', '--quiet', '--filter', `label=io.podman.compose.project=${project}`], { allowFailure: true })).stdout.split('\n').filter(Boolean);
    if (volumes.length > 0) await podman(['volume', 'rm', '--force', ...volumes], { allowFailure: true });
    await podman(['network', 'rm', '--force', `${project}_default`], { allowFailure: true });
  }
  return figures;
}
