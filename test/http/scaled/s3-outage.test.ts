import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { jobIdOf } from '../../../src/services/speaks/speak-service.js';
import { decodeAudio } from '../../../src/synthesis/decoders/decode-audio.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../../contract/test-s3.js';
import { waitFor } from '../../contract/test-databases.js';
import { startCuttableProxy, type CuttableProxy } from '../../store/cuttable-proxy.js';
import { earlierClient, findVoiceByAnyName, pollUntilFinished } from '../earlier/earlier-client.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * S3 going away under a running Orator, through a cuttable TCP proxy in front of a real s3rver:
 * /readyz names the bucket and recovers, and a speak whose audio cannot be stored waits the
 * outage out (STORAGE_RETRY_SECONDS), never marked done without its file nor failed meanwhile.
 */
/** orator_backend_retries_total{backend="s3"} on the server's /metrics. */
async function s3Retries(server: TestServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('orator_backend_retries_total{backend="s3"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('Orator on S3 when S3 goes away', () => {
  let s3: TestS3Server;
  let proxy: CuttableProxy;
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  before(async () => {
    s3 = await startS3Server();
    const endpoint = new URL(s3.endpoint);
    proxy = await startCuttableProxy(endpoint.hostname, Number(endpoint.port));
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
    server = await startTestServer({
      clock,
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', SYNTH_WORKERS: '1' },
    });
  });
  after(async () => {
    await server?.close();
    await proxy?.close();
    await s3?.close();
  });

  it('/readyz answers 503 naming the bucket while it is unreachable, and 200 again once it is back', async () => {
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
    proxy.cut();
    try {
      const down = await fetch(`${server.url}/readyz`);
      assert.equal(down.status, 503);
      assert.deepEqual(await down.json(), { detail: `unreachable: S3 bucket ${s3.bucket}` });
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'still alive');
    } finally {
      proxy.restore();
    }
    const ready = await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 30_000, '/readyz 200');
    assert.ok(ready);
  });

  it('a speak whose audio cannot be stored waits the outage out in progress (retries counted), then is done with its file', async () => {
    const client = earlierClient(server, (await server.createAccount('plus')).apiToken);
    const retriesBefore = await s3Retries(server);
    proxy.cut();
    let speakId: string;
    try {
      const created = await client.post('/api/speak', { text: 'Stored only once the bucket is back.', lang: 'eng', actor_id: findVoiceByAnyName('eng-olivia')!.id });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      speakId = new URL(created.body.result.speak_v2_url).pathname.split('/').pop()!;
      // Its job synthesized and now retries the store with backoff (STORAGE_RETRY_SECONDS), counted.
      await waitFor(async () => (await s3Retries(server)) > retriesBefore, 60_000, 'a retry of the store');
      const speak = await client.get(`/api/speak/v2/${speakId}`);
      assert.equal(speak.body.result.status, 'progress', 'not done without its file, and not failed');
      assert.ok(!speak.body.result.audio_download_url, 'no download link');
      assert.equal((await server.services.earlier.speakStore.get(speakId))?.audioKey ?? null, null);
      assert.equal((await server.services.queue.getJob(jobIdOf(speakId)))?.state, 'active', 'the job waits, it is not failed or rescheduled');
    } finally {
      proxy.restore();
    }
    // The next retry stores the audio: the speak is done, with a file that plays, in its first attempt.
    const result = await pollUntilFinished(client, `${server.url}/api/speak/v2/${speakId}`, 50);
    assert.equal(result.status, 'done');
    const audio = await fetch(result.audio_download_url);
    assert.equal(audio.status, 200);
    const pcm = await decodeAudio(new Uint8Array(await audio.arrayBuffer()));
    assert.ok(Math.abs(pcm.samples.length / pcm.sampleRate - result.duration) < 0.05);
    assert.equal((await server.services.queue.getJob(jobIdOf(speakId)))?.attempts, 1);
  });

});
