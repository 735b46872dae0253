import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f0Stats, f0Track, meanF0Between } from '../../../src/synthesis/analysis/f0.js';
import { noiseSource, sine, speechLike } from '../signals.js';

test('tones from 50 to 800 Hz are measured within 0.5 % at 16, 22.05 and 44.1 kHz', async () => {
  for (const rate of [16000, 22050, 44100]) {
    for (const frequency of [50, 85, 120, 220, 440, 800]) {
      const stats = await f0Stats(sine(frequency, 0.3, 0.6, rate));
      assert.ok(Math.abs(stats.median / frequency - 1) < 0.005, `${rate} Hz, ${frequency} Hz tone: ${stats.median}`);
      assert.ok(stats.voicedFraction > 0.9);
    }
  }
});

test('speech-like signals: the median follows the mean F0, the spread follows the ±8 % drift', async () => {
  for (const f0 of [95, 120, 210]) {
    const stats = await f0Stats(speechLike({ sampleRate: 22050, seconds: 4, f0 }));
    assert.ok(Math.abs(stats.median / f0 - 1) < 0.03, `${f0}: median ${stats.median}`);
    assert.ok(stats.p5 > f0 * 0.88 && stats.p5 < f0 * 0.97, `${f0}: p5 ${stats.p5}`);
    assert.ok(stats.p95 < f0 * 1.12 && stats.p95 > f0 * 1.03, `${f0}: p95 ${stats.p95}`);
    // Voiced only inside the syllables, which fill a bit over half of the time.
    assert.ok(stats.voicedFraction > 0.4 && stats.voicedFraction < 0.75, `voiced ${stats.voicedFraction}`);
  }
});

test('noise and silence are unvoiced', async () => {
  const random = noiseSource(5);
  const noise = await f0Stats({ samples: Float32Array.from({ length: 22050 }, () => 0.3 * random()), sampleRate: 22050 });
  assert.ok(noise.voicedFraction < 0.05, `noise voiced ${noise.voicedFraction}`);
  const silent = await f0Stats({ samples: new Float32Array(22050), sampleRate: 22050 });
  assert.equal(silent.voicedFraction, 0);
  assert.ok(Number.isNaN(silent.median));
});

test('frames are 10 ms apart and time-aligned: a tone that starts at 1 s is voiced from about 1 s', async () => {
  const samples = new Float32Array(2 * 16000);
  samples.set(sine(150, 0.4, 1, 16000).samples, 16000);
  const track = await f0Track({ samples, sampleRate: 16000 });
  assert.ok(Math.abs(track[1].time - track[0].time - 0.01) < 1e-9);
  const firstVoiced = track.find((frame) => frame.f0 !== null)!;
  assert.ok(Math.abs(firstVoiced.time - 1) < 0.035, `first voiced frame at ${firstVoiced.time}`);
  assert.equal(meanF0Between(track, 0, 0.9), null);
  assert.ok(Math.abs(meanF0Between(track, 1.1, 1.9)! - 150) < 1);
});

test('the level of the speech does not change the measured F0 (quiet and low voices too)', async () => {
  for (const f0 of [70, 120]) {
    const loud = await f0Stats(speechLike({ sampleRate: 16000, seconds: 2, f0, peak: 0.9 }));
    const quiet = await f0Stats(speechLike({ sampleRate: 16000, seconds: 2, f0, peak: 0.005 }));
    assert.ok(Math.abs(quiet.median / loud.median - 1) < 0.01, `${f0}: ${loud.median} vs ${quiet.median}`);
    assert.ok(Math.abs(quiet.voicedFraction - loud.voicedFraction) < 0.1);
  }
});
