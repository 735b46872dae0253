import type { TimedPcm, WordTiming } from '../audio.js';
import { keptSamples, trimSilence } from './trim-silence.js';

/** 10 ms frames, as the trimming measures them. */
const frameSeconds = 0.01;
/** How far past the engine's word times a sentence's edge is looked for (word times are estimates for some engines). */
const searchSeconds = 0.1;

/**
 * Several sentences spoken in one engine call, laid out as if each had been spoken on its own:
 * cut in the quietest stretch between one sentence's last word and the next one's first, each
 * part trimmed as a lone sentence is (trim-silence.ts), and `pauseSeconds` of silence put between
 * them. So a file answer, whose neighbouring sentences may share an engine call, has the same
 * pauses as a stream, which renders every sentence apart. `sentenceStarts`: where each sentence
 * starts in the engine's text (the first at 0). A boundary no word stands on both sides of is not
 * cut.
 */
export function spaceSentences(timed: TimedPcm, sentenceStarts: readonly number[], pauseSeconds: number): TimedPcm {
  if (sentenceStarts.length <= 1) return trimSilence(timed);
  const { samples, sampleRate } = timed;
  const cuts: number[] = [];
  for (const start of sentenceStarts.slice(1)) {
    const before = timed.words.filter((w) => w.offset < start);
    const after = timed.words.filter((w) => w.offset >= start);
    if (before.length === 0 || after.length === 0) continue;
    const lastEnd = Math.max(...before.map((w) => w.end));
    const firstStart = Math.min(...after.map((w) => w.start));
    const cut = quietestPoint(timed, Math.min(lastEnd, firstStart) - searchSeconds, Math.max(lastEnd, firstStart) + searchSeconds);
    if (cut > (cuts.at(-1) ?? 0) && cut < samples.length) cuts.push(cut);
  }
  if (cuts.length === 0) return trimSilence(timed);
  const bounds = [0, ...cuts, samples.length];
  const parts: TimedPcm[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [start, end] = [bounds[i], bounds[i + 1]];
    // Trimmed as a lone sentence is; its margins may reach past the cut, as they would alone.
    const kept = keptSamples({ samples: samples.subarray(start, end), sampleRate });
    const from = kept ? Math.max(0, start + kept.from) : start;
    const to = kept ? Math.min(samples.length, start + kept.to) : end;
    const shift = from / sampleRate;
    const length = (to - from) / sampleRate;
    const mine = (w: WordTiming) => {
      const middle = ((w.start + w.end) / 2) * sampleRate;
      return (i === 0 || middle >= start) && (i === bounds.length - 2 || middle < end);
    };
    const words = timed.words.filter(mine).map((w) => ({ ...w, start: Math.min(length, Math.max(0, w.start - shift)), end: Math.min(length, Math.max(0, w.end - shift)) }));
    parts.push({ samples: samples.subarray(from, to), sampleRate, words });
  }
  const pause = Math.round(pauseSeconds * sampleRate);
  const out = new Float32Array(parts.reduce((n, p) => n + p.samples.length, 0) + pause * (parts.length - 1));
  const words: WordTiming[] = [];
  let at = 0;
  for (const part of parts) {
    out.set(part.samples, at);
    const shift = at / sampleRate;
    for (const w of part.words) words.push({ ...w, start: w.start + shift, end: w.end + shift });
    at += part.samples.length + pause;
  }
  return { samples: out, sampleRate, words };
}

/** The sample in the middle of the longest run of the quietest 10 ms frames between `from` and `to` seconds. */
function quietestPoint(pcm: TimedPcm, from: number, to: number): number {
  const frame = Math.max(1, Math.round(frameSeconds * pcm.sampleRate));
  const first = Math.max(0, Math.floor((from * pcm.sampleRate) / frame));
  const last = Math.min(Math.ceil(pcm.samples.length / frame), Math.ceil((to * pcm.sampleRate) / frame));
  if (last <= first) return Math.round(((from + to) / 2) * pcm.sampleRate);
  const levels: number[] = [];
  for (let f = first; f < last; f++) {
    let sum = 0;
    const end = Math.min(pcm.samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += pcm.samples[i] * pcm.samples[i];
    levels.push(10 * Math.log10(sum / Math.max(1, end - f * frame) + 1e-30));
  }
  // Quiet: within 6 dB of the quietest frame of the stretch.
  const gate = Math.min(...levels) + 6;
  let best = { start: 0, length: 0 };
  let run = { start: 0, length: 0 };
  levels.forEach((level, k) => {
    if (level <= gate) {
      if (run.length === 0) run = { start: k, length: 0 };
      run.length++;
      if (run.length > best.length) best = { ...run };
    } else run = { start: 0, length: 0 };
  });
  return Math.round((first + best.start + best.length / 2) * frame);
}
