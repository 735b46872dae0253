/**
 * Speak jobs against synchronous synthesis (issue 16): `count` speaks of the earlier interface
 * (POST /api/speak, done when the completion webhook arrives at a loopback receiver) made by 16
 * concurrent clients, against the same texts synthesized with the same concurrency without HTTP,
 * database or queue. Each of five rounds times the three, in reverse order every other round, and
 * the overhead printed is the median of each round's; the machine may be shared, so read the
 * ratios, not the rates.
 * Run alone: npm run bench:speak-jobs. `BENCH_DATABASE_URL=postgres://…` is not used here: the
 * server is the single-machine default (SQLite, the database queue).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseSpeakBody } from '../src/http/earlier/speak-body.js';
import { prepareSpeech } from '../src/services/speaks/speech-for-order.js';
import { findVoiceByAnyName } from '../src/synthesis/catalog/find-voice.js';
import { startTestServer } from '../test/http/test-server.js';
import { median, type BenchSection } from './sections.js';
import { fixed, printTable } from './table.js';

export interface SpeakJobsOptions {
  clients?: number;
  speaksPerRound?: number;
  rounds?: number;
  print?: boolean;
}

const subjects = ['The library', 'Our new office', 'The morning train', 'A small bakery', 'The city council', 'This river', 'The museum', 'Every weekend market'];
const textOf = (i: number) =>
  `${subjects[i % subjects.length]} opened ${i + 2} days ago, and visitors say it is quieter than they expected. Tickets cost ${(i % 7) + 3} dollars.`;


export async function speakJobsSection(options: SpeakJobsOptions = {}): Promise<BenchSection> {
  const clients = options.clients ?? 16;
  const count = options.speaksPerRound ?? 32;
  const rounds = options.rounds ?? 5;
  const server = await startTestServer({ startQueue: false });
  await server.services.queue.start({ concurrency: clients });
  const receiver = http.createServer();
  const waiters = new Map<string, () => void>();
  const arrived = new Set<string>();
  receiver.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const { speak_url } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { speak_url: string };
      arrived.add(speak_url);
      response.end();
      waiters.get(speak_url)?.();
    });
  });
  try {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const account = await server.createAccount('custom');
    await server.services.accounts.setCallbackUrl(account.uid, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    const actorId = findVoiceByAnyName('eng-olivia')!.id;
    const body = (i: number) => ({ text: textOf(i), lang: 'en-us', actor_id: actorId });
    const headers = { authorization: `Bearer ${account.apiToken}`, 'content-type': 'application/json' };

    const alone = async (i: number) => {
      const { order } = parseSpeakBody(body(i));
      const prepared = await prepareSpeech(order, account.uid, { voices: server.services.voices, resources: server.services.earlier.resources });
      await server.services.synthesizer.synthesize(prepared.request);
    };
    const speak = async (i: number) => {
      const response = await fetch(`${server.url}/api/speak`, { method: 'POST', headers, body: JSON.stringify(body(i)) });
      const { result } = (await response.json()) as { result: { speak_url: string } };
      if (!arrived.has(result.speak_url)) await new Promise<void>((resolve) => waiters.set(result.speak_url, resolve));
    };
    const syncHttp = async (i: number) => {
      const response = await fetch(`${server.url}/api/text-to-speech`, { method: 'POST', headers, body: JSON.stringify(body(i)) });
      if (response.status !== 200) throw new Error(`text-to-speech ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    let offset = 0;
    /** `count` calls of `job` by `clients` concurrent loops, on texts not used before (no cache hits); wall ms. */
    const timed = async (job: (i: number) => Promise<void>) => {
      const base = offset;
      offset += count;
      let next = 0;
      const started = performance.now();
      await Promise.all(Array.from({ length: clients }, async () => {
        while (next < count) await job(base + next++);
      }));
      return performance.now() - started;
    };
    await timed(alone);
    await timed(speak);
    const overAlone: number[] = [];
    const overSync: number[] = [];
    const times = { alone: [] as number[], speak: [] as number[], sync: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      // Every other round runs the three in reverse, so whatever one leaves behind for the next
      // (garbage, compilations, a queue poll falling due) weighs on each of them alike.
      let a = 0, s = 0, h = 0;
      if (round % 2 === 0) {
        a = await timed(alone);
        s = await timed(speak);
        h = await timed(syncHttp);
      } else {
        h = await timed(syncHttp);
        s = await timed(speak);
        a = await timed(alone);
      }
      times.alone.push(a);
      times.speak.push(s);
      times.sync.push(h);
      overAlone.push(s / a - 1);
      overSync.push(s / h - 1);
    }
    const pct = (v: number) => `${fixed(v * 100, 1)} %`;
    if (options.print) {
      printTable(
        `Speak jobs (POST /api/speak → webhook) against synchronous synthesis, ${clients} clients, ${rounds} rounds × ${count} speaks, ${server.services.pool.threads} synthesis threads`,
        ['measure', 'speaks/s (median)', 'speak-job overhead (median)', 'per round'],
        [
          ['synthesis alone (no HTTP, no queue)', fixed(count / (median(times.alone) / 1000), 2), pct(median(overAlone)), overAlone.map(pct).join(' ')],
          ['POST /api/text-to-speech (synchronous)', fixed(count / (median(times.sync) / 1000), 2), pct(median(overSync)), overSync.map(pct).join(' ')],
          ['POST /api/speak → webhook', fixed(count / (median(times.speak) / 1000), 2), '', ''],
        ],
      );
    }
    return {
      title: `Speak jobs against synchronous synthesis (${clients} clients)`,
      rows: [
        { name: `speak jobs over synthesis alone, ${clients} clients`, value: pct(median(overAlone)), target: '≤ 10 %', ok: median(overAlone) <= 0.1 },
        { name: `speak jobs over POST /api/text-to-speech, ${clients} clients`, value: pct(median(overSync)), target: '≤ 10 %', ok: median(overSync) <= 0.1 },
      ],
    };
  } finally {
    receiver.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await speakJobsSection({ print: true });
  printTable(section.title, ['measure', 'value', 'target', 'ok'], section.rows.map((r) => [r.name, r.value, r.target, r.ok ? 'yes' : 'NO']));
}
