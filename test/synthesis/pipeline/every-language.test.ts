import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rms } from '../../../src/synthesis/analysis/rms.js';
import { listBuiltinVoices } from '../../../src/synthesis/catalog/catalog.js';
import { previewTexts } from '../../../src/synthesis/catalog/preview-texts.js';
import { languageCodes } from '../../../src/synthesis/text/languages.js';
import { openPipeline } from './pipeline-fixture.js';

/** Sentences with numbers, symbols and abbreviations, so offsets must survive normalization. */
const tricky: Record<string, string> = {
  eng: 'Dr. Smith paid $42.50 for 3 books on May 5th. It was 20% off!',
  spa: 'El Sr. García compró 3 libros por 25 euros. ¡Qué bien!',
  deu: 'Herr Müller kaufte 3 Bücher für 25 Euro. Das ist gut.',
  fra: 'M. Dupont a acheté 3 livres pour 25 euros. C’est bien.',
  kor: '사과 3개를 2500원에 샀어요. 정말 싸요!',
  jpn: '今日は3冊の本を買いました。とても良い天気です。',
  zho: '我买了3本书，花了25元。天气很好。',
  rus: 'Я купил 3 книги за 250 рублей. Это хорошо.',
};

describe('every language through the whole pipeline', () => {
  const pipeline = openPipeline(2);
  after(() => pipeline.close());

  it('has a catalog voice and a preview text for every language', () => {
    for (const code of languageCodes) {
      assert.ok(listBuiltinVoices().some((v) => v.language === code), `no voice for ${code}`);
      assert.ok(previewTexts[code], `no preview text for ${code}`);
    }
  });

  for (const code of languageCodes) {
    for (const text of [previewTexts[code], tricky[code]].filter(Boolean)) {
      it(`${code}: "${text.slice(0, 30)}…" is speech with every word timed and pointing at the input`, async () => {
        const voice = listBuiltinVoices().find((v) => v.language === code)!;
        const { speech, pcm } = await pipeline.speak(text, { voice: voice.slug });
        const duration = pcm.samples.length / pcm.sampleRate;
        assert.equal(pcm.sampleRate, 44100);
        assert.ok(Math.abs(duration - speech.duration) < 0.001);
        assert.ok(duration > 0.5, `${code}: only ${duration} s`);
        assert.ok(rms(pcm) > 0.01, `${code}: silent (rms ${rms(pcm)})`);
        assert.ok(speech.words.length >= 2, `${code}: ${speech.words.length} words`);
        let previousEnd = 0;
        let previousOffset = -1;
        for (const word of speech.words) {
          assert.ok(word.start >= previousEnd - 1e-6, `${code}: "${word.text}" starts before the previous word ends`);
          assert.ok(word.end > word.start, `${code}: "${word.text}" has no duration`);
          assert.ok(word.end <= duration + 1e-6, `${code}: "${word.text}" ends after the audio`);
          assert.ok(word.offset >= previousOffset, `${code}: offsets out of order at "${word.text}"`);
          assert.equal(text.slice(word.offset, word.offset + word.length), word.text);
          assert.match(word.text, /[\p{L}\p{N}]/u);
          previousEnd = word.end;
          previousOffset = word.offset;
        }
      });
    }
  }
});
