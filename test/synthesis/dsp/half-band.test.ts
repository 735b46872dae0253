import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { resample } from '../../../src/synthesis/dsp/resample.js';
import { halfBandCoefficients, halfBandReach, halfBandUpsample } from '../../../src/synthesis/dsp/half-band.js';
import { sine, speechLike } from '../signals.js';

/** `pcm` at twice its rate through the half-band filter (half-band.ts). */
const doubled = (pcm: Pcm): Pcm => ({ samples: halfBandUpsample(pcm.samples), sampleRate: 2 * pcm.sampleRate });

/** Level in dB (against full scale amplitude 1) of the component at `frequency`: Goertzel over a Hann-windowed stretch. */
function toneLevelDb(samples: Float32Array, sampleRate: number, frequency: number): number {
  const n = samples.length;
  const w = (2 * Math.PI * frequency) / sampleRate;
  let re = 0;
  let im = 0;
  let windowSum = 0;
  for (let i = 0; i < n; i++) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    windowSum += hann;
    re += samples[i] * hann * Math.cos(w * i);
    im -= samples[i] * hann * Math.sin(w * i);
  }
  return 20 * Math.log10((2 * Math.hypot(re, im)) / windowSum + 1e-30);
}

/** The middle of a tone's output, away from where the filter sees it start and stop. */
const middle = (samples: Float32Array): Float32Array => samples.subarray(8192, samples.length - 8192);

test('doubling the rate keeps the input as the even samples, exactly', () => {
  for (const input of [speechLike({ sampleRate: 22050, seconds: 3, f0: 160 }), sine(3000, 0.9, 0.3, 22050)]) {
    const out = doubled(input);
    assert.equal(out.sampleRate, 44100);
    assert.equal(out.samples.length, 2 * input.samples.length);
    for (let m = 0; m < input.samples.length; m++) assert.equal(out.samples[2 * m], input.samples[m], `sample ${m}`);
  }
});

test('a tone below 10 kHz keeps its frequency, amplitude and phase', () => {
  for (const frequency of [200, 1000, 5000, 9000, 9500]) {
    const out = doubled(sine(frequency, 0.5, 1, 22050));
    let worst = 0;
    // Skip the edges, where the filter sees the tone start and stop.
    for (let i = 4 * halfBandReach; i < out.samples.length - 4 * halfBandReach; i++) {
      worst = Math.max(worst, Math.abs(out.samples[i] - 0.5 * Math.sin((2 * Math.PI * frequency * i) / 44100)));
    }
    // 0.5 × 0.002 dB; the passband is flat to ±0.0001 dB up to ~9.6 kHz.
    assert.ok(worst < 1.2e-4, `${frequency} Hz: worst error ${worst}`);
  }
});

test('a tone\'s image above 11.025 kHz is as far down as quality 3 leaves it, or further', async () => {
  // Zero-stuffing a tone at f puts an image at 22.05 kHz − f; the filter is what removes it.
  // Quality 3's Kaiser window (β 8) leaves tones' images at −82 to −92 dB from 11.5 kHz on; the
  // half-band's (β 10) about −100 dB from 13 kHz on. Amplitude 0.5 is −6 dB.
  for (const frequency of [2000, 5000, 8000, 9000]) {
    const tone = sine(frequency, 0.5, 1.5, 22050);
    const halfBand = middle(doubled(tone).samples);
    const quality3 = middle((await resample(tone, 44100, 3)).samples);
    const image = 22050 - frequency;
    const signal = toneLevelDb(halfBand, 44100, frequency);
    const rejection = signal - toneLevelDb(halfBand, 44100, image);
    const quality3Rejection = toneLevelDb(quality3, 44100, frequency) - toneLevelDb(quality3, 44100, image);
    assert.ok(Math.abs(signal - 20 * Math.log10(0.5)) < 0.01, `${frequency} Hz at ${signal.toFixed(3)} dB`);
    assert.ok(rejection >= 95, `${frequency} Hz: image at ${image} Hz only ${rejection.toFixed(1)} dB down`);
    assert.ok(rejection >= quality3Rejection - 0.5, `${frequency} Hz: image ${rejection.toFixed(1)} dB down, quality 3 ${quality3Rejection.toFixed(1)} dB`);
  }
});

test('an impulse comes out at its own instant, silence stays silence', () => {
  const input = { samples: new Float32Array(22050), sampleRate: 22050 };
  input.samples.fill(0.25, 11025, 11026);
  const out = doubled(input);
  // An impulse comes out centred on its own instant: the filter is symmetric about it.
  let peak = 0;
  for (let i = 1; i < out.samples.length; i++) if (Math.abs(out.samples[i]) > Math.abs(out.samples[peak])) peak = i;
  assert.equal(peak, 2 * 11025);
  for (let k = 1; k < 2 * halfBandReach; k += 2) assert.ok(Math.abs(out.samples[2 * 11025 - k] - out.samples[2 * 11025 + k]) < 1e-9, `asymmetric at ±${k}`);
  assert.ok(out.samples.subarray(0, 2 * 11025 - 2 * halfBandReach).every((v) => v === 0));
  assert.ok(out.samples.subarray(2 * 11025 + 2 * halfBandReach + 1).every((v) => v === 0));
});

test('inputs of every length up to a few steps come out doubled and equal to a plain convolution', () => {
  const c = halfBandCoefficients();
  for (const length of [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 100, 8191, 8192, 8193, 20000]) {
    const input = Float32Array.from({ length }, (_, i) => Math.sin(i * 0.37 + 1) * 0.5);
    const out = halfBandUpsample(input);
    assert.equal(out.length, 2 * length);
    for (let m = 0; m < length; m++) {
      let expected = 0;
      for (let k = 0; k < c.length; k++) expected += c[k] * ((input[m - k] ?? 0) + (input[m + 1 + k] ?? 0));
      assert.ok(Math.abs(out[2 * m + 1] - expected) < 1e-6, `length ${length}, odd output ${2 * m + 1}: ${out[2 * m + 1]} against ${expected}`);
    }
  }
});
