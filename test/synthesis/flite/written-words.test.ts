import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writtenWords } from '../../../src/synthesis/engines/flite/written-words.js';

test('written words keep their offsets and lose only the punctuation at their edges', () => {
  const text = '“Well,” she said — it costs $5.50 (10% off)… Isn\'t that well-known?\n\nYes!';
  const words = writtenWords(text);
  assert.deepEqual(words.map((word) => word.text),
    ['Well', 'she', 'said', 'it', 'costs', '$5.50', '10%', 'off', 'Isn\'t', 'that', 'well-known', 'Yes']);
  for (const word of words) {
    assert.equal(text.slice(word.offset, word.offset + word.length), word.text);
  }
});

test('text with nothing to say has no words', () => {
  assert.deepEqual(writtenWords(' … — !? '), []);
});
