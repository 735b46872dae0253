/**
 * How the resampling quality was chosen (issue 16): for each Speex quality, the cost of bringing
 * Flite (16 kHz) and eSpeak (22.05 kHz) speech to 44.1 kHz, beside a listening-grade check against
 * today's quality 8: the long-term spectrum above 4 kHz (per band, dB against q8's), the level of
 * what the filter lets through above the engine's Nyquist frequency (images), and a round-trip
 * recognition score (pocketsphinx reads the 44.1 kHz output brought back to 16 kHz at quality 10;
 * word accuracy against the text spoken).
 * Needs pocketsphinx for the recognition column (`apt-get install -y pocketsphinx pocketsphinx-en-us`);
 * without it that column says so.
 * Run: npm run bench:resample-quality
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pcm } from '../src/synthesis/audio.js';
import { fft, hannWindow } from '../src/synthesis/adaptation/fft.js';
import { halfBandUpsample } from '../src/synthesis/dsp/half-band.js';
import { resample, resampleWithSpeex } from '../src/synthesis/dsp/resample.js';
import { encodeWavPcm16 } from '../src/synthesis/encoders/wav.js';
import type { EngineRequest } from '../src/synthesis/engines/engine.js';
import { engineFor } from '../src/synthesis/engines/registered-engines.js';
import { median } from './sections.js';
import { fixed, printTable } from './table.js';
import { englishText } from './texts.js';

const text = englishText(600);
/**
 * Rows: each quality through `resample` (upsampling: the polyphase table), `speex` ones through
 * Speex's own code, and `half-band` (rate doubling only: eSpeak's) through the half-band filter
 * (src/synthesis/dsp/half-band.ts; not in `resample`'s path, see docs/performance.md).
 */
type Row = number | 'speex 8' | 'speex 3' | 'half-band';
const qualities: Row[] = [8, 'speex 8', 6, 5, 4, 3, 'speex 3', 'half-band', 2, 1, 0];
const frame = 4096;

/** Mean power spectrum (Hann-windowed frames, half overlap), one value per FFT bin. */
function powerSpectrum(pcm: Pcm): Float64Array {
  const window = hannWindow(frame);
  const sum = new Float64Array(frame / 2);
  const re = new Float64Array(frame);
  const im = new Float64Array(frame);
  let frames = 0;
  for (let at = 0; at + frame <= pcm.samples.length; at += frame / 2) {
    for (let i = 0; i < frame; i++) {
      re[i] = pcm.samples[at + i] * window[i];
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < frame / 2; k++) sum[k] += re[k] * re[k] + im[k] * im[k];
    frames++;
  }
  return sum.map((v) => v / Math.max(1, frames));
}

/** Power in [from, to) Hz, in dB. */
function bandDb(spectrum: Float64Array, sampleRate: number, from: number, to: number): number {
  const hz = sampleRate / frame;
  let power = 0;
  for (let k = Math.ceil(from / hz); k < Math.min(spectrum.length, Math.floor(to / hz)); k++) power += spectrum[k];
  return 10 * Math.log10(power + 1e-20);
}

const sphinxModel = '/usr/share/pocketsphinx/model/en-us';
const hasSphinx = existsSync(`${sphinxModel}/en-us`) && existsSync('/usr/bin/pocketsphinx_continuous');

function words(s: string): string[] {
  return s.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean);
}

/** Word accuracy 1 − (edit distance / reference words). */
function wordAccuracy(reference: string[], heard: string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= heard.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (reference[i - 1] === heard[j - 1] ? 0 : 1));
    previous = row;
  }
  return 1 - previous[heard.length] / reference.length;
}

async function recognition(pcm44: Pcm, folder: string): Promise<number> {
  const file = path.join(folder, 'heard.wav');
  writeFileSync(file, encodeWavPcm16(await resample(pcm44, 16000, 10)));
  const out = execFileSync(
    'pocketsphinx_continuous',
    ['-infile', file, '-hmm', `${sphinxModel}/en-us`, '-lm', `${sphinxModel}/en-us.lm.bin`, '-dict', `${sphinxModel}/cmudict-en-us.dict`, '-logfn', '/dev/null'],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  return wordAccuracy(words(text), words(out));
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'orator-resample-quality-'));
try {
  const cases: [string, EngineRequest][] = [
    ['Flite slt', { text, language: 'eng', voice: { engine: 'flite', id: 'slt' }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } }],
    ['eSpeak en-us f3', { text, language: 'eng', voice: { engine: 'espeak', id: 'en-us', variant: 'f3' }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } }],
  ];
  for (const [name, request] of cases) {
    const engine = engineFor(request.voice.engine);
    const spoken = await engine.synthesize(request);
    const seconds = spoken.samples.length / spoken.sampleRate;
    const nyquist = spoken.sampleRate / 2;
    const bands: [number, number][] = [
      [4000, 6000],
      [6000, 7000],
      [7000, nyquist],
    ];
    const rows: (string | number)[][] = [];
    let reference: number[] = [];
    let referenceScore = 0;
    for (const q of qualities) {
      if (q === 'half-band' && 44100 !== 2 * spoken.sampleRate) continue;
      const run =
        typeof q === 'number' ? () => resample(spoken, 44100, q) : q === 'half-band' ? async () => ({ ...spoken, samples: halfBandUpsample(spoken.samples), sampleRate: 44100 }) : () => resampleWithSpeex(spoken, 44100, Number(q.split(' ')[1]));
      await run();
      const times: number[] = [];
      let out: Pcm = spoken;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        out = await run();
        times.push(performance.now() - started);
      }
      const spectrum = powerSpectrum(out);
      const total = bandDb(spectrum, 44100, 50, 22050);
      const levels = bands.map(([a, b]) => bandDb(spectrum, 44100, a, b) - total);
      const images = bandDb(spectrum, 44100, nyquist + 500, 22050) - total;
      if (q === qualities[0]) reference = levels;
      const score = hasSphinx ? await recognition(out, folder) : NaN;
      if (q === qualities[0]) referenceScore = score;
      rows.push([
        q,
        fixed(Math.min(...times) / seconds, 2),
        ...levels.map((l, i) => `${fixed(l, 1)} (${l - reference[i] >= 0 ? '+' : ''}${fixed(l - reference[i], 2)})`),
        fixed(images, 1),
        hasSphinx ? `${fixed(100 * score, 1)} (${score - referenceScore >= 0 ? '+' : ''}${fixed(100 * (score - referenceScore), 1)})` : 'no pocketsphinx',
      ]);
    }
    printTable(
      `${name}: ${spoken.sampleRate} → 44100 Hz, ${fixed(seconds, 1)} s of speech; bands in dB of the total (change against q${qualities[0]})`,
      ['quality', 'ms / audio s (best of 5)', ...bands.map(([a, b]) => `${a / 1000}–${fixed(b / 1000, 2)} kHz`), `images > ${fixed((nyquist + 500) / 1000, 1)} kHz dB`, 'words recognised %'],
      rows,
    );
    await engine.close?.();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(0);
