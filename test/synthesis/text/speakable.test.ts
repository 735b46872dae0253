import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasSpeakableContent } from '../../../src/synthesis/text/speakable.js';
import { sampleSentences } from './sample-sentences.js';

test('any letter or digit of any script is speakable', () => {
  for (const sentences of Object.values(sampleSentences)) assert.ok(hasSpeakableContent(sentences[0]));
  for (const text of ['a', '7', '٣', '한', '字', 'ก', 'ω', '!!! ok ???', '👍 5']) assert.ok(hasSpeakableContent(text), text);
});

test('punctuation, symbols, emoji and blanks alone are not', () => {
  for (const text of ['', '   ', '...', '?!', '👍🏽😀', '— – - ‥ 。、', '$ % & @', '\u200B\u0007', '\uD800', '\u0301']) {
    assert.equal(hasSpeakableContent(text), false, JSON.stringify(text));
  }
});
