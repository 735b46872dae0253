import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectLanguage } from '../../../src/synthesis/text/detect-language.js';
import { languageCodes, languages } from '../../../src/synthesis/text/languages.js';
import { normalizeText } from '../../../src/synthesis/text/normalize.js';
import { rewriteForSpeech } from '../../../src/synthesis/text/normalize/rewrite-for-speech.js';
import { segmentSentences } from '../../../src/synthesis/text/segment-sentences.js';

/** A small seeded generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Pieces chosen to hit every rule and its edges, plus raw code points of every kind.
const pools = [
  '0123456789', '.,:;/-−+%$€£¥₩&@=#ºª°', ' \t\n\r\u00A0\u202F\u3000', '\u200B\uFEFF\u00AD\u2060',
  'abcXYZéüßÆ', 'Mr.Dr.etc.St.z. B.p. ex.n°', 'www.http://x.com/', 'a@b.co', '한국어日本語かなカナ中文嘅',
  'العربية', 'русскийіїъ', 'ελληνικά', 'हिन्दी।॥', 'ไทย๚', '\u0301\u0308\u200D\u200C', '😀👍🏽🇰🇷',
  '\uD800\uDC00\uDFFF\uD83D', '\u0000\u0007\u001B\u007F\u0085', '٠١٢۴۵०१২৩੪௫๖１２',
];

function randomText(random: () => number, maxLength: number): string {
  let text = '';
  const length = Math.floor(random() * maxLength);
  for (let i = 0; i < length; i++) {
    if (random() < 0.1) {
      text += String.fromCharCode(Math.floor(random() * 0x10000));
    } else {
      const pool = pools[Math.floor(random() * pools.length)];
      text += pool[Math.floor(random() * pool.length)];
    }
  }
  return text;
}

test('normalize, segment and detect never throw, and offset maps stay in bounds', () => {
  const random = generator(20240601);
  const started = performance.now();
  const rounds = 3000;
  for (let round = 0; round < rounds; round++) {
    const text = randomText(random, round % 10 === 0 ? 600 : 80);
    const iso3 = languageCodes[round % languageCodes.length];
    const context = `round ${round}, ${iso3}: ${JSON.stringify(text)}`;

    // The unguarded pass: a throw here is a bug that normalizeText would only hide.
    const { text: spoken, map } = rewriteForSpeech(text, iso3);
    assert.equal(map.sourceLength, text.length, context);
    assert.equal(map.outputLength, spoken.length, context);
    for (let a = 0; a <= spoken.length; a += 1 + Math.floor(random() * 4)) {
      const b = Math.min(spoken.length, a + Math.floor(random() * 12));
      const r = map.toSource(a, b);
      assert.ok(r.start >= 0 && r.start <= r.end && r.end <= text.length, `${context} [${a},${b}) → ${JSON.stringify(r)}`);
    }
    assert.doesNotMatch(spoken, /[\p{Cc}\u200B\uFEFF]|^ | $|  /u, `${context} → ${JSON.stringify(spoken)}`);
    assert.doesNotMatch(spoken, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/, `lone surrogate: ${context}`);
    assert.deepEqual(normalizeText(text, iso3), { text: spoken, map });

    const maxLength = 16 + (round % 5) * 40;
    const sentences = segmentSentences(text, iso3, maxLength);
    let previousEnd = 0;
    for (const s of sentences) {
      assert.equal(text.slice(s.offset, s.offset + s.text.length), s.text, context);
      assert.notEqual(s.text.trim(), '', context);
      assert.ok(s.text.length <= maxLength, `${context}: piece of ${s.text.length} > ${maxLength}`);
      assert.ok(s.offset >= previousEnd, context);
      previousEnd = s.offset + s.text.length;
    }

    const found = detectLanguage(text);
    assert.ok(found === null || languages.has(found), context);
  }
  const seconds = (performance.now() - started) / 1000;
  assert.ok(seconds < 30, `${rounds} rounds took ${seconds.toFixed(1)} s`);
});
