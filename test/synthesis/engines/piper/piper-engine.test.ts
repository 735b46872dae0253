import assert from 'node:assert/strict';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { neutralProsody, type EngineRequest } from '../../../../src/synthesis/engines/engine.js';
import { ModelCache } from '../../../../src/synthesis/engines/piper/model-cache.js';
import { PiperEngine } from '../../../../src/synthesis/engines/piper/piper-engine.js';
import { phonemeIds } from '../../../../src/synthesis/engines/piper/piper-phonemes.js';
import { tinyHop, tinyPhonemeIdMap, tinySampleRate } from './tiny-model.js';
import { tempModelsDir, writeTinyVoice } from './tiny-voice.js';

const models = tempModelsDir();
after(() => models.remove());

const single = writeTinyVoice(models.dir, 'en_US-tiny-x_low');
const multi = writeTinyVoice(models.dir, 'en_US-duo-x_low', { multiSpeaker: true });
const aligned = writeTinyVoice(models.dir, 'en_US-aligned-x_low', { alignments: true });

const request = (model: string, text: string, extra: Partial<EngineRequest> = {}): EngineRequest => ({
  text,
  language: 'eng',
  voice: { engine: 'piper', id: 'tiny', model, speaker: 0 },
  prosody: neutralProsody,
  ...extra,
});

/** The tiny model's length for some ids: ceil(length_scale · (2 + id mod 3)) frames of 256 samples each. */
const expectedSamples = (ids: number[], lengthScale: number) => ids.reduce((sum, id) => sum + Math.ceil(lengthScale * (2 + (id % 3))) * tinyHop, 0);

/** Dominant frequency by zero crossings (the tones are clean). */
function zeroCrossingHz(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings++;
  return crossings / 2 / (samples.length / sampleRate);
}

describe('PiperEngine on the tiny model', () => {
  const engine = new PiperEngine();
  after(() => engine.close());

  it('sends Piper ids and returns audio as long as the model makes it, at the model rate', async () => {
    const out = await engine.synthesize(request(single, 'Hi, Bob.'));
    // hˈaɪ, bˈɑːb. → ^ _ h _ ˈ _ a _ ɪ _ , _ ␠ _ b _ ˈ _ ɑ _ ː _ b _ . _ $
    const ids = [1, 0, 20, 0, 120, 0, 14, 0, 74, 0, 8, 0, 3, 0, 15, 0, 120, 0, 51, 0, 122, 0, 15, 0, 10, 0, 2];
    assert.equal(out.sampleRate, tinySampleRate);
    assert.equal(out.samples.length, expectedSamples(ids, 1));
    assert.deepEqual(out.applied, { rate: true, pitch: false, range: false, volume: false });
  });

  it('audio length follows length_scale (the rate divides it)', async () => {
    const normal = await engine.synthesize(request(single, 'Stop it!'));
    const slow = await engine.synthesize(request(single, 'Stop it!', { prosody: { ...neutralProsody, rate: 0.5 } }));
    const ids = phonemeIds([...'stˈɑːp ɪt!'], tinyPhonemeIdMap).ids;
    assert.equal(normal.samples.length, expectedSamples(ids, 1));
    assert.equal(slow.samples.length, expectedSamples(ids, 2));
  });

  it('speaker ids give different audio', async () => {
    const a = await engine.synthesize(request(multi, 'Hello there.', { voice: { engine: 'piper', id: 'duo', model: multi, speaker: 0 } }));
    const b = await engine.synthesize(request(multi, 'Hello there.', { voice: { engine: 'piper', id: 'duo', model: multi, speaker: 1 } }));
    assert.equal(a.samples.length, b.samples.length);
    assert.ok(Math.abs(zeroCrossingHz(a.samples, a.sampleRate) - 180) < 15, `speaker 0 at ${zeroCrossingHz(a.samples, a.sampleRate)} Hz`);
    assert.ok(Math.abs(zeroCrossingHz(b.samples, b.sampleRate) - 250) < 20, `speaker 1 at ${zeroCrossingHz(b.samples, b.sampleRate)} Hz`);
    await assert.rejects(engine.synthesize(request(multi, 'Hello.', { voice: { engine: 'piper', id: 'duo', model: multi, speaker: 5 } })), /no speaker 5/);
  });

  it('several sentences are synthesized one by one and joined', async () => {
    const one = await engine.synthesize(request(single, 'Hi, Bob.'));
    const two = await engine.synthesize(request(single, 'Stop it!'));
    const both = await engine.synthesize(request(single, 'Hi, Bob. Stop it!'));
    assert.equal(both.samples.length, one.samples.length + two.samples.length);
  });

  it('word timings: ordered, within the audio, one per written word (estimated, then from the model durations)', async () => {
    for (const model of [single, aligned]) {
      const text = 'The quick brown fox jumps over the lazy dog.';
      const out = await engine.synthesize(request(model, text));
      const duration = out.samples.length / out.sampleRate;
      assert.deepEqual(out.words.map((w) => w.text), text.replace('.', '').split(' '));
      let last = 0;
      for (const word of out.words) {
        assert.ok(word.start >= last - 1e-9 && word.end >= word.start && word.end <= duration + 1e-9, JSON.stringify(word));
        assert.equal(text.slice(word.offset, word.offset + word.length), word.text);
        last = word.end;
      }
    }
    // With durations the first word starts after BOS (id 1: 3 frames) and pad (id 0: 2 frames).
    const timed = await engine.synthesize(request(aligned, 'Bob.'));
    assert.equal(timed.words[0].start, (3 + 2) * tinyHop / tinySampleRate);
  });

  it('a phoneme the map lacks is skipped and counted, never sent', async () => {
    const lacking = writeTinyVoice(models.dir, 'en_US-nostress-x_low', {
      config: { phonemes: Object.fromEntries(Object.entries(tinyPhonemeIdMap).filter(([p]) => p !== 'ˈ')) },
    });
    const out = (await engine.synthesize(request(lacking, 'Hi, Bob.'))) as { samples: Float32Array; skippedPhonemes?: number };
    assert.equal(out.skippedPhonemes, 2);
    assert.equal(engine.skipped.get('ˈ'), 2);
    const ids = [1, 0, 20, 0, 14, 0, 74, 0, 8, 0, 3, 0, 15, 0, 51, 0, 122, 0, 15, 0, 10, 0, 2];
    assert.equal(out.samples.length, expectedSamples(ids, 1));
  });
});

