import assert from 'node:assert/strict';
import { test } from 'node:test';
import { espeakLanguages } from '../../../src/synthesis/engines/espeak/languages.js';
import { everyLanguageSentences as sentences } from './every-language-sentences.js';
import { assertWordsTrueToTextAndAudio, durationOf, rms, speak } from './speak.js';

test('there is a sentence for every language eSpeak is mapped to', () => {
  assert.deepEqual(Object.keys(sentences).sort(), [...espeakLanguages].sort());
});

for (const language of espeakLanguages) {
  test(`${language}: speaks a sentence with words true to the text and the audio`, async () => {
    const text = sentences[language];
    const output = await speak(text, language);

    assert.equal(output.sampleRate, 22050);
    const seconds = durationOf(output);
    assert.ok(seconds > 0.8 && seconds < 15, `${seconds.toFixed(2)} s of speech`);
    assert.ok(rms(output.samples) > 0.02, `audible: RMS ${rms(output.samples).toFixed(4)}`);
    assert.ok(output.words.length >= 2, `${output.words.length} words: ${output.words.map((w) => w.text).join(' | ')}`);
    assertWordsTrueToTextAndAudio(output, text);
    // The words reach the end of the sentence: the last one starts in its last third.
    const last = output.words[output.words.length - 1];
    assert.ok(last.offset > text.length * 0.6, `last word ${JSON.stringify(last.text)} at ${last.offset} of ${text.length}`);
    // And cover most of the speech.
    assert.ok(last.end > seconds * 0.8, `last word ends at ${last.end.toFixed(2)} of ${seconds.toFixed(2)} s`);
  });
}
