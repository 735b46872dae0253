import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { listBuiltinVoices, findBuiltinVoice } from '../../../src/synthesis/catalog/catalog.js';
import { builtinVoices } from '../../../src/synthesis/catalog/builtin-voices.js';
import { modelsOf } from '../../../src/synthesis/catalog/voice-models.js';
import { registerEngine } from '../../../src/synthesis/engines/engine-registry.js';
import { espeakLanguages } from '../../../src/synthesis/engines/espeak/languages.js';
import { configureEngines } from '../../../src/synthesis/engines/engine-settings.js';
import { engineFor, registeredEngines } from '../../../src/synthesis/engines/registered-engines.js';
import { renderCatalogVoice } from '../../../src/synthesis/pipeline/render-voice.js';
import { tempModelsDir, writeTinyVoice } from './piper/tiny-voice.js';

describe('engine registry', () => {
  const models = tempModelsDir();
  after(() => {
    configureEngines({ modelsDir: null });
    models.remove();
  });

  it('espeak, flite, piper and kokoro register with what they can do', () => {
    const byName = new Map(registeredEngines().map((r) => [r.name, r]));
    assert.deepEqual([...byName.keys()], ['espeak', 'flite', 'piper', 'kokoro']);
    assert.equal(byName.get('kokoro')!.capabilities.sampleRate, 24000);
    assert.deepEqual(byName.get('kokoro')!.capabilities.languages(), [], 'no Kokoro model installed');
    assert.deepEqual(byName.get('espeak')!.capabilities.languages(), espeakLanguages);
    assert.deepEqual(byName.get('flite')!.capabilities.languages(), ['eng']);
    assert.equal(byName.get('espeak')!.capabilities.wordTimings, 'native');
    assert.equal(engineFor('espeak'), engineFor('espeak'));
    assert.throws(() => engineFor('nonesuch'), /no engine "nonesuch"/);
    assert.throws(() => registerEngine(byName.get('espeak')!), /registered twice/);
  });

  it('the catalog is the fixed voices plus the voices of installed models, read as installed', () => {
    configureEngines({ modelsDir: models.dir });
    assert.equal(listBuiltinVoices(), builtinVoices);
    const onnx = writeTinyVoice(models.dir, 'de_DE-tiny-x_low', { config: { espeakVoice: 'de', language: 'de_DE' } });
    const voices = listBuiltinVoices();
    assert.equal(voices.length, builtinVoices.length + 1);
    assert.equal(listBuiltinVoices(), voices, 'the same array while nothing changes');
    const neural = voices[voices.length - 1];
    assert.equal(neural.language, 'deu');
    assert.equal(neural.name.eng, 'Tiny');
    assert.deepEqual(neural.neural, { engine: 'piper', model: onnx, speaker: 0 });
    assert.equal(findBuiltinVoice(`tc_${neural.id}`), neural);
    assert.deepEqual(modelsOf(neural).map((m) => m.version), ['ssfm-v30', 'ssfm-v31']);
    assert.ok(!modelsOf(neural)[0].emotions.includes('whisper'));
    const speaks = renderCatalogVoice(neural, 'ssfm-v30', { preset: 'normal', intensity: 1 }, 'deu');
    assert.deepEqual(speaks.voice, { engine: 'piper', id: neural.slug, model: onnx, speaker: 0 });
    const other = renderCatalogVoice(neural, 'ssfm-v30', { preset: 'normal', intensity: 1 }, 'fra');
    assert.deepEqual(other.voice, { engine: 'espeak', id: 'fr', variant: 'f3' });
  });
});
