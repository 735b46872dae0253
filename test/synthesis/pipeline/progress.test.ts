import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { renderCatalogVoice } from '../../../src/synthesis/pipeline/render-voice.js';
import { defaultOutput } from '../../../src/synthesis/pipeline/speech-request.js';
import { openPipeline } from './pipeline-fixture.js';

describe('synthesis progress', () => {
  let pipeline: ReturnType<typeof openPipeline>;
  before(() => {
    pipeline = openPipeline(2);
  });
  after(() => pipeline.close());

  it('is told of every sentence in turn, one step at a time, on a long text (a bar that moves smoothly)', async () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a long text.`);
    const voice = findVoiceByAnyName('eng-olivia')!;
    const steps: [number, number][] = [];
    const speech = await pipeline.synthesizer.synthesize(
      { text: sentences.join(' '), language: 'eng', render: (lang) => renderCatalogVoice(voice, 'ssfm-v21', { preset: 'normal', intensity: 1 }, lang), output: defaultOutput },
      (done, total) => steps.push([done, total]),
    );
    assert.deepEqual(steps, sentences.map((_, i) => [i + 1, sentences.length]));
    assert.ok(speech.duration > sentences.length);
  });
});
