import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WordPhonesCache } from '../../../src/synthesis/engines/flite/word-phones-cache.js';

test('keeps the phones of a run that gave one line per word, and none of a run that did not', () => {
  const cache = new WordPhonesCache();
  cache.remember(['library', 'open'], [['l', 'ay', 'b'], ['ow', 'p']]);
  cache.remember(['came', 'people'], [['k', 'ey', 'm']]);
  assert.deepEqual(cache.lookup(['open', 'came', 'library', 'people']), [['ow', 'p'], undefined, ['l', 'ay', 'b'], undefined]);
});

test('never keeps a word with a NUL in it: flite may read it as two', () => {
  const cache = new WordPhonesCache();
  cache.remember(['a\0b', 'c'], [['ey'], ['s', 'iy']]);
  assert.deepEqual(cache.lookup(['a\0b', 'c']), [undefined, ['s', 'iy']]);
});

test('holds at most its capacity, the longest-kept words going first', () => {
  const cache = new WordPhonesCache(2);
  cache.remember(['one', 'two'], [['w'], ['t']]);
  cache.remember(['three'], [['th']]);
  assert.deepEqual(cache.lookup(['one', 'two', 'three']), [undefined, ['t'], ['th']]);
});
