import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { trainingJobName } from '../../src/services/custom-voices/training-job.js';
import { speakJobName } from '../../src/services/speaks/speak-service.js';
import { webhookJobName } from '../../src/services/webhooks/webhook-service.js';
import { decodeAudio } from '../../src/synthesis/decoders/decode-audio.js';
import { decodeWav } from '../../src/synthesis/decoders/wav.js';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { MiB, putInPieces, uploadQuotaPlan, wavBytes } from '../http/earlier/parallel-uploads.js';
import { freePort } from '../start/child-server.js';
import { Cluster, filesUnder, isAudioFile, openStream, speakIdOf, startCallbackReceiver, until, type ClusterNode, type CreatedAccount } from './cluster-fixture.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const olivia = findVoiceByAnyName('eng-olivia')!;
/** Short, so a slot held by a killed node comes back within seconds (renewed every second while held). */
const slotLeaseSeconds = 3;

const seconds = (pcm: { samples: ArrayLike<number>; sampleRate: number }) => pcm.samples.length / pcm.sampleRate;
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * The scaled topology of docs/scaling.md, as real processes: two API nodes and one worker on one
 * PostgreSQL schema, one Redis prefix and one S3 bucket (s3rver over HTTP), each node with its own
 * empty DATA_DIR. Every check goes through one node and looks through the other.
 */
