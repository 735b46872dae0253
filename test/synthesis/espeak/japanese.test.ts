import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasKanji, japaneseSpokenText } from '../../../src/synthesis/engines/espeak/japanese-reading.js';
import { assertWordsTrueToTextAndAudio, durationOf, speak } from './speak.js';

test('Japanese with kanji is spoken from its readings, words pointing at the original kanji', async () => {
  const text = '今日は良い天気です。';
  const output = await speak(text, 'jpn');
  assertWordsTrueToTextAndAudio(output, text);
  assert.deepEqual(
    output.words.map((word) => word.text),
    ['今日は', '良い', '天気です'],
  );
  assert.deepEqual(
    output.words.map((word) => [word.offset, word.length]),
    [
      [0, 3],
      [3, 2],
      [5, 4],
    ],
  );

  // Read as kana it lasts as long as the same sentence written in kana; eSpeak left to itself
  // spells every kanji out as a Chinese character name, which takes several times longer.
  const kana = await speak('きょうは よい てんきです。', 'jpn');
  const ratio = durationOf(output) / durationOf(kana);
  assert.ok(ratio > 0.8 && ratio < 1.25, `kanji reading lasts ${ratio.toFixed(2)}× the kana one`);
});

test('a longer passage: every word keeps the original characters, in order, with its own time', async () => {
  const text = '東京駅で友達に会いました。それから、一緒に美味しいラーメンを食べに行きました。';
  const output = await speak(text, 'jpn');
  assertWordsTrueToTextAndAudio(output, text);
  assert.ok(output.words.length >= 8, output.words.map((w) => w.text).join(' | '));
  assert.ok(output.words.some((word) => word.text.startsWith('東京駅')));
  assert.ok(output.words.some((word) => word.text.includes('ラーメン')));
  // The words tile the text: nothing but punctuation is left between them.
  const gaps = output.words.map((word, i) => {
    const previous = output.words[i - 1];
    return text.slice(previous ? previous.offset + previous.length : 0, word.offset);
  });
  assert.ok(gaps.every((gap) => /^[、。\s]*$/u.test(gap)), JSON.stringify(gaps));
});

test('the topic particle は is read "wa", kana-only text is left as written', async () => {
  assert.equal(hasKanji('きょうはいいてんき'), false);
  assert.equal(hasKanji('今日'), true);
  const spoken = await japaneseSpokenText('私は学生です。');
  assert.match(spoken.ssml, /ワ/u);
  assert.doesNotMatch(spoken.ssml, /[\p{Script=Han}]/u);
  assert.equal((await japaneseSpokenText('こんにちは、せかい。')).ssml, 'こんにちは、せかい。');
});
