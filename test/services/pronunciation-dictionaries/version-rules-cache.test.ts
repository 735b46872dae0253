import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VersionRulesCache } from '../../../src/services/pronunciation-dictionaries/version-rules-cache.js';
import type { PronunciationRule } from '../../../src/text/pronunciation/pronunciation-rule.js';

const rules = (word: string): PronunciationRule[] => [{ stringToReplace: word, type: 'alias', alias: `${word} said` }];

describe('the cache of dictionary versions’ rules', () => {
  it('keeps versions by id within its bytes, the least recently used going first', () => {
    const cache = new VersionRulesCache(100);
    cache.set('a', rules('a'), 40);
    cache.set('b', rules('b'), 40);
    assert.deepEqual(cache.get('a'), rules('a'), 'a is now the most recently used');
    cache.set('c', rules('c'), 40);
    assert.equal(cache.get('b'), undefined, 'b went first: 120 bytes would pass 100');
    assert.deepEqual(cache.get('a'), rules('a'));
    assert.deepEqual(cache.get('c'), rules('c'));
  });

  it('does not keep a version larger than all it may hold, and counts a version set again once', () => {
    const cache = new VersionRulesCache(100);
    cache.set('big', rules('big'), 101);
    assert.equal(cache.get('big'), undefined);
    cache.set('a', rules('a'), 60);
    cache.set('a', rules('a'), 60);
    cache.set('b', rules('b'), 40);
    assert.deepEqual(cache.get('a'), rules('a'), '60 + 40 fit: a was counted once');
    assert.deepEqual(cache.get('b'), rules('b'));
  });
});
