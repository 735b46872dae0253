/**
 * Response-cache benchmark (issue 13): a repeated `POST /v1/text-to-speech` answered from the
 * cache against the first synthesis of the same request, for 100 and 2,000 characters (goal:
 * the repeat at least 10× faster). Each "first" run uses a text of its own, so every one is a miss.
 *
 * The server runs in this process on a temporary data directory, one client at a time.
 * Run: npm run bench:cache
 */
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './in-process-server.js';
import { fixed, percentile, printTable } from './table.js';
import { englishText } from './texts.js';

const runs = 5;

async function main(): Promise<void> {
  const server = await startBenchServer('cache');
  const { url, services, apiKey, olivia } = server;
  try {
    const speak = async (text: string) => {
      const started = performance.now();
      const res = await fetch(`${url}/v1/text-to-speech`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ voice_id: olivia, text, model: 'ssfm-v30' }),
      });
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    await speak('Warm up the engines.');
    const rows: (string | number)[][] = [];
    for (const length of [100, 2000]) {
      // A distinct first word per run keeps every "first" a miss while the lengths stay equal.
      const texts = Array.from({ length: runs }, (_, i) => `Run ${i}. ${englishText(length - 7)}`.slice(0, length));
      const first: number[] = [];
      for (const text of texts) first.push(await speak(text));
      const repeat: number[] = [];
      for (let i = 0; i < runs; i++) repeat.push(await speak(texts[0]));
      const firstMs = percentile(first, 50);
      const repeatMs = percentile(repeat, 50);
      rows.push([`${length} chars`, fixed(firstMs, 0), fixed(repeatMs, 0), `${fixed(firstMs / repeatMs, 1)}×`, '≥ 10×']);
    }
    printTable(`Response cache, POST /v1/text-to-speech (median of ${runs})`, ['text', 'first ms', 'cached ms', 'speed-up', 'target'], rows);
    // The counts show the repeats really were hits: one miss per distinct text, one hit per repeat.
    console.log(`cache: ${JSON.stringify(services.speechCache.stats)}`);
  } finally {
    await server.close();
  }
}

await main();
