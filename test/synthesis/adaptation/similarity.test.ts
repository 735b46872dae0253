import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openCloneBench } from './clone-fixture.js';
import { speakers } from './speakers.js';

const show = (n: number, digits = 2) => (n >= 0 ? '+' : '') + n.toFixed(digits);

describe('a clone speaks a different text like the sample it was made from', () => {
  const bench = openCloneBench(2);
  after(() => bench.close());

  for (const speaker of speakers) {
    it(`${speaker.name}: F0 level and range, rate and long-term spectrum match`, async () => {
      const t = await bench.trial(speaker);
      const p = t.profile;
      console.log(
        `${speaker.name}: base ${p.variant} pitch ${show(p.pitch)} st, range ×${p.range.toFixed(2)}, rate ×${p.rate.toFixed(2)}, formants ×${p.formantScale.toFixed(3)}; ` +
          `clone ${(t.cloneMs / 1000).toFixed(2)} s\n` +
          `  clone: F0 ${show(t.clone.medianF0)} st, range ${show(t.clone.range)} st, rate ${show(100 * t.clone.rate, 1)} %, spectrum ${t.clone.spectrum.toFixed(2)} dB\n` +
          `  base:  F0 ${show(t.base.medianF0)} st, range ${show(t.base.range)} st, rate ${show(100 * t.base.rate, 1)} %, spectrum ${t.base.spectrum.toFixed(2)} dB`,
      );
      assert.ok(Math.abs(t.clone.medianF0) <= 1, `median F0 off by ${t.clone.medianF0.toFixed(2)} st`);
      assert.ok(Math.abs(t.clone.range) <= 2, `F0 range off by ${t.clone.range.toFixed(2)} st`);
      assert.ok(Math.abs(t.clone.rate) <= 0.1, `speaking rate off by ${(100 * t.clone.rate).toFixed(1)} %`);
      assert.ok(t.clone.spectrum <= t.base.spectrum / 2, `spectrum ${t.clone.spectrum.toFixed(2)} dB vs base ${t.base.spectrum.toFixed(2)} dB`);
    });
  }
});
