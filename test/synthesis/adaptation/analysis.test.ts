import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import type { TimedPcm } from '../../../src/synthesis/audio.js';
import { applyVoiceProfile } from '../../../src/synthesis/adaptation/apply-profile.js';
import { bandCentres, spectrumDistance } from '../../../src/synthesis/adaptation/bands.js';
import { findFormantScale } from '../../../src/synthesis/adaptation/envelope.js';
import { envelopeBinHz } from '../../../src/synthesis/adaptation/block-frames.js';
import { measureVoice, type VoiceMeasurements } from '../../../src/synthesis/adaptation/voice-analyser.js';
import { changeTempo } from '../../../src/synthesis/dsp/time-pitch.js';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { highShelf, lpcFormantWarp, readSentences, sampleSentences, testSentences } from './speakers.js';

const st = (a: number, b: number) => 12 * Math.log2(b / a);

describe('voice analysis measures what it claims', () => {
  const pool = new SynthesisPool(2);
  const readings = new Map<string, TimedPcm>();
  const measured = new Map<string, VoiceMeasurements>();
  before(async () => {
    for (const variant of ['m1', 'f2']) {
      const reading = await readSentences(pool, sampleSentences, variant);
      readings.set(variant, reading);
      measured.set(variant, await measureVoice(reading));
    }
  });
  after(() => pool.close());

  it('the speaking rate follows a 12 % tempo change, and not the text or the spectral tilt', async () => {
    for (const [variant, reading] of readings) {
      const rate = measured.get(variant)!.speakingRate;
      const faster = (await measureVoice(await changeTempo(reading, 1.12))).speakingRate / rate;
      const slower = (await measureVoice(await changeTempo(reading, 1 / 1.12))).speakingRate / rate;
      const otherText = (await measureVoice(await readSentences(pool, testSentences, variant))).speakingRate / rate;
      const brighter = (await measureVoice({ ...reading, samples: highShelf(reading.samples, reading.sampleRate, 1500, 6) })).speakingRate / rate;
      console.log(`${variant}: ${rate.toFixed(2)} nuclei/s; ×1.12 tempo → ×${faster.toFixed(3)}, ÷1.12 → ×${slower.toFixed(3)}, other text ×${otherText.toFixed(3)}, +6 dB highs ×${brighter.toFixed(3)}`);
      assert.ok(faster > 1.07 && faster < 1.17, `faster ×${faster}`);
      assert.ok(slower > 1 / 1.17 && slower < 1 / 1.07, `slower ×${slower}`);
      assert.ok(Math.abs(otherText - 1) < 0.05, `other text ×${otherText}`);
      assert.ok(Math.abs(brighter - 1) < 0.03, `brighter ×${brighter}`);
    }
  });

  it('F0 statistics agree with the shared YIN tracker', async () => {
    for (const [variant, reading] of readings) {
      const shared = await f0Stats(reading);
      const own = measured.get(variant)!.f0;
      assert.ok(Math.abs(st(shared.median, own.median)) < 0.3, `${variant} median ${own.median} vs ${shared.median}`);
      assert.ok(Math.abs(st(shared.p5, own.p5)) < 1 && Math.abs(st(shared.p95, own.p95)) < 1, `${variant} p5/p95`);
    }
  });

  it('recovers a known formant shift made by a different (LPC) warp', async () => {
    const reading = readings.get('f2')!;
    for (const scale of [0.9, 1.1]) {
      const warped = await measureVoice(lpcFormantWarp(reading, scale));
      const estimate = findFormantScale(warped.envelopeDb, measured.get('f2')!.envelopeDb, envelopeBinHz);
      console.log(`formants ×${scale} → estimated ×${estimate.scale.toFixed(3)} (cost ${estimate.neutralCost.toFixed(2)} → ${estimate.cost.toFixed(2)} dB)`);
      assert.ok(Math.abs(estimate.scale / scale - 1) < 0.04, `estimated ${estimate.scale} for ${scale}`);
    }
    const unchanged = findFormantScale(measured.get('f2')!.envelopeDb, measured.get('f2')!.envelopeDb, envelopeBinHz);
    assert.equal(unchanged.scale, 1, 'no shift is kept when none helps');
  });

  it('applying a profile keeps length, words and F0, moves the formants and follows the equalizer', async () => {
    const reading = readings.get('m1')!;
    const eqDb = bandCentres.map((f) => (f >= 2000 ? 6 : f <= 300 ? -6 : 0));
    const adapted = applyVoiceProfile(reading, { formantScale: 1.1, eqDb });
    assert.equal(adapted.samples.length, reading.samples.length);
    assert.deepEqual(adapted.words, reading.words);
    const [before, after] = [measured.get('m1')!, await measureVoice(adapted)];
    assert.ok(Math.abs(st(before.f0.median, after.f0.median)) < 0.3, 'F0 stays');
    const scale = findFormantScale(after.envelopeDb, before.envelopeDb, envelopeBinHz).scale;
    assert.ok(scale > 1.05 && scale < 1.15, `formants moved ×${scale}`);
    const target = before.ltasDb.map((v, b) => v + eqDb[b]);
    assert.ok(spectrumDistance(after.ltasDb, target) < spectrumDistance(before.ltasDb, target) / 2, 'the spectrum moves toward the equalized one');
    const identity = applyVoiceProfile(reading, { formantScale: 1, eqDb: bandCentres.map(() => 0) });
    assert.deepEqual(identity.samples, reading.samples);
  });
});
