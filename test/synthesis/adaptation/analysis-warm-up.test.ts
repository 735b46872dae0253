import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stopWarmUp, warmUpWhileIdle } from '../../../src/synthesis/adaptation/analysis-warm-up.js';
import { syntheticVoice } from '../../../src/synthesis/adaptation/synthetic-voice.js';
import { measureVoice } from '../../../src/synthesis/adaptation/voice-analyser.js';

describe('the adaptation thread warm-up', () => {
  it("its synthetic voice reaches the analysis's voiced paths: pitch, envelope, syllables, pauses", async () => {
    for (const rate of [16000, 22050, 44100]) {
      const m = await measureVoice(syntheticVoice(3, rate));
      assert.ok(m.voicedSeconds > 1, `${rate} Hz: ${m.voicedSeconds} s voiced`);
      assert.ok(m.f0.p5 > 100 && m.f0.p95 < 200, `${rate} Hz: F0 ${m.f0.p5}–${m.f0.p95} Hz`);
      assert.ok(m.nuclei >= 6, `${rate} Hz: ${m.nuclei} nuclei`);
      assert.ok(m.utterances.length >= 2, `${rate} Hz: ${m.utterances.length} utterances`);
      assert.ok(m.envelopeDb.some((db) => db !== 0));
    }
  });

  it('leaves what an analysis measures unchanged, stopped part-way or run to its end', async () => {
    const sample = syntheticVoice(4, 22050);
    const before = await measureVoice(sample);
    warmUpWhileIdle();
    await new Promise((resolve) => setImmediate(resolve));
    const during = await measureVoice(sample);
    stopWarmUp();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(during, before);
    assert.deepEqual(await measureVoice(sample), before);
  });
});
