import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectLanguage } from '../../../src/synthesis/text/detect-language.js';
import { languageCodes, legacyModeLanguages } from '../../../src/synthesis/text/languages.js';
import { sampleSentences } from './sample-sentences.js';

test('there are sample sentences of eight words or more for every language', () => {
  assert.deepEqual(Object.keys(sampleSentences).sort(), [...languageCodes].sort());
  for (const [code, sentences] of Object.entries(sampleSentences)) {
    assert.ok(sentences.length >= 3, code);
  }
});

test('every sample sentence is detected as its own language', () => {
  const wrong: string[] = [];
  for (const [code, sentences] of Object.entries(sampleSentences)) {
    for (const sentence of sentences) {
      const found = detectLanguage(sentence);
      if (found !== code) wrong.push(`${code} → ${found}: ${sentence}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('a paragraph, and a sentence with digits, emoji and a brand name, keep their language', () => {
  for (const [code, sentences] of Object.entries(sampleSentences)) {
    assert.equal(detectLanguage(sentences.join(' ')), code, `${code} paragraph`);
    assert.equal(detectLanguage(`2024 👍 ${sentences[0]} (iPhone 15)`), code, `${code} with noise`);
  }
});

test('a normal sentence is never given a wrong language when the candidates exclude its own', () => {
  for (const [code, sentences] of Object.entries(sampleSentences)) {
    const others = languageCodes.filter((c) => c !== code);
    for (const sentence of sentences) {
      const found = detectLanguage(sentence, others);
      // Related pairs may share a script (Malay/Indonesian, Chinese/Cantonese/Japanese kanji),
      // but an answer outside the text's own script family would be a plain error.
      assert.ok(found === null || related(code, found), `${code} sentence given ${found}: ${sentence}`);
    }
  }
});

function related(a: string, b: string): boolean {
  const families = [['msa', 'ind'], ['zho', 'yue', 'jpn']];
  return families.some((f) => f.includes(a) && f.includes(b));
}

test('short or language-less text gives null rather than a guess', () => {
  for (const text of ['Hello world', 'ok', 'hotel restaurant', 'mesa', 'iPhone', 'Да', '😀😀', '123 456', '...', '', '   ']) {
    assert.equal(detectLanguage(text), null, JSON.stringify(text));
  }
});

test('scripts decide on their own, weighting syllabic characters', () => {
  assert.equal(detectLanguage('나는 iPhone을 샀다'), 'kor');
  assert.equal(detectLanguage('I really love visiting 서울 in the spring'), 'eng');
  assert.equal(detectLanguage('東京大学'), 'zho', 'all-Han text is Chinese');
  assert.equal(detectLanguage('佢哋喺度'), 'yue');
  assert.equal(detectLanguage('ありがとう'), 'jpn');
});

test('candidates restrict the answer', () => {
  const actor = legacyModeLanguages('actor');
  assert.equal(detectLanguage(sampleSentences.fra[0], actor), null, 'French is not an actor-mode language');
  assert.equal(detectLanguage(sampleSentences.spa[0], actor), 'spa');
  assert.equal(detectLanguage('東京大学', ['jpn', 'kor']), 'jpn', 'kanji without Chinese allowed');
  assert.equal(detectLanguage(sampleSentences.ind[0], ['msa']), 'msa');
  assert.equal(detectLanguage(sampleSentences.eng[0], []), null);
});

test('Cyrillic and Arabic-script languages we do not speak give null', () => {
  assert.equal(detectLanguage('Ово је реченица на српском језику, коју пишемо ћирилицом.'), null);
  assert.equal(detectLanguage('Гэта беларускі сказ пра надвор\'е, якое ўчора было вельмі добрым.'), null);
  assert.equal(detectLanguage('این یک جمله فارسی است که درباره هوای خوب امروز نوشته شده است.'), null);
});

test('detection is fast enough to run on the request path', () => {
  const all = Object.values(sampleSentences).flat();
  const started = performance.now();
  for (let round = 0; round < 10; round++) for (const sentence of all) detectLanguage(sentence);
  const perCall = (performance.now() - started) / (10 * all.length);
  assert.ok(perCall < 2, `${perCall.toFixed(3)} ms per sentence`);
});
