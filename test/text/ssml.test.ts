import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSpeechText } from '../../src/text/ssml/read-ssml.js';
import { SsmlError } from '../../src/text/ssml/ssml-error.js';
import { hostileSsml } from './hostile-ssml.js';

const spoken = (doc: string, language: string | null = 'eng') => readSpeechText(doc, language).text;

describe('reading SSML into spoken text', () => {
  it('leaves plain text as it is: <, &, and <speak in the middle included', () => {
    for (const text of ['a < b && c > d', 'Tom & Jerry <3', 'Say <speak>hello</speak> now', '  x <speak', '<speaker>Hi</speaker>', '5 < 6 & 7 > 3']) {
      assert.deepEqual(readSpeechText(text), { text });
    }
  });

  it('speaks the text of the elements, entities decoded, whitespace collapsed, markup never', () => {
    assert.equal(spoken('<?xml version="1.0"?>\n<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">\n  <p>Tom &amp; Jerry &#233;&#x41;.</p>\n  <p><s>One.</s><s>Two<mark name="m"/> three.</s></p>\n</speak>'), 'Tom & Jerry éA. One. Two three.');
  });

  it('say-as: characters spell, digits one by one, ordinals and dates as the language writes them, telephone in groups', () => {
    assert.equal(spoken('<speak><say-as interpret-as="characters">ABC</say-as> and <say-as interpret-as="spell-out">hi</say-as></speak>'), 'A B C and h i');
    assert.equal(spoken('<speak><say-as interpret-as="digits">2026</say-as></speak>'), '2 0 2 6');
    assert.equal(spoken('<speak>the <say-as interpret-as="ordinal">22</say-as> and <say-as interpret-as="ordinal">13</say-as></speak>'), 'the 22nd and 13th');
    assert.equal(spoken('<speak><say-as interpret-as="ordinal">3</say-as></speak>', 'deu'), '3.');
    assert.equal(spoken('<speak><say-as interpret-as="date" format="mdy">1/5/2024</say-as></speak>'), 'January 5, 2024');
    assert.equal(spoken('<speak><say-as interpret-as="date" format="dmy">5.1.2024</say-as></speak>', 'deu'), '5. Januar 2024');
    assert.equal(spoken('<speak><say-as interpret-as="telephone">+1 (555) 010-0100</say-as></speak>'), '+1, 5 5 5, 0 1 0, 0 1 0 0');
    assert.equal(spoken('<speak><say-as interpret-as="cardinal">1,234</say-as></speak>'), '1,234');
  });

  it('sub speaks its alias; phoneme its text; lang, prosody and emphasis make spans over the spoken text', () => {
    const read = readSpeechText('<speak>See <sub alias="World Wide Web">WWW</sub>, <phoneme alphabet="ipa" ph="təˈmɑːtəʊ">tomato</phoneme>. <lang xml:lang="fr-FR">Bonjour</lang> <prosody rate="50%" pitch="+2st" volume="-6dB">slowly</prosody><break time="500ms"/><emphasis>now</emphasis></speak>');
    assert.equal(read.text, 'See World Wide Web, tomato. Bonjour slowly now');
    const at = (word: string) => read.spans!.find((s) => read.text.slice(s.from, s.to).includes(word))!;
    assert.equal(at('Bonjour').language, 'fra');
    assert.deepEqual([at('slowly').rate, at('slowly').pitch, Number(at('slowly').volume.toFixed(3))], [0.5, 2, 0.501]);
    assert.equal(at('now').pauseBefore, 0.5);
    assert.ok(at('now').rate < 1 && at('now').volume > 1, 'emphasis is slower and louder');
    // Spans cover the spoken text in order, without overlap.
    read.spans!.forEach((s, i) => assert.ok(s.from < s.to && (i === 0 || s.from >= read.spans![i - 1]!.to)));
  });

  it('breaks: time in s or ms, strengths; p and s start sentences', () => {
    const read = readSpeechText('<speak>a<break time="2s"/>b<break strength="x-strong"/>c<break/>d<s>e</s>f</speak>');
    assert.equal(read.text, 'a b c d e f');
    assert.deepEqual(read.spans!.map((s) => [read.text.slice(s.from, s.to).trim(), s.pauseBefore, s.newSentence]), [['a', 0, false], ['b', 2, false], ['c', 1, false], ['d', 0.4, false], ['e', 0, true], ['f', 0, true]]);
  });

  it('relative prosody compounds and is bounded; percentages and keywords as W3C writes them', () => {
    const rate = (doc: string) => readSpeechText(doc).spans![0]!.rate;
    assert.equal(rate('<speak><prosody rate="x-slow">a</prosody></speak>'), 0.5);
    assert.ok(Math.abs(rate('<speak><prosody rate="+50%"><prosody rate="+20%">a</prosody></prosody></speak>') - 1.8) < 1e-9);
    assert.equal(rate('<speak><prosody rate="1.5">a</prosody></speak>'), 1.5);
    assert.throws(() => rate('<speak><prosody rate="200%"><prosody rate="150%">a</prosody></prosody></speak>'), /rate/);
  });

  it(`refuses 200 generated malformed or hostile documents with an SsmlError naming the problem, never anything else`, () => {
    const documents = hostileSsml(200);
    for (const doc of documents) {
      assert.throws(() => readSpeechText(doc), (error: unknown) => error instanceof SsmlError && error.message.length > 6, doc.slice(0, 200));
    }
  });

  it('a document nested 100,000 deep is refused before it is parsed', () => {
    const doc = `<speak>${'<s>'.repeat(100_000)}a${'</s>'.repeat(100_000)}</speak>`;
    assert.throws(() => readSpeechText(doc), (e: unknown) => e instanceof SsmlError && e.code === 'too_large');
  });
});
