import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateVariants } from '../../../src/synthesis/adaptation/build-profile.js';
import { renderAndMeasure, renderHere } from '../../../src/synthesis/adaptation/calibrate.js';
import { neutralMeasurements } from '../../../src/synthesis/adaptation/neutral-measurements.js';

// Clones take the base voices' neutral figures from this table instead of rendering them: it must
// be what rendering them gives today (else regenerate: write-neutral-measurements.ts).
test('the base voices measured in advance are what rendering them measures now', async () => {
  assert.deepEqual(Object.keys(neutralMeasurements).sort(), [...candidateVariants].sort());
  for (const variant of candidateVariants) {
    const fresh = await renderAndMeasure(renderHere, variant, { pitch: 0, range: 1, rate: 1 });
    const known = neutralMeasurements[variant];
    const near = (a: number, b: number, what: string, tolerance = 1e-3) => assert.ok(Math.abs(a - b) <= tolerance, `${variant} ${what}: ${a} measured, ${b} in the table`);
    near(fresh.f0.median, known.f0.median, 'median F0');
    near(fresh.f0.p5, known.f0.p5, '5th percentile F0');
    near(fresh.f0.p95, known.f0.p95, '95th percentile F0');
    near(fresh.speakingRate, known.speakingRate, 'speaking rate');
    near(fresh.voicedSeconds, known.voicedSeconds, 'voiced seconds');
    assert.equal(fresh.envelopeDb.length, known.envelopeDb.length);
    fresh.envelopeDb.forEach((db, k) => near(db, known.envelopeDb[k], `envelope bin ${k}`));
    fresh.ltasDb.forEach((db, b) => near(db, known.ltasDb[b], `band ${b}`));
  }
});
