import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resample, resampleWithSpeex, upsamplingQuality } from '../../../src/synthesis/dsp/resample.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { activeSpeech } from '../../../src/synthesis/analysis/active-speech.js';
import { rms } from '../../../src/synthesis/analysis/rms.js';
import { maxOf, onsetErrors, seconds, sine, speechLike } from '../signals.js';

const speech = speechLike({ sampleRate: 22050, seconds: 4, f0: 140 });
const original = await f0Stats(speech);
const bounds = activeSpeech(speech)!;

for (const rate of [44100, 16000, 8000]) {
  test(`22050 → ${rate} Hz keeps duration, timing and F0`, async () => {
    const out = await resample(speech, rate);
    assert.equal(out.sampleRate, rate);
    assert.equal(out.samples.length, Math.round((speech.samples.length * rate) / 22050));
    assert.ok(Math.abs(seconds(out) - seconds(speech)) < 1 / rate);
    const outBounds = activeSpeech(out)!;
    assert.ok(Math.abs(outBounds.start - bounds.start) <= 0.011 && Math.abs(outBounds.end - bounds.end) <= 0.011, JSON.stringify(outBounds));
    assert.ok(Math.abs((await f0Stats(out)).median / original.median - 1) < 0.01);
    assert.deepEqual(out.words, speech.words);
    assert.ok(maxOf(onsetErrors(out)) < 0.01);
  });
}

test('a tone inside both bands comes out with the same amplitude and phase', async () => {
  const tone = sine(1000, 0.5, 1, 22050);
  for (const rate of [8000, 16000, 44100, 48000]) {
    const out = await resample(tone, rate);
    let worst = 0;
    // Skip the edges, where the filter sees the tone start and stop.
    for (let i = 200; i < out.samples.length - 200; i++) {
      worst = Math.max(worst, Math.abs(out.samples[i] - 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate)));
    }
    assert.ok(worst < 1e-3, `${rate} Hz: worst error ${worst}`);
  }
});

test('content above the new Nyquist frequency is filtered out, not folded back', async () => {
  // 10 kHz at 44.1 kHz would alias to 6 kHz at 16 kHz without the anti-aliasing filter.
  const out = await resample(sine(10000, 0.5, 1, 44100), 16000);
  const level = rms({ samples: out.samples.subarray(400, -400), sampleRate: 16000 });
  assert.ok(20 * Math.log10(level / (0.5 / Math.SQRT2)) < -60, `alias at ${20 * Math.log10(level / 0.354)} dB`);
});

test('same rate is a copy, invalid rates are refused', async () => {
  const same = await resample(speech, 22050);
  assert.deepEqual(same.samples, speech.samples);
  assert.notEqual(same.samples, speech.samples);
  await assert.rejects(resample(speech, 0), RangeError);
  await assert.rejects(resample(speech, 44100.5), RangeError);
});

test('an empty signal resamples to an empty signal', async () => {
  const out = await resample({ samples: new Float32Array(0), sampleRate: 22050 }, 44100);
  assert.equal(out.samples.length, 0);
});

test('upsampling through the polyphase table gives what Speex computes with the same filter', async () => {
  // The same windowed sinc as Speex's, tabled for every phase instead of interpolated between
  // tabled ones (16 → 44.1 kHz) or tabled alike (22.05 → 44.1 kHz): the two differ by rounding
  // and Speex's interpolation only, far below 16-bit resolution.
  for (const [from, to] of [[16000, 44100], [22050, 44100], [16000, 48000], [8000, 22050]]) {
    const input = speechLike({ sampleRate: from, seconds: 2, f0: 140 });
    for (const quality of [3, 8]) {
      const ours = await resample(input, to, quality);
      const speex = await resampleWithSpeex(input, to, quality);
      assert.equal(ours.samples.length, speex.samples.length);
      let signal = 0;
      let error = 0;
      for (let i = 0; i < ours.samples.length; i++) {
        signal += speex.samples[i] ** 2;
        error += (ours.samples[i] - speex.samples[i]) ** 2;
      }
      const db = 10 * Math.log10(error / signal);
      assert.ok(db < -90, `${from} → ${to} Hz at quality ${quality}: difference at ${db.toFixed(1)} dB`);
    }
  }
});

// Doubling without a quality goes through the half-band filter, whose short inputs half-band.test.ts checks.
test('signals shorter than the filter upsample like Speex too', async () => {
  for (const [from, to] of [[16000, 44100], [22050, 44100]]) {
    for (const length of [1, 5, 30]) {
      const input = { samples: Float32Array.from({ length }, (_, i) => Math.sin(i + 1) * 0.5), sampleRate: from };
      const ours = await resample(input, to, upsamplingQuality);
      const speex = await resampleWithSpeex(input, to, upsamplingQuality);
      assert.equal(ours.samples.length, speex.samples.length);
      for (let i = 0; i < ours.samples.length; i++) assert.ok(Math.abs(ours.samples[i] - speex.samples[i]) < 1e-4, `${from} → ${to}, ${length} samples, at ${i}`);
    }
  }
});
