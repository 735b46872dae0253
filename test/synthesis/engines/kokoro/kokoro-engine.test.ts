import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { neutralProsody, type EngineRequest } from '../../../../src/synthesis/engines/engine.js';
import { spawnSync } from 'node:child_process';
import { KokoroCache } from '../../../../src/synthesis/engines/kokoro/kokoro-cache.js';
import { KokoroEngine } from '../../../../src/synthesis/engines/kokoro/kokoro-engine.js';
import { installedKokoroModels } from '../../../../src/synthesis/engines/kokoro/kokoro-catalog.js';
import { installModels } from '../../../../src/start/commands/models-install.js';
import { ModelBudget } from '../../../../src/synthesis/engines/model-budget.js';
import { ModelCache } from '../../../../src/synthesis/engines/piper/model-cache.js';
import { PiperEngine } from '../../../../src/synthesis/engines/piper/piper-engine.js';
import { tempModelsDir, writeTinyVoice } from '../piper/tiny-voice.js';
import { buildTinyKokoro, npy, tinyFrame, tinyStyles, writeTinyKokoro } from './tiny-kokoro.js';

const published = tempModelsDir();
const models = tempModelsDir();
after(() => {
  published.remove();
  models.remove();
});

/** The tiny model's samples for some tokens: ceil((2 + id mod 3) / speed) frames of 600 per id, pads (id 0) included. */
const expectedSamples = (tokens: number[], speed: number) => [0, ...tokens, 0].reduce((sum, id) => sum + Math.ceil((2 + (id % 3)) / speed) * tinyFrame, 0);
const zeroCrossingHz = (samples: Float32Array) => {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings++;
  return crossings / 2 / (samples.length / 24000);
};
const peak = (samples: Float32Array) => samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);

