import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextChunker, type TextChunk } from '../../../src/services/stream-input/text-chunker.js';

const texts = (chunks: TextChunk[]) => chunks.map((c) => c.text);

describe('TextChunker', () => {
  it('cuts a sentence once the whitespace after its full stop arrives, not before', () => {
    const chunker = new TextChunker('eng');
    assert.deepEqual(chunker.push('Hello'), []);
    assert.deepEqual(chunker.push(' there.'), []);
    assert.deepEqual(chunker.push(' How'), [{ text: 'Hello there. ', end: 'sentence' }]);
    assert.deepEqual(texts(chunker.push(' are you? Fine. ')), ['How are you? ', 'Fine. ']);
    assert.equal(chunker.pending, 0);
  });

  it('does not take an abbreviation or a decimal point for a sentence end', () => {
    const chunker = new TextChunker('eng');
    assert.deepEqual(chunker.push('Dr. Smith paid 3.5 dollars'), []);
    assert.deepEqual(texts(chunker.push('. Then')), ['Dr. Smith paid 3.5 dollars. ']);
  });

  it('cuts at a CJK full stop without waiting for whitespace', () => {
    const chunker = new TextChunker('jpn');
    assert.deepEqual(texts(chunker.push('今日は晴れです。明日は')), ['今日は晴れです。']);
  });

  it('cuts a long sentence at the last word boundary once the schedule’s length is reached, one entry per chunk', () => {
    const chunker = new TextChunker('eng', [50, 60]);
    const words = 'word '.repeat(9) + 'wor';
    assert.deepEqual(chunker.push(words), []);
    const [first] = chunker.push('ds and more');
    assert.deepEqual(first, { text: 'word '.repeat(9) + 'words and ', end: 'length' });
    assert.equal(chunker.pending, 'more'.length);
  });

  it('without a schedule (auto_mode) cuts by length only where synthesis would split the sentence anyway', () => {
    const chunker = new TextChunker('eng', null);
    assert.deepEqual(chunker.push('word '.repeat(60)), []);
  });

  it('flushes what is buffered, and keeps text with nothing to say for the next chunk', () => {
    const chunker = new TextChunker('eng');
    assert.deepEqual(chunker.push(' '), []);
    assert.deepEqual(chunker.flush(), []);
    chunker.push('A partial thought');
    assert.deepEqual(chunker.flush(), [{ text: ' A partial thought', end: 'flush' }]);
    assert.equal(chunker.pending, 0);
  });

  it('try_trigger_generation cuts the complete words, leaving the word being typed', () => {
    const chunker = new TextChunker('eng');
    assert.deepEqual(texts(chunker.push('Short and swe', true)), ['Short and ']);
    assert.equal(chunker.pending, 'swe'.length);
  });
});
