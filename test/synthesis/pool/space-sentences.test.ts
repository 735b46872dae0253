import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TimedPcm } from '../../../src/synthesis/audio.js';
import { spaceSentences } from '../../../src/synthesis/pool/space-sentences.js';
import { trimSilence } from '../../../src/synthesis/pool/trim-silence.js';

const rate = 16000;

/** Tones (speech) and quiet stretches (a faint hiss, as an engine's pause is), back to back. */
function signal(parts: { seconds: number; loud: boolean }[]): Float32Array {
  const out: number[] = [];
  let n = 0;
  for (const part of parts) {
    for (let i = 0; i < Math.round(part.seconds * rate); i++, n++) out.push(part.loud ? 0.5 * Math.sin((2 * Math.PI * 220 * n) / rate) : 1e-4 * Math.sin(n * 1.7));
  }
  return Float32Array.from(out);
}

const word = (text: string, offset: number, start: number, end: number) => ({ text, offset, length: text.length, start, end });

describe('spaceSentences: sentences of one engine call laid out as if spoken apart', () => {
  // "Hi there. Go on." as an engine speaks it at once: 0.1 s lead-in, 0.5 s, a 0.12 s pause, 0.6 s, 0.2 s tail.
  const samples = signal([
    { seconds: 0.1, loud: false },
    { seconds: 0.5, loud: true },
    { seconds: 0.12, loud: false },
    { seconds: 0.6, loud: true },
    { seconds: 0.2, loud: false },
  ]);
  const words = [word('Hi', 0, 0.1, 0.3), word('there', 3, 0.3, 0.6), word('Go', 10, 0.72, 1.0), word('on', 13, 1.0, 1.32)];
  const alone = (from: number, to: number) => trimSilence({ samples: samples.slice(Math.round(from * rate), Math.round(to * rate)), sampleRate: rate, words: [] }).samples.length;

  it('cuts in the pause, trims each sentence as a lone one, and puts exactly the pause between them', () => {
    const spaced = spaceSentences({ samples, sampleRate: rate, words }, [0, 10], 0.3);
    const expected = alone(0, 0.66) + Math.round(0.3 * rate) + alone(0.66, 1.52);
    assert.ok(Math.abs(spaced.samples.length - expected) <= rate * 0.01, `${spaced.samples.length} samples, ${expected} expected`);
    // Every word kept, in order, inside the audio; the second sentence's after the pause.
    assert.deepEqual(spaced.words.map((w) => w.text), ['Hi', 'there', 'Go', 'on']);
    const seconds = spaced.samples.length / rate;
    for (const [i, w] of spaced.words.entries()) {
      assert.ok(w.start <= w.end && w.end <= seconds, `${w.text}: ${w.start}–${w.end} of ${seconds}`);
      if (i > 0) assert.ok(w.start >= spaced.words[i - 1].end - 1e-9);
    }
    assert.ok(spaced.words[2].start - spaced.words[1].end >= 0.3);
  });

  it('finds the pause when the engine words are estimates that miss it', () => {
    const estimated = [word('Hi', 0, 0.1, 0.35), word('there', 3, 0.35, 0.8), word('Go', 10, 0.8, 1.1), word('on', 13, 1.1, 1.32)];
    const spaced = spaceSentences({ samples, sampleRate: rate, words: estimated }, [0, 10], 0.3);
    const expected = alone(0, 0.66) + Math.round(0.3 * rate) + alone(0.66, 1.52);
    assert.ok(Math.abs(spaced.samples.length - expected) <= rate * 0.01, `${spaced.samples.length} samples, ${expected} expected`);
  });

  it('one sentence, or a boundary without words on both sides: trimmed only', () => {
    const timed: TimedPcm = { samples, sampleRate: rate, words };
    assert.equal(spaceSentences(timed, [0], 0.3).samples.length, trimSilence(timed).samples.length);
    assert.equal(spaceSentences(timed, [0, 40], 0.3).samples.length, trimSilence(timed).samples.length);
  });
});