describe('KokoroEngine on the tiny Kokoro model, installed with `orator models install`', async () => {
  const plain = writeTinyKokoro(published.dir, 'kokoro-tiny');
  const timed = writeTinyKokoro(path.join(published.dir, 'timed'), 'kokoro-timed', { durations: true });
  const onnxStyle = writeTinyKokoro(path.join(published.dir, 'onnx'), 'kokoro-onnx-style', { idsName: 'tokens', audioName: 'audio' });
  await installModels(plain.onnx, models.dir, { voices: plain.voices });
  await installModels(timed.onnx, models.dir, {});
  await installModels(onnxStyle.onnx, models.dir, {});
  const installed = installedKokoroModels(models.dir);
  const engine = new KokoroEngine();
  after(() => engine.close());
  const model = (name: string) => installed.find((m) => m.name === name)!;
  const request = (name: string, voice: string, text: string, extra: Partial<EngineRequest> = {}): EngineRequest => {
    const m = model(name);
    const index = m.voices.findIndex((v) => v.slug.endsWith(`:${voice}`));
    return { text, language: m.voices[index].language, voice: { engine: 'kokoro', id: voice, model: m.onnxPath, speaker: index }, prosody: neutralProsody, ...extra };
  };

  it('installs as MODELS_DIR/NAME/{model.onnx, voices.bin}; each voice is a tc_ voice by its naming', () => {
    assert.deepEqual(installed.map((m) => [m.name, m.problem, m.voices.length]), [['kokoro-onnx-style', null, 3], ['kokoro-timed', null, 3], ['kokoro-tiny', null, 3]]);
    assert.deepEqual(model('kokoro-tiny').voices.map((v) => [v.slug, v.language, v.gender, v.name.eng]), [
      ['kokoro:kokoro-tiny:af_tiny', 'eng', 'female', 'Tiny'],
      ['kokoro:kokoro-tiny:bm_tiny', 'eng', 'male', 'Tiny'],
      ['kokoro:kokoro-tiny:ef_tiny', 'spa', 'female', 'Tiny'],
    ]);
  });

  it('sends 0 tokens… 0 and gets audio as long as the model makes it, at 24 kHz', async () => {
    const out = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Go home, mate.'));
    const tokens = engine.lastTokens;
    assert.equal(tokens.length, 1);
    assert.equal(out.sampleRate, 24000);
    assert.equal(out.samples.length, expectedSamples(tokens[0], 1));
    assert.deepEqual(out.applied, { rate: true, pitch: false, range: false, volume: false });
  });

  it('the style is row tokens − 1 of the voice pack', async () => {
    for (const text of ['Hi.', 'Go home, mate.', 'The quick brown fox jumps over the lazy dog.']) {
      const out = await engine.synthesize(request('kokoro-tiny', 'af_tiny', text));
      const n = engine.lastTokens[0].length;
      // Amplitude is style[1] = 0.1 + row/1000: the row read back from the audio.
      assert.equal(Math.round((peak(out.samples) - 0.1) * 1000), n - 1, text);
    }
  });

  it('speed changes the length exactly as the model predicts', async () => {
    const normal = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Stop it now!'));
    const tokens = engine.lastTokens[0];
    const fast = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Stop it now!', { prosody: { ...neutralProsody, rate: 2 } }));
    const slow = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Stop it now!', { prosody: { ...neutralProsody, rate: 0.5 } }));
    assert.equal(normal.samples.length, expectedSamples(tokens, 1));
    assert.equal(fast.samples.length, expectedSamples(tokens, 2));
    assert.equal(slow.samples.length, expectedSamples(tokens, 0.5));
    assert.ok(slow.samples.length > normal.samples.length && normal.samples.length > fast.samples.length);
  });

  it('voices differ: each speaks with its own style (pitch)', async () => {
    const a = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Hello there.'));
    const b = await engine.synthesize(request('kokoro-tiny', 'bm_tiny', 'Hello there.'));
    assert.ok(Math.abs(zeroCrossingHz(a.samples) - 150) < 10, `af_tiny at ${zeroCrossingHz(a.samples)} Hz`);
    assert.ok(Math.abs(zeroCrossingHz(b.samples) - 250) < 10, `bm_tiny at ${zeroCrossingHz(b.samples)} Hz`);
  });

  it("kokoro-onnx's signature (tokens → audio) speaks the same", async () => {
    const a = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Hello there.'));
    const b = await engine.synthesize(request('kokoro-onnx-style', 'af_tiny', 'Hello there.'));
    assert.deepEqual(b.samples, a.samples);
  });

  it('word timings: one per written word, ordered, within the audio (estimated, then from the durations output)', async () => {
    const text = 'The quick brown fox jumps over the lazy dog. It was late!';
    for (const name of ['kokoro-tiny', 'kokoro-timed']) {
      const out = await engine.synthesize(request(name, 'af_tiny', text));
      const duration = out.samples.length / out.sampleRate;
      assert.deepEqual(out.words.map((w) => w.text), text.replace(/[.!]/g, '').split(' '));
      let last = 0;
      for (const word of out.words) {
        assert.ok(word.start >= last - 1e-9 && word.end > word.start && word.end <= duration + 1e-9, `${name}: ${JSON.stringify(word)}`);
        last = word.end;
      }
    }
    // With durations the first word starts after the leading pad's frames (2 of 600 samples: id 0).
    const timed = await engine.synthesize(request('kokoro-timed', 'af_tiny', 'Hello there.'));
    assert.equal(timed.words[0].start, (2 * tinyFrame) / 24000);
  });

  it('bad models: wrong inputs, missing or broken voices, a voice the pack lacks — clear errors', async () => {
    const bad = path.join(published.dir, 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'wrong-style.onnx'), buildTinyKokoro({ styleType: 'int64' }));
    writeFileSync(path.join(bad, 'voices.bin'), readFileSync(plain.voices));
    await assert.rejects(installModels(path.join(bad, 'wrong-style.onnx'), models.dir, {}), (e: Error & { code?: string }) => e.code === 'config_mismatch' && /input "style" is int64/.test(e.message));
    const lonely = path.join(published.dir, 'lonely');
    mkdirSync(lonely, { recursive: true });
    writeFileSync(path.join(lonely, 'kokoro-lonely.onnx'), buildTinyKokoro());
    await assert.rejects(installModels(path.join(lonely, 'kokoro-lonely.onnx'), models.dir, {}), /needs its voices file .*--voices/);
    writeFileSync(path.join(lonely, 'not-a-zip.bin'), 'hello');
    await assert.rejects(installModels(path.join(lonely, 'kokoro-lonely.onnx'), models.dir, { voices: path.join(lonely, 'not-a-zip.bin') }), (e: Error & { code?: string }) => e.code === 'voices_invalid');
    const f64 = path.join(lonely, 'f64');
    mkdirSync(f64);
    writeFileSync(path.join(f64, 'af_x.npy'), Buffer.from(npy(tinyStyles(0), [510, 1, 256]).toString('latin1').replace("'<f4'", "'<f8'"), 'latin1'));
    await assert.rejects(installModels(path.join(lonely, 'kokoro-lonely.onnx'), models.dir, { voices: f64 }), /not little-endian float32/);
    assert.equal(installedKokoroModels(models.dir).length, 3, 'nothing half-installed');
    // The voices file vanishing under an installed model: the catalog says why, synthesis fails clearly.
    const gone = path.join(models.dir, 'kokoro-gone');
    mkdirSync(gone);
    writeFileSync(path.join(gone, 'model.onnx'), buildTinyKokoro());
    assert.match(installedKokoroModels(models.dir).find((m) => m.name === 'kokoro-gone')!.problem!, /no voices file/);
    await assert.rejects(engine.synthesize({ text: 'Hi.', language: 'eng', voice: { engine: 'kokoro', id: 'x', model: path.join(gone, 'model.onnx'), speaker: 0 }, prosody: neutralProsody }), (e: Error & { code?: string }) => e.code === 'voices_missing');
    rmSync(gone, { recursive: true });
    await assert.rejects(engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Hi.', { voice: { engine: 'kokoro', id: 'x', model: model('kokoro-tiny').onnxPath, speaker: 7 } })), (e: Error & { code?: string }) => e.code === 'speaker_unknown');
  });

  it('per-voice .npy files in a voices/ directory load like the npz', async () => {
    const dir = path.join(published.dir, 'split');
    mkdirSync(path.join(dir, 'voices'), { recursive: true });
    writeFileSync(path.join(dir, 'kokoro-split.onnx'), buildTinyKokoro());
    writeFileSync(path.join(dir, 'voices', 'af_tiny.npy'), npy(tinyStyles(0), [510, 1, 256]));
    await installModels(path.join(dir, 'kokoro-split.onnx'), models.dir, {});
    const a = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Hello there.'));
    const split = installedKokoroModels(models.dir).find((m) => m.name === 'kokoro-split')!;
    const b = await engine.synthesize({ text: 'Hello there.', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: split.onnxPath, speaker: 0 }, prosody: neutralProsody });
    assert.deepEqual(b.samples, a.samples);
  });

  it('a model declaring speed as int32 runs at speed 1 and leaves the rate to the DSP', async () => {
    const dir = path.join(published.dir, 'int32');
    const files = writeTinyKokoro(dir, 'kokoro-int32', { speedType: 'int32' });
    await installModels(files.onnx, models.dir, {});
    const m = installedKokoroModels(models.dir).find((x) => x.name === 'kokoro-int32')!;
    const slow = await engine.synthesize({ text: 'Stop it now!', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: m.onnxPath, speaker: 0 }, prosody: { ...neutralProsody, rate: 0.5 } });
    assert.equal(slow.samples.length, expectedSamples(engine.lastTokens[0], 1));
    assert.equal(slow.applied.rate, false);
  });

  it('MODEL_MEMORY_MB: the least recently used model unloads; one bigger than the budget is refused', async () => {
    const [a, b, c] = ['kokoro-tiny', 'kokoro-timed', 'kokoro-onnx-style'].map((name) => model(name));
    // Any two fit, all three do not.
    const cache = new KokoroCache(() => a.bytes + b.bytes + c.bytes - 1);
    const lru = new KokoroEngine(cache);
    const say = (m: typeof a) => lru.synthesize({ text: 'One.', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: m.onnxPath, speaker: 0 }, prosody: neutralProsody });
    await say(a);
    await say(b);
    await say(a);
    await say(c);
    assert.deepEqual(cache.unloaded, [b.onnxPath]);
    assert.deepEqual(cache.paths, [a.onnxPath, c.onnxPath]);
    assert.ok((await say(b)).samples.length > 0);
    assert.deepEqual(cache.unloaded, [b.onnxPath, a.onnxPath]);
    const small = new KokoroEngine(new KokoroCache(() => a.bytes - 1));
    await assert.rejects(small.synthesize({ text: 'Hi.', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: a.onnxPath, speaker: 0 }, prosody: neutralProsody }), (e: Error & { code?: string }) => e.code === 'model_too_big' && /MODEL_MEMORY_MB/.test(e.message));
  });

  it('Piper and Kokoro models count against one MODEL_MEMORY_MB: loading one engine\'s model unloads the other\'s', async () => {
    const piperPath = writeTinyVoice(published.dir, 'en_US-shared-x_low');
    const kokoro = model('kokoro-tiny');
    const piperBytes = readFileSync(piperPath).length;
    const ledger = new ModelBudget();
    // Room for either model, not both.
    const budget = () => Math.max(piperBytes, kokoro.bytes) + 1;
    const piperCache = new ModelCache(budget, ledger);
    const kokoroCache = new KokoroCache(budget, ledger);
    const piper = new PiperEngine(piperCache);
    const kokoroEngine = new KokoroEngine(kokoroCache);
    await piper.synthesize({ text: 'One.', language: 'eng', voice: { engine: 'piper', id: 'x', model: piperPath, speaker: 0 }, prosody: neutralProsody });
    await kokoroEngine.synthesize({ text: 'Two.', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: kokoro.onnxPath, speaker: 0 }, prosody: neutralProsody });
    assert.deepEqual(piperCache.unloaded, [piperPath]);
    assert.deepEqual(piperCache.paths, []);
    await piper.synthesize({ text: 'Three.', language: 'eng', voice: { engine: 'piper', id: 'x', model: piperPath, speaker: 0 }, prosody: neutralProsody });
    assert.deepEqual(kokoroCache.unloaded, [kokoro.onnxPath]);
    assert.equal(ledger.used(), piperBytes);
  });

  const numpy = spawnSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
  it('a voices file written by numpy itself (np.savez, zip64 local headers) reads the same', { skip: numpy ? false : 'no python3 with numpy here' }, async () => {
    const dir = path.join(published.dir, 'numpy');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'kokoro-numpy.onnx'), buildTinyKokoro());
    const script = `import numpy as np\na = np.zeros((510, 1, 256), dtype=np.float32)\na[:, 0, 1] = 0.1 + np.arange(510) / 1000\nnp.savez('${path.join(dir, 'voices-numpy.bin')}', af_tiny=a)`;
    assert.equal(spawnSync('python3', ['-c', script]).status, 0);
    await installModels(path.join(dir, 'kokoro-numpy.onnx'), models.dir, {});
    const m = installedKokoroModels(models.dir).find((x) => x.name === 'kokoro-numpy')!;
    const a = await engine.synthesize(request('kokoro-tiny', 'af_tiny', 'Hello there.'));
    const b = await engine.synthesize({ text: 'Hello there.', language: 'eng', voice: { engine: 'kokoro', id: 'af_tiny', model: m.onnxPath, speaker: 0 }, prosody: neutralProsody });
    assert.ok(b.samples.length === a.samples.length && b.samples.every((s, i) => Math.abs(s - a.samples[i]) < 1e-6));
  });
});
