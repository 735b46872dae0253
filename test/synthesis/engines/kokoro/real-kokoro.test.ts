import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { previewTexts } from '../../../../src/synthesis/catalog/preview-texts.js';
import { neutralProsody } from '../../../../src/synthesis/engines/engine.js';
import { installedKokoroModels } from '../../../../src/synthesis/engines/kokoro/kokoro-catalog.js';
import { KokoroEngine } from '../../../../src/synthesis/engines/kokoro/kokoro-engine.js';

/**
 * Real Kokoro models, when a machine has them: one voice per language of each model in MODELS_DIR
 * speaks its preview sentence at 24 kHz, with ordered words inside the audio, slower at rate 0.5,
 * and with no symbol skipped for English. Nothing runs (and nothing fails) where none is installed.
 */
const dir = process.env.MODELS_DIR ?? null;
const models = installedKokoroModels(dir).filter((m) => m.problem === null);

describe('real Kokoro models in MODELS_DIR', { skip: models.length === 0 ? 'no Kokoro model in MODELS_DIR' : false }, () => {
  const engine = new KokoroEngine();
  after(() => engine.close());
  for (const model of models) {
    const firstOfLanguage = model.voices.filter((v, i) => model.voices.findIndex((w) => w.language === v.language) === i);
    for (const voice of firstOfLanguage) {
      it(`${model.name} ${voice.slug.split(':').pop()}`, async () => {
        const text = previewTexts[voice.language] ?? previewTexts.eng;
        const engineVoice = { engine: 'kokoro', id: voice.slug, model: model.onnxPath, speaker: voice.neural!.speaker };
        const out = (await engine.synthesize({ text, language: voice.language, voice: engineVoice, prosody: neutralProsody })) as Awaited<ReturnType<KokoroEngine['synthesize']>> & { skippedPhonemes: number };
        const slow = await engine.synthesize({ text, language: voice.language, voice: engineVoice, prosody: { ...neutralProsody, rate: 0.5 } });
        assert.equal(out.sampleRate, 24000);
        const seconds = out.samples.length / out.sampleRate;
        assert.ok(seconds > 0.5 && seconds < 30, `${seconds} s`);
        assert.ok(slow.samples.length > out.samples.length * 1.5);
        if (voice.language === 'eng') assert.equal(out.skippedPhonemes, 0);
        let last = 0;
        for (const word of out.words) {
          assert.ok(word.start >= last - 1e-9 && word.end <= seconds + 1e-9, JSON.stringify(word));
          last = word.end;
        }
      });
    }
  }
});
