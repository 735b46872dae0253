/**
 * OpenAI-route benchmark (issue 13): the overhead of POST /v1/audio/speech against
 * POST /v1/text-to-speech for the same text and voice (what the 24 kHz resampling, the encoder and
 * the chunked answer add), and the encode time per second of audio for each response_format,
 * against copying the samples to 16-bit PCM in the same run.
 *
 * The server runs in this process on a temporary data directory (one client at a time, so the
 * client's share of the event loop is small). Run: npm run build && node dist/bench/openai.js
 */
import { performance } from 'node:perf_hooks';
import { decodeWav } from '../src/synthesis/decoders/wav.js';
import { resample } from '../src/synthesis/dsp/resample.js';
import { createFormatEncoder, streamFormats } from '../src/synthesis/encoders/format-encoder.js';
import { startBenchServer } from './in-process-server.js';
import { fixed, percentile, printTable } from './table.js';
import { english300, englishText } from './texts.js';

const runs = 3;

async function main(): Promise<void> {
  const server = await startBenchServer('openai');
  const { url, apiKey, olivia } = server;
  try {
    const timed = async (call: () => Promise<Response>) => {
      const started = performance.now();
      const res = await call();
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      return { ms: performance.now() - started, bytes };
    };
    const typecast = (format: 'wav' | 'mp3', text: string) => () =>
      fetch(`${url}/v1/text-to-speech`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ voice_id: olivia, text, model: 'ssfm-v30', output: { audio_format: format } }),
      });
    const openai = (format: string, text: string) => () =>
      fetch(`${url}/v1/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: text, response_format: format }),
      });
    const median = async (call: () => Promise<Response>) => {
      await timed(call); // warm-up
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await timed(call)).ms);
      return percentile(times, 50);
    };

    const rows: (string | number)[][] = [];
    // Every format at 300 characters; at 2,000 the cheapest and the dearest encoder.
    for (const [label, text, formats] of [['300 chars', english300, streamFormats], ['2,000 chars', englishText(2000), ['pcm', 'opus'] as const]] as const) {
      const base = { wav: await median(typecast('wav', text)), mp3: formats.includes('mp3' as never) ? await median(typecast('mp3', text)) : 0 };
      for (const format of formats) {
        const yardstick = format === 'mp3' ? base.mp3 : base.wav;
        const ms = await median(openai(format, text));
        rows.push([label, format, fixed(ms, 0), `${format === 'mp3' ? 'mp3' : 'wav'} ${fixed(yardstick, 0)}`, fixed(ms / yardstick, 2)]);
      }
    }
    printTable(`POST /v1/audio/speech against POST /v1/text-to-speech, same text and voice (median of ${runs}, ms)`, ['text', 'openai format', 'openai ms', '/v1/text-to-speech ms', 'ratio'], rows);

    // Encode cost per audio second: 2,000 characters of speech at 24 kHz, in one piece and per sentence-sized piece (~3 s).
    const wav = await fetch(`${url}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: olivia, text: englishText(2000), model: 'ssfm-v30' }),
    });
    const pcm = await resample(decodeWav(new Uint8Array(await wav.arrayBuffer())), 24000);
    const seconds = pcm.samples.length / pcm.sampleRate;
    const encodeRows: (string | number)[][] = [];
    let pcmMs = 0;
    for (const format of ['pcm', ...streamFormats.filter((f) => f !== 'pcm')] as const) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const encoder = await createFormatEncoder(format, 24000);
        size = 0;
        const piece = 3 * 24000;
        for (let at = 0; at < pcm.samples.length; at += piece) size += (await encoder.encode(pcm.samples.subarray(at, at + piece))).length;
        size += (await encoder.finish()).length;
        times.push(performance.now() - started);
      }
      const ms = percentile(times, 50);
      if (format === 'pcm') pcmMs = ms;
      encodeRows.push([format, fixed(ms / seconds, 2), fixed(ms / Math.max(pcmMs, 1e-3), 1), fixed((size * 8) / seconds / 1000, 0)]);
    }
    printTable(`Encoding ${fixed(seconds, 1)} s of speech at 24 kHz in 3 s pieces (median of 3)`, ['format', 'ms per audio s', '× pcm', 'kbps'], encodeRows);
  } finally {
    await server.close();
  }
}

await main();
