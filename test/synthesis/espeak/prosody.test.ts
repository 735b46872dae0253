import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neutralProsody } from '../../../src/synthesis/engines/engine.js';
import { planEspeakProsody } from '../../../src/synthesis/engines/espeak/prosody.js';
import { f0SpreadSemitones, medianF0, semitonesBetween } from './median-f0.js';
import { assertWordsTrueToTextAndAudio, durationOf, rms, speak } from './speak.js';

const text = 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.';

/**
 * Tolerance between the shift the calibration promises and the one measured. Over ten voices and
 * languages (en-us plain, +f3, +m1, ko+f2, cmn, ja+m2, it+f5, pl+m7) the worst seen was 1.1.
 */
const toleranceSemitones = 1.5;

test('pitch ±12 semitones moves median F0 the way the mapping promises, clamped to what eSpeak reaches', async () => {
  const base = medianF0((await speak(text, 'eng')).samples, 22050);
  for (const pitch of [12, -12, 6, -6]) {
    const plan = planEspeakProsody({ ...neutralProsody, pitch });
    const output = await speak(text, 'eng', { prosody: { pitch } });
    assert.equal(output.applied.pitch, true);
    const measured = semitonesBetween(base, medianF0(output.samples, output.sampleRate));
    assert.equal(Math.sign(measured), Math.sign(pitch), `${pitch}: moved ${measured.toFixed(2)}`);
    const report = `${pitch}: promised ${plan.pitch.toFixed(2)}, measured ${measured.toFixed(2)}`;
    assert.ok(Math.abs(measured - plan.pitch) <= toleranceSemitones, report);
    if (Math.abs(pitch) <= 6) assert.ok(Math.abs(plan.pitch - pitch) < 0.3, `${pitch} is within reach, promised ${plan.pitch}`);
    else assert.ok(Math.abs(plan.pitch) >= 9, `${pitch} reaches at least 9 semitones, promised ${plan.pitch}`);
  }
});

test('rate 2 halves the duration, rate 0.6 stretches it; rates eSpeak cannot reach are left to DSP', async () => {
  const normal = durationOf(await speak(text, 'eng'));
  const fast = await speak(text, 'eng', { prosody: { rate: 2 } });
  assert.equal(fast.applied.rate, true);
  const speedup = normal / durationOf(fast);
  assert.ok(speedup > 1.75 && speedup < 2.25, `rate 2 speaks ${speedup.toFixed(2)}× faster`);
  assertWordsTrueToTextAndAudio(fast, text);

  const slow = await speak(text, 'eng', { prosody: { rate: 0.6 } });
  const slowdown = durationOf(slow) / normal;
  assert.ok(slowdown > 1.5 && slowdown < 1.85, `rate 0.6 lasts ${slowdown.toFixed(2)}× as long`);

  const unreachable = await speak(text, 'eng', { prosody: { rate: 4 } });
  assert.equal(unreachable.applied.rate, false);
  assert.ok(Math.abs(durationOf(unreachable) / normal - 1) < 0.02, 'left at the normal rate for DSP to change');
});

test('range 0 flattens the intonation and range 2 widens it, keeping the pitch level', async () => {
  const spread = async (range: number) => {
    const output = await speak(text, 'eng', { prosody: { range } });
    assert.equal(output.applied.range, true);
    return { spread: f0SpreadSemitones(output.samples, 22050), median: medianF0(output.samples, 22050) };
  };
  const [flat, normal, wide] = [await spread(0), await spread(1), await spread(2)];
  assert.ok(flat.spread < normal.spread * 0.5, `flat ${flat.spread.toFixed(2)} vs normal ${normal.spread.toFixed(2)} semitones`);
  assert.ok(wide.spread > normal.spread * 1.4, `wide ${wide.spread.toFixed(2)} vs normal ${normal.spread.toFixed(2)} semitones`);
  for (const { median } of [flat, wide]) assert.ok(Math.abs(semitonesBetween(normal.median, median)) < 1.5);
});

test('volume up to 1 is eSpeak amplitude (linear); louder is left to DSP', async () => {
  const normal = rms((await speak(text, 'eng')).samples);
  const half = await speak(text, 'eng', { prosody: { volume: 0.5 } });
  assert.equal(half.applied.volume, true);
  const ratio = rms(half.samples) / normal;
  assert.ok(Math.abs(ratio - 0.5) < 0.03, `volume 0.5 gives ${ratio.toFixed(3)}× the RMS`);

  const loud = await speak(text, 'eng', { prosody: { volume: 2 } });
  assert.equal(loud.applied.volume, false);
  assert.ok(Math.abs(rms(loud.samples) / normal - 1) < 0.01);
});

test('prosody that is not a number is refused', () => {
  assert.throws(() => planEspeakProsody({ ...neutralProsody, pitch: Number.NaN }), RangeError);
});