describe('a cluster: two API nodes and a worker on PostgreSQL, Redis and S3', { skip: databaseUrl && redisUrl ? false : 'TEST_DATABASE_URL and TEST_REDIS_URL are needed' }, () => {
  let cluster: Cluster;
  let api1: ClusterNode;
  let api2: ClusterNode;
  let worker: ClusterNode;
  /** owner: clones and speaks (plus); limited: concurrency_limit 2 (lite); rated: 3 speaks a minute (free); hooked: the 30 speaks (plus); holder: the API kill (lite). */
  let owner: CreatedAccount;
  let limited: CreatedAccount;
  let rated: CreatedAccount;
  let hooked: CreatedAccount;
  let holder: CreatedAccount;

  const current = (node: ClusterNode, key: string, method: string, route: string, body?: unknown) =>
    fetch(`${node.url}${route}`, { method, headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

  before(async () => {
    cluster = new Cluster(databaseUrl!, redisUrl!, { SLOT_LEASE_SECONDS: String(slotLeaseSeconds), JOB_CONCURRENCY: '4' });
    const api1Port = await freePort();
    await cluster.open(`http://127.0.0.1:${api1Port}`);
    [owner, limited, rated, hooked, holder] = await Promise.all(['plus', 'lite', 'free', 'plus', 'lite'].map((plan) => cluster.createAccount(plan)));
    await cluster.setPlan('lite', { concurrencyLimit: 2 });
    await cluster.setPlan('free', { speakRatePerMinute: 3 });
    [api1, api2, worker] = await Promise.all([cluster.start('api', { port: api1Port }), cluster.start('api'), cluster.start('worker')]);
  });
  after(async () => {
    await cluster?.close();
  });

  it('every node is ready with all three backing services; only the worker consumes jobs', async () => {
    for (const node of [api1, api2, worker]) {
      const ready = await fetch(`${node.url}/readyz`);
      assert.equal(ready.status, 200, `${node.role} ${node.url}: ${await ready.clone().text()}`);
    }
    // BullMQ lists the Workers connected to each queue (Redis CLIENT LIST): the worker node's one
    // per job type, none from the API nodes, which only enqueue.
    for (const type of [speakJobName, webhookJobName, trainingJobName]) {
      const queue = new Queue(type, { connection: cluster.redis, prefix: `${cluster.prefix}bull` });
      try {
        assert.equal(await queue.getWorkersCount(), 1, type);
      } finally {
        await queue.close();
      }
    }
  });

  it('a speak made through API 1 is polled, read and downloaded through API 2', async () => {
    const one = earlierClient(api1, owner.api_token);
    const two = earlierClient(api2, owner.api_token);
    const created = await one.post('/api/speak', { text: 'Made on the first node, fetched from the second.', lang: 'eng', actor_id: olivia.id });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(two, created.body.result.speak_v2_url, 100);
    assert.equal(result.status, 'done');
    const download = await fetch(`${api2.url}${pathOf(result.audio_download_url)}`);
    assert.equal(download.status, 200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    const pcm = await decodeAudio(bytes);
    assert.ok(Math.abs(seconds(pcm) - result.duration) < 0.05, `${seconds(pcm)} s of audio for a speak of ${result.duration} s`);
    const ranged = await fetch(`${api2.url}${pathOf(result.audio_download_url)}`, { headers: { range: 'bytes=0-43' } });
    assert.equal(ranged.status, 206);
    assert.deepEqual(new Uint8Array(await ranged.arrayBuffer()), bytes.subarray(0, 44));
    const meta = await two.post(`/api/speak/prosody-meta/${speakIdOf(created.body.result.speak_v2_url)}`, { language: 'eng' });
    assert.equal(meta.status, 200, JSON.stringify(meta.body));
    // The first node reads the same.
    const again = await fetch(`${api1.url}${pathOf(result.audio_download_url)}`);
    assert.deepEqual(new Uint8Array(await again.arrayBuffer()), bytes);
  });

  it('a built-in voice preview rendered by one API node is served by the other', async () => {
    const voice = `tc_${olivia.id}`;
    const first = await fetch(`${api1.url}/previews/${voice}.mp3`);
    assert.equal(first.status, 200);
    const bytes = Buffer.from(await first.arrayBuffer());
    assert.ok(seconds(await decodeAudio(bytes)) > 1);
    const second = await fetch(`${api2.url}/previews/${voice}.mp3`);
    assert.equal(second.status, 200);
    assert.equal(createHash('sha256').update(Buffer.from(await second.arrayBuffer())).digest('hex'), createHash('sha256').update(bytes).digest('hex'));
  });

  it('a clone made on API 1 speaks on API 2 at once; deleted on API 2, it is 404 on API 1 at once', async () => {
    // A 10-second sample: Orator's own reading, made through API 2.
    const sampleAnswer = await current(api2, owner.api_key, 'POST', '/v1/text-to-speech', {
      voice_id: `tc_${olivia.id}`,
      model: 'ssfm-v30',
      language: 'eng',
      text: 'This is my own voice, recorded for a clone. I read a few calm sentences, so the sample is long enough. Then the clone should sound like me on every node.',
    });
    assert.equal(sampleAnswer.status, 200);
    const sample = new Uint8Array(await sampleAnswer.arrayBuffer());
    assert.ok(seconds(decodeWav(sample)) >= 5, 'a sample of at least five seconds');

    // Both nodes have listed the account's voices (and may cache them) before the clone exists.
    const listedBefore = async (node: ClusterNode) => (await (await current(node, owner.api_key, 'GET', '/v3/voices')).json()) as { voice_id: string }[];
    const builtinCount = (await listedBefore(api1)).length;
    assert.equal((await listedBefore(api2)).length, builtinCount);

    const form = new FormData();
    form.append('name', 'Cluster voice');
    form.append('model', 'ssfm-v30');
    form.append('file', new Blob([sample], { type: 'audio/wav' }), 'sample.wav');
    const cloned = await fetch(`${api1.url}/v1/custom-voices/instant-clone`, { method: 'POST', headers: { 'x-api-key': owner.api_key }, body: form });
    const clone = (await cloned.json()) as { voice_id: string };
    assert.equal(cloned.status, 200, JSON.stringify(clone));

    const speak = { voice_id: clone.voice_id, model: 'ssfm-v30', language: 'eng', text: 'The clone speaks through the other node.' };
    const onTwo = await current(api2, owner.api_key, 'POST', '/v1/text-to-speech', speak);
    assert.equal(onTwo.status, 200, await onTwo.clone().text());
    assert.ok(seconds(decodeWav(new Uint8Array(await onTwo.arrayBuffer()))) > 1);
    const listedOnTwo = await listedBefore(api2);
    assert.equal(listedOnTwo[0].voice_id, clone.voice_id, 'API 2 lists the new voice first');
    assert.equal(listedOnTwo.length, builtinCount + 1);
    for (const route of ['/v1/voices', '/v2/voices', '/v3/voices']) assert.equal((await current(api2, owner.api_key, 'GET', `${route}/${clone.voice_id}`)).status, 200, route);
    // API 1 has it in its listings and its response cache (the same request, answered once there).
    const listed = (await (await current(api1, owner.api_key, 'GET', '/v3/voices')).json()) as { voice_id: string }[];
    assert.equal(listed[0].voice_id, clone.voice_id);
    const onOne = await current(api1, owner.api_key, 'POST', '/v1/text-to-speech', speak);
    assert.equal(onOne.status, 200);
    await onOne.arrayBuffer();
    assert.equal((await current(api1, owner.api_key, 'GET', `/v1/custom-voices/${clone.voice_id}`)).status, 200);
    for (const route of ['/v1/voices', '/v2/voices', '/v3/voices']) assert.equal((await current(api1, owner.api_key, 'GET', `${route}/${clone.voice_id}`)).status, 200, route);

    // The upload is stored in the background once the clone has answered: wait until it is in the bucket.
    const prefix = `custom-voices/${owner.uid}/${clone.voice_id}/`;
    await until('the upload to be stored', async () => (await cluster.s3ObjectKeys(prefix)).length > 0);
    const deleted = await current(api2, owner.api_key, 'DELETE', `/v1/custom-voices/${clone.voice_id}`);
    assert.equal(deleted.status, 204);
    // At once on API 1: no read, no synthesis (not even the cached answer), no listing.
    const read = await current(api1, owner.api_key, 'GET', `/v1/custom-voices/${clone.voice_id}`);
    assert.equal(read.status, 404);
    const spoken = await current(api1, owner.api_key, 'POST', '/v1/text-to-speech', speak);
    assert.equal(spoken.status, 404, await spoken.clone().text());
    const v3 = (await (await current(api1, owner.api_key, 'GET', '/v3/voices')).json()) as { voice_id: string }[];
    assert.ok(!v3.some((v) => v.voice_id === clone.voice_id), 'not listed in /v3/voices');
    assert.equal(v3.length, builtinCount);
    for (const route of ['/v1/voices', '/v2/voices', '/v1/custom-voices']) {
      const listed = (await (await current(api1, owner.api_key, 'GET', route)).json()) as { voice_id: string }[];
      assert.ok(!listed.some((v) => v.voice_id === clone.voice_id), `not listed in ${route}`);
    }
    for (const route of ['/v1/voices', '/v2/voices', '/v3/voices']) assert.equal((await current(api1, owner.api_key, 'GET', `${route}/${clone.voice_id}`)).status, 404, route);
    // And its recording is gone from the bucket.
    const left = await cluster.s3ObjectKeys(prefix);
    assert.deepEqual(left, []);
  });

  it('an upload made through API 1 speaks through API 2, queued (on the worker) and at once', async () => {
    const one = earlierClient(api1, owner.api_token);
    const two = earlierClient(api2, owner.api_token);
    const sample = await two.post('/api/text-to-speech', { text: 'This is my own voice, uploaded through the first node for the second one to speak with.', lang: 'eng', actor_id: olivia.id });
    assert.equal(sample.status, 200);
    const slot = await one.post('/api/speak/resource', { audio_format: 'wav' });
    assert.equal(slot.status, 200, JSON.stringify(slot.body));
    const { speak_resource_id: resourceId, presigned_url: uploadUrl } = slot.body.result;
    const uploaded = await fetch(`${api1.url}${pathOf(uploadUrl)}`, { method: 'PUT', body: new Uint8Array(sample.bytes), headers: { 'content-type': 'audio/wav' } });
    assert.equal(uploaded.status, 200);

    const created = await two.post('/api/speak', { text: 'The second node speaks with the uploaded voice.', tts_mode: 'audio_file', speak_resource_id: resourceId, lang: 'eng' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(two, created.body.result.speak_v2_url, 100);
    assert.equal(result.status, 'done', JSON.stringify(result));
    const queued = await fetch(`${api2.url}${pathOf(result.audio_download_url)}`);
    assert.ok(seconds(await decodeAudio(new Uint8Array(await queued.arrayBuffer()))) > 1);
    const direct = await two.post('/api/text-to-speech', { text: 'And at once, without the queue.', tts_mode: 'audio_file', speak_resource_id: resourceId, lang: 'eng' });
    assert.equal(direct.status, 200, direct.bytes.toString().slice(0, 200));
    assert.ok(seconds(await decodeAudio(new Uint8Array(direct.bytes))) > 0.5);
  });

  it('upload quotas hold across nodes: 8 parallel 20 MiB uploads through both against 30 MiB keep 20 MiB; 16 slot requests open exactly 10', { timeout: 300_000 }, async () => {
    await cluster.createPlan(uploadQuotaPlan('bounded'));
    const account = await cluster.createAccount('bounded');
    const nodes = [api1, api2];
    const slots = [];
    for (let i = 0; i < 8; i++) {
      const slot = await earlierClient(nodes[i % 2], account.api_token).post('/api/speak/resource', { audio_format: 'wav' });
      assert.equal(slot.status, 200, JSON.stringify(slot.body));
      slots.push(slot.body.result as { speak_resource_id: string; presigned_url: string });
    }
    // Each upload goes to the node that did not make its slot; bodies are sent whole (a refused one
    // is drained, issue 30 item 9, so its answer is still read).
    const body = wavBytes(20 * MiB);
    const results = await Promise.all(slots.map((slot, i) => putInPieces(`${nodes[(i + 1) % 2].url}${pathOf(slot.presigned_url)}`, body, { declare: true, accepted: async () => {} })));
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses ${statuses}`);
    for (const refused of results.filter((r) => r.status !== 200)) {
      assert.equal(refused.status, 413, `statuses ${statuses}`);
      assert.equal(refused.body.message.error_code, 'app/upload/storage-full');
    }
    let kept = 0;
    for (const slot of slots) kept += (await cluster.bucket.stat(`speak-resources/${slot.speak_resource_id}.wav`))?.size ?? 0;
    assert.equal(kept, 20 * MiB, 'the bucket holds one upload');

    const other = await cluster.createAccount('bounded');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => earlierClient(nodes[i % 2], other.api_token).post('/api/speak/resource', { audio_format: 'wav' })));
    const opened = answers.map((a) => a.status);
    assert.equal(opened.filter((s) => s === 200).length, 10, `statuses ${opened}`);
    for (const refused of answers.filter((a) => a.status !== 200)) assert.equal(refused.status, 429);
  });

  it('with concurrency_limit 2, twelve long streams over both nodes: exactly two 200s and ten 429s', async () => {
    const account = limited;
    const long = { voice_id: `tc_${olivia.id}`, model: 'ssfm-v30', language: 'eng', text: longText, output: { audio_tempo: 0.5 } };
    // Admitted streams are held by the unread answer (openStream), so no admitted one can end and
    // free its slot before every request has been answered.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => openStream(i % 2 === 0 ? api1 : api2, account.api_key, long)));
    try {
      assert.deepEqual(
        answers.map((a) => a.status).sort(),
        [200, 200, ...Array(10).fill(429)],
      );
      for (const refused of answers.filter((a) => a.status === 429)) assert.match(refused.body.detail, /plan allows 2 at a time/);
      // Both admitted ones still hold their slots in Redis now that all twelve were answered.
      assert.equal((await cluster.slotLeases(`synthesis:${account.uid}`)).length, 2);
    } finally {
      for (const answer of answers) answer.release();
    }
    // Closing the connections frees the slots (observed in Redis, then a synthesis is admitted).
    await until('the slots to be freed', async () => (await cluster.slotLeases(`synthesis:${account.uid}`)).length === 0);
    const after = await current(api2, account.api_key, 'POST', '/v1/text-to-speech', { voice_id: `tc_${olivia.id}`, model: 'ssfm-v30', text: 'Free again.' });
    assert.equal(after.status, 200);
    await after.arrayBuffer();
  });

  it('the speak rate counts across nodes', async () => {
    const account = rated;
    const speak = (node: ClusterNode) => earlierClient(node, account.api_token).post('/api/speak', { text: 'Counted once, whichever node.', lang: 'eng', actor_id: olivia.id });
    // Two through API 1, one through API 2: the plan's three per minute.
    for (const node of [api1, api2, api1]) assert.equal((await speak(node)).status, 200);
    // Neither node has seen three on its own, yet both refuse the fourth.
    for (const node of [api2, api1]) {
      const refused = await speak(node);
      assert.equal(refused.status, 429, JSON.stringify(refused.body));
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    }
  });

  it('SIGKILL of the worker in the middle of 30 speaks: a second worker finishes all 30, one delivered callback each', async () => {
    const receiver = await startCallbackReceiver();
    try {
      const account = hooked;
      const client = earlierClient(api1, account.api_token);
      const set = await client.put('/api/me/callback-url', { callback_url: receiver.url });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const node = i % 2 === 0 ? api1 : api2;
        const created = await earlierClient(node, account.api_token).post('/api/speak', { text: `Speak number ${i + 1} of thirty, spoken while a worker dies.`, lang: 'eng', actor_id: olivia.id });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        ids.push(speakIdOf(created.body.result.speak_v2_url));
      }
      // Some speaks are done and delivered…
      await until('three delivered callbacks', async () => receiver.answered.size >= 3);
      // …then the receiver holds every new delivery unanswered, and once the worker has recorded
      // every answered one, it is killed: no callback can have been answered without being recorded.
      receiver.hold();
      await until('the answered callbacks to be recorded', async () => (await deliveredCount(cluster, account.uid)) === receiver.answered.size);
      const doneBefore = await speaksDone(cluster, account.uid);
      assert.ok(doneBefore < 30, `the kill comes in the middle (${doneBefore} of 30 done)`);
      await cluster.kill(worker);
      await receiver.heldGone();
      receiver.open();
      const second = await cluster.start('worker');

      await until('30 delivered callbacks', async () => receiver.answered.size === 30 && (await deliveredCount(cluster, account.uid)) === 30, 180_000, 200);
      for (const id of ids) {
        const speak = await earlierClient(api2, account.api_token).get(`/api/speak/v2/${id}`);
        assert.equal(speak.body.result.status, 'done', `speak ${id}`);
      }
      // Exactly one answered delivery per speak, for every one of the 30.
      assert.deepEqual([...receiver.answered.keys()].sort(), [...ids].sort());
      for (const [id, count] of receiver.answered) assert.equal(count, 1, `speak ${id} delivered ${count} times`);
      // The audio of a speak the killed worker was making, downloaded through API 2.
      const last = await earlierClient(api2, account.api_token).get(`/api/speak/v2/${ids[29]}`);
      const audio = await fetch(`${api2.url}${pathOf(last.body.result.audio_download_url)}`);
      assert.equal(audio.status, 200);
      assert.ok(seconds(await decodeAudio(new Uint8Array(await audio.arrayBuffer()))) > 1);
      worker = second;
    } finally {
      await receiver.close();
    }
  });

  it('SIGKILL of an API node holding slots: they come back within the lease', async () => {
    const account = holder;
    const key = `synthesis:${account.uid}`;
    const long = { voice_id: `tc_${olivia.id}`, model: 'ssfm-v30', language: 'eng', text: longText, output: { audio_tempo: 0.5 } };
    const held = [await openStream(api1, account.api_key, long), await openStream(api1, account.api_key, long)];
    assert.deepEqual(held.map((h) => h.status), [200, 200]);
    assert.equal((await openStream(api2, account.api_key, long)).status, 429, 'API 1 holds both slots');
    await cluster.kill(api1);
    const killedAt = await cluster.redisNow();
    // The dead node renews nothing: each lease ends at most one lease after the kill.
    const leases = await cluster.slotLeases(key);
    for (const end of leases) assert.ok(end <= killedAt + slotLeaseSeconds * 1000, `lease ends ${end - killedAt} ms after the kill`);
    // Once Redis's clock passes them, both slots are back: API 2 admits two streams at once.
    const lapse = Math.max(killedAt, ...leases);
    await until('the leases to pass', async () => (await cluster.redisNow()) > lapse);
    const again = [await openStream(api2, account.api_key, long), await openStream(api2, account.api_key, long)];
    try {
      assert.deepEqual(again.map((a) => a.status), [200, 200]);
    } finally {
      for (const a of again) a.release();
    }
    for (const h of held) h.release();
  });

  it('no node wrote an audio file under its DATA_DIR', async (t) => {
    for (const node of cluster.nodes) {
      const files = await filesUnder(node.dataDir);
      t.diagnostic(`${node.role} ${node.url}: ${files.length} file(s) under DATA_DIR${files.length ? `: ${files.join(', ')}` : ''}`);
      const audio: string[] = [];
      for (const file of files) if (await isAudioFile(path.join(node.dataDir, file))) audio.push(file);
      assert.deepEqual(audio, [], `${node.role} ${node.url} wrote ${audio.join(', ')}`);
    }
    // The audio is in the bucket instead.
    assert.ok((await cluster.s3ObjectKeys('speaks/')).length >= 31);
  });
});

const longText = (
  'This stream is long on purpose: two thousand characters read at half speed last for minutes, far more than any socket buffer can take, ' +
  'so a listener who does not read keeps the synthesis, and its concurrency slot, for as long as the test wants. '
)
  .repeat(8)
  .slice(0, 2000);

async function deliveredCount(cluster: Cluster, uid: string): Promise<number> {
  const { rows } = await cluster.db.query<{ n: string }>(`select count(*) as n from webhook_deliveries where uid = $1 and status = 'delivered'`, [uid]);
  return Number(rows[0].n);
}

async function speaksDone(cluster: Cluster, uid: string): Promise<number> {
  const { rows } = await cluster.db.query<{ n: string }>(`select count(*) as n from speaks where uid = $1 and status = 'done'`, [uid]);
  return Number(rows[0].n);
}

