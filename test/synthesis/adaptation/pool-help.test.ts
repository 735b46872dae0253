import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { AdaptationPool } from '../../../src/synthesis/adaptation/adaptation-pool.js';
import type { BlockFrames } from '../../../src/synthesis/adaptation/block-frames.js';
import { measureFramesHere, measuringWith, type FrameRequest } from '../../../src/synthesis/adaptation/frame-requests.js';
import type { PoolHelpers } from '../../../src/synthesis/adaptation/pool-port.js';
import { syntheticVoice } from '../../../src/synthesis/adaptation/synthetic-voice.js';
import { measureVoice, VoiceAnalyser } from '../../../src/synthesis/adaptation/voice-analyser.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';

const limits = { minSeconds: 5, maxSeconds: 150 };

describe("an instant clone's analysis with the synthesis pool's help", () => {
  it('measures and fits exactly what the adaptation thread alone does, with blocks measured in the pool', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'orator-pool-help-'));
    const synthesis = new SynthesisPool(2);
    let helped = 0;
    const counting: PoolHelpers = {
      threads: synthesis.threads,
      renderSentence: (task) => synthesis.renderSentence(task),
      measureFrames: async (request) => {
        const frames = await synthesis.measureFrames(request);
        if (frames) helped++;
        return frames;
      },
    };
    const withHelp = new AdaptationPool(1, 300, counting);
    const alone = new AdaptationPool(1);
    try {
      await synthesis.warmUp({ rounds: 1 });
      const file = path.join(dir, 'sample.wav');
      await writeFile(file, encodeWavPcm16(syntheticVoice(45, 44100)));
      const helpedClone = await withHelp.clone(file, limits, false);
      const aloneClone = await alone.clone(file, limits, false);
      assert.ok(helped >= 2, `the pool measured ${helped} blocks`);
      assert.deepEqual(helpedClone.measurements, aloneClone.measurements);
      assert.deepEqual(helpedClone.profile, aloneClone.profile);
    } finally {
      await Promise.all([withHelp.close(), alone.close(), synthesis.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('measures here, in order, the blocks a helper declines or fails', async () => {
    const voice = syntheticVoice(40, 22050);
    const expected = await measureVoice(voice);
    let asked = 0;
    // Declines, fails, helps, in turn: every block still counts once, in its place.
    const helper = async (request: FrameRequest): Promise<BlockFrames | null> => {
      const turn = asked++ % 3;
      if (turn === 0) return null;
      if (turn === 1) throw new Error('the pool went away');
      return measureFramesHere(request);
    };
    const analyser = new VoiceAnalyser({ measure: measuringWith(helper, 2) });
    const block = voice.sampleRate * 10;
    for (let start = 0; start < voice.samples.length; start += block) {
      await analyser.add({ samples: voice.samples.subarray(start, start + block), sampleRate: voice.sampleRate });
    }
    assert.equal(asked, 4);
    assert.deepEqual(await analyser.finish(), expected);
  });

  it('the pool declines a block at once while its threads have other work', async () => {
    const synthesis = new SynthesisPool(1);
    try {
      await synthesis.warmUp({ rounds: 1 });
      const busy = synthesis.renderSentence({
        text: 'A sentence that keeps the only thread busy for a moment.',
        language: 'eng',
        voice: { engine: 'espeak', id: 'en-us', variant: 'f3' },
        prosody: { rate: 1, pitch: 0, range: 1, volume: 1 },
        sampleRate: 22050,
        pitch: 0,
        tempo: 1,
        lastPitch: 0,
      });
      const request = () => ({ pcm: syntheticVoice(1, 16000), spectrumOnly: false });
      assert.equal(await synthesis.measureFrames(request()), null);
      await busy;
      assert.deepEqual(await synthesis.measureFrames(request()), await measureFramesHere(request()));
    } finally {
      await synthesis.close();
    }
  });
});
