import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyGain, fullScale } from '../../../src/synthesis/dsp/gain.js';
import { limitPeaks } from '../../../src/synthesis/dsp/limiter.js';
import { rms } from '../../../src/synthesis/analysis/rms.js';
import { sine, speechLike } from '../signals.js';

const peakOf = (samples: Float32Array): number => samples.reduce((a, b) => Math.max(a, Math.abs(b)), 0);

test('a gain that does not clip is a plain multiplication', () => {
  const speech = speechLike({ sampleRate: 16000, seconds: 2, peak: 0.4 });
  for (const gain of [0, 0.5, 1, 2]) {
    const out = applyGain(speech, gain);
    out.samples.forEach((v, i) => assert.equal(v, Math.fround(speech.samples[i] * gain)));
    assert.deepEqual(out.words, speech.words);
  }
});

test('a gain that would clip is limited smoothly to full scale, quiet parts keep the gain', () => {
  // A loud tone burst followed by a quiet one: ×4 pushes the burst to 3.2 and the quiet tone to 0.4.
  const loud = sine(200, 0.8, 0.5, 16000).samples;
  const quiet = sine(200, 0.1, 1, 16000).samples;
  const input = new Float32Array(loud.length + quiet.length);
  input.set(loud);
  input.set(quiet, loud.length);
  const out = applyGain({ samples: input, sampleRate: 16000 }, 4).samples;
  assert.ok(peakOf(out) <= fullScale);
  // The limiter pulls the burst down as a whole (not clipped flat): its shape stays a sine.
  const burst = out.subarray(2000, 6000);
  const burstRms = rms({ samples: burst, sampleRate: 16000 });
  assert.ok(Math.abs(peakOf(burst) / burstRms - Math.SQRT2) < 0.05, `crest factor ${peakOf(burst) / burstRms}`);
  // The gain recovers with an 80 ms time constant: 700 ms later the quiet part has the full gain.
  const tail = out.subarray(loud.length + 11200);
  tail.forEach((v, i) => assert.ok(Math.abs(v - 4 * quiet[11200 + i]) < 1e-3 * 0.4));
  // …and during the recovery the gain only rises.
  const gains = [8400, 8800, 9600, 11000].map((i) => out[loud.length + i] / (4 * quiet[i]));
  gains.forEach((g, i) => assert.ok(g > 0 && g <= 1 && (i === 0 || g > gains[i - 1]), `${gains}`));
});

test('the limiter never lets a sample through above its ceiling, whatever the input', () => {
  const random = () => (Math.random() * 2 - 1) * 5;
  for (let round = 0; round < 20; round++) {
    const input = Float32Array.from({ length: 3000 }, random);
    const out = limitPeaks(input, 8000, 0.5);
    assert.ok(peakOf(out) <= 0.5);
    // Gain reduction only: no sample grows or changes sign.
    out.forEach((v, i) => assert.ok(Math.abs(v) <= Math.abs(input[i]) + 1e-7 && v * input[i] >= 0));
  }
});

test('negative and non-finite gains are refused', () => {
  const pcm = sine(100, 0.1, 0.1, 8000);
  assert.throws(() => applyGain(pcm, -1), RangeError);
  assert.throws(() => applyGain(pcm, Number.NaN), RangeError);
});
