import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertWordsTrueToTextAndAudio, durationOf, speak } from './speak.js';

/**
 * Left alone, eSpeak drops the middle of long unpunctuated Korean, Chinese and kana text (its word
 * and clause buffers overflow); 60 repeats of a Korean phrase came out as 36 words. Repeating a
 * phrase n times must give n times the words and about n times the audio.
 */
const cases: [language: string, phrase: string, repeats: number][] = [
  ['kor', '안녕하세요 여러분 ', 60],
  ['kor', '안녕하세요여러분', 20],
  ['zho', '今天天气很好我们去公园', 40],
  ['yue', '今日天氣好好我哋去公園', 30],
  ['jpn', 'むかしむかしあるところにおじいさんとおばあさんがすんでいました', 6],
];

for (const [language, phrase, repeats] of cases) {
  test(`${language}: ${repeats} × "${phrase.trim()}" without punctuation is spoken whole`, async () => {
    const once = await speak(phrase, language);
    const text = phrase.repeat(repeats);
    const output = await speak(text, language);
    assertWordsTrueToTextAndAudio(output, text);

    const ratio = durationOf(output) / (repeats * durationOf(once));
    assert.ok(ratio > 0.85 && ratio < 1.3, `${repeats} repeats last ${ratio.toFixed(2)} × ${repeats} single phrases`);
    const last = output.words[output.words.length - 1];
    assert.ok(last.offset + last.length >= text.trimEnd().length - 1, `last word ${JSON.stringify(last.text)} ends the text`);
    if (/\s/.test(phrase.trim())) assert.equal(output.words.length, once.words.length * repeats);
  });
}
