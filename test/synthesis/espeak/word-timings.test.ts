import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EspeakEvent } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { SpokenText, verbatimSpokenText } from '../../../src/synthesis/engines/espeak/spoken-text.js';
import { wordTimings } from '../../../src/synthesis/engines/espeak/word-timings.js';
import { assertWordsTrueToTextAndAudio, durationOf, engine, speak } from './speak.js';

const texts = (words: { text: string }[]) => words.map((word) => word.text);

test('SSML-special characters are read, not swallowed, and words after them keep their offsets', async () => {
  const text = 'Tom & <Jerry> [[hello]] said "fine" > end';
  const output = await speak(text, 'eng');
  assertWordsTrueToTextAndAudio(output, text);
  assert.deepEqual(texts(output.words), ['Tom', 'Jerry', 'hello', 'said', 'fine', 'end']);
  // Unescaped, eSpeak takes "<Jerry>" for a tag and reads "[[hello]]" as phoneme codes.
  const spoken = verbatimSpokenText(text).ssml;
  assert.ok(spoken.includes('&amp;') && spoken.includes('&lt;') && !spoken.includes('[['));
});

test('offsets are UTF-16 units into the request text, past astral characters and odd spacing', async () => {
  const text = '  😀 Hello\n\n𝒜 wonderful\tworld 😀 again  ';
  const output = await speak(text, 'eng');
  assertWordsTrueToTextAndAudio(output, text);
  const words = output.words.filter((word) => /^[a-z]+$/i.test(word.text));
  assert.deepEqual(
    words.map((word) => [word.text, word.offset]),
    [
      ['Hello', text.indexOf('Hello')],
      ['wonderful', text.indexOf('wonderful')],
      ['world', text.indexOf('world')],
      ['again', text.indexOf('again')],
    ],
  );
});

test('a pause at a comma or full stop belongs to no word', async () => {
  const text = 'First, second. Third';
  const output = await speak(text, 'eng');
  assert.deepEqual(texts(output.words), ['First', 'second', 'Third']);
  const [first, second, third] = output.words;
  assert.ok(second.start - first.end > 0.05, `comma pause ${(second.start - first.end).toFixed(3)} s`);
  assert.ok(third.start - second.end > 0.1, `sentence pause ${(third.start - second.end).toFixed(3)} s`);
  assert.ok(Math.abs(third.end - durationOf(output)) < 0.05, 'the last word runs to the end of the sound');
});

test('a number read as several words stays one word; punctuation-only text gives no words', async () => {
  const text = 'It weighs 3.5 kilograms.';
  const output = await speak(text, 'eng');
  assert.deepEqual(texts(output.words), ['It', 'weighs', '3.5', 'kilograms']);
  const silent = await speak('… — !', 'eng');
  assert.deepEqual(silent.words, []);
});

test('two requests made at once on one engine come back whole and in order', async () => {
  const [english, russian] = await Promise.all([speak('Good morning everyone.', 'eng'), speak('Доброе утро всем.', 'rus')]);
  assert.deepEqual(texts(english.words), ['Good', 'morning', 'everyone']);
  assert.deepEqual(texts(russian.words), ['Доброе', 'утро', 'всем']);
  await engine.close();
});

/** Events as eSpeak would emit them, over a signal that is silent where the test says. */
function wordEvent(position: number, length: number, milliseconds: number): EspeakEvent {
  return { type: 'word', text_position: position, word_length: length, audio_position: milliseconds };
}

function toneWithSilences(seconds: number, silences: [number, number][], sampleRate = 1000): Float32Array {
  const samples = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    samples[i] = silences.some(([from, to]) => t >= from && t < to) ? 0 : 0.5 * Math.sin(i);
  }
  return samples;
}

test('unit: unreliable eSpeak lengths, repeated positions and events on no letter', () => {
  const text = "don't stop—now 😀 x";
  const spoken = verbatimSpokenText(text);
  // eSpeak's own figures for this text: "don't" as 3 long, "stop" as 0, the emoji and the space
  // after it each as a word of their own; the cp positions count the emoji as one.
  const events = [
    wordEvent(1, 3, 0),
    wordEvent(7, 0, 300),
    wordEvent(12, 3, 600),
    wordEvent(12, 3, 650),
    wordEvent(16, 1, 900),
    wordEvent(17, 1, 1000),
    wordEvent(18, 1, 1200),
  ];
  const words = wordTimings(events, spoken, toneWithSilences(1.5, []), 1000);
  assert.deepEqual(
    words.map((w) => [w.text, w.offset, w.start, w.end]),
    [
      ["don't", 0, 0, 0.3],
      ['stop', 6, 0.3, 0.6],
      ['now', 11, 0.6, 1.2],
      ['x', text.indexOf('x'), 1.2, 1.5],
    ],
  );
});

test('unit: readings stand for whole source spans, and pauses are trimmed off word ends', () => {
  const text = '今日は晴れ';
  const spoken = new SpokenText(text);
  spoken.appendReading('キョーワ', 0, 3);
  spoken.appendBreak(3);
  spoken.appendReading('ハレ', 3, 5);
  assert.equal(spoken.ssml, 'キョーワ ハレ');
  const samples = toneWithSilences(1, [[0.4, 0.6]]);
  const words = wordTimings([wordEvent(1, 4, 0), wordEvent(6, 2, 600)], spoken, samples, 1000);
  assert.deepEqual(
    words.map((w) => [w.text, w.offset, w.length, w.start, w.end]),
    [
      ['今日は', 0, 3, 0, 0.4],
      ['晴れ', 3, 2, 0.6, 1],
    ],
  );
});
