/**
 * Custom voices: how long cloning takes and how close clones come to their samples.
 * `npm run build && node dist/bench/custom-voices.js`
 *
 * - Instant-clone latency through the real service (upload to a temp file, probe, analysis and
 *   profile fitting in the adaptation thread, database rows) for 5, 30 and 150 s samples, and
 *   through HTTP (a real server: multipart upload streamed to disk, then the same work).
 * - Professional analysis of a 5-minute recording (careful fitting).
 * - Similarity of clones to synthetic speakers on a different text, beside the unadapted base voice.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiskBlobStore } from '../src/blobs/disk-blob-store.js';
import { InMemoryConcurrencyLimiter } from '../src/limits/in-memory-concurrency-limiter.js';
import { DatabaseJobQueue } from '../src/queue/database-job-queue.js';
import { AccountService } from '../src/services/accounts/account-service.js';
import { PlanService } from '../src/services/accounts/plan-service.js';
import { CustomVoiceService, professionalUpload } from '../src/services/custom-voices/index.js';
import { openDatabase } from '../src/store/database.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { AdaptationPool } from '../src/synthesis/adaptation/adaptation-pool.js';
import { encodeWavPcm16 } from '../src/synthesis/encoders/wav.js';
import { openCloneBench, repeated } from '../test/synthesis/adaptation/clone-fixture.js';
import { makeSpeaker, sampleSentences, speakers } from '../test/synthesis/adaptation/speakers.js';
import { startTestServer } from '../test/http/test-server.js';
import { fixed, printTable } from './table.js';
import { CustomVoiceRepository } from '../src/repositories/index.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-cv-'));
const bench = openCloneBench(2);
try {
  console.log(`custom voices on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  const reading = await makeSpeaker(bench.pool, speakers[0], sampleSentences);

  // Instant clones through the service.
  const store = await openDatabase({ dataDir: folder });
  await migrateToLatest(store);
  const accounts = new AccountService(store.db, { encryptionKey: randomBytes(32) });
  await new PlanService(store.db).update('custom', { customVoiceSlot: 1000, maxConcurrentClones: 10 });
  const uid = (await accounts.createAccount({ plan: 'custom' })).account.uid;
  const adaptation = new AdaptationPool(1);
  const service = new CustomVoiceService({
    repository: new CustomVoiceRepository(store.db),
    blobs: new DiskBlobStore(path.join(folder, 'blobs')),
    queue: new DatabaseJobQueue(store),
    concurrency: new InMemoryConcurrencyLimiter(),
    accounts,
    adaptation,
    tmpDir: path.join(folder, 'tmp'),
  });
  const latencyRows: (string | number)[][] = [];
  // The first clone of a process also renders the base voices once (cached per thread afterwards).
  const warm = encodeWavPcm16(repeated(reading, 5));
  let started = performance.now();
  await service.createInstantClone({ accountUid: uid, name: 'warm-up', model: 'ssfm-v30', file: warm });
  latencyRows.push(['5 s (first clone of the process)', fixed((performance.now() - started) / 1000, 2)]);
  for (const seconds of [5, 30, 150]) {
    const file = encodeWavPcm16(repeated(reading, seconds));
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      started = performance.now();
      await service.createInstantClone({ accountUid: uid, name: `s${seconds}`, model: 'ssfm-v30', file });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    latencyRows.push([`${seconds} s`, fixed(times[1] / 1000, 2)]);
  }
  await service.idle();

  // The same through HTTP: multipart upload streamed to disk by a real server, then the clone.
  const server = await startTestServer({ startQueue: false });
  try {
    await server.services.plans.update('custom', { customVoiceSlot: 1000, maxConcurrentClones: 10 });
    const { apiKey } = await server.createAccount('custom');
    const post = async (file: Uint8Array) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'sample.wav');
      body.append('name', 'bench');
      body.append('model', 'ssfm-v30');
      const started = performance.now();
      const res = await fetch(`${server.url}/v1/custom-voices/instant-clone`, { method: 'POST', headers: { 'x-api-key': apiKey }, body });
      if (res.status !== 200) throw new Error(`instant clone answered ${res.status}: ${await res.text()}`);
      return performance.now() - started;
    };
    await post(warm);
    for (const [row, seconds] of [5, 30, 150].entries()) {
      const file = encodeWavPcm16(repeated(reading, seconds));
      const times = [await post(file), await post(file), await post(file)].sort((a, b) => a - b);
      latencyRows[row + 1].push(fixed(times[1] / 1000, 2), `${fixed(file.length / 1e6, 1)} MB`);
    }
    latencyRows[0].push('', '');
    await server.services.customVoices.idle();
  } finally {
    await server.close();
  }
  printTable(
    'Instant clone latency (median of 3, seconds; target < 2 s at 150 s)',
    ['sample (22.05 kHz WAV)', 'service s', 'HTTP POST s', 'upload'],
    latencyRows,
  );

  // Professional analysis of five minutes.
  const fiveMinutes = path.join(folder, 'five-minutes.wav');
  writeFileSync(fiveMinutes, encodeWavPcm16(repeated(await makeSpeaker(bench.pool, speakers[1], sampleSentences), 300)));
  const pro = await adaptation.clone(fiveMinutes, professionalUpload.limits, true);
  printTable(
    'Professional clone of a 5-minute recording (22.05 kHz WAV)',
    ['stage', 'seconds'],
    [
      ['read + measure (streamed, 10 s blocks)', fixed(pro.analysisMilliseconds / 1000, 2)],
      ['fit profile (8 base voices, 3 calibration rounds)', fixed((pro.milliseconds - pro.analysisMilliseconds) / 1000, 2)],
      ['total', fixed(pro.milliseconds / 1000, 2)],
    ],
  );
  await adaptation.close();
  await store.close();

  // Similarity on a different text.
  const rows: (string | number)[][] = [];
  for (const speaker of speakers) {
    for (const careful of [false, true]) {
      const t = await bench.trial(speaker, careful);
      const p = t.profile;
      const kind = careful ? 'professional' : 'instant';
      rows.push([
        `${speaker.name} (${kind})`,
        `${p.variant} ${p.pitch >= 0 ? '+' : ''}${fixed(p.pitch, 1)}st ×${fixed(p.range, 2)} ×${fixed(p.rate, 2)} F×${fixed(p.formantScale, 3)}`,
        `${fixed(t.clone.medianF0, 2)} / ${fixed(t.base.medianF0, 2)}`,
        `${fixed(t.clone.range, 2)} / ${fixed(t.base.range, 2)}`,
        `${fixed(100 * t.clone.rate, 1)} / ${fixed(100 * t.base.rate, 1)}`,
        `${fixed(t.clone.spectrum, 2)} / ${fixed(t.base.spectrum, 2)}`,
      ]);
    }
  }
  printTable(
    'Clone vs sample on a different text — clone / base voice (limits: F0 ±1 st, range ±2 st, rate ±10 %, spectrum ≤ half the base)',
    ['speaker', 'profile', 'median F0 st', 'F0 range st', 'rate %', 'spectrum dB'],
    rows,
  );
} finally {
  await bench.close();
  rmSync(folder, { recursive: true, force: true });
}
