import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyPronunciation, spansOnSpokenText, wordsOnWrittenText } from '../../src/text/pronunciation/apply-pronunciation.js';
import type { PronunciationRule } from '../../src/text/pronunciation/pronunciation-rule.js';
import type { WordTiming } from '../../src/synthesis/audio.js';

const alias = (stringToReplace: string, said: string, more: Partial<PronunciationRule> = {}): PronunciationRule => ({ stringToReplace, type: 'alias', alias: said, ...more }) as PronunciationRule;

describe('pronunciation rules applied to a text', () => {
  it('replaces whole words only, whatever their case, longest first', () => {
    const rules = [alias('New York', 'the Big Apple'), alias('New York City', 'N Y C'), alias('SQL', 'sequel')];
    assert.equal(applyPronunciation('I love new york city and SQL, not MySQL or sqlite.', rules).spoken, 'I love N Y C and sequel, not MySQL or sqlite.');
    assert.equal(applyPronunciation('New York!', rules).spoken, 'the Big Apple!');
  });

  it('keeps a case-sensitive rule to its own spelling, and matches inside words when word_boundaries is false', () => {
    const rules = [alias('US', 'United States', { caseSensitive: true }), alias('ph', 'f', { wordBoundaries: false })];
    assert.equal(applyPronunciation('us and the US: a photo', rules).spoken, 'us and the United States: a foto');
  });

  it('puts a phoneme rule’s IPA in as a marked word (phonemes.test.ts) and leaves a text without matches as it is', () => {
    const phoneme: PronunciationRule = { stringToReplace: 'tomato', type: 'phoneme', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' };
    assert.deepEqual(applyPronunciation('tomato soup', [phoneme]), { spoken: '\uE000təˈmɑːtoʊ\uE001 soup', replacements: [{ from: 0, to: 6, spokenFrom: 0, spokenTo: 11 }] });
    assert.deepEqual(applyPronunciation('3 < 4 & more', [alias('x', 'y')]), { spoken: '3 < 4 & more', replacements: [] });
  });

  it('puts the words of an alias back as one word over the word it replaced, and moves the others by the difference', () => {
    const written = 'Say SQL twice';
    const { spoken, replacements } = applyPronunciation(written, [alias('sql', 'sea quell')]);
    assert.equal(spoken, 'Say sea quell twice');
    const word = (text: string, offset: number, start: number): WordTiming => ({ text, offset, length: text.length, start, end: start + 0.2 });
    const engine = [word('Say', 0, 0), word('sea', 4, 0.3), word('quell', 8, 0.5), word('twice', 14, 0.8)];
    assert.deepEqual(wordsOnWrittenText(engine, written, replacements), [
      { text: 'Say', offset: 0, length: 3, start: 0, end: 0.2 },
      { text: 'SQL', offset: 4, length: 3, start: 0.3, end: 0.7 },
      { text: 'twice', offset: 8, length: 5, start: 0.8, end: 1.0 },
    ]);
    const span = { rate: 1, pitch: 0, volume: 1, language: null, pauseBefore: 0, newSentence: false };
    assert.deepEqual(spansOnSpokenText([{ ...span, from: 0, to: 7 }, { ...span, from: 8, to: 13 }], replacements).map((s) => [s.from, s.to]), [[0, 13], [14, 19]]);
  });
});

describe('PLS lexicons', () => {
  it('reads the W3C specification’s example lexicon into rules, and writes rules back as a lexicon that reads the same', async () => {
    const { rulesFromLexicon, lexiconOf, LexiconError } = await import('../../src/text/pronunciation/pls.js');
    const { w3cExampleLexicon } = await import('./w3c-example-lexicon.js');
    const rules = rulesFromLexicon(w3cExampleLexicon);
    assert.deepEqual(rules, [
      { stringToReplace: 'tomato', type: 'phoneme', phoneme: 'təmei̪ɾoʊ', alphabet: 'ipa' },
      { stringToReplace: 'W3C', type: 'alias', alias: 'World Wide Web Consortium' },
      { stringToReplace: 'theater', type: 'phoneme', phoneme: 'ˈθɪətər', alphabet: 'ipa' },
      { stringToReplace: 'theatre', type: 'phoneme', phoneme: 'ˈθɪətər', alphabet: 'ipa' },
      { stringToReplace: 'read', type: 'phoneme', phoneme: 'riːd', alphabet: 'ipa' },
    ]);
    assert.deepEqual(rulesFromLexicon(lexiconOf([...rules, alias('R&D', 'R and D <research>')])), [...rules, alias('R&D', 'R and D <research>')]);
    for (const bad of ['<lexicon', '<speak/>', '<!DOCTYPE x [<!ENTITY a "b">]><lexicon/>', '<lexicon alphabet="x-sampa"><lexeme><grapheme>a</grapheme><phoneme>b</phoneme></lexeme></lexicon>', '<lexicon><lexeme><phoneme>b</phoneme></lexeme></lexicon>']) {
      assert.throws(() => rulesFromLexicon(bad), LexiconError, bad);
    }
  });

  it('reads each PLS feature as the specification means it: character references, alias, several graphemes, prefer, metadata passed over; another alphabet refused by name', async () => {
    const { rulesFromLexicon, lexiconOf, LexiconError } = await import('../../src/text/pronunciation/pls.js');
    const { plsFeatureExamples } = await import('./w3c-example-lexicon.js');
    for (const example of plsFeatureExamples) {
      if (example.refused) {
        assert.throws(() => rulesFromLexicon(example.lexicon), (e: unknown) => e instanceof LexiconError && e.message.includes(`"${example.refused}"`), example.name);
        continue;
      }
      const rules = rulesFromLexicon(example.lexicon);
      assert.deepEqual(rules, example.rules, example.name);
      assert.deepEqual(rulesFromLexicon(lexiconOf(rules)), rules, `${example.name}: written back, read the same`);
    }
    assert.throws(() => rulesFromLexicon('<lexicon><lexeme><grapheme>a&nbsp;b</grapheme><alias>c</alias></lexeme></lexicon>'), /unknown entity &nbsp;/u);
  });
});