describe('bad models get clear errors', () => {
  const engine = new PiperEngine();
  after(() => engine.close());
  const speak = (model: string) => engine.synthesize(request(model, 'Hello.'));

  it('missing .onnx, missing or broken .onnx.json, corrupt .onnx', async () => {
    await assert.rejects(speak(path.join(models.dir, 'nothing.onnx')), (e: Error & { code?: string }) => e.code === 'config_missing' && /NAME\.onnx\.json/.test(e.message));
    writeFileSync(path.join(models.dir, 'gone.onnx.json'), JSON.stringify({ audio: { sample_rate: 16000 }, espeak: { voice: 'en-us' }, phoneme_id_map: tinyPhonemeIdMap }));
    await assert.rejects(speak(path.join(models.dir, 'gone.onnx')), (e: Error & { code?: string }) => e.code === 'model_missing');
    const corrupt = writeTinyVoice(models.dir, 'corrupt');
    writeFileSync(corrupt, Buffer.from('this is not an onnx graph'));
    await assert.rejects(speak(corrupt), (e: Error & { code?: string }) => e.code === 'model_corrupt' && /ONNX Runtime cannot load it/.test(e.message));
    const badJson = writeTinyVoice(models.dir, 'badjson');
    writeFileSync(`${badJson}.json`, '{"audio": ');
    await assert.rejects(speak(badJson), (e: Error & { code?: string }) => e.code === 'config_invalid');
    const noEspeak = writeTinyVoice(models.dir, 'noespeak', { config: { espeakVoice: '' } });
    await assert.rejects(speak(noEspeak), /espeak\.voice/);
  });

  it('a .onnx.json that does not match the model inputs', async () => {
    const saysTwo = writeTinyVoice(models.dir, 'saystwo');
    writeFileSync(`${saysTwo}.json`, JSON.stringify({ audio: { sample_rate: 16000 }, espeak: { voice: 'en-us' }, phoneme_id_map: tinyPhonemeIdMap, num_speakers: 2 }));
    await assert.rejects(speak(saysTwo), (e: Error & { code?: string }) => e.code === 'config_mismatch' && /no "sid" input/.test(e.message));
    const saysOne = writeTinyVoice(models.dir, 'saysone', { multiSpeaker: true });
    writeFileSync(`${saysOne}.json`, JSON.stringify({ audio: { sample_rate: 16000 }, espeak: { voice: 'en-us' }, phoneme_id_map: tinyPhonemeIdMap, num_speakers: 1 }));
    await assert.rejects(speak(saysOne), (e: Error & { code?: string }) => e.code === 'config_mismatch' && /sid/.test(e.message));
  });

  it('MODEL_MEMORY_MB: the least recently used model unloads; a model bigger than the budget is refused', async () => {
    const a = writeTinyVoice(models.dir, 'lru-a');
    const b = writeTinyVoice(models.dir, 'lru-b');
    const c = writeTinyVoice(models.dir, 'lru-c');
    const size = statSync(a).size;
    const cache = new ModelCache(() => size * 2);
    const lru = new PiperEngine(cache);
    await lru.synthesize(request(a, 'One.'));
    await lru.synthesize(request(b, 'Two.'));
    await lru.synthesize(request(a, 'One again.'));
    await lru.synthesize(request(c, 'Three.'));
    assert.deepEqual(cache.unloaded, [b]);
    assert.deepEqual(cache.paths, [a, c]);
    const after = await lru.synthesize(request(b, 'Two again.'));
    assert.ok(after.samples.length > 0);
    assert.deepEqual(cache.unloaded, [b, a]);
    const tiny = new PiperEngine(new ModelCache(() => size - 1));
    await assert.rejects(tiny.synthesize(request(a, 'Hi.')), (e: Error & { code?: string }) => e.code === 'model_too_big' && /MODEL_MEMORY_MB/.test(e.message));
  });
});
