import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { f0Stats, type F0Stats } from '../../../src/synthesis/analysis/f0.js';
import { measureLoudness } from '../../../src/synthesis/analysis/loudness.js';
import type { EmotionPreset } from '../../../src/synthesis/catalog/voice-types.js';
import { openPipeline, semitones } from './pipeline-fixture.js';

const text = 'I went to the market this morning and bought some fresh bread, apples and a little cheese for lunch.';

interface Measures {
  f0: F0Stats;
  /** Semitones between the 5th and 95th percentile of F0. */
  range: number;
  duration: number;
  loudness: number;
}

describe('emotion presets move the voice the way they are named', () => {
  const pipeline = openPipeline(2);
  after(() => pipeline.close());

  // One eSpeak voice (first generation) and one Flite voice (clearer tier).
  for (const [voice, model] of [['kor-jiyoon', 'ssfm-v30'], ['eng-olivia', 'ssfm-v30'], ['eng-james', 'ssfm-v21']] as const) {
    describe(`${voice} on ${model}`, () => {
      const cache = new Map<string, Promise<Measures>>();
      const measure = (emotion: EmotionPreset, intensity = 1) => {
        const key = `${emotion}:${intensity}`;
        if (!cache.has(key)) {
          cache.set(
            key,
            pipeline.speak(text, { voice, model, emotion, intensity, language: 'eng' }).then(async ({ pcm, speech }) => {
              const f0 = await f0Stats(pcm);
              return { f0, range: semitones(f0.p5, f0.p95), duration: speech.duration, loudness: measureLoudness(pcm) };
            }),
          );
        }
        return cache.get(key)!;
      };

      it('happy: higher and wider pitch than normal', async () => {
        const [normal, happy] = await Promise.all([measure('normal'), measure('happy')]);
        assert.ok(semitones(normal.f0.median, happy.f0.median) > 1, `median ${normal.f0.median.toFixed(1)} → ${happy.f0.median.toFixed(1)} Hz`);
        assert.ok(happy.range > normal.range + 0.5, `range ${normal.range.toFixed(2)} → ${happy.range.toFixed(2)} st`);
      });

      it('sad: lower pitch, narrower range and slower than normal', async () => {
        const [normal, sad] = await Promise.all([measure('normal'), measure('sad')]);
        assert.ok(semitones(normal.f0.median, sad.f0.median) < -1, `median ${normal.f0.median.toFixed(1)} → ${sad.f0.median.toFixed(1)} Hz`);
        assert.ok(sad.range < normal.range, `range ${normal.range.toFixed(2)} → ${sad.range.toFixed(2)} st`);
        assert.ok(sad.duration > normal.duration * 1.1, `duration ${normal.duration.toFixed(2)} → ${sad.duration.toFixed(2)} s`);
      });

      it('angry: louder and faster than normal', async () => {
        const [normal, angry] = await Promise.all([measure('normal'), measure('angry')]);
        assert.ok(angry.loudness > normal.loudness + 1.5, `loudness ${normal.loudness.toFixed(1)} → ${angry.loudness.toFixed(1)} LUFS`);
        assert.ok(angry.duration < normal.duration * 0.95, `duration ${normal.duration.toFixed(2)} → ${angry.duration.toFixed(2)} s`);
      });

      it('toneup raises and tonedown lowers the pitch level', async () => {
        const [normal, up, down] = await Promise.all([measure('normal'), measure('toneup'), measure('tonedown')]);
        assert.ok(semitones(normal.f0.median, up.f0.median) > 1.5, `toneup ${normal.f0.median.toFixed(1)} → ${up.f0.median.toFixed(1)} Hz`);
        assert.ok(semitones(normal.f0.median, down.f0.median) < -1.5, `tonedown ${normal.f0.median.toFixed(1)} → ${down.f0.median.toFixed(1)} Hz`);
      });

      it('whisper has far less voicing than normal', async () => {
        const [normal, whisper] = await Promise.all([measure('normal'), measure('whisper')]);
        assert.ok(whisper.f0.voicedFraction < normal.f0.voicedFraction * 0.5, `voiced ${normal.f0.voicedFraction.toFixed(2)} → ${whisper.f0.voicedFraction.toFixed(2)}`);
      });

      it('intensity scales the effect: sad at 2 is lower than sad at 1, and 0 is normal', async () => {
        const [normal, sad1, sad2, sad0] = await Promise.all([measure('normal'), measure('sad', 1), measure('sad', 2), measure('sad', 0)]);
        assert.ok(sad2.f0.median < sad1.f0.median, `${sad1.f0.median.toFixed(1)} → ${sad2.f0.median.toFixed(1)} Hz`);
        assert.ok(Math.abs(semitones(normal.f0.median, sad0.f0.median)) < 0.3);
        assert.ok(Math.abs(sad0.duration / normal.duration - 1) < 0.02);
      });
    });
  }
});
