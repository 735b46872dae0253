import assert from 'node:assert/strict';
import http from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished, type EarlierClient } from './earlier-client.js';

const hour = 3_600_000;

/** Bytes that sniff as WAV (RIFF…WAVE), of any length: the upload route checks the format, not the audio. */
function wavBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVE', 8, 'latin1');
  return bytes;
}

/** PUT through node:http, writing `chunks` one by one; `between(i)` may wait before chunk i. */
function putStreamed(url: string, chunks: Buffer[], options: { contentLength?: number; between?: (i: number) => Promise<void> } = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'audio/wav' };
    if (options.contentLength !== undefined) headers['content-length'] = options.contentLength;
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (p: Buffer) => parts.push(p));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
    });
    // The server may answer and close before the whole body is sent: that answer is the result.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    void (async () => {
      for (let i = 0; i < chunks.length; i++) {
        await options.between?.(i);
        if (request.destroyed) return;
        if (!request.write(chunks[i])) await new Promise((r) => request.once('drain', r));
      }
      request.end();
    })().catch(reject);
  });
}

describe('upload slots: limits per plan, streaming, retention', () => {
  let server: TestServer;
  let client: EarlierClient;
  const clock = new ManualClock(Date.UTC(2026, 4, 1));

  before(async () => {
    server = await startTestServer({ clock, env: { SPEAK_RETENTION_HOURS: '1', UPLOAD_RETENTION_HOURS: '2' } });
    await server.services.plans.create({
      name: 'uploads',
      concurrencyLimit: 2,
      customVoiceSlot: 0,
      professionalVoiceSlot: 0,
      planCredits: 100_000,
      cloneAllowed: true,
      prosodyMetaAllowed: false,
      speakRatePerMinute: 60,
      maxConcurrentClones: 1,
      professionalCloneGenerations: 0,
      uploadSlotsOpen: 2,
      uploadBytes: 200_000,
      uploadSlotsPerHour: 3,
    });
    client = earlierClient(server, (await server.createAccount('uploads')).apiToken);
  });
  after(() => server.close());

  const newSlot = () => client.post('/api/speak/resource', { audio_format: 'wav' });
  const put = (url: string, bytes: Buffer) => fetch(url, { method: 'PUT', body: bytes as unknown as BodyInit, headers: { 'content-type': 'audio/wav' } });

  it('open slots, slots per hour and kept bytes are bounded by the plan; expired slots and old uploads are swept, and the sweep is counted', async () => {
    const first = await newSlot();
    const second = await newSlot();
    assert.deepEqual([first.status, second.status], [200, 200]);
    const third = await newSlot();
    assert.equal(third.status, 429);
    assert.equal(third.body.message.error_code, 'app/too-many-requests');
    assert.equal(third.headers.get('retry-after'), '3600', 'the oldest open slot expires in an hour');

    // Uploading frees a slot: 150 kB kept.
    assert.equal((await put(first.body.result.presigned_url, wavBytes(150_000))).status, 200);
    const fourth = await newSlot();
    assert.equal(fourth.status, 200);
    assert.equal((await put(second.body.result.presigned_url, wavBytes(10_000))).status, 200);
    // Three slots made this hour: the fourth is refused by the rate, not the open count.
    const fifth = await newSlot();
    assert.equal(fifth.status, 429);
    assert.match(fifth.body.message.msg, /3 new upload slots per hour/);
    assert.ok(Number(fifth.headers.get('retry-after')) > 0);

    // 160 kB kept of 200 kB: a declared 60 kB is refused before it is read; so is one that
    // declares nothing and sends too much (refused as the bytes pass the bound).
    const declared = await put(fourth.body.result.presigned_url, wavBytes(60_000));
    assert.equal(declared.status, 413);
    assert.equal((await declared.json()).message.error_code, 'app/upload/storage-full');
    const chunked = await putStreamed(fourth.body.result.presigned_url, [wavBytes(30_000), Buffer.alloc(30_000)]);
    assert.equal(chunked.status, 413);
    assert.equal(chunked.body.message.error_code, 'app/upload/storage-full');
    assert.equal(await server.services.blobs.stat(`speak-resources/${fourth.body.result.speak_resource_id}.wav`), null, 'nothing of the refused upload is kept');
    // Replacing an upload counts its old bytes out: 150 kB → 40 kB fits.
    assert.equal((await put(first.body.result.presigned_url, wavBytes(40_000))).status, 200);

    // The unused slot's hour ends; the sweep removes it; then the uploads after their 2 hours.
    clock.advance(hour + 1000);
    const sweep = server.services.maintenance.retention;
    assert.deepEqual((await sweep.run()).speak_resources, { rows: 1, bytes: 0 });
    assert.equal((await newSlot()).status, 200, 'a new hour: the rate allows slots again');
    clock.advance(2 * hour);
    assert.deepEqual((await sweep.run()).speak_resources, { rows: 3, bytes: 50_000 });
    assert.equal(await server.services.blobs.stat(`speak-resources/${first.body.result.speak_resource_id}.wav`), null);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    assert.match(metrics, /orator_retention_freed_bytes_total\{kind="speak_resources"\} 50000/);
    assert.match(metrics, /orator_retention_removed_rows_total\{kind="speak_resources"\} 4/);
  });

  it('an upload is streamed into the blob store as it arrives, never held whole', { timeout: 120_000 }, async () => {
    const big = await earlierClient(server, (await server.createAccount('custom')).apiToken).post('/api/speak/resource', { audio_format: 'wav' });
    assert.equal(big.status, 200);
    const chunkBytes = 64 * 1024;
    const total = 20 * 1024 * 1024;
    const chunks = Array.from({ length: total / chunkBytes }, (_, i) => (i === 0 ? wavBytes(chunkBytes) : Buffer.alloc(chunkBytes, i % 251)));
    // Watch what reaches the store: how much, in what pieces, and when.
    const blobs = server.services.blobs;
    const original = blobs.put.bind(blobs);
    let received = 0;
    let largestPiece = 0;
    let sawStream = false;
    const waiters: Array<{ atLeast: number; resolve: () => void }> = [];
    blobs.put = async (key, data, contentType) => {
      if (!(data instanceof Readable)) return original(key, data, contentType);
      sawStream = true;
      const watched = data.on('data', (piece: Buffer) => {
        received += piece.length;
        largestPiece = Math.max(largestPiece, piece.length);
        for (const w of waiters.splice(0)) (received >= w.atLeast ? w.resolve : () => waiters.push(w))();
      });
      return original(key, watched, contentType);
    };
    const storeHas = (atLeast: number) => new Promise<void>((resolve) => (received >= atLeast ? resolve() : waiters.push({ atLeast, resolve })));
    try {
      // Half the body is sent, then the client waits until the store holds 8 MiB of it: a server
      // that buffered the body before storing it would never get there, and the test would time out.
      const answer = await putStreamed(big.body.result.presigned_url, chunks, { contentLength: total, between: (i) => (i === chunks.length / 2 ? storeHas(8 * 1024 * 1024) : Promise.resolve()) });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.result.size, total);
    } finally {
      blobs.put = original;
    }
    assert.ok(sawStream, 'the store was given a stream, not a buffer');
    assert.equal(received, total);
    assert.ok(largestPiece <= 256 * 1024, `the largest piece in memory at once was ${largestPiece} bytes`);
    const stored = await blobs.stat(`speak-resources/${big.body.result.speak_resource_id}.wav`);
    assert.equal(stored?.size, total);
  });

  it('a finished speak is answered for SPEAK_RETENTION_HOURS; its audio and row go once its last link has expired', async () => {
    const created = await client.post('/api/speak', { text: 'Kept for an hour.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id, xapi_audio_format: 'wav' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const done = await pollUntilFinished(client, created.body.result.speak_v2_url, 50);
    assert.equal(done.status, 'done');
    const link = done.audio_download_url as string;
    const id = created.body.result.speak_v2_url.split('/').pop() as string;
    const row = await server.services.earlier.speakStore.get(id);
    assert.ok(row?.audioKey && row.finishedAt);
    clock.set(row.finishedAt + hour);
    assert.equal((await client.get(`/api/speak/v2/${id}`)).status, 404, 'no more links after the retention period');
    assert.equal((await fetch(link)).status, 200, 'a link issued before still works until it expires');
    clock.set(row.finishedAt + hour + 24 * hour);
    assert.equal((await server.services.maintenance.retention.run()).speaks.rows, 0);
    clock.advance(1);
    const report = await server.services.maintenance.retention.run();
    assert.equal(report.speaks.rows, 1);
    assert.ok(report.speaks.bytes > 1000);
    assert.equal(await server.services.blobs.stat(row.audioKey), null);
    assert.equal(await server.services.earlier.speakStore.get(id), null);
  });
});
