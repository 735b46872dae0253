import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OffsetMap } from '../../../src/synthesis/text/offset-map.js';
import { TextRewriter } from '../../../src/synthesis/text/text-rewriter.js';

function rewrite(source: string, steps: [number, number, string | null][]) {
  const out = new TextRewriter(source);
  for (const [start, end, text] of steps) {
    if (text === null) out.copy(start, end);
    else out.replace(start, end, text);
  }
  return out.finish();
}

test('copied text maps character for character, replaced text to its whole source', () => {
  const source = 'I paid $5 today';
  const { text, map } = rewrite(source, [[0, 7, null], [7, 9, 'five dollars'], [9, 15, null]]);
  assert.equal(text, 'I paid five dollars today');
  const slice = (a: number, b: number) => {
    const r = map.toSource(a, b);
    return source.slice(r.start, r.end);
  };
  assert.equal(slice(2, 6), 'paid');
  assert.equal(slice(text.indexOf('five'), text.indexOf('five') + 4), '$5');
  assert.equal(slice(text.indexOf('dollars'), text.indexOf('dollars') + 7), '$5');
  assert.equal(slice(text.indexOf('today'), text.length), 'today');
  assert.equal(slice(2, text.indexOf('dollars')), 'paid $5', 'a range across both kinds unites them');
  assert.equal(map.pointToSource(text.length), source.length);
  assert.equal(map.pointToSource(text.indexOf('today')), source.indexOf('today'));
});

test('out-of-range, reversed and non-finite offsets are clamped, never thrown on', () => {
  const { map } = rewrite('abc', [[0, 3, 'xyzw']]);
  assert.deepEqual(map.toSource(-5, 99), { start: 0, end: 3 });
  assert.deepEqual(map.toSource(3, 1), { start: 0, end: 3 });
  assert.deepEqual(map.toSource(Number.NaN, Number.POSITIVE_INFINITY), { start: 0, end: 3 });
  const empty = OffsetMap.identity(0);
  assert.deepEqual(empty.toSource(0, 10), { start: 0, end: 0 });
});

test('deleted source text is skipped: neighbours still map exactly', () => {
  const source = 'a\u200Bb';
  const { text, map } = rewrite(source, [[0, 1, null], [1, 2, ''], [2, 3, null]]);
  assert.equal(text, 'ab');
  assert.deepEqual(map.toSource(1, 2), { start: 2, end: 3 });
});

test('two rewrites compose: a word of the second output maps to the first source', () => {
  // First: "$5 now" → "five dollars now"; then "dollars" → "DOLLARS!" and the rest copied.
  const first = rewrite('$5 now', [[0, 2, 'five dollars'], [2, 6, null]]);
  const second = rewrite(first.text, [[0, 5, null], [5, 12, 'DOLLARS!'], [12, 16, null]]);
  assert.equal(second.text, 'five DOLLARS! now');
  const both = first.map.then(second.map);
  const source = '$5 now';
  const at = (word: string) => {
    const i = second.text.indexOf(word);
    const r = both.toSource(i, i + word.length);
    return source.slice(r.start, r.end);
  };
  assert.equal(at('five'), '$5');
  assert.equal(at('DOLLARS!'), '$5');
  assert.equal(at('now'), 'now');
  assert.equal(at('ow'), 'ow', 'exact through both maps');
});

test('pieces must come in source order', () => {
  const out = new TextRewriter('abcdef');
  out.copy(0, 3);
  assert.throws(() => out.copy(1, 2), RangeError);
});
