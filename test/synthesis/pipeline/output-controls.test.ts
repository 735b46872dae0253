import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { f0Stats, f0Track, meanF0Between } from '../../../src/synthesis/analysis/f0.js';
import { measureLoudness } from '../../../src/synthesis/analysis/loudness.js';
import type { TtsModel } from '../../../src/synthesis/catalog/voice-types.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { openPipeline } from './pipeline-fixture.js';

const text = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely seashells.';
const within = (actual: number, expected: number, tolerance: number) => Math.abs(actual / expected - 1) <= tolerance;

describe('output controls measured on real speech', () => {
  const pipeline = openPipeline(2);
  after(() => pipeline.close());

  // eSpeak (first generation) and Flite (clearer tier) both go through the same DSP.
  const tiers: [string, TtsModel][] = [
    ['eSpeak', 'ssfm-v21'],
    ['Flite', 'ssfm-v30'],
  ];
  for (const [engine, model] of tiers) {
    describe(engine, () => {
      let base: { duration: number; f0: number } | undefined;
      const baseline = async () => {
        if (!base) {
          const { speech, pcm } = await pipeline.speak(text, { model });
          base = { duration: speech.duration, f0: (await f0Stats(pcm)).median };
        }
        return base;
      };

      it('pitch +12 doubles the median F0 and −12 halves it (within 5 %), duration unchanged', async () => {
        const { f0, duration } = await baseline();
        const up = await pipeline.speak(text, { model, output: { pitch: 12 } });
        const down = await pipeline.speak(text, { model, output: { pitch: -12 } });
        const upF0 = (await f0Stats(up.pcm)).median;
        const downF0 = (await f0Stats(down.pcm)).median;
        assert.ok(within(upF0 / f0, 2, 0.05), `+12: ${f0.toFixed(1)} → ${upF0.toFixed(1)} Hz`);
        assert.ok(within(downF0 / f0, 0.5, 0.05), `−12: ${f0.toFixed(1)} → ${downF0.toFixed(1)} Hz`);
        assert.ok(within(up.speech.duration, duration, 0.01));
        assert.ok(within(down.speech.duration, duration, 0.01));
      });

      it('tempo 2 halves the duration (within 5 %) and keeps the F0 (within 5 %)', async () => {
        const { f0, duration } = await baseline();
        const fast = await pipeline.speak(text, { model, output: { tempo: 2 } });
        const fastF0 = (await f0Stats(fast.pcm)).median;
        assert.ok(within(fast.speech.duration, duration / 2, 0.05), `${duration.toFixed(3)} → ${fast.speech.duration.toFixed(3)} s`);
        assert.ok(within(fastF0, f0, 0.05), `${f0.toFixed(1)} → ${fastF0.toFixed(1)} Hz`);
      });
    });
  }

  it('target_lufs −23 measures −23 ± 1 LU, and −16 measures −16 ± 1', async () => {
    for (const target of [-23, -16]) {
      const { pcm } = await pipeline.speak(text, { output: { targetLufs: target } });
      const measured = measureLoudness(pcm);
      assert.ok(Math.abs(measured - target) <= 1, `target ${target}: measured ${measured.toFixed(2)} LUFS`);
    }
  });

  it('volume is a linear gain: 0.5 is 6 dB quieter', async () => {
    const normal = await pipeline.speak(text);
    const half = await pipeline.speak(text, { output: { volume: 0.5 } });
    const difference = measureLoudness(normal.pcm) - measureLoudness(half.pcm);
    assert.ok(Math.abs(difference - 6.02) < 0.2, `difference ${difference.toFixed(2)} dB`);
  });

  it('a fixed duration of 7 s measures 7 s ± 20 ms, shorter and longer than the speech', async () => {
    for (const sentence of [text, 'Hello there.']) {
      const { pcm, speech } = await pipeline.speak(sentence, { output: { durationSeconds: 7 } });
      const measured = pcm.samples.length / pcm.sampleRate;
      assert.ok(Math.abs(measured - 7) <= 0.02, `measured ${measured} s`);
      assert.ok(speech.words.every((w) => w.end <= measured + 1e-6));
    }
  });

  it('max length cuts at a word boundary no later than the limit', async () => {
    const { pcm, speech } = await pipeline.speak(text, { output: { maxSeconds: 2 } });
    const measured = pcm.samples.length / pcm.sampleRate;
    assert.ok(measured <= 2 + 1e-6 && measured > 0.5, `measured ${measured} s`);
    assert.ok(speech.words.length >= 2);
    assert.ok(speech.words.at(-1)!.end <= measured + 1e-6);
  });

  it('μ-law is an 8 kHz format-7 WAV that decodes back to the reported length', async () => {
    const { speech } = await pipeline.speak(text, { output: { format: 'mulaw' } });
    const bytes = speech.audio;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    assert.equal(view.getUint16(20, true), 7);
    assert.equal(view.getUint32(24, true), 8000);
    const pcm = decodeWav(bytes);
    assert.equal(pcm.sampleRate, 8000);
    assert.ok(Math.abs(pcm.samples.length / 8000 - speech.duration) < 0.002, `${pcm.samples.length / 8000} vs ${speech.duration}`);
  });

  it('MP3 decodes back to the reported length plus LAME\'s delay and its end padding, at 44.1 and 16 kHz', async () => {
    // LAME delays the signal by 1105 samples and pads the end (up to two frames at MPEG-2 rates);
    // without a LAME tag a decoder keeps both.
    const lameDelay = 1105;
    for (const [sampleRate, frameSamples] of [[44100, 1152], [16000, 576]]) {
      const { speech } = await pipeline.speak(text, { output: { format: 'mp3', sampleRate } });
      const pcm = await decodeMp3(speech.audio);
      assert.equal(pcm.sampleRate, sampleRate);
      const extra = pcm.samples.length - Math.round(speech.duration * sampleRate);
      assert.ok(extra >= 0 && extra <= lameDelay + 2 * frameSamples, `${sampleRate}: ${extra} samples more than reported`);
    }
  });

  it('last_pitch moves the last word of the sentence by 2 semitones a step and leaves its start alone', async () => {
    const sentence = 'We will meet again tomorrow morning';
    const wordF0 = async (lastPitch: number) => {
      const { pcm, speech } = await pipeline.speak(sentence, { output: { lastPitch } });
      const frames = await f0Track(pcm);
      const [first, last] = [speech.words[0], speech.words.at(-1)!];
      return { first: meanF0Between(frames, first.start, first.end)!, last: meanF0Between(frames, last.start, last.end)!, duration: speech.duration };
    };
    const [flat, up, down] = await Promise.all([wordF0(0), wordF0(2), wordF0(-2)]);
    const st = (a: number, b: number) => 12 * Math.log2(b / a);
    assert.ok(Math.abs(st(flat.last, up.last) - 4) < 1, `+2 steps: ${st(flat.last, up.last).toFixed(2)} st`);
    assert.ok(Math.abs(st(flat.last, down.last) + 4) < 1, `−2 steps: ${st(flat.last, down.last).toFixed(2)} st`);
    assert.ok(Math.abs(st(flat.first, up.first)) < 0.3, 'the first word keeps its pitch');
    assert.equal(up.duration, flat.duration);
  });

  it('a busy pool (one thread per request) gives the same bytes and words as an idle one (sentences spread over threads)', async () => {
    const alone = await pipeline.speak(text, { output: { format: 'wav' } });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => pipeline.speak(text, { output: { format: 'wav' } })));
    for (const { speech } of crowd) {
      assert.ok(Buffer.from(speech.audio).equals(Buffer.from(alone.speech.audio)));
      assert.deepEqual(speech.words, alone.speech.words);
    }
  });

  it('the same request gives the same bytes, on both engines, whatever ran in between', async () => {
    for (const model of ['ssfm-v21', 'ssfm-v30'] as const) {
      const a = await pipeline.speak(text, { model, output: { format: 'mp3' } });
      await pipeline.speak('Something else entirely, to disturb any state.', { model, emotion: 'happy' });
      const b = await pipeline.speak(text, { model, output: { format: 'mp3' } });
      assert.ok(Buffer.from(a.speech.audio).equals(Buffer.from(b.speech.audio)), model);
    }
  });
});
