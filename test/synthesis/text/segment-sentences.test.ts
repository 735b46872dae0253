import assert from 'node:assert/strict';
import { test } from 'node:test';
import { segmentSentences, type Sentence } from '../../../src/synthesis/text/segment-sentences.js';
import { sampleSentences } from './sample-sentences.js';

const texts = (sentences: Sentence[]) => sentences.map((s) => s.text);

/** Offsets point at the sentence in the input, in order, without overlap. */
function assertFaithful(input: string, sentences: Sentence[]): void {
  let end = 0;
  for (const s of sentences) {
    assert.equal(input.slice(s.offset, s.offset + s.text.length), s.text);
    assert.ok(s.offset >= end, 'in order, no overlap');
    assert.equal(s.text, s.text.trim());
    assert.notEqual(s.text, '');
    end = s.offset + s.text.length;
  }
  // Nothing but blanks is left out.
  let covered = '';
  let at = 0;
  for (const s of sentences) {
    covered += input.slice(at, s.offset).trim();
    at = s.offset + s.text.length;
  }
  covered += input.slice(at).trim();
  assert.equal(covered, '');
}

test('no break after titles, initials, "e.g." or inside decimals', () => {
  const input = 'Mr. Smith met Dr. Jones at 3.5 p.m. today. It was fine! Was it? Yes, e.g. this one. J. R. R. Tolkien wrote it.';
  const sentences = segmentSentences(input, 'eng');
  assert.deepEqual(texts(sentences), [
    'Mr. Smith met Dr. Jones at 3.5 p.m. today.',
    'It was fine!',
    'Was it?',
    'Yes, e.g. this one.',
    'J. R. R. Tolkien wrote it.',
  ]);
  assertFaithful(input, sentences);
});

test('German, Spanish and French abbreviations and German ordinal dots', () => {
  assert.deepEqual(texts(segmentSentences('Am 3. Oktober ist Feiertag. Das ist z. B. gut. Er kam 2019. Dann ging er.', 'deu')), [
    'Am 3. Oktober ist Feiertag.', 'Das ist z. B. gut.', 'Er kam 2019.', 'Dann ging er.',
  ]);
  assert.deepEqual(texts(segmentSentences('El Sr. García llegó. La Sra. López también.', 'spa')), [
    'El Sr. García llegó.', 'La Sra. López también.',
  ]);
  assert.deepEqual(texts(segmentSentences('Il a dit p. ex. Bonjour. Puis il est parti.', 'fra')), [
    'Il a dit p. ex. Bonjour.', 'Puis il est parti.',
  ]);
});

test('a sentence may still end in "etc."', () => {
  assert.deepEqual(texts(segmentSentences('Apples, pears, etc. Then we left.', 'eng')), ['Apples, pears, etc.', 'Then we left.']);
});

test('CJK full stops and Indic dandas end sentences; Thai section marks too', () => {
  assert.deepEqual(texts(segmentSentences('今日は晴れです。明日は雨でしょう！本当？はい', 'jpn')), [
    '今日は晴れです。', '明日は雨でしょう！', '本当？', 'はい',
  ]);
  assert.deepEqual(texts(segmentSentences('今天天气很好。我们去公园吧！好吗？', 'zho')), ['今天天气很好。', '我们去公园吧！', '好吗？']);
  assert.deepEqual(texts(segmentSentences('आज मौसम अच्छा है। हम बाहर जाएंगे॥ ठीक है', 'hin')), [
    'आज मौसम अच्छा है।', 'हम बाहर जाएंगे॥', 'ठीक है',
  ]);
  assert.deepEqual(texts(segmentSentences('เช้านี้อากาศดี๚วันนี้สนุกมาก', 'tha')), ['เช้านี้อากาศดี๚', 'วันนี้สนุกมาก']);
});

test('blank lines separate, blank sentences are dropped, offsets are into the input', () => {
  const input = '  \n\n  Hello.   \n\n \t \n World  ';
  const sentences = segmentSentences(input, 'eng');
  assert.deepEqual(sentences, [{ text: 'Hello.', offset: 6 }, { text: 'World', offset: input.indexOf('World') }]);
  assert.deepEqual(segmentSentences('', 'eng'), []);
  assert.deepEqual(segmentSentences(' \n\t ', 'eng'), []);
});

test('long sentences are capped, cut at a clause mark where one is near the end, else between words', () => {
  const clause = 'the committee discussed the proposal at great length, ';
  const input = `${clause.repeat(30)}and then everyone went home.`;
  const sentences = segmentSentences(input, 'eng');
  assert.ok(sentences.length >= 4, `${sentences.length} pieces`);
  for (const s of sentences) assert.ok(s.text.length <= 400, `${s.text.length} > 400`);
  for (const s of sentences.slice(0, -1)) assert.ok(s.text.endsWith(','), `cut at a comma: …${s.text.slice(-20)}`);
  for (const s of sentences.slice(0, -1)) assert.ok(s.text.length > 200, 'the comma is in the second half of the window');
  assertFaithful(input, sentences);

  const words = 'word '.repeat(300);
  const byWords = segmentSentences(words, 'eng', 100);
  for (const s of byWords) {
    assert.ok(s.text.length <= 100);
    assert.match(s.text, /^(?:word ?)+$/u, 'cut between words');
  }
  assertFaithful(words, byWords);
});

test('text with no blanks or marks is cut between graphemes, never inside one', () => {
  const input = '字'.repeat(500) + '👍🏽'.repeat(300) + 'e\u0301'.repeat(300);
  const sentences = segmentSentences(input, 'zho', 50);
  for (const s of sentences) {
    assert.ok(s.text.length <= 50);
    assert.doesNotMatch(s.text, /^[\uDC00-\uDFFF\u0301\u{1F3FD}]/u, 'does not start inside a cluster');
    assert.doesNotMatch(s.text, /[\uD800-\uDBFF]$/u, 'does not end inside a pair');
  }
  assertFaithful(input, sentences);
});

test('sample paragraphs of every language split into their sentences', () => {
  for (const [code, sentences] of Object.entries(sampleSentences)) {
    // Thai writes no full stop: its sentences, joined by a space, stay one piece.
    const input = sentences.join(' ');
    const found = segmentSentences(input, code);
    assertFaithful(input, found);
    if (code !== 'tha') assert.deepEqual(texts(found), sentences, code);
  }
});
