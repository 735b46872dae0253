import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { neutralProsody } from '../../../../src/synthesis/engines/engine.js';
import { installedModels } from '../../../../src/synthesis/engines/piper/piper-catalog.js';
import { PiperEngine } from '../../../../src/synthesis/engines/piper/piper-engine.js';
import { previewTexts } from '../../../../src/synthesis/catalog/preview-texts.js';

/**
 * Real Piper voices, when a machine has them: every model in MODELS_DIR speaks its preview
 * sentence, at its own rate, with ordered words inside the audio, and slower at rate 0.5.
 * Nothing runs (and nothing fails) where no models are installed.
 */
const dir = process.env.MODELS_DIR ?? null;
const models = installedModels(dir).filter((m) => m.problem === null && m.language !== null);

describe('real Piper voices in MODELS_DIR', { skip: models.length === 0 ? 'no Piper voices in MODELS_DIR' : false }, () => {
  const engine = new PiperEngine();
  after(() => engine.close());
  for (const model of models) {
    it(model.name, async () => {
      const text = previewTexts[model.language!] ?? previewTexts.eng;
      const voice = { engine: 'piper', id: model.name, model: model.onnxPath, speaker: 0 };
      const out = await engine.synthesize({ text, language: model.language!, voice, prosody: neutralProsody });
      const slow = await engine.synthesize({ text, language: model.language!, voice, prosody: { ...neutralProsody, rate: 0.5 } });
      assert.equal(out.sampleRate, model.config!.sampleRate);
      const seconds = out.samples.length / out.sampleRate;
      assert.ok(seconds > 0.5 && seconds < 30, `${seconds} s`);
      assert.ok(slow.samples.length > out.samples.length * 1.5);
      let last = 0;
      for (const word of out.words) {
        assert.ok(word.start >= last - 1e-9 && word.end <= seconds + 1e-9, JSON.stringify(word));
        last = word.end;
      }
    });
  }
});
